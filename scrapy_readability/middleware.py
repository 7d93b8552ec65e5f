"""The preflight: a cheap "is this page an article?" verdict on every HTML response.

It runs Readability.js's ``isProbablyReaderable`` heuristic, which looks at
paragraph lengths only and costs a fraction of a full extraction, so a spider
can decide what to extract or follow before paying for the real thing.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from scrapy.exceptions import IgnoreRequest, NotConfigured
from scrapy.http import HtmlResponse

from scrapy_readability.engine import is_probably_readable
from scrapy_readability.settings import META_KEY, ReadabilityConfig, is_enabled

if TYPE_CHECKING:
    from scrapy import Request, Spider
    from scrapy.crawler import Crawler
    from scrapy.http import Response
    from scrapy.statscollectors import StatsCollector

logger = logging.getLogger(__name__)

# Below RetryMiddleware (550), MetaRefreshMiddleware (580), HttpCompressionMiddleware (590)
# and RedirectMiddleware (600): process_response runs from high to low numbers, so by the
# time it reaches 545 the body is decompressed and the response is the final one.
MIDDLEWARE_PRIORITY = 545


class ReadabilityMiddleware:
    """Write ``{"readerable": bool, **options}`` into ``meta['readability']`` of HTML responses.

    Per request, ``meta={'readability': False}`` skips the page, and a dict of
    options overrides the settings for that page (validated like the settings);
    the dict written back holds every option in force, so an item built from
    the response carries them to the pipeline. Non-HTML responses pass through.
    With ``READABILITY_PREFLIGHT_ACTION = "drop"``, non-readerable pages are
    ignored (``IgnoreRequest``) instead of reaching the spider.
    """

    def __init__(self, config: ReadabilityConfig, stats: StatsCollector) -> None:
        self.config = config
        self.stats = stats

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> ReadabilityMiddleware:
        if not is_enabled(crawler.settings):
            raise NotConfigured
        return cls(ReadabilityConfig.from_settings(crawler.settings), crawler.stats)

    def process_response(self, request: Request, response: Response, spider: Spider | None = None) -> Response:
        # response.meta is request.meta, but is not reachable from the response yet.
        wanted = request.meta.get(META_KEY, True)
        if wanted is False:
            self.stats.inc_value("readability/preflight/skipped")
            return response
        if not isinstance(response, HtmlResponse):
            return response
        options = self.config.page.override(None if wanted is True else wanted)
        # The text, parsed by the engine, rather than the tree parsel builds for response.css()
        # (response.selector.root). Measured with benchmarks/crawl.py --preflight-tree, 1,000 pages
        # without extraction, CPU of the crawl per page: when the spider uses selectors on the
        # page, reading parsel's tree saves the second parse (7.0 -> 4.8 ms, 143 -> 209 pages/s);
        # when it does not, as on the article pages of the documented spider, it saves ~0.45 ms,
        # which the checks it needs to be exact (below) would cost again (~0.4 ms), and the
        # reactor's p99 stall goes from 48 to 88 ms: Scrapy's cached Selector and its response
        # refer to each other, so every page's tree waits for the cyclic garbage collector, whose
        # pauses grow from 33-62 to 90 ms. The checks: the engine's parse fixes libxml2's tree
        # where it differs from a browser's, and a <template>'s content, a <br> inside an element
        # libxml2 does not know to be void, a stray </br>, or control characters change some
        # pages' verdicts on parsel's tree.
        try:
            readerable = bool(is_probably_readable(response.text, **options.preflight_kwargs()))
        except Exception:  # a bug in the heuristic must not lose the page
            logger.warning("Readerable check failed on %s; judged not readerable", response.url, exc_info=True)
            self.stats.inc_value("readability/preflight/error")
            readerable = False
        # A new dict: the one passed in may be shared by many requests.
        request.meta[META_KEY] = {"readerable": readerable, **options.to_meta()}
        self.stats.inc_value(f"readability/preflight/{'readerable' if readerable else 'not_readerable'}")
        if not readerable and self.config.preflight_action == "drop":
            self.stats.inc_value("readability/preflight/dropped")
            logger.debug("Dropping %s: not readerable", response.url)
            raise IgnoreRequest(f"Not readerable: {response.url}")
        return response
