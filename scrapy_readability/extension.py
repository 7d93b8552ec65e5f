"""The crawl's own state, one per crawler: the settings, the pool, the options on their way to the pipeline.

:class:`ReadabilityExtension` is a Scrapy extension (the add-on enables it);
the middleware, the spider middleware and the pipeline find it through the
crawler (:meth:`ReadabilityExtension.of`), so nothing of a crawl lives in a
module global and two crawls in one process share nothing. It reads the
``READABILITY_*`` settings once; it runs every page's preflight and extraction
in one pool of threads or worker processes (``runtime``), started when the
spider opens (the crawl waits for its worker processes, and stops if they
cannot start) or at the first page, and stopped when the spider closes. It is
the pool's one owner: nothing else builds, starts or stops it (before Scrapy
2.18 the pipeline's ``open_spider`` awaits the extension's start, since only an
item pipeline could then stop a crawl as it opened). It
holds the table that carries ``meta['readability']`` from responses to their
items (``carry.py``); and while the crawl runs it freezes the garbage
collector (``READABILITY_GC_FREEZE``: see :class:`GcFreeze`).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import threading
from collections import Counter
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, Self, TypeVar, overload

import scrapy
from scrapy import signals
from scrapy.exceptions import CloseSpider, NotConfigured
from twisted.internet.defer import Deferred

from scrapy_readability.carry import CarriedOptions
from scrapy_readability.poolconfig import pool_config
from scrapy_readability.runtime.jobs import Extracted, Extraction, Failed, Job, Judged, Outcome, Preflight
from scrapy_readability.runtime.pool import ExtractionPool, WorkerStartError
from scrapy_readability.runtime.tracing import replay
from scrapy_readability.settings import ReadabilityConfig, ReadabilityConfigError, is_enabled

if TYPE_CHECKING:
    from scrapy.crawler import Crawler
    from scrapy.statscollectors import StatsCollector

logger = logging.getLogger(__name__)

_T = TypeVar("_T")

WORKERS_FAILED = "readability_workers_failed"
"""The crawl's finish reason when its worker processes cannot start."""


class ReadabilityExtension:
    """A crawl's scrapy-readability state: its config, its pool, its carried options, its GC freeze."""

    def __init__(self, config: ReadabilityConfig, stats: StatsCollector) -> None:
        self.config = config
        self.stats = stats
        self.carried = CarriedOptions()
        self._pool: ExtractionPool | None = None
        self._frozen = False
        self._start_error: WorkerStartError | None = None
        self._counted: Counter[str] = Counter()  # the pool's events already in the stats

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        if not is_enabled(crawler.settings):
            raise NotConfigured
        assert crawler.stats is not None
        extension = cls(ReadabilityConfig.from_settings(crawler.settings), crawler.stats)
        crawler.signals.connect(extension.spider_opened, signal=signals.spider_opened)
        crawler.signals.connect(extension.spider_closed, signal=signals.spider_closed)
        for left in (signals.item_scraped, signals.item_dropped, signals.item_error):
            crawler.signals.connect(extension.carried.forget, signal=left)
        return extension

    @classmethod
    def of(cls, crawler: Crawler, component: str) -> Self:
        """The crawler's extension, for ``component``; ReadabilityConfigError if the project did not enable it."""
        extension = crawler.get_extension(cls)
        if extension is None:
            raise ReadabilityConfigError(
                f"{component} needs {cls.__module__}.{cls.__name__} in EXTENSIONS: enable the add-on "
                '(ADDONS = {"scrapy_readability.Addon": 0}), which enables it with the other components'
            )
        return extension

    @property
    def pool(self) -> ExtractionPool | None:
        """The pool while it runs, for tests and benchmarks (its worker processes' ids, its queue)."""
        return self._pool

    def spider_opened(self) -> Any:
        """Start the pool; with worker processes, what Scrapy waits for before the crawl starts (see :meth:`open`)."""
        if not self.config.workers:
            self._start()
            return None
        return for_scrapy(self.open())

    def spider_closed(self) -> None:
        """Stop taking pages (the spider closes once nothing is in flight), and let the collector go."""
        self.close()
        self.carried.forget_held()

    async def open(self) -> None:
        """Start the pool and wait for its worker processes; if they cannot start, stop the crawl (logged once)."""
        if self._start_error is None:
            pool = self._start()
            if not pool.config.processes:
                return
            try:
                await _await(pool.ready)
                return
            except WorkerStartError as error:
                self._start_error = error
                self.close()
                self._log_start_error(error)
        raise self._stop_crawl(self._start_error) from None

    @overload
    async def run(self, job: Extraction) -> Extracted | Failed: ...

    @overload
    async def run(self, job: Preflight) -> Judged | Failed: ...

    async def run(self, job: Job) -> Outcome:
        """Run one page's job in the pool (started if need be), and log the engine's trace it brought back."""
        if self._start_error is not None:  # the crawl is stopping (or, before Scrapy 2.18, goes on without it)
            return Failed("worker_died", f"the worker processes cannot start: {self._start_error}")
        future: Future[Any] = self._start().submit(job)
        outcome: Outcome = await _await(future)
        self._count_pool_events()
        replay(outcome.trace)
        return outcome

    def close(self) -> None:
        """Stop taking pages; the pool's threads finish the queue and stop the worker processes (not waited for)."""
        if self._pool is not None:
            self._pool.close()
            self._count_pool_events()
            self._pool, self._counted = None, Counter()
        if self._frozen:
            GcFreeze.unfreeze()
            self._frozen = False

    def _start(self) -> ExtractionPool:
        """The running pool, started now if it was not (it does not wait for worker processes)."""
        if self._pool is None:
            self._pool = ExtractionPool(pool_config(self.config))
            if self.config.gc_freeze and not self._frozen:
                GcFreeze.freeze()
                self._frozen = True
        return self._pool

    def _count_pool_events(self) -> None:
        """Bring ``readability/workers/*`` up to date with the pool's events (processes started, replaced).

        After every page, not only when the spider closes: other ``spider_closed``
        handlers (a stats exporter) may run before ours.
        """
        if self._pool is None:
            return
        for key, count in sorted(dict(self._pool.counts).items()):  # a copy: the pool's threads add to it
            if count > self._counted[key]:
                self.stats.inc_value(f"readability/workers/{key}", count - self._counted[key])
                self._counted[key] = count

    def _log_start_error(self, error: WorkerStartError) -> None:
        if error.details:
            logger.debug("What the worker process said:\n%s", error.details)
        if scrapy.version_info >= (2, 18):  # before, Scrapy logs the exception that stops the crawl
            logger.error(self._start_message(error))

    def _start_message(self, error: WorkerStartError) -> str:
        return (
            f"READABILITY_WORKERS = {self.config.workers}: the worker processes cannot start ({error}), "
            "so the crawl stops; READABILITY_WORKERS = 0 extracts in threads instead"
        )

    def _stop_crawl(self, error: WorkerStartError) -> Exception:
        """What stops the crawl: CloseSpider (Scrapy 2.18+ lets a component stop it as it opens), else the error."""
        if scrapy.version_info < (2, 18):  # Scrapy logs the exception with its traceback
            return WorkerStartError(self._start_message(error), error.details)
        return CloseSpider(WORKERS_FAILED)


class GcFreeze:
    """``gc.freeze()`` when a crawl starts, ``gc.unfreeze()`` when the last crawl of the process has stopped.

    Frozen objects (everything alive when the spider opens: the modules, Scrapy's and the
    project's objects) are never examined by the cyclic garbage collector, so its full
    collections, which stop every thread of the process, only walk what the crawl made since.
    They are still freed as usual when nothing refers to them; only garbage in reference
    cycles among them waits, until the unfreeze. The count of crawls holding the freeze is
    process state on purpose: the collector it freezes is the process's.
    """

    _lock = threading.Lock()
    _crawls = 0  # crawls of this process that froze the collector and are still running

    @classmethod
    def freeze(cls) -> None:
        with cls._lock:
            cls._crawls += 1
            gc.freeze()

    @classmethod
    def unfreeze(cls) -> None:
        with cls._lock:
            cls._crawls -= 1
            if cls._crawls == 0:
                gc.unfreeze()


async def _await(future: Future[_T]) -> _T:
    """Await a pool's future, under an asyncio loop or a plain Twisted reactor."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:  # a non-asyncio Twisted reactor drives this coroutine
        return await _deferred_from_future(future)
    return await asyncio.wrap_future(future)


def _deferred_from_future(future: Future[_T]) -> Deferred[_T]:
    """A Deferred that fires on the reactor thread when ``future`` is done."""
    from twisted.internet import reactor

    deferred: Deferred[_T] = Deferred()

    def fire(done: Future[_T]) -> None:
        try:
            deferred.callback(done.result())
        except BaseException as error:  # handed to the awaiting coroutine
            deferred.errback(error)

    future.add_done_callback(lambda done: reactor.callFromThread(fire, done))
    return deferred


def for_scrapy(coroutine: Any) -> Any:
    """What Scrapy waits for from ``open_spider`` or a signal handler: a coroutine (Scrapy 2.14+), else a Deferred."""
    if scrapy.version_info >= (2, 14):
        return coroutine
    from scrapy.utils.defer import deferred_from_coro

    return deferred_from_coro(coroutine)
