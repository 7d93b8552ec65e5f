"""The spider of ``test_crawl_formats.py``: every start URL becomes an item, with per-URL options.

``-a options='{"/path": {...}}'`` gives ``meta['readability']`` for the URLs
whose path is a key: the per-request override of ``READABILITY_FORMATS`` (or
``false``, to skip the page).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from typing import Any
from urllib.parse import urlsplit

import scrapy
from scrapy.http import Response

from scrapy_readability import ArticleItem


class FormatsSpider(scrapy.Spider):
    name = "formats"
    custom_settings = {"ADDONS": {"scrapy_readability.Addon": 0}, "TELNETCONSOLE_ENABLED": False}

    def __init__(self, start_urls: str = "", options: str = "{}", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.start_urls = start_urls.split(",")
        self.page_options: dict[str, Any] = json.loads(options)

    async def start(self) -> AsyncIterator[scrapy.Request]:
        for url in self.start_urls:
            options = self.page_options.get(urlsplit(url).path)
            yield scrapy.Request(url, meta={} if options is None else {"readability": options})

    def parse(self, response: Response) -> Iterator[Any]:
        yield ArticleItem.from_response(response)
