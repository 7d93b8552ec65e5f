"""The preflight: a cheap "is this page an article?" verdict on every HTML response.

It runs Readability.js's ``isProbablyReaderable`` heuristic, which looks at
paragraph lengths only and costs a fraction of a full extraction, so a spider
can decide what to extract or follow before paying for the real thing. The
check parses the page, so it runs where the extraction runs, in the crawl's
pool of threads or worker processes (the crawl's extension runs it), never on
the reactor thread: ``process_response`` awaits it.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, NoReturn, Self

from scrapy.exceptions import IgnoreRequest, NotConfigured
from scrapy.http import HtmlResponse
from scrapy.http.request import NO_CALLBACK
from scrapy.spidermiddlewares.httperror import HttpErrorMiddleware

from scrapy_readability.components import component_enabled
from scrapy_readability.engine.html.inputs import decode_response
from scrapy_readability.engine.outputs.feed.dates import parse_date_value
from scrapy_readability.extension import ReadabilityExtension
from scrapy_readability.runtime.jobs import Failed, Preflight
from scrapy_readability.settings import META_KEY, PageMeta, PageOptions, ReadabilityConfigError, is_enabled

if TYPE_CHECKING:
    from scrapy import Request, Spider
    from scrapy.crawler import Crawler
    from scrapy.http import Response

logger = logging.getLogger(__name__)

# Below RetryMiddleware (550), MetaRefreshMiddleware (580), HttpCompressionMiddleware (590)
# and RedirectMiddleware (600): process_response runs from high to low numbers, so by the
# time it reaches 545 the body is decompressed and the response is the final one.
MIDDLEWARE_PRIORITY = 545


class SpiderReceives:
    """Whether the spider's callback will get a response: the preflight judges only those.

    Not the requests Scrapy makes for itself (robots.txt, media pipelines'
    downloads), which it marks with ``callback=NO_CALLBACK``, and not a non-2xx
    response that ``HttpErrorMiddleware`` will filter out, decided as it decides
    (``handle_httpstatus_all``/``handle_httpstatus_list`` in the request's meta,
    the spider's ``handle_httpstatus_list``, ``HTTPERROR_ALLOW_ALL``,
    ``HTTPERROR_ALLOWED_CODES``; every status when it is disabled).
    """

    def __init__(self, crawler: Crawler | None = None) -> None:
        self._crawler = crawler
        self._filters_errors = True  # Scrapy's defaults, for a middleware built without a crawler
        self._allow_all = False
        self._allowed: list[Any] = []
        if crawler is not None:
            settings = crawler.settings
            self._filters_errors = component_enabled(settings, "SPIDER_MIDDLEWARES", HttpErrorMiddleware)
            self._allow_all = settings.getbool("HTTPERROR_ALLOW_ALL")
            self._allowed = settings.getlist("HTTPERROR_ALLOWED_CODES")

    def __call__(self, request: Request, response: Response) -> bool:
        if request.callback is NO_CALLBACK:
            return False
        return 200 <= response.status < 300 or not self._filters_errors or self._status_allowed(request, response)

    def _status_allowed(self, request: Request, response: Response) -> bool:
        """``HttpErrorMiddleware.process_spider_input``'s decision for a non-2xx response."""
        meta = request.meta
        if meta.get("handle_httpstatus_all", False):
            return True
        if "handle_httpstatus_list" in meta:
            allowed = meta["handle_httpstatus_list"]
        elif self._allow_all:
            return True
        else:
            spider = self._crawler.spider if self._crawler is not None else None
            allowed = getattr(spider, "handle_httpstatus_list", self._allowed)
        return response.status in allowed


class ReadabilityMiddleware:
    """Write ``{"readerable": bool, **options}`` into ``meta['readability']`` of HTML responses.

    Per request, ``meta={'readability': False}`` skips the page, and a dict of
    options overrides the settings for that page: validated before the request
    is downloaded (a bad one fails that request, logged and counted), once; the
    dict written back (a :class:`~scrapy_readability.settings.PageMeta`) holds
    every option in force, as plain values and typed, so an item built from the
    response carries them to the pipeline, which does not parse them again. Only responses the spider will
    receive are judged (see :class:`SpiderReceives`); non-HTML responses pass
    through. With ``READABILITY_PREFLIGHT_ACTION = "drop"``, non-readerable
    pages are ignored (``IgnoreRequest``) instead of reaching the spider.
    """

    def __init__(self, extension: ReadabilityExtension, spider_receives: SpiderReceives | None = None) -> None:
        self.extension = extension
        self.config = extension.config
        self.stats = extension.stats
        self.spider_receives = spider_receives or SpiderReceives()

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        if not is_enabled(crawler.settings):
            raise NotConfigured
        return cls(ReadabilityExtension.of(crawler, cls.__name__), SpiderReceives(crawler))

    def process_request(self, request: Request, spider: Spider | None = None) -> None:
        """Read the request's ``meta['readability']`` once, before it is downloaded; refuse it if it does not validate.

        An override (a dict of options) is parsed here, and stays in the meta as a
        :class:`PageMeta` of the same values that holds the typed options, for the
        response and the pipeline.
        """
        options = self._page_options(request)
        wanted = request.meta.get(META_KEY)
        if options is not None and isinstance(wanted, Mapping) and not isinstance(wanted, PageMeta):
            request.meta[META_KEY] = PageMeta(wanted, options)

    async def process_response(self, request: Request, response: Response, spider: Spider | None = None) -> Response:
        """Judge the page in the crawl's pool, off the reactor thread, and record the verdict."""
        if not self.spider_receives(request, response):
            return response  # robots.txt, a media download, an error page the spider will not see
        options = self._page_options(request)
        if options is None:
            self.stats.inc_value("readability/preflight/skipped")
            return response
        if not isinstance(response, HtmlResponse):
            return response
        return self._record(request, response, options, await self._judge(response, options))

    def _page_options(self, request: Request) -> PageOptions | None:
        """The options for this request's page, ``None`` to skip it; refuse the request if they are bad."""
        # From the request: in process_response, response.meta (the same dict) is not reachable yet.
        wanted = request.meta.get(META_KEY, True)
        if wanted is False:
            return None
        try:
            return self.config.page.for_page(wanted)
        except ReadabilityConfigError as error:
            self._refuse(request, error)

    def _refuse(self, request: Request, error: ReadabilityConfigError) -> NoReturn:
        self.stats.inc_value("readability/preflight/invalid_options")
        logger.error("Not downloading %s: %s", request, error)
        raise IgnoreRequest(str(error))

    async def _judge(self, response: HtmlResponse, options: PageOptions) -> bool:
        """Readability.js's ``isProbablyReaderable`` on the page; a check that fails judges it not readerable.

        It fails when it raises (a bug in the heuristic), runs past ``READABILITY_TIMEOUT``
        or loses its worker process: logged once, counted, and the page goes on.
        """
        # The text, parsed by the engine, rather than the tree parsel builds for response.css()
        # (response.selector.root): a tree cannot cross to a worker process, and a tree kept on the
        # response waits for the cyclic garbage collector. Measured with benchmarks/crawl.py
        # --preflight-tree, 1,000 pages without extraction: reading parsel's tree saves ~0.45 ms a
        # page when the spider does not use selectors on it, which the checks it needs to be exact
        # would cost again (~0.4 ms: the engine's parse builds the tree a browser builds, HTML5,
        # where parsel's is libxml2's), and the reactor's p99 stall went from 48 to 88 ms, as
        # Scrapy's cached Selector and its response refer to each other.
        text = decode_response(response).text  # as the engine decodes bytes (not Scrapy's .text)
        verdict = await self.extension.run(Preflight(text, response.url, options.preflight))
        if isinstance(verdict, Failed):
            logger.warning(
                "Readerable check failed on %s (%s: %s); judged not readerable",
                response.url,
                verdict.reason,
                verdict.detail,
            )
            if verdict.traceback is not None:
                logger.debug("The readerable check raised on %s:\n%s", response.url, verdict.traceback)
            self.stats.inc_value("readability/preflight/error")
            return False
        return verdict.readerable

    def _record(self, request: Request, response: Response, options: PageOptions, readerable: bool) -> Response:
        """Write the verdict into the request's meta, count it, and drop the page if the settings say so."""
        # A new dict: the one passed in may be shared by many requests.
        verdict = {"readerable": readerable, "fetched": fetched_at(response), **options.to_meta()}
        request.meta[META_KEY] = PageMeta(verdict, options)
        self.stats.inc_value(f"readability/preflight/{'readerable' if readerable else 'not_readerable'}")
        if not readerable and self.config.preflight_action == "drop":
            self.stats.inc_value("readability/preflight/dropped")
            logger.debug("Dropping %s: not readerable", response.url)
            raise IgnoreRequest(f"Not readerable: {response.url}")
        return response


def fetched_at(response: Response) -> str:
    """When the page was fetched, in ISO 8601: its ``Date`` header (a cached or replayed response keeps the
    first fetch's), else now. The extraction reads relative datelines ("3 hours ago") against it."""
    header = response.headers.get("Date")
    stamp = parse_date_value(header.decode("latin-1")) if header else None
    if stamp is not None and "T" in stamp:
        return stamp
    return datetime.now(UTC).isoformat(timespec="seconds")
