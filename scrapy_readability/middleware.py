"""The preflight: a cheap "is this page an article?" verdict on every HTML response.

It runs Readability.js's ``isProbablyReaderable`` heuristic, which looks at
paragraph lengths only and costs a fraction of a full extraction, so a spider
can decide what to extract or follow before paying for the real thing. It reads
the tree parsel builds for ``response.css()``/``xpath()``, so a spider that uses
those pays for one parse, not two (see the numbers at the end of this module).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from lxml import etree
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
        readerable = bool(is_probably_readable(_document(response), **options.preflight_kwargs()))
        # A new dict: the one passed in may be shared by many requests.
        request.meta[META_KEY] = {"readerable": readerable, **options.to_meta()}
        self.stats.inc_value(f"readability/preflight/{'readerable' if readerable else 'not_readerable'}")
        if not readerable and self.config.preflight_action == "drop":
            self.stats.inc_value("readability/preflight/dropped")
            logger.debug("Dropping %s: not readerable", response.url)
            raise IgnoreRequest(f"Not readerable: {response.url}")
        return response


# The preflight reads the tree parsel builds for the spider's response.css()/xpath()
# (response.selector.root, cached on the response; is_probably_readable never modifies it)
# rather than parsing response.text again. Measured on the 106 Mozilla test pages, mean per
# page: on the text 2.5 ms (the engine's own parse is almost all of it); on the tree 2.1 ms
# (parsel's parse 1.4, the checks below 0.4, the preflight itself 0.2), and 0.6 ms when the
# spider uses selectors anyway (the parse is then shared, where the text way parses twice).
# In a crawl of 1,000 of them without extraction (benchmarks/crawl.py, best of 3), the crawl's
# CPU per page went from 4.9 to 4.2 ms (203 to 233 pages/s) with a spider that never uses
# selectors, and from 6.6 to 4.5 ms (152 to 222 pages/s) with one that does; the reactor's
# worst stall went from 80-113 ms to about 50 ms, the preflight being what holds it longest.
#
# The engine's parse brings libxml2's tree closer to a browser's (engine/parsing.py,
# fix_up_tree) and parsel's parse does not, so the verdict could differ where that matters to
# the preflight (which paragraphs, <pre>s, <article>s and <div>s with a <br> child there are,
# their text, their own attributes, an <li> around a <p>). Those pages are judged on the text,
# as before: a <template> (its content is no part of the document); a <br> inside an element
# libxml2 does not know to be void (it nests what follows inside it, taking the <br> from its
# <div>); a stray </br> (a <br> to a browser, dropped by libxml2); control characters or
# U+FFFE/U+FFFF (the engine drops them, parsel keeps them, and they count towards a
# paragraph's length). 10 of the 106 pages have a <source> or the like, and 1 a <template>;
# only the latter goes the old way. tests/test_middleware.py checks that both ways give the
# same verdict on every Mozilla page and on each of these cases.
_UNKNOWN_VOID_TAGS = ("embed", "wbr", "source", "track", "keygen")
_CONTROL_BYTES = bytes(range(0x00, 0x09)) + b"\x0b" + bytes(range(0x0E, 0x20))


def _document(response: HtmlResponse) -> Any:
    """What the preflight reads: parsel's tree when the preflight sees it as the engine's, else the text."""
    body = response.body
    if (
        len(body.translate(None, _CONTROL_BYTES)) != len(body)  # control characters (or UTF-16)
        or (b"\xef\xbf" in body and (b"\xef\xbf\xbe" in body or b"\xef\xbf\xbf" in body))  # U+FFFE, U+FFFF
        or b"</br" in body.lower()
    ):
        return response.text
    try:
        root = response.selector.root
    except Exception:  # noqa: BLE001 - whatever parsel cannot parse, the engine copes with
        return response.text
    if not isinstance(root, etree._Element) or next(root.iter("template"), None) is not None:
        return response.text
    for element in root.iter(*_UNKNOWN_VOID_TAGS):
        if next(element.iter("br"), None) is not None:
            return response.text
    return root
