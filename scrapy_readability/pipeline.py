"""The extraction: turn an item that carries a page into an item that carries its article.

Extraction is pure-Python tree work, tens of milliseconds a page, so it never
runs on the reactor thread. By default it runs in a small thread pool of its
own (``READABILITY_THREADS``): the reactor keeps downloading meanwhile, but
the threads share one core through the GIL. With ``READABILITY_WORKERS = N``
it runs in N worker processes, one pool thread each passing pages to its
process, so a crawl uses every core (``_pool.py``). Either way a page's
result comes back as a ``_worker.Result``, which the reactor thread turns
into the item, the stats and the log lines.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, TypeVar

import scrapy
from itemadapter import ItemAdapter
from scrapy import signals
from scrapy.exceptions import CloseSpider, DropItem, NotConfigured
from twisted.internet.defer import Deferred

from scrapy_readability._pool import ExtractionPool, PoolConfig, WorkerStartError
from scrapy_readability._worker import ENGINE, Extracted, Failed, Task, TraceSwitch, replay
from scrapy_readability.carry import CarriedOptions, carried_options, carries_page, single_value
from scrapy_readability.items import ERROR_FIELD, article_fields
from scrapy_readability.settings import (
    META_KEY,
    PageOptions,
    ReadabilityConfig,
    ReadabilityConfigError,
    is_enabled,
)

if TYPE_CHECKING:
    from collections.abc import Coroutine

    from scrapy import Spider
    from scrapy.crawler import Crawler
    from scrapy.statscollectors import StatsCollector

logger = logging.getLogger(__name__)

_T = TypeVar("_T")

# Before the project template's pipeline (300), so the project's own pipelines see the article.
PIPELINE_PRIORITY = 200

WORKERS_FAILED = "readability_workers_failed"
"""The crawl's finish reason when its worker processes cannot start."""


class ExtractionFailed(Exception):
    """Why a page gave no article; ``reason`` is the short name used in stats and messages."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason


class ReadabilityPipeline:
    """Extract the article from items that carry a page in ``READABILITY_SOURCE_FIELD``.

    Any item type works (through itemadapter); items without the source field
    pass through untouched, so a spider can yield other items too. Options come
    from the settings, overridden by the page's ``meta['readability']`` (the
    item's own ``readability`` value, else the one the spider middleware
    carried from its response); ``False`` there skips the item, which then
    loses its inputs as an extracted one does.
    A page with no article, or one the engine fails on, is dropped or kept with
    ``readability_error`` (``READABILITY_FAILURE_ACTION``); the crawl goes on,
    even when a worker process dies (the page fails with ``worker_died`` and
    the next page gets a new process).
    """

    # The engine class by dotted path, private: tests swap in stubs that fail or kill their process.
    _engine: str = ENGINE

    def __init__(self, config: ReadabilityConfig, stats: StatsCollector) -> None:
        self.config = config
        self.stats = stats
        self._pool: ExtractionPool | None = None
        self._trace: TraceSwitch | None = None
        self._carried = CarriedOptions()  # the spider middleware's, once from_crawler has run

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> ReadabilityPipeline:
        if not is_enabled(crawler.settings):
            raise NotConfigured
        pipeline = cls(ReadabilityConfig.from_settings(crawler.settings), crawler.stats)
        pipeline._carried = carried_options(crawler)
        # close_spider() runs first in a normal close; this also covers a crawl stopped another way.
        crawler.signals.connect(pipeline.close_spider, signal=signals.spider_closed)
        return pipeline

    def open_spider(self, spider: Spider | None = None) -> Any:
        """Start the pool. With worker processes, the crawl starts once they are ready, or stops if they cannot."""
        pool = self._start_pool()
        if not pool.config.processes:
            return None
        return _for_scrapy(self._wait_for_workers(pool))

    def close_spider(self, spider: Spider | None = None) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.close()  # the pool's threads stop the worker processes; the reactor does not wait
            for key, count in sorted(pool.counts.items()):
                self.stats.inc_value(f"readability/workers/{key}", count)
        if self._trace is not None:
            self._trace.restore()
            self._trace = None

    def _start_pool(self) -> ExtractionPool:
        if self._pool is None:
            self._trace = TraceSwitch(self.config.debug)
            self._pool = ExtractionPool(self._pool_config(trace=self._trace.enabled))
        return self._pool

    def _pool_config(self, trace: bool) -> PoolConfig:
        config = self.config
        return PoolConfig(
            size=config.workers or config.threads,
            processes=config.workers > 0,
            engine=self._engine,
            timeout=config.timeout,
            max_memory=config.worker_max_memory * 2**20,
            max_pages=config.worker_max_pages,
            trace=trace,
        )

    async def _wait_for_workers(self, pool: ExtractionPool) -> None:
        """Wait for the worker processes; if they cannot start, stop the crawl before its first request."""
        try:
            await _await(pool.ready)
        except WorkerStartError as error:
            self.close_spider()
            raise self._stop_crawl(error) from None

    def _stop_crawl(self, error: WorkerStartError) -> Exception:
        """What stops the crawl: CloseSpider after one logged error (Scrapy 2.18+), else the error itself."""
        message = (
            f"READABILITY_WORKERS = {self.config.workers}: the worker processes cannot start ({error}), "
            "so the crawl stops; READABILITY_WORKERS = 0 extracts in threads instead"
        )
        if error.details:
            logger.debug("What the worker process said:\n%s", error.details)
        if scrapy.version_info < (2, 18):  # before 2.18, an exception is how open_spider stops a crawl
            return WorkerStartError(message, error.details)
        logger.error(message)
        return CloseSpider(WORKERS_FAILED)

    async def process_item(self, item: Any, spider: Spider | None = None) -> Any:
        adapter = ItemAdapter(item)
        verdict = self._page_verdict(adapter)
        source_field = self.config.source_field
        if not carries_page(adapter, source_field):
            return item  # not a page for us
        if verdict is False:
            self.stats.inc_value("readability/skipped")
            self._strip_inputs(adapter)
            return item
        url = single_value(adapter.get("url"))
        try:
            options = self.config.page.override(None if verdict is None or verdict is True else verdict)
        except ReadabilityConfigError as error:
            return self._fail(adapter, url, ExtractionFailed("invalid_options", str(error)), self.config.page)
        try:
            article = await self._extract(single_value(adapter.get(source_field)), url, options)
        except ExtractionFailed as failure:
            return self._fail(adapter, url, failure, options)
        self._fill(adapter, article, options)
        self.stats.inc_value("readability/extracted")
        self.stats.inc_value(f"readability/attempt/{article['attempt']}")
        return item

    def _page_verdict(self, adapter: ItemAdapter) -> Any:
        """The page's ``meta['readability']``: the item's own value, else the one carried beside it (now released)."""
        carried = self._carried.take(adapter.item)
        own = single_value(adapter.get(META_KEY))
        return own if own is not None else carried

    async def _extract(self, html: Any, url: str | None, options: PageOptions) -> dict[str, Any]:
        """The article's fields, or ExtractionFailed with the reason there is none."""
        if not html or not isinstance(html, (str, bytes)):
            raise ExtractionFailed("no_source", f"no HTML in field {self.config.source_field!r}")
        pool = self._start_pool()  # started here when used without open_spider(), e.g. from a test
        # In a pool thread, or through it in a worker process: the same plain values either way.
        # The representations are made there too, from the tree the engine parsed.
        result = await _await(pool.submit(Task(html, url, options.engine_options(), options.formats)))
        self._count_seconds(result.seconds)
        replay(result.trace)
        if isinstance(result, Failed):
            if result.traceback is not None:  # a bug in the engine: keep the traceback
                logger.debug("Readability raised on %s:\n%s", url, result.traceback)
            raise ExtractionFailed(result.reason, result.detail)
        _log_extracted(url, result)
        return result.fields

    def _count_seconds(self, seconds: float) -> None:
        key = "readability/extraction_seconds"
        self.stats.set_value(key, self.stats.get_value(key, 0.0) + seconds)

    def _fail(self, adapter: ItemAdapter, url: str | None, failure: ExtractionFailed, options: PageOptions) -> Any:
        """Count the failure, then drop the item (logged by Scrapy) or keep it (logged here)."""
        self.stats.inc_value("readability/failed")
        self.stats.inc_value(f"readability/failed/{failure.reason}")
        if self.config.failure_action == "drop":
            self._strip_inputs(adapter, dropping=True)  # Scrapy logs the dropped item: keep it short
            raise DropItem(f"No article in {url}: {failure}")
        logger.warning("No article in %s: %s", url, failure)
        self._fill(adapter, {}, options)
        _set(adapter, ERROR_FIELD, str(failure))
        return adapter.item

    def _fill(self, adapter: ItemAdapter, values: dict[str, Any], options: PageOptions) -> None:
        """Write the article's fields (None for missing or blank ones) and remove the inputs.

        Of the representations, those ``READABILITY_FORMATS`` leaves out are not written.
        """
        for name in article_fields(options.formats):
            value = values.get(name)
            _set(adapter, name, None if isinstance(value, str) and not value.strip() else value)
        self._strip_inputs(adapter)

    def _strip_inputs(self, adapter: ItemAdapter, *, dropping: bool = False) -> None:
        """Remove what only the pipeline needed: ``readability``, and the page unless ``READABILITY_KEEP_SOURCE``."""
        _remove(adapter, META_KEY)
        if dropping or not self.config.keep_source:
            _remove(adapter, self.config.source_field)


def _log_extracted(url: str | None, result: Extracted) -> None:
    """The one line an extracted page gets from us (DEBUG level): what came out, and how long it took."""
    if logger.isEnabledFor(logging.DEBUG):
        fields = result.fields
        logger.debug(
            "Extracted %s: %r (attempt %s, %s characters, %.3f s)",
            url,
            fields.get("title"),
            fields.get("attempt"),
            fields.get("length"),
            result.seconds,
        )


async def _await(future: Future[_T]) -> _T:
    """Await a pool's future, under an asyncio loop or a plain Twisted reactor."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:  # a non-asyncio Twisted reactor drives this coroutine
        return await _deferred_from_future(future)
    return await asyncio.wrap_future(future)


def _for_scrapy(coroutine: Coroutine[Any, Any, None]) -> Any:
    """What Scrapy waits for from ``open_spider``: a coroutine from Scrapy 2.14 on, a Deferred before."""
    if scrapy.version_info >= (2, 14):
        return coroutine
    from scrapy.utils.defer import deferred_from_coro

    return deferred_from_coro(coroutine)


def _deferred_from_future(future: Future[_T]) -> Deferred[_T]:
    """A Deferred that fires on the reactor thread when ``future`` is done."""
    from twisted.internet import reactor

    deferred: Deferred[_T] = Deferred()

    def fire(done: Future[_T]) -> None:
        try:
            deferred.callback(done.result())
        except BaseException as error:  # noqa: BLE001 - handed to the awaiting coroutine
            deferred.errback(error)

    future.add_done_callback(lambda done: reactor.callFromThread(fire, done))
    return deferred


def _set(adapter: ItemAdapter, name: str, value: Any) -> None:
    """Set a field if the item type has it: a dataclass, attrs or Item class gets only its own fields."""
    try:
        adapter[name] = value
    except KeyError:
        pass


def _remove(adapter: ItemAdapter, name: str) -> None:
    """Remove a field; a dataclass or attrs item cannot lose a declared field, so it is blanked."""
    if isinstance(adapter.item, (dict, scrapy.Item)):
        adapter.item.pop(name, None)
    elif name in adapter.field_names():
        adapter[name] = None
