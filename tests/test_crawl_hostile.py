"""End-to-end: a real crawl that mixes good articles with the hostile-input matrix.

The local server sends every case of ``testkit/hostile_inputs.py`` (scaled
down) as ``text/html``, binary bodies included, as a careless server would, plus
three good articles and a page on which the engine raises. The crawl must
finish, every good article must reach the feed, every failed page must be
counted under ``readability/failed/<reason>`` and logged once with its URL,
and with ``READABILITY_FAILURE_ACTION=keep`` every failed page is in the feed
with its reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from scrapy import version_info as SCRAPY_VERSION
from w3lib.html import get_base_url

from testkit.crawling import SPIDERS, crawl
from testkit.hostile_inputs import CASES, UNIT_SCALE, page
from testkit.localserver import Page, serve
from tests.spiders.hostile_crawl_spider import FORCE_ERROR_MARKER

pytestmark = pytest.mark.slow  # real crawls in subprocesses

SPIDER = SPIDERS / "hostile_crawl_spider.py"

GOOD = {
    f"/good/{n}": page(
        "".join(f"<p>{sentence} Article {n}, paragraph {i}, keeps its own words.</p>" for i in range(8)),
        title=f"Good article number {n} - The Daily",
    )
    for n, sentence in enumerate(
        [
            "The river rose two metres overnight, and by morning the lower town was under water.",
            "A new survey of the old harbour wall found that its foundations are sound after all.",
            "The choir that sang at the opening of the bridge in 1962 met again this weekend.",
        ]
    )
}
FORCED = {"/forced-error": page(f"<p>{FORCE_ERROR_MARKER} " + "Some ordinary words here. " * 40 + "</p>")}


def hostile_pages() -> dict[str, bytes]:
    pages: dict[str, bytes] = {}
    for case in CASES:
        body = case.make(UNIT_SCALE if case.big else 1.0)
        pages[f"/hostile/{case.name}"] = body if isinstance(body, bytes) else body.encode("utf-8", "surrogatepass")
    return pages


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[str, dict[str, bytes]]]:
    pages = {**{k: v.encode() for k, v in {**GOOD, **FORCED}.items()}, **hostile_pages()}
    # text/html for every page, binary ones too, as a careless server would
    with serve({path: Page(body, "text/html") for path, body in pages.items()}) as running:
        yield running.url, pages


def crawl_hostile(
    tmp_path: Path, base_url: str, paths: list[str], *settings: str
) -> tuple[dict[str, Any], dict[str, Any], str]:
    result = crawl(
        tmp_path, SPIDER, start_urls=[base_url + p for p in paths], settings=["LOG_LEVEL=INFO", *settings], timeout=170
    )
    return result.by_path(base_url), result.stats, result.log


def failed_paths(log: str, base_url: str) -> list[str]:
    return [m.group(1)[len(base_url) :] for m in re.finditer(r"No article in (\S+): ", log)]


# Pages whose point is their size or shape and which must give an article (tests/engine/test_hostile.py
# says so): the drop crawl takes them all; the keep crawl, which is about failed pages, leaves them out.
ALWAYS_EXTRACTED = {f"/hostile/{case.name}" for case in CASES if case.group == "structure" and case.expect_article}


def _w3lib_rejects_base_href(href: str) -> bool:
    """Whether w3lib's get_base_url raises on a page whose ``<base href>`` is ``href`` (it did before 2.6)."""
    try:
        get_base_url(f'<html><head><base href="{href}"></head></html>', "http://127.0.0.1/")
    except ValueError:
        return True
    return False


@pytest.mark.parametrize("action", ["drop", "keep"])
def test_crawl_over_hostile_pages_loses_nothing(site, tmp_path, action):
    base_url, pages = site
    if action == "keep":
        pages = {path: body for path, body in pages.items() if path not in ALWAYS_EXTRACTED}
    items, stats, log = crawl_hostile(tmp_path, base_url, sorted(pages), f"READABILITY_FAILURE_ACTION={action}")

    assert "Spider closed (finished)" in log
    # Scrapy 2.14 and later fail on one page before our components see it when w3lib's get_base_url
    # raises ValueError on the page's "http://[" <base href> (w3lib before 2.6): their meta-refresh
    # middleware, which runs before ours, calls it. Every other page reaches us.
    lost_upstream = re.findall(r"Error downloading <GET \S+?(/hostile/\w+)>", log)
    upstream_fails = SCRAPY_VERSION >= (2, 14) and _w3lib_rejects_base_href("http://[")
    assert lost_upstream == (["/hostile/invalid_base_href"] if upstream_fails else [])
    assert log.count("Traceback") == len(lost_upstream)
    reached = len(pages) - len(lost_upstream)

    # Every good article reaches the feed, with its text.
    for path in GOOD:
        item = items[path]
        assert item["title"].startswith("Good article number"), item
        assert "keeps its own words" in item["text"]

    # Every page is either extracted or failed, each failure counted by reason and logged once.
    extracted = stats.get("readability/extracted", 0)
    failed = stats.get("readability/failed", 0)
    assert extracted + failed == reached
    by_reason = {k.rsplit("/", 1)[1]: v for k, v in stats.items() if k.startswith("readability/failed/")}
    assert sum(by_reason.values()) == failed
    assert by_reason.get("exception") == 1  # the forced engine error, and nothing else unexpected
    logged = failed_paths(log, base_url)
    assert sorted(logged) == sorted(set(logged)) and len(logged) == failed
    assert "/forced-error" in logged

    if action == "keep":
        assert len(items) == reached
        for path in logged:
            assert items[path]["readability_error"], items[path]
            assert items[path]["title"] is None
    else:
        assert len(items) == extracted
        assert not set(logged) & set(items)
    print(f"\n{action}: {len(pages)} pages, {reached} reached us, {extracted} extracted, {failed} failed {by_reason}")
