"""The spider and engine stand-in of tests/test_crawl_hostile.py, run with ``scrapy runspider``.

Every HTML response goes to the pipeline whatever the preflight says, so the
hostile pages reach the engine. One page carries a marker on which the engine
stand-in raises, as an engine bug would.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import scrapy
from scrapy.http import HtmlResponse, Response

from scrapy_readability import ArticleItem, Readability

FORCE_ERROR_MARKER = "FORCE-ENGINE-ERROR"


class RaisesOnMarker(Readability):
    """The real engine, except on pages holding the marker, where it raises."""

    def __init__(self, html: Any, url: Any = None, **options: Any) -> None:
        text = html.decode("utf-8", "replace") if isinstance(html, bytes) else str(html)
        self.forced = FORCE_ERROR_MARKER in text
        super().__init__(html, url, **options)

    def parse(self) -> Any:
        if self.forced:
            raise RuntimeError("engine bug, forced by the test page")
        return super().parse()


class HostileSpider(scrapy.Spider):
    name = "hostile"
    custom_settings = {
        "ADDONS": {"scrapy_readability.Addon": 0},
        "READABILITY_ENGINE": "tests.spiders.hostile_crawl_spider.RaisesOnMarker",  # importable by workers too
        "TELNETCONSOLE_ENABLED": False,
        "DOWNLOAD_MAXSIZE": 0,
    }

    def __init__(self, start_urls: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.start_urls = start_urls.split(",")

    def parse(self, response: Response) -> Iterator[Any]:
        if isinstance(response, HtmlResponse):
            yield ArticleItem.from_response(response)
