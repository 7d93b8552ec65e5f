"""Per-request options for every item type: the response's ``meta['readability']`` goes with its items.

Scrapy's spider middlewares see a response together with what its callback
yields, so the spider never copies options by hand: ``meta={"readability":
{"policy": "raw"}}`` or ``meta={"readability": False}`` on a request reaches the
pipeline with any item built from its response (``carry.py`` says how, per
item type).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Iterator
from typing import TYPE_CHECKING, Any, Self

from itemadapter import ItemAdapter, is_item
from scrapy.exceptions import NotConfigured

from scrapy_readability.carry import CarriedOptions, carries_page
from scrapy_readability.components import component_enabled
from scrapy_readability.extension import ReadabilityExtension
from scrapy_readability.pipeline import ReadabilityPipeline
from scrapy_readability.settings import META_KEY, is_enabled

if TYPE_CHECKING:
    from scrapy import Spider
    from scrapy.crawler import Crawler
    from scrapy.http import Response

# Near the engine's end (process_spider_output runs from high numbers to low), after the built-in
# middlewares and most of a project's: it sees the items that will reach the pipelines.
SPIDER_MIDDLEWARE_PRIORITY = 10


class ReadabilitySpiderMiddleware:
    """Hand each item that carries a page (its source field) its response's ``meta['readability']``.

    An item's own ``readability`` value wins; items without the source field,
    requests, and responses without ``meta['readability']`` are left alone.
    Enabled with the pipeline only: nothing else would take the options back.
    """

    def __init__(self, source_field: str, carried: CarriedOptions) -> None:
        self.source_field = source_field
        self.carried = carried

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        settings = crawler.settings
        if not is_enabled(settings) or not component_enabled(settings, "ITEM_PIPELINES", ReadabilityPipeline):
            raise NotConfigured
        extension = ReadabilityExtension.of(crawler, cls.__name__)
        return cls(extension.config.source_field, extension.carried)

    def process_spider_output(
        self, response: Response, result: Iterable[Any], spider: Spider | None = None
    ) -> Iterator[Any]:
        for element in result:
            self._carry(response, element)
            yield element

    async def process_spider_output_async(
        self, response: Response, result: AsyncIterator[Any], spider: Spider | None = None
    ) -> AsyncIterator[Any]:
        async for element in result:
            self._carry(response, element)
            yield element

    def _carry(self, response: Response, element: Any) -> None:
        if not is_item(element):
            return  # a request (or None)
        value = _page_meta(response)
        if value is not None and carries_page(ItemAdapter(element), self.source_field):
            self.carried.carry(element, value)


def _page_meta(response: Response) -> Any:
    """The response's ``meta['readability']``: the preflight's verdict with the options, ``False``, or ``None``."""
    if response.request is None:  # a response made by hand, tied to no request
        return None
    return response.meta.get(META_KEY)
