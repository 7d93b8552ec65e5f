"""Options and policies: Readability.js's constructor options, snake_cased, plus our policies.

:class:`Options` is the one list of the engine's options: ``Readability``'s
keywords (:class:`OptionArgs` types them for editors and type checkers) and the
Scrapy settings' engine keys and defaults are derived from it.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, TypedDict, TypeVar

if TYPE_CHECKING:
    from typing_extensions import Unpack

from .constants import (
    CLASSES_TO_PRESERVE,
    DEFAULT_CHAR_THRESHOLD,
    DEFAULT_MAX_ELEMS_TO_PARSE,
    DEFAULT_N_TOP_CANDIDATES,
    FLAG_CLEAN_CONDITIONALLY,
    FLAG_STRIP_UNLIKELYS,
    FLAG_WEIGHT_CLASSES,
    REGEXPS,
)


class Policy(str, enum.Enum):
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


class OptionArgs(TypedDict, total=False):
    """The keyword arguments ``Readability(html, url, **options)`` accepts: :class:`Options`'s fields.

    Each may be given as the looser type shown here; :meth:`Options.build`
    normalises it. ``None``, 0 and empty values keep the default, as in JS.
    """

    max_elems_to_parse: int | None
    """Refuse documents with more elements than this (0: no limit)."""
    nb_top_candidates: int | None
    """How many top-scored candidates to compare when choosing the article's container."""
    char_threshold: int | None
    """How long the article's text must be for a pass of the retry ladder to succeed."""
    classes_to_preserve: str | Iterable[str] | None
    """Class names kept on the article's elements (a string is split on whitespace)."""
    keep_classes: bool
    """Keep every class attribute."""
    disable_json_ld: bool
    """Do not read metadata from JSON-LD."""
    allowed_video_regex: str | re.Pattern[str] | None
    """Embeds whose attributes match this stay (a string is compiled case-insensitively)."""
    link_density_modifier: float | None
    """Added to the link-density limits of the conditional cleaning."""
    policy: Policy | str
    """How much of the retry ladder to run (see :class:`Policy`)."""
    sanitize: bool
    """Strip anything executable from the article's HTML."""


# Each field's conversion from user input: it validates and normalises, raising ValueError.


def _count(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{name} must be a non-negative integer, got {value!r}")
    return value


def _class_names(name: str, value: Any) -> tuple[str, ...]:
    return tuple(value.split() if isinstance(value, str) else value)


def _video_regex(name: str, value: Any) -> re.Pattern[str]:
    return re.compile(value, re.IGNORECASE) if isinstance(value, str) else value


def _number(name: str, value: Any) -> float:
    return float(value)


def _flag(name: str, value: Any) -> bool:
    return bool(value)


def _policy(name: str, value: Any) -> Policy:
    try:
        return Policy(value)
    except ValueError:
        accepted = ", ".join(p.value for p in Policy)
        raise ValueError(f"{name} must be one of {accepted}; got {value!r}") from None


_T = TypeVar("_T")


def _option(default: _T, convert: Callable[[str, Any], _T]) -> _T:
    """A field with its default and the conversion :meth:`Options.build` applies to user input."""
    return field(default=default, metadata={"convert": convert})


@dataclass(frozen=True)
class Options:
    """Readability.js's options, snake_cased, and our policies: the one list of the engine's options.

    ``Readability(html, url, **options)`` takes these names as keywords (typed by
    :class:`OptionArgs`); the Scrapy settings derive their engine keys and
    defaults from these fields.
    """

    max_elems_to_parse: int = _option(DEFAULT_MAX_ELEMS_TO_PARSE, _count)
    nb_top_candidates: int = _option(DEFAULT_N_TOP_CANDIDATES, _count)
    char_threshold: int = _option(DEFAULT_CHAR_THRESHOLD, _count)
    classes_to_preserve: tuple[str, ...] = _option((), _class_names)
    keep_classes: bool = _option(False, _flag)
    disable_json_ld: bool = _option(False, _flag)
    allowed_video_regex: re.Pattern[str] = _option(REGEXPS.videos, _video_regex)
    link_density_modifier: float = _option(0.0, _number)
    policy: Policy = _option(Policy.AUTO, _policy)
    sanitize: bool = _option(False, _flag)

    @classmethod
    def build(cls, **given: Unpack[OptionArgs]) -> Options:
        """Validate and normalise user input, with JS's ``options.x || DEFAULT`` semantics.

        ``None``, like 0 or an empty value, keeps the default; an unknown name is
        a ``TypeError``, as an unknown keyword argument is.
        """
        unknown = given.keys() - _NAMES
        if unknown:
            raise TypeError(f"unexpected option {sorted(unknown)[0]!r}; options: {', '.join(_NAMES)}")
        values: dict[str, Any] = {}
        for name, value in given.items():
            if value is not None:
                value = _CONVERT[name](name, value)
                if value:
                    values[name] = value
        return cls(**values)

    @property
    def preserved_classes(self) -> frozenset[str]:
        """``CLASSES_TO_PRESERVE`` plus the user's ``classes_to_preserve``."""
        return frozenset(CLASSES_TO_PRESERVE) | frozenset(self.classes_to_preserve)


_NAMES = tuple(f.name for f in fields(Options))
_CONVERT: dict[str, Callable[[str, Any], Any]] = {f.name: f.metadata["convert"] for f in fields(Options)}
