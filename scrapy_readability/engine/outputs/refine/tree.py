"""What the refined article's repairs share: the tags they name, and the tests and edits of the tree they all make."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...html.dom import Element, remove, text_content
from ...port.constants import HEADING_TAGS

HEADINGS = frozenset(HEADING_TAGS)
_MEDIA = ("img", "picture", "video", "audio", "iframe", "embed", "object", "svg", "math", "canvas")
_LISTS = ("ul", "ol")
_WORD = re.compile(r"\w+")


def _word_list(text: str) -> list[str]:
    """Words as the declared body and the headline's parts are compared: runs of word characters, casefolded."""
    return _WORD.findall(text.casefold())


_WRAPPERS = frozenset({"p", "div", "section", "header", "footer", "nav", "aside", "span", "li"})

_BLOCKS = frozenset({"p", "div", "li", "header", "footer", "dd", "dt", "address", "section", "td", *HEADINGS})


def _is_own_line(element: Element, content: Element) -> bool:
    """Whether ``element`` is a line of its own, not a date inside a sentence ("updated on: <time>")."""
    block = element
    while block.tag not in _BLOCKS and block is not content:
        parent = block.getparent()
        if parent is None:
            break
        block = parent
    return block is element or _words_in(block) == _words_in(element)


def _in_code(element: Element, content: Element) -> bool:
    """Inside a code block, where a date is data ("created_at": "2023-09-06")."""
    return any(ancestor.tag in ("pre", "code") for ancestor in element.iterancestors() if ancestor is not content)


def _words_in(element: Element) -> int:
    return len(text_content(element).split())


def _words_up_to(element: Element, limit: int) -> int:
    """:func:`_words_in`, counted only until it passes ``limit`` (then any count above it): a big block's words
    are not all split to learn it is not a short line. A word may run across two text nodes (``a<b>b</b>``)."""
    count = 0
    in_word = False  # the text so far ends inside a word
    for chunk in element.itertext():
        if not chunk:
            continue
        words = len(chunk.split())
        if words and in_word and not chunk[0].isspace():
            words -= 1  # the word the last chunk left open goes on
        count += words
        if count > limit:
            return count
        in_word = not chunk[-1].isspace() if words or in_word else False
    return count


def _replace(old: Element, new: Sequence[Element]) -> None:
    """``old`` replaced by ``new`` (elements taken from wherever they are), its tail kept."""
    parent = old.getparent()
    assert parent is not None
    tail = old.tail
    index = parent.index(old)
    for offset, element in enumerate(new):
        element.tail = None
        parent.insert(index + offset, element)
    new[-1].tail = tail
    parent.remove(old)


def _is_empty(element: Element) -> bool:
    """No text and no media: nothing a reader would miss."""
    return not text_content(element).strip() and next(element.iter(*_MEDIA), None) is None


def _remove_with_empty_wrappers(element: Element, content: Element) -> None:
    """``element`` removed, and each ancestor (below ``content``) that it leaves empty."""
    parent = element.getparent()
    remove(element)
    while parent is not None and parent is not content and parent.tag in _WRAPPERS and _is_empty(parent):
        grandparent = parent.getparent()
        remove(parent)
        parent = grandparent


def _visible_length(element: Element) -> int:
    """Characters of text, white space left out (list items often have none between them)."""
    return sum(map(len, text_content(element).split()))
