"""The refined article (``refine=True``): Readability.js's article, repaired where a reader sees it is wrong.

Readability.js decides which element is the article; the refined mode keeps that decision and then
mends what the decision leaves behind, on the article's tree before post-processing (while elements
still have their classes and relative links). Nothing here runs unless asked: the default article stays
exactly Readability.js's. Each repair is told by structure, never by one site's names:

* **line-numbered code** (:mod:`.code`): the gutter goes, the code stays, as one ``<pre>``;
* **an in-page table of contents**: a list whose every link is to a heading of the article itself;
* **headings left with nothing under them** at the article's end: what a removed comment form, share bar
  or list of related posts leaves behind ("Add comment", "Comments", "Related posts").

The ``headline`` is the title without the site's name: the part of a ``Title - Site`` title that is not
the site (named by the page's ``site_name``, or by its host), else the part that a heading of the page
repeats, else the title as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from urllib.parse import urlsplit

from ..html.dom import Element, remove, text_content
from .code import line_numbered_code

__all__ = ["headline", "refine_content"]

HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_MEDIA = ("img", "picture", "video", "audio", "iframe", "embed", "object", "svg", "math", "canvas")
_LISTS = ("ul", "ol")
_WRAPPERS = frozenset({"p", "div", "section", "header", "footer", "nav", "aside", "span", "li"})

# --- The article's tree ------------------------------------------------------------------------


def refine_content(content: Element) -> None:
    """Mend the article's tree in place (see the module's docstring for what, and why)."""
    _number_free_code(content)
    _drop_in_page_contents(content)
    _drop_dangling_headings(content)


def _number_free_code(content: Element) -> None:
    """Each line-numbered code table becomes its file name (if any) and its code's ``<pre>``."""
    for table in list(content.iter("table")):
        numbered = line_numbered_code(table)
        if numbered is None or table.getparent() is None:
            continue
        replacement: list[Element] = []
        for caption in numbered.captions:
            name = text_content(caption).strip()
            if name:
                paragraph = table.makeelement("p", {})
                paragraph.text = name
                replacement.append(paragraph)
        replacement.append(numbered.pre)
        _replace(table, replacement)


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


def _ids(content: Element) -> set[str]:
    return {value for value in (el.get("id") for el in content.iter()) if value}


def _is_in_page_contents(listing: Element, ids: set[str]) -> bool:
    """A list of links, every one to an element of the article (``#id``), and no text outside them."""
    links = list(listing.iter("a"))
    if len(links) < 1:
        return False
    for link in links:
        href = (link.get("href") or "").strip()
        if not href.startswith("#") or href[1:] not in ids:
            return False
    return sum(map(_visible_length, links)) == _visible_length(listing)


def _visible_length(element: Element) -> int:
    """Characters of text, white space left out (list items often have none between them)."""
    return sum(map(len, text_content(element).split()))


def _drop_in_page_contents(content: Element) -> None:
    """A table of contents is the article's headings again, as links."""
    ids = _ids(content)
    if not ids:
        return
    for listing in list(content.iter(*_LISTS)):
        if listing.getparent() is None or _inside_list(listing, content):
            continue
        if _is_in_page_contents(listing, ids):
            _remove_with_empty_wrappers(listing, content)


def _inside_list(element: Element, content: Element) -> bool:
    parent = element.getparent()
    while parent is not None and parent is not content:
        if parent.tag in _LISTS:
            return True
        parent = parent.getparent()
    return False


def _last_with_text(content: Element) -> Element | None:
    """The deepest element holding the article's last text or media."""
    last: Element | None = None
    for element in content.iter():
        if element is content:
            continue
        if (element.text and element.text.strip()) or element.tag in _MEDIA:
            last = element
        if element.tail and element.tail.strip():
            parent = element.getparent()
            last = parent if parent is not content else None
    return last


def _drop_empty_end(content: Element) -> None:
    """Empty wrappers that now end the article (the ``<p></p>`` a heading inside a paragraph leaves)."""
    element = content
    while len(element):
        last = element[-1]
        if last.tag in _WRAPPERS and _is_empty(last) and not (last.tail and last.tail.strip()):
            remove(last)
        elif last.tail and last.tail.strip():
            return
        else:
            element = last


def _heading_of(element: Element | None, content: Element) -> Element | None:
    """The heading that ``element`` is, or is inside."""
    while element is not None and element is not content:
        if element.tag in HEADINGS:
            return element
        element = element.getparent()
    return None


def _drop_dangling_headings(content: Element) -> None:
    """A heading introduces what follows it: at the very end, with nothing after it, it introduced what
    Readability.js removed (a comment form, a share bar, related posts)."""
    while True:
        heading = _heading_of(_last_with_text(content), content)
        if heading is None or _visible_length(heading) == _visible_length(content):
            return  # a heading alone is all the article has: it stays
        _remove_with_empty_wrappers(heading, content)
        _drop_empty_end(content)


# --- The headline --------------------------------------------------------------------------------

_SEPARATOR = re.compile(r"\s+(?:[|\-–—:·»/]|::)\s+")
_WORD = re.compile(r"\w+")


def _words(text: str) -> str:
    return " ".join(_WORD.findall(text.casefold()))


def _names_the_site(part: str, site_name: str | None, host: str) -> bool:
    words = _words(part)
    if not words:
        return False
    if site_name and words == _words(site_name):
        return True
    squeezed = words.replace(" ", "")
    labels = [label for label in host.casefold().split(".") if label not in ("www", "")]
    return any(squeezed == label.replace("-", "") for label in labels)


def headline(title: str | None, site_name: str | None, url: str, headings: Iterable[str]) -> str | None:
    """``title`` without the site's name: the part of ``A - Site`` that is not the site, or that a heading repeats."""
    if not title:
        return title
    parts = _SEPARATOR.split(title.strip())
    if len(parts) < 2:
        return title.strip()
    host = urlsplit(url).hostname or ""
    kept = [part for part in parts if not _names_the_site(part, site_name, host)]
    if kept and len(kept) < len(parts):
        return _rejoin(title, kept)
    repeated = {_words(text) for text in headings}
    for part in parts:
        if _words(part) in repeated:
            return part.strip()
    return title.strip()


def _rejoin(title: str, kept: list[str]) -> str:
    """The parts kept, with the separators the title had between them."""
    if len(kept) == 1:
        return kept[0].strip()
    separators = _SEPARATOR.findall(title)
    joiner = separators[0] if separators else " - "
    return joiner.join(part.strip() for part in kept)
