"""The Scrapy add-on: ``ADDONS = {"scrapy_readability.Addon": 0}`` and nothing else to wire."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scrapy_readability.exporters import ArticleCsvItemExporter
from scrapy_readability.extension import ReadabilityExtension
from scrapy_readability.middleware import MIDDLEWARE_PRIORITY, ReadabilityMiddleware
from scrapy_readability.pipeline import PIPELINE_PRIORITY, ReadabilityPipeline
from scrapy_readability.spidermiddleware import SPIDER_MIDDLEWARE_PRIORITY, ReadabilitySpiderMiddleware

if TYPE_CHECKING:
    from scrapy.settings import BaseSettings


EXTENSION_PRIORITY = 0  # extensions' order matters not: the components find it through the crawler


class Addon:
    """Enable the crawl's extension, the preflight middleware, the spider middleware, the pipeline, and UTF-8 feeds.

    Whatever the project already says wins: a component it lists (at another
    priority, or ``None`` to disable it) stays as it is, and so do its own
    ``FEED_EXPORT_ENCODING`` and its own exporter for ``csv``, since add-on
    settings have a lower priority than project settings.
    """

    def update_settings(self, settings: BaseSettings) -> None:
        settings.setdefault_in_component_priority_dict("EXTENSIONS", ReadabilityExtension, EXTENSION_PRIORITY)
        settings.setdefault_in_component_priority_dict(
            "DOWNLOADER_MIDDLEWARES", ReadabilityMiddleware, MIDDLEWARE_PRIORITY
        )
        settings.setdefault_in_component_priority_dict(
            "SPIDER_MIDDLEWARES", ReadabilitySpiderMiddleware, SPIDER_MIDDLEWARE_PRIORITY
        )
        settings.setdefault_in_component_priority_dict("ITEM_PIPELINES", ReadabilityPipeline, PIPELINE_PRIORITY)
        # Without it, JSON feeds escape every non-ASCII character.
        settings.set("FEED_EXPORT_ENCODING", "utf-8", priority="addon")
        # CSV feeds of ArticleItem without the columns that would stay empty.
        _setdefault_exporter(settings, "csv", ArticleCsvItemExporter)


def _setdefault_exporter(settings: BaseSettings, format_name: str, exporter: type) -> None:
    """Set the exporter of a feed format in ``FEED_EXPORTERS`` unless the project names one."""
    exporters = settings.getdict("FEED_EXPORTERS")
    if format_name not in exporters:
        exporters[format_name] = exporter
        settings.set("FEED_EXPORTERS", exporters, settings.getpriority("FEED_EXPORTERS") or 0)
