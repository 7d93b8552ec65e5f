"""End-to-end: the feed fields in a real crawl's JSONL feed, and our article as ``zyte_common_items.Article``
through scrapy-poet (both ``scrapy runspider`` in a subprocess against a local server)."""

from __future__ import annotations

import html
import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from testkit.crawling import SPIDERS, crawl
from testkit.localserver import LocalSite, Page, serve
from tests.support.scrapy_site import LIGHTHOUSE_PARAGRAPHS

TITLE = "What the lighthouse logbooks tell us"


def feed_page() -> str:
    """An article page with what a feed reads: JSON-LD, Open Graph, a canonical link, a dateline."""
    json_ld = {
        "@context": "https://schema.org",
        "@graph": [
            {"@type": "WebSite", "name": "Harbour Notes"},
            {
                "@type": "NewsArticle",
                "headline": TITLE,
                "datePublished": "2024-05-02T09:30:00+02:00",
                "dateModified": "2024-05-03T08:00:00Z",
                "author": [{"@type": "Person", "name": "Maren Holt"}, {"@type": "Person", "name": "Ivo Sand"}],
                "publisher": {"@type": "Organization", "name": "Harbour Notes"},
            },
        ],
    }
    body = "\n".join(f"<p>{html.escape(text)}</p>" for text in LIGHTHOUSE_PARAGRAPHS)
    return f"""<!DOCTYPE html>
<html lang="en-GB">
<head>
  <meta charset="utf-8">
  <title>{TITLE} | Harbour Notes</title>
  <link rel="canonical" href="/articles/lighthouse">
  <meta property="og:image" content="/images/logbook.jpg">
  <meta property="og:site_name" content="Harbour Notes">
  <script type="application/ld+json">{json.dumps(json_ld)}</script>
</head>
<body>
  <article>
    <h1>{TITLE}</h1>
    <p class="byline">By Maren Holt and Ivo Sand</p>
    {body}
    <figure><img src="/images/lamp.jpg" width="800" height="500"><figcaption>The lamp</figcaption></figure>
  </article>
</body>
</html>
"""


def wire_page() -> str:
    """A page that declares nothing: its only date is "3 hours ago" by the headline, its author a wire agency."""
    body = "\n".join(f"<p>{html.escape(text)}</p>" for text in LIGHTHOUSE_PARAGRAPHS)
    return f"""<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>{TITLE}</title><meta property="og:site_name" content="Harbour Notes"></head>
<body>
  <article>
    <h1>{TITLE}</h1>
    <p class="byline">By Associated Press</p><span class="time">3 hours ago</span>
    {body}
  </article>
</body>
</html>
"""


@pytest.fixture(scope="module")
def feed_site() -> Iterator[LocalSite]:
    stored = {"Date": "Sun, 03 Mar 2019 12:00:00 GMT"}  # as a cache or an archive replays the first fetch's
    pages = {
        "/articles/lighthouse.html?ref=home": Page(feed_page()),
        "/wire/lighthouse.html": Page(wire_page()),
        "/wire/stored.html": Page(wire_page(), headers=stored),
    }
    with serve(pages) as running:
        yield running


def test_feed_fields_in_the_jsonl_feed(feed_site, tmp_path):
    url = feed_site.url + "/articles/lighthouse.html?ref=home"
    result = crawl(tmp_path, SPIDERS / "crawl_spider.py", start_urls=[url])
    (item,) = result.items
    assert item["title"] == TITLE
    assert item["published_time"] == "2024-05-02T09:30:00+02:00"  # Readability.js's own field, as written
    assert item["date_published"] == "2024-05-02T09:30:00+02:00"
    assert item["date_modified"] == "2024-05-03T08:00:00+00:00"
    assert item["authors"] == ["Maren Holt", "Ivo Sand"]
    assert item["image"] == feed_site.url + "/images/logbook.jpg"
    assert item["canonical_url"] == feed_site.url + "/articles/lighthouse"
    assert item["language"] == "en"
    assert item["lang"] == "en-GB"
    # the metadata comes before the long representations, in the one order of engine/outputs/article.py
    keys = list(item)
    assert keys.index("language") < keys.index("content")


@pytest.mark.slow
def test_a_relative_dateline_is_dated_by_the_crawls_clock(feed_site, tmp_path):
    before = (datetime.now(UTC) - timedelta(hours=3)).date().isoformat()
    result = crawl(tmp_path, SPIDERS / "crawl_spider.py", start_urls=[feed_site.url + "/wire/lighthouse.html"])
    after = (datetime.now(UTC) - timedelta(hours=3)).date().isoformat()
    (item,) = result.items
    assert item["date_published"] in {before, after}  # the day three hours before the crawl, in UTC
    assert item["date_modified"] is None
    assert item["authors"] == ["Associated Press"]  # a wire agency on another site's page is its author


@pytest.mark.slow
def test_a_relative_dateline_is_dated_by_the_responses_date(feed_site, tmp_path):
    """A response that says when it was made (its Date header: a cache's, an archive's replay) dates "3 hours ago"."""
    result = crawl(tmp_path, SPIDERS / "crawl_spider.py", start_urls=[feed_site.url + "/wire/stored.html"])
    (item,) = result.items
    assert item["date_published"] == "2019-03-03"


def test_zyte_article_through_scrapy_poet(feed_site, tmp_path):
    pytest.importorskip("scrapy_poet")
    url = feed_site.url + "/articles/lighthouse.html?ref=home"
    result = crawl(tmp_path, SPIDERS / "poet_spider.py", start_urls=[url])
    (item,) = result.items
    assert item["url"] == url
    assert item["headline"] == TITLE
    assert item["datePublished"] == "2024-05-02T09:30:00+02:00"
    assert item["dateModified"] == "2024-05-03T08:00:00Z"
    assert [author["name"] for author in item["authors"]] == ["Maren Holt", "Ivo Sand"]
    assert item["mainImage"] == {"url": feed_site.url + "/images/logbook.jpg"}
    assert {"url": feed_site.url + "/images/lamp.jpg"} in item["images"]
    assert item["inLanguage"] == "en"
    assert item["canonicalUrl"] == feed_site.url + "/articles/lighthouse"
    assert LIGHTHOUSE_PARAGRAPHS[0] in item["articleBody"]
    assert "<script" not in item["articleBodyHtml"] and "lamp.jpg" in item["articleBodyHtml"]
    assert item["metadata"]["probability"] == 1.0
