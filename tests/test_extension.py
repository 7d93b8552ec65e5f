"""The crawl's extension: one per crawler, found through it; its pool (the preflight's and the pipeline's); the GC."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator

import pytest
from scrapy.exceptions import CloseSpider

from scrapy_readability.engine.options import PreflightOptions
from scrapy_readability.extension import ReadabilityExtension
from scrapy_readability.middleware import ReadabilityMiddleware
from scrapy_readability.pipeline import ReadabilityPipeline
from scrapy_readability.runtime.jobs import Extracted, Extraction, Failed, Judged, Preflight
from scrapy_readability.runtime.pool import WorkerStartError
from scrapy_readability.spidermiddleware import ReadabilitySpiderMiddleware
from tests.support.components import crawler_with, extension_of
from tests.support.scrapy_site import LIGHTHOUSE

URL = "https://news.example/a"


@pytest.fixture(autouse=True)
def unfrozen() -> Iterator[None]:
    """Each test starts and ends with nothing frozen."""
    gc.unfreeze()
    yield
    gc.unfreeze()


def test_the_components_of_a_crawl_share_its_extension_and_its_pool():
    crawler = crawler_with()
    middleware = ReadabilityMiddleware.from_crawler(crawler)
    pipeline = ReadabilityPipeline.from_crawler(crawler)
    spider_middleware = ReadabilitySpiderMiddleware.from_crawler(crawler)
    extension = extension_of(crawler)
    assert middleware.extension is pipeline.extension is extension
    assert spider_middleware.carried is extension.carried
    assert middleware.config is pipeline.config is extension.config  # the settings, read once
    assert extension_of(crawler_with()) is not extension  # another crawl, another extension
    try:
        verdict = asyncio.run(extension.run(Preflight(LIGHTHOUSE, URL)))
        extracted = asyncio.run(extension.run(Extraction(LIGHTHOUSE, URL)))
        assert isinstance(verdict, Judged) and verdict.readerable
        assert isinstance(extracted, Extracted)
        assert extracted.fields["title"] == "What the lighthouse logbooks tell us"
        assert extension.pool is not None and len(extension.pool.pids) == 1  # one thread, for both
    finally:
        extension.close()
    assert extension.pool is None


def test_building_a_component_starts_nothing():
    frozen = gc.get_freeze_count()  # not always 0: Python 3.12 starts with some objects frozen
    crawler = crawler_with(READABILITY_WORKERS=2)
    ReadabilityMiddleware.from_crawler(crawler)
    ReadabilityPipeline.from_crawler(crawler)
    assert extension_of(crawler).pool is None  # the pool starts when the spider opens
    assert gc.get_freeze_count() == frozen


def test_the_collector_is_frozen_while_a_crawl_runs():
    extension = extension_of(crawler_with())
    extension.spider_opened()
    assert gc.get_freeze_count() > 1000  # start-up's objects: the modules, the crawler...
    extension.spider_closed()
    assert gc.get_freeze_count() == 0


def test_the_last_crawl_to_stop_unfreezes_it():
    first, second = extension_of(crawler_with()), extension_of(crawler_with())
    first.spider_opened()
    second.spider_opened()
    first.spider_closed()
    assert gc.get_freeze_count() > 0  # the second crawl still runs
    second.spider_closed()
    assert gc.get_freeze_count() == 0


def test_the_collector_can_be_left_alone():
    frozen = gc.get_freeze_count()
    extension = extension_of(crawler_with(READABILITY_GC_FREEZE=False))
    extension.spider_opened()
    try:
        assert gc.get_freeze_count() == frozen
    finally:
        extension.spider_closed()


def test_after_its_workers_could_not_start_a_crawl_fails_pages_at_once():
    """No new process for each page: the crawl is stopping (before Scrapy 2.18, it goes on without them)."""
    frozen = gc.get_freeze_count()
    crawler = crawler_with(
        READABILITY_WORKERS=1, READABILITY_PREFLIGHT_CHECK="tests.support.broken_engine.is_probably_readable"
    )
    extension = extension_of(crawler)
    with pytest.raises((CloseSpider, WorkerStartError)):  # CloseSpider from Scrapy 2.18 on
        asyncio.run(extension.open())
    verdict = asyncio.run(extension.run(Preflight(LIGHTHOUSE, URL, PreflightOptions())))
    assert verdict == Failed(
        "worker_died",
        "the worker processes cannot start: ImportError: libxml2.so.2: cannot open shared object file: "
        "No such file or directory",
    )
    assert extension.pool is None and gc.get_freeze_count() == frozen


def test_disabled_crawls_have_no_extension():
    crawler = crawler_with(READABILITY_ENABLED=False)
    assert crawler.get_extension(ReadabilityExtension) is None
