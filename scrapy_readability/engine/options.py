"""Options and policies: Readability.js's constructor options, snake_cased, plus our policies."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field

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


@dataclass(frozen=True)
class Options:
    """Readability.js's options. A value of 0 or empty falls back to the default, as in JS."""

    max_elems_to_parse: int = DEFAULT_MAX_ELEMS_TO_PARSE
    nb_top_candidates: int = DEFAULT_N_TOP_CANDIDATES
    char_threshold: int = DEFAULT_CHAR_THRESHOLD
    classes_to_preserve: tuple[str, ...] = ()
    keep_classes: bool = False
    disable_json_ld: bool = False
    allowed_video_regex: re.Pattern[str] = field(default=REGEXPS.videos)
    link_density_modifier: float = 0.0
    policy: Policy = Policy.AUTO
    sanitize: bool = False

    @classmethod
    def build(
        cls,
        *,
        max_elems_to_parse: int | None = None,
        nb_top_candidates: int | None = None,
        char_threshold: int | None = None,
        classes_to_preserve=None,
        keep_classes: bool = False,
        disable_json_ld: bool = False,
        allowed_video_regex: str | re.Pattern[str] | None = None,
        link_density_modifier: float | None = None,
        policy: Policy | str = Policy.AUTO,
        sanitize: bool = False,
    ) -> Options:
        """Validate and normalise user input (JS's ``options.x || DEFAULT`` semantics)."""
        if isinstance(allowed_video_regex, str):
            allowed_video_regex = re.compile(allowed_video_regex, re.IGNORECASE)
        if isinstance(classes_to_preserve, str):
            classes_to_preserve = classes_to_preserve.split()
        for name, value in (
            ("max_elems_to_parse", max_elems_to_parse),
            ("nb_top_candidates", nb_top_candidates),
            ("char_threshold", char_threshold),
        ):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
                raise ValueError(f"{name} must be a non-negative integer, got {value!r}")
        try:
            policy = Policy(policy)
        except ValueError:
            accepted = ", ".join(p.value for p in Policy)
            raise ValueError(f"policy must be one of {accepted}; got {policy!r}") from None
        return cls(
            max_elems_to_parse=max_elems_to_parse or DEFAULT_MAX_ELEMS_TO_PARSE,
            nb_top_candidates=nb_top_candidates or DEFAULT_N_TOP_CANDIDATES,
            char_threshold=char_threshold or DEFAULT_CHAR_THRESHOLD,
            classes_to_preserve=tuple(classes_to_preserve or ()),
            keep_classes=bool(keep_classes),
            disable_json_ld=bool(disable_json_ld),
            allowed_video_regex=allowed_video_regex or REGEXPS.videos,
            link_density_modifier=float(link_density_modifier or 0.0),
            policy=policy,
            sanitize=bool(sanitize),
        )

    @property
    def preserved_classes(self) -> frozenset[str]:
        """``CLASSES_TO_PRESERVE`` plus the user's ``classes_to_preserve``."""
        return frozenset(CLASSES_TO_PRESERVE) | frozenset(self.classes_to_preserve)
