"""The article's edges: datelines above or below it, a menu above its first paragraph, lists of other stories below
its last (and lists of teasers anywhere), headings left with nothing under them at its end."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from itertools import chain
from urllib.parse import urlsplit

from ...html.dom import Element, remove, text_content
from ..feed.dates import find_text_date
from .furniture import inside_list
from .tree import (
    HEADINGS,
    LISTS,
    MEDIA,
    WRAPPERS,
    in_code,
    is_empty,
    is_own_line,
    remove_with_empty_wrappers,
    visible_length,
    words_in,
    words_up_to,
)

# --- Datelines: the date a page prints above or below the article, which the feed's fields carry -----

DATELINE_WORDS = 10
_LABEL_WORDS = 4
"""Words without a digit a dateline holds beside its date: a label, a month, "Uhr", "min read"."""
PROSE_WORDS = 15
_PROSE_TAGS = ("p", "li", "blockquote", "pre", "td")
_DATELINE_TAGS = ("p", "div", "span", "time", "small", "li", "header", "footer", "address", "dd", "em", "strong")


def _drop_edge_datelines(content: Element) -> None:
    """A short line that is a date (and a label, a time, a reading time) before the article's first paragraph
    of prose or after its last: "Stand: 12.03.2024 14:05 Uhr", "Published December 3, 2024"."""
    paragraphs = list(content.iter(*_PROSE_TAGS))
    first = _first_prose(paragraphs, range(len(paragraphs)))
    if first is None:
        return
    last = _first_prose(paragraphs, range(len(paragraphs) - 1, first - 1, -1))
    assert last is not None
    for element in chain(_before(paragraphs[first], content), _after(paragraphs[last], content)):
        if element.tag not in _DATELINE_TAGS or element.getparent() is None:
            continue
        if not 0 < words_up_to(element, DATELINE_WORDS) <= DATELINE_WORDS or in_code(element, content):
            continue
        if is_own_line(element, content) and is_dateline(element):
            remove_with_empty_wrappers(element, content)


def _before(element: Element, content: Element) -> list[Element]:
    """The elements a dateline may be, from ``content`` to ``element`` (not included), in document order."""
    found = []
    for before in content.iter(*_PROSE_TAGS, *_DATELINE_TAGS):  # (``element`` may be a <pre>, a <td>...)
        if before is element:
            break
        found.append(before)
    return found


def _after(element: Element, content: Element) -> list[Element]:
    """The elements a dateline may be after ``element``'s start in ``content``, in document order: its own, then
    those of what follows it (collected first: the pass removes some)."""
    found = list(element.iterdescendants(*_DATELINE_TAGS))
    node: Element | None = element
    while node is not None and node is not content:
        for sibling in node.itersiblings():
            found.extend(sibling.iter(*_DATELINE_TAGS))
        node = node.getparent()
    return found


def _first_prose(elements: Sequence[Element], indices: Iterable[int]) -> int | None:
    """The first of ``indices`` whose element is a paragraph of prose: only the first and the last paragraph of
    prose bound the datelines, so the paragraphs between them are never counted."""
    for index in indices:
        element = elements[index]
        if element.tag in _PROSE_TAGS and words_up_to(element, PROSE_WORDS) >= PROSE_WORDS:
            return index
    return None


_DATELINE_LENGTH = 80
"""Characters of a dateline inside the article at most (a script written without spaces has no words to count)."""
_CLOCK_TIME = re.compile(r"\b\d{1,2}[:.]\d\d\b(?![.:]\d)|\buhr\b", re.IGNORECASE)
"""A time of day ("19:25", "7.57 Uhr"): what a dateline inside the article adds to its date (the publication's)."""


def is_timed_dateline(block: Element, text: str, content: Element) -> bool:
    """A line of its own that is a date with its time of day ("Freitag, 28.04.2023, 19:25", "Publiziert heute um
    12:19 Uhr"): the publication's dateline, wherever the page set it (often below the lead); a date without a
    time inside the article may be the article's own (a changelog's entry), and stays."""
    if len(text) > _DATELINE_LENGTH or _CLOCK_TIME.search(text) is None or not is_dateline(block):
        return False
    return is_own_line(block, content) and not in_code(block, content)


_MENU_LINKS = 3
_MENU_LINK_WORDS = 4
"""Words of a menu's entry at most, on average ("News", "Travel International", "Hot Topics")."""


def _drop_edge_menus(content: Element) -> None:
    """A list of links and nothing else, of short entries, above the article's first paragraph of prose: the
    site's menu or a breadcrumb that Readability.js kept with the article ("News Sport Opinion Life")."""
    menus = [listing for listing in content.iter(*LISTS, "nav", "menu") if _is_menu(listing, content)]
    if not menus:
        return
    order, prose = _prose_positions(content)
    if not prose:
        return
    first = min(prose)
    for listing in menus:
        if listing.getparent() is not None and order[listing] < first:
            remove_with_empty_wrappers(listing, content)


def _prose_positions(content: Element) -> tuple[dict[Element, int], list[int]]:
    """Each element's position in document order, and those of the paragraphs of prose: the bounds of what sits
    above or below the article (a menu's entry that holds its submenu, mostly links, is no prose)."""
    order = {element: index for index, element in enumerate(content.iter())}
    prose = [
        order[el]
        for el in content.iter(*_PROSE_TAGS)
        if words_in(el) >= PROSE_WORDS and 2 * sum(map(visible_length, el.iter("a"))) < visible_length(el)
    ]
    return order, prose


_TEASER_LINKS = 2


def _drop_edge_link_lists(content: Element, url: str) -> None:
    """A list of links to the site's own pages and nothing else, after the article's last paragraph of prose: other
    stories the page lists below the article ("Popular", "More on this topic"), which Readability.js kept with it.
    A list of links to other sites is the article's: its references, its sources."""
    host = _site(url)
    listings = [listing for listing in content.iter(*LISTS) if _is_link_list(listing, content, host)]
    if not listings:
        return
    order, prose = _prose_positions(content)
    if not prose:
        return
    last = max(prose)
    for listing in listings:
        if listing.getparent() is not None and order[listing] > last:
            remove_with_empty_wrappers(listing, content)


def _is_link_list(listing: Element, content: Element, host: str) -> bool:
    """Two links or more to the site's own pages and nothing else (not a list inside a list)."""
    links = [link for link in listing.iter("a") if text_content(link).strip()]
    if len(links) < _TEASER_LINKS or inside_list(listing, content):
        return False
    if any(_site(link.get("href") or "") not in ("", host) for link in links):
        return False
    return sum(map(visible_length, links)) == visible_length(listing)


_KICKER = re.compile(r"^[^.!?]{1,40}[:|]$")
"""A teaser's kicker before its link: a topic and a colon ("Demenz:"), a label and a bar ("Read more |")."""
_TEASER_WORDS = 3


def _drop_teaser_lists(content: Element, url: str) -> None:
    """A list of teasers, anywhere in the article: each item one link to another story of the site, of a headline's
    words, with a kicker before it ("Demenz: <a>Ab wann Gedächtnislücken besorgniserregend sind</a>")."""
    host = _site(url)
    for listing in list(content.iter(*LISTS)):
        if listing.getparent() is not None and _is_teaser_list(listing, content, host):
            remove_with_empty_wrappers(listing, content)


def _is_teaser_list(listing: Element, content: Element, host: str) -> bool:
    """Two items or more, each a teaser (not a list inside a list)."""
    items = [item for item in listing if item.tag == "li"]
    if len(items) < _TEASER_LINKS or len(items) != len(listing) or inside_list(listing, content):
        return False
    return all(_is_teaser(item, host) for item in items)


def _is_teaser(item: Element, host: str) -> bool:
    """A kicker and one link to another page of the site, of a headline's words: nothing else (a series' parts,
    links without a kicker, are the article's own)."""
    links = list(item.iter("a"))
    if len(links) != 1 or words_in(links[0]) < _TEASER_WORDS:
        return False
    href = (links[0].get("href") or "").strip()
    if not href or href.startswith("#") or _site(href) not in ("", host):
        return False
    rest = " ".join(text_content(item).replace(text_content(links[0]), " ", 1).split())
    return _KICKER.match(rest) is not None


def _site(url: str) -> str:
    """A URL's host without ``www.`` ("" for a relative URL: the page's own site)."""
    try:
        host = urlsplit(url.strip()).hostname or ""
    except ValueError:
        return "?"
    return host.removeprefix("www.")


def _is_menu(listing: Element, content: Element) -> bool:
    """Three links or more, of a few words each, and nothing else (not a list inside a list)."""
    links = [link for link in listing.iter("a") if text_content(link).strip()]
    if len(links) < _MENU_LINKS or inside_list(listing, content):
        return False
    if sum(map(visible_length, links)) != visible_length(listing):
        return False
    return sum(words_in(link) for link in links) <= _MENU_LINK_WORDS * len(links)


def is_dateline(element: Element) -> bool:
    """A ``<time>``, or a line whose date is in its words: not a link's ("Update: https://x/2017/12/01/")."""
    if next(element.iter("a", "pre", "code"), None) is not None:
        return False
    if element.tag == "time" or next(element.iter("time"), None) is not None:
        return True
    text = " ".join(text_content(element).split())
    if "://" in text or sum(map(_is_label_word, text.split())) > _LABEL_WORDS:
        return False  # a sentence that gives a date ("the packages were last updated on 12/03/2024")
    return find_text_date(text, dateline=True) is not None


def _is_label_word(word: str) -> bool:
    """A word of a dateline's label ("Published", "Sist oppdatert"), not of its date: letters and no digit (a dash
    or a bar between the date and the time is neither)."""
    return any(char.isalpha() for char in word) and not any(char.isdigit() for char in word)


def _last_with_text(content: Element) -> Element | None:
    """The deepest element holding the article's last text or media: of the elements below ``content`` in document
    order, the last that holds such text or is such media (an element's tail counts for its parent, and after its
    own text); found from the end, so that only the article's last elements are read."""
    for element in _backwards(content):
        if element.tail and element.tail.strip():
            parent = element.getparent()
            return parent if parent is not content else None
        if (element.text and element.text.strip()) or element.tag in MEDIA:
            return element
    return None


def _backwards(content: Element) -> Iterator[Element]:
    """The nodes below ``content`` in the reverse of ``content.iter()``'s order: each after its descendants."""
    node = _deepest_last(content)
    while node is not content:
        yield node
        previous = node.getprevious()
        if previous is not None:
            node = _deepest_last(previous)
        else:
            parent = node.getparent()
            assert parent is not None
            node = parent


def _deepest_last(node: Element) -> Element:
    """``node``'s last descendant in document order (``node`` itself when it has no child)."""
    while len(node):
        node = node[-1]
    return node


def _drop_empty_end(content: Element) -> None:
    """Empty wrappers that now end the article (the ``<p></p>`` a heading inside a paragraph leaves)."""
    element = content
    while len(element):
        last = element[-1]
        if last.tag in WRAPPERS and is_empty(last) and not (last.tail and last.tail.strip()):
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
        if heading is None or visible_length(heading) == visible_length(content):
            return  # a heading alone is all the article has: it stays
        if len(text_content(heading).split()) > MAX_TITLE_WORDS:
            return  # a sentence set as a heading is the article's own last word
        remove_with_empty_wrappers(heading, content)
        _drop_empty_end(content)


MAX_TITLE_WORDS = 8
"""Words of a heading that titles furniture ("Add comment", "Join the conversation"): more, and it is a sentence."""

# --- The headline --------------------------------------------------------------------------------
