"""Sitemaps, feeds and robots.txt, read from bytes (the spider's readers, without a crawl)."""

from __future__ import annotations

import gzip
import json
from datetime import UTC, datetime

import pytest

from scrapy_readability.spiders.discovery import (
    MAX_DOCUMENT_SIZE,
    NotADocument,
    document_kind,
    parse_date,
    read_feed,
    read_sitemap,
    robots_sitemaps,
    unpack,
)

BASE = "https://news.example/"
NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'


def test_a_urlset_with_lastmod_and_a_news_sitemaps_publication_date() -> None:
    body = (
        f'<?xml version="1.0"?><urlset {NS} xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" '
        'xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">'
        "<url><loc>https://news.example/a</loc><lastmod>2025-05-02</lastmod>"
        "<image:image><image:loc>https://img.example/a.jpg</image:loc></image:image></url>"
        "<url><loc>https://news.example/b</loc><news:news><news:publication><news:name>N</news:name></news:publication>"
        "<news:publication_date>2025-05-03T08:00:00+02:00</news:publication_date></news:news></url>"
        "<url><loc>/c</loc></url></urlset>"
    ).encode()
    sitemap = read_sitemap(body, BASE)
    assert not sitemap.index and not sitemap.truncated
    assert [(e.url, e.date) for e in sitemap.entries] == [
        ("https://news.example/a", datetime(2025, 5, 2, tzinfo=UTC)),
        ("https://news.example/b", datetime.fromisoformat("2025-05-03T08:00:00+02:00")),
        ("https://news.example/c", None),
    ]


def test_a_sitemap_index() -> None:
    body = f"<sitemapindex {NS}><sitemap><loc>{BASE}s1.xml.gz</loc></sitemap></sitemapindex>".encode()
    sitemap = read_sitemap(body, BASE)
    assert sitemap.index and [e.url for e in sitemap.entries] == [BASE + "s1.xml.gz"]


def test_a_sitemap_is_read_up_to_its_limit() -> None:
    body = f"<urlset {NS}>{''.join(f'<url><loc>{BASE}{n}</loc></url>' for n in range(12))}</urlset>".encode()
    sitemap = read_sitemap(body, BASE, limit=10)
    assert sitemap.truncated and len(sitemap.entries) == 10
    assert not read_sitemap(body, BASE, limit=12).truncated


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (b"", "not XML"),
        (b"\x00\x01binary", "not XML"),
        (b"<html><body><p>Hello</p></body></html>", "not a sitemap (its root element is <html>)"),
        (b'<rss version="2.0"><channel/></rss>', "not a sitemap (its root element is <rss>)"),
    ],
)
def test_what_is_not_a_sitemap_says_why(body: bytes, reason: str) -> None:
    with pytest.raises(NotADocument, match=reason.replace("(", r"\(").replace(")", r"\)")):
        read_sitemap(body, BASE)


def test_a_sitemap_cut_short_keeps_what_was_read() -> None:
    body = f"<urlset {NS}><url><loc>{BASE}a</loc></url><url><loc>{BASE}b</loc></url><url><lo".encode()
    assert [e.url for e in read_sitemap(body, BASE).entries] == [BASE + "a", BASE + "b"]


def test_entities_are_not_expanded() -> None:
    body = (
        b'<?xml version="1.0"?><!DOCTYPE u [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
        b'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://n.example/&b;</loc></url></urlset>'
    )
    entries = read_sitemap(body, BASE).entries
    assert all("aaaaaaaaaa" not in entry.url for entry in entries)


def test_unpack_gunzips_up_to_the_limit() -> None:
    assert unpack(gzip.compress(b"<urlset/>")) == b"<urlset/>"
    assert unpack(b"<urlset/>") == b"<urlset/>"
    with pytest.raises(NotADocument, match="larger than 1,000 bytes once decompressed"):
        unpack(gzip.compress(b" " * 5000), max_size=1000)
    with pytest.raises(NotADocument, match="corrupt gzip data"):
        unpack(b"\x1f\x8b\x08\x00garbage")
    assert MAX_DOCUMENT_SIZE == 50 * 2**20


def test_rss_atom_rdf_and_json_feeds() -> None:
    rss = (
        b'<?xml version="1.0"?><rss version="2.0"><channel><item><link>https://n.example/a</link>'
        b"<pubDate>Fri, 02 May 2025 09:30:00 GMT</pubDate></item>"
        b'<item><guid isPermaLink="true">https://n.example/b</guid></item>'
        b'<item><guid isPermaLink="false">tag:n,2025:c</guid></item></channel></rss>'
    )
    assert [(e.url, e.date) for e in read_feed(rss, BASE).entries] == [
        ("https://n.example/a", datetime(2025, 5, 2, 9, 30, tzinfo=UTC)),
        ("https://n.example/b", None),
    ]
    atom = (
        b'<feed xmlns="http://www.w3.org/2005/Atom"><entry><link rel="alternate" href="/x"/>'
        b'<link rel="enclosure" href="/x.mp3"/><updated>2025-05-02T10:00:00Z</updated></entry>'
        b'<entry><link href="https://n.example/y"/><published>2025-05-01</published></entry></feed>'
    )
    assert [(e.url, e.date) for e in read_feed(atom, BASE).entries] == [
        ("https://news.example/x", datetime(2025, 5, 2, 10, tzinfo=UTC)),
        ("https://n.example/y", datetime(2025, 5, 1, tzinfo=UTC)),
    ]
    rdf = (
        b'<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" '
        b'xmlns:dc="http://purl.org/dc/elements/1.1/"><item><link>https://n.example/r</link>'
        b"<dc:date>2025-05-02</dc:date></item></rdf:RDF>"
    )
    assert [e.url for e in read_feed(rdf, BASE).entries] == ["https://n.example/r"]
    feed = {
        "version": "https://jsonfeed.org/version/1.1",
        "items": [{"url": "https://n.example/j", "date_published": "2025-05-02T00:00:00Z"}, {"id": "1"}],
    }
    assert [e.url for e in read_feed(json.dumps(feed).encode(), BASE).entries] == ["https://n.example/j"]


def test_a_feed_not_in_its_declared_encoding_is_decoded_again() -> None:
    body = '<?xml version="1.0" encoding="utf-8"?><rss><channel><item><title>Café</title><link>https://n.example/é</link></item></channel></rss>'
    latin = body.encode("cp1252")
    feed = read_feed(latin, BASE)
    assert feed.decoded_as == "cp1252" and [e.url for e in feed.entries] == ["https://n.example/é"]
    assert read_feed(latin, BASE, charset="iso-8859-1").decoded_as == "iso-8859-1"  # the HTTP charset first
    assert read_feed(body.encode(), BASE).decoded_as is None


def test_what_is_not_a_feed_says_why() -> None:
    with pytest.raises(NotADocument, match=r"not a feed \(its root element is <html>\)"):
        read_feed(b"<html><body>Hi</body></html>", BASE)
    with pytest.raises(NotADocument, match="not JSON"):
        read_feed(b"{nope", BASE)


@pytest.mark.parametrize(
    ("body", "kind"),
    [
        (b'\xef\xbb\xbf<?xml version="1.0"?>\n<!-- x --><urlset>', "sitemap"),
        (b"<sitemapindex xmlns='...'>", "sitemap"),
        (b'<?xml version="1.0"?><?xml-stylesheet href="s.xsl"?><rss version="2.0">', "feed"),
        (b'<feed xmlns="http://www.w3.org/2005/Atom">', "feed"),
        (b"<rdf:RDF>", "feed"),
        (b'{"version": "https://jsonfeed.org/version/1", "items": []}', "feed"),
        (b"<!DOCTYPE html><html>", None),
        (b'{"a": 1}', None),
        (b"User-agent: *", None),
    ],
)
def test_document_kind_from_the_first_element(body: bytes, kind: str | None) -> None:
    assert document_kind(body) == kind


def test_robots_txt_sitemaps_and_an_html_robots_txt() -> None:
    body = b"User-agent: *\nDisallow: /x\nSitemap: https://n.example/s.xml\nsitemap: /s2.xml\nSitemap: https://n.example/s.xml\n"
    assert robots_sitemaps(body, "https://n.example/robots.txt") == [
        "https://n.example/s.xml",
        "https://n.example/s2.xml",
    ]
    assert robots_sitemaps(b"User-agent: *\n", "https://n.example/robots.txt") == []
    assert robots_sitemaps(b"<!DOCTYPE html><p>Sitemap: /x</p>", "https://n.example/robots.txt") is None


@pytest.mark.parametrize(
    ("text", "moment"),
    [
        ("2025-05-02", datetime(2025, 5, 2, tzinfo=UTC)),
        ("2025-05-02T09:30Z", datetime(2025, 5, 2, 9, 30, tzinfo=UTC)),
        ("Fri, 02 May 2025 09:30:00 +0200", datetime.fromisoformat("2025-05-02T09:30:00+02:00")),
        ("yesterday", None),
        ("Mon, 01 Jan 0001 00:00:00 +0000", None),  # Go's zero time: Hugo's page without a date
        ("0001-01-01T00:00:00Z", None),
        ("1970-01-01T00:00:00Z", None),
        ("", None),
        (None, None),
    ],
)
def test_dates(text: str | None, moment: datetime | None) -> None:
    assert parse_date(text) == moment
