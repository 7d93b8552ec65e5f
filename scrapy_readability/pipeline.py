"""The extraction: turn an item that carries a page into an item that carries its article.

Extraction is pure-Python tree work, tens of milliseconds a page, so it never
runs on the reactor thread. By default it runs in a small thread pool
(``READABILITY_THREADS``): the reactor keeps downloading meanwhile, but
the threads share one core through the GIL. With ``READABILITY_WORKERS = N``
it runs in N worker processes, one pool thread each passing pages to its
process, so a crawl uses every core (``runtime/pool.py``). The pool is the
crawl's, owned by its extension and shared with the preflight (``extension.py``). Either way a page's
outcome comes back as plain values (``runtime/jobs.py``), which the reactor
thread turns into the item, the stats and the log lines.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import TYPE_CHECKING, Any, Self

import scrapy
from itemadapter import ItemAdapter
from scrapy.exceptions import DropItem, NotConfigured

from scrapy_readability.carry import carries_page, single_value
from scrapy_readability.engine.outputs.article import fields_for
from scrapy_readability.extension import WORKERS_FAILED, ReadabilityExtension
from scrapy_readability.items import ERROR_FIELD
from scrapy_readability.runtime.jobs import Extracted, Extraction, Failed
from scrapy_readability.settings import META_KEY, PageOptions, ReadabilityConfigError, is_enabled

if TYPE_CHECKING:
    from scrapy import Spider
    from scrapy.crawler import Crawler

logger = logging.getLogger(__name__)

# Before the project template's pipeline (300), so the project's own pipelines see the article.
PIPELINE_PRIORITY = 200

__all__ = ["WORKERS_FAILED", "ExtractionFailed", "ReadabilityPipeline"]


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

    def __init__(self, extension: ReadabilityExtension) -> None:
        self.extension = extension
        self.config = extension.config
        self.stats = extension.stats

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        if not is_enabled(crawler.settings):
            raise NotConfigured
        return cls(ReadabilityExtension.of(crawler, cls.__name__))

    def open_spider(self, spider: Spider | None = None) -> Any:
        """Before Scrapy 2.18, wait for the extension's start of the pool; from 2.18 on, nothing.

        The extension owns the pool: it starts it once, when the spider opens, and
        stops it when the spider closes. Before Scrapy 2.18 only an item pipeline's
        ``open_spider`` could stop a crawl as it opened, so worker processes that
        cannot start stop the crawl here (the same start, awaited a second time).
        """
        if scrapy.version_info >= (2, 18):
            return None
        return self.extension.spider_opened()

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
            options = self.config.page.for_page(verdict)  # a PageMeta's own, parsed once by the middleware
        except ReadabilityConfigError as error:
            return self._fail(adapter, url, ExtractionFailed("invalid_options", str(error)), self.config.page)
        try:
            html = single_value(adapter.get(source_field))
            article = await self._extract(html, url, options, fetched_time(verdict))
        except ExtractionFailed as failure:
            return self._fail(adapter, url, failure, options)
        self._fill(adapter, article, options)
        self.stats.inc_value("readability/extracted")
        self.stats.inc_value(f"readability/attempt/{article['attempt']}")
        return item

    def _page_verdict(self, adapter: ItemAdapter) -> Any:
        """The page's ``meta['readability']``: the item's own value, else the one carried beside it (now released)."""
        carried = self.extension.carried.take(adapter.item)
        own = single_value(adapter.get(META_KEY))
        return own if own is not None else carried

    async def _extract(
        self, html: Any, url: str | None, options: PageOptions, fetched: datetime | None = None
    ) -> dict[str, Any]:
        """The article's fields, or ExtractionFailed with the reason there is none."""
        if not html or not isinstance(html, (str, bytes)):
            raise ExtractionFailed("no_source", f"no HTML in field {self.config.source_field!r}")
        # In a pool thread, or through it in a worker process: the same plain values either way.
        # The representations are made there too, from the tree the engine parsed.
        result = await self.extension.run(Extraction(html, url, options.engine, options.output, fetched=fetched))
        self._count_seconds(result.seconds)
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
        for name in fields_for(options.formats):
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


def fetched_time(verdict: Any) -> datetime | None:
    """The page's fetch time the middleware recorded (``meta['readability']['fetched']``), if any."""
    value = verdict.get("fetched") if isinstance(verdict, dict) else None
    try:
        return datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        return None
