"""A CSV feed of ``ArticleItem`` with only the columns the crawl can fill.

Scrapy's CSV exporter takes the first item's declared fields as its columns
when ``FEED_EXPORT_FIELDS`` is not set. ``ArticleItem`` declares every field
the pipeline may read or write, so the feed would have columns that stay
empty on every row: the page's HTML (removed after extraction), the
``readability`` options, the representations ``READABILITY_FORMATS`` leaves out,
``readability_error`` when failures are dropped. This exporter, which the
add-on sets for the ``csv`` format, gives an ``ArticleItem`` feed the columns
the settings can fill, in feed order, and a subclass's own fields after them.
Any other item type, and a feed with ``FEED_EXPORT_FIELDS``, is Scrapy's.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Self

from itemadapter import ItemAdapter
from scrapy.exporters import CsvItemExporter

from scrapy_readability.extension import ReadabilityExtension
from scrapy_readability.items import ERROR_FIELD, ArticleItem, article_fields
from scrapy_readability.settings import META_KEY, ReadabilityConfig

if TYPE_CHECKING:
    from scrapy.crawler import Crawler

__all__ = ["ArticleCsvItemExporter", "article_columns"]

logger = logging.getLogger(__name__)


def article_columns(item_class: type[ArticleItem], config: ReadabilityConfig) -> list[str]:
    """The columns of a CSV feed of ``item_class``: those of its fields the settings can fill, in feed order."""
    ours = ["url"]
    if config.keep_source:
        ours.append(config.source_field)
    ours += article_fields(config.page.formats)
    if config.failure_action == "keep":
        ours.append(ERROR_FIELD)
    own = [name for name in item_class.fields if name not in ArticleItem.fields and name != config.source_field]
    return [name for name in ours if name in item_class.fields] + own


class ArticleCsvItemExporter(CsvItemExporter):
    """Scrapy's ``CsvItemExporter``; for a feed of ``ArticleItem``, the columns of :func:`article_columns`."""

    def __init__(self, *args: Any, config: ReadabilityConfig | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._config = config or ReadabilityConfig()
        self._columns: list[str] | None = None  # chosen here, from the first item
        self._first = True
        self._warned = False

    @classmethod
    def from_crawler(cls, crawler: Crawler, *args: Any, **kwargs: Any) -> Self:
        extension = crawler.get_extension(ReadabilityExtension)
        config = extension.config if extension is not None else ReadabilityConfig.from_settings(crawler.settings)
        return cls(*args, config=config, **kwargs)

    def export_item(self, item: Any) -> None:
        if self._first:
            self._first = False
            if self.fields_to_export is None and isinstance(item, ArticleItem):
                self._columns = self.fields_to_export = article_columns(type(item), self._config)
        if self._columns is not None and not self._warned:
            self._warn_if_left_out(self._columns, item)
        super().export_item(item)

    def _warn_if_left_out(self, columns: list[str], item: Any) -> None:
        """Say once if an item has a value with no column (a format chosen per request, say)."""
        left_out = [name for name in ItemAdapter(item).keys() if name not in columns and name != META_KEY]
        if left_out:
            logger.warning(
                "The CSV feed has no column for %s (chosen per request?); list the columns in FEED_EXPORT_FIELDS",
                ", ".join(left_out),
            )
            self._warned = True
