"""``ArticleSpider``: point it at a site, get its articles.

Strategies (``-a strategy=...``, ``READABILITY_SPIDER_STRATEGY``):

- ``full`` (the default): the sitemaps robots.txt names (else the usual
  places), the feeds the start pages link to with ``<link rel="alternate">``
  (else the usual places), and the site's own links from the start pages on.
  Each page is an article or navigation by the evidence ``verdicts.py``
  weighs (its URL, its declared type, its shape, whether the site's own feed
  or sitemap lists it, the preflight's verdict from the package's downloader
  middleware); an article becomes an :class:`ArticleItem`. The links of every
  page are followed, those of navigation pages first.
- ``sitemap``, ``feed``: only the pages sitemaps or feeds list, skipping those
  they date before ``since`` without fetching them; no links followed.
- ``direct``: the start URLs (and ``urls_file``) are articles.

What it requests and why it leaves a URL is the frontier's business
(``frontier.py``); sitemaps and feeds are read by ``discovery.py``; the
articles of earlier crawls by ``state.py``. Stats: ``readability/spider/...``.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import AsyncIterator, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self
from urllib.parse import urldefrag, urljoin, urlsplit

import scrapy
from itemadapter import ItemAdapter
from scrapy import signals
from scrapy.exceptions import CloseSpider, DontCloseSpider, DropItem
from scrapy.http import HtmlResponse, Request, Response, TextResponse
from scrapy.linkextractors import LinkExtractor
from scrapy.utils.defer import maybe_deferred_to_future
from scrapy.utils.url import url_has_any_extension

from scrapy_readability.engine.outputs.feed.dates import machine_date, url_date
from scrapy_readability.items import ArticleItem
from scrapy_readability.pipeline import PIPELINE_PRIORITY
from scrapy_readability.settings import META_KEY
from scrapy_readability.spiders.discovery import (
    FEED_PATHS,
    FEED_TYPES,
    MAX_DOCUMENT_SIZE,
    SITEMAP_PATHS,
    Document,
    Entry,
    Feed,
    Sitemap,
    parse_date,
    read_document,
    robots_sitemaps,
)
from scrapy_readability.spiders.frontier import Frontier
from scrapy_readability.spiders.options import POLITE_DEFAULTS, SpiderOptions, spider_options, user_agent
from scrapy_readability.spiders.report import nothing_found, summary
from scrapy_readability.spiders.robots import RobotsTxtOnce
from scrapy_readability.spiders.state import KnownArticles
from scrapy_readability.spiders.urls import (
    DIRECTORY_INDEX,
    POSTS_SITEMAP,
    SUBJECT_INDEX,
    one_slash,
    path_and_query,
    site_origin,
    url_key,
)
from scrapy_readability.spiders.verdicts import (
    MEDIA_TAGS,
    TEMPLATE_ARTICLES,
    Evidence,
    Verdict,
    is_landing_page,
    is_sample_post,
    judge,
    ld_types,
    listing_shape,
    reads_beyond_title,
)

if TYPE_CHECKING:
    from datetime import datetime

    from scrapy.crawler import Crawler
    from scrapy.settings import BaseSettings
    from twisted.python.failure import Failure

__all__ = ["STATS_PREFIX", "ArticleSpider", "ArticleSpiderPipeline"]

logger = logging.getLogger(__name__)

STATS_PREFIX = "readability/spider/"
SPIDER_META = "readability_spider"  # our own per-request state: depth, stale run, what the URL was found as

# Priorities (higher first): the documents that list many pages, the start pages, the pages those
# documents list, then links, by depth, those found on articles after those found on navigation.
DOCUMENT_PRIORITY = 100
START_PRIORITY = 90
ENTRY_PRIORITY = 50
ARTICLE_LINKS_PENALTY = 10
LISTING_LINKS_PENALTY = 5  # links to pages never articles (not_articles: tags, pagination) after the others

MAX_JUDGED_AGAIN = 2  # a page turned down, judged again once its template has articles, then once a list names it
MAX_SHORT_PAGES = 500  # short pages a template may keep waiting for its articles (verdicts.TEMPLATE_ARTICLES)
MAX_HELD = 200  # pages held until the site's feeds are read (their responses kept): beyond, judged at once
TEMPLATE_TEACHERS = frozenset({"readerable", "listed_feed", "listed_sitemap", "listed_listing", "declared_article"})
"""Verdicts that teach a template: an article by evidence of its own, not by its template."""

ADMIT_BATCH = 200  # entries of a sitemap or feed admitted between two turns of the reactor: about 15 ms of work

PIPELINE_AFTER_EXTRACTION = PIPELINE_PRIORITY + 100  # after the ReadabilityPipeline: the article is extracted

# The priority of the spider's defaults: above Scrapy's own ("default", 0), below anything a user
# sets (a command's 10, an add-on's 15, a project's 20...). At 0 they would not survive Scrapy
# 2.19's CrawlerRunner.create_crawler(crawler), which updates a crawler with the runner's defaults.
DEFAULTS_PRIORITY = 1


class ArticleSpider(scrapy.Spider):
    """A ready spider for a site's articles: ``scrapy crawl article -a start_urls=https://news.example/``.

    Subclass it to change what is an article (:meth:`is_article`) or what an
    item holds (:meth:`article_item`); its options go in ``custom_settings``
    (``READABILITY_SPIDER_*``) or as spider arguments.
    """

    name = "article"
    options: SpiderOptions
    frontier: Frontier
    known: KnownArticles

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._arguments = {spec.name: kwargs.pop(spec.name) for spec in spider_options() if spec.name in kwargs}
        super().__init__(*args, **kwargs)
        self._item_urls: dict[str, str] = {}  # fetched URL -> canonical URL of the articles in the pipelines
        self._robots_asked: set[str] = set()  # sites whose robots.txt (or sitemap guesses) was requested
        self._feeds_asked: set[str] = set()  # sites whose feed guesses were requested
        self._accepted = 0  # articles past the last pipeline's checks (max_articles counts these)
        self._warned_no_verdict = False
        self._verdicts: dict[str, Verdict] = {}  # URL -> the verdict of the page being parsed
        self._templates: Counter[str] = Counter()  # articles by their page template (verdicts.page_template)
        self._feed_templates: Counter[str] = Counter()  # ... those the site's feed lists, whenever it is read
        self._feed_undated = 0  # pages the feeds list without a date: a list of pages (Hugo's), not of posts
        self._article_templates: dict[str, str | None] = {}  # url_key -> its template, for each article judged
        self._short_pages: dict[str, list[tuple[str, str]]] = {}  # template -> (page, first reason) judged before
        self._again: list[tuple[str, str]] = []  # (page, first reason) to judge again: its template has articles now
        self._judged_again: dict[str, str] = {}  # ... fetched again: their first verdict (its reason) is taken back
        self._front_pages: set[str] = set()  # the sites' front pages (and languages'), judged again as such
        self._fetched_again: Counter[str] = Counter()  # pages fetched again, how often: at most MAX_JUDGED_AGAIN
        # url_key -> (URL, reason) of a page turned down that a feed (or, unlisted, a listing) may yet name: by the
        # preflight (not_readerable), or as no post of those the feed lists (unlisted, site_page)
        self._not_readerable: dict[str, tuple[str, str]] = {}
        self._unlisted: dict[str, tuple[str, str]] = {}
        self._feed_oldest: str | None = None  # the day of the oldest post the feeds list (ISO): they say nothing before
        self._feed_posts = 0  # entries of the feeds, and the fewest folders below the start any of them is at
        self._feed_depth: int | None = None
        self._feeds_pending = 0  # feeds (and sitemaps of posts) requested and not yet read (or failed)
        self._held: list[HtmlResponse] = []  # pages whose verdict waits for those feeds (_waits_for_feeds)
        self._started = time.monotonic()

    @classmethod
    def update_settings(cls, settings: BaseSettings) -> None:
        """The package's add-on and pipeline, and polite defaults any project or ``-s`` setting overrides."""
        super().update_settings(settings)
        for name, value in {**POLITE_DEFAULTS, "USER_AGENT": user_agent()}.items():
            settings.set(name, value, priority=DEFAULTS_PRIORITY)  # replaces Scrapy's default only
        from scrapy_readability.addon import Addon

        _add_component(settings, "ADDONS", Addon, 0)
        _add_component(settings, "ITEM_PIPELINES", ArticleSpiderPipeline, PIPELINE_AFTER_EXTRACTION)
        _add_component(settings, "DOWNLOADER_MIDDLEWARES", RobotsTxtOnce, RobotsTxtOnce.PRIORITY)

    @classmethod
    def from_crawler(cls, crawler: Crawler, *args: Any, **kwargs: Any) -> Self:
        spider: Self = super().from_crawler(crawler, *args, **kwargs)
        if "start_urls" not in spider._arguments and getattr(spider, "start_urls", None):
            spider._arguments["start_urls"] = list(spider.start_urls)  # a subclass's own
        spider.options = SpiderOptions.read(crawler.settings, spider._arguments)
        spider.known = KnownArticles.open(spider.options.state)
        spider.frontier = Frontier(spider.options, spider.known, spider._count)
        crawler.signals.connect(spider._item_scraped, signal=signals.item_scraped)
        crawler.signals.connect(spider._item_dropped, signal=signals.item_dropped)
        crawler.signals.connect(spider._closed, signal=signals.spider_closed)
        crawler.signals.connect(spider._idle, signal=signals.spider_idle)
        _say_if_slowed(crawler.settings)
        return spider

    # --- Start -------------------------------------------------------------------------------

    def start_url_list(self) -> list[str]:
        """The start URLs: the option's, then the file's (one a line; ``#`` starts a comment)."""
        urls = list(self.options.start_urls)
        if self.options.urls_file:
            for line in Path(self.options.urls_file).read_text(encoding="utf-8").splitlines():
                line = line.split("#", 1)[0].strip()
                if line:
                    urls.append(line)
        return list(dict.fromkeys(urls))

    async def start(self) -> AsyncIterator[Any]:
        urls = self.start_url_list()
        if not urls:
            logger.error("No start URLs: give some with -a start_urls=URL,URL or -a urls_file=FILE")
            return
        for url in urls:
            self.frontier.add_site(url)
        self._update_allowed_domains()
        if self.known.source is not None:
            logger.info("%d articles known from %s: they are not fetched again", self.known.loaded, self.known.source)
        for url in urls:
            for request in self._start_requests(url):
                yield request

    def _start_requests(self, url: str) -> Iterator[Request]:
        strategy = self.options.strategy
        if strategy == "direct":
            admitted = self.frontier.admit(url, "start")
            if admitted is not None:
                yield self._page_request(admitted, self.parse_direct, START_PRIORITY, start=True)
            return
        if strategy == "sitemap" and not _looks_like_sitemap(url):
            yield from self._robots(url)  # the start URL only names the site
            return
        admitted = self.frontier.admit(url, "start")
        if admitted is not None:
            yield self._page_request(admitted, self.parse_start, START_PRIORITY, start=True)
        if strategy in ("full", "sitemap"):
            yield from self._robots(url)

    def _robots(self, url: str) -> Iterator[Request]:
        root = site_origin(url)
        if root in self._robots_asked:
            return
        self._robots_asked.add(root)
        yield from self._document(root + "/robots.txt", "robots", self.parse_robots)

    # --- Documents: robots.txt, sitemaps, feeds -------------------------------------------------

    def _document(
        self, url: str, kind: str, callback: Any = None, guessed: bool = False, quiet: bool = False
    ) -> Iterator[Request]:
        """A document's request; a ``guessed`` one (the usual places) or a ``quiet`` one (an announced JSON
        alternate, which may be a search index) that is not there or not a document is not worth a warning."""
        admitted = self.frontier.admit_document(url, kind, guessed)
        if admitted is None:
            return
        self._count(f"documents/{kind}")
        posts = kind == "sitemap" and POSTS_SITEMAP.search(urlsplit(admitted).path) is not None
        if kind == "feed" or posts:
            self._feeds_pending += 1
        yield Request(
            admitted,
            callback=callback or self.parse_document,
            errback=self._document_failed,
            priority=DOCUMENT_PRIORITY,
            dont_filter=True,  # decided by the frontier; may be on another host (robots.txt may say so)
            meta={
                META_KEY: False,  # no preflight for a document
                "download_maxsize": MAX_DOCUMENT_SIZE,
                SPIDER_META: {"kind": kind, "guessed": guessed, "quiet": guessed or quiet, "posts": posts},
            },
        )

    def parse_robots(self, response: Response) -> Iterator[Request]:
        """The ``Sitemap:`` lines of robots.txt; the usual places when it has none."""
        sitemaps = robots_sitemaps(response.body, response.url)
        if sitemaps is None:
            self._count("invalid/robots")
            logger.warning("%s is an HTML page, not a robots.txt: no sitemaps read from it", response.url)
        if not sitemaps:
            yield from self._guess(response.url, SITEMAP_PATHS, "sitemap")
            return
        for url in sitemaps:
            yield from self._document(url, "sitemap")

    def _guess(self, url: str, paths: Iterable[str], kind: str) -> Iterator[Request]:
        """The usual places of a sitemap or feed: under each start URL's folder on ``url``'s site, then at its root
        (a project's site served at ``/name/`` keeps its sitemap there)."""
        root = site_origin(url)
        folders = [root + folder.rstrip("/") for folder in self.frontier.start_folders(url)]
        for base in dict.fromkeys([*(folder for folder in folders if folder != root), root]):
            for path in paths:
                yield from self._document(base + path, kind, guessed=True)

    def _document_failed(self, failure: Failure) -> Iterator[Any]:
        """A document that could not be fetched: a missing robots.txt sends the spider to the usual places."""
        request = failure.request  # type: ignore[attr-defined]
        about = request.meta.get(SPIDER_META, {})
        kind = about.get("kind", "document")
        if kind in ("sitemap", "feed") and request.url.endswith("/") and _status(failure) == 404:
            self._count("documents/not_found")
            logger.info("No %s at %s: trying %sindex.xml", kind, request.url, request.url)
            yield from self._document(request.url + "index.xml", kind, quiet=about.get("quiet", False))
        elif kind == "robots":
            self._count("documents/not_found")
            logger.info(
                "No robots.txt at %s (%s): looking for sitemaps in the usual places", request.url, _reason(failure)
            )
            yield from self._guess(request.url, SITEMAP_PATHS, "sitemap")
        elif about.get("quiet"):
            self._count("documents/not_found")
            logger.debug("No %s at %s (%s)", kind, request.url, _reason(failure))
        else:
            self._count("documents/failed")
            logger.warning("Could not read the %s %s: %s", kind, request.url, _reason(failure))
        if _lists_posts(about):
            self._feed_done()
            yield from self._release_held()

    async def parse_document(self, response: Response) -> AsyncIterator[Any]:
        """A sitemap (index) or a feed, by what its bytes are rather than what it was expected to be; once the
        last feed asked for is read, the pages held for it are judged."""
        try:
            async for request in self._read_document(response, await _read_in_thread(response)):
                yield request
        finally:
            if _lists_posts(response.meta.get(SPIDER_META, {})):
                self._feed_done()
        for output in self._release_held():
            yield output

    def _feed_done(self) -> None:
        self._feeds_pending = max(0, self._feeds_pending - 1)

    def _release_held(self) -> Iterator[Any]:
        """Once no feed is left to read, the pages held for them are judged with what they said."""
        if self._feeds_pending == 0 and self._held:
            held, self._held = self._held, []
            logger.debug("The feeds are read: judging the %d pages held for them", len(held))
            for response in held:
                for output in self._judge_page(response):
                    if isinstance(output, ArticleItem):  # yielded with the feed's response: it takes the page's options
                        output[META_KEY] = response.meta.get(META_KEY)
                    yield output

    async def _read_document(self, response: Response, document: Document) -> AsyncIterator[Request]:
        """The requests for what a document lists, admitted a batch at a time, the reactor running between
        batches (a sitemap of 50,000 URLs takes seconds to admit); or why it is not read."""
        about = response.meta.get(SPIDER_META, {})
        expected = about.get("kind", "document")
        if document.error is not None and about.get("quiet") and document.kind is None:
            self._count("documents/not_found")  # a guess, or a JSON alternate that is a search index
            logger.debug("%s is not a %s (%s): not read", response.url, expected, document.error)
        elif document.error is not None:
            kind = document.kind or expected
            self._count(f"invalid/{kind}")
            logger.warning("Not reading the %s %s: %s", kind, response.url, document.error)
        elif document.sitemap is not None:
            async for request in _in_batches(self._sitemap(response, document.sitemap)):
                yield request
        elif document.feed is not None:
            async for request in _in_batches(self._feed(response, document.feed)):
                yield request
        elif about.get("quiet"):
            self._count("documents/not_found")  # a site that answers every URL with a page
            logger.debug("No %s at %s: an HTML page", expected, response.url)
        else:
            self._count(f"invalid/{expected}")
            logger.warning("%s is not a sitemap or a feed (%s): not read", response.url, _describe(document.body))

    def _sitemap(self, response: Response, sitemap: Sitemap) -> Iterator[Request]:
        self._count("read/sitemap")
        if sitemap.truncated:
            self._count("invalid/sitemap_truncated")
            logger.warning(
                "The sitemap %s lists more than %d URLs (the sitemap protocol's limit): the first %d are taken",
                response.url,
                len(sitemap.entries),
                len(sitemap.entries),
            )
        if sitemap.index:
            for entry in sitemap.entries:
                if self._old(entry.date):
                    self._count("skipped/old_sitemap")
                    continue
                yield from self._document(entry.url, "sitemap")
            return
        posts = bool(response.meta.get(SPIDER_META, {}).get("posts"))
        if posts:
            self._count("read/posts_sitemap")
            logger.debug("%s is named for the site's posts: its entries are read as a feed's", response.url)
        yield from self._entries(response.url, sitemap.entries, "sitemap", posts)

    def _feed(self, response: Response, feed: Feed) -> Iterator[Request]:
        self._count("read/feed")
        if feed.decoded_as is not None:
            self._count("invalid/feed_encoding")
            logger.warning("The feed %s is not in the encoding it declares: read as %s", response.url, feed.decoded_as)
        yield from self._entries(response.url, feed.entries, "feed")

    def _entries(self, document: str, entries: list[Entry], source: str, posts: bool = False) -> Iterator[Request]:
        """Requests for the pages a sitemap or feed (at ``document``) lists (no links followed from them but in
        ``full``).

        A page turned down before its feed arrived is judged again: the feed says it is a post. A sitemap named
        for the site's posts (``posts``, :data:`~scrapy_readability.spiders.urls.POSTS_SITEMAP`) says what a feed
        would. Entries refused for being on other sites are told once they are all read (:meth:`_say_if_elsewhere`).
        """
        listed = "feed" if posts else source
        elsewhere: list[str] = []
        for index, entry in enumerate(entries):
            self.frontier.note_listed(entry.url, listed)
            if listed == "feed":
                self._note_feed_post(entry.url)
                self._count_feed_post(url_key(entry.url))
                self._feed_undated += entry.date is None
                self._note_feed_day(entry.date)
                self._judge_again_when_listed(entry.url, self._not_readerable)
                self._judge_again_when_listed(entry.url, self._unlisted)
            if self.frontier.exhausted:
                self._count("skipped/max_pages", len(entries) - index)
                return
            url = self.frontier.admit(entry.url, source, 0, entry.date)
            if url is not None:
                yield self._page_request(url, self.parse_page, ENTRY_PRIORITY)
            elif not self.frontier.in_scope(entry.url):  # asked of the refused entries only
                elsewhere.append(entry.url)
        self._say_if_elsewhere(document, source, len(entries), elsewhere)
        yield from self._judge_again()

    def _say_if_elsewhere(self, url: str, kind: str, listed: int, elsewhere: list[str]) -> None:
        """A sitemap or feed that lists most of its pages on sites the crawl is not on (a generator given the wrong
        address of the site: ``https://github.com/owner/repo.git/x/``) is said, once: those pages are not crawled."""
        if elsewhere and len(elsewhere) * 2 >= listed:
            self._count(f"invalid/{kind}_elsewhere")
            logger.warning(
                "The %s %s lists %d of its %d pages on other sites (%s): they are not crawled",
                kind,
                url,
                len(elsewhere),
                listed,
                elsewhere[0],
            )

    def _note_feed_post(self, url: str) -> None:
        """Count a post the feed lists, and how deep below the site's start it lives."""
        depth = self._depth(url)
        if depth is not None:
            self._feed_posts += 1
            self._feed_depth = depth if self._feed_depth is None else min(depth, self._feed_depth)

    def _at_top_beside_posts(self, url: str) -> bool:
        """Whether ``url`` is at the site's top (one folder below its start) while the three or more posts its
        feeds list all live deeper."""
        if self._feed_posts < TEMPLATE_ARTICLES or self._feed_depth is None or self._feed_depth < 2:
            return False
        return self._depth(url) == 1

    def _depth(self, url: str) -> int | None:
        """How many folders ``url``'s path goes below its start URL's folder (``/name/`` for a project's site;
        ``/x/index.html`` is ``/x/``), or ``None`` for a page outside it."""
        folders = self.frontier.folders(url)
        return None if folders is None else len(folders)

    def _is_project_page(self, url: str) -> bool:
        """A project's page at the site's top: ``/projects/x`` below the start URL's folder."""
        folders = self.frontier.folders(url) or []
        return len(folders) == 2 and folders[0] == "projects"

    def _count_feed_post(self, key: str) -> None:
        """An article the feed lists counts for its template once, whether the feed was read before it was judged
        (``listed_feed``) or after (``readerable``)."""
        template = self._article_templates.get(key)
        if template is not None:
            self._article_templates[key] = None  # counted
            self._feed_templates[template] += 1

    def _like_feed_articles(self, template: str | None) -> int:
        """Articles on ``template`` that the site's feeds list: none to go by when a feed lists pages without a date
        (Hugo's of every page, as many as its window holds), a list of pages rather than of the site's posts."""
        return 0 if template is None or self._feed_undated else self._feed_templates[template]

    def _note_feed_day(self, moment: datetime | None) -> None:
        """Keep the day of the oldest post a feed lists: a page dated before it is older than the feed's window."""
        if moment is not None:
            day = moment.date().isoformat()
            self._feed_oldest = day if self._feed_oldest is None else min(day, self._feed_oldest)

    def _before_feed(self, response: HtmlResponse) -> bool:
        """Whether the page says it was published before the oldest post the feeds list (its URL's day, else its
        ``article:published_time``, else its first ``<time datetime>``)."""
        if self._feed_oldest is None:
            return False
        day = url_date(response.url) or next(
            (day for value in response.xpath(_PUBLISHED).getall()[:2] if (day := machine_date(value))), None
        )
        return day is not None and day[:10] < self._feed_oldest

    def _judge_again_when_listed(self, url: str, turned_down: dict[str, tuple[str, str]]) -> None:
        """A page turned down before a list named it is judged again (``turned_down``: its URL and first reason, by
        URL key)."""
        page = turned_down.pop(url_key(url), None)
        if page is not None:
            self._again.append(page)

    def _old(self, moment: Any) -> bool:
        since = self.options.since
        return since is not None and moment is not None and moment < since

    # --- Pages --------------------------------------------------------------------------------

    def _page_request(
        self, url: str, callback: Any, priority: int, *, start: bool = False, depth: int = 0, stale: int = 0
    ) -> Request:
        return Request(
            url,
            callback=callback,
            errback=self._start_failed if start else None,
            priority=priority,
            dont_filter=start,  # a start URL may redirect to another site (see parse_start)
            meta={SPIDER_META: {"depth": depth, "stale": stale, "start": start}},
        )

    async def parse_start(self, response: Response) -> AsyncIterator[Any]:
        """A start page: a sitemap or feed read as such; a page also tells where the site's feeds are."""
        for request in self._adopt_redirect(response):
            yield request
        if not isinstance(response, HtmlResponse):
            document = await _read_in_thread(response)
            if document.kind is not None:
                async for request in self._read_document(response, document):
                    yield request
                return
        if self.options.strategy in ("full", "feed") and isinstance(response, HtmlResponse):
            for request in self._feeds_of(response):
                yield request
        if self.options.strategy == "full" and isinstance(response, HtmlResponse):
            for href in response.xpath(_SITEMAP_LINK).getall():  # Astro's and others' <link rel="sitemap">
                for request in self._document(response.urljoin(href.strip()), "sitemap"):
                    yield request
        if self.options.strategy == "full":
            for output in self.parse_page(response):
                yield output

    def _adopt_redirect(self, response: Response) -> Iterator[Request]:
        """A start URL that redirected to another site: that site is the one the user meant, crawled too."""
        if self.frontier.in_scope(response.url):
            return
        start = response.meta.get("redirect_urls", [response.url])[0]
        self.frontier.add_site(response.url)
        self._update_allowed_domains()
        self._count("start_redirected")
        logger.warning(
            "The start URL %s redirected to %s, on another site: that site is crawled as the start URL's",
            start,
            response.url,
        )
        if self.options.strategy in ("full", "sitemap"):
            yield from self._robots(response.url)

    def _feeds_of(self, response: HtmlResponse) -> Iterator[Request]:
        """The feeds the page announces; a plain ``application/json`` one (a search index, often) is tried quietly,
        and the usual places are tried when nothing but such is announced."""
        feeds: list[str] = []
        maybe: list[str] = []
        for link in response.xpath("//link[@href]"):
            kind = (link.attrib.get("type") or "").lower().split(";")[0].strip()
            if "alternate" in (link.attrib.get("rel") or "").lower().split() and kind in FEED_TYPES:
                (maybe if kind == "application/json" else feeds).append(response.urljoin(link.attrib["href"]))
        for url in feeds:
            yield from self._document(url, "feed")
        for url in maybe:
            yield from self._document(url, "feed", quiet=True)
        root = site_origin(response.url)
        if not feeds and root not in self._feeds_asked:
            self._feeds_asked.add(root)
            yield from self._guess(response.url, FEED_PATHS, "feed")

    def parse_page(self, response: Response) -> Iterator[Any]:
        """An article becomes an item; in ``full``, the page's links are followed (an article's after navigation's)."""
        self._check_limits()
        if not isinstance(response, HtmlResponse):
            self._count("not_html")
            return
        if not self.frontier.in_scope(response.url):
            self._count("skipped/offsite_redirect")
            return
        if self._waits_for_feeds(response):
            self._held.append(response)
            logger.debug("Held until the site's feeds are read: %s", response.url)
            return
        yield from self._judge_page(response)

    def _waits_for_feeds(self, response: HtmlResponse) -> bool:
        """Whether the page's verdict waits for the feeds being fetched: what they list says whether a page at
        the site's top is the site's own (``site_page``) and whether a short page is a post (``unlisted``), so
        that the verdict does not depend on which response came first. The start page and the pages the feeds
        list already do not wait; nor does anything once :data:`MAX_HELD` pages wait."""
        if not self._feeds_pending or len(self._held) >= MAX_HELD or response.meta.get(SPIDER_META, {}).get("start"):
            return False
        if self.frontier.listed(response.url) == "feed":
            return False
        return self._depth(response.url) == 1 or not _readerable(response)

    def _idle(self, spider: scrapy.Spider) -> None:
        """Pages still held when the crawl has nothing left to do (a feed whose answer never came back to the
        spider) are judged all the same: fetched once more, the feeds no longer awaited."""
        if spider is not self or not self._held:
            return
        self._feeds_pending = 0
        held, self._held = self._held, []
        engine = self.crawler.engine
        assert engine is not None
        for response in held:
            engine.crawl(self._page_request(response.url, self.parse_page, ENTRY_PRIORITY).replace(dont_filter=True))
        raise DontCloseSpider

    def _judge_page(self, response: HtmlResponse) -> Iterator[Any]:
        """Judge the page; an article's item; in ``full``, its links followed."""
        about = response.meta.get(SPIDER_META, {})
        first = self._judged_again.pop(response.url, None)
        if first is not None:  # the first verdict, navigation, is replaced by this one
            self._count("navigation", -1)
            self._count(f"verdict/{first}", -1)
            if _readerable(response):
                self._count(f"readerable_not_taken/{first}", -1)
        article = self.is_article(response)
        verdict = self._verdicts.pop(response.url, None)
        if verdict is None or verdict.article != article:
            verdict = Verdict(article, "is_article")  # a subclass's own decision
        self._count(f"verdict/{verdict.reason}")
        if verdict.reason == "not_readerable":
            self._not_readerable[url_key(response.url)] = (response.url, verdict.reason)
        elif verdict.reason in ("unlisted", "site_page"):
            self._unlisted[url_key(response.url)] = (response.url, verdict.reason)
        if not article and _readerable(response):
            self._count(f"readerable_not_taken/{verdict.reason}")
        logger.debug("%s (%s): %s", "Article" if article else "Navigation", verdict.reason, response.url)
        if article and about.get("start"):
            self._count("start_articles")
            logger.info("The start URL %s is an article: written, and its site crawled from its links", response.url)
        if article:
            item = self.article_item(response)
            if item is not None:
                self._count("articles")
                yield item
        else:
            self._count("navigation")
        if self.options.strategy == "full":
            yield from self._follow(response, about.get("depth", 0), about.get("stale", 0), article)
        yield from self._judge_again()

    def _judge_again(self) -> Iterator[Request]:
        """Short pages fetched before their template had articles, or before the feed or the listing that lists
        them, fetched once more to be judged again (each event comes once; a page is fetched again at most
        ``MAX_JUDGED_AGAIN`` times: its template's articles, then a list that names it)."""
        again, self._again = self._again, []
        for url, first in again:
            if self._fetched_again[url] >= MAX_JUDGED_AGAIN:
                continue
            if self.frontier.spend_again():
                self._fetched_again[url] += 1
                self._count("verdict_again")
                self._judged_again[url] = first
                yield self._page_request(url, self.parse_page, ENTRY_PRIORITY).replace(dont_filter=True)

    def parse_direct(self, response: Response) -> Iterator[Any]:
        """``direct``: every HTML page given is an article, whatever the preflight says."""
        self._check_limits()
        if not isinstance(response, HtmlResponse):
            self._count("not_html")
            content_type = (response.headers.get("Content-Type") or b"").decode("latin-1")
            logger.warning("%s is not an HTML page (%s): no article", response.url, content_type or "no Content-Type")
            return
        item = self.article_item(response)
        if item is not None:
            self._count("articles")
            yield item

    def is_article(self, response: HtmlResponse) -> bool:
        """Whether the page is an article: :meth:`verdict`'s answer. Override either (``verdict`` gives the reason)."""
        return self.verdict(response).article

    def verdict(self, response: HtmlResponse) -> Verdict:
        """Article or navigation, and why, from the evidence (``verdicts.py``; ``ignore_rules`` leaves rules out)."""
        preflight = response.meta.get(META_KEY)
        if not isinstance(preflight, dict):
            if not self._warned_no_verdict:
                self._warned_no_verdict = True
                logger.error(
                    "%s has no preflight verdict (meta['readability']): is the add-on (or ReadabilityMiddleware) "
                    "disabled? Pages without one are taken as navigation.",
                    response.url,
                )
            verdict = Verdict(False, "not_readerable")
        else:
            evidence = self.evidence(response)
            verdict = judge(evidence, frozenset(self.options.ignore_rules))
            if not verdict.article and evidence.shape.is_listing:
                for href in evidence.shape.items:  # its items: a short one is still an article
                    self.frontier.note_listed(urljoin(response.url, href), "listing")
                    self._judge_again_when_listed(urljoin(response.url, href), self._unlisted)
            self._learn_template(response.url, evidence, verdict)
        self._verdicts[response.url] = verdict
        return verdict

    def _learn_template(self, url: str, evidence: Evidence, verdict: Verdict) -> None:
        """Count the templates of articles; a short page judged before its template had any is judged again."""
        template = evidence.shape.template
        if template is None:
            return
        if verdict.article and verdict.reason in TEMPLATE_TEACHERS:
            self._templates[template] += 1
            key = url_key(url)
            if key not in self._article_templates:
                self._article_templates[key] = template
                if self.frontier.listed(url) == "feed":
                    self._count_feed_post(key)
            if self._templates[template] == TEMPLATE_ARTICLES:
                self._again.extend(self._short_pages.pop(template, ()))
        elif _may_be_built_like_articles(evidence, verdict):
            waiting = self._short_pages.setdefault(template, [])
            if len(waiting) < MAX_SHORT_PAGES:
                waiting.append((url, verdict.reason))

    def evidence(self, response: HtmlResponse) -> Evidence:
        """What is known of a fetched page: the preflight's verdict, its URL, its declared type, its shape, lists."""
        types = frozenset(
            name.lower()
            for script in response.xpath('//script[@type="application/ld+json"]/text()').getall()
            for name in ld_types(script)
        )
        own = _same_page(response.url)

        def elsewhere(href: str) -> bool:
            """A link to another page of the site (a cheap test: it runs on every link of the page's blocks); a
            picture's link to its file, or a download's, is none: the crawl never follows it."""
            if not href or href.startswith("#"):
                return False
            url = urljoin(response.url, href.strip())
            return (
                _same_page(url) != own
                and self.frontier.in_scope(url)
                and not url_has_any_extension(url, _LINKS.deny_extensions)
            )

        shape = listing_shape(response.selector.root, elsewhere)
        start = response.meta.get(SPIDER_META, {}).get("start", False)
        front = response.url in self._front_pages or (start and _is_front_page(response.url))
        front = (front or _is_language_home(response)) and self.frontier.listed(response.url) != "feed"
        if front:
            self._front_pages.add(response.url)
        readerable = _readerable(response)
        top = not front and self._at_top_beside_posts(response.url)
        return Evidence(
            readerable=readerable,
            not_article_url=not front and not self.frontier.is_article_url(response.url),
            front=front,
            landing=front and is_landing_page(response.selector.root),
            types=types,
            shape=shape,
            listed=self.frontier.listed(response.url),
            like_articles=self._templates[shape.template] if shape.template is not None else 0,
            like_feed_articles=self._like_feed_articles(shape.template),
            in_listing=self.frontier.in_listing(response.url),
            about_subject=readerable and _is_subject_index(response.url) and shape.unlinked * 2 >= shape.text,
            before_feed=(not readerable or top) and self._before_feed(response),
            top_beside_posts=top,
            project_page=self._is_project_page(response.url),
        )

    def article_item(self, response: HtmlResponse) -> ArticleItem | None:
        """The item for an article page, or ``None`` when it is one already yielded (or known)."""
        hrefs = response.xpath(_CANONICAL).getall()
        named = list(dict.fromkeys(one_slash(urljoin(response.url, href.strip())) for href in hrefs if href.strip()))
        canonical = named[0] if len(named) == 1 else None
        if len(named) > 1:  # a template's mistake: which one is meant is anyone's guess
            self._count("invalid/canonical_conflict")
            logger.debug("%s names %d canonical URLs: none is followed", response.url, len(named))
        url = self.frontier.claim_article(response.url, canonical)
        if url is None:
            return None
        if url != response.url:
            self._item_urls[response.url] = url
        return ArticleItem.from_response(response)

    def _follow(self, response: HtmlResponse, depth: int, stale: int, article: bool) -> Iterator[Request]:
        links = [link.url for link in _LINKS.extract_links(response)]
        penalty = ARTICLE_LINKS_PENALTY if article else 0
        for url, stale_run in self.frontier.follow(response.url, links, depth, article, stale):
            listing = 0 if self.frontier.is_article_url(url) else LISTING_LINKS_PENALTY
            priority = -(depth + 1) - penalty - listing
            yield self._page_request(url, self.parse_page, priority, depth=depth + 1, stale=stale_run)

    def _start_failed(self, failure: Failure) -> None:
        request = failure.request  # type: ignore[attr-defined]
        self._count("start_failed")
        logger.warning("The start URL %s could not be fetched: %s", request.url, _reason(failure))

    # --- Limits, items, state -------------------------------------------------------------

    def _feed_lists(self, fetched: object, adapter: ItemAdapter) -> bool:
        """Whether the site's feed lists the item's page, at the address fetched or the canonical one."""
        return any(self.frontier.listed(url) == "feed" for url in (fetched, adapter.get("url")) if isinstance(url, str))

    def _check_limits(self) -> None:
        if self.options.max_articles and self._accepted >= self.options.max_articles:
            raise CloseSpider("max_articles")

    def finish_item(self, item: Any) -> Any:
        """After extraction: the article under its canonical URL; ``since`` on its own date; ``max_articles``."""
        adapter = ItemAdapter(item)
        fetched = adapter.get("url")
        if isinstance(fetched, str) and fetched in self._item_urls:
            adapter["url"] = self._item_urls.pop(fetched)
        extracted = [name for name in ("text_content", "text") if name in adapter]  # None: no article
        text = next((value for name in extracted if isinstance(value := adapter[name], str)), None)
        text = text or ""
        if extracted and self._judges_text():
            if not _reads(adapter, text, self._feed_lists(fetched, adapter)):
                self._count("skipped/no_text")
                raise DropItem(f"Nothing to read beyond its title: {adapter.get('url')}", log_level="DEBUG")
            if is_sample_post(text):
                self._count("skipped/sample")
                reason = f"A site generator's sample post, left in place: {adapter.get('url')}"
                raise DropItem(reason, log_level="DEBUG")
        earlier = self.frontier.claim_text(str(adapter.get("url")), text)
        if earlier is not None:
            raise DropItem(f"The same text as {earlier}: {adapter.get('url')}", log_level="DEBUG")
        if self.options.max_articles and self._accepted >= self.options.max_articles:
            raise DropItem(
                f"max_articles ({self.options.max_articles}) reached: {adapter.get('url')}", log_level="DEBUG"
            )
        published = parse_date(
            adapter.get("published_time") if isinstance(adapter.get("published_time"), str) else None
        )
        if self._old(published):
            self._count("skipped/old")
            self.known.add(str(adapter.get("url")))  # no need to fetch it again to learn it is old
            raise DropItem(f"Published before {self.options.since:%Y-%m-%d}: {adapter.get('url')}", log_level="DEBUG")
        self._accepted += 1  # counted here, not when written: items pass the pipelines concurrently
        return item

    def _judges_text(self) -> bool:
        """Whether an extracted article with nothing beyond its title is turned down (the ``text`` rule): not the
        pages given to ``direct``, which are articles because the user says so."""
        return self.options.strategy != "direct" and "text" not in self.options.ignore_rules

    def _item_scraped(self, item: Any, response: Response, spider: scrapy.Spider) -> None:
        if spider is not self:
            return
        url = ItemAdapter(item).get("url")
        fetched = None if "kind" in response.meta.get(SPIDER_META, {}) else response.url  # a held page's: a feed's
        self.known.add(*(u for u in (url, fetched) if isinstance(u, str)))  # the canonical URL first

    def _item_dropped(self, item: Any, response: Response, exception: BaseException, spider: scrapy.Spider) -> None:
        if isinstance(response, Response):
            self._item_urls.pop(response.url, None)

    def _closed(self, spider: scrapy.Spider, reason: str) -> None:
        if spider is not self:
            return
        self.known.close()
        stats = self.crawler.stats
        if stats is None:
            return
        values = stats.get_stats()
        if self.known.source is not None:
            skipped = values.get(STATS_PREFIX + "skipped/known", 0)
            logger.info("%d articles already known from %s were not fetched again", skipped, self.known.source)
        for line in nothing_found(values, self.options, self.frontier.spent):
            logger.warning(line)
        logger.info(summary(values, time.monotonic() - self._started))

    def _count(self, name: str, count: int = 1) -> None:
        assert self.crawler.stats is not None
        self.crawler.stats.inc_value(STATS_PREFIX + name, count)

    def _update_allowed_domains(self) -> None:
        """Scrapy's offsite middleware guards redirects; the frontier keeps links to the sites themselves."""
        self.allowed_domains = [site.host for site in self.frontier.sites]


class ArticleSpiderPipeline:
    """After the extraction pipeline, for :class:`ArticleSpider` only: see :meth:`ArticleSpider.finish_item`."""

    def __init__(self, crawler: Crawler) -> None:
        self.crawler = crawler

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        return cls(crawler)

    def process_item(self, item: Any, spider: scrapy.Spider | None = None) -> Any:
        spider = spider or self.crawler.spider
        return spider.finish_item(item) if isinstance(spider, ArticleSpider) else item


_CANONICAL = "//link[contains(concat(' ', normalize-space(@rel), ' '), ' canonical ')]/@href"
_PUBLISHED = "//meta[@property='article:published_time']/@content | //time/@datetime"
_SITEMAP_LINK = "//link[contains(concat(' ', normalize-space(@rel), ' '), ' sitemap ')]/@href"

_LINKS = LinkExtractor(unique=True)  # web links only, each once a page; not to images, PDFs, archives...


def _lists_posts(about: dict[str, Any]) -> bool:
    """Whether a document's request (its ``SPIDER_META``) was for a list of the site's posts, which pages may be
    held for: a feed, or a sitemap named for the posts."""
    return about.get("kind") == "feed" or bool(about.get("posts"))


def _looks_like_sitemap(url: str) -> bool:
    path = urlsplit(url).path.lower()
    return "sitemap" in path or path.endswith((".xml", ".xml.gz", ".gz"))


async def _read_in_thread(response: Response) -> Document:
    """The response's document read (:func:`read_document`) in the reactor's thread pool."""
    from twisted.internet.threads import deferToThread

    charset = response.encoding if isinstance(response, TextResponse) else None
    deferred = deferToThread(read_document, response.body, response.url, charset)
    document: Document = await maybe_deferred_to_future(deferred)
    return document


async def _in_batches(requests: Iterator[Request], size: int = ADMIT_BATCH) -> AsyncIterator[Request]:
    """``requests``, with a turn of the reactor after every ``size`` of them (each costs the frontier's work)."""
    from twisted.internet import reactor
    from twisted.internet.task import deferLater

    for index, request in enumerate(requests, start=1):
        yield request
        if index % size == 0:
            await maybe_deferred_to_future(deferLater(reactor, 0, lambda: None))


def _describe(body: bytes) -> str:
    start = body.lstrip()[:60].decode("utf-8", "replace").replace("\n", " ")
    return f"it starts {start!r}" if start else "it is empty"


def _say_if_slowed(settings: BaseSettings) -> None:
    """A project's fixed delay (``scrapy startproject`` writes ``DOWNLOAD_DELAY = 1``) overrides the spider's
    AutoThrottle: a line says so, for a crawl that takes minutes where the command takes seconds."""
    delay = settings.getfloat("DOWNLOAD_DELAY")
    if delay >= 1 and (settings.getpriority("DOWNLOAD_DELAY") or 0) > DEFAULTS_PRIORITY:
        per_site = settings.getint("CONCURRENT_REQUESTS_PER_DOMAIN")
        logger.info(
            "DOWNLOAD_DELAY = %s (a project's or -s setting) holds the crawl to a request every %s s, %d at a time "
            "a site: remove it, or lower it, for AutoThrottle to adapt to the site (docs/spider.md, Politeness)",
            delay,
            delay,
            per_site,
        )


def _reads(adapter: ItemAdapter, text: str, listed: bool) -> bool:
    """Whether the extracted article holds text to read beyond its title (:func:`reads_beyond_title`); ``listed``:
    the site's feed lists the page."""
    content = adapter.get("content")
    pictures = isinstance(content, str) and any(f"<{tag}" in content for tag in MEDIA_TAGS)
    titles = (value for value in (adapter.get("title"), adapter.get("headline")) if isinstance(value, str))
    return reads_beyond_title(text, titles, pictures, listed)


def _same_page(url: str) -> str:
    """``url`` without its fragment, trailing slash and directory index file: a link to the page itself is one."""
    return DIRECTORY_INDEX.sub("", urldefrag(url)[0]).rstrip("/")


def _is_subject_index(url: str) -> bool:
    """At the index of a site's tags or topics (``/tags/``): a listing, or in a documentation a page about tags."""
    return SUBJECT_INDEX.search(path_and_query(url)) is not None


def _is_front_page(url: str) -> bool:
    """A start URL at a site's root or a project's (``/``, ``/name/``): its front page, which no feed lists."""
    path = urlsplit(url).path
    return path.endswith("/") and path.count("/") <= 2


def _is_language_home(response: HtmlResponse) -> bool:
    """A language's front page: ``/zh-cn/`` (or ``/project/zh-cn/``) in a page whose ``<html lang>`` says ``zh-CN``;
    not with a query (``/en/?tags=x``: a listing filtered by a tag)."""
    parts = urlsplit(response.url)
    segments = [segment for segment in parts.path.lower().split("/") if segment]
    if parts.query or not 1 <= len(segments) <= 2 or segments[-1].startswith("index."):
        return False
    lang = (response.xpath("/html/@lang").get() or "").strip().lower().replace("_", "-")
    code = segments[-1].replace("_", "-")
    return bool(lang) and (lang == code or lang.split("-")[0] == code)


def _may_be_built_like_articles(evidence: Evidence, verdict: Verdict) -> bool:
    """A page turned down that its template may yet make an article: a short page (a line at least), or a front
    page that is no listing (a documentation's introduction), once three of the site's articles are built like it."""
    if verdict.reason == "url":
        return evidence.front and not evidence.landing and evidence.shape.has_content and not evidence.shape.is_listing
    if verdict.reason == "empty":  # a post of one line, once three of the site's articles are built like it
        return evidence.shape.has_line and not evidence.shape.is_listing
    return verdict.reason == "not_readerable" and evidence.shape.has_content


def _readerable(response: Response) -> bool:
    preflight = response.meta.get(META_KEY)
    return isinstance(preflight, dict) and bool(preflight.get("readerable"))


def _status(failure: Failure) -> int | None:
    response = getattr(failure.value, "response", None)
    return getattr(response, "status", None)


def _reason(failure: Failure) -> str:
    response = getattr(failure.value, "response", None)
    if response is not None:
        return f"HTTP {response.status}"
    return failure.getErrorMessage() or type(failure.value).__name__


def _add_component(settings: BaseSettings, name: str, component: type, priority: int) -> None:
    """Scrapy's ``setdefault_in_component_priority_dict``, the setting then kept at least at our defaults' priority.

    Left at Scrapy's default priority, the components were lost from a
    ``scrapy crawl article`` run in a project (tests/article_spider/test_strategies.py).
    """
    settings.setdefault_in_component_priority_dict(name, component, priority)
    if (settings.getpriority(name) or 0) < DEFAULTS_PRIORITY:
        settings.set(name, settings.getdict(name), DEFAULTS_PRIORITY)
