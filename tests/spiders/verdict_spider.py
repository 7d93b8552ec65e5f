"""A spider that never parses a page itself, for tests that time the reactor (``scrapy runspider``).

It follows the links of its start pages and yields an item for each readerable page,
deciding by ``response.meta['readability']`` alone, so whatever holds the reactor
thread during its crawl is not its own doing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import scrapy
from scrapy.http import Response

from scrapy_readability import ArticleItem


class VerdictSpider(scrapy.Spider):
    name = "verdicts"
    custom_settings = {"ADDONS": {"scrapy_readability.Addon": 0}, "TELNETCONSOLE_ENABLED": False}

    def __init__(self, start_urls: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.start_urls = start_urls.split(",")

    def parse(self, response: Response) -> Iterator[Any]:
        verdict = response.meta.get("readability")
        if verdict and verdict["readerable"]:
            yield ArticleItem.from_response(response)
        if response.meta.get("depth", 0) == 0:  # a start page: an index
            yield from response.follow_all(css="a")
