"""End-to-end: real crawls (``scrapy runspider``/``scrapy crawl`` in a subprocess) against a local server.

The site (tests/scrapy_site.py) has articles, an index, an about page, a PDF, a
truncated page, a page whose text is hidden, and links that carry per-request
options. Each test reads the JSONL feed and the crawl's stats.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from scrapy import version_info as SCRAPY_VERSION

from scrapy_readability.engine.outputs.article import DEFAULT_FORMATS
from scrapy_readability.items import article_fields
from testkit.crawling import (
    FROZEN_STAT,
    HEARTBEAT_SETTING,
    HEARTBEAT_STAT,
    ROOT,
    SPIDERS,
    CrawlResult,
    crawl,
    frozen_at_startup,
    scrapy,
    subprocess_env,
)
from testkit.localserver import Page, serve
from tests.support.scrapy_site import ABOUT, LIGHTHOUSE, LINK_LIST_INDEX, PDF, STARTER

pytestmark = pytest.mark.slow  # real crawls in subprocesses

SPIDER = SPIDERS / "crawl_spider.py"
VERDICT_SPIDER = SPIDERS / "verdict_spider.py"
FORMATS_SPIDER = SPIDERS / "formats_spider.py"
ADDON = {"ADDONS": {"scrapy_readability.Addon": 0}, "TELNETCONSOLE_ENABLED": False}
LIGHTHOUSE_TITLE = "What the lighthouse logbooks tell us"
STARTER_TITLE = "Why sourdough starters get sleepy in winter"


def crawl_site(
    tmp_path: Path, site: Any, paths: list[str], *settings: str
) -> tuple[dict[str, dict[str, Any]], CrawlResult]:
    """Run the test spider from ``paths`` of the site; its items by URL path, and the whole result."""
    result = crawl(tmp_path, SPIDER, start_urls=[site.url + path for path in paths], settings=settings)
    return result.by_path(site.url), result


@pytest.mark.parametrize("workers", [0, 2])
def test_crawl_with_defaults(site, tmp_path, workers):
    """The defaults, and the same feed and stats with extraction in 2 worker processes."""
    items, result = crawl_site(tmp_path, site, ["/"], f"READABILITY_WORKERS={workers}")
    stats, log = result.stats, result.log
    assert sorted(items) == [
        "/articles/brief.html",
        "/articles/lighthouse.html",
        "/articles/starter.html",
        "/broken.html",
        "/files/report.pdf",
    ]
    lighthouse = items["/articles/lighthouse.html"]
    assert lighthouse["title"] == "What the lighthouse logbooks tell us"
    assert lighthouse["byline"] == "Maren Holt"
    assert lighthouse["site_name"] == "Harbour Notes"
    assert lighthouse["published_time"] == "2024-05-02T09:30:00Z"
    assert (lighthouse["lang"], lighthouse["dir"], lighthouse["attempt"]) == ("en", None, "strict")
    assert "eleven volumes" in lighthouse["content"]
    assert lighthouse["text"].startswith("The logbook of the Skerry Point light")
    # one schema for every article, and the page itself is gone
    for path in ("/articles/lighthouse.html", "/articles/starter.html", "/articles/brief.html", "/broken.html"):
        assert set(items[path]) == {"url", *article_fields(DEFAULT_FORMATS)}, path
    # the UTF-8 feed keeps the author's name as written
    assert "Tomás Ibarra" in (tmp_path / "items.jsonl").read_text(encoding="utf-8")
    assert items["/articles/starter.html"]["site_name"] == "Crumb & Crust"
    # the link's options reached the pipeline: the short brief passes its lower char_threshold
    assert items["/articles/brief.html"]["attempt"] == "strict"
    # lxml recovers the truncated page with its bad bytes
    assert items["/broken.html"]["title"] == "A page that was cut short"
    # the PDF went through the middleware and the pipeline untouched
    assert items["/files/report.pdf"] == {"url": site.url + "/files/report.pdf", "kind": "file", "size": len(PDF)}

    assert result.readability_stats() == {
        "readability/preflight/readerable": 6,  # 3 articles, broken, members, heavy
        # the index (the start URL, then again from an article's link: start URLs skip the
        # duplicate filter) and the about page
        "readability/preflight/not_readerable": 3,
        "readability/preflight/skipped": 1,  # meta={'readability': False}
        "readability/extracted": 4,
        "readability/attempt/strict": 4,
        "readability/failed": 2,
        "readability/failed/no_article": 1,  # members.html: its text is hidden
        "readability/failed/too_many_elements": 1,  # heavy.html: max_elems_to_parse from its link
        "readability/extraction_seconds": pytest.approx(stats["readability/extraction_seconds"]),
        **({"readability/workers/started": 2} if workers else {}),  # and none replaced
    }
    assert 0 < stats["readability/extraction_seconds"] < 30
    assert stats["item_dropped_count"] == 2
    assert f"No article in {site.url}/members.html: no_article" in log
    assert f"No article in {site.url}/articles/heavy.html: too_many_elements" in log
    assert "Traceback" not in log and "ERROR" not in log


def test_crawl_dropping_pages_keeping_failures_on_a_plain_twisted_reactor(site, tmp_path):
    pages = ["/about.html", "/articles/lighthouse.html", "/members.html", "/files/report.pdf"]
    items, result = crawl_site(
        tmp_path,
        site,
        pages,
        "TWISTED_REACTOR=twisted.internet.selectreactor.SelectReactor",
        "READABILITY_PREFLIGHT_ACTION=drop",
        "READABILITY_FAILURE_ACTION=keep",
        "READABILITY_KEEP_SOURCE=true",
        "READABILITY_THREADS=1",
    )
    stats, log = result.stats, result.log
    assert "Using reactor: twisted.internet.selectreactor.SelectReactor" in log
    assert sorted(items) == ["/articles/lighthouse.html", "/files/report.pdf", "/members.html"]
    lighthouse = items["/articles/lighthouse.html"]
    assert lighthouse["title"] == "What the lighthouse logbooks tell us"
    assert lighthouse["html"].startswith("<!DOCTYPE html>")  # kept, as the setting says
    members = items["/members.html"]
    assert members["readability_error"] == "no_article: the page has no readable content"
    assert all(members[name] is None for name in article_fields(DEFAULT_FORMATS))
    assert result.readability_stats() == {
        "readability/preflight/readerable": 2,
        # about (a start URL, then again from the article's link) and the index
        "readability/preflight/not_readerable": 3,
        "readability/preflight/dropped": 3,
        "readability/extracted": 1,
        "readability/attempt/strict": 1,
        "readability/failed": 1,
        "readability/failed/no_article": 1,
        "readability/extraction_seconds": pytest.approx(stats["readability/extraction_seconds"]),
    }
    assert "item_dropped_count" not in stats


def test_crawl_goes_on_when_a_worker_dies(site, tmp_path):
    engine = "READABILITY_ENGINE=tests.support.engine_stubs.DiesOnStarter"  # its process dies on starter.html
    items, result = crawl_site(tmp_path, site, ["/"], "READABILITY_WORKERS=2", engine)
    log = result.log
    # starter.html killed its worker: dropped and counted; a new worker did the pages after it
    assert sorted(items) == ["/articles/brief.html", "/articles/lighthouse.html", "/broken.html", "/files/report.pdf"]
    assert items["/articles/lighthouse.html"]["title"] == "What the lighthouse logbooks tell us"
    got = result.readability_stats()
    assert got["readability/extracted"] == 3
    assert got["readability/failed"] == 3
    assert got["readability/failed/worker_died"] == 1
    assert (
        f"No article in {site.url}/articles/starter.html: worker_died: the extraction process exited with code 3" in log
    )
    assert "Traceback" not in log and "ERROR" not in log


def test_a_bad_setting_stops_the_crawl(site, tmp_path):
    result = scrapy(
        ["runspider", str(SPIDER), "-a", f"start_urls={site.url}/", "-s", "READABILITY_POLICY=fast"], tmp_path
    )
    if SCRAPY_VERSION >= (2, 15):  # Scrapy 2.13 and 2.14 stop the crawl just as well, but exit with 0
        assert result.returncode != 0
    assert (
        "READABILITY_POLICY = 'fast' is not valid; accepted values: 'auto', 'strict', 'moderate', 'clean', 'raw'"
        in result.stderr
    )
    assert "Crawled" not in result.stderr


def test_example_project(tmp_path):
    """``scrapy crawl articles -O articles.jsonl`` in example_project/, offline, on its bundled pages.

    Its front page links to ``javascript:``, ``mailto:`` and ``tel:`` before the articles, to a fragment,
    to another site, and to articles twice.
    """
    result = crawl(tmp_path, "articles", command="crawl", cwd=ROOT / "example_project", feed="articles.jsonl")
    items = {item["title"]: item for item in result.items}
    assert sorted(items) == [
        "Ferry timetable changes this weekend",  # a brief, with lower thresholds from the spider
        "How a small town kept its night sky dark",
        "What the apple growers learned from a late frost",
        "À Lyon, les bouquinistes des quais tiennent bon",
    ]
    for item in items.values():
        assert set(item) == {"url", *article_fields(DEFAULT_FORMATS)}
        assert item["url"].startswith("file://")
        assert item["attempt"] == "strict"
    frost = items["What the apple growers learned from a late frost"]
    assert (frost["byline"], frost["published_time"]) == ("Daniel Okafor", "2025-04-28T06:30:00+00:00")  # JSON-LD
    assert items["À Lyon, les bouquinistes des quais tiennent bon"]["lang"] == "fr"
    assert items["How a small town kept its night sky dark"]["byline"] == "Ingrid Sølvberg"
    assert result.stats["readability/preflight/readerable"] == 4
    # the front page (once, though its menu links to itself as index.html and #main) and the about page
    assert result.stats["readability/preflight/not_readerable"] == 2
    # the pages above, the about page and the CSV file: no other site
    assert result.stats["downloader/request_count"] == 7
    assert result.stats["dupefilter/filtered"] >= 1
    assert "example.org" not in result.log
    assert result.clean


SETUP = "python3 -m venv .venv && . .venv/bin/activate && pip install -q -U pip && pip install -q -e . && "


def test_the_readmes_first_command(tmp_path):
    """The README's first command, as a newcomer pastes it (but the set-up: this venv has the package).

    Its output is one readable line per article, not Scrapy's log nor the articles in full.
    """
    command = re.search(r"```bash\n(.*?)\n```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S).group(1)
    assert command.startswith(SETUP)  # a fresh clone: a venv, the package
    shutil.copytree(ROOT / "example_project", tmp_path / "example_project")
    env = subprocess_env({"PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])})
    result = subprocess.run(
        ["bash", "-c", command.removeprefix(SETUP)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""  # Scrapy's log: nothing needs attention
    lines = sorted(result.stdout.splitlines())  # in the order the pages were fetched
    assert lines == sorted(
        [
            "How a small town kept its night sky dark | Ingrid Sølvberg | 343 words",
            "Ferry timetable changes this weekend | Courier staff | 31 words",
            "What the apple growers learned from a late frost | Daniel Okafor | 268 words",
            "À Lyon, les bouquinistes des quais tiennent bon | Claire Dumas | 259 words",
        ]
    )
    shown = re.search(r"```text\n(.*?)\n```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S).group(1)
    assert sorted(shown.splitlines()) == lines  # the README shows what it prints
    assert len((tmp_path / "articles.jsonl").read_text(encoding="utf-8").splitlines()) == 4  # the feed itself


def documented_spider(document: Path) -> str:
    """The spider class a document shows (the Python block that defines ``ArticlesSpider``)."""
    blocks = re.findall(r"```python\n(.*?)```", document.read_text(encoding="utf-8"), re.S)
    return next(block for block in blocks if "class ArticlesSpider" in block)


@pytest.mark.parametrize("document", ["README.md", "docs/scrapy.md"])
def test_the_documented_spider_survives_real_link_lists(tmp_path, document):
    """``javascript:``, ``mailto:`` and ``tel:`` links, a fragment, another site, duplicates, a PDF: every article.

    And the front page links to itself, as menus do: it is fetched once.
    """
    pages = {
        "/": LINK_LIST_INDEX.replace("<nav>", '<nav><a href="/">Home</a> ', 1),
        "/about.html": ABOUT,
        "/articles/lighthouse.html": LIGHTHOUSE,
        "/articles/starter.html": STARTER,
    }
    pages["/files/report.pdf"] = Page(PDF, "application/pdf")
    with serve(pages) as site:
        code = documented_spider(ROOT / document)
        code = code.replace('"https://news.example/"', f'"{site}/"').replace('["news.example"]', '["127.0.0.1"]')
        spider = tmp_path / "articles.py"
        spider.write_text(code, encoding="utf-8")
        result = crawl(tmp_path, spider, settings=ADDON)
        fetched = list(site.requests)
    assert sorted(item["title"] for item in result.items) == [LIGHTHOUSE_TITLE, STARTER_TITLE]
    assert fetched.count("/articles/lighthouse.html") == 1  # linked three times, once with a fragment
    assert fetched.count("/") == 1
    assert "/files/report.pdf" not in fetched  # not a page
    assert result.stats["offsite/domains"] == 1  # offsite.example, never requested
    assert result.stats["finish_reason"] == "finished"
    assert result.clean, result.log[-3000:]


# An article that links to two pages robots.txt disallows and two that are gone. (Linked, not
# start URLs: Scrapy 2.19 lets through requests that wait for robots.txt beside the first one.)
ROBOTS_ARTICLE = LIGHTHOUSE.replace(
    '<a href="/about.html">About</a>',
    '<a href="/about.html">About</a> <a href="/private/one.html">Members</a> <a href="/private/two.html">Archive</a>'
    ' <a href="/gone.html">Old news</a> <a href="/also-gone.html">Older news</a>',
)
ROBOTS_SITE = {
    # Served as HTML, as many servers do: the preflight must leave it to RobotsTxtMiddleware.
    "/robots.txt": Page("User-agent: *\nDisallow: /private/\n"),
    "/": Page(ABOUT),
    "/about.html": Page(ABOUT),
    "/articles/lighthouse.html": Page(ROBOTS_ARTICLE),
    "/private/one.html": Page(STARTER),
    "/private/two.html": Page(STARTER),
}


@pytest.mark.parametrize("action", ["annotate", "drop"])
def test_robots_txt_and_error_pages_are_not_judged(tmp_path, action):
    """With ``drop`` as with ``annotate``: robots.txt obeyed, 404 pages neither judged nor counted."""
    with serve(ROBOTS_SITE) as site:
        result = crawl(
            tmp_path,
            SPIDER,
            start_urls=[f"{site}/articles/lighthouse.html"],
            settings=["ROBOTSTXT_OBEY=True", f"READABILITY_PREFLIGHT_ACTION={action}"],
        )
        fetched = list(site.requests)
    assert fetched.count("/robots.txt") == 1
    assert [path for path in fetched if path.startswith("/private/")] == []  # robots.txt obeyed
    assert result.stats["robotstxt/forbidden"] == 2
    assert fetched.count("/gone.html") == fetched.count("/also-gone.html") == 1  # fetched, not judged
    assert [item["title"] for item in result.items] == [LIGHTHOUSE_TITLE]
    stats = result.readability_stats()
    assert stats == {
        "readability/preflight/readerable": 1,
        "readability/preflight/not_readerable": 2,  # the front and about pages (linked from the article)
        **({"readability/preflight/dropped": 2} if action == "drop" else {}),
        "readability/extracted": 1,
        "readability/attempt/strict": 1,
        "readability/extraction_seconds": stats["readability/extraction_seconds"],
    }
    assert result.clean, result.log[-3000:]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"policy": "bogus"},
            "['policy'] = 'bogus' is not valid; accepted values: 'auto', 'strict', 'moderate', 'clean', 'raw'",
        ),
        ({"char_treshold": 100}, "has an unknown option 'char_treshold'; accepted options: policy, char_threshold,"),
    ],
)
def test_bad_options_fail_their_request_before_the_download(site, tmp_path, options, message):
    seen = len(site.requests)
    result = crawl(
        tmp_path,
        FORMATS_SPIDER,
        start_urls=[f"{site}/articles/lighthouse.html", f"{site}/articles/starter.html"],
        spider_args={"options": json.dumps({"/articles/starter.html": options})},
    )
    assert "/articles/starter.html" not in site.requests[seen:]  # never downloaded
    assert [item["title"] for item in result.items] == [LIGHTHOUSE_TITLE]  # the other page is fine
    [line] = [line for line in result.log.splitlines() if message in line]  # logged once, with the request
    assert f"ERROR: Not downloading <GET {site}/articles/starter.html>: meta['readability']" in line
    assert result.stats["readability/preflight/invalid_options"] == 1
    assert "Error downloading" not in result.log and "Traceback" not in result.log


def huge_page(n: int) -> str:
    """About 1 MB of short paragraphs, none long enough to count: the preflight parses and walks all of them."""
    lines = "".join(f"<div><p>Line {i} of page {n}.</p><br></div>" for i in range(40_000))
    return f"<!DOCTYPE html><html><head><title>Huge {n}</title></head><body>{lines}</body></html>"


HUGE_SITE = {
    "/": Page(
        '<!DOCTYPE html><html><body><a href="/huge/1.html">1</a> <a href="/articles/lighthouse.html">L</a>'
        ' <a href="/huge/2.html">2</a> <a href="/articles/starter.html">S</a></body></html>'
    ),
    "/huge/1.html": Page(huge_page(1)),
    "/huge/2.html": Page(huge_page(2)),
    "/articles/lighthouse.html": Page(LIGHTHOUSE),
    "/articles/starter.html": Page(STARTER),
}


@pytest.mark.parametrize(("workers", "gc_freeze"), [(0, True), (2, False)])
def test_the_preflight_of_huge_pages_does_not_hold_the_reactor(tmp_path, workers, gc_freeze):
    """The readerable check parses every page (a second or more for these): in the pool, while the reactor ticks on.

    It used to run on the reactor thread, which then stopped for as long as each huge page took.
    And the garbage collector is frozen while the crawl runs, unless the settings say not to.
    """
    settings = {HEARTBEAT_SETTING: True, "READABILITY_WORKERS": workers, "READABILITY_GC_FREEZE": gc_freeze}
    with serve(HUGE_SITE) as site:
        result = crawl(tmp_path, VERDICT_SPIDER, start_urls=[f"{site}/"], settings=settings)
    assert sorted(item["title"] for item in result.items) == [LIGHTHOUSE_TITLE, STARTER_TITLE]
    stats = result.readability_stats()
    assert (stats["readability/preflight/readerable"], stats["readability/preflight/not_readerable"]) == (2, 3)
    # Each huge page's check takes 0.5-2 s of CPU; the reactor waits at most for the GIL, a few ms at a time.
    # On the reactor, each huge page held it a second or more (several on a busy machine); the bound leaves room
    # for a machine running a second test suite on 2 cores (load average 8: a 20-ms tick a few hundred ms late).
    assert result.stats[HEARTBEAT_STAT] < 800, result.stats[HEARTBEAT_STAT]
    if gc_freeze:  # Scrapy, Twisted, lxml, the spider...: start-up's objects, out of every collection
        assert result.stats[FROZEN_STAT] > max(50_000, frozen_at_startup() + 1_000), frozen_at_startup()
    else:
        # (a process forked from the zygote starts with its imports frozen, and frees a few of them)
        assert result.stats[FROZEN_STAT] <= frozen_at_startup()
    assert result.clean, result.log[-3000:]
