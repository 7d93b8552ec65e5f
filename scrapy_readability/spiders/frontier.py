"""The article spider's frontier: which URLs it requests, each decided once, and why it leaves the others.

Every URL the spider finds (a start URL, a sitemap or feed entry, a link)
comes through :meth:`Frontier.admit`, which answers with the URL to request or
``None``, and counts each refusal under its reason (the spider's stats,
``readability/spider/<reason>``):

- ``skipped/offsite``, ``skipped/known`` (an earlier crawl yielded it),
  ``skipped/old`` (dated before ``since``), ``skipped/filtered``
  (``allow``/``deny``), ``skipped/depth``, ``skipped/max_pages``;
- ``traps/search``, ``traps/calendar`` (beyond ``trap_limit`` calendar pages a
  site), ``traps/repeating_path``, ``traps/series`` (beyond ``trap_limit`` pages
  of one series), ``traps/exhausted`` (a series whose last two pages brought
  nothing new), ``traps/session_id`` (a link that carried a session ID,
  requested without it);
- ``duplicates/url``: another URL of a page already decided (tracking
  parameters, AMP, print views, ``?page=1``: see ``urls.py``).

Documents (robots.txt, sitemaps, feeds) come through :meth:`Frontier.admit_document`;
the sitemaps and feeds guessed at the usual places, which often do not exist,
may take no more than :data:`GUESS_SHARE` of a ``max_pages`` budget
(``skipped/guess_budget``), so that a site without them still has pages to
spend it on. :attr:`Frontier.spent` says where the budget went.

Once a page is fetched, :meth:`Frontier.claim_article` makes sure each article
is yielded once, under its canonical URL (``duplicates/page``,
``duplicates/canonical``), and :meth:`Frontier.claim_text` once by its text
(``duplicates/content``: the same article at two addresses and no canonical
link; ``duplicates/template_text``: a short text that another page gave too, a
template's and not the page's). :meth:`Frontier.note_listed` remembers the pages the site's own feeds and
sitemaps list, evidence that a short page is an article (``verdicts.py``). No
Scrapy here: the spider turns the answers into requests.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Callable, Iterable
from datetime import datetime
from urllib.parse import urldefrag, urlsplit

from scrapy_readability.spiders.options import SpiderOptions
from scrapy_readability.spiders.state import KnownArticles
from scrapy_readability.spiders.urls import (
    DIRECTORY_INDEX,
    LANGUAGE_SEGMENT,
    Site,
    clean_url,
    compile_patterns,
    matches_any,
    path_and_query,
    site_host,
    site_origin,
    trap_kind,
    url_key,
    url_template,
)

__all__ = ["GUESS_SHARE", "STALE_PAGES", "Frontier", "text_fingerprint"]

STALE_PAGES = 2
"""Pages of a series in a row that bring no new URL, after which the series is followed no further."""

LISTS = ("feed", "sitemap", "listing", "none")
"""What lists a page, the strongest word first (``Frontier.note_listed``)."""

FINGERPRINT_WORDS = 20
"""Words a text needs for its fingerprint to tell two articles apart (:func:`text_fingerprint`)."""

SHORT = "short:"
"""The mark of a shorter text's fingerprint."""

GUESS_SHARE = 0.25
"""The share of a ``max_pages`` budget that guessed sitemap and feed locations may take (at least one request)."""


class Frontier:
    """The URLs decided so far, the sites, the budget of requests, and the counters the trap rules keep."""

    def __init__(self, options: SpiderOptions, known: KnownArticles, count: Callable[[str], None]) -> None:
        self.options = options
        self.known = known
        self.count = count
        self.sites: list[Site] = []
        self._start_folders: list[tuple[str, str]] = []  # (scheme://host, path's folder) of each start URL
        self._tops: list[tuple[str, str]] = []  # (scheme://host, lowercased folder where not_articles' ^/ reads)
        self.requested = 0
        self.spent: Counter[str] = Counter()  # requests made, by kind: start, robots, sitemap, feed, guess, page
        self._listed: dict[str, str] = {}  # key -> "feed" or "sitemap": the site's own lists name the page
        self._in_listings: set[str] = set()  # keys of the pages a listing page lists among its items
        self._texts: dict[str, str] = {}  # fingerprint of an article's text -> its URL
        self._decided: dict[str, str] = {}  # key -> the URL requested for it ("" when refused)
        self._variants: set[str] = set()  # other URLs of decided pages, each counted once
        self._emitted: set[str] = set()  # keys of the articles yielded
        self._article_templates: set[str] = set()  # patterns that gave an article: not a series
        self._series: Counter[str] = Counter()  # pages of a series admitted, by pattern
        self._calendar: Counter[str] = Counter()  # calendar pages admitted, by site
        self._allow = compile_patterns(options.allow)
        self._deny = compile_patterns(options.deny)
        self._not_articles = compile_patterns(options.not_articles)

    # --- Sites and budget -----------------------------------------------------------------

    def add_site(self, url: str) -> bool:
        """Make ``url``'s site one of the crawl's, and its folder a start folder; ``False`` if the site already was."""
        origin = site_origin(url)
        folder = DIRECTORY_INDEX.sub("/", urlsplit(url).path or "/").rsplit("/", 1)[0] + "/"
        if (origin, folder) not in self._start_folders:
            self._start_folders.append((origin, folder))
            top = _LANGUAGE_FOLDER.sub("/", folder.lower())  # a start in /blog/en/: the site's top is /blog/
            if top != "/":
                self._tops.append((origin, top))
        if self.in_scope(url):
            return False
        self.sites.append(Site.of(url, self.options.subdomains))
        return True

    def start_folders(self, url: str) -> list[str]:
        """The folders of the start URLs on ``url``'s site (``/name/`` for a project's site), in the order given."""
        origin = site_origin(url)
        return [folder for root, folder in self._start_folders if root == origin]

    def folders(self, url: str) -> list[str] | None:
        """The segments of ``url``'s path below its start URL's folder (``/name/`` for a project's site;
        ``/x/index.html`` is ``/x/``), lowercased, or ``None`` for a page outside every start folder."""
        origin = site_origin(url)
        path = DIRECTORY_INDEX.sub("/", urlsplit(url).path or "/")
        for root, folder in self._start_folders:
            if root == origin and path.startswith(folder):
                return [segment.lower() for segment in path[len(folder) :].split("/") if segment]
        return None

    def in_scope(self, url: str) -> bool:
        return urlsplit(url).scheme.lower() in ("http", "https") and any(site.contains(url) for site in self.sites)

    @property
    def exhausted(self) -> bool:
        """``max_pages`` requests made."""
        return bool(self.options.max_pages) and self.requested >= self.options.max_pages

    def _spend(self, kind: str) -> bool:
        if self.exhausted:
            self.count("skipped/max_pages")
            return False
        if kind == "guess" and self.options.max_pages and self.spent["guess"] >= self.guess_budget:
            self.count("skipped/guess_budget")
            return False
        self.requested += 1
        self.spent[kind] += 1
        return True

    @property
    def guess_budget(self) -> int:
        """Guessed documents a ``max_pages`` budget allows (:data:`GUESS_SHARE` of it, at least one)."""
        return max(1, int(self.options.max_pages * GUESS_SHARE))

    # --- Admission ----------------------------------------------------------------------------

    def admit_document(self, url: str, kind: str = "document", guessed: bool = False) -> str | None:
        """A robots.txt, sitemap or feed to request: once each, within the budget, on any site (robots.txt points)."""
        cleaned = clean_url(url).url
        key = url_key(cleaned)
        if key in self._decided:
            return None
        self._decided[key] = cleaned
        return cleaned if self._spend("guess" if guessed else kind) else None

    def spend_again(self) -> bool:
        """A page fetched once more (to be judged again), within the budget."""
        return self._spend("again")

    def admit(self, url: str, source: str, depth: int = 0, date: datetime | None = None) -> str | None:
        """The URL to request for a page ``source`` found (``start``, ``sitemap``, ``feed``, ``links``), or ``None``."""
        cleaned = clean_url(url)
        key = url_key(cleaned.url)
        if key in self._decided:
            self._note_variant(urldefrag(url)[0], self._decided[key], cleaned.session)
            return None
        if cleaned.session:
            self._note_variant(urldefrag(url)[0], "", True)
        if source == "links" and self.options.max_depth and depth > self.options.max_depth:
            self.count("skipped/depth")  # not decided: a shorter way to it may come
            return None
        self._decided[key] = ""
        reason = self._refusal(cleaned.url, key, source, date)
        if reason is not None:
            self.count(reason)
            return None
        if not self._spend("start" if source == "start" else "page"):
            return None
        self._decided[key] = cleaned.url
        self.count(f"discovered/{source}")
        return cleaned.url

    def _note_variant(self, url: str, admitted: str, session: bool) -> None:
        if url != admitted and url not in self._variants:
            self._variants.add(url)
            self.count("traps/session_id" if session else "duplicates/url")

    def _refusal(self, url: str, key: str, source: str, date: datetime | None) -> str | None:
        """Why a page is not requested, or ``None``; start URLs skip the filters and trap rules: the user chose them."""
        if not self.in_scope(url):
            return "skipped/offsite"
        if key in self.known:
            return "skipped/known"
        since = self.options.since
        if since is not None and date is not None and date < since:
            return "skipped/old"
        if source == "start":
            return None
        if (self._allow and not matches_any(self._allow, url)) or matches_any(self._deny, url):
            return "skipped/filtered"
        kind = trap_kind(url)
        if kind == "calendar":
            site = site_host(url)
            if self._calendar[site] >= self.options.trap_limit:
                return "traps/calendar"
            self._calendar[site] += 1
        elif kind is not None:
            return f"traps/{kind}"
        return None

    def follow(
        self, page_url: str, links: Iterable[str], depth: int, article: bool, stale_run: int = 0
    ) -> list[tuple[str, int]]:
        """The links of a fetched page to request, each with the stale run it carries (see :data:`STALE_PAGES`).

        A link with the page's own pattern (``url_template``) from a navigation
        page is the next page of a series: at most ``trap_limit`` of them a
        pattern, and none after :data:`STALE_PAGES` pages in a row that brought
        no other new URL. Patterns that have given an article are not series.
        """
        template = url_template(page_url)
        in_series = not article and template not in self._article_templates
        queued: list[tuple[str, int]] = []
        steps = []
        for link in links:
            if in_series and url_template(link) == template:
                steps.append(link)
                continue
            url = self.admit(link, "links", depth + 1)
            if url is not None:
                queued.append((url, 0))
        stale = 0 if queued else stale_run + 1
        for link in steps:
            url = self._admit_step(link, template, depth + 1, stale)
            if url is not None:
                queued.append((url, stale))
        return queued

    def _admit_step(self, link: str, template: str, depth: int, stale: int) -> str | None:
        key = url_key(link)
        if key not in self._decided and self.in_scope(link):
            if stale >= STALE_PAGES:
                self._decided[key] = ""
                self.count("traps/exhausted")
                return None
            if self._series[template] >= self.options.trap_limit:
                self._decided[key] = ""
                self.count("traps/series")
                return None
        url = self.admit(link, "links", depth)
        if url is not None:
            self._series[template] += 1
        return url

    # --- Fetched pages --------------------------------------------------------------------

    def note_listed(self, url: str, source: str) -> None:
        """The site's own feed, sitemap or a listing page (``source``) lists ``url``; the strongest word is kept."""
        key = url_key(clean_url(url).url)
        if source == "listing":
            self._in_listings.add(key)
        if LISTS.index(source) < LISTS.index(self._listed.get(key, "none")):
            self._listed[key] = source

    def listed(self, url: str) -> str | None:
        """``"feed"``, ``"sitemap"`` or ``"listing"`` when the site's own lists name the page, else ``None``."""
        return self._listed.get(url_key(clean_url(url).url))

    def in_listing(self, url: str) -> bool:
        """Whether one of the site's listing pages lists ``url`` among its items (whatever else lists it)."""
        return url_key(clean_url(url).url) in self._in_listings

    def claim_text(self, url: str, text: str) -> str | None:
        """``None`` for an article whose text no earlier article had, else the URL of the one that had it.

        A text too short to tell two articles apart by (:data:`SHORT`) that an earlier page gave is the template's (a
        comment box's motto, a theme's placeholder on empty pages, "This page hasn't been written yet"), not the
        page's, even where the site's feed lists the page.
        """
        fingerprint = text_fingerprint(text)
        if fingerprint is None:
            return None
        earlier = self._texts.setdefault(fingerprint, url)
        if earlier == url:
            return None
        self.count("duplicates/template_text" if fingerprint.startswith(SHORT) else "duplicates/content")
        return earlier

    def is_article_url(self, url: str) -> bool:
        """Not one of the pages that are never articles (``not_articles``: about, tag listings, pagination...).

        The patterns are searched in the URL's path and query and, below a start URL's folder, in the path from
        there: a project's site at ``/name/`` has its top there, as ``^/`` reads it.
        """
        full = path_and_query(url)
        if matches_any(self._not_articles, full):
            return False
        below = self._below_top(url, full)
        return below is None or not matches_any(self._not_articles, below)

    def _below_top(self, url: str, full: str) -> str | None:
        """``full`` (:func:`path_and_query`) from the site's top on (a start URL's folder other than ``/``, the
        folder above it when it is a language's), or ``None`` outside it or at the top itself."""
        if not self._tops:
            return None
        origin = site_origin(url)
        for root, top in self._tops:
            if root == origin and full.startswith(top) and full != top:
                return full[len(top) - 1 :]
        return None

    def claim_article(self, url: str, canonical: str | None = None) -> str | None:
        """The URL to yield the article at ``url`` under (its canonical URL, if honoured), or ``None`` for a duplicate.

        ``rel=canonical`` is honoured when it names another page of the crawl's
        sites, other than the front page: some sites point every page there.
        """
        own = url_key(url)
        if canonical is not None and not self._honours(url, canonical):
            canonical = None
        keys = {own} if canonical is None else {own, url_key(canonical)}
        if keys & self.known.keys:
            self.count("skipped/known")
            return None
        if keys & self._emitted:
            self.count("duplicates/page" if own in self._emitted else "duplicates/canonical")
            return None
        self._emitted |= keys
        for key in keys:
            self._decided.setdefault(key, "")  # the canonical page need not be fetched now
        self._article_templates.add(url_template(url))
        return canonical or url

    def _honours(self, url: str, canonical: str) -> bool:
        if not self.in_scope(canonical) or clean_url(canonical).url == clean_url(url).url:
            return False
        return urlsplit(canonical).path.strip("/") != "" or urlsplit(url).path.strip("/") == ""


_NOT_WORDS = re.compile(r"[\W_]+")
_LANGUAGE_FOLDER = re.compile(rf"/{LANGUAGE_SEGMENT}/$")  # /en/, /pt-br/, /zh_hans/ at a folder's end


def text_fingerprint(text: str) -> str | None:
    """What two copies of one article's text share: its words, case folded (white space, punctuation aside);
    ``None`` without a word. A text of fewer than :data:`FINGERPRINT_WORDS` is marked :data:`SHORT`: too short to
    tell two articles apart by, so what several pages give is their template's."""
    words = _NOT_WORDS.sub(" ", text.casefold()).split()
    if not words:
        return None
    digest = hashlib.blake2b(" ".join(words).encode("utf-8"), digest_size=16).hexdigest()
    return SHORT + digest if len(words) < FINGERPRINT_WORDS else digest
