"""Options and policies: plain typed options, each declared once, with their own validation and help.

An option is a field of a frozen dataclass declared with :func:`option`: its
name, type and default, the parser that validates a value (from Python, or
from text, as a configuration file or a command line gives it), what the
parser accepts, and a line of help. :class:`Options` holds Readability.js's
constructor options (snake_cased) and ours, :class:`PreflightOptions` those of
``isProbablyReaderable``, :class:`OutputOptions` the article's
representations; :func:`declared` lists them, for ``Readability``'s keywords
and for whoever exposes them under names of their own (a configuration's keys,
a command line's flags), which the engine does not know.
"""

from __future__ import annotations

import enum
import math
import re
from collections.abc import Callable
from dataclasses import Field, dataclass, field, fields, replace
from typing import Any, TypeVar

from . import _deprecated
from .errors import ReadabilityConfigError
from .outputs.article import DEFAULT_FORMATS, FORMATS
from .port.constants import (
    CLASSES_TO_PRESERVE,
    DEFAULT_CHAR_THRESHOLD,
    DEFAULT_MAX_ELEMS_TO_PARSE,
    DEFAULT_MIN_CONTENT_LENGTH,
    DEFAULT_MIN_SCORE,
    DEFAULT_N_TOP_CANDIDATES,
    FLAG_CLEAN_CONDITIONALLY,
    FLAG_STRIP_UNLIKELYS,
    FLAG_WEIGHT_CLASSES,
    REGEXPS,
)


class Policy(enum.StrEnum):
    """How many passes of Readability's retry ladder to run, and with which heuristics.

    ``AUTO`` is Readability.js's own ladder: full heuristics, then without
    strip-unlikelys, then without weight-classes, then without
    clean-conditionally, and if no pass reaches ``char_threshold`` the longest
    attempt. The others run exactly one pass with a fixed set of flags.
    """

    AUTO = "auto"
    STRICT = "strict"
    MODERATE = "moderate"
    CLEAN = "clean"
    RAW = "raw"

    @property
    def flags(self) -> int:
        """The heuristics flags of the single pass (AUTO starts with all of them)."""
        return _POLICY_FLAGS[self]


_ALL_FLAGS = FLAG_STRIP_UNLIKELYS | FLAG_WEIGHT_CLASSES | FLAG_CLEAN_CONDITIONALLY
_POLICY_FLAGS = {
    Policy.AUTO: _ALL_FLAGS,
    Policy.STRICT: _ALL_FLAGS,
    Policy.MODERATE: FLAG_WEIGHT_CLASSES | FLAG_CLEAN_CONDITIONALLY,
    Policy.CLEAN: FLAG_CLEAN_CONDITIONALLY,
    Policy.RAW: 0,
}

# The names the ladder's passes are reported under (Article.attempt), by flags.
ATTEMPT_NAMES = {
    _ALL_FLAGS: "strict",
    FLAG_WEIGHT_CLASSES | FLAG_CLEAN_CONDITIONALLY: "moderate",
    FLAG_CLEAN_CONDITIONALLY: "clean",
    0: "raw",
}


# --- Parsers: a raw value in, the clean one out, or ValueError/TypeError. ------------------
# Values written in a configuration or on a command line arrive as text, so each takes text too.

_TRUE = frozenset({"1", "true", "yes", "on"})
_FALSE = frozenset({"0", "false", "no", "off"})
BOOLEAN = "true or false (also 1/0, 'true'/'false', 'yes'/'no', 'on'/'off')"


def boolean(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
        return value.strip().lower() in _TRUE
    raise ValueError(value)


def integer(minimum: int) -> Callable[[Any], int]:
    """Whole numbers from ``minimum`` up (``"5"`` too; not ``True``, not ``1.5``)."""

    def parse(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise TypeError(value)
        number = int(value)
        if number < minimum:
            raise ValueError(value)
        return number

    return parse


def real(minimum: float = -math.inf) -> Callable[[Any], float]:
    """Finite numbers from ``minimum`` up (``"0.5"`` too; not ``True``)."""

    def parse(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise TypeError(value)
        number = float(value)
        if not math.isfinite(number) or number < minimum:
            raise ValueError(value)
        return number

    return parse


def choice(*choices: str) -> Callable[[Any], str]:
    """One of ``choices``, in any case; an Enum member stands for its value."""

    def parse(value: Any) -> str:
        picked = getattr(value, "value", value)
        if not isinstance(picked, str) or picked.strip().lower() not in choices:
            raise ValueError(value)
        return picked.strip().lower()

    return parse


_SEPARATORS = re.compile(r"[,\s]+")


def names(value: Any) -> tuple[str, ...]:
    """A list of names, or one string of them separated by commas or white space; each once, in order."""
    if value is None:
        return ()
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, (list, tuple)) or not all(isinstance(item, str) for item in items):
        raise TypeError(value)
    return tuple(dict.fromkeys(name for item in items for name in _SEPARATORS.split(item) if name))


def formats(value: Any) -> tuple[str, ...]:
    """Names of representations (:data:`FORMATS`), in any case; at least one."""
    found = tuple(dict.fromkeys(name.lower() for name in names(value)))
    if not found or any(name not in FORMATS for name in found):
        raise ValueError(value)
    return found


def regex_or_none(value: Any) -> re.Pattern[str] | None:
    """A regular expression (text is compiled case-insensitively); ``None`` or ``""`` for none."""
    if value is None or value == "":
        return None
    if isinstance(value, re.Pattern):
        return value
    if not isinstance(value, str):
        raise TypeError(value)
    return re.compile(value, re.IGNORECASE)


def dotted_path(value: Any) -> str:
    """An object by its import path (``package.module.Name``); a class or function given itself stands for its path."""
    if callable(value) and hasattr(value, "__qualname__"):
        value = f"{value.__module__}.{value.__qualname__}"
    if not isinstance(value, str):
        raise TypeError(value)
    module, _, name = value.strip().rpartition(".")
    if not module or not name.isidentifier():
        raise ValueError(value)
    return value.strip()


# --- Declaring options ------------------------------------------------------------------

_T = TypeVar("_T")


def option(default: _T, parse: Callable[[Any], Any], accepted: str, help: str, **deprecated: Any) -> _T:
    """A dataclass field declared as an option: its default, parser, accepted values and a line of help.

    The ``setting=`` keyword of earlier releases still works, with a DeprecationWarning: a
    setting's name now belongs to whoever exposes the option.
    """
    metadata = {"parse": parse, "accepted": accepted, "help": help}
    if deprecated:
        metadata["named"] = _deprecated.setting_keyword(deprecated)
    return field(default=default, metadata=metadata)


@dataclass(frozen=True)
class Option:
    """One declared option: its name, default, parser, what it accepts and its help."""

    name: str
    default: Any
    parse: Callable[[Any], Any]
    accepted: str
    help: str

    def read(self, value: Any, where: str | None = None) -> Any:
        """The clean value, or ReadabilityConfigError naming ``where`` it came from and what is accepted."""
        try:
            return self.parse(value)
        except (TypeError, ValueError, re.error):
            raise ReadabilityConfigError(
                f"{where or self.name} = {value!r} is not valid; accepted values: {self.accepted}"
            ) from None

    def __getattr__(self, name: str) -> Any:
        """``setting`` and ``flag`` of earlier releases, with a DeprecationWarning (see ``_deprecated``)."""
        if name in _deprecated.OPTION_ATTRIBUTES:
            return _deprecated.option_attribute(self, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")


def _as_option(spec: Field[Any]) -> Option:
    meta = spec.metadata
    found = Option(spec.name, spec.default, meta["parse"], meta["accepted"], meta["help"])
    if meta.get("named"):
        _deprecated.remember(found, meta["named"])
    return found


_DECLARED: dict[type, tuple[Option, ...]] = {}  # each class's, read once


def declared(cls: type) -> tuple[Option, ...]:
    """The options a dataclass declares with :func:`option`, in order."""
    found = _DECLARED.get(cls)
    if found is None:
        found = _DECLARED[cls] = tuple(_as_option(spec) for spec in fields(cls) if "parse" in spec.metadata)
    return found


class Declared:
    """Base of the option dataclasses: every value goes through its option's parser when built."""

    def __post_init__(self) -> None:
        for spec in declared(type(self)):
            object.__setattr__(self, spec.name, spec.read(getattr(self, spec.name)))

    @classmethod
    def build(cls: type[_D], **given: Any) -> _D:
        """From keyword arguments: ``None`` keeps the default; an unknown name is a ``TypeError``."""
        known = {spec.name for spec in declared(cls)}
        unknown = sorted(given.keys() - known)
        if unknown:
            raise TypeError(f"unexpected option {unknown[0]!r}; options: {', '.join(sorted(known))}")
        return cls(**{name: value for name, value in given.items() if value is not None})

    def changed(self: _D, **changes: Any) -> _D:
        """A copy with ``changes`` (validated like the rest)."""
        return replace(self, **changes)  # type: ignore[type-var]

    def values(self) -> dict[str, Any]:
        """The options by name: keyword arguments for what these options configure."""
        return {spec.name: getattr(self, spec.name) for spec in declared(type(self))}


_D = TypeVar("_D", bound=Declared)

_POLICIES = tuple(policy.value for policy in Policy)


def _policy(value: Any) -> Policy:
    return Policy(choice(*_POLICIES)(value))


@dataclass(frozen=True)
class Options(Declared):
    """Readability.js's options, snake_cased, and ours: ``Readability(html, url, **options)``.

    Built with keywords (``Options(char_threshold=300)``, or
    ``Options.build(...)`` where ``None`` keeps the default); every value is
    validated when built, and a bad one raises ReadabilityConfigError.
    """

    policy: Policy = option(
        Policy.AUTO,
        _policy,
        ", ".join(map(repr, _POLICIES)),
        "`auto` (Readability.js's retry ladder), or one pass: `strict`, `moderate`, `clean` or `raw`.",
    )
    char_threshold: int = option(
        DEFAULT_CHAR_THRESHOLD,
        integer(1),
        "an integer >= 1",
        "Characters of text an extraction must reach to be accepted without trying the next pass.",
    )
    nb_top_candidates: int = option(
        DEFAULT_N_TOP_CANDIDATES,
        integer(1),
        "an integer >= 1",
        "How many top-scoring nodes are compared when choosing the article's container.",
    )
    max_elems_to_parse: int = option(
        DEFAULT_MAX_ELEMS_TO_PARSE,
        integer(0),
        "an integer >= 0 (0: no limit)",
        "Refuse pages with more elements than this (failure `too_many_elements`); `0` means no limit.",
    )
    classes_to_preserve: tuple[str, ...] = option(
        (),
        names,
        "class names: a list, or one string separated by commas or spaces",
        "Class names kept on elements of `content`.",
    )
    keep_classes: bool = option(False, boolean, BOOLEAN, "Keep every class attribute in `content`.")
    disable_json_ld: bool = option(False, boolean, BOOLEAN, "Do not read metadata from JSON-LD.")
    allowed_video_regex: re.Pattern[str] | None = option(
        None,
        regex_or_none,
        "a regular expression, or None",
        "Embeds whose URL matches stay in `content`; `None` keeps Readability.js's list of video hosts.",
    )
    link_density_modifier: float = option(
        0.0, real(), "a finite number", "Added to the link-density thresholds used when cleaning."
    )
    sanitize: bool = option(
        False, boolean, BOOLEAN, "Strip anything executable from `content`, so it is safe to display."
    )
    debug: bool = option(
        False,
        boolean,
        BOOLEAN,
        "Log the engine's decision trace (Readability.js's `debug`): some 80 DEBUG lines a page.",
    )
    refine: bool = option(
        False,
        boolean,
        BOOLEAN,
        "The refined article: Readability.js's, then repaired (code without line numbers, no in-page table of "
        "contents, no heading left with nothing under it) and a `headline` without the site's name.",
    )

    @property
    def preserved_classes(self) -> frozenset[str]:
        """``CLASSES_TO_PRESERVE`` plus the user's ``classes_to_preserve``."""
        return frozenset(CLASSES_TO_PRESERVE) | frozenset(self.classes_to_preserve)

    @property
    def video_regex(self) -> re.Pattern[str]:
        """``allowedVideoRegex``: the user's, else Readability.js's list of video hosts."""
        return self.allowed_video_regex or REGEXPS.videos


@dataclass(frozen=True)
class PreflightOptions(Declared):
    """``isProbablyReaderable``'s options: ``is_probably_readable(html, **options)``."""

    min_content_length: int = option(
        DEFAULT_MIN_CONTENT_LENGTH, integer(0), "an integer >= 0", "Preflight: shortest paragraph that counts."
    )
    min_score: float = option(
        float(DEFAULT_MIN_SCORE), real(0), "a number >= 0", "Preflight: score a page needs to be called readerable."
    )


@dataclass(frozen=True)
class OutputOptions(Declared):
    """Which representations of the article a record carries (``Article.to_dict(formats)``)."""

    formats: tuple[str, ...] = option(
        DEFAULT_FORMATS,
        formats,
        f"one or more of {', '.join(map(repr, FORMATS))}: a list, or one comma-separated string",
        "Representations of the article in the item: any of `html` (`content`), `text`, `markdown`, `text_content`; "
        "one not chosen is absent.",
    )


PAGE_OPTIONS: tuple[Option, ...] = declared(Options) + declared(PreflightOptions) + declared(OutputOptions)
"""Every option that decides how one page is judged, extracted and recorded."""


def __getattr__(name: str) -> Any:
    """``PREFIX`` of earlier releases, with a DeprecationWarning (see ``_deprecated``)."""
    if name in _deprecated.MODULE_NAMES:
        return _deprecated.module_attribute(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
