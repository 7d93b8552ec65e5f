"""Our Scrapy components built in this process, as a crawl builds them: through a crawler with the add-on."""

from __future__ import annotations

import asyncio
from typing import Any

from scrapy.crawler import Crawler
from scrapy.utils.test import get_crawler
from twisted.internet.defer import Deferred

from scrapy_readability.extension import ReadabilityExtension

ADDON = {"scrapy_readability.Addon": 0}
STUBS = "tests.support.engine_stubs"


def crawler_with(*, addon: bool = True, **settings: Any) -> Crawler:
    """A crawler with the add-on (or, with ``addon=False``, our extension alone) and ``settings``.

    ``engine`` and ``preflight_check`` name stand-ins of tests/support/engine_stubs.py.
    """
    engine = settings.pop("engine", None)
    check = settings.pop("preflight_check", None)
    if engine is not None:
        settings["READABILITY_ENGINE"] = f"{STUBS}.{engine}"
    if check is not None:
        settings["READABILITY_PREFLIGHT_CHECK"] = f"{STUBS}.{check}"
    enable = {"ADDONS": ADDON} if addon else {"EXTENSIONS": {ReadabilityExtension: 0}}
    return get_crawler(settings_dict={**enable, **settings})


def extension_of(crawler: Crawler) -> ReadabilityExtension:
    extension = crawler.get_extension(ReadabilityExtension)
    assert extension is not None
    return extension


def wait_for(opening: Any) -> None:
    """Wait for what ``open_spider`` or ``spider_opened`` returned, as Scrapy would: a coroutine, a Deferred or None."""
    if isinstance(opening, Deferred):  # Scrapy 2.13 waits for a Deferred, on its own asyncio loop
        loop = asyncio.get_event_loop()
        loop.run_until_complete(opening.asFuture(loop))
    elif opening is not None:  # with worker processes, Scrapy waits for them to be ready
        asyncio.run(opening)
