"""The article spider's options, and their ``READABILITY_SPIDER_*`` settings declared by name.

An option is a typed field of :class:`SpiderOptions` (its parser, default and
help); :data:`SPIDER_SETTINGS` declares the setting of each by its literal name,
as ``scrapy_readability/settings.py`` declares the ``READABILITY_*`` ones, with the
same :func:`~scrapy_readability.settings.declare`. An option is read from the
spider argument of its name (``-a max_pages=500``) if given, else from its
setting (``READABILITY_SPIDER_MAX_PAGES``), else its default; all go through the
option's parser, so a typo stops the crawl before its first request with a
message that names the option and what it accepts. ``scrapy-readability crawl``
makes a flag of each setting (``--max-pages``), and :func:`spider_settings_table`
the documentation's table.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from scrapy_readability.engine.options import BOOLEAN, Declared, Option, boolean, choice, declared, integer, option
from scrapy_readability.settings import Setting, declare
from scrapy_readability.spiders.urls import NOT_ARTICLE_URLS
from scrapy_readability.spiders.verdicts import RULES

__all__ = [
    "POLITE_DEFAULTS",
    "SPIDER_SETTINGS",
    "STRATEGIES",
    "SpiderOptions",
    "parse_since",
    "spider_settings_table",
    "user_agent",
]

STRATEGIES = ("full", "sitemap", "feed", "direct")


def _regexes(value: Any) -> tuple[str, ...]:
    """Regular expressions: a list, or one string of them separated by white space (URLs hold none)."""
    items = value.split() if isinstance(value, str) else value
    if not isinstance(items, (list, tuple)) or not all(isinstance(item, str) for item in items):
        raise TypeError(value)
    for item in items:
        re.compile(item)
    return tuple(items)


def _urls(value: Any) -> tuple[str, ...]:
    """http(s) URLs: a list, or one string of them separated by commas or white space."""
    items = re.split(r"[,\s]+", value) if isinstance(value, str) else value
    if not isinstance(items, (list, tuple)) or not all(isinstance(item, str) for item in items):
        raise TypeError(value)
    urls = tuple(dict.fromkeys(item.strip() for item in items if item.strip()))
    if any(not re.match(r"^https?://[^/?#]+", url, re.IGNORECASE) for url in urls):
        raise ValueError(value)
    return urls


def _rules(value: Any) -> tuple[str, ...]:
    """Names of :data:`~scrapy_readability.spiders.verdicts.RULES`: a list, or one string separated by commas."""
    items = re.split(r"[,\s]+", value) if isinstance(value, str) else value
    if not isinstance(items, (list, tuple)) or not all(isinstance(item, str) for item in items):
        raise TypeError(value)
    names = tuple(dict.fromkeys(item.strip() for item in items if item.strip()))
    if any(name not in RULES for name in names):
        raise ValueError(value)
    return names


def _path_or_none(value: Any) -> str | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise TypeError(value)
    return value


def parse_since(value: Any) -> datetime | None:
    """A date (``2025-05-01``), a date and time (``2025-05-01T08:00:00+02:00``) or days back (``7d``); UTC if naive."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, date):
        moment = datetime(value.year, value.month, value.day)
    elif isinstance(value, str) and re.fullmatch(r"\s*\d+\s*d\s*", value):
        return datetime.now(UTC) - timedelta(days=int(value.strip()[:-1]))
    elif isinstance(value, str):
        moment = datetime.fromisoformat(value.strip())
    else:
        raise TypeError(value)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


_NO_LIMIT = "an integer >= 0 (0: no limit)"
_PATTERNS = "regular expressions: a list, or one string separated by spaces"


@dataclass(frozen=True)
class SpiderOptions(Declared):
    """What the article spider does (README.md, "Crawl a whole site"; docs/spider.md)."""

    strategy: str = option(
        "full",
        choice(*STRATEGIES),
        ", ".join(map(repr, STRATEGIES)),
        "`full`: sitemaps, feeds and the site's links; `sitemap` or `feed`: only the pages those list; "
        "`direct`: the start URLs are the articles.",
    )
    start_urls: tuple[str, ...] = option(
        (),
        _urls,
        "http(s) URLs: a list, or one string separated by commas",
        "Where the crawl starts: a site's front page, a section, a sitemap, a feed, or (`direct`) articles.",
    )
    urls_file: str | None = option(
        None, _path_or_none, "a path", "More start URLs, from a file: one a line, `#` starts a comment."
    )
    subdomains: bool = option(
        False,
        boolean,
        BOOLEAN,
        "Crawl the start URLs' subdomains too (`news.example.com` for `example.com`); `www.` is always the site.",
    )
    max_pages: int = option(
        0, integer(0), _NO_LIMIT, "Requests the spider makes (robots.txt, sitemaps and feeds included); `0`: no limit."
    )
    max_articles: int = option(
        0, integer(0), _NO_LIMIT, "Articles written, after which the crawl stops; `0`: no limit."
    )
    max_depth: int = option(
        0, integer(0), _NO_LIMIT, "Links followed from a start page, a sitemap entry or a feed entry; `0`: no limit."
    )
    allow: tuple[str, ...] = option(
        (), _regexes, _PATTERNS, "Pages (not sitemaps or feeds) are requested only if their URL matches one of these."
    )
    deny: tuple[str, ...] = option((), _regexes, _PATTERNS, "Pages whose URL matches one of these are not requested.")
    not_articles: tuple[str, ...] = option(
        NOT_ARTICLE_URLS,
        _regexes,
        _PATTERNS,
        "Pages whose path and query match one of these are followed, never taken as articles "
        "(default: the front page, about, contact, login, search, tag, category and author listings, pagination).",
    )
    ignore_rules: tuple[str, ...] = option(
        (),
        _rules,
        "rule names, from " + ", ".join(RULES) + ": a list, or one string separated by commas",
        'Rules of what is an article to leave out (docs/spider.md, "What is an article"): `url` (not_articles), '
        "`declared` (JSON-LD types), `listing` (pages mostly of links), `listed` (the site's feed, a listing or "
        "its sitemap names it), `template` (built like the site's articles), `preflight` (Readability.js's "
        "isProbablyReaderable), `text` (after extraction: nothing to read beyond the title).",
    )
    since: datetime | None = option(
        None,
        parse_since,
        "a date (2025-05-01), a date and time (ISO 8601), or days back (7d)",
        "Skip older articles: by their sitemap or feed date before fetching them, else by their own date.",
    )
    trap_limit: int = option(
        30,
        integer(1),
        "an integer >= 1",
        "Pages a crawler trap may cost: calendar pages a site, and pages of one series (URLs alike but for "
        "their numbers: pagination, previous/next chains) that hold no article.",
    )
    state: str | None = option(
        None,
        _path_or_none,
        "a directory, or an existing feed file (JSON Lines, JSON, CSV)",
        "Articles of earlier crawls, which are not fetched again: a directory this crawl adds its own to, or a feed.",
    )

    @classmethod
    def read(cls, settings: Mapping[str, Any], arguments: Mapping[str, Any]) -> SpiderOptions:
        """The spider arguments given, else the settings, else the defaults; ReadabilityConfigError if one is bad."""
        values = {}
        for setting in SPIDER_SETTINGS:
            if arguments.get(setting.key) is not None:
                values[setting.key] = setting.read(arguments[setting.key], f"spider argument {setting.key}")
            elif settings.get(setting.name) is not None:
                values[setting.key] = setting.read(settings.get(setting.name))
        return cls(**values)


SPIDER_SETTINGS: tuple[Setting, ...] = declare(
    SpiderOptions,
    strategy="READABILITY_SPIDER_STRATEGY",
    start_urls="READABILITY_SPIDER_START_URLS",
    urls_file="READABILITY_SPIDER_URLS_FILE",
    subdomains="READABILITY_SPIDER_SUBDOMAINS",
    max_pages="READABILITY_SPIDER_MAX_PAGES",
    max_articles="READABILITY_SPIDER_MAX_ARTICLES",
    max_depth="READABILITY_SPIDER_MAX_DEPTH",
    allow="READABILITY_SPIDER_ALLOW",
    deny="READABILITY_SPIDER_DENY",
    not_articles="READABILITY_SPIDER_NOT_ARTICLES",
    ignore_rules="READABILITY_SPIDER_IGNORE_RULES",
    since="READABILITY_SPIDER_SINCE",
    trap_limit="READABILITY_SPIDER_TRAP_LIMIT",
    state="READABILITY_SPIDER_STATE",
)
"""The spider's settings, one an option: ``-a NAME`` (spider argument) is the option's name, the flag the setting's."""


def spider_options() -> tuple[Option, ...]:
    """The spider's options (its arguments), in order."""
    return declared(SpiderOptions)


def spider_settings_table() -> str:
    """The documentation's table of the spider's options (docs/spider.md), from their declarations."""
    defaults = SpiderOptions()
    lines = ["| Argument | Setting | Default | What it does |", "|---|---|---|---|"]
    for setting in SPIDER_SETTINGS:
        default = getattr(defaults, setting.key)
        shown = "(see below)" if setting.key == "not_articles" else "`" + repr(default).replace("'", '"') + "`"
        lines.append(f"| `{setting.key}` | `{setting.name}` | {shown} | {setting.option.help} |")
    return "\n".join(lines) + "\n"


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

``USER_AGENT`` (:func:`user_agent`) joins them, naming the project and its version.
"""


def user_agent() -> str:
    from scrapy_readability import __version__

    return f"scrapy-readability/{__version__} (+https://pypi.org/project/scrapy-readability/)"
