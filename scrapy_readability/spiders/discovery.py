"""Where a site lists its articles: robots.txt, sitemaps (indexes, gzipped, news sitemaps) and feeds.

Every reader here takes bytes and returns entries (a URL and the date the
document gives it, if any), or raises :class:`NotADocument` with a reason a
log line can give; none imports Scrapy's engine, so each is tested on bytes.

Limits, so that no document can take the crawl down: a sitemap is read as a
stream and at most :data:`MAX_SITEMAP_URLS` entries are taken from it (the
sitemap protocol's own limit per file); a gzipped document is decompressed up
to :data:`MAX_DOCUMENT_SIZE` (the protocol's limit, uncompressed), with
Scrapy's ``gunzip``; XML is parsed without entities or network access.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from io import BytesIO
from urllib.parse import urljoin

from lxml import etree
from scrapy.utils.gz import gunzip

__all__ = [
    "FEED_PATHS",
    "FEED_TYPES",
    "MAX_DOCUMENT_SIZE",
    "MAX_SITEMAP_URLS",
    "SITEMAP_PATHS",
    "Document",
    "Entry",
    "Feed",
    "NotADocument",
    "Sitemap",
    "document_kind",
    "parse_date",
    "read_document",
    "read_feed",
    "read_sitemap",
    "robots_sitemaps",
    "unpack",
]

MAX_SITEMAP_URLS = 50_000
"""Entries taken from one sitemap: the sitemap protocol's limit per file (sitemaps.org)."""

MAX_DOCUMENT_SIZE = 50 * 2**20
"""Bytes a sitemap or feed may have, uncompressed: the sitemap protocol's limit (50 MiB)."""

SITEMAP_PATHS = ("/sitemap.xml", "/sitemap_index.xml", "/sitemap-index.xml")
"""Where sitemaps are looked for when robots.txt names none (the protocol's default, WordPress/Yoast's index,
Astro's index), the likeliest first."""

FEED_PATHS = ("/feed", "/rss", "/rss.xml", "/feed.xml", "/atom.xml", "/index.xml")
"""Where feeds are looked for when the start pages link to none (WordPress, Ghost, Hugo, Jekyll, Blogger...)."""

FEED_TYPES = frozenset(
    {"application/rss+xml", "application/atom+xml", "application/rdf+xml", "application/feed+json", "application/json"}
)
"""The ``type`` of a ``<link rel="alternate">`` that announces a feed."""

SITEMAP_ROOTS = frozenset({"urlset", "sitemapindex"})
FEED_ROOTS = frozenset({"rss", "feed", "RDF"})
GZIP_MAGIC = b"\x1f\x8b"
_FIRST_ELEMENT = re.compile(rb"<([A-Za-z_][\w.:-]*)")
_PROLOG = re.compile(rb"^(?:\s|<\?.*?\?>|<!--.*?-->|<!DOCTYPE[^>]*>)*", re.S | re.I)


class NotADocument(Exception):
    """The bytes are not the sitemap or feed they were fetched as; the message says why."""


@dataclass(frozen=True)
class Entry:
    """A URL a sitemap or feed lists, and its date when the document gives one (publication, else modification)."""

    url: str
    date: datetime | None = None


@dataclass(frozen=True)
class Sitemap:
    """A sitemap's entries: pages (``urlset``) or more sitemaps (``sitemapindex``)."""

    index: bool
    entries: list[Entry]
    truncated: bool = False  # it listed more than MAX_SITEMAP_URLS (or the limit given)


@dataclass(frozen=True)
class Feed:
    """A feed's entries, and how its bytes were decoded when they were not in the encoding they declare."""

    entries: list[Entry]
    decoded_as: str | None = None


def unpack(body: bytes, max_size: int = MAX_DOCUMENT_SIZE) -> bytes:
    """The document's bytes, gunzipped (with Scrapy's gunzip, up to ``max_size``) when they are gzipped."""
    if body[:2] != GZIP_MAGIC:
        return body
    try:
        return gunzip(body, max_size=max_size)
    except ValueError:  # Scrapy's _DecompressionMaxSizeExceeded
        raise NotADocument(f"larger than {max_size:,} bytes once decompressed") from None
    except (OSError, EOFError) as error:
        raise NotADocument(f"corrupt gzip data ({error})") from None


def document_kind(body: bytes) -> str | None:
    """``sitemap``, ``feed`` (RSS, Atom, RDF or JSON Feed), or ``None``, from the first element (or JSON key)."""
    start = body.lstrip(b"\xef\xbb\xbf \t\r\n")[:4096]
    if start.startswith(b"{"):
        return "feed" if b"jsonfeed.org" in start else None
    found = _FIRST_ELEMENT.match(start, _PROLOG.match(start).end()) if start.startswith(b"<") else None  # type: ignore[union-attr]
    if found is None:
        return None
    name = found.group(1).decode("ascii", "replace").rpartition(":")[2]
    return "sitemap" if name in SITEMAP_ROOTS else "feed" if name in FEED_ROOTS else None


@dataclass(frozen=True)
class Document:
    """What a fetched sitemap or feed turned out to be: read, or why not (``error``, for a log line)."""

    kind: str | None  # "sitemap", "feed", or None: neither
    body: bytes = b""  # unpacked
    sitemap: Sitemap | None = None
    feed: Feed | None = None
    error: str | None = None  # unpacking or reading failed


def read_document(body: bytes, url: str, charset: str | None = None) -> Document:
    """A fetched document unpacked and read as what its bytes are (a sitemap or a feed); never raises.

    Pure work on bytes, so a crawl runs it in a thread: a sitemap of 50,000 URLs takes a second to read.
    """
    try:
        unpacked = unpack(body)
    except NotADocument as error:
        return Document(None, error=str(error))
    kind = document_kind(unpacked)
    try:
        if kind == "sitemap":
            return Document(kind, unpacked, sitemap=read_sitemap(unpacked, url))
        if kind == "feed":
            return Document(kind, unpacked, feed=read_feed(unpacked, url, charset))
    except NotADocument as error:
        return Document(kind, unpacked, error=str(error))
    return Document(None, unpacked)


def robots_sitemaps(body: bytes, base_url: str) -> list[str] | None:
    """The ``Sitemap:`` lines of a robots.txt (Scrapy's reader); ``None`` when the body is an HTML page."""
    if body.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] == b"<":
        return None
    # Read as Scrapy's sitemap_urls_from_robots reads them (which takes only str in 2.13 and warns on str
    # from 2.19 on): a line that starts with "Sitemap:", in any case, names a URL relative to robots.txt.
    urls = (
        urljoin(base_url, line.split(":", 1)[1].strip())
        for line in body.decode("utf-8", "replace").splitlines()
        if line.lstrip().lower().startswith("sitemap:")
    )
    return list(dict.fromkeys(urls))


# --- Sitemaps ---------------------------------------------------------------------------------


def read_sitemap(body: bytes, base_url: str, limit: int = MAX_SITEMAP_URLS) -> Sitemap:
    """A sitemap or sitemap index, read as a stream: at most ``limit`` entries.

    Scrapy's ``Sitemap`` reads only the children of ``<url>``, so it misses a
    news sitemap's ``<news:publication_date>`` (a grandchild); this reader
    takes it, else ``<lastmod>``.
    """
    events = etree.iterparse(
        BytesIO(body),
        events=("start", "end"),
        recover=True,
        resolve_entities=False,
        no_network=True,
        remove_comments=True,
        remove_pis=True,
        collect_ids=False,
    )
    try:
        _, root = next(events)
    except (etree.XMLSyntaxError, StopIteration) as error:
        raise NotADocument(f"not XML ({error or 'empty'})") from None
    kind = _local_name(root)
    if kind not in SITEMAP_ROOTS:
        raise NotADocument(f"not a sitemap (its root element is <{kind}>)")
    entries: list[Entry] = []
    truncated = False
    try:
        for entry in _sitemap_entries(events):
            if len(entries) == limit:
                truncated = True
                break
            entries.append(Entry(_absolute(base_url, entry[0]), entry[1]))
    except etree.XMLSyntaxError:
        pass  # what was read before the damage stands
    return Sitemap(kind == "sitemapindex", entries, truncated)


def _sitemap_entries(events: Iterator[tuple[str, etree._Element]]) -> Iterator[tuple[str, datetime | None]]:
    for event, element in events:
        if event != "end" or _local_name(element) not in ("url", "sitemap"):
            continue
        loc, published, modified = None, None, None
        for child in element:
            name = _local_name(child)
            if name == "loc" and loc is None:
                loc = (child.text or "").strip()
            elif name == "lastmod":
                modified = parse_date(child.text)
            elif name == "news":
                published = parse_date(_descendant_text(child, "publication_date"))
        element.clear()
        while element.getprevious() is not None:  # keep memory flat: drop the entries already read
            del element.getparent()[0]  # type: ignore[union-attr]
        if loc:
            yield loc, published or modified


# --- Feeds ------------------------------------------------------------------------------------


def read_feed(body: bytes, base_url: str, charset: str | None = None) -> Feed:
    """The entries of an RSS (0.9x, 1.0, 2.0), Atom or JSON Feed document, each with its date when it has one.

    Bytes that are not in the encoding the document declares (a feed written in
    Windows-1252 that says UTF-8) are decoded again with the HTTP charset, else
    Windows-1252: ``decoded_as`` says so.
    """
    if body.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] == b"{":
        return Feed(_json_feed_entries(body, base_url))
    root, decoded_as = _parse_xml(body, charset)
    kind = _local_name(root)
    if kind == "feed":
        entries = list(_atom_entries(root, base_url))
    elif kind in ("rss", "RDF"):
        entries = list(_rss_entries(root, base_url))
    else:
        raise NotADocument(f"not a feed (its root element is <{kind}>)")
    return Feed(entries, decoded_as)


def _parse_xml(body: bytes, charset: str | None) -> tuple[etree._Element, str | None]:
    parser = etree.XMLParser(resolve_entities=False, no_network=True, remove_comments=True, remove_pis=True)
    try:
        return etree.fromstring(body, parser), None
    except etree.XMLSyntaxError as error:
        message = str(error).lower()
        if "encod" in message or "utf-8" in message or "bytes:" in message:
            return _parse_redecoded(body, charset)
    recovering = etree.XMLParser(recover=True, resolve_entities=False, no_network=True, remove_comments=True)
    try:
        root = etree.fromstring(body, recovering)
    except etree.XMLSyntaxError as error:
        raise NotADocument(f"not XML ({error})") from None
    if root is None:
        raise NotADocument("not XML")
    return root, None


def _parse_redecoded(body: bytes, charset: str | None) -> tuple[etree._Element, str]:
    """Bytes that fail in their declared encoding, decoded with the HTTP charset (if it differs) or Windows-1252."""
    declared = re.match(rb"^\s*<\?xml[^>]*encoding=[\"']([\w.-]+)", body)
    candidates = (
        [charset] if charset and (declared is None or declared.group(1).decode().lower() != charset.lower()) else []
    )
    for encoding in [*candidates, "cp1252"]:
        try:
            text = body.decode(encoding, errors="replace")
        except LookupError:
            continue
        text = re.sub(r"^\s*<\?xml[^>]*\?>", "", text)  # a str cannot carry an encoding declaration
        parser = etree.XMLParser(recover=True, resolve_entities=False, no_network=True, remove_comments=True)
        root = etree.fromstring(text, parser)
        if root is not None:
            return root, encoding
    raise NotADocument("not XML in any encoding tried")


def _rss_entries(root: etree._Element, base_url: str) -> Iterator[Entry]:
    for item in root.iter():
        if _local_name(item) != "item":
            continue
        link = _child_text(item, "link")
        if not link:
            guid = next((child for child in item if _local_name(child) == "guid"), None)
            if guid is not None and guid.get("isPermaLink", "true") != "false":
                link = (guid.text or "").strip()
        if link:
            date = _child_text(item, "pubDate") or _child_text(item, "date") or _child_text(item, "published")
            yield Entry(_absolute(base_url, link), parse_date(date))


def _atom_entries(root: etree._Element, base_url: str) -> Iterator[Entry]:
    for entry in root:
        if _local_name(entry) != "entry":
            continue
        links = [child for child in entry if _local_name(child) == "link" and child.get("href")]
        chosen = next((link for link in links if link.get("rel", "alternate") == "alternate"), None)
        if chosen is not None:
            date = _child_text(entry, "published") or _child_text(entry, "updated")
            yield Entry(_absolute(base_url, chosen.get("href", "")), parse_date(date))


def _json_feed_entries(body: bytes, base_url: str) -> list[Entry]:
    try:
        document = json.loads(body)
    except ValueError as error:
        raise NotADocument(f"not JSON ({error})") from None
    items = document.get("items") if isinstance(document, dict) else None
    if not isinstance(items, list):
        raise NotADocument("not a JSON Feed (no items)")
    entries = []
    for item in items:
        if isinstance(item, dict) and isinstance(item.get("url"), str):
            date = item.get("date_published") or item.get("date_modified")
            entries.append(Entry(_absolute(base_url, item["url"]), parse_date(date if isinstance(date, str) else None)))
    return entries


# --- Dates and elements -----------------------------------------------------------------------


def parse_date(text: str | None) -> datetime | None:
    """A W3C/ISO 8601 date (sitemaps, Atom) or an RFC 822 date (RSS), in UTC when it names no zone; else ``None``.

    A zero time is no date: Go's (``0001-01-01``, what Hugo writes for a page without one) and Unix's
    (``1970-01-01T00:00:00``)."""
    if not text or not text.strip():
        return None
    text = text.strip()
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        year = _RFC822_YEAR.search(text)
        if year is not None and year.group(1).startswith("000"):  # read as 2001 by the email module
            return None
        try:
            moment = parsedate_to_datetime(text)
        except (TypeError, ValueError, IndexError):
            return None
    moment = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    return None if moment.year == 1 or moment == _UNIX_EPOCH else moment


_UNIX_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_RFC822_YEAR = re.compile(r"\b\d{1,2}\s+[A-Za-z]+\.?\s+(\d{4})\b")  # "Mon, 01 Jan 0001 00:00:00 +0000"


def _absolute(base_url: str, url: str) -> str:
    """``url`` resolved against ``base_url``; the protocol's absolute URLs as they are (``urljoin`` is slow)."""
    return url if url.startswith(("http://", "https://")) else urljoin(base_url, url)


def _local_name(element: etree._Element) -> str:
    tag = element.tag
    return tag.rpartition("}")[2] if isinstance(tag, str) else ""


def _child_text(element: etree._Element, name: str) -> str | None:
    for child in element:
        if _local_name(child) == name and child.text and child.text.strip():
            return child.text.strip()
    return None


def _descendant_text(element: etree._Element, name: str) -> str | None:
    for child in element.iter():
        if _local_name(child) == name and child.text and child.text.strip():
            return child.text.strip()
    return None
