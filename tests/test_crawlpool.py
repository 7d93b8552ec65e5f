"""The crawl's pool, shared by the preflight and the pipeline: one per crawler, and the garbage collector while it runs."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator
from typing import Any

import pytest
from scrapy.exceptions import CloseSpider
from scrapy.utils.test import get_crawler

from scrapy_readability._crawlpool import CrawlPool
from scrapy_readability._pool import WorkerStartError
from scrapy_readability._worker import Failed, Judged, Preflight, Task
from scrapy_readability.middleware import ReadabilityMiddleware
from scrapy_readability.pipeline import ReadabilityPipeline
from scrapy_site import LIGHTHOUSE


@pytest.fixture(autouse=True)
def unfrozen() -> Iterator[None]:
    """Each test starts and ends with nothing frozen."""
    gc.unfreeze()
    yield
    gc.unfreeze()


def test_the_middleware_and_the_pipeline_share_one_pool():
    crawler = get_crawler(settings_dict={})
    middleware = ReadabilityMiddleware.from_crawler(crawler)
    pipeline = ReadabilityPipeline.from_crawler(crawler)
    assert middleware.pool is pipeline.pool is CrawlPool.of(crawler)
    assert CrawlPool.of(get_crawler(settings_dict={})) is not pipeline.pool  # another crawl, another pool
    pool = pipeline.pool
    try:
        verdict = asyncio.run(pool.run(Preflight(LIGHTHOUSE, "https://news.example/a", {})))
        extracted = asyncio.run(pool.run(Task(LIGHTHOUSE, "https://news.example/a", {})))
        assert isinstance(verdict, Judged) and verdict.readerable
        assert extracted.fields["title"] == "What the lighthouse logbooks tell us"  # type: ignore[union-attr]
        assert len(pool.running.pids) == 1  # type: ignore[union-attr]  # one thread, for both
    finally:
        pool.close()
    assert pool.running is None


def make_pool(**settings: Any) -> CrawlPool:
    return CrawlPool.of(get_crawler(settings_dict=settings))


def test_the_collector_is_frozen_while_a_crawl_runs():
    before = gc.get_freeze_count()
    assert before == 0
    pool = make_pool()
    pool.start()
    assert gc.get_freeze_count() > 1000  # start-up's objects: the modules, the crawler...
    pool.close()
    assert gc.get_freeze_count() == 0


def test_the_last_crawl_to_stop_unfreezes_it():
    first, second = make_pool(), make_pool()
    first.start()
    second.start()
    first.close()
    assert gc.get_freeze_count() > 0  # the second crawl still runs
    second.close()
    assert gc.get_freeze_count() == 0


def test_the_collector_can_be_left_alone():
    pool = make_pool(READABILITY_GC_FREEZE=False)
    pool.start()
    try:
        assert gc.get_freeze_count() == 0
    finally:
        pool.close()


def test_after_its_workers_could_not_start_a_pool_fails_pages_at_once():
    """No new process for each page: the crawl is stopping (before Scrapy 2.18, it goes on without them)."""
    crawler = get_crawler(settings_dict={"READABILITY_WORKERS": 1})
    pool = CrawlPool.of(crawler)
    pool.preflight = "broken_engine.is_probably_readable"
    with pytest.raises((CloseSpider, WorkerStartError)):  # CloseSpider from Scrapy 2.18 on
        asyncio.run(pool.open())
    verdict = asyncio.run(pool.run(Preflight(LIGHTHOUSE, "https://news.example/a", {})))
    assert verdict == Failed(
        "worker_died",
        "the worker processes cannot start: ImportError: libxml2.so.2: cannot open shared object file: "
        "No such file or directory",
    )
    assert pool.running is None and gc.get_freeze_count() == 0
