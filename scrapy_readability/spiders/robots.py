"""A site's ``robots.txt`` downloaded once a crawl, though both the spider and Scrapy's middleware read it.

The article spider reads ``robots.txt`` for its ``Sitemap:`` lines; Scrapy's
``RobotsTxtMiddleware`` reads it for its rules, with a request of its own. This
downloader middleware, placed after Scrapy's (which holds the spider's request
until its own has read the rules), answers the second request for a
``robots.txt`` with the first one's response (the same status, headers and
body), waiting for it if it is still under way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from twisted.internet.defer import Deferred

if TYPE_CHECKING:
    from scrapy import Request, Spider
    from scrapy.crawler import Crawler
    from scrapy.http import Response

__all__ = ["RobotsTxtOnce"]

MAX_KEPT = 1024 * 1024  # a robots.txt larger than this is not kept (Google reads 500 KiB of one)


class RobotsTxtOnce:
    """Each ``robots.txt`` URL downloaded once; later requests for it get a copy of its response."""

    PRIORITY = 110  # after Scrapy's RobotsTxtMiddleware (100): its own request is the first to come here

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        self._responses: dict[str, Response] = {}
        self._waiting: dict[str, list[Deferred[Response | None]]] = {}

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> RobotsTxtOnce:
        return cls(crawler)

    async def process_request(self, request: Request, spider: Spider | None = None) -> Response | None:
        if not _is_robots(request.url):
            return None
        kept = self._responses.get(request.url)
        if kept is not None:
            return self._copy(kept, request)
        if request.url not in self._waiting:
            self._waiting[request.url] = []  # this request downloads it; the next ones wait for it
            return None
        from scrapy.utils.defer import maybe_deferred_to_future

        waiting: Deferred[Response | None] = Deferred()
        self._waiting[request.url].append(waiting)
        response = await maybe_deferred_to_future(waiting)
        return None if response is None else self._copy(response, request)

    def process_response(self, request: Request, response: Response, spider: Spider | None = None) -> Response:
        if _is_robots(request.url) and request.url in self._waiting and request.url not in self._responses:
            if len(response.body) <= MAX_KEPT:
                self._responses[request.url] = response
            self._release(request.url, response)
        return response

    def process_exception(self, request: Request, exception: Exception, spider: Spider | None = None) -> None:
        if _is_robots(request.url) and request.url not in self._responses:
            self._release(request.url, None)  # the next one downloads it itself

    def _release(self, url: str, response: Response | None) -> None:
        for waiting in self._waiting.pop(url, []):
            waiting.callback(response)

    def _copy(self, response: Response, request: Request) -> Response:
        assert self.crawler.stats is not None
        self.crawler.stats.inc_value("readability/spider/documents/robots_shared")
        return response.replace(request=request)


def _is_robots(url: str) -> bool:
    return urlsplit(url).path == "/robots.txt"
