"""What the page declares about itself, read before Readability's phases change the tree.

``<meta>`` tags, ``<link>``s, ``itemprop``s, ``<time datetime>``, the
datelines a reader sees, the inline scripts and the JSON-LD scripts are all
gone or moved once ``_removeScripts``, ``_prepDocument`` and ``_grabArticle``
have run, so :func:`read_page_facts` reads them first and keeps only the
values. A pass over a whole tree costs about as much as a tenth of
``parse()``'s budget for these fields, so every page gets two at most: one for
the tags that matter (lxml filters them by name, in C) and one for
``itemprop``s, only on pages that have any. A page that declares no date gets
more, one source at a time until one gives a date: the few elements around the
headline, then one search of the page for elements whose class says date (and,
on a Chinese or Japanese page, for texts labelled "发布时间"), then its
inline scripts.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, timezone
from typing import Any
from urllib.parse import urlsplit

from lxml import etree

from ..._kernels import kernel
from ...html.dom import Element, text_content
from ...html.urls import InvalidURL, resolve, url_host
from .authors import clean_authors
from .constants import (
    AUTHOR_WRITTEN_BY,
    BYLINE_CLASS,
    BYLINE_PREFIX,
    CJK,
    COMMENT,
    COMMENT_WORD,
    COPYRIGHT,
    DATELINE_CLASS,
    DATELINE_DATE_HINT,
    DATELINE_HINT,
    DATELINE_LABEL,
    DATELINE_SKIP,
    DATELINE_SKIP_WORD,
    DATELINE_UPDATE,
    EMBEDDED,
    EMBEDDED_CLASSES,
    HAN,
    LONE_DATE,
    MAX_BYLINE_LENGTH,
    MAX_HEADINGS,
    MAX_LONE_DATE_LENGTH,
    MAX_PAGE_DATELINES,
    MAX_TEXT_DATE_LENGTH,
    META_AUTHOR,
    META_IMAGE,
    META_LANGUAGE,
    META_MODIFIED,
    META_PUBLISHED,
    NEAR_TITLE_AFTER,
    NEAR_TITLE_BEFORE,
    NOT_A_BYLINE,
    NOT_THE_ARTICLE,
    NOT_THE_ARTICLE_TAGS,
    NOT_THE_ARTICLE_WORD,
    PAGE_DATELINE_ANY_LABELS,
    PAGE_DATELINE_CLASS_WORDS,
    PAGE_DATELINE_CLASSES,
    PAGE_DATELINE_LABELS,
    PAGE_FOOTER,
    PUBLISHED_LABEL,
    RELATED_HEADING,
    REPLY_CLASS,
    SCRIPT_DATE,
    SCRIPT_DATE_KEYS,
    TIMESTAMP_ATTRIBUTES,
    UPDATED_LABEL,
    YEAR_IN_TEXT,
)
from .dates import (
    find_text_date,
    iso,
    machine_date,
    parse_date_value,
    parse_iso,
    relative_date,
    unix_date,
    url_date,
)
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
    written_by: list[str] = field(default_factory=list)
    """Authors by Yoast SEO's "Written by" labels, for a page whose byline names none."""
    bylines: list[str] = field(default_factory=list)
    """The text of the page's first element whose class says byline or author, read only when the authors the
    page declares (Yoast's included) are all the site's own names (Readability.js then takes the declaration
    for the byline), for a page whose byline names none either."""


@dataclass
class _Tags:
    """What one pass over the page's ``<meta>``, ``<link>``, ``<base>``, ``<time>``, ``<title>``, inline
    ``<script>``s and headings found (first occurrence of each name), and its ``itemprop`` values."""

    meta: dict[str, str] = field(default_factory=dict)
    meta_authors: list[str] = field(default_factory=list)
    links: dict[str, str] = field(default_factory=dict)
    base: str | None = None
    times: list[Element] = field(default_factory=list)
    abbrs: list[Element] = field(default_factory=list)
    """hAtom's ``<abbr class="published" title="...">`` (the machine's date in the title)."""
    headings: list[Element] = field(default_factory=list)
    """The page's first ``<h1>``-``<h3>``s (at most ``MAX_HEADINGS``), in document order: the headline is one."""
    first_heading: dict[str, Element] = field(default_factory=dict)
    """The first ``<h1>``, the first ``<h2>`` and the first ``<h3>``."""
    title: str | None = None
    scripts: list[Element] = field(default_factory=list)
    """Inline scripts that are not JSON-LD, where some pages keep their only date."""
    itemprops: dict[str, str] = field(default_factory=dict)
    itemprop_authors: list[str] = field(default_factory=list)
    written_by: list[str] = field(default_factory=list)
    """Yoast SEO's "Written by" data."""


_ITEMPROPS = frozenset({"datepublished", "datemodified", "datecreated", "dateupdate", "image", "inlanguage", "author"})
_ITEMPROP_ELEMENTS = etree.XPath("descendant::*[@itemprop]")
_REL_LINKS = etree.XPath("descendant::a/@rel/..")
"""Links with a ``rel`` (tested as attribute nodes: a test of every ``<a>``'s ``rel`` costs several times more)."""
_CLASS_HINT = re.compile(
    "|".join(PAGE_DATELINE_CLASSES)
    + "".join(rf"|(?:^|[ \t\n\r]){word}(?:[ \t\n\r]|\Z)" for word in PAGE_DATELINE_CLASS_WORDS)
)
"""A class or id that says date: one of the words anywhere in it, or a whole word (XPath's blanks around it)."""
_ANY_LABEL = re.compile("|".join(map(re.escape, PAGE_DATELINE_ANY_LABELS)))
_HAN_LABEL = re.compile("|".join(map(re.escape, (*PAGE_DATELINE_ANY_LABELS, *PAGE_DATELINE_LABELS))))
_TEXT_NODES = etree.XPath("text()")
_LONE_DATE_TEXTS = etree.XPath(
    f"descendant::text()[string-length(.) <= {2 * MAX_LONE_DATE_LENGTH}"  # the date and the blanks around it
    " and contains(translate(., '0123456789', '##########'), '##')]"
)
"""Short texts with two digits in a row: a lone date's (a pass over the page, made only when nothing else dates it)."""
_BLOCKS = frozenset({"div", "p", "br", "li", "ul", "ol", "dl", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6"})
_LINES = re.compile(r"(?:\s*\|\s*)+")
Dateline = tuple[Element, str]
"""An element where a dateline may be, and its text."""
_NOT_TEXT = frozenset({"script", "style", "title", "template", "noscript", "head", "select", "option"})


def read_page_facts(
    root: Element, document_url: str, scripts: list[Any] | None, now: datetime, *, microdata: bool = True
) -> PageFacts:
    """The page's own dates, image, authors, canonical URL, language and site names.

    ``scripts`` are the JSON-LD scripts' values (``metadata.read_json_ld``), or
    ``None`` when JSON-LD is not to be read (``disable_json_ld``);
    ``microdata=False`` says the page has no ``itemprop`` (its markup does not
    mention one), which saves a pass over the tree.
    """
    tags = _read_tags(root, microdata)
    base_url = _base_url(tags.base, document_url)
    json_ld = read_json_ld_nodes(scripts) if scripts else JsonLd()
    nodes = json_ld.nodes
    facts = PageFacts()
    facts.image = _first_url(_image_values(tags, nodes, json_ld), base_url)
    facts.date_modified = _first_date(_modified_values(tags, nodes), now)
    # A page that says only when it was last changed was published by then, and on some (Baidu's) that
    # date is the publication's: a feed sorts it there rather than nowhere.
    facts.canonical_url = _first_url((tags.links.get("canonical"), tags.meta.get("og:url")), base_url)
    urls = (document_url, facts.canonical_url)
    facts.date_published = _date_published(root, tags, nodes, urls, facts.image, now) or facts.date_modified
    facts.date_modified = _later_or_none(facts.date_modified, facts.date_published)
    facts.authors = _author_values(root, tags, nodes, json_ld)
    facts.written_by = tags.written_by
    facts.language = _declared_language(root, tags, nodes)
    publisher = json_ld.resolve(first_value(nodes, "publisher"))
    facts.site_names = [name for name in (tags.meta.get("og:site_name"), _host_name(document_url)) if name]
    facts.site_names += names(publisher, json_ld) if publisher is not None else []
    if not clean_authors([*facts.authors, *facts.written_by], facts.site_names):
        facts.bylines = _page_byline(_headlines(tags), facts.site_names)
    return facts


def _read_tags(root: Element, microdata: bool) -> _Tags:
    """One pass over the tags that matter (lxml filters them in C), and one over ``itemprop``s if there are any."""
    tags = _Tags()
    for element in root.iter(
        "meta", "link", "base", "time", "relative-time", "h1", "h2", "h3", "title", "script", "abbr"
    ):
        tag = element.tag
        if tag == "meta":
            _read_meta(element, tags)
        elif tag == "link":
            href = element.get("href")
            if href:
                for rel in (element.get("rel") or "").lower().split():
                    tags.links.setdefault(rel, href)
        elif tag == "base":
            if tags.base is None and element.get("href") is not None:
                tags.base = element.get("href")
        elif tag == "time" or tag == "relative-time":  # GitHub's element for a time it shows as "3 days ago"
            tags.times.append(element)
        elif tag == "abbr":
            if element.get("title") and "published" in (element.get("class") or "").lower().split():
                tags.abbrs.append(element)
        elif tag == "script":
            if element.text and element.get("src") is None and element.get("type") != "application/ld+json":
                tags.scripts.append(element)
        elif tag == "title":
            if tags.title is None:
                tags.title = text_content(element)
        else:
            tags.first_heading.setdefault(str(tag), element)
            if len(tags.headings) < MAX_HEADINGS:
                tags.headings.append(element)
    _read_written_by(tags)
    body = root.find("body")
    if microdata and body is not None:
        for element in _ITEMPROP_ELEMENTS(body):
            _read_itemprop(element, tags)
    return tags


def _read_meta(meta: Element, tags: _Tags) -> None:
    content = meta.get("content") or meta.get("value")  # some pages (and tools that save them) write value=
    key = meta.get("property") or meta.get("name") or meta.get("itemprop") or meta.get("http-equiv")
    if not content or not key:
        return
    key = key.strip().lower()
    tags.meta.setdefault(key, content)
    if key in META_AUTHOR:
        tags.meta_authors.append(content)


def _read_written_by(tags: _Tags) -> None:
    """The author in Yoast SEO's ``twitter:label1`` "Written by" and ``twitter:data1`` pair (any N), and in
    ``twitter:misc:Written by``."""
    for key, label in tags.meta.items():
        if key.startswith("twitter:label") and " ".join(label.split()).casefold() in AUTHOR_WRITTEN_BY:
            data = tags.meta.get("twitter:data" + key.removeprefix("twitter:label"))
            if data:
                tags.written_by.append(data)
    if tags.meta.get("twitter:misc:written by"):
        tags.written_by.append(tags.meta["twitter:misc:written by"])


def _read_itemprop(element: Element, tags: _Tags) -> None:
    for prop in element.get("itemprop", "").lower().split():
        if prop not in _ITEMPROPS:
            continue
        if prop == "author":
            tags.itemprop_authors.append(_itemprop_name(element))
        elif prop not in tags.itemprops:
            value = _itemprop_value(element)
            if value:
                tags.itemprops[prop] = value


def _base_url(href: str | None, document_url: str) -> str:
    """``document.baseURI``: the first ``<base href>`` resolved against the document's URL."""
    if href is None:
        return document_url
    try:
        return resolve(href, document_url)
    except InvalidURL:
        return document_url


def _itemprop_value(element: Element) -> str:
    """An ``itemprop``'s value as microdata defines it: ``content``, ``datetime``, a URL attribute, else the text."""
    for attribute in ("content", "datetime", "src", "href"):
        value = element.get(attribute)
        if value:
            return value
    if element.tag == "abbr" and element.get("title"):  # <abbr itemprop="datePublished" title="2019-03-03">
        return str(element.get("title"))
    return text_content(element).strip()


def _itemprop_name(element: Element) -> str:
    """An ``itemprop=author``'s name: its own ``itemprop=name`` when it has one."""
    for child in element.iterfind(".//*[@itemprop]"):
        if "name" in child.get("itemprop", "").split():
            return _itemprop_value(child)
    return element.get("content") or text_content(element).strip()


# --- Dates ----------------------------------------------------------------------------


def _published_values(tags: _Tags, nodes: list[dict[str, Any]]) -> Iterator[object]:
    """Machine-readable publication dates, best first."""
    yield first_value(nodes, "datePublished")
    yield from (tags.meta.get(name) for name in META_PUBLISHED)
    yield tags.itemprops.get("datepublished")
    yield first_value(nodes, "dateCreated", "uploadDate")
    yield tags.itemprops.get("datecreated")
    yield from (abbr.get("title") for abbr in tags.abbrs)
    for time in tags.times:
        if time.get("pubdate") is not None or "publish" in (time.get("class") or "").lower():
            yield time.get("datetime")


def _modified_values(tags: _Tags, nodes: list[dict[str, Any]]) -> Iterator[object]:
    """Machine-readable modification dates, best first."""
    yield first_value(nodes, "dateModified")
    yield from (tags.meta.get(name) for name in META_MODIFIED)
    yield tags.itemprops.get("datemodified")
    for time in tags.times:
        if any(word in (time.get("class") or "").lower() for word in ("updated", "modified")):
            yield time.get("datetime")
    yield tags.itemprops.get("dateupdate")  # Baidu's pages write when they were last changed there


def _date_published(
    root: Element,
    tags: _Tags,
    nodes: list[dict[str, Any]],
    urls: tuple[str, str | None],
    image: str | None,
    now: datetime,
) -> str | None:
    """The publication date from the most reliable source that gives one: what the page's markup declares,
    its ``<time>``s, the dateline by its headline, its URL, a dateline elsewhere on the page, its canonical
    URL (the page may be fetched under another), its inline scripts, its lead image's URL, a date that
    an element holds alone, and last a relative dateline ("3 hours ago") against the crawl's clock.
    The later sources cost a pass over the page each, so they are read only when the earlier give nothing."""
    date = _first_date(_published_values(tags, nodes), now)
    if date is not None:
        return _shown_day(date, _shown_dates(date, tags, urls, now), now)
    headlines = _headlines(tags, root.find("body")) if tags.times else []
    date = _time_element_date(tags.times, now, headlines, urls)
    if date is not None:
        return date
    near: list[Dateline] = []  # what the first reading saw, for the last one
    updates: list[Dateline] = []  # datelines that say when the article was updated, for the last but one
    headlines = headlines or _headlines(tags, root.find("body"))
    keep = _headline_boxes(headlines)
    date = _first_text_date(_kept(_datelines_near(headlines), near), now, away=False, updates=updates, keep=keep)
    date = date or url_date(urls[0], now)
    if date is not None:
        return date
    elsewhere: list[Dateline] = []
    datelines = _kept(_datelines_in(root.find("body"), tags.title), elsewhere)
    return (
        _first_text_date(datelines, now, away=True, updates=updates, keep=keep)
        # the canonical URL's day, when the page was fetched under another URL (after the page's datelines,
        # which may give the time too)
        or url_date(urls[1], now)
        # a <time> without a datetime= is a date all the same: its text
        or _first_text_date(
            ((t, _short_text(t)) for t in tags.times if not t.get("datetime")),
            now,
            away=True,
            updates=updates,
            keep=keep,
        )
        or _script_date(tags.scripts, now)
        or url_date(image, now, page=False)  # a CMS files images by the day they were uploaded
        or (
            _first_text_date(_lone_dates(root.find("body")), now, away=True, keep=keep)
            if _written_in(tags.title, CJK)
            else None
        )
        # hAtom's rule: an entry's "updated" is its "published" when it has no other (a template's class, not a
        # text that tells the reader it was updated).
        or _first_text_date(
            ((e, text) for e, text in updates if not UPDATED_LABEL.search(text)), now, away=True, keep=keep
        )
        or _first_relative_date(near, now, away=False, keep=keep)
        or _first_relative_date(elsewhere, now, away=True, keep=keep)
        # the document's <title>, last, when it carries a full date ("Ferry timetable | 3 May 2025")
        or _title_date(tags.title, now)
    )


def _kept(datelines: Iterator[Dateline], kept: list[Dateline]) -> Iterator[Dateline]:
    """``datelines``, each also appended to ``kept``."""
    for dateline in datelines:
        kept.append(dateline)
        yield dateline


def _first_date(values: Iterator[object], now: datetime) -> str | None:
    for value in values:
        if value is not None:
            date = parse_date_value(value, now)
            if date is not None:
                return date
    return None


def _headline_boxes(headlines: list[Element]) -> frozenset[Element]:
    """The headline and the boxes that hold it: the article's, whatever their class says ("widget Blog",
    "commented")."""
    return frozenset(a for h in headlines[:1] for a in (h, *h.iterancestors()))


def _time_element_date(
    times: list[Element], now: datetime, headlines: list[Element], urls: tuple[str, str | None]
) -> str | None:
    """The first ``<time datetime>`` by the headline, else of the page, that is not a comment's, a related
    article's, the footer's, an update's, nor another item's (:func:`_another_items`); the day its own text
    shows when that is the local day of the same instant (:func:`_shown_day`)."""
    candidates = [time for time in times if time.get("datetime")]
    if not candidates:
        return None
    keep = _headline_boxes(headlines)
    near = {e for h in headlines for e in (*_preceding(h, NEAR_TITLE_BEFORE), *_following(h, NEAR_TITLE_AFTER))}
    ordered = [t for t in candidates if t in near] + [t for t in candidates if t not in near]
    for time in ordered:
        if _not_the_articles(time) or _is_update(time, ""):
            continue
        date = parse_date_value(time.get("datetime"), now)
        if date is None or _another_items(time, keep, urls):
            continue
        text = _spaced_text(time)
        shown = find_text_date(text, now, dateline=True) if len(text) <= MAX_TEXT_DATE_LENGTH else None
        return _shown_day(date, (shown, url_date(urls[0], now)), now)
    return None


def _shown_dates(machine: str, tags: _Tags, urls: tuple[str, str | None], now: datetime) -> Iterator[str | None]:
    """What the page shows of the day of its machine-readable date ``machine``, most direct first: the text of a
    ``<time>`` whose ``datetime`` is that instant, the page's URL's day, its canonical URL's, the dateline by its
    headline; then the page's other machine-readable values of that instant (``<time datetime>``, ``<meta>``),
    whose offset may be the page's zone. Read only when ``machine`` is an instant with a zone (else there is
    nothing to compare), and one at a time: the first that gives a day decides (:func:`_shown_day`)."""
    stamp = parse_iso(machine)
    if not isinstance(stamp, datetime) or stamp.tzinfo is None:
        return
    for time in tags.times:
        if parse_date_value(time.get("datetime"), now) == machine:
            text = _spaced_text(time)
            if len(text) <= MAX_TEXT_DATE_LENGTH:
                yield find_text_date(text, now, dateline=True)
    yield url_date(urls[0], now)
    yield url_date(urls[1], now)
    headlines = _headlines(tags)
    yield _first_text_date(_datelines_near(headlines), now, away=False, updates=[], keep=_headline_boxes(headlines))
    yield from (parse_date_value(time.get("datetime"), now) for time in tags.times if time.get("datetime"))
    yield from (parse_date_value(tags.meta.get(name), now) for name in META_PUBLISHED if tags.meta.get(name))


SHOWN_ZONES = (-11, 12)
"""The offsets (hours) of the zones that may explain a day shown apart from a UTC date: where nearly every page is
written. (At 11:46 UTC only New Zealand's summer and a few islands are on the next day: a URL's next day is then
a print edition's.)"""


def _shown_day(machine: str, shown: Iterable[str | None], now: datetime) -> str:
    """The machine-readable date ``machine``, or the day the page shows when that is the same instant's local day.

    A page often declares its date as an instant in UTC (``2019-03-03T23:30:00Z``) and shows the reader, in
    its URL or its dateline, the day of its own zone (``/2019/03/04/``, "4 March 2019"): a feed sorts by the
    day the reader sees. The first of ``shown`` that gives a day decides. The shown day wins when it is the
    day after or before the machine's and converting explains it: the machine's value is in UTC, and some
    zone between UTC-11 and UTC+12 (:data:`SHOWN_ZONES`) puts that instant on the shown day. Then the machine's
    instant is kept, written in the page's zone, when a time shown on that day (or another of the page's
    machine values of that instant) gives the zone's offset (a multiple of a quarter of an hour:
    ``2019-03-04T10:30:00+11:00``); else the shown day alone (the zone, and so the time, not known). A value in
    another zone (``+02:00``) is the page's local time already: the shown day wins over it only when a shown
    time gives the offset that converts it. In every other case ``machine`` stays: no zone, the same day, two
    days apart, a day no zone explains (05:00 UTC is nowhere the next day), a shown time with its own zone
    that is another instant."""
    stamp = parse_iso(machine)
    if not isinstance(stamp, datetime) or stamp.tzinfo is None:
        return machine
    values = (seen for seen in map(parse_iso, shown) if seen is not None)
    first = next(values, None)
    if first is None:
        return machine
    day = first.date() if isinstance(first, datetime) else first
    instant = stamp.astimezone(UTC).replace(tzinfo=None)
    west, east = SHOWN_ZONES
    if abs((day - stamp.date()).days) != 1 or not (instant + timedelta(hours=west)).date() <= day:
        return machine
    if day > (instant + timedelta(hours=east)).date():
        return machine
    if isinstance(first, datetime) and first.tzinfo is not None and first != stamp:
        return machine  # a time shown with its zone: another instant
    for seen in (first, *values):
        if not isinstance(seen, datetime) or seen.date() != day:
            continue
        if seen.tzinfo is not None:
            if seen == stamp:
                return iso(seen)
            continue
        offset = seen.replace(second=0, microsecond=0) - instant.replace(second=0, microsecond=0)
        if not offset % timedelta(minutes=15) and west <= offset / timedelta(hours=1) <= east:
            return iso(stamp.astimezone(timezone(offset)))
    return iso(day) if stamp.utcoffset() == timedelta(0) else machine


def _headlines(tags: _Tags, body: Element | None = None) -> list[Element]:
    """Where the headline, and so the dateline, may be: the heading whose text the page's title
    (``og:title``, ``<title>``) holds or is held in, the longest such (in "Headline - Site", the heading
    "Site" is the logo's), and the first ``<h1>`` (else ``<h2>``, else ``<h3>``), which is often the site's
    logo but on other pages the headline the title does not repeat. Given the ``body``, when no heading holds
    the title's headline, any element that does (a ``<dt>``, a ``<p class="title">``, a ``<div>``)."""
    first = tags.first_heading
    found = [heading for heading in (first.get("h1", first.get("h2", first.get("h3"))),) if heading is not None]
    titles = [" ".join(t.split()).casefold() for t in (tags.meta.get("og:title"), tags.title) if t and t.strip()]
    best, best_length = None, 0
    for heading in tags.headings:
        text = " ".join(text_content(heading).split()).casefold()
        if len(text) > best_length and len(text) >= 4 and any(text in title or title in text for title in titles):
            best, best_length = heading, len(text)
    if body is not None and titles and best_length < _headline_length(titles) // 2:
        best = _first_not_none(_titled_element(body, titles, max(best_length, 9)), best)
    if best is None:
        return found
    return [best, *(h for h in found if h is not best)]


def _first_not_none(*elements: Element | None) -> Element | None:
    return next((element for element in elements if element is not None), None)


_TITLE_PARTS = re.compile(r"\s+[|\-–—:·»]+\s+")
_TITLED_TAGS = ("p", "div", "dt", "dd", "span", "strong", "b", "td", "header", "a", "h4", "h5", "h6", "li")


def _headline_length(titles: list[str]) -> int:
    """The length of the longest part of the titles ("Headline - Site": the headline's)."""
    return max(len(part) for title in titles for part in _TITLE_PARTS.split(title))


def _titled_element(body: Element, titles: list[str], longer_than: int) -> Element | None:
    """The element, of a few that hold text, whose whole text is the headline part of a title ("Headline" of
    "Headline - Site": its longest part, not the site's name) or the whole title, the longest such."""
    parts = set()
    for title in titles:
        split = _TITLE_PARTS.split(title)
        parts.add(title)
        parts.add(max(split, key=len))
    best, best_length = None, longer_than
    for element in body.iter(*_TITLED_TAGS):
        if len(element) > 3 or not (element.text or len(element)):
            continue  # a box of many elements is no headline
        text = " ".join(text_content(element).split()).casefold()
        if best_length < len(text) <= 300 and text in parts:
            best, best_length = element, len(text)
    return best


def _datelines_near(headlines: list[Element]) -> Iterator[Dateline]:
    """Where a reader sees the dateline by a headline: the few elements around it, with their text (the
    whole text of one whose class or id says it holds a date, else its own text, not its descendants')."""
    for heading in headlines:
        for element in (*_preceding(heading, NEAR_TITLE_BEFORE), *_following(heading, NEAR_TITLE_AFTER)):
            if element.tag in _NOT_TEXT:
                continue
            if DATELINE_HINT.search(f"{element.get('class') or ''} {element.get('id') or ''}"):
                text = _spaced_text(element)
            elif _parts_of_a_line(element):
                text = _spaced_text(element)  # <div><span>3 March</span> <span>10:15</span> <span>2019</span></div>
            else:
                text = _own_text(element)
            yield element, text


_INLINE = frozenset({"span", "time", "b", "strong", "em", "i", "small", "abbr", "a", "font", "sup"})
MAX_LINE_PARTS = 6


def _parts_of_a_line(element: Element) -> bool:
    """Whether ``element`` is a short line written in a few inline elements and nothing else (a dateline split
    across ``<span>``s), whose parts are read together."""
    if not 2 <= len(element) <= MAX_LINE_PARTS or (element.text or "").strip():
        return False
    return all(child.tag in _INLINE and len(child) == 0 and not (child.tail or "").strip() for child in element)


def _datelines_in(body: Element | None, title: str | None) -> Iterator[Dateline]:
    """The page's elements whose class says they hold a date, or, on a page in Chinese or Japanese, whose
    text has a label that says published ("发布时间：") or when ("日期："), with their text; after a label
    with no date of its own, the element that follows it (``<dt>配信開始日</dt><dd>2019/3/5</dd>``, a
    ``<th>`` and its ``<td>``)."""
    if body is None:
        return
    find = labelled_datelines if _written_in(title, HAN) else classed_datelines
    for element in find(body):
        if element.tag in _NOT_TEXT:
            continue
        text = _short_text(element)
        yield element, text
        value = element.getnext()
        if value is not None and value.tag not in _NOT_TEXT and not YEAR_IN_TEXT.search(text):
            yield value, _short_text(value)


@kernel("7207da9e54bf71a6", "_dateline_candidates", "_holds_label")
def classed_datelines(body: Element) -> list[Element]:
    """The first elements below ``body`` whose class or id says date, or with a text node that has a label which
    says a date follows ("Published", "Stand:"), ``body`` itself by its text: those :func:`_datelines_in` reads."""
    return _dateline_candidates(body, _ANY_LABEL)


@kernel("26c7ee2bdc3c883b", "_dateline_candidates", "_holds_label")
def labelled_datelines(body: Element) -> list[Element]:
    """:func:`classed_datelines`, the labels of a page in Chinese or Japanese too ("发布时间", "日期")."""
    return _dateline_candidates(body, _HAN_LABEL)


def _dateline_candidates(body: Element, labels: re.Pattern[str]) -> list[Element]:
    """The first ``MAX_PAGE_DATELINES`` elements, in document order, that XPath's
    ``descendant::*/@*[(name() = 'class' or name() = 'id') and (contains(., 'date') or ...)]/.. |
    descendant::text()[contains(., 'Published') or ...]/..`` finds, in one walk: a query that tests every text
    node for thirty labels (each test a copy of its string) costs more than the rest of the feed's fields."""
    found = [body] if _holds_label(body, labels) else []
    hint = _CLASS_HINT.search
    for element in body.iterdescendants(etree.Element):
        if len(found) == MAX_PAGE_DATELINES:
            break
        name, key = element.get("class"), element.get("id")
        if (name and hint(name)) or (key and hint(key)) or _holds_label(element, labels):
            found.append(element)
    return found


def _holds_label(element: Element, labels: re.Pattern[str]) -> bool:
    """Whether one of ``element``'s own text nodes holds a label. lxml's ``.text`` and ``.tail`` join a run of text
    nodes, so a label they hold is looked for again node by node (XPath's ``text()``)."""
    text = element.text
    if not (text and labels.search(text)) and not any(child.tail and labels.search(child.tail) for child in element):
        return False
    return any(labels.search(node) for node in _TEXT_NODES(element))


def _short_text(element: Element) -> str:
    """An element's text, or its own text (without its descendants') when the whole is too long for a dateline."""
    text = _spaced_text(element)
    return _own_text(element) if len(text) > MAX_TEXT_DATE_LENGTH else text


def _spaced_text(element: Element) -> str:
    """An element's text with a space between its elements' texts: "By Jane Roe" and "March 3, 2019" in two
    elements are not "RoeMarch 3, 2019" (a month glued to a word is no month)."""
    return " ".join(part.strip() for part in element.itertext() if part.strip())


def _title_date(title: str | None, now: datetime) -> str | None:
    """A full date the document's ``<title>`` carries ("Ferry timetable | 3 May 2025"), not a copyright's."""
    if not title or len(title) > 2 * MAX_TEXT_DATE_LENGTH or COPYRIGHT.search(title) or not YEAR_IN_TEXT.search(title):
        return None
    return find_text_date(title, now)


def _own_text(element: Element) -> str:
    """An element's text without its descendants': its text and its children's tails."""
    return " ".join(part.strip() for part in (element.text, *(child.tail for child in element)) if part)


def _first_text_date(
    datelines: Iterable[Dateline],
    now: datetime,
    *,
    away: bool,
    updates: list[Dateline] | None = None,
    keep: frozenset[Element] = frozenset(),
) -> str | None:
    """The first full date written in the text of one of ``datelines`` (a short one: a long text is no
    dateline), not a comment's, a related article's or the footer's; ``away`` from the headline, not one in
    a comment, a list of other articles, a sidebar or the page's footer (by the headline, the layout's
    classes say too little: a page's ``<body>`` may have a class "with-sidebar", its headline's box one
    "aside"). Those that say when the article was updated go to ``updates`` when it is given.
    Where an element is is looked at only once its text gives a date: most give none."""
    for element, text in datelines:
        if len(text) > MAX_TEXT_DATE_LENGTH or COPYRIGHT.search(text):
            continue
        date = find_text_date(text, now) if YEAR_IN_TEXT.search(text) else None
        if date is None and DATELINE_DATE_HINT.search(text) and _says_dateline(element, text):
            date = find_text_date(text, now, dateline=True)  # 3.4.19, 3/4/19 10:15 AM
        # hAtom's <abbr class="published" title="2016-06-13T1603Z">Jun 13, 4:03 PM</abbr>: the year in the title
        date = date or machine_date(element.get("title"), now) or _timestamp_attribute_date(element, now)
        if date is None or _not_the_articles(element, keep) or _another_items(element, keep):
            continue
        if updates is not None and _is_update(element, text):
            updates.append((element, text))
        elif not (away and _outside_the_article(element, keep)):
            return date
    return None


def _says_dateline(element: Element, text: str) -> bool:
    """Whether the page says ``text`` is a dateline: it is a ``<time>``'s, its element's class or id says date,
    or a label ("Posted", "Stand:") leads to its date."""
    if element.tag == "time" or DATELINE_LABEL.search(text):
        return True
    return DATELINE_CLASS.search(f"{element.get('class') or ''} {element.get('id') or ''}") is not None


_TITLE_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
MAX_ITEM_SIBLINGS = 12
"""Siblings of an item (an ``<li>``, an ``<article>``) looked at to tell a list of other items."""


def _another_items(element: Element, keep: frozenset[Element], urls: tuple[str, str | None] = ("", None)) -> bool:
    """Whether a date at ``element`` is another item's than the page's own, by the markup around it up to the
    boxes that hold the headline (``keep``, the article's): a quotation or an embedded post (``<blockquote>``,
    a class word ``embed``, ``tweet``, ``instagram-media``), a comment or a reply (class words), an
    ``<article>`` other than the one that holds the headline, an ``<li>`` or ``<article>`` of a list whose
    items each link to a page and carry a date (related posts, recent posts, an events widget), or a teaser: a
    box whose heading links to another page (``<h3><a href="/other">``, ``<a href="/other"><h3>``). A link
    around the date alone (a permalink, an archive's day) is no teaser."""
    for ancestor in (element, *element.iterancestors()):
        if ancestor in keep:
            return False
        tag = ancestor.tag
        attributes = f"{ancestor.get('class') or ''} {ancestor.get('id') or ''}"
        if tag == "blockquote" or (EMBEDDED.search(attributes) and not EMBEDDED_CLASSES.isdisjoint(attributes.split())):
            return True
        if COMMENT.search(attributes) and (_has_word(attributes, COMMENT_WORD) or REPLY_CLASS.search(attributes)):
            return True
        if not keep:
            continue  # no headline: the article's box is not known
        if tag == "article" and any(box in keep for box in ancestor.iterancestors("article")):
            return True  # an article embedded in the article
        if tag in ("li", "article") and _is_item(ancestor) and _listed(ancestor):
            return True
        if _titled_link(ancestor, element, urls):
            return True
    return False


def _is_item(box: Element) -> bool:
    """Whether ``box`` carries a date (a ``<time>``, or a short text with a date) and a link with text."""
    has_link = any(link.get("href") and _LETTERS.search(text_content(link)) for link in box.iter("a"))
    if not has_link:
        return False
    if any(True for _ in box.iter("time")):
        return True
    text = _short_text(box)
    return len(text) <= MAX_TEXT_DATE_LENGTH and bool(YEAR_IN_TEXT.search(text)) and find_text_date(text) is not None


def _listed(item: Element) -> bool:
    """Whether a sibling of ``item`` with its tag is an item too (:func:`_is_item`)."""
    tag = str(item.tag)
    siblings = [*item.itersiblings(tag, preceding=True), *item.itersiblings(tag)]
    return any(_is_item(sibling) for sibling in siblings[:MAX_ITEM_SIBLINGS])


_LETTERS = re.compile(r"[^\W\d_]{2}")


def _resolved(href: str, base: str) -> str:
    try:
        return resolve(href, base)
    except InvalidURL:
        return href


def _titled_link(box: Element, element: Element, urls: tuple[str, str | None]) -> bool:
    """Whether ``box`` is a link to another page around a heading, or holds a heading whose link goes to another
    page: a teaser's title, beside the date at ``element`` (a heading that holds the date is a dateline's)."""
    headings = list(itertools.islice(box.iter(*_TITLE_HEADINGS), 2))
    if len(headings) != 1 or headings[0] is element or any(a is headings[0] for a in element.iterancestors()):
        return False  # no title, or the box of several (a part of the page, not one teaser), or the date's own
    heading = headings[0]
    if not _a_title(text_content(heading)):
        return False  # a logo, "Comments (3)", "Share"
    if box.tag == "a":
        return _links_away(box, urls)
    if any(_links_away(link, urls) for link in heading.iter("a")):
        return True
    for link in heading.iterancestors("a"):  # <a href="/other"><h3>...</h3></a> inside the box
        if link is box or any(ancestor is box for ancestor in link.iterancestors()):
            if _links_away(link, urls):
                return True
    return False


_TITLE_WORDS = re.compile(r"[^\W\d_]{2,}")
MIN_TITLE_WORDS = 3
MIN_TITLE_HAN = 8


def _a_title(text: str) -> bool:
    """Whether a heading's text may be a title: three words or more, or eight Han characters or kana."""
    if len(_TITLE_WORDS.findall(text)) >= MIN_TITLE_WORDS:
        return True
    return _written_in(text, HAN) and sum(1 for c in text if any(lo <= c <= hi for lo, hi in HAN)) >= MIN_TITLE_HAN


def _links_away(link: Element, urls: tuple[str, str | None]) -> bool:
    """Whether ``link`` goes to another page than this one (its URL or its canonical URL), not to a part of it,
    nor to the site's front page (a logo's link)."""
    href = (link.get("href") or "").strip()
    if not href or href.startswith(("#", "javascript:")):
        return False
    if urls[0] and urlsplit(_resolved(href, urls[0])).path in ("", "/"):
        return False
    for url in urls:
        if url:
            try:
                if resolve(href, url).split("#", 1)[0].rstrip("/") == url.split("#", 1)[0].rstrip("/"):
                    return False
            except InvalidURL:
                return False
    return True


def _timestamp_attribute_date(element: Element, now: datetime) -> str | None:
    """The Unix time a timestamp's attribute holds when its text has no year (``<span class="_timestamp"
    data-time="1466522845">Jun 21</span>``, Facebook's ``data-utime``)."""
    for name in TIMESTAMP_ATTRIBUTES:
        value = element.get(name)
        date = unix_date(value, now) or machine_date(value, now)
        if date is not None:
            return date
    return None


def _written_in(text: str | None, ranges: tuple[tuple[str, str], ...]) -> bool:
    """Whether ``text`` has a character in one of ``ranges`` (lowest first): most titles have none above the
    first range's start, which ``max`` tells at C speed."""
    if not text or max(text) < ranges[0][0]:
        return False
    return any(low <= char <= high for char in text for low, high in ranges)


def _lone_dates(body: Element | None) -> Iterator[Dateline]:
    """Elements whose whole text is a date, numbers alone and the year first (``<p class="section-last">
    2019.03.05</p>``, ``2019年3月5日``): a page that dates itself nowhere else may date itself so. Read on
    pages in Chinese, Japanese and Korean, which write dates so: a pass over every text of the page costs
    a sixth of ``parse()``. (Written the year last, such a date is as often a sidebar's, a community's
    founding, a user's joining.)"""
    if body is None:
        return
    for text in _LONE_DATE_TEXTS(body)[:MAX_PAGE_DATELINES]:
        element = text.getparent()
        if element is None or text.is_tail or element.tag in _NOT_TEXT or not text.strip():
            continue  # (a tail is a text between elements: no element of its own)
        whole = text_content(element).strip()
        if len(whole) <= MAX_LONE_DATE_LENGTH and LONE_DATE.fullmatch(whole):
            yield element, whole


def _first_relative_date(
    datelines: Iterable[Dateline], now: datetime, *, away: bool, keep: frozenset[Element] = frozenset()
) -> str | None:
    """The first day the text of one of ``datelines`` names relative to the crawl's clock ("3 hours ago";
    "gestern" in an element whose class or id says date or time only); ``away`` from the headline, where
    the article is."""
    for element, text in datelines:
        hinted = DATELINE_HINT.search(f"{element.get('class') or ''} {element.get('id') or ''}") is not None
        date = relative_date(text, now, day_words=hinted)
        if date is None or _not_the_articles(element, keep) or _is_update(element, text):
            continue
        if not (away and _outside_the_article(element, keep)):
            return date
    return None


_DOCUMENT_WRITE = re.compile(r"""document\.write(?:ln)?\(\s*(["'])(.{6,300}?)(?<!\\)\1""")
_TAGS = re.compile(r"<[^>]*>")


def _script_date(scripts: list[Element], now: datetime) -> str | None:
    """The first publication date an inline script gives as the value of a key that says so, else the first
    full date one writes into the page (``document.write('Posted 3 March 2019')``), not a copyright's."""
    return _script_key_date(scripts, now) or _document_write_date(scripts, now)


def _document_write_date(scripts: list[Element], now: datetime) -> str | None:
    for script in scripts:
        text = script.text or ""
        if "document.write" not in text:
            continue
        for match in _DOCUMENT_WRITE.finditer(text):
            written = " ".join(_TAGS.sub(" ", match.group(2)).split())
            if YEAR_IN_TEXT.search(written) and not COPYRIGHT.search(written):
                date = find_text_date(written, now)
                if date is not None:
                    return date
    return None


def _script_key_date(scripts: list[Element], now: datetime) -> str | None:
    for script in scripts:
        text = script.text or ""
        if not any(key in text for key in SCRIPT_DATE_KEYS):  # most scripts name none: a cheap test first
            continue
        for match in SCRIPT_DATE.finditer(text):
            if match.start() > 0 and (text[match.start() - 1].isalnum() or text[match.start() - 1] in "_-"):
                continue
            date = parse_date_value(match.group(1), now)
            if date is not None:
                return date
    return None


def _following(element: Element, limit: int) -> list[Element]:
    """XPath's ``following::*[position() <= limit]``, without walking the rest of the document."""
    found: list[Element] = []
    node: Element | None = element
    while node is not None:
        for sibling in node.itersiblings():
            for descendant in sibling.iter(etree.Element):
                found.append(descendant)
                if len(found) == limit:
                    return found
        node = node.getparent()
    return found


def _preceding(element: Element, limit: int) -> list[Element]:
    """XPath's ``preceding::*[position() <= limit]`` (the nearest ones, in document order), without ancestors."""
    found: list[Element] = []
    node: Element | None = element
    while node is not None:
        for sibling in node.itersiblings(preceding=True):
            for descendant in reversed(list(sibling.iter(etree.Element))):
                found.append(descendant)
                if len(found) == limit:
                    return found[::-1]
        node = node.getparent()
    return found[::-1]


def _not_the_articles(element: Element, keep: frozenset[Element] = frozenset()) -> bool:
    """Whether a date here would be a comment's, a related article's or the footer's (by its class words)."""
    attributes = f"{element.get('class') or ''} {element.get('id') or ''}"
    if element not in keep and DATELINE_SKIP.search(attributes) and _has_word(attributes, DATELINE_SKIP_WORD):
        return True
    return _page_footer(element)


_WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def _has_word(attributes: str, words: re.Pattern[str]) -> bool:
    """Whether a class or id has one of ``words`` as a word: a class, or a part of one between hyphens,
    underscores, digits or a lower-to-upper case change ("related-posts", "commentList"), not a part of a
    longer word ("commented")."""
    return any(words.fullmatch(word.lower()) for word in _WORDS.findall(attributes))


def _is_update(element: Element, text: str) -> bool:
    """Whether a date here says when the article was updated: its class says so, and its text does not say
    "Published" (some pages keep the publication date in an element whose class says "updated"), and it is
    not a comment's, a related article's or the footer's."""
    attributes = f"{element.get('class') or ''} {element.get('id') or ''}"
    return (
        DATELINE_UPDATE.search(attributes) is not None
        and PUBLISHED_LABEL.search(text) is None
        and not _not_the_articles(element)
    )


def _page_footer(element: Element) -> bool:
    """Whether ``element`` is in a ``<footer>`` that is the page's, not an ``<article>``'s."""
    return any(not _in_article(footer) for footer in element.iterancestors("footer"))


def _outside_the_article(element: Element, keep: frozenset[Element] = frozenset()) -> bool:
    """Whether ``element`` sits in a comment, a list of other articles, a sidebar, a menu or the page's footer
    (an ``<article>``'s own footer is the article's), by its ancestors' class words; the boxes in ``keep``
    (those that hold the headline) are the article's."""
    for ancestor in element.iterancestors():
        if ancestor in keep:
            continue
        tag = ancestor.tag
        if tag in NOT_THE_ARTICLE_TAGS:
            return True
        attributes = f"{ancestor.get('class') or ''} {ancestor.get('id') or ''}"
        if NOT_THE_ARTICLE.search(attributes) and _has_word(attributes, NOT_THE_ARTICLE_WORD):
            return True
        if (tag == "footer" or PAGE_FOOTER.search(attributes)) and not _in_article(ancestor):
            return True
    return False


def _in_article(element: Element) -> bool:
    return any(True for _ in element.iterancestors("article"))


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
    links = _REL_LINKS(root)
    return [text_content(link).strip() for link in links if "author" in (link.get("rel") or "").lower().split()]


def _page_byline(headlines: list[Element], site_names: list[str]) -> list[str]:
    """The text of the first element by the headline whose class says byline or author and whose text names
    someone other than the site (the innermost of nested ones; not a comment's, a photo's credit, a button), one
    that says "By" first; else none."""
    seen: set[Element] = set()
    candidates = []
    for heading in headlines:
        for element in (*_preceding(heading, NEAR_TITLE_BEFORE), heading, *_following(heading, NEAR_TITLE_AFTER)):
            if element not in seen and BYLINE_CLASS.search(element.get("class") or ""):
                seen.add(element)
                candidates.append(element)
    first: list[str] = []
    for text in _page_bylines(candidates):
        prefixed = BYLINE_PREFIX.match(text) is not None
        if (prefixed or not first) and clean_authors([text], site_names):
            if prefixed:
                return [text]
            first = [text]
    return first


def _page_bylines(candidates: list[Element]) -> Iterator[str]:
    """The text of each of ``candidates`` that may be a byline."""
    for index, element in enumerate(candidates):
        if element.tag in _NOT_TEXT or element.tag == "button":  # "Follow the author", "Cancel"
            continue
        following = candidates[index + 1] if index + 1 < len(candidates) else None
        if following is not None and any(ancestor is element for ancestor in following.iterancestors()):
            continue  # a box around a byline: its own is the byline
        attributes = f"{element.get('class') or ''} {element.get('id') or ''}"
        if NOT_THE_ARTICLE.search(attributes) or NOT_A_BYLINE.search(attributes):
            continue
        text = " ".join(text_content(element).split())
        if not text or len(text) > MAX_BYLINE_LENGTH or RELATED_HEADING.search(text):
            continue
        if any(True for _ in element.iterancestors("figure", "figcaption")):
            continue  # a photo's credit
        if not _outside_the_article(element):
            yield _byline_text(element)


def _byline_text(element: Element) -> str:
    """An element's text with a ``|`` where a block (``<div>``, ``<p>``, ``<br>``...) begins or ends and a space
    between others, so that the layout's lines and words stay apart ("By Joe Davidson | Washington Post | Dec
    13, 2016", not "By Joe DavidsonWashington PostDec 13, 2016")."""
    parts: list[str] = []

    def walk(node: Element) -> None:
        parts.append(node.text or "")
        for child in node:
            block = child.tag in _BLOCKS
            parts.append(" | " if block else " ")
            if child.tag not in _NOT_TEXT:
                walk(child)
            parts.append(" | " if block else " ")
            parts.append(child.tail or "")

    walk(element)
    return _LINES.sub(" | ", " ".join("".join(parts).split())).strip(" |")


def _host_name(url: str) -> str | None:
    """The page's host without ``www.``: a site that names itself as the author often does so by it."""
    host = url_host(url)
    return host.removeprefix("www.") if host else None


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
