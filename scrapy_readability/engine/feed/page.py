"""What the page declares about itself, read before Readability's phases change the tree.

``<meta>`` tags, ``<link>``s, ``itemprop``s, ``<time datetime>``, the
datelines a reader sees and the JSON-LD scripts are all gone or moved once
``_removeScripts``, ``_prepDocument`` and ``_grabArticle`` have run, so
:func:`read_page_facts` reads them first, in a few passes over the tags that matter
(lxml's iterators and XPath, in C), and keeps only the values.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from lxml import etree

from ..dom import Element, text_content
from .constants import (
    COPYRIGHT,
    DATE_LABELS,
    DATELINE_HINTS,
    DATELINE_SKIP,
    MAX_TEXT_DATE_CANDIDATES,
    MAX_TEXT_DATE_LENGTH,
    NEAR_TITLE_AFTER,
    NEAR_TITLE_BEFORE,
    META_AUTHOR,
    META_IMAGE,
    META_LANGUAGE,
    META_MODIFIED,
    META_PUBLISHED,
    META_URL,
)
from .dates import find_text_date, parse_date_value, parse_iso, url_date
from .images import web_url
from .jsonld import JsonLd, first_value, image_url, language, names, read_json_ld_nodes
from .language import language_tag


@dataclass
class PageFacts:
    """The feed fields as far as the page declares them (the article itself may fill the gaps)."""

    date_published: str | None = None
    date_modified: str | None = None
    image: str | None = None
    authors: list[str] = field(default_factory=list)
    """Raw author values, best source first (split into names later)."""
    canonical_url: str | None = None
    language: str | None = None
    site_names: list[str] = field(default_factory=list)
    """The site's own names, which are no author's."""


@dataclass
class _Tags:
    """The ``<meta>``, ``<link>`` and ``itemprop`` values of a page, first occurrence of each name."""

    meta: dict[str, str] = field(default_factory=dict)
    meta_authors: list[str] = field(default_factory=list)
    links: dict[str, str] = field(default_factory=dict)
    itemprops: dict[str, str] = field(default_factory=dict)
    itemprop_authors: list[str] = field(default_factory=list)


_ITEMPROPS = frozenset({"datepublished", "datemodified", "datecreated", "image", "inlanguage", "author", "url"})
_LOWER = "translate(@class, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')"
_DATELINES = etree.XPath(
    "//body//*[not(self::script or self::style or self::noscript or self::template)]["
    + " or ".join(f"contains({_LOWER}, '{hint}') or contains(@id, '{hint}')" for hint in DATELINE_HINTS)
    + " or self::time]"
)
_LABELLED = etree.XPath(
    "//body//*[not(self::script or self::style or self::noscript or self::template)][text()["
    + " or ".join(f"contains(., '{label}')" for label in DATE_LABELS)
    + "]]"
)
_NEAR_BEFORE = etree.XPath(f"preceding::*[position() <= {NEAR_TITLE_BEFORE}]")
_NEAR_AFTER = etree.XPath(f"following::*[position() <= {NEAR_TITLE_AFTER}]")
_REL_AUTHORS = etree.XPath("//a[contains(concat(' ', normalize-space(@rel), ' '), ' author ')]")


def read_page_facts(
    root: Element, document_url: str, base_url: str, scripts: list[Any] | None, now: datetime
) -> PageFacts:
    """The page's own dates, image, authors, canonical URL, language and site names.

    ``scripts`` are the JSON-LD scripts' values (``metadata.read_json_ld``), or
    ``None`` when JSON-LD is not to be read (``disable_json_ld``).
    """
    tags = _read_tags(root)
    json_ld = read_json_ld_nodes(scripts) if scripts else JsonLd()
    nodes = json_ld.nodes
    facts = PageFacts()
    facts.image = _first_url(_image_values(tags, nodes, json_ld), base_url)
    facts.date_published = (
        _first_date(_published_values(root, tags, nodes), now)
        or _dateline_date(root, now)
        or _near_title_date(root, now)
        or _labelled_date(root, now)
        or url_date(document_url, now)
        or url_date(facts.image, now)  # a CMS files images by the day they were uploaded
    )
    facts.date_modified = _later_or_none(_first_date(_modified_values(root, tags, nodes), now), facts.date_published)
    facts.canonical_url = _first_url((tags.links.get("canonical"), tags.meta.get("og:url")), base_url)
    facts.authors = _author_values(root, tags, nodes, json_ld)
    facts.language = _declared_language(root, tags, nodes)
    publisher = json_ld.resolve(first_value(nodes, "publisher"))
    facts.site_names = [name for name in (tags.meta.get("og:site_name"),) if name]
    facts.site_names += names(publisher, json_ld) if publisher is not None else []
    return facts


def _read_tags(root: Element) -> _Tags:
    tags = _Tags()
    for meta in root.iter("meta"):
        content = meta.get("content") or meta.get("value")  # some pages (and tools that save them) write value=
        key = meta.get("property") or meta.get("name") or meta.get("itemprop") or meta.get("http-equiv")
        if not content or not key:
            continue
        key = key.strip().lower()
        tags.meta.setdefault(key, content)
        if key in META_AUTHOR:
            tags.meta_authors.append(content)
    for link in root.iter("link"):
        href = link.get("href")
        if href:
            for rel in (link.get("rel") or "").lower().split():
                tags.links.setdefault(rel, href)
    for element in root.xpath("//body//*[@itemprop]"):
        for prop in element.get("itemprop", "").lower().split():
            if prop not in _ITEMPROPS:
                continue
            if prop == "author":
                tags.itemprop_authors.append(_itemprop_name(element))
            elif prop not in tags.itemprops:
                value = _itemprop_value(element)
                if value:
                    tags.itemprops[prop] = value
    return tags


def _itemprop_value(element: Element) -> str:
    """An ``itemprop``'s value as microdata defines it: ``content``, ``datetime``, a URL attribute, else the text."""
    for attribute in ("content", "datetime", "src", "href"):
        value = element.get(attribute)
        if value:
            return value
    return text_content(element).strip()


def _itemprop_name(element: Element) -> str:
    """An ``itemprop=author``'s name: its own ``itemprop=name`` when it has one."""
    for child in element.iterfind(".//*[@itemprop]"):
        if "name" in child.get("itemprop", "").split():
            return _itemprop_value(child)
    return element.get("content") or text_content(element).strip()


# --- Dates ----------------------------------------------------------------------------


def _published_values(root: Element, tags: _Tags, nodes: list[dict[str, Any]]) -> Iterator[object]:
    """Machine-readable publication dates, best first."""
    yield first_value(nodes, "datePublished")
    yield from (tags.meta.get(name) for name in META_PUBLISHED)
    yield tags.itemprops.get("datepublished")
    yield first_value(nodes, "dateCreated", "uploadDate")
    yield tags.itemprops.get("datecreated")
    for time in root.iter("time"):
        if time.get("pubdate") is not None or "publish" in (time.get("class") or "").lower():
            yield time.get("datetime")


def _modified_values(root: Element, tags: _Tags, nodes: list[dict[str, Any]]) -> Iterator[object]:
    """Machine-readable modification dates, best first."""
    yield first_value(nodes, "dateModified")
    yield from (tags.meta.get(name) for name in META_MODIFIED)
    yield tags.itemprops.get("datemodified")
    for time in root.iter("time"):
        if any(word in (time.get("class") or "").lower() for word in ("updated", "modified")):
            yield time.get("datetime")


def _first_date(values: Iterator[object], now: datetime) -> str | None:
    for value in values:
        if value is not None:
            date = parse_date_value(value, now)
            if date is not None:
                return date
    return None


def _dateline_date(root: Element, now: datetime) -> str | None:
    """A date a reader sees near the article: a ``<time datetime>``, or the text of a short element whose
    class or id says it holds a date, in document order (not in comments, footers or copyright lines)."""
    seen = 0
    for element in _DATELINES(root):
        if _not_the_articles(element):
            continue
        if element.tag == "time" and element.get("datetime"):
            date = parse_date_value(element.get("datetime"), now)
            if date is not None:
                return date
        text = text_content(element)
        if len(text) > MAX_TEXT_DATE_LENGTH or COPYRIGHT.search(text):
            continue
        date = find_text_date(text, now)
        if date is not None:
            return date
        seen += 1
        if seen == MAX_TEXT_DATE_CANDIDATES:
            break
    return None


def _near_title_date(root: Element, now: datetime) -> str | None:
    """A date written in the few elements around the first ``<h1>`` (else ``<h2>``): a dateline without a
    telling class."""
    heading = next(root.iter("h1"), None)
    if heading is None:
        heading = next(root.iter("h2"), None)
    if heading is None:
        return None
    return _first_own_text_date((*_NEAR_BEFORE(heading), *_NEAR_AFTER(heading)), now)


def _labelled_date(root: Element, now: datetime) -> str | None:
    """A date right after a word that announces one ("Published", "Veröffentlicht", "发布时间")."""
    return _first_own_text_date(_LABELLED(root)[:MAX_TEXT_DATE_CANDIDATES], now)


def _first_own_text_date(elements: Iterable[Element], now: datetime) -> str | None:
    """The first date in the elements' own text (not their descendants'), skipping copyright lines."""
    for element in elements:
        if element.tag in ("script", "style", "title", "template") or _not_the_articles(element):
            continue
        text = " ".join(part.strip() for part in (element.text, *(child.tail for child in element)) if part)
        if not text or len(text) > MAX_TEXT_DATE_LENGTH or COPYRIGHT.search(text):
            continue
        date = find_text_date(text, now)
        if date is not None:
            return date
    return None


def _not_the_articles(element: Element) -> bool:
    """Whether a date here would be a comment's, a related article's, an update's or the footer's."""
    if DATELINE_SKIP.search(f"{element.get('class') or ''} {element.get('id') or ''}"):
        return True
    return any(True for _ in element.iterancestors("footer"))


def _later_or_none(modified: str | None, published: str | None) -> str | None:
    """A modification date, unless it comes before the publication date (then one of them is wrong)."""
    modified_day, published_day = parse_iso(modified), parse_iso(published)
    if modified_day is None or published_day is None:
        return modified
    return modified if str(modified_day)[:10] >= str(published_day)[:10] else None


# --- Image, canonical URL ---------------------------------------------------------------


def _image_values(tags: _Tags, nodes: list[dict[str, Any]], json_ld: JsonLd) -> Iterator[object]:
    yield from (tags.meta.get(name) for name in META_IMAGE)
    yield image_url(first_value(nodes, "image"), json_ld)
    yield image_url(first_value(nodes, "thumbnailUrl"), json_ld)
    yield tags.itemprops.get("image")
    yield tags.links.get("image_src")


def _first_url(values: Iterator[object] | tuple[object, ...], base_url: str) -> str | None:
    for value in values:
        url = web_url(value, base_url)
        if url is not None:
            return url
    return None


# --- Authors, language ---------------------------------------------------------------------


def _author_values(root: Element, tags: _Tags, nodes: list[dict[str, Any]], json_ld: JsonLd) -> list[str]:
    """Author values from the first source that has any: JSON-LD, ``<meta>``, ``itemprop``, ``rel=author``."""
    author = first_value(nodes, "author", "creator")
    if author is not None:
        found = names(author, json_ld)
        if found:
            return found
    for source in (tags.meta_authors, tags.itemprop_authors):
        found = [value for value in source if value]
        if found:
            return found
    return [text_content(link).strip() for link in _REL_AUTHORS(root)]


def _declared_language(root: Element, tags: _Tags, nodes: list[dict[str, Any]]) -> str | None:
    candidates = (
        root.get("lang"),
        root.get("{http://www.w3.org/XML/1998/namespace}lang") or root.get("xml:lang"),
        *(tags.meta.get(name) for name in META_LANGUAGE),
        language(first_value(nodes, "inLanguage")),
    )
    for candidate in candidates:
        tag = language_tag(candidate)
        if tag is not None:
            return tag
    return None
