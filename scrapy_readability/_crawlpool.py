"""The crawl's one pool of threads or worker processes, shared by the preflight and the pipeline.

The middleware sends it every page's readerable check, the pipeline every
extraction, so neither ever parses a page on the reactor thread, and with
``READABILITY_WORKERS`` both use the same worker processes. It starts when the
spider opens (the crawl waits for its worker processes, and stops if they
cannot start), or at the first page if nothing opened it; it stops when the
spider closes, after the last page.

While it runs, the process's cyclic garbage collector is frozen
(``READABILITY_GC_FREEZE``): see :class:`GcFreeze`.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import threading
import weakref
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, TypeVar, overload

import scrapy
from scrapy import signals
from scrapy.exceptions import CloseSpider
from twisted.internet.defer import Deferred

from scrapy_readability._pool import ExtractionPool, PoolConfig, WorkerStartError
from scrapy_readability._worker import (
    ENGINE,
    PREFLIGHT,
    Failed,
    Job,
    Outcome,
    Preflight,
    Result,
    Task,
    TraceSwitch,
    Verdict,
    replay,
)
from scrapy_readability.settings import ReadabilityConfig

if TYPE_CHECKING:
    from scrapy.crawler import Crawler
    from scrapy.statscollectors import StatsCollector

logger = logging.getLogger(__name__)

_T = TypeVar("_T")

WORKERS_FAILED = "readability_workers_failed"
"""The crawl's finish reason when its worker processes cannot start."""

_POOLS: weakref.WeakKeyDictionary[Crawler, CrawlPool] = weakref.WeakKeyDictionary()


class CrawlPool:
    """Runs a crawl's pages (:meth:`run`) in its threads or worker processes, started once and closed once.

    ``engine`` and ``preflight`` are the dotted paths of what runs the pages;
    the pipeline and the middleware set them (tests give stand-ins).
    """

    def __init__(self, config: ReadabilityConfig, stats: StatsCollector) -> None:
        self.config = config
        self.stats = stats
        self.engine = ENGINE
        self.preflight = PREFLIGHT
        self._pool: ExtractionPool | None = None
        self._trace: TraceSwitch | None = None
        self._frozen = False
        self._start_error: WorkerStartError | None = None

    @classmethod
    def of(cls, crawler: Crawler) -> CrawlPool:
        """The crawler's pool, made by the first component that asks; it closes when the spider closes."""
        pool = _POOLS.get(crawler)
        if pool is None:
            assert crawler.stats is not None
            pool = _POOLS[crawler] = cls(ReadabilityConfig.from_settings(crawler.settings), crawler.stats)
            crawler.signals.connect(pool.close, signal=signals.spider_closed)
        return pool

    @property
    def running(self) -> ExtractionPool | None:
        """The pool while it runs, for tests and benchmarks (its worker processes' ids, its queue)."""
        return self._pool

    def start(self) -> ExtractionPool:
        """The running pool, started now if it was not (it does not wait for worker processes)."""
        if self._pool is None:
            self._trace = TraceSwitch(self.config.debug)
            self._pool = ExtractionPool(self._pool_config(trace=self._trace.enabled))
            if self.config.gc_freeze and not self._frozen:
                GcFreeze.freeze()
                self._frozen = True
        return self._pool

    def _pool_config(self, trace: bool) -> PoolConfig:
        config = self.config
        return PoolConfig(
            size=config.workers or config.threads,
            processes=config.workers > 0,
            engine=self.engine,
            preflight=self.preflight,
            timeout=config.timeout,
            max_memory=config.worker_max_memory * 2**20,
            max_pages=config.worker_max_pages,
            trace=trace,
        )

    def open_with_spider(self) -> Any:
        """Start the pool as a component opens; with worker processes, what Scrapy waits for (see :meth:`open`)."""
        if not self.config.workers:
            self.start()
            return None
        return for_scrapy(self.open())

    async def open(self) -> None:
        """Start the pool and wait for its worker processes; if they cannot start, stop the crawl (logged once)."""
        if self._start_error is None:
            pool = self.start()
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
        """What stops the crawl: CloseSpider (Scrapy 2.18+, which lets a component stop it as it opens), else the error."""
        if scrapy.version_info < (2, 18):  # Scrapy logs the exception with its traceback
            return WorkerStartError(self._start_message(error), error.details)
        return CloseSpider(WORKERS_FAILED)

    @overload
    async def run(self, task: Task) -> Result: ...

    @overload
    async def run(self, task: Preflight) -> Verdict: ...

    async def run(self, task: Job) -> Outcome:
        """Run one page's job in the pool (started if need be) and log the engine's trace it brought back."""
        if self._start_error is not None:  # the crawl is stopping (or, before Scrapy 2.18, goes on without it)
            return Failed("worker_died", f"the worker processes cannot start: {self._start_error}")
        future: Future[Any] = self.start().submit(task)
        outcome: Outcome = await _await(future)
        replay(outcome.trace)
        return outcome

    def close(self) -> None:
        """Stop taking pages; the pool's threads finish the queue and stop the worker processes (not waited for)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.close()
            for key, count in sorted(pool.counts.items()):
                self.stats.inc_value(f"readability/workers/{key}", count)
        if self._trace is not None:
            self._trace.restore()
            self._trace = None
        if self._frozen:
            GcFreeze.unfreeze()
            self._frozen = False


class GcFreeze:
    """``gc.freeze()`` when a crawl starts, ``gc.unfreeze()`` when the last crawl of the process has stopped.

    Frozen objects (everything alive when the spider opens: the modules, Scrapy's and the
    project's objects) are never examined by the cyclic garbage collector, so its full
    collections, which stop every thread of the process, only walk what the crawl made since.
    They are still freed as usual when nothing refers to them; only garbage in reference
    cycles among them waits, until the unfreeze. ``READABILITY_GC_FREEZE = False`` leaves
    the collector alone.
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
        except BaseException as error:  # noqa: BLE001 - handed to the awaiting coroutine
            deferred.errback(error)

    future.add_done_callback(lambda done: reactor.callFromThread(fire, done))
    return deferred


def for_scrapy(coroutine: Any) -> Any:
    """What Scrapy waits for from ``open_spider`` or a signal handler: a coroutine from Scrapy 2.14 on, a Deferred before."""
    if scrapy.version_info >= (2, 14):
        return coroutine
    from scrapy.utils.defer import deferred_from_coro

    return deferred_from_coro(coroutine)
