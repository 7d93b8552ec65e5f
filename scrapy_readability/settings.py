"""The Scrapy layer's settings, each declared here once by its literal name, mapped onto the option it sets.

A setting is a :class:`Setting`: the name a project writes (``READABILITY_CHAR_THRESHOLD``)
and the typed option it sets (the engine's ``Options.char_threshold``, with its parser,
default and help). :func:`declare` makes them, one per option of a dataclass, so an
option without a setting (or a setting without an option) stops the import. Everything
else is derived from these declarations: the ``meta['readability']`` keys (the
options' names), the command-line flags (:attr:`Setting.flag`), the documentation's
tables (:func:`settings_table`), and the refusals, which name the setting and what it
accepts, whether the value came from ``settings.py``, ``-s``, a flag or ``meta``.
The article spider's ``READABILITY_SPIDER_*`` settings are declared the same way, by
:func:`declare`, beside its options (``spiders/options.py``), which this module does
not import (they bring the spider's modules).

The crawl reads its settings once, when its extension is built (``extension.py``),
so a typo stops the crawl before the first request; a page's ``meta['readability']``
is read once, by the middleware, into a :class:`PageMeta` that carries the typed
options on to the pipeline.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from scrapy_readability.engine import _deprecated
from scrapy_readability.engine.errors import ReadabilityConfigError
from scrapy_readability.engine.options import (
    BOOLEAN,
    Declared,
    Option,
    Options,
    OutputOptions,
    PreflightOptions,
    boolean,
    choice,
    declared,
    dotted_path,
    integer,
    option,
    real,
)
from scrapy_readability.runtime.jobs import ENGINE, PREFLIGHT_CHECK

__all__ = [
    "CRAWL_SETTINGS",
    "META_KEY",
    "PAGE_SETTINGS",
    "SETTINGS",
    "PageMeta",
    "PageOptions",
    "ReadabilityConfig",
    "ReadabilityConfigError",
    "Setting",
    "declare",
    "read_settings",
    "settings_table",
]

META_KEY = "readability"
"""The key in ``Request.meta`` (and the item field) that carries per-page options and the verdict."""

PREFLIGHT_ACTIONS = ("annotate", "drop")
FAILURE_ACTIONS = ("drop", "keep")

_VERDICT_KEYS = frozenset({"readerable", "fetched"})  # written by the middleware next to the options, not options


FLAG_PREFIXES = ("READABILITY_SPIDER_", "READABILITY_")
"""What a setting's flag leaves out of its name (the first that matches)."""


@dataclass(frozen=True)
class Setting:
    """A Scrapy setting: the name a project writes, and the typed option it sets."""

    name: str
    option: Option

    @property
    def key(self) -> str:
        """The option's name: the ``meta['readability']`` key, the spider argument, the flag's destination."""
        return self.option.name

    @property
    def flag(self) -> str:
        """``READABILITY_CHAR_THRESHOLD`` -> ``--char-threshold``: the name without its prefix, on a command line."""
        short = next((self.name.removeprefix(p) for p in FLAG_PREFIXES if self.name.startswith(p)), self.name)
        return "--" + short.lower().replace("_", "-")

    def read(self, value: Any, where: str | None = None) -> Any:
        """The option's clean value; ReadabilityConfigError naming ``where`` it came from (the setting, by default)."""
        return self.option.read(value, where or self.name)

    def value_in(self, settings: Mapping[str, Any]) -> Any:
        """The value ``settings`` give it, parsed; ``None`` when unset (or set to None)."""
        value = settings.get(self.name)
        return None if value is None else self.read(value)


def declare(options: type[Declared], **names: str) -> tuple[Setting, ...]:
    """The settings of ``options``' fields, as ``field="SETTING_NAME"``: every option once, in the order given."""
    by_key = {spec.name: spec for spec in declared(options)}
    missing, unknown = sorted(by_key.keys() - names.keys()), sorted(names.keys() - by_key.keys())
    if missing or unknown:
        raise TypeError(f"settings of {options.__name__}: without a setting {missing}, not an option {unknown}")
    settings = tuple(Setting(name, by_key[key]) for key, name in names.items())
    for setting in settings:
        _deprecated.remember(setting.option, setting.name)  # Option.setting, deprecated, answers as before
    return settings


def read_settings(settings: Iterable[Setting], source: Mapping[str, Any]) -> dict[str, Any]:
    """The options that ``source`` (Scrapy's settings, a dict) sets, parsed, by option name; unset ones left out."""
    found = {}
    for setting in settings:
        if isinstance(setting, Option):  # before Setting: an Option named by its deprecated ``setting``
            warnings.warn("read_settings() takes Setting declarations", DeprecationWarning, stacklevel=2)
            setting = Setting(getattr(setting, "setting"), setting)  # noqa: B009
        value = setting.value_in(source)
        if value is not None:
            found[setting.key] = value
    return found


ENGINE_SETTINGS = declare(
    Options,
    policy="READABILITY_POLICY",
    char_threshold="READABILITY_CHAR_THRESHOLD",
    nb_top_candidates="READABILITY_NB_TOP_CANDIDATES",
    max_elems_to_parse="READABILITY_MAX_ELEMS_TO_PARSE",
    classes_to_preserve="READABILITY_CLASSES_TO_PRESERVE",
    keep_classes="READABILITY_KEEP_CLASSES",
    disable_json_ld="READABILITY_DISABLE_JSONLD",
    allowed_video_regex="READABILITY_ALLOWED_VIDEO_REGEX",
    link_density_modifier="READABILITY_LINK_DENSITY_MODIFIER",
    sanitize="READABILITY_SANITIZE",
    debug="READABILITY_DEBUG",
    refine="READABILITY_REFINE",
)
PREFLIGHT_SETTINGS = declare(
    PreflightOptions,
    min_content_length="READABILITY_MIN_CONTENT_LENGTH",
    min_score="READABILITY_MIN_SCORE",
)
OUTPUT_SETTINGS = declare(OutputOptions, formats="READABILITY_FORMATS")

PAGE_SETTINGS: tuple[Setting, ...] = ENGINE_SETTINGS + PREFLIGHT_SETTINGS + OUTPUT_SETTINGS
"""The settings of a page's options, which ``meta['readability']`` overrides for one page (by their keys)."""

_PAGE_SETTING = {setting.key: setting for setting in PAGE_SETTINGS}
_PARTS: dict[str, tuple[Setting, ...]] = {
    "engine": ENGINE_SETTINGS,
    "preflight": PREFLIGHT_SETTINGS,
    "output": OUTPUT_SETTINGS,
}
_PART_OF = {setting.key: part for part, settings in _PARTS.items() for setting in settings}


@dataclass(frozen=True)
class PageOptions:
    """How one page is judged (``preflight``), extracted (``engine``) and recorded (``output``).

    The defaults are the engine's, which are Readability.js's, except
    ``sanitize``: a feed of HTML from the open web should not carry scripts or
    event handlers.
    """

    engine: Options = field(default_factory=lambda: Options(sanitize=True))
    preflight: PreflightOptions = field(default_factory=PreflightOptions)
    output: OutputOptions = field(default_factory=OutputOptions)

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any]) -> PageOptions:
        return cls().changed(read_settings(PAGE_SETTINGS, settings))

    @property
    def formats(self) -> tuple[str, ...]:
        return self.output.formats

    def value(self, name: str) -> Any:
        """One option by its name (``char_threshold``, ``min_score``, ``formats``...)."""
        return getattr(getattr(self, _PART_OF[name]), name)

    def changed(self, values: Mapping[str, Any]) -> PageOptions:
        """These options with ``values`` (already parsed) in place, by option name."""
        by_part: dict[str, dict[str, Any]] = {}
        for name, value in values.items():
            by_part.setdefault(_PART_OF[name], {})[name] = value
        return replace(
            self, **{part: getattr(self, part).changed(**part_values) for part, part_values in by_part.items()}
        )

    def override(self, overrides: Mapping[str, Any] | None) -> PageOptions:
        """These options with a page's ``meta['readability']`` applied, validated like the settings.

        The ``readerable`` and ``fetched`` keys are ignored: they are the
        middleware's verdict and the page's fetch time, found there when a
        request is re-sent with the meta it came back with.
        """
        if not overrides:
            return self
        if not isinstance(overrides, Mapping):
            raise ReadabilityConfigError(
                f"meta[{META_KEY!r}] = {overrides!r} is not valid; accepted values: "
                "False (skip the page), True, or a dict of options"
            )
        values = {}
        for name, value in overrides.items():
            if name in _VERDICT_KEYS:
                continue
            if name not in _PAGE_SETTING:
                raise ReadabilityConfigError(
                    f"meta[{META_KEY!r}] has an unknown option {name!r}; accepted options: {', '.join(_PAGE_SETTING)}"
                )
            values[name] = _PAGE_SETTING[name].read(value, f"meta[{META_KEY!r}][{name!r}]")
        return self.changed(values)

    def for_page(self, meta: Any) -> PageOptions:
        """The options of a page whose ``meta['readability']`` is ``meta`` (not ``False``).

        A :class:`PageMeta` holds them already, parsed once by the middleware; anything
        else (a dict set by hand, a copy, a value read back from JSON) is parsed now.
        """
        if isinstance(meta, PageMeta) and meta.options is not None:
            return meta.options
        return self.override(None if meta is True else meta)

    def to_meta(self) -> dict[str, Any]:
        """The options as plain, JSON-friendly values, to show in ``meta['readability']``."""
        return {key: _plain(self.value(key)) for key in _PAGE_SETTING}


class PageMeta(dict[str, Any]):
    """A page's ``meta['readability']`` as the middleware writes it: plain values, and the typed options they say.

    A dict, so a spider reads, copies and exports it as any other; it also carries the
    :class:`PageOptions` parsed when the request's override was read, so the middleware
    and the pipeline use them without parsing the dict again. Once its values are
    changed by hand the dict is what counts: :attr:`options` is then ``None``.
    """

    def __init__(self, values: Mapping[str, Any], options: PageOptions) -> None:
        super().__init__(values)
        self._options = options
        self._written = dict(values)

    @property
    def options(self) -> PageOptions | None:
        """The typed options, while the values are those they were written with."""
        return self._options if dict(self) == self._written else None


def _plain(value: Any) -> Any:
    """A value as JSON shows it: a policy by name, a pattern by its text, a tuple as a list."""
    if isinstance(value, tuple):
        return list(value)
    return getattr(value, "pattern", getattr(value, "value", value))


def _field_name(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(value)
    return value.strip()


@dataclass(frozen=True)
class ReadabilityConfig(Declared):
    """Everything the crawl reads from the ``READABILITY_*`` settings, validated once (``page``: the per-page ones)."""

    enabled: bool = option(True, boolean, BOOLEAN, "`False` disables every component.")
    preflight_action: str = option(
        "annotate",
        choice(*PREFLIGHT_ACTIONS),
        ", ".join(map(repr, PREFLIGHT_ACTIONS)),
        "What a non-readerable page gets: `annotate` (the verdict only) or `drop` (`IgnoreRequest`, counted). "
        "`drop` loses the article pages the heuristic misjudges and the links of front pages "
        "([what it costs](docs/scrapy.md#what-readability_preflight_action--drop-costs)).",
    )
    failure_action: str = option(
        "drop",
        choice(*FAILURE_ACTIONS),
        ", ".join(map(repr, FAILURE_ACTIONS)),
        "What an item with no article gets: `drop` (`DropItem` with the reason) or `keep` (article fields `null`, "
        "reason in `readability_error`).",
    )
    source_field: str = option(
        "html", _field_name, "a non-empty field name", "The item field that carries the page's HTML."
    )
    keep_source: bool = option(False, boolean, BOOLEAN, "Keep the HTML field in the item after extraction.")
    # One: a second extraction thread only contends with the first for the GIL, and costs CPU
    # doing so (benchmarks/crawl.py, 1,000 pages on 2 cores: 1 thread 55-61 pages/s at 17-20 ms
    # of CPU a page, 2 threads 45 pages/s at 25 ms, the reactor's stalls the same).
    threads: int = option(
        1,
        integer(1),
        "an integer >= 1",
        "Size of the thread pool that keeps the preflight and the extraction off the reactor thread.",
    )
    workers: int = option(
        0,
        integer(0),
        "an integer >= 0 (0: threads only)",
        "Worker processes for the preflight and the extraction, so a crawl uses every core; `0` means the thread "
        "pool only.",
    )
    # Seconds a page may take. An ordinary page takes 10-20 ms; the largest cases of the
    # hostile-input matrix (a 20 MB page, 200,000 sibling paragraphs) about 6 s on a quiet 2-core
    # machine and 16-18 s on a loaded one. 30 s lets those through and still caps a runaway page.
    timeout: float = option(
        30.0,
        real(0),
        "a number of seconds >= 0 (0: no limit)",
        "Seconds one page's extraction (or preflight) may take (failure `timeout`; its worker process is killed "
        "and replaced); `0` means no limit.",
    )
    # Megabytes of resident memory after which a worker process is replaced between pages. A
    # worker holds about 80 MB after the 106 vendored pages, and a page must be about 10 MB to
    # leave twice that behind (a 20 MB page: 437 MB while parsed, about 200 MB kept after); such
    # a page takes seconds to parse, next to which a new worker (0.3 s, 0.14 s of CPU) is cheap.
    worker_max_memory: int = option(
        160,
        integer(0),
        "a number of megabytes >= 0 (0: no limit)",
        "Megabytes of resident memory above which a worker process is replaced between pages; `0` means no limit.",
    )
    # The memory limit covers a slow leak too; a count only adds restarts.
    worker_max_pages: int = option(
        0,
        integer(0),
        "an integer >= 0 (0: no limit)",
        "Pages after which a worker process is replaced; `0` means no limit.",
    )
    # gc.freeze() while the crawl runs: what start-up built (Scrapy, Twisted, lxml, the project:
    # some hundreds of thousands of objects) stays out of the cyclic collector's full
    # collections, which otherwise stop the crawl's process, and its reactor, for tens of
    # milliseconds each (benchmarks/README.md, "Crawl throughput").
    gc_freeze: bool = option(
        True,
        boolean,
        BOOLEAN,
        "`gc.freeze()` while the crawl runs, so the garbage collector's full collections skip what start-up built "
        "and stop the reactor for a few milliseconds rather than tens "
        "([what it does to your process](docs/scrapy.md#the-garbage-collector)); `False` leaves the collector alone.",
    )
    engine: str = option(
        ENGINE,
        dotted_path,
        "a class, or its import path",
        "The engine, by import path: a class called as `Readability(html, url, content_type=..., **options)`, whose "
        "`parse()` returns an `Article` or `None` (a subclass of ours, say).",
    )
    preflight_check: str = option(
        PREFLIGHT_CHECK,
        dotted_path,
        "a function, or its import path",
        "The preflight's check, by import path: a function called as `is_probably_readable(html, **options)`.",
    )
    page: PageOptions = field(default_factory=PageOptions)

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any]) -> ReadabilityConfig:
        """Read and validate every ``READABILITY_*`` setting; ReadabilityConfigError on the first bad one.

        Read once a crawl: a command that validates its settings before the crawl (to say a bad value as a
        usage error) and the crawl's extension get the same config, parsed once (it is frozen).
        """
        given = tuple((setting.name, repr(settings.get(setting.name))) for setting in (*PAGE_SETTINGS, *CRAWL_SETTINGS))
        config = _READ.get(given)
        if config is None:
            config = cls(page=PageOptions.from_settings(settings), **read_settings(CRAWL_SETTINGS, settings))
            if len(_READ) >= _READ_LIMIT:
                _READ.clear()
            _READ[given] = config
        return config


_READ: dict[tuple[tuple[str, str], ...], ReadabilityConfig] = {}
"""Configs already read, by the settings' values as written: a process runs one crawl, or a few."""
_READ_LIMIT = 16


CRAWL_SETTINGS = declare(
    ReadabilityConfig,
    enabled="READABILITY_ENABLED",
    preflight_action="READABILITY_PREFLIGHT_ACTION",
    failure_action="READABILITY_FAILURE_ACTION",
    source_field="READABILITY_SOURCE_FIELD",
    keep_source="READABILITY_KEEP_SOURCE",
    threads="READABILITY_THREADS",
    workers="READABILITY_WORKERS",
    timeout="READABILITY_TIMEOUT",
    worker_max_memory="READABILITY_WORKER_MAX_MEMORY",
    worker_max_pages="READABILITY_WORKER_MAX_PAGES",
    gc_freeze="READABILITY_GC_FREEZE",
    engine="READABILITY_ENGINE",
    preflight_check="READABILITY_PREFLIGHT_CHECK",
)
"""The crawl's own settings, read once into :class:`ReadabilityConfig` (``READABILITY_ENABLED`` first)."""

SETTINGS: tuple[Setting, ...] = (CRAWL_SETTINGS[0], *PAGE_SETTINGS, *CRAWL_SETTINGS[1:])
"""Every ``READABILITY_*`` setting, in the documentation's order: the switch, the per-page ones, the crawl's."""


def is_enabled(settings: Mapping[str, Any]) -> bool:
    """``READABILITY_ENABLED`` (default True), validated like the others."""
    enabled = CRAWL_SETTINGS[0].value_in(settings)
    return True if enabled is None else bool(enabled)


def __getattr__(name: str) -> Any:
    """``component_enabled`` moved to ``scrapy_readability.components``: the old name works for one release."""
    if name == "component_enabled":
        import warnings

        from scrapy_readability import components

        warnings.warn(
            "scrapy_readability.settings.component_enabled moved to scrapy_readability.components.component_enabled",
            DeprecationWarning,
            stacklevel=2,
        )
        return components.component_enabled
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# --- The settings as a table: for the README, docs/scrapy.md and tests -----------------------


@dataclass(frozen=True)
class SettingRow:
    """One setting as the documentation shows it."""

    setting: Setting
    default: Any  # the crawl's default
    per_page: bool

    @property
    def option(self) -> Option:
        """The option the setting sets (its help, what it accepts)."""
        return self.setting.option


def setting_rows() -> list[SettingRow]:
    """Every ``READABILITY_*`` setting (:data:`SETTINGS`) with its crawl default."""
    config = ReadabilityConfig()
    return [
        SettingRow(setting, config.page.value(setting.key), True)
        if setting.key in _PART_OF
        else SettingRow(setting, getattr(config, setting.key), False)
        for setting in SETTINGS
    ]


def default_settings() -> dict[str, Any]:
    """Every ``READABILITY_*`` setting with its crawl default, as Python values."""
    return {row.setting.name: row.default for row in setting_rows()}


def _shown(value: Any) -> str:
    plain = _plain(value)
    return repr(tuple(plain) if isinstance(plain, list) else plain).replace("'", '"')


def settings_table(document: str = "README.md") -> str:
    """The Markdown table of the settings that ``document`` (README.md, docs/scrapy.md) shows.

    ``docs/settings_table.py`` writes it there.

    Links to ``document`` itself become links to its own sections.
    """
    lines = ["| Setting | Default | Per page | What it does |", "|---|---|---|---|"]
    for row in setting_rows():
        per_page = "yes" if row.per_page else ""
        help = row.option.help.replace(f"]({document}#", "](#")
        lines.append(f"| `{row.setting.name}` | `{_shown(row.default)}` | {per_page} | {help} |")
    return "\n".join(lines) + "\n"
