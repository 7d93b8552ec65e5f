"""``scrapy-readability crawl URL...``: a site's articles, by the package's ``ArticleSpider``, without a Scrapy project.

    scrapy-readability crawl https://news.example/ -o articles.jsonl
    scrapy-readability crawl https://news.example/ --strategy sitemap --since 2025-05-01 -o new.jsonl
    scrapy-readability crawl --strategy direct --urls-file urls.txt -o articles.jsonl
    scrapy-readability crawl https://news.example/ --state crawl-state -o articles.jsonl   # again: only new ones

The flags are the spider's options (``--strategy``, ``--max-pages``...; see
``spiders/options.py``) and the per-page options (``--formats``...); ``-s
NAME=VALUE`` sets any Scrapy setting, ``READABILITY_*`` ones included. The feed
goes to ``-o FILE`` (appended, as Scrapy's ``-o``) or ``-O FILE`` (overwritten),
its format by the file's extension, else to standard output as JSON lines. On a
terminal a progress line shows pages, articles and the queue; a summary ends
the run: pages fetched, articles, what was skipped and why, seconds.

Exit status: 0 when the crawl ran to its end (or to ``--max-articles``), 1 when
it fetched nothing or was stopped, 2 for bad usage, 3 when it ran to its end
and wrote no article (and knew of none from ``--state``): the log says what it
tried.
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
from collections.abc import Sequence
from typing import Any, Self

from scrapy_readability.cli.arguments import add_page_options, option_values
from scrapy_readability.engine.errors import ReadabilityConfigError
from scrapy_readability.engine.options import PAGE_OPTIONS
from scrapy_readability.spiders.options import spider_options
from scrapy_readability.spiders.report import NOTHING_WRITTEN, STATS, summary, wrote_nothing

__all__ = ["CrawlProgress", "add_arguments", "main", "run", "summary"]

PROG = "scrapy-readability crawl"
REPEATED = ("allow", "deny", "not_articles")  # options given once per pattern


class UsageError(Exception):
    pass


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The crawl's arguments: URLs, output, the spider's options, the per-page options, Scrapy settings."""
    parser.add_argument(
        "urls", nargs="*", metavar="URL", help="start URLs: a site's front page, a section, a sitemap, a feed"
    )
    out = parser.add_argument_group("output")
    out.add_argument("-o", "--output", metavar="FILE", help="append the articles to FILE (format by its extension)")
    out.add_argument("-O", "--overwrite-output", metavar="FILE", help="write the articles to FILE, replacing it")
    out.add_argument(
        "-L", "--loglevel", default="WARNING", metavar="LEVEL", help="Scrapy's log level (default: WARNING)"
    )
    out.add_argument("--no-progress", dest="progress", action="store_false", help="never show the progress line")
    group = parser.add_argument_group("crawl options (also spider arguments, and READABILITY_SPIDER_* settings)")
    for spec in spider_options():
        if spec.name == "start_urls":
            continue
        flag = "--" + spec.name.replace("_", "-")
        if isinstance(spec.default, bool):
            group.add_argument(
                flag,
                dest=spec.name,
                action=argparse.BooleanOptionalAction,
                default=None,
                help=spec.help.replace("`", ""),
            )
        elif spec.name in REPEATED:
            group.add_argument(
                flag,
                dest=spec.name,
                action="append",
                metavar="REGEX",
                help=spec.help.replace("`", "") + " (repeatable)",
            )
        else:
            group.add_argument(
                flag, dest=spec.name, metavar="VALUE", help=f"{spec.help.replace('`', '')} Accepted: {spec.accepted}."
            )
    add_page_options(parser)
    parser.add_argument(
        "-s",
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set any Scrapy setting, READABILITY_* ones included (may be repeated)",
    )


def spider_arguments(args: argparse.Namespace) -> dict[str, Any]:
    """The spider's arguments from the flags, validated as the spider will (UsageError names the flag)."""
    given: dict[str, Any] = {"start_urls": list(args.urls)} if args.urls else {}
    for spec in spider_options():
        if spec.name == "start_urls":
            for url in args.urls:
                try:
                    spec.read(url, "URL")
                except ReadabilityConfigError as error:
                    raise UsageError(str(error)) from None
        value = getattr(args, spec.name, None)
        if spec.name == "start_urls" or value is None:
            continue
        try:
            spec.read(value, "--" + spec.name.replace("_", "-"))
        except ReadabilityConfigError as error:
            raise UsageError(str(error)) from None
        given[spec.name] = value
    if not args.urls and not given.get("urls_file"):
        raise UsageError("give at least one URL, or --urls-file")
    return given


def crawl_settings(args: argparse.Namespace, progress: bool) -> Any:
    """Scrapy's settings for this run: the flags, then ``-s``, over Scrapy's defaults (no project is read)."""
    from scrapy.settings import Settings
    from scrapy.utils.conf import feed_process_params_from_cli

    from scrapy_readability.settings import ReadabilityConfig

    settings = Settings()
    settings.set("LOG_LEVEL", args.loglevel.upper(), priority="cmdline")
    try:
        given = option_values(args, PAGE_OPTIONS)
    except ReadabilityConfigError as error:
        raise UsageError(str(error)) from None
    for spec in PAGE_OPTIONS:
        if spec.name in given:
            settings.set(spec.setting, getattr(args, spec.name), priority="cmdline")  # as text, as -s gives it
    for assignment in args.set:
        name, equals, value = assignment.partition("=")
        if not equals or not name.strip():
            raise UsageError(f"-s {assignment}: expected NAME=VALUE")
        settings.set(name.strip(), value, priority="cmdline")
    try:
        ReadabilityConfig.from_settings(settings)
    except ReadabilityConfigError as error:
        raise UsageError(str(error)) from None
    if args.output or args.overwrite_output:
        try:
            feeds = feed_process_params_from_cli(
                settings,
                [args.output] if args.output else [],
                overwrite_output=[args.overwrite_output] if args.overwrite_output else None,
            )
        except Exception as error:  # Scrapy's UsageError: a format it does not know
            raise UsageError(str(error)) from None
    else:
        feeds = {"stdout:": {"format": "jsonlines"}}
    settings.set("FEEDS", feeds, priority="cmdline")
    if progress:
        extensions = settings.getdict("EXTENSIONS")
        extensions[CrawlProgress] = 0
        settings.set("EXTENSIONS", extensions, priority="cmdline")
    return settings


def run(args: argparse.Namespace) -> int:
    """Crawl as the arguments say; print the summary; the exit status."""
    try:
        arguments = spider_arguments(args)
        show_progress = args.progress and sys.stderr.isatty()
        settings = crawl_settings(args, show_progress)
    except UsageError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    from scrapy.crawler import CrawlerProcess

    from scrapy_readability.spiders import ArticleSpider

    started = time.monotonic()
    process = CrawlerProcess(settings)
    process.crawl(ArticleSpider, **arguments)
    (crawler,) = process.crawlers
    process.start()
    stats = crawler.stats.get_stats() if crawler.stats is not None else {}
    if logging.getLevelName(settings.get("LOG_LEVEL")) > logging.INFO:  # else the spider has logged it
        print(summary(stats, time.monotonic() - started), file=sys.stderr)
    reason = stats.get("finish_reason")
    failed = stats.get(STATS + "start_failed", 0)
    if not stats.get("downloader/response_count") or (failed and failed >= stats.get(STATS + "discovered/start", 0)):
        print(f"{PROG}: no start URL could be fetched", file=sys.stderr)
        return 1
    if reason not in ("finished", "max_articles") and not str(reason).startswith("closespider_"):
        return 1
    return NOTHING_WRITTEN if wrote_nothing(stats) else 0


class CrawlProgress:
    """A Scrapy extension: one line on standard error, redrawn twice a second: pages, articles, queue.

    A log record clears the line first, so the two never share a line.
    """

    INTERVAL = 0.5

    def __init__(self, crawler: Any) -> None:
        from twisted.internet.task import LoopingCall

        self.stats = crawler.stats
        self.loop = LoopingCall(self.draw)
        self.drawn = False

    @classmethod
    def from_crawler(cls, crawler: Any) -> Self:
        from scrapy import signals

        extension = cls(crawler)
        crawler.signals.connect(extension.opened, signal=signals.spider_opened)
        crawler.signals.connect(extension.closed, signal=signals.spider_closed)
        return extension

    def opened(self, spider: Any) -> None:
        for handler in logging.getLogger().handlers:
            handler.addFilter(self._clear_before_logging)
        self.loop.start(self.INTERVAL, now=False)

    def _clear_before_logging(self, record: logging.LogRecord) -> bool:
        self.clear()
        return True

    def draw(self) -> None:
        stats = self.stats.get_stats()
        queued = stats.get("scheduler/enqueued", 0) - stats.get("scheduler/dequeued", 0)
        sys.stderr.write(
            f"\r{stats.get('downloader/response_count', 0)} pages, {stats.get('item_scraped_count', 0)} articles, "
            f"{queued} queued\x1b[K"
        )
        sys.stderr.flush()
        self.drawn = True

    def clear(self) -> None:
        if self.drawn:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
            self.drawn = False

    def closed(self, spider: Any) -> None:
        if self.loop.running:
            self.loop.stop()
        for handler in logging.getLogger().handlers:
            handler.removeFilter(self._clear_before_logging)
        self.clear()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Crawl sites for their articles with scrapy-readability's ArticleSpider "
        "(no Scrapy project needed).",
        epilog="Exit status: 0 the crawl ran to its end, 1 it fetched nothing or was stopped, 2 bad usage, "
        "3 it ran to its end and wrote no article.",
    )
    add_arguments(parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """``scrapy-readability crawl`` with ``argv`` (the arguments after ``crawl``)."""
    return run(build_parser().parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
