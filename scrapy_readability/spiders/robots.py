"""A site's ``robots.txt`` downloaded once a crawl, though both the spider and Scrapy's middleware read it.

The article spider reads ``robots.txt`` for its ``Sitemap:`` lines; Scrapy's
``RobotsTxtMiddleware`` reads it for its rules, with a request of its own that
it makes first, holding the spider's request until the rules are read. This
downloader middleware, placed after Scrapy's, keeps that response and answers
the spider's request for the same URL with a copy (the same status, headers
and body). Nothing waits here: two requests for a ``robots.txt`` under way at
once both go out, as they would without it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Self
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from scrapy import Request, Spider
    from scrapy.crawler import Crawler
    from scrapy.http import Response

__all__ = ["RobotsTxtOnce"]

MAX_KEPT = 1024 * 1024  # a robots.txt larger than this is not kept (Google reads 500 KiB of one)


class RobotsTxtOnce:
    """Each ``robots.txt`` URL downloaded once; later requests for it get a copy of its response."""

    PRIORITY = 110  # after Scrapy's RobotsTxtMiddleware (100), whose own request comes here first

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler
        self._responses: dict[str, Response] = {}

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        return cls(crawler)

    def process_request(self, request: Request, spider: Spider | None = None) -> Response | None:
        kept = self._responses.get(request.url) if _is_robots(request.url) else None
        if kept is None:
            return None
        assert self.crawler.stats is not None
        self.crawler.stats.inc_value("readability/spider/documents/robots_shared")
        return kept.replace(request=request)

    def process_response(self, request: Request, response: Response, spider: Spider | None = None) -> Response:
        if _is_robots(request.url) and response.url == request.url and len(response.body) <= MAX_KEPT:
            self._responses.setdefault(request.url, response)
        return response


def _is_robots(url: str) -> bool:
    return urlsplit(url).path == "/robots.txt"
