"""Crawl news sites and write one feed item per article.

With no arguments the spider crawls the sample site bundled next to this
project, offline (file:// URLs). ``-a start_urls=https://a.example/,https://b.example/``
crawls real sites instead, staying on their domains.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import scrapy
from scrapy.http import Response
from scrapy.linkextractors import LinkExtractor

from scrapy_readability import ArticleItem

SAMPLE_SITE = Path(__file__).resolve().parents[2] / "sample_site" / "index.html"

# News briefs are too short for the default thresholds: links marked as briefs get lower ones.
BRIEF_OPTIONS = {"min_score": 5, "char_threshold": 100}


class ArticlesSpider(scrapy.Spider):
    """Extract the pages the preflight calls articles; follow the links of the others (front pages, sections)."""

    name = "articles"

    def __init__(self, start_urls: str | None = None, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.start_urls = [url.strip() for url in start_urls.split(",")] if start_urls else [SAMPLE_SITE.as_uri()]
        # Stay on the sites we were given: their domains for Scrapy's offsite filter, and for
        # file:// URLs, which have no host, their folders.
        self.allowed_domains = sorted({host for url in self.start_urls if (host := urlparse(url).hostname)})
        folders = [url.rsplit("/", 1)[0] + "/" for url in self.start_urls if url.startswith("file:")]
        # Only http(s), file and ftp links (no javascript:, mailto:, tel:), each once per page.
        self.links = LinkExtractor(allow=[f"^{re.escape(folder)}" for folder in folders])
        self.brief_links = LinkExtractor(restrict_css="a.brief")

    async def start(self) -> AsyncIterator[Any]:
        # Scrapy's own start requests skip the duplicate filter, so a front page whose menu links
        # to itself would be fetched twice: these go through it like every other request.
        for url in self.start_urls:
            yield scrapy.Request(url)

    def parse(self, response: Response) -> Iterator[Any]:
        verdict = response.meta.get("readability")
        if not verdict:
            return  # not HTML: the middleware judges HTML pages only
        if verdict["readerable"]:
            yield ArticleItem.from_response(response)  # the pipeline extracts it
            return
        # Not an article: a front page or a section index, which is where the links to articles are.
        briefs = {link.url for link in self.brief_links.extract_links(response)}
        for link in self.links.extract_links(response):
            yield response.follow(link, meta={"readability": BRIEF_OPTIONS} if link.url in briefs else {})
