"""Furniture: what the page around the article puts in it (text for screen readers, hidden text, permalinks,
breadcrumbs, share buttons, tag lists, a post's meta line, links to the page's source), and an in-page table of
contents."""

from __future__ import annotations

import re
from functools import lru_cache
from urllib.parse import unquote

from lxml import etree

from ...html.dom import Element, text_content
from ...html.urls import InvalidURL, resolve
from .tree import (
    HEADINGS,
    LISTS,
    MEDIA,
    WRAPPERS,
    marked_elements,
    remove_with_empty_wrappers,
    visible_length,
)

# --- Furniture: what a page around the article puts in it --------------------------------------------

_SCREEN_READER_ONLY = re.compile(
    r"(?:^|\s)(?:sr-only|visually-?hidden|screen-reader-(?:text|only)|a11y-hidden|assistive-text)(?:$|\s)",
    re.IGNORECASE,
)
_HIDDEN = frozenset({"hidden", "d-none", "is-hidden", "hide", "u-hidden", "display-none"})
_SHOWN_AT_A_SIZE = re.compile(
    r"^(?:\w+:(?:block|flex|grid|inline|inline-block|inline-flex|table|contents)|"
    r"d-(?:sm|md|lg|xl|xxl)-(?:block|flex|grid|inline|inline-block|inline-flex|table))$"
)


def _hidden_by_class(classes: str) -> bool:
    """A class that hides the element from every reader (``hidden``, Bootstrap's ``d-none``): a paywall's or a
    registration wall's text that the page shows to some visitors only. Not one shown at some screen size
    (``hidden md:block``, ``d-none d-lg-block``), which a reader on a wide screen sees."""
    lowered = classes.lower()
    if "hid" not in lowered and "none" not in lowered:
        return False  # every class of _HIDDEN says one or the other
    tokens = lowered.split()
    return bool(_HIDDEN.intersection(tokens)) and not any(_SHOWN_AT_A_SIZE.match(token) for token in tokens)


_BREADCRUMBS = re.compile(r"(?:^|[\s_-])breadcrumbs?(?:$|[\s_-])", re.IGNORECASE)
_SHARE_SERVICES = re.compile(
    r"^(?:https?:)?//(?:[\w-]+\.)*(?:"
    r"facebook\.com/(?:sharer|share\.php|dialog/share)|(?:twitter|x)\.com/(?:intent|share)|"
    r"linkedin\.com/(?:shareArticle|sharing|cws/share)|reddit\.com/submit|pinterest\.\w+/pin/create|"
    r"plus\.google\.com/share|(?:api\.)?whatsapp\.com/send|wa\.me/\?|t\.me/share|telegram\.me/share|"
    r"news\.ycombinator\.com/submitlink|getpocket\.com/(?:save|edit)|tumblr\.com/(?:share|widgets/share)|"
    r"vk\.com/share\.php|weibo\.com/share|service\.weibo\.com/share|b\.hatena\.ne\.jp/(?:add|entry)|"
    r"social-plugins\.line\.me|mastodonshare\.com|bsky\.app/intent|threads\.net/intent)",
    re.IGNORECASE,
)
_TOP = frozenset({"#", "#top", "#page", "#main", "#content", "#site-top", "#__top"})
_SKIP_TARGET = re.compile(r"content|main|article", re.IGNORECASE)
"""The fragment a "Skip to content" link jumps to."""
_BOX_CLASSES = re.compile(
    r"(?:^|[\s_-])(?:[a-z]*(?:newsletter|signup)[a-z]*|subscribe|subscription|sign-up|mailchimp|mc_embed_signup|"
    r"optin|share|sharing|shares|social-share|share-buttons|sharedaddy|post-nav|post-navigation|nav-links)"
    r"(?:$|[\s_-])",
    re.IGNORECASE,
)
"""Class words of the boxes a page puts in its articles: a newsletter's sign-up (a word of its own or in a compound:
``NewsletterTeaser``, ``inlineSignup``), share buttons, the links to the previous and next post."""
_META_CLASSES = re.compile(r"(?:^|[\s_-])(?:post|entry|article)-meta(?:$|[\s_-])", re.IGNORECASE)
"""Class words of a post's meta line (its date, category, reading time: the feed's fields), which goes unless it
holds half the article or more (a short post's meta line is longer than the post, and then it is kept)."""
_SOURCE_VIEWS = re.compile(
    r"^(?:https?:)?//(?:www\.)?(?:"
    r"(?:github\.com|gitlab\.com|codeberg\.org|bitbucket\.org|gitee\.com)/[^/]+/[^/]+/(?:-/)?"
    r"(?:(?:edit|blame|commits|history)/|(?:blob|raw|src)/[^?#]+\.(?:md|markdown|mdx|rst|adoc|ipynb|txt)\b)|"
    r"raw\.githubusercontent\.com/[^?#]+\.(?:md|markdown|mdx|rst|adoc|ipynb|txt)\b)",
    re.IGNORECASE,
)
"""A code host's view of the page's own source document: "Edit this page", "View source", "History" (not a
link to a project's code, which an article may well be about)."""
_MAX_FURNITURE = 300
_HIDDEN_SHARE = 4
"""A box no reader sees (a class hides it) goes however long it is, if the article is this many times longer (a
registration wall's pitch); a longer one may be the article's text that a script reveals."""
"""Characters of text a piece of furniture may hold: more, and it is not furniture."""


_FURNITURE_ATTRIBUTES = ("class", "id", "aria-label", "itemtype")
"""The attributes :func:`_is_furniture` reads."""


def _drop_furniture(content: Element, url: str) -> None:
    emptied: list[Element] = []
    article_length: int | None = None  # read once, when a hidden box too long for furniture is met
    for element in _furniture_candidates(content):
        if element.getparent() is None or not _is_furniture(element, url):
            continue
        size = visible_length(element)
        if size > _MAX_FURNITURE and _hidden_by_class(element.get("class") or ""):
            if article_length is None:
                article_length = visible_length(content)
            if size * _HIDDEN_SHARE <= article_length:
                remove_with_empty_wrappers(element, content)  # a registration wall no reader sees
            continue
        if size <= _MAX_FURNITURE:
            parent = element.getparent()
            remove_with_empty_wrappers(element, content)
            if parent is not None and parent is not content and _is_tag_or_share(element):
                emptied.append(parent)
    for holder in emptied:
        if holder.getparent() is not None and _holds_only_a_label(holder):
            remove_with_empty_wrappers(holder, content)
    _drop_meta_lines(content)


def _furniture_candidates(content: Element) -> list[Element]:
    """The elements :func:`_is_furniture` can say yes to, in document order: every link and label, and the elements
    with a class, an id, an ``aria-label`` or an ``itemtype`` whose value could mark furniture (most have none)."""
    return marked_elements(content, _FURNITURE_ATTRIBUTES, _may_mark_furniture, also=("a", "label"))


@lru_cache(maxsize=4096)
def _may_mark_furniture(value: str) -> bool:
    """Whether ``value``, as any of the attributes :func:`_is_furniture` reads, would say furniture."""
    return bool(
        value
        and (
            _furniture_classes(value)
            or _BOX_CLASSES.search(value)
            or "breadcrumb" in value.lower()
            or "BreadcrumbList" in value
        )
    )


def _drop_meta_lines(content: Element) -> None:
    """A post's meta line: a box whose class says so, of a few hundred characters, under half the article (the
    box as a whole: its items are not judged one by one)."""
    boxes = marked_elements(content, ("class",), _says_meta_line)
    if not boxes:
        return
    total = visible_length(content)
    marked = set(boxes)
    for box in boxes:
        if any(ancestor in marked for ancestor in box.iterancestors()):
            continue  # an item of the meta line (``post-meta-item``) goes with it or stays with it
        size = visible_length(box)
        if size <= _MAX_FURNITURE and 2 * size < total:
            remove_with_empty_wrappers(box, content)


def _says_meta_line(classes: str) -> bool:
    return "meta" in classes.lower() and _META_CLASSES.search(classes) is not None


def _holds_only_a_label(holder: Element) -> bool:
    """What held tags or share links and now holds only its label ("Tags: ,", "Share on")."""
    return (
        len(text_content(holder).split()) <= 2
        and next(holder.iter("a", *MEDIA), None) is None
        and holder.tag in WRAPPERS | {"ul", "ol"}
    )


def _is_furniture(element: Element, url: str) -> bool:
    attributes = element.attrib
    if attributes:  # most elements have none: only their tag is looked at
        classes = attributes.get("class")
        if classes and _furniture_classes(classes):
            return True
        if "breadcrumb" in (attributes.get("aria-label") or "").lower():
            return True
        if "BreadcrumbList" in (attributes.get("itemtype") or ""):
            return True
        if _BOX_CLASSES.search(attributes.get("id") or ""):
            return True
    if element.tag == "a":
        return _is_furniture_link(element, url)
    return element.tag == "label"  # a form's: its control is gone ("Toggle table of contents sidebar")


@lru_cache(maxsize=4096)
def _furniture_classes(classes: str) -> bool:
    """Whether a class attribute says furniture: text for screen readers only, hidden, a breadcrumb, a box
    (remembered: a page gives many elements the same classes)."""
    return bool(
        _SCREEN_READER_ONLY.search(classes)
        or _hidden_by_class(classes)
        or _BREADCRUMBS.search(classes)
        or _BOX_CLASSES.search(classes)
    )


def _is_tag_or_share(element: Element) -> bool:
    """A link to one of the page's tags (``rel="tag"``), to the previous or next post (``rel="prev"``), or a
    button to a share service or to the page's source: not a link in a sentence ("send us a tweet"), which is
    the author's."""
    if element.tag != "a":
        return False
    if {"tag", "prev", "next"} & set((element.get("rel") or "").lower().split()):
        return True
    href = (element.get("href") or "").strip()
    buttons = _SHARE_SERVICES.search(href) is not None or _SOURCE_VIEWS.search(href) is not None
    return buttons and not _in_a_sentence(element)


def _in_a_sentence(link: Element) -> bool:
    """Whether the text around ``link`` is mostly not links: prose, not a row of buttons."""
    parent = link.getparent()
    if parent is None:
        return False
    linked = sum(visible_length(other) for other in parent.iter("a"))
    return visible_length(parent) > 2 * linked


def _is_furniture_link(link: Element, url: str) -> bool:
    """A link that only jumps within the page, shares it, or names one of its tags."""
    if _is_tag_or_share(link):
        return True
    href = (link.get("href") or "").strip()
    text = " ".join(text_content(link).split())
    fragment = _fragment(href, url)
    if fragment is None:
        return False
    if (f"#{fragment}" in _TOP or _SKIP_TARGET.search(fragment)) and len(text.split()) <= 4:
        return True  # "Back to top", "Skip to content"
    return len(text) <= 2 and not any(char.isalnum() for char in text)  # "#", "¶", "§", "↩": a footnote's "1" stays


def _fragment(href: str, url: str) -> str | None:
    """The fragment of a link to a place in this page (``#x``, or the page's own URL with ``#x``), else None."""
    if href.startswith("#"):
        return href[1:]
    if "#" not in href or not url:
        return None
    target, _, fragment = href.partition("#")
    if target == url.partition("#")[0]:
        return fragment  # the page's own URL, as the article's links are made absolute: nothing to resolve
    try:
        same = resolve(target, url) == resolve(url.partition("#")[0])
    except InvalidURL:
        return None
    return fragment if same else None


def _ids(content: Element) -> set[str]:
    return {value for value in _ID_VALUES(content) if value}


_ID_VALUES = etree.XPath("descendant-or-self::*/@id", smart_strings=False)
"""The ``id`` of ``content`` and of every element below it, as plain strings."""


def _is_in_page_contents(listing: Element, ids: set[str], url: str) -> bool:
    """A list of links, every one to an element of the article (``#id``), and no text outside them."""
    links = list(listing.iter("a"))
    if len(links) < 1:
        return False
    for link in links:
        fragment = _fragment((link.get("href") or "").strip(), url)
        if not fragment or unquote(fragment) not in ids:
            return False
    return sum(map(visible_length, links)) == visible_length(listing)


_CONTENTS_TITLE = 40
"""Characters beside the list in the box that holds a table of contents: its title ("Table of Contents")."""


def _contents_box(listing: Element, content: Element) -> list[Element]:
    """The list, or the box around it that holds nothing else but a title; and the title just above it."""
    box = listing
    size = visible_length(listing)
    parent = listing.getparent()
    while parent is not None and parent is not content and visible_length(parent) - size <= _CONTENTS_TITLE:
        box, parent = parent, parent.getparent()
    title = box.getprevious()
    if title is None or (title.tail or "").strip() or next(title.iter("a"), None) is not None:
        return [box]
    if title.tag in (*HEADINGS, "p", "div", "strong", "b") and 0 < visible_length(title) <= _CONTENTS_TITLE:
        return [title, box]
    return [box]


def _drop_in_page_contents(content: Element, url: str) -> None:
    """A table of contents is the article's headings again, as links."""
    ids = _ids(content)
    if not ids:
        return
    for listing in list(content.iter(*LISTS)):
        if listing.getparent() is None or inside_list(listing, content):
            continue
        if _is_in_page_contents(listing, ids, url):
            for element in _contents_box(listing, content):
                remove_with_empty_wrappers(element, content)


def inside_list(element: Element, content: Element) -> bool:
    parent = element.getparent()
    while parent is not None and parent is not content:
        if parent.tag in LISTS:
            return True
        parent = parent.getparent()
    return False
