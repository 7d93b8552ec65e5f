"""A spider written for ``zyte_common_items.Article`` (as Zyte's article templates are), fed by our engine.

It asks scrapy-poet for the item; ``SCRAPY_POET_RULES`` make
``scrapy_readability.contrib.articlepage.ReadabilityArticlePage`` the page
object that gives it, and ``SCRAPY_POET_PROVIDERS`` give that page object the
crawl's extraction. Nothing in the spider's code knows about scrapy-readability.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import scrapy
from scrapy.http import Response
from web_poet import default_registry
from zyte_common_items import Article

from scrapy_readability.contrib.articlepage import PROVIDERS, RULES


class PoetSpider(scrapy.Spider):
    name = "poet"
    custom_settings = {
        "ADDONS": {"scrapy_poet.Addon": 300, "scrapy_readability.Addon": 0},
        "SCRAPY_POET_RULES": [*default_registry.get_rules(), *RULES],
        "SCRAPY_POET_PROVIDERS": PROVIDERS,
        "TELNETCONSOLE_ENABLED": False,
    }

    def __init__(self, start_urls: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.start_urls = start_urls.split(",")

    async def parse(self, response: Response, article: Article) -> AsyncIterator[Article]:
        yield article
