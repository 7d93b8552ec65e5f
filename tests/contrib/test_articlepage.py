"""contrib.articlepage: our article in the zyte_common_items.Article schema, and the page object."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("zyte_common_items")
pytest.importorskip("web_poet")

from web_poet import HttpResponse  # noqa: E402
from zyte_common_items import Article as ZyteArticle  # noqa: E402

from scrapy_readability import Readability  # noqa: E402
from scrapy_readability.contrib.articlepage import (  # noqa: E402
    ReadabilityArticlePage,
    ReadabilityExtraction,
    content_images,
    to_zyte_article,
)
from scrapy_readability.engine import Article  # noqa: E402
from testkit.crawling import SPIDERS, CrawlResult, crawl  # noqa: E402
from testkit.localserver import LocalSite, serve  # noqa: E402

URL = "https://news.example/ferry"
P = "<p>" + "The first crossing on Saturday will leave later than usual while the pier is repaired. " * 8 + "</p>"
PAGE = (
    '<html lang="de"><head><title>Ferry timetable changes this weekend</title>'
    '<meta property="article:modified_time" content="2025-05-09">'
    '<meta name="author" content="Jane Roe"></head>'
    f"<body><article><h1>Ferry timetable changes this weekend</h1>{P * 3}"
    '<img src="/a.jpg"><img src="javascript:alert(1)"><img src="/a.jpg"><script>alert(1)</script>'
    "</article></body></html>"
)
DOWNLOADED = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)


def test_the_schemas_shape_of_dates_and_the_fallback_to_modified():
    item = to_zyte_article(Readability(PAGE, url=URL).parse(), URL, downloaded=DOWNLOADED)
    assert item.datePublished == "2025-05-09T00:00:00"  # a day alone: midnight, no zone invented
    assert item.dateModified == "2025-05-09T00:00:00"
    assert item.metadata.dateDownloaded == "2025-06-01T12:00:00Z"
    assert [a.name for a in item.authors] == ["Jane Roe"]
    assert item.inLanguage == "de"
    assert item.mainImage.url == "https://news.example/a.jpg"  # the page names none: the article's first
    assert [image.url for image in item.images] == ["https://news.example/a.jpg"]


@pytest.mark.parametrize(
    "ours, theirs",
    [
        ("2025-05-09T16:00:00+00:00", "2025-05-09T16:00:00Z"),
        ("2025-05-09T18:00:00+02:00", "2025-05-09T18:00:00+02:00"),
        ("2025-05-09T16:00:00", "2025-05-09T16:00:00"),
        (None, None),
    ],
)
def test_dates(ours, theirs):
    item = to_zyte_article(Article(title="t", date_published=ours), URL)
    assert item.datePublished == theirs


def test_no_article_is_an_item_of_probability_zero():
    item = to_zyte_article(None, URL)
    assert (item.url, item.headline, item.metadata.probability) == (URL, None, 0.0)


def test_an_article_without_its_tree_has_no_image_list():
    item = to_zyte_article(Article(title="t", content="<p>x</p>"), URL)
    assert item.images is None and item.mainImage is None


def test_the_page_object_gives_the_extraction_it_is_handed_in_the_schema():
    """In a crawl the extraction comes from the crawl's pool (ReadabilityExtractionProvider); here, by hand."""
    response = HttpResponse(URL, body=PAGE.encode(), headers={"Content-Type": "text/html; charset=utf-8"})
    fields = Readability(PAGE, url=URL, sanitize=True).parse().to_dict()
    extraction = ReadabilityExtraction(fields, content_images(fields["content"]), None, DOWNLOADED)
    item = asyncio.run(ReadabilityArticlePage(response=response, extraction=extraction).to_item())
    assert isinstance(item, ZyteArticle)
    assert item.headline == "Ferry timetable changes this weekend"
    assert "<script" not in item.articleBodyHtml and "javascript:" not in item.articleBodyHtml
    assert item.articleBody.startswith("The first crossing")
    assert [image.url for image in item.images] == ["https://news.example/a.jpg"]
    assert item.metadata.dateDownloaded == "2025-06-01T12:00:00Z"


def test_no_extraction_is_an_item_of_probability_zero():
    response = HttpResponse(URL, body=PAGE.encode())
    item = asyncio.run(ReadabilityArticlePage(response=response, extraction=ReadabilityExtraction()).to_item())
    assert (item.headline, item.metadata.probability) == (None, 0.0)


def test_a_subclass_that_sets_the_engines_options_is_told_they_are_ignored():
    with pytest.warns(DeprecationWarning, match="READABILITY_"):

        class Raw(ReadabilityArticlePage):
            options = {"sanitize": False}


@pytest.fixture(scope="module")
def site() -> Iterator[LocalSite]:
    with serve({"/ferry": PAGE, "/other": PAGE.replace("Ferry", "Bus")}) as running:
        yield running


def poet_crawl(tmp_path: Path, site: LocalSite, **settings: Any) -> CrawlResult:
    return crawl(tmp_path, SPIDERS / "poet_spider.py", start_urls=[f"{site.url}/ferry"], settings=settings)


@pytest.mark.slow
@pytest.mark.parametrize("workers", [0, 1])
def test_in_a_crawl_the_page_object_extracts_in_the_crawls_pool_with_its_engine(
    tmp_path: Path, site: LocalSite, workers: int
) -> None:
    """Issue 29: it called the engine itself, on the reactor thread, and ignored READABILITY_ENGINE and the rest."""
    result = poet_crawl(
        tmp_path,
        site,
        READABILITY_ENGINE="tests.support.engine_stubs.WhoAmI",
        READABILITY_WORKERS=workers,
        READABILITY_PREFLIGHT_CHECK="tests.support.engine_stubs.never_readable",
    )
    (item,) = result.items
    pid, thread = item["headline"].split(" ", 1)
    if workers:  # the worker process's main thread, not the crawl's
        assert result.stats["readability/workers/started"] == 1 and int(pid) != os.getpid()
    else:
        assert thread.startswith("readability") and thread != "MainThread"  # a pool thread
    assert item["metadata"]["probability"] == 1.0
    assert result.stats["readability/extracted"] == 1
    assert result.stats["readability/preflight/not_readerable"] == 1  # READABILITY_PREFLIGHT_CHECK ran


@pytest.mark.slow
def test_in_a_crawl_the_page_object_honours_the_timeout_and_the_formats(tmp_path: Path, site: LocalSite) -> None:
    late = poet_crawl(tmp_path, site, READABILITY_ENGINE="tests.support.engine_stubs.Slow", READABILITY_TIMEOUT=0.01)
    (item,) = late.items
    assert item["metadata"]["probability"] == 0.0
    assert late.stats["readability/failed/timeout"] == 1
    text_only = poet_crawl(tmp_path, site, READABILITY_FORMATS="text")
    (item,) = text_only.items
    assert item["articleBody"].startswith("The first crossing") and item["articleBodyHtml"] is None
    assert [image["url"] for image in item["images"]] == [f"{site.url}/a.jpg"]
