"""Per-node measures that several phases share.

Readability.js's class weight, link and text density, visibility, the
unlikely-candidate and byline tests, and CSS values as ``el.style`` reads them:
scoring, cleanup and the readerable preflight all judge nodes with them. They
read the tree and never change it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Collection

from .._kernels import kernel
from ..html.dom import Element, TextLengths, class_string, inner_text_length, js_length, js_trim, text_content
from .constants import FLAG_WEIGHT_CLASSES, REGEXPS

# --- Class and id values -------------------------------------------------------------


class _Words:
    """One of ``REGEXPS``' case-insensitive regexes of lowercase words, searched quickly in ASCII text.

    re tries a case-insensitive alternation at every position of the text; the same pattern
    with case significant skips to where one of its words may start, several times faster.
    In ASCII text, lowercased, the two find the same matches: Unicode's case folding pairs
    no ASCII character with another but its capital. Other text takes the regex as it is
    (there ``ſ`` matches ``s``, and lowercasing would change what it says).
    """

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.lowercase = re.compile(pattern.pattern, pattern.flags & ~re.IGNORECASE)

    def search(self, value: str) -> bool:
        if value.isascii():
            return self.lowercase.search(value.lower()) is not None
        return self.pattern.search(value) is not None


_NEGATIVE = _Words(REGEXPS.negative)
_POSITIVE = _Words(REGEXPS.positive)
_UNLIKELY_CANDIDATES = _Words(REGEXPS.unlikelyCandidates)
_OK_MAYBE_ITS_A_CANDIDATE = _Words(REGEXPS.okMaybeItsACandidate)
_BYLINE = _Words(REGEXPS.byline)


# --- Class weight ------------------------------------------------------------------


def get_class_weight(el: Element, flags: int) -> int:
    """Port of ``_getClassWeight``: +/-25 for positive/negative class and id names."""
    if not flags & FLAG_WEIGHT_CLASSES:
        return 0
    return _name_weight(class_string(el)) + _name_weight(el.get("id"))


@functools.lru_cache(maxsize=8192)
def _name_weight(value: str | None) -> int:
    """The weight one class or id value contributes; pages repeat them, so memoised."""
    if not value:
        return 0
    weight = 0
    if _NEGATIVE.search(value):
        weight -= 25
    if _POSITIVE.search(value):
        weight += 25
    return weight


# --- Densities ----------------------------------------------------------------------


@kernel("e44553af494f2aea")
def get_link_density(
    el: Element,
    link_lengths: dict[Element, float] | None = None,
    lengths: Callable[[Element], int] = inner_text_length,
) -> float:
    """Port of ``_getLinkDensity``: share of the text inside links (hash links count 0.3).

    ``link_lengths`` memoises each link's weighted length while the tree holds
    still (candidates nest, so the same links are measured for each ancestor);
    ``lengths`` measures ``el`` (a :class:`TextLengths` memoises it).
    """
    text_length = lengths(el)
    if text_length == 0:
        return 0.0
    link_length = 0.0
    for link in el.iterdescendants("a"):
        length = link_lengths.get(link) if link_lengths is not None else None
        if length is None:
            href = link.get("href")
            coefficient = 0.3 if href and REGEXPS.hashUrl.search(href) else 1
            length = inner_text_length(link) * coefficient
            if link_lengths is not None:
                link_lengths[link] = length
        link_length += length
    return link_length / text_length


def get_text_density(el: Element, tags: Collection[str], lengths: TextLengths) -> float:
    """Port of ``_getTextDensity``: share of the text inside descendants with ``tags``."""
    text_length = lengths(el)
    if text_length == 0:
        return 0.0
    children_length = sum(lengths(child) for child in el.iterdescendants(*tags))
    return children_length / text_length


# --- Visibility ---------------------------------------------------------------------

# The look-behind makes a long word with no colon linear to scan, not quadratic.
_DECLARATION = re.compile(r"(?<![\w-])([\w-]+)\s*:\s*([^;]*)")


def _without_important(value: str) -> str:
    """``value`` without a trailing ``!important`` (string checks: a regex was quadratic on blanks)."""
    if value.lower().endswith("important"):
        head = value[: -len("important")].rstrip()
        if head.endswith("!"):
            return head[:-1].rstrip()
    return value


def style_value(style: str, prop: str) -> str:
    """The value ``el.style[prop]`` would give for a ``style`` attribute: the last declaration wins."""
    value = ""
    for name, raw in _DECLARATION.findall(style):
        if name.lower() == prop:
            value = _without_important(raw.strip()).lower()
    return value


def is_probably_visible(node: Element) -> bool:
    """Port of ``_isProbablyVisible``."""
    style = node.get("style")
    if style and (style_value(style, "display") == "none" or style_value(style, "visibility") == "hidden"):
        return False
    if node.get("hidden") is not None:
        return False
    # Wikimedia math images carry aria-hidden but are shown as fallback images.
    return node.get("aria-hidden") != "true" or "fallback-image" in class_string(node)


# --- Class and id tests -------------------------------------------------------------


@functools.lru_cache(maxsize=8192)
def unlikely_match(match: str) -> bool:
    """The class/id test of unlikely candidates in ``_grabArticle`` and ``isProbablyReaderable``."""
    return _UNLIKELY_CANDIDATES.search(match) and not _OK_MAYBE_ITS_A_CANDIDATE.search(match)


@functools.lru_cache(maxsize=8192)
def byline_match(match: str) -> bool:
    return _BYLINE.search(match)


def is_valid_byline(node: Element, match: str) -> bool:
    """Port of ``_isValidByline``: marked as the author, with some text but under 100 characters."""
    rel = node.get("rel")
    itemprop = node.get("itemprop")
    if not (rel == "author" or (itemprop and "author" in itemprop) or byline_match(match)):
        return False
    length = js_length(js_trim(text_content(node)))
    return 0 < length < 100
