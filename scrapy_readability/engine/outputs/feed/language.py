"""The article's language as a BCP 47 primary tag (``en``, ``de``, ``zh``).

The page's declaration comes first (:func:`language_tag` reads ``lang``,
``Content-Language``, ``og:locale``, JSON-LD ``inLanguage``). Without one the
language is detected from the article's text (:func:`detect_language`): by
Google's CLD3 when the ``language`` extra (``cld3-py``) is installed, else (or
when CLD3 is unsure) by the script the text is written in and, for the scripts
many languages share, the commonest words of each (:func:`guess_language`),
which knows fewer languages.
"""

from __future__ import annotations

import functools
import re
import threading
from collections import Counter
from collections.abc import Callable

from .constants import LANGUAGE_ALIASES, LANGUAGE_SAMPLE, LANGUAGE_TAG, NOT_LANGUAGES
from .words import COMMON_WORDS


def language_tag(value: object) -> str | None:
    """The primary language subtag of a declaration (``en-US``, ``pt_BR``, ``zh-Hant``), lower-cased;
    ``None`` for anything that is not a language tag (``und``, ``x-default``, a sentence)."""
    if not isinstance(value, str) or len(value) > 64:
        return None
    first = value.split(",", 1)[0]  # Content-Language may list several
    match = LANGUAGE_TAG.match(first)
    if match is None:
        return None
    tag = match.group(1).lower()
    if tag in NOT_LANGUAGES:
        return None
    return LANGUAGE_ALIASES.get(tag, tag)


def detect_language(text: str) -> str | None:
    """The language ``text`` is written in, ``None`` when there is too little text to tell."""
    sample = text[:LANGUAGE_SAMPLE]
    if sum(map(str.isalpha, sample)) < 20:  # map: no Python frame a character
        return None
    detector = _detector()
    found = detector(sample) if detector is not None else None
    return found or guess_language(sample)


@functools.cache
def _detector() -> Callable[[str], str | None] | None:
    """CLD3's classifier when the ``language`` extra (the ``cld3-py`` package) is installed.

    One classifier per thread: the engine runs in several.
    """
    try:
        import gcld3
    except ImportError:
        return None
    local = threading.local()

    def classify(text: str) -> str | None:
        identifier = getattr(local, "identifier", None)
        if identifier is None:
            identifier = local.identifier = gcld3.NNetLanguageIdentifier(
                min_num_bytes=0, max_num_bytes=LANGUAGE_SAMPLE * 4
            )
        result = identifier.FindLanguage(text=text)
        return language_tag(result.language) if result.is_reliable else None

    return classify


# --- Without a detector: scripts and common words --------------------------------------

# Scripts one language writes (or one language dominates), by their Unicode blocks.
_SCRIPT_CLASSES = (
    ("ko", "[\uac00-\ud7af\u1100-\u11ff\u3130-\u318f]"),
    ("ja", "[\u3040-\u30ff]"),
    ("zh", "[\u4e00-\u9fff\u3400-\u4dbf]"),
    ("th", "[\u0e00-\u0e7f]"),
    ("el", "[\u0370-\u03ff\u1f00-\u1fff]"),
    ("he", "[\u0590-\u05ff]"),
    ("ka", "[\u10a0-\u10ff]"),
    ("hy", "[\u0530-\u058f]"),
    ("my", "[\u1000-\u109f]"),
    ("km", "[\u1780-\u17ff]"),
    ("lo", "[\u0e80-\u0eff]"),
    ("si", "[\u0d80-\u0dff]"),
    ("ta", "[\u0b80-\u0bff]"),
    ("te", "[\u0c00-\u0c7f]"),
    ("kn", "[\u0c80-\u0cff]"),
    ("ml", "[\u0d00-\u0d7f]"),
    ("gu", "[\u0a80-\u0aff]"),
    ("pa", "[\u0a00-\u0a7f]"),
    ("bn", "[\u0980-\u09ff]"),
    ("am", "[\u1200-\u137f]"),
    ("hi", "[\u0900-\u097f]"),
    ("ar", "[\u0600-\u06ff\u0750-\u077f]"),
    ("ru", "[\u0400-\u04ff]"),
    ("latin", "[A-Za-z\u00c0-\u024f]"),
)
# Letters that tell a language apart from the others of its script.
_MARKERS = {
    "ar": (
        ("ur", re.compile("[\u0679\u0688\u0691\u06ba\u06be\u06c1\u06d2]")),
        ("fa", re.compile("[\u067e\u0686\u0698\u06af\u06a9\u06cc]")),
    ),
    "ru": (
        ("uk", re.compile("[\u0456\u0457\u0454\u0491]")),
        ("sr", re.compile("[\u0452\u0458\u0459\u045a\u045b\u045f]")),
        ("be", re.compile("\u045e")),
    ),
}
_WORD = re.compile(r"[^\W\d_]+")


@functools.cache
def _scripts() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The script classes, compiled on first use: compiling them costs 14 ms (sre expands every code point of
    a range), which a process that never guesses (CLD3 decides) need not pay at import."""
    return tuple((name, re.compile(characters)) for name, characters in _SCRIPT_CLASSES)


def guess_language(text: str) -> str | None:
    """The language of ``text`` from its script, then from its commonest words; ``None`` when unsure."""
    scripts = _scripts()
    latin = len(scripts[-1][1].findall(text))  # the last: Latin
    if latin * 2 > sum(map(str.isalpha, text)):  # most pages: one pass, not one per script
        return _by_common_words(text, COMMON_WORDS["latin"])
    counts = {name: len(pattern.findall(text)) for name, pattern in scripts}
    script = max(counts, key=lambda name: counts[name])
    if not counts[script]:
        return None
    if script == "zh" and counts["ja"] > counts["zh"] * 0.05:
        return "ja"  # Japanese writes kanji between its kana
    for language, marker in _MARKERS.get(script, ()):
        if len(marker.findall(text)) > 3:
            return language
    if script not in COMMON_WORDS:
        return script
    return _by_common_words(text, COMMON_WORDS[script]) or (None if script == "latin" else script)


def _by_common_words(text: str, languages: dict[str, frozenset[str]]) -> str | None:
    """The language whose commonest words occur most often in ``text``, when it clearly leads."""
    words = Counter(word.lower() for word in _WORD.findall(text))
    scores = {language: sum(words[w] for w in common) for language, common in languages.items()}
    ranked = sorted(scores.items(), key=lambda pair: pair[1], reverse=True)
    best, score = ranked[0]
    runner_up = ranked[1][1] if len(ranked) > 1 else 0
    if score >= 3 and score > runner_up * 1.5:
        return best
    return None
