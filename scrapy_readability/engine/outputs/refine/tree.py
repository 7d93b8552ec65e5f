"""What the refined article's repairs share: the tags they name, and the tests and edits of the tree they all make."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from lxml import etree

from ..._kernels import kernel
from ...html.dom import Element, remove, text_content
from ...port.constants import HEADING_TAGS

HEADINGS = frozenset(HEADING_TAGS)
MEDIA = ("img", "picture", "video", "audio", "iframe", "embed", "object", "svg", "math", "canvas")
LISTS = ("ul", "ol")
_WORD = re.compile(r"\w+")


def word_list(text: str) -> list[str]:
    """Words as the declared body and the headline's parts are compared: runs of word characters, casefolded."""
    return _WORD.findall(text.casefold())


WRAPPERS = frozenset({"p", "div", "section", "header", "footer", "nav", "aside", "span", "li"})

_BLOCKS = frozenset({"p", "div", "li", "header", "footer", "dd", "dt", "address", "section", "td", *HEADINGS})


def is_own_line(element: Element, content: Element) -> bool:
    """Whether ``element`` is a line of its own, not a date inside a sentence ("updated on: <time>")."""
    block = element
    while block.tag not in _BLOCKS and block is not content:
        parent = block.getparent()
        if parent is None:
            break
        block = parent
    return block is element or words_in(block) == words_in(element)


def in_code(element: Element, content: Element) -> bool:
    """Inside a code block, where a date is data ("created_at": "2023-09-06")."""
    return any(ancestor.tag in ("pre", "code") for ancestor in element.iterancestors() if ancestor is not content)


def words_in(element: Element) -> int:
    return len(text_content(element).split())


def words_up_to(element: Element, limit: int) -> int:
    """:func:`words_in`, counted only until it passes ``limit`` (then any count above it): a big block's words
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


def replace_with(old: Element, new: Sequence[Element]) -> None:
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


def is_empty(element: Element) -> bool:
    """No text and no media: nothing a reader would miss."""
    return not text_content(element).strip() and next(element.iter(*MEDIA), None) is None


def remove_with_empty_wrappers(element: Element, content: Element) -> None:
    """``element`` removed, and each ancestor (below ``content``) that it leaves empty."""
    parent = element.getparent()
    remove(element)
    while parent is not None and parent is not content and parent.tag in WRAPPERS and is_empty(parent):
        grandparent = parent.getparent()
        remove(parent)
        parent = grandparent


def visible_length(element: Element) -> int:
    """Characters of text, white space left out (list items often have none between them)."""
    return sum(map(len, text_content(element).split()))


_SEPARATOR = "\ue000"
"""Between the values :func:`marked_elements` looks for (a character of private use, in no class a page writes;
XPath's strings take no control character)."""


@kernel("0a0c3713b5700abd")
def marked_elements(
    content: Element, attributes: tuple[str, ...], says: Callable[[str], bool], also: tuple[str, ...] = ()
) -> list[Element]:
    """The elements below ``content`` with one of ``attributes`` whose value ``says`` yes to (and those of the
    tags ``also``), in document order. The values are read first as plain strings, each tested once (a page gives
    many elements the same classes: a code block's highlighted tokens, a grid's cells); libxml2 then finds the
    elements that carry the values said yes to, and only those become Python objects."""
    marked = {value for value in set(_values(attributes)(content)) if value and says(value)}
    if not marked:
        return list(content.iterdescendants(*also)) if also else []
    try:
        found: list[Element] = _holding(attributes, also)(content, marked=_SEPARATOR.join(("", *marked, "")))
    except ValueError:  # a value XPath's strings cannot hold (a control character): the elements looked at here
        return [
            element
            for element in content.iterdescendants()
            if element.tag in also or any(element.get(name) in marked for name in attributes)
        ]
    return found


@lru_cache(maxsize=16)
def _values(attributes: tuple[str, ...]) -> etree.XPath:
    return etree.XPath(" | ".join(f"descendant::*/@{name}" for name in attributes), smart_strings=False)


@lru_cache(maxsize=16)
def _holding(attributes: tuple[str, ...], also: tuple[str, ...]) -> etree.XPath:
    """Elements whose value of an attribute is one of ``$marked``'s (each between separators), or of a tag."""
    test = " or ".join(f"contains($marked, concat('{_SEPARATOR}', @{name}, '{_SEPARATOR}'))" for name in attributes)
    return etree.XPath(" | ".join((f"descendant::*[{test}]", *(f"descendant::{tag}" for tag in also))))
