"""The spider the end-to-end tests run with ``scrapy runspider`` against the site in tests/support/scrapy_site.py.

It does what a real spider does with the preflight: extract readerable pages,
follow links, and pass per-link options (here read from a ``data-readability``
attribute) to ``meta['readability']``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import scrapy
from scrapy.http import HtmlResponse, Response

from scrapy_readability import ArticleItem


class SiteSpider(scrapy.Spider):
    name = "site"
    custom_settings = {"ADDONS": {"scrapy_readability.Addon": 0}, "TELNETCONSOLE_ENABLED": False}

    def __init__(self, start_urls: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.start_urls = start_urls.split(",")

    def parse(self, response: Response) -> Iterator[Any]:
        if not isinstance(response, HtmlResponse):  # the middleware left it alone
            yield {"url": response.url, "kind": "file", "size": len(response.body)}
            return
        verdict = response.meta.get("readability")  # False when the link said so
        if verdict and verdict["readerable"]:
            yield ArticleItem.from_response(response)
        for link in response.css("a[href]"):
            options = link.attrib.get("data-readability")
            yield response.follow(link, meta={"readability": json.loads(options)} if options else {})
