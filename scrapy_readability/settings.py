"""The ``READABILITY_*`` settings and the per-request ``meta['readability']`` overrides.

Both go through the same table of options and the same parsers, so a value that
is refused in ``settings.py`` is refused in ``meta`` too, with a message that
names where it came from and what would have been accepted. Validation happens
once, when a component is built, so a typo stops the crawl before the first
request rather than failing quietly on every page.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

from scrapy_readability.engine import Policy
from scrapy_readability.engine.article import DEFAULT_FORMATS, FORMATS
from scrapy_readability.engine.constants import DEFAULT_MIN_CONTENT_LENGTH, DEFAULT_MIN_SCORE
from scrapy_readability.engine.options import Options

if TYPE_CHECKING:
    from scrapy.settings import BaseSettings

__all__ = [
    "META_KEY",
    "PageOptions",
    "ReadabilityConfig",
    "ReadabilityConfigError",
    "component_enabled",
    "is_enabled",
]

META_KEY = "readability"
"""The key in ``Request.meta`` (and the item field) that carries per-page options and the verdict."""

PREFLIGHT_ACTIONS = ("annotate", "drop")
FAILURE_ACTIONS = ("drop", "keep")


class ReadabilityConfigError(ValueError):
    """A ``READABILITY_*`` setting or a ``meta['readability']`` override has a bad value."""


# Parsers: each takes a raw value and returns the clean one or raises ValueError/TypeError.
# Settings given on the command line (``-s NAME=value``) arrive as strings, so each accepts those too.

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def _boolean(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
        return value.strip().lower() in _TRUE
    raise ValueError(value)


def _integer(minimum: int) -> Callable[[Any], int]:
    def parse(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise TypeError(value)
        number = int(value)
        if number < minimum:
            raise ValueError(value)
        return number

    return parse


def _real(minimum: float = -math.inf) -> Callable[[Any], float]:
    def parse(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise TypeError(value)
        number = float(value)
        if not math.isfinite(number) or number < minimum:
            raise ValueError(value)
        return number

    return parse


def _choice(*choices: str) -> Callable[[Any], str]:
    def parse(value: Any) -> str:
        choice = getattr(value, "value", value)  # an Enum member stands for its value
        if not isinstance(choice, str) or choice.strip().lower() not in choices:
            raise ValueError(value)
        return choice.strip().lower()

    return parse


def _class_names(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    items = value.split(",") if isinstance(value, str) else value  # "a, b" from the command line
    if not isinstance(items, (list, tuple)) or not all(isinstance(item, str) for item in items):
        raise TypeError(value)
    names = tuple(item.strip() for item in items if item.strip())
    if any(len(name.split()) != 1 for name in names):
        raise ValueError(value)
    return names


def _regex_or_none(value: Any) -> str | None:
    if value is None or value == "":
        return None
    pattern = getattr(value, "pattern", value)  # a compiled pattern is fine too
    if not isinstance(pattern, str):
        raise TypeError(value)
    re.compile(pattern)
    return pattern


def _formats(value: Any) -> tuple[str, ...]:
    items = value.split(",") if isinstance(value, str) else value  # "html,text" from the command line
    if not isinstance(items, (list, tuple)) or not all(isinstance(item, str) for item in items):
        raise TypeError(value)
    names = tuple(dict.fromkeys(item.strip().lower() for item in items if item.strip()))
    if any(name not in FORMATS for name in names):
        raise ValueError(value)
    return names


def _field_name(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(value)
    return value.strip()


@dataclass(frozen=True)
class _Option:
    """One option: its attribute (also its ``meta`` key), its setting, how to parse it, what it accepts."""

    key: str
    setting: str
    parse: Callable[[Any], Any]
    accepted: str

    def read(self, value: Any, where: str) -> Any:
        try:
            return self.parse(value)
        except (TypeError, ValueError, re.error):
            raise ReadabilityConfigError(
                f"{where} = {value!r} is not valid; accepted values: {self.accepted}"
            ) from None


_POLICIES = tuple(policy.value for policy in Policy)
_BOOL = "true or false (also 1/0, 'true'/'false', 'yes'/'no', 'on'/'off')"

# What decides how one page is judged and extracted: overridable per request.
_PAGE_OPTIONS = (
    _Option("policy", "READABILITY_POLICY", _choice(*_POLICIES), ", ".join(map(repr, _POLICIES))),
    _Option("char_threshold", "READABILITY_CHAR_THRESHOLD", _integer(1), "an integer >= 1"),
    _Option("nb_top_candidates", "READABILITY_NB_TOP_CANDIDATES", _integer(1), "an integer >= 1"),
    _Option(
        "max_elems_to_parse", "READABILITY_MAX_ELEMS_TO_PARSE", _integer(0), "an integer >= 0 (0: no limit)"
    ),
    _Option(
        "classes_to_preserve",
        "READABILITY_CLASSES_TO_PRESERVE",
        _class_names,
        "a list of class names, or one comma-separated string",
    ),
    _Option("keep_classes", "READABILITY_KEEP_CLASSES", _boolean, _BOOL),
    _Option("disable_json_ld", "READABILITY_DISABLE_JSONLD", _boolean, _BOOL),
    _Option(
        "allowed_video_regex", "READABILITY_ALLOWED_VIDEO_REGEX", _regex_or_none, "a regular expression, or None"
    ),
    _Option("link_density_modifier", "READABILITY_LINK_DENSITY_MODIFIER", _real(), "a finite number"),
    _Option("sanitize", "READABILITY_SANITIZE", _boolean, _BOOL),
    _Option("min_content_length", "READABILITY_MIN_CONTENT_LENGTH", _integer(0), "an integer >= 0"),
    _Option("min_score", "READABILITY_MIN_SCORE", _real(0), "a number >= 0"),
    _Option(
        "formats",
        "READABILITY_FORMATS",
        _formats,
        f"a list of {', '.join(map(repr, FORMATS))}, or one comma-separated string",
    ),
)

# How the crawl as a whole treats pages and items: settings only.
_CRAWL_OPTIONS = (
    _Option(
        "preflight_action",
        "READABILITY_PREFLIGHT_ACTION",
        _choice(*PREFLIGHT_ACTIONS),
        ", ".join(map(repr, PREFLIGHT_ACTIONS)),
    ),
    _Option(
        "failure_action", "READABILITY_FAILURE_ACTION", _choice(*FAILURE_ACTIONS), ", ".join(map(repr, FAILURE_ACTIONS))
    ),
    _Option("source_field", "READABILITY_SOURCE_FIELD", _field_name, "a non-empty field name"),
    _Option("keep_source", "READABILITY_KEEP_SOURCE", _boolean, _BOOL),
    _Option("threads", "READABILITY_THREADS", _integer(1), "an integer >= 1"),
    _Option("workers", "READABILITY_WORKERS", _integer(0), "an integer >= 0 (0: threads only)"),
    _Option("timeout", "READABILITY_TIMEOUT", _real(0), "a number of seconds >= 0 (0: no limit)"),
    _Option(
        "worker_max_memory",
        "READABILITY_WORKER_MAX_MEMORY",
        _integer(0),
        "a number of megabytes >= 0 (0: no limit)",
    ),
    _Option("worker_max_pages", "READABILITY_WORKER_MAX_PAGES", _integer(0), "an integer >= 0 (0: no limit)"),
    _Option("debug", "READABILITY_DEBUG", _boolean, _BOOL),
)

# The crash-safe scheduler under scrapy-redis (scrapy_readability.redis): settings only.
_REDIS_OPTIONS = (
    _Option("dead_after", "READABILITY_REDIS_DEAD_AFTER", _real(1), "a number of seconds >= 1"),
)

_ENABLED = _Option("enabled", "READABILITY_ENABLED", _boolean, _BOOL)
_ENGINE_KEYS = tuple(field.name for field in fields(Options))  # the options the engine takes
_VERDICT_KEYS = frozenset({"readerable"})  # written by the middleware next to the options, not an option


def _read_settings(options: Iterable[_Option], settings: BaseSettings) -> dict[str, Any]:
    """Parse the options that the settings define; unset (or None) ones keep their defaults."""
    found = {}
    for option in options:
        value = settings.get(option.setting)
        if value is not None:
            found[option.key] = option.read(value, option.setting)
    return found


_ENGINE = Options()  # the engine's defaults, which are Readability.js's


@dataclass(frozen=True)
class PageOptions:
    """How one page is judged (preflight) and extracted (engine).

    The defaults are Readability.js's, except ``sanitize``: a feed of HTML from
    the open web should not carry scripts or event handlers.
    """

    policy: str = _ENGINE.policy.value
    char_threshold: int = _ENGINE.char_threshold
    nb_top_candidates: int = _ENGINE.nb_top_candidates
    max_elems_to_parse: int = _ENGINE.max_elems_to_parse
    classes_to_preserve: tuple[str, ...] = _ENGINE.classes_to_preserve
    keep_classes: bool = _ENGINE.keep_classes
    disable_json_ld: bool = _ENGINE.disable_json_ld
    allowed_video_regex: str | None = None  # the engine's own
    link_density_modifier: float = _ENGINE.link_density_modifier
    sanitize: bool = True
    min_content_length: int = DEFAULT_MIN_CONTENT_LENGTH
    min_score: float = float(DEFAULT_MIN_SCORE)
    formats: tuple[str, ...] = DEFAULT_FORMATS  # the article's representations in the item

    @classmethod
    def from_settings(cls, settings: BaseSettings) -> PageOptions:
        return cls(**_read_settings(_PAGE_OPTIONS, settings))

    def override(self, overrides: Mapping[str, Any] | None) -> PageOptions:
        """These options with a page's ``meta['readability']`` applied, validated like the settings.

        A ``readerable`` key is ignored: it is the middleware's verdict, found
        there when a request is re-sent with the meta it came back with.
        """
        if not overrides:
            return self
        if not isinstance(overrides, Mapping):
            raise ReadabilityConfigError(
                f"meta[{META_KEY!r}] = {overrides!r} is not valid; accepted values: "
                "False (skip the page), True, or a dict of options"
            )
        by_key = {option.key: option for option in _PAGE_OPTIONS}
        changes = {}
        for key, value in overrides.items():
            if key in _VERDICT_KEYS:
                continue
            if key not in by_key:
                raise ReadabilityConfigError(
                    f"meta[{META_KEY!r}] has an unknown option {key!r}; accepted options: {', '.join(by_key)}"
                )
            changes[key] = by_key[key].read(value, f"meta[{META_KEY!r}][{key!r}]")
        return replace(self, **changes)

    def engine_options(self) -> dict[str, Any]:
        """Keyword arguments for ``Readability(html, url, **options)``, as plain values (``policy`` by name).

        This is also what a worker process is sent.
        """
        return {key: getattr(self, key) for key in _ENGINE_KEYS}

    def preflight_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for ``is_probably_readable(html, **kwargs)``."""
        return {"min_content_length": self.min_content_length, "min_score": self.min_score}

    def to_meta(self) -> dict[str, Any]:
        """The options as plain, JSON-friendly values, to show in ``meta['readability']``."""
        meta = {field.name: getattr(self, field.name) for field in fields(self)}
        meta["classes_to_preserve"] = list(self.classes_to_preserve)
        meta["formats"] = list(self.formats)
        return meta


@dataclass(frozen=True)
class ReadabilityConfig:
    """Everything the middleware and the pipeline read from the settings, validated."""

    page: PageOptions = PageOptions()
    preflight_action: str = "annotate"
    failure_action: str = "drop"
    source_field: str = "html"
    keep_source: bool = False
    # One: a second extraction thread only contends with the first for the GIL, and costs CPU
    # doing so (benchmarks/crawl.py, 1,000 pages on 2 cores: 1 thread 55-61 pages/s at 17-20 ms
    # of CPU a page, 2 threads 45 pages/s at 25 ms, the reactor's stalls the same).
    threads: int = 1
    workers: int = 0
    # Seconds a page may take. An ordinary page takes 10-20 ms; the largest cases of the
    # hostile-input matrix (a 20 MB page, 200,000 sibling paragraphs) about 6 s on a quiet 2-core
    # machine and 16-18 s on a loaded one. 30 s lets those through and still caps a runaway page.
    timeout: float = 30.0
    # Megabytes of resident memory after which a worker process is replaced between pages. A
    # worker holds about 80 MB after the 106 vendored pages, and a page must be about 10 MB to
    # leave twice that behind (a 20 MB page: 437 MB while parsed, about 200 MB kept after); such
    # a page takes seconds to parse, next to which a new worker (0.3 s, 0.14 s of CPU) is cheap.
    worker_max_memory: int = 160
    worker_max_pages: int = 0  # the memory limit covers a slow leak too; a count only adds restarts
    debug: bool = False

    @classmethod
    def from_settings(cls, settings: BaseSettings) -> ReadabilityConfig:
        """Read and validate every ``READABILITY_*`` setting; raise ReadabilityConfigError on the first bad one."""
        return cls(page=PageOptions.from_settings(settings), **_read_settings(_CRAWL_OPTIONS, settings))


@dataclass(frozen=True)
class RedisConfig:
    """What ``scrapy_readability.redis.CrashSafeScheduler`` reads from the settings, validated."""

    # A crawler that has not renewed its heartbeat key for this long is dead, and its requests go
    # back to the queue. It renews the key three times in this period, from the reactor thread.
    dead_after: float = 30.0

    @classmethod
    def from_settings(cls, settings: BaseSettings) -> RedisConfig:
        return cls(**_read_settings(_REDIS_OPTIONS, settings))


def is_enabled(settings: BaseSettings) -> bool:
    """``READABILITY_ENABLED`` (default True), validated like the others."""
    value = settings.get(_ENABLED.setting)
    return True if value is None else _ENABLED.read(value, _ENABLED.setting)


def component_enabled(settings: BaseSettings, name: str, cls: type) -> bool:
    """Whether ``cls`` (or a subclass) is enabled in the component dict ``name`` (``ITEM_PIPELINES``...)."""
    from scrapy.utils.conf import build_component_list
    from scrapy.utils.misc import load_object

    for component in build_component_list(settings.getwithbase(name)):
        try:
            found = load_object(component)
        except (ImportError, NameError, ValueError):
            continue  # not ours; Scrapy reports it when it builds the components
        if isinstance(found, type) and issubclass(found, cls):
            return True
    return False


def default_settings() -> dict[str, Any]:
    """Every ``READABILITY_*`` setting this package reads, with its default, for documentation and tests."""
    config = ReadabilityConfig()
    found: dict[str, Any] = {_ENABLED.setting: True}
    found.update({option.setting: getattr(config.page, option.key) for option in _PAGE_OPTIONS})
    found.update({option.setting: getattr(config, option.key) for option in _CRAWL_OPTIONS})
    found.update({option.setting: getattr(RedisConfig(), option.key) for option in _REDIS_OPTIONS})
    return found
