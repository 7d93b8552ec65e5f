"""The article spider's options, declared once: spider arguments (``-a``), ``READABILITY_SPIDER_*`` settings, flags.

Each option is read from the spider argument of its name (``-a max_pages=500``)
if given, else from its setting (``READABILITY_SPIDER_MAX_PAGES``), else its
default; both are validated by the same parser as the other ``READABILITY_*``
settings, so a typo stops the crawl before its first request with a message
that names the option and what it accepts. ``scrapy-readability crawl`` makes
one flag of each (``--max-pages``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from typing import TYPE_CHECKING, Any

from scrapy_readability.settings import ReadabilityConfigError, _boolean, _choice, _integer, _Option
from scrapy_readability.spiders.urls import NOT_ARTICLE_URLS

if TYPE_CHECKING:
    from scrapy.settings import BaseSettings

__all__ = [
    "POLITE_DEFAULTS",
    "SPIDER_OPTIONS",
    "STRATEGIES",
    "ReadabilityConfigError",
    "SpiderOptions",
    "default_spider_settings",
    "parse_since",
    "user_agent",
]

STRATEGIES = ("full", "sitemap", "feed", "direct")


def _regexes(value: Any) -> tuple[str, ...]:
    """A list of regular expressions, or one string of them separated by white space (URLs hold none)."""
    items = value.split() if isinstance(value, str) else value
    if not isinstance(items, (list, tuple)) or not all(isinstance(item, str) for item in items):
        raise TypeError(value)
    for item in items:
        re.compile(item)
    return tuple(items)


def _urls(value: Any) -> tuple[str, ...]:
    """URLs as a list, or one string of them separated by commas or white space."""
    items = re.split(r"[,\s]+", value) if isinstance(value, str) else value
    if not isinstance(items, (list, tuple)) or not all(isinstance(item, str) for item in items):
        raise TypeError(value)
    urls = tuple(item.strip() for item in items if item.strip())
    if any(not re.match(r"^https?://[^/?#]+", url, re.IGNORECASE) for url in urls):
        raise ValueError(value)
    return urls


def _path_or_none(value: Any) -> str | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise TypeError(value)
    return value


def parse_since(value: Any) -> datetime | None:
    """A date (``2025-05-01``), a date and time (``2025-05-01T08:00:00+02:00``), or days back (``7d``); UTC if naive."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, date):
        moment = datetime(value.year, value.month, value.day)
    elif isinstance(value, str) and re.fullmatch(r"\s*\d+\s*d\s*", value):
        return datetime.now(timezone.utc) - timedelta(days=int(value.strip()[:-1]))
    elif isinstance(value, str):
        moment = datetime.fromisoformat(value.strip())
    else:
        raise TypeError(value)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=timezone.utc)


_NO_LIMIT = "an integer >= 0 (0: no limit)"

SPIDER_OPTIONS = (
    _Option("strategy", "READABILITY_SPIDER_STRATEGY", _choice(*STRATEGIES), ", ".join(map(repr, STRATEGIES))),
    _Option("start_urls", "READABILITY_SPIDER_START_URLS", _urls, "http(s) URLs, as a list or separated by commas"),
    _Option("urls_file", "READABILITY_SPIDER_URLS_FILE", _path_or_none, "a file of URLs, one a line"),
    _Option("subdomains", "READABILITY_SPIDER_SUBDOMAINS", _boolean, "true or false"),
    _Option("max_pages", "READABILITY_SPIDER_MAX_PAGES", _integer(0), _NO_LIMIT),
    _Option("max_articles", "READABILITY_SPIDER_MAX_ARTICLES", _integer(0), _NO_LIMIT),
    _Option("max_depth", "READABILITY_SPIDER_MAX_DEPTH", _integer(0), _NO_LIMIT),
    _Option("allow", "READABILITY_SPIDER_ALLOW", _regexes, "regular expressions (a list, or separated by spaces)"),
    _Option("deny", "READABILITY_SPIDER_DENY", _regexes, "regular expressions (a list, or separated by spaces)"),
    _Option(
        "not_articles", "READABILITY_SPIDER_NOT_ARTICLES", _regexes,
        "regular expressions (a list, or separated by spaces)",
    ),
    _Option("since", "READABILITY_SPIDER_SINCE", parse_since, "a date (2025-05-01), a date and time, or days (7d)"),
    _Option("trap_limit", "READABILITY_SPIDER_TRAP_LIMIT", _integer(1), "an integer >= 1"),
    _Option("state", "READABILITY_SPIDER_STATE", _path_or_none, "a directory, or an existing JSON Lines feed"),
)
"""Every option: its spider argument (the key), its setting, its parser, what it accepts."""


@dataclass(frozen=True)
class SpiderOptions:
    """What the article spider does (see README.md, "Crawl a whole site")."""

    strategy: str = "full"  # full: sitemaps, feeds and links; sitemap; feed; direct: the URLs are articles
    start_urls: tuple[str, ...] = ()
    urls_file: str | None = None  # more start URLs, one a line
    subdomains: bool = False  # www.example.com and example.com are one site; news.example.com only with this
    max_pages: int = 0  # requests the spider makes (robots.txt, sitemaps and feeds included)
    max_articles: int = 0
    max_depth: int = 0  # links followed from a start page, a sitemap or a feed entry
    allow: tuple[str, ...] = ()  # pages (not sitemaps or feeds) must match one of these, if any
    deny: tuple[str, ...] = ()  # pages matching one of these are not requested
    not_articles: tuple[str, ...] = NOT_ARTICLE_URLS  # pages followed, never taken as articles
    since: datetime | None = None  # older articles are skipped: by the sitemap's or feed's date, else their own
    # Pages a crawler trap may cost: calendar pages a site, and pages of one series (URLs alike but
    # for their numbers: pagination, previous/next chains) that hold no article.
    trap_limit: int = 30
    state: str | None = None  # known articles: a directory (kept up to date) or a feed of an earlier crawl

    @classmethod
    def read(cls, settings: BaseSettings, arguments: Mapping[str, Any]) -> SpiderOptions:
        """The spider arguments given, else the settings, else the defaults; ReadabilityConfigError if one is bad."""
        values = {}
        for option in SPIDER_OPTIONS:
            if arguments.get(option.key) is not None:
                values[option.key] = option.read(arguments[option.key], f"spider argument {option.key}")
            elif settings.get(option.setting) is not None:
                values[option.key] = option.read(settings.get(option.setting), option.setting)
        return cls(**values)


def default_spider_settings() -> dict[str, Any]:
    """Every ``READABILITY_SPIDER_*`` setting with its default, for documentation and tests."""
    defaults = SpiderOptions()
    return {option.setting: getattr(defaults, option.key) for option in SPIDER_OPTIONS}


POLITE_DEFAULTS: dict[str, Any] = {
    "ROBOTSTXT_OBEY": True,
    "AUTOTHROTTLE_ENABLED": True,
    # AutoThrottle waits this long before the first requests to a site, then adapts to its
    # response times; Scrapy's 5 s is more than a site that answers in 100 ms needs.
    "AUTOTHROTTLE_START_DELAY": 1.0,
    "AUTOTHROTTLE_TARGET_CONCURRENCY": 2.0,
    "CONCURRENT_REQUESTS_PER_DOMAIN": 4,
    "TELNETCONSOLE_ENABLED": False,
    "FEED_EXPORT_ENCODING": "utf-8",
}
"""Scrapy settings the spider changes from Scrapy's defaults, at the lowest priority: any project or ``-s`` wins.

``USER_AGENT`` is added beside them, naming the project and its version.
"""


def user_agent() -> str:
    from scrapy_readability import __version__

    return f"scrapy-readability/{__version__} (+https://pypi.org/project/scrapy-readability/)"

