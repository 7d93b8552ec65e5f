"""The spider of the scrapy-redis crawls: a RedisSpider reading its start URLs from a Redis list.

It does what a user's spider does: extract readerable pages, follow every
link. ``start()`` reads the first batch of URLs from Redis at once (Scrapy
2.13 and later call ``start()``, never scrapy-redis's ``start_requests()``);
later batches come when the spider is idle, as scrapy-redis does. It starts
scrapy-redis's idle clock when the crawl starts, as docs/scaling.md says.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

from scrapy.http import HtmlResponse, Response
from scrapy_redis.spiders import RedisSpider

from scrapy_readability import ArticleItem


class NewsSpider(RedisSpider):
    name = "news"
    custom_settings = {"ADDONS": {"scrapy_readability.Addon": 0}, "TELNETCONSOLE_ENABLED": False}

    async def start(self) -> AsyncIterator[Any]:
        # scrapy-redis starts the idle clock when it is imported: start it now, as docs/scaling.md does,
        # or a crawler whose start-up took MAX_IDLE_TIME_BEFORE_CLOSE closes at its first idle moment.
        self.spider_idle_start_time = int(time.time())
        for request in self.next_requests():
            yield request

    def parse(self, response: Response) -> Iterator[Any]:
        if not isinstance(response, HtmlResponse):
            return
        verdict = response.meta.get("readability")
        if verdict and verdict["readerable"]:
            yield ArticleItem.from_response(response)
        yield from response.follow_all(css="a[href]")
