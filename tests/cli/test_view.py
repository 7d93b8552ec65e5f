"""``scrapy-readability view``: a feed as a static reader; nothing in it runs, every page readable on a phone.

The reader is checked the way a user meets it: written from the feed of a real crawl of a local site by the
command in a subprocess, then opened in headless Chromium (Debian's ``chromium``; the test says it skipped
without one), at a phone's width and a desktop's.
"""

from __future__ import annotations

import base64
import json
import threading
from pathlib import Path
from typing import Any

import pytest

from scrapy_readability.cli import view
from testkit.crawling import crawl_command
from testkit.publishers import served
from tests.engine.chromium import Chromium, find_chromium
from tests.support.cli import cli

HOSTILE = (
    "<p>Before.</p><script>document.title = 'ran'</script>"
    '<img src="x.png" onerror="document.title = \'ran\'">'
    "<p onclick=\"document.title = 'ran'\">After, with a "
    "<a href=\"javascript:document.title='ran'\">link</a>.</p>"
    '<iframe src="https://evil.example/"></iframe>'
)
WIDE = (
    "<pre>" + "x" * 600 + "</pre><table><tr>" + "<td>cell_with_a_long_name</td>" * 40 + "</tr></table>"
    "<p>" + "unbroken" * 80 + "</p>"
    '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="3000" height="20">'
)


def record(**fields: Any) -> dict[str, Any]:
    return {"url": "https://news.example/a", "title": "A story", "content": "<p>Text.</p>", **fields}


def write_feed(path: Path, records: list[Any], *, lines: bool = True) -> Path:
    if lines:
        path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    else:
        path.write_text(json.dumps(records), encoding="utf-8")
    return path


# --- Reading the feed ----------------------------------------------------------------------------


@pytest.mark.parametrize("lines", [True, False], ids=["jsonl", "json"])
def test_both_feed_formats_are_read(tmp_path: Path, lines: bool) -> None:
    feed = view.read_feed(write_feed(tmp_path / "f", [record(title="One"), record(title="Two")], lines=lines))
    assert [r["title"] for r in feed.records] == ["One", "Two"] and feed.skipped == {}


def test_what_cannot_be_shown_is_counted_by_its_reason(tmp_path: Path) -> None:
    path = tmp_path / "f.jsonl"
    path.write_text(
        json.dumps(record()) + "\n{broken\n" + json.dumps([1]) + "\n" + json.dumps({"url": "u", "content": ""}) + "\n"
    )
    feed = view.read_feed(path)
    assert len(feed.records) == 1
    assert feed.skipped == {"not JSON": 1, "not an object": 1, "no article": 1}


# --- The pages ----------------------------------------------------------------------------------


def test_an_articles_html_is_sanitised_again_and_its_page_forbids_scripts() -> None:
    page = view.article_page(record(content=HOSTILE), "f.jsonl")
    article = page.split("<article>", 1)[1]
    assert "<script" not in article and "onerror" not in article and "onclick" not in article
    assert "javascript:" not in article and "<iframe" not in article  # not a video host
    assert "Before." in article and "After, with a" in article
    assert "Content-Security-Policy" in page and "default-src 'none'" in page and "script-src" not in page


def test_images_are_lazy_and_the_source_is_linked() -> None:
    page = view.article_page(record(content='<p>Hi</p><img src="https://img.example/a.jpg">'), "f.jsonl")
    assert 'loading="lazy"' in page and 'href="https://news.example/a"' in page


def test_a_source_that_is_not_a_web_address_is_not_a_link() -> None:
    page = view.article_page(record(url="javascript:alert(1)"), "f.jsonl")
    assert "javascript:" not in page


def test_fields_are_escaped_and_the_pages_language_and_direction_kept() -> None:
    page = view.article_page(
        record(title="<b>Bold</b> & co", byline="<i>Ann</i>", lang="fa", dir="rtl", site_name="S"), "f.jsonl"
    )
    assert "<b>Bold" not in page and "&lt;b&gt;Bold&lt;/b&gt; &amp; co" in page and "&lt;i&gt;Ann" in page
    assert '<html lang="fa" dir="rtl">' in page


def test_a_record_without_html_is_shown_from_its_text() -> None:
    page = view.article_page({"url": "https://x.example/", "title": "T", "text": "First <para>.\n\nSecond."}, "f")
    assert "<p>First &lt;para&gt;.</p>\n<p>Second.</p>" in page


def test_the_index_lists_title_date_authors_site_and_length(tmp_path: Path) -> None:
    feed = view.read_feed(
        write_feed(
            tmp_path / "f.jsonl",
            [
                record(
                    title="Ünïcode title!", date_published="2024-03-01T10:00:00+00:00", authors=["A", "B"], length=1234
                ),
                record(title="Second", byline="C", published_time="2023-01-02"),
            ],
        )
    )
    index = view.write_reader(feed, tmp_path / "out", "f.jsonl").read_text(encoding="utf-8")
    assert "2024-03-01 · A, B · news.example · 1,234 characters" in index
    assert "2023-01-02 · C" in index and "2 articles" in index
    pages = sorted(p.name for p in (tmp_path / "out" / "articles").iterdir())
    assert pages == ["0001-unicode-title.html", "0002-second.html"]
    assert 'href="articles/0001-unicode-title.html"' in index


def test_compared_feeds_show_an_article_beside_its_other_version(tmp_path: Path) -> None:
    feed = view.read_feed(write_feed(tmp_path / "a.jsonl", [record(content="<p>Mine.</p>"), record(url="https://o/")]))
    other = view.read_feed(write_feed(tmp_path / "b.jsonl", [record(title="Theirs", content="<p>Yours.</p>")]))
    view.write_reader(feed, tmp_path / "out", "a.jsonl", ("b.jsonl", other))
    first, second = sorted((tmp_path / "out" / "articles").iterdir())
    both = first.read_text(encoding="utf-8")
    assert 'class="versions"' in both and "a.jsonl: A story" in both and "b.jsonl: Theirs" in both
    assert both.index("Mine.") < both.index("Yours.")
    assert 'class="versions"' not in second.read_text(encoding="utf-8")  # the other feed has no such URL


# --- The command, after a real crawl --------------------------------------------------------------


@pytest.mark.slow
def test_a_crawls_feed_becomes_a_reader_through_the_command(tmp_path: Path) -> None:
    with served("weekly") as (publisher, site):
        crawl = crawl_command(tmp_path, [site.url + "/", "-s", "AUTOTHROTTLE_ENABLED=0"])
    assert crawl.returncode == 0 and crawl.items
    shown = cli(tmp_path, "view", "articles.jsonl")
    assert shown.returncode == 0, shown.stderr
    reader = tmp_path / "articles-reader"
    assert f"{len(crawl.items)} articles: articles-reader/index.html" in shown.stderr
    pages = sorted((reader / "articles").glob("*.html"))
    assert len(pages) == len(crawl.items)
    index = (reader / "index.html").read_text(encoding="utf-8")
    for item in crawl.items:
        assert item["title"].replace("&", "&amp;").replace("'", "&#x27;") in index


@pytest.mark.slow
def test_a_crawl_and_its_refined_twin_side_by_side(tmp_path: Path) -> None:
    with served("weekly") as (publisher, site):
        crawl_command(tmp_path, [site.url + "/", "-s", "AUTOTHROTTLE_ENABLED=0"], feed="default.jsonl")
        crawl_command(tmp_path, [site.url + "/", "-s", "AUTOTHROTTLE_ENABLED=0", "--refine"], feed="refined.jsonl")
    shown = cli(tmp_path, "view", "default.jsonl", "--compare", "refined.jsonl", "-o", "both")
    assert shown.returncode == 0, shown.stderr
    pages = [page.read_text(encoding="utf-8") for page in (tmp_path / "both" / "articles").glob("*.html")]
    assert pages and all('class="versions"' in page and "refined.jsonl: " in page for page in pages)


def test_a_feed_without_articles_exits_3_and_says_why(tmp_path: Path) -> None:
    write_feed(tmp_path / "empty.jsonl", [{"url": "https://x.example/", "title": "nothing"}])
    shown = cli(tmp_path, "view", "empty.jsonl", "-o", "out")
    assert shown.returncode == 3
    assert "1 no article" in shown.stderr and "holds no article" in shown.stderr


def test_a_missing_feed_is_bad_usage(tmp_path: Path) -> None:
    shown = cli(tmp_path, "view", "missing.jsonl")
    assert shown.returncode == 2 and "cannot read missing.jsonl" in shown.stderr


# --- In a browser ---------------------------------------------------------------------------------

CHROMIUM = find_chromium()
WIDTHS = (390, 1280)


class Tab:
    """One page of the browser at a width; the protocol's evaluation is not bound by the page's CSP."""

    def __init__(self, browser: Chromium) -> None:
        self.browser = browser
        self.loaded = threading.Event()
        self.session = browser.new_page()
        browser.on("Page.loadEventFired", lambda _params, session: session == self.session and self.loaded.set())
        browser.send("Page.enable", session=self.session)

    def open(self, path: Path, width: int) -> None:
        self.browser.send(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": width < 600},
            session=self.session,
        )
        self.loaded.clear()
        self.browser.send("Page.navigate", {"url": path.as_uri()}, session=self.session)
        assert self.loaded.wait(60), f"{path} did not load"

    def evaluate(self, expression: str) -> Any:
        return self.browser.evaluate(self.session, expression)

    def screenshot(self, path: Path) -> bytes:
        shot = self.browser.send("Page.captureScreenshot", {"format": "png"}, session=self.session)
        data = base64.b64decode(shot["data"])
        path.write_bytes(data)
        return data


@pytest.mark.slow
@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium (install chromium or set $CHROMIUM) for the reader's test")
def test_every_page_renders_runs_nothing_and_never_scrolls_sideways(tmp_path: Path) -> None:
    """Page kinds: the index, an article of HTML (hostile and wide), an article from its text alone, two versions
    of an article side by side."""
    records = [
        record(title="Hostile", content=HOSTILE),
        record(title="Wide", content=WIDE + "<p>" + "Words of the story. " * 200 + "</p>"),
        {"url": "https://x.example/t", "title": "Text only " + "long-title-" * 12, "text": "Para one.\n\nPara two."},
        record(title="Right to left", lang="ar", dir="rtl", content="<p>" + "نص المقال " * 100 + "</p>"),
        record(url="https://x.example/compared", title="Compared", content=WIDE),
    ]
    other = view.read_feed(write_feed(tmp_path / "other.jsonl", [records[-1] | {"content": "<p>Short.</p>" + WIDE}]))
    feed = view.read_feed(write_feed(tmp_path / "feed.jsonl", records))
    index = view.write_reader(feed, tmp_path / "reader", "feed.jsonl", ("other.jsonl", other))
    pages = [index, *sorted((tmp_path / "reader" / "articles").glob("*.html"))]
    assert CHROMIUM is not None
    with Chromium(CHROMIUM) as browser:
        tab = Tab(browser)
        for page in pages:
            for width in WIDTHS:
                tab.open(page, width)
                assert tab.evaluate("document.title") != "ran", page
                assert tab.evaluate("document.querySelector('main h1') !== null"), page
                overflow = tab.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
                assert overflow <= 0, f"{page.name} at {width} px scrolls sideways by {overflow} px"
                shot = tab.screenshot(tmp_path / f"{page.stem}-{width}.png")
                assert shot.startswith(b"\x89PNG") and len(shot) > 1000
        tab.open(pages[1], 1280)
        assert tab.evaluate("document.querySelectorAll('script, iframe, [onerror], [onclick]').length") == 0
        assert tab.evaluate("[...document.images].every(img => img.loading === 'lazy')")
