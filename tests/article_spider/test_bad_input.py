"""The article spider on a site whose every document is wrong, and on start URLs that are not what they seem.

What is checked: each bad document gets one clear log line and a stat, the
crawl goes on and ends on its own (within its budget), and nothing raises.

- robots.txt is an HTML page, so the spider looks for sitemaps in the usual
  places; the sitemap index there lists a sitemap that is not XML, one of
  60 MB (over the 50 MiB the sitemap protocol allows), a gzip bomb that
  inflates past that, and one of 100,000 URLs (over the protocol's 50,000);
- the start URL is an article, and its feed is Windows-1252 that says UTF-8;
- a start URL redirects to another site (``localhost`` for ``127.0.0.1``).
"""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from pathlib import Path

import pytest

from scrapy_readability.spiders.discovery import MAX_DOCUMENT_SIZE, MAX_SITEMAP_URLS
from testkit.crawling import HEARTBEAT_SETTING, HEARTBEAT_STAT, CrawlResult, crawl_command
from testkit.localserver import LocalSite, Page, serve
from testkit.publishers import ABOUT_TEXT, served, stories

pytestmark = pytest.mark.slow  # real crawls in subprocesses

QUICK = {"AUTOTHROTTLE_ENABLED": False}
MAX_PAGES = 60
MANY = 100_000


def _article(title: str, feed: str = "") -> str:
    story = stories()[0]
    head = f'<link rel="alternate" type="application/rss+xml" href="{feed}">' if feed else ""
    return (
        f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{title}</title>{head}</head><body>'
        f'<header><a href="/">Home</a></header><main><article><h1>{title}</h1>{story.body}</article></main>'
        "</body></html>"
    )


def _urlset(count: int, base: str, pad: int = 0) -> bytes:
    entry = f"<url><loc>{base}/p/%d.html</loc>{' ' * pad}</url>"
    return (
        b'<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        + "".join(entry % n for n in range(count)).encode()
        + b"</urlset>"
    )


def _hostile_pages(base: str) -> dict[str, Page | str]:
    feed = (
        '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Caf\xe9 \u201cnews\u201d</title>'
        f"<item><title>R\xe9sum\xe9</title><link>{base}/stories/second.html</link></item>"
        f"<item><title>Na\xefve</title><link>{base}/stories/third.html</link></item></channel></rss>"
    ).encode("cp1252")
    index = "".join(
        f"<sitemap><loc>{base}/sitemaps/{name}</loc></sitemap>"
        for name in ("broken.xml", "huge.xml", "bomb.xml.gz", "many.xml")
    )
    huge_entries = 62 * 2**20 // 1100  # 60 MB or so: over the limit, sent with its Content-Length
    return {
        "/robots.txt": "<!DOCTYPE html><html><body><h1>Welcome!</h1><p>Sitemap: not a robots.txt</p></body></html>",
        "/sitemap_index.xml": Page(
            f'<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{index}</sitemapindex>',
            "application/xml",
        ),
        "/sitemaps/broken.xml": Page(b"\x00\x01\x02 this is not XML at all \xff\xfe", "application/xml"),
        "/sitemaps/huge.xml": Page(_urlset(huge_entries, base, pad=1000), "application/xml"),
        "/sitemaps/bomb.xml.gz": Page(gzip.compress(b" " * (MAX_DOCUMENT_SIZE + 2**20), 9), "application/x-gzip"),
        "/sitemaps/many.xml": Page(_urlset(MANY, base), "application/xml"),
        "/stories/first.html": _article("The first story", feed="/feed.rss"),
        "/stories/second.html": _article("The second story"),
        "/stories/third.html": _article("The third story"),
        "/feed.rss": Page(feed, "application/rss+xml"),
        "/": "<html><body><h1>Home</h1>" + "".join(f"<p>{text}</p>" for text in ABOUT_TEXT[:1]) + "</body></html>",
    }


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LocalSite, CrawlResult]]:
    pages: dict[str, Page | str] = {}
    with serve(pages) as site:
        pages.update(_hostile_pages(site.url))
        folder = tmp_path_factory.mktemp("hostile")
        result = crawl_command(
            folder,
            [site.url + "/stories/first.html", "--max-pages", str(MAX_PAGES), "-L", "INFO"],
            settings={**QUICK, HEARTBEAT_SETTING: True},
            timeout=180,
        )
        yield site, result


def test_the_crawl_ends_on_its_own_without_an_error(hostile: tuple[LocalSite, CrawlResult]) -> None:
    site, result = hostile
    assert result.returncode == 0, result.log[-4000:]
    assert result.clean, result.log[-4000:]
    assert result.stats["finish_reason"] == "finished"
    ours = [path for path in site.requests if path != "/robots.txt"]
    assert len(ours) <= MAX_PAGES  # and the robots.txt middleware's own request, once or twice


def test_the_start_url_that_is_an_article_is_one(hostile: tuple[LocalSite, CrawlResult]) -> None:
    site, result = hostile
    urls = {item["url"] for item in result.items}
    assert site.url + "/stories/first.html" in urls
    assert result.stats["readability/spider/start_articles"] == 1
    assert f"The start URL {site.url}/stories/first.html is an article" in result.log


def test_robots_txt_as_html_is_said_and_the_usual_places_are_tried(hostile: tuple[LocalSite, CrawlResult]) -> None:
    site, result = hostile
    assert f"{site.url}/robots.txt is an HTML page, not a robots.txt: no sitemaps read from it" in result.log
    assert result.stats["readability/spider/invalid/robots"] == 1
    assert "/sitemap_index.xml" in site.requests


def test_a_sitemap_that_is_not_xml_is_said(hostile: tuple[LocalSite, CrawlResult]) -> None:
    site, result = hostile
    assert f"{site.url}/sitemaps/broken.xml is not a sitemap or a feed" in result.log


def test_a_sitemap_over_the_size_limit_is_not_downloaded(hostile: tuple[LocalSite, CrawlResult]) -> None:
    site, result = hostile
    assert f"Could not read the sitemap {site.url}/sitemaps/huge.xml" in result.log
    assert result.stats["readability/spider/documents/failed"] == 1
    assert result.stats.get("downloader/response_bytes", 0) < MAX_DOCUMENT_SIZE  # cancelled on its Content-Length


def test_a_gzip_bomb_is_not_inflated_past_the_limit(hostile: tuple[LocalSite, CrawlResult]) -> None:
    site, result = hostile
    assert (
        f"Not reading the sitemap {site.url}/sitemaps/bomb.xml.gz: larger than {MAX_DOCUMENT_SIZE:,} bytes"
        in result.log
    )
    assert result.stats["readability/spider/invalid/sitemap"] == 2  # broken.xml is the other


def test_a_sitemap_of_100000_urls_is_read_up_to_the_protocols_limit(hostile: tuple[LocalSite, CrawlResult]) -> None:
    site, result = hostile
    assert (
        f"The sitemap {site.url}/sitemaps/many.xml lists more than {MAX_SITEMAP_URLS} URLs "
        f"(the sitemap protocol's limit): the first {MAX_SITEMAP_URLS} are taken"
    ) in result.log
    assert result.stats["readability/spider/invalid/sitemap_truncated"] == 1
    assert result.stats["readability/spider/skipped/max_pages"] > 0


def test_no_document_holds_the_reactor(hostile: tuple[LocalSite, CrawlResult]) -> None:
    """The 100,000-URL sitemap (11 MB), the 60 MB one and the gzip bomb are read in a thread: the reactor's
    20-ms heartbeat is never late by anything near what reading the big sitemap on it costs (over a second)."""
    _, result = hostile
    # Read on the reactor, the big sitemap held it for over a second. The bound leaves room for a busy
    # machine (a second test suite on 2 cores: load average 8 makes a 20-ms tick a few hundred ms late).
    assert result.stats[HEARTBEAT_STAT] < 800, result.stats[HEARTBEAT_STAT]


def test_a_feed_in_the_wrong_encoding_is_read_as_windows_1252(hostile: tuple[LocalSite, CrawlResult]) -> None:
    site, result = hostile
    assert f"The feed {site.url}/feed.rss is not in the encoding it declares: read as cp1252" in result.log
    assert result.stats["readability/spider/invalid/feed_encoding"] == 1
    assert result.stats["readability/spider/discovered/feed"] == 2


def test_a_start_url_that_redirects_to_another_site_crawls_that_site(tmp_path: Path) -> None:
    """``127.0.0.1`` and ``localhost`` are two sites to the spider (and to Scrapy's offsite filter)."""
    with served("weekly") as (publisher, target):
        moved = target.url.replace("127.0.0.1", "localhost")
        with serve({"/": Page.redirect(moved + "/", 301)}) as start:
            result = crawl_command(tmp_path, [start.url + "/"], settings=QUICK)
    assert result.returncode == 0, result.log[-3000:]
    assert f"The start URL {start.url}/ redirected to {moved}/, on another site" in result.log
    assert result.stats["readability/spider/start_redirected"] == 1
    found = {item["url"].replace("localhost", "127.0.0.1") for item in result.items}
    assert found == publisher.truth()


def test_a_start_url_that_cannot_be_fetched_is_said_and_the_exit_status_is_1(tmp_path: Path) -> None:
    with serve({}) as site:
        result = crawl_command(tmp_path, [site.url + "/gone"], settings=QUICK)
    assert result.returncode == 1
    assert f"The start URL {site.url}/gone could not be fetched: HTTP 404" in result.log
    assert result.stats["readability/spider/start_failed"] == 1
