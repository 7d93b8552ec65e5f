"""The extraction: turn an item that carries a page into an item that carries its article.

Extraction is pure-Python tree work, tens of milliseconds a page, so it runs in
a small thread pool of its own: the reactor keeps downloading meanwhile, and
``READABILITY_THREADS`` bounds how many pages are parsed at once.
"""

from __future__ import annotations

import asyncio
import logging
import time
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

import scrapy
from itemadapter import ItemAdapter
from scrapy.exceptions import DropItem, NotConfigured
from twisted.internet.defer import Deferred

from scrapy_readability.engine import Article, Readability, ReadabilityError, TooManyElementsError
from scrapy_readability.items import ARTICLE_FIELDS, ERROR_FIELD
from scrapy_readability.settings import (
    META_KEY,
    PageOptions,
    ReadabilityConfig,
    ReadabilityConfigError,
    is_enabled,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from scrapy import Spider
    from scrapy.crawler import Crawler
    from scrapy.statscollectors import StatsCollector

logger = logging.getLogger(__name__)

_T = TypeVar("_T")

# Before the project template's pipeline (300), so the project's own pipelines see the article.
PIPELINE_PRIORITY = 200


class ExtractionFailed(Exception):
    """Why a page gave no article; ``reason`` is the short name used in stats and messages."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason


class ReadabilityPipeline:
    """Extract the article from items that carry a page in ``READABILITY_SOURCE_FIELD``.

    Any item type works (through itemadapter); items without the source field
    pass through untouched, so a spider can yield other items too. Options come
    from the settings, overridden by the item's ``readability`` field (what the
    middleware wrote into ``meta['readability']``); ``False`` there skips the item.
    A page with no article, or one the engine fails on, is dropped or kept with
    ``readability_error`` (``READABILITY_FAILURE_ACTION``); the crawl goes on.
    """

    def __init__(self, config: ReadabilityConfig, stats: StatsCollector) -> None:
        self.config = config
        self.stats = stats
        self._executor: ThreadPoolExecutor | None = None

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> ReadabilityPipeline:
        if not is_enabled(crawler.settings):
            raise NotConfigured
        return cls(ReadabilityConfig.from_settings(crawler.settings), crawler.stats)

    def open_spider(self, spider: Spider | None = None) -> None:
        self._executor = ThreadPoolExecutor(self.config.threads, thread_name_prefix="readability")

    def close_spider(self, spider: Spider | None = None) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    async def process_item(self, item: Any, spider: Spider | None = None) -> Any:
        adapter = ItemAdapter(item)
        source_field = self.config.source_field
        if source_field not in adapter.field_names():
            return item  # not a page for us
        verdict = adapter.get(META_KEY)
        if verdict is False:
            self.stats.inc_value("readability/skipped")
            return item
        url = adapter.get("url")
        try:
            article = await self._extract(adapter.get(source_field), url, verdict)
        except ExtractionFailed as failure:
            return self._fail(adapter, url, failure)
        self._fill(adapter, article.to_dict())
        self.stats.inc_value("readability/extracted")
        self.stats.inc_value(f"readability/attempt/{article.attempt}")
        return item

    async def _extract(self, html: Any, url: str | None, verdict: Any) -> Article:
        """The article, or ExtractionFailed with the reason there is none."""
        if not html or not isinstance(html, (str, bytes)):
            raise ExtractionFailed("no_source", f"no HTML in field {self.config.source_field!r}")
        try:
            options = self.config.page.override(None if verdict is None or verdict is True else verdict)
        except ReadabilityConfigError as error:
            raise ExtractionFailed("invalid_options", str(error)) from None
        outcome, seconds = await self._in_thread(_parse, html, url, options)
        self.stats.inc_value("readability/extraction_seconds", seconds, start=0.0)
        if isinstance(outcome, Article):
            return outcome
        if outcome is None:
            raise ExtractionFailed("no_article", "the page has no readable content")
        if isinstance(outcome, TooManyElementsError):
            raise ExtractionFailed("too_many_elements", str(outcome))
        if isinstance(outcome, ReadabilityError):  # bad input, said so on purpose
            raise ExtractionFailed("engine_error", f"{type(outcome).__name__}: {outcome}")
        logger.debug("Readability raised on %s", url, exc_info=outcome)  # a bug: keep the traceback
        raise ExtractionFailed("exception", f"{type(outcome).__name__}: {outcome}")

    def _fail(self, adapter: ItemAdapter, url: str | None, failure: ExtractionFailed) -> Any:
        """Count the failure, then drop the item (logged by Scrapy) or keep it (logged here)."""
        self.stats.inc_value("readability/failed")
        self.stats.inc_value(f"readability/failed/{failure.reason}")
        if self.config.failure_action == "drop":
            _remove(adapter, self.config.source_field)  # Scrapy logs the dropped item: keep it short
            raise DropItem(f"No article in {url}: {failure}")
        logger.warning("No article in %s: %s", url, failure)
        self._fill(adapter, dict.fromkeys(ARTICLE_FIELDS))
        _set(adapter, ERROR_FIELD, str(failure))
        return adapter.item

    def _fill(self, adapter: ItemAdapter, values: dict[str, Any]) -> None:
        """Write every article field, None for missing or blank ones, and remove the inputs."""
        for name in ARTICLE_FIELDS:
            value = values.get(name)
            _set(adapter, name, None if isinstance(value, str) and not value.strip() else value)
        _remove(adapter, META_KEY)
        if not self.config.keep_source:
            _remove(adapter, self.config.source_field)

    async def _in_thread(self, func: Callable[..., _T], *args: Any) -> _T:
        """Run ``func`` in the pool and await it, under an asyncio loop or a plain Twisted reactor."""
        if self._executor is None:  # used without open_spider(), e.g. from a test
            self.open_spider()
        assert self._executor is not None
        future = self._executor.submit(func, *args)
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # a non-asyncio Twisted reactor drives this coroutine
            return await _deferred_from_future(future)
        return await asyncio.wrap_future(future)


def _parse(html: str | bytes, url: str | None, options: PageOptions) -> tuple[Article | Exception | None, float]:
    """Runs in a pool thread: the engine's answer, or the exception it raised, and the time it took."""
    started = time.perf_counter()
    try:
        outcome: Article | Exception | None = Readability(html, url, **options.engine_kwargs()).parse()
    except Exception as error:  # handed back to the reactor thread, which decides what it means
        outcome = error
    return outcome, time.perf_counter() - started


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
