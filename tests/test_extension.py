"""The crawl's extension: one per crawler, found through it; its pool (the preflight's and the pipeline's); the GC."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator

import pytest
import scrapy
from scrapy.exceptions import CloseSpider

from scrapy_readability.engine.options import PreflightOptions
from scrapy_readability.extension import ReadabilityExtension
from scrapy_readability.middleware import ReadabilityMiddleware
from scrapy_readability.pipeline import ReadabilityPipeline
from scrapy_readability.runtime.jobs import Extracted, Extraction, Failed, Judged, Preflight
from scrapy_readability.runtime.pool import WorkerStartError
from scrapy_readability.spidermiddleware import ReadabilitySpiderMiddleware
from tests.support.components import crawler_with, extension_of, wait_for
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


def test_the_extension_is_the_pools_one_owner():
    """Issue 29: the pipeline's open_spider and close_spider started and stopped it too."""
    crawler = crawler_with()
    pipeline = ReadabilityPipeline.from_crawler(crawler)
    extension = extension_of(crawler)
    assert not hasattr(pipeline, "close_spider")
    if scrapy.version_info >= (2, 18):  # before, the pipeline awaits the extension's start (see its open_spider)
        assert pipeline.open_spider() is None and extension.pool is None
    extension.spider_opened()
    pool = extension.pool
    assert pool is not None
    extension.spider_opened()  # a second opening (the pipeline's, before 2.18) starts no second pool
    assert extension.pool is pool
    extension.spider_closed()
    assert extension.pool is None


def test_the_workers_stats_are_counted_as_the_crawl_runs_not_only_when_it_closes():
    """Another extension's spider_closed handler (a stats exporter) may run before ours: the stats are there by then."""
    crawler = crawler_with(READABILITY_WORKERS=1)
    extension = extension_of(crawler)
    wait_for(extension.spider_opened())
    try:
        asyncio.run(extension.run(Preflight(LIGHTHOUSE, URL)))
        assert crawler.stats.get_value("readability/workers/started") == 1
    finally:
        extension.spider_closed()
    assert crawler.stats.get_value("readability/workers/started") == 1  # not counted twice


def test_the_pool_is_configured_in_one_place_for_the_crawl_and_the_command_line():
    from dataclasses import replace

    from scrapy_readability.cli.extract import pool_config as command_line_pool
    from scrapy_readability.poolconfig import pool_config
    from scrapy_readability.settings import ReadabilityConfig

    settings = {"READABILITY_WORKERS": 3, "READABILITY_TIMEOUT": 5, "READABILITY_WORKER_MAX_MEMORY": 100}
    config = ReadabilityConfig.from_settings(settings)
    crawl = pool_config(config)
    assert (crawl.size, crawl.processes, crawl.timeout, crawl.max_memory) == (3, True, 5.0, 100 * 2**20)
    assert command_line_pool(config, 1) == replace(crawl, size=1, processes=False, niceness=0)
