"""``scrapy-readability crawl URL...``: a site's articles, by the package's ``ArticleSpider``, without a Scrapy project.

    scrapy-readability crawl https://news.example/ -o articles.jsonl
    scrapy-readability crawl https://news.example/ --strategy sitemap --since 2025-05-01 -o new.jsonl
    scrapy-readability crawl --strategy direct --urls-file urls.txt -o articles.jsonl
    scrapy-readability crawl https://news.example/ --state crawl-state -o articles.jsonl   # again: only new ones

A Scrapy command (:class:`CrawlCommand`, on Scrapy's ``BaseRunSpiderCommand``, as
``scrapy runspider`` is): Scrapy gives ``-a NAME=VALUE`` (spider arguments), ``-s
NAME=VALUE`` (any setting, ``READABILITY_*`` ones included), ``-o FILE``/``-O FILE``
(the feed appended or overwritten, its format by the file's extension), ``-L LEVEL``
and its other global options (``--logfile``, ``--nolog``, ``--pdb``...). Ours are the
spider's options (``--strategy``, ``--max-pages``...) and the per-page options
(``--formats``...), flags made by ``cli/arguments.py`` from the settings' declarations;
a flag wins over ``-s`` and ``-a`` for the same option. Without ``-o``/``-O`` the feed
goes to standard output as JSON lines. On a terminal a progress line shows pages,
articles and the queue; a summary ends the run: pages fetched, articles, what was
skipped and why, seconds.

:func:`main` does what Scrapy's ``scrapy.cmdline.execute`` does for a command (its
settings, its parser, ``process_options``, ``run``), and not by calling it, because
``execute`` reads the project's settings of the current directory (this command reads
none: only Scrapy's defaults, the command's and the command line's), names the program
``scrapy <command>``, prints the whole usage on an error, and ends the process itself;
here an error is one line and the exit status is the crawl's:

Exit status: 0 when the crawl ran to its end (or to ``--max-articles``), 1 when
it fetched nothing or was stopped, 2 for bad usage, 3 when it ran to its end
and wrote no article (and knew of none from ``--state``): the log says what it
tried.
"""

from __future__ import annotations

import argparse
import cProfile
import logging
import sys
import time
from collections.abc import Sequence
from typing import Any, ClassVar, Self

from scrapy.cmdline import ScrapyArgumentParser
from scrapy.commands import BaseRunSpiderCommand
from scrapy.crawler import CrawlerProcess
from scrapy.exceptions import UsageError as ScrapyUsageError
from scrapy.settings import Settings

from scrapy_readability.cli.arguments import (
    UsageError,
    add_options,
    add_page_options,
    assignments,
    option_values,
)
from scrapy_readability.commands import HelpFormatter
from scrapy_readability.engine.errors import ReadabilityConfigError
from scrapy_readability.settings import PAGE_SETTINGS, ReadabilityConfig
from scrapy_readability.spiders.options import SPIDER_SETTINGS, SpiderOptions
from scrapy_readability.spiders.report import NOTHING_WRITTEN, STATS, summary, wrote_nothing

__all__ = ["CrawlCommand", "CrawlProgress", "UsageError", "build_parser", "main", "summary"]

PROG = "scrapy-readability crawl"
REPEATED = ("allow", "deny", "not_articles")  # options given once per pattern
STDOUT_FEED = {"stdout:": {"format": "jsonlines"}}
EPILOG = (
    "Exit status: 0 the crawl ran to its end, 1 it fetched nothing or was stopped, 2 bad usage, "
    "3 it ran to its end and wrote no article."
)
_START_URLS = next(setting for setting in SPIDER_SETTINGS if setting.key == "start_urls")  # given as URL...
_FLAGGED_SPIDER_SETTINGS = tuple(setting for setting in SPIDER_SETTINGS if setting is not _START_URLS)


class CrawlCommand(BaseRunSpiderCommand):
    """Scrapy's ``runspider``, with the package's ArticleSpider, its flags and the per-page flags."""

    requires_project = False
    default_settings: ClassVar[dict[str, Any]] = {"LOG_LEVEL": "WARNING"}

    def syntax(self) -> str:
        return "[options] URL..."

    def short_desc(self) -> str:
        return "Crawl sites for their articles with scrapy-readability's ArticleSpider (no Scrapy project needed)."

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        """Scrapy's (``-a``, ``-s``, ``-o``, ``-O``, ``-L``...), then the start URLs, the spider's and the page's."""
        super().add_options(parser)
        parser.add_argument(
            "urls", nargs="*", metavar="URL", help="start URLs: a site's front page, a section, a sitemap, a feed"
        )
        parser.add_argument("--no-progress", dest="progress", action="store_false", help="never show the progress line")
        group = parser.add_argument_group("crawl options (also spider arguments, and READABILITY_SPIDER_* settings)")
        add_options(group, _FLAGGED_SPIDER_SETTINGS, repeated=REPEATED)
        add_page_options(parser)

    def process_options(self, args: list[str], opts: argparse.Namespace) -> None:
        """Scrapy's options into the settings, then ours; everything validated before the crawl starts."""
        assert self.settings is not None
        assignments(opts.set)  # a malformed -s, said as the one-page command line says it
        if opts.loglevel:
            opts.loglevel = opts.loglevel.upper()
        try:
            super().process_options(args, opts)
        except ScrapyUsageError as error:  # -a without =, -o with a format Scrapy does not know
            raise UsageError(str(error)) from None
        self._set_page_flags(opts)
        if not (opts.output or opts.overwrite_output):
            self.settings.set("FEEDS", STDOUT_FEED, priority="cmdline")
        opts.spargs = self._spider_arguments(opts)
        if opts.progress and sys.stderr.isatty():
            self._show_progress()

    def _show_progress(self) -> None:
        """The progress line: :class:`CrawlProgress` among the extensions."""
        assert self.settings is not None
        extensions = self.settings.getdict("EXTENSIONS")
        extensions[CrawlProgress] = 0
        self.settings.set("EXTENSIONS", extensions, priority="cmdline")

    def _set_page_flags(self, opts: argparse.Namespace) -> None:
        """The per-page flags as the settings of the same names (as text, as ``-s`` gives it), then all validated."""
        assert self.settings is not None
        try:
            given = option_values(opts, PAGE_SETTINGS)
            for setting in PAGE_SETTINGS:
                if setting.key in given:
                    self.settings.set(setting.name, getattr(opts, setting.key), priority="cmdline")
            ReadabilityConfig.from_settings(self.settings)
        except ReadabilityConfigError as error:
            raise UsageError(str(error)) from None

    def _spider_arguments(self, opts: argparse.Namespace) -> dict[str, Any]:
        """``-a`` arguments, the flags over them, the URLs; validated as the spider will (naming the flag)."""
        assert self.settings is not None
        arguments: dict[str, Any] = dict(opts.spargs)
        try:
            for url in opts.urls:
                _START_URLS.read(url, "URL")
            for setting in _FLAGGED_SPIDER_SETTINGS:
                value = getattr(opts, setting.key, None)
                if value is not None:
                    setting.read(value, setting.flag)
                    arguments[setting.key] = value
            if opts.urls:
                arguments["start_urls"] = list(opts.urls)
            options = SpiderOptions.read(self.settings, arguments)
        except ReadabilityConfigError as error:
            raise UsageError(str(error)) from None
        if not options.start_urls and not options.urls_file:
            raise UsageError("give at least one URL, or --urls-file")
        return arguments

    def run(self, args: list[str], opts: argparse.Namespace) -> None:
        """Crawl; print the summary; the exit status in :attr:`exitcode`."""
        from scrapy_readability.spiders import ArticleSpider

        assert self.settings is not None and self.crawler_process is not None
        started = time.monotonic()
        crawler = self.crawler_process.create_crawler(ArticleSpider)
        self.crawler_process.crawl(crawler, **opts.spargs)
        self.crawler_process.start()
        stats = crawler.stats.get_stats() if crawler.stats is not None else {}
        if logging.getLevelName(self.settings.get("LOG_LEVEL")) > logging.INFO:  # else the spider has logged it
            print(summary(stats, time.monotonic() - started), file=sys.stderr)
        self.exitcode = exit_status(stats)


def exit_status(stats: dict[str, Any]) -> int:
    """0 the crawl ran to its end, 1 it fetched nothing or was stopped, 3 it wrote no article."""
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
        self.loop.start(self.INTERVAL, now=True)  # a line from the start: a crawl may end before the first tick

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


def build_parser(command: CrawlCommand | None = None) -> argparse.ArgumentParser:
    """The command's parser, as ``scrapy.cmdline`` makes one for a command (with our name)."""
    command = command or _command()
    parser = ScrapyArgumentParser(
        prog=PROG,
        usage=f"{PROG} {command.syntax()}",
        formatter_class=HelpFormatter,
        conflict_handler="resolve",
        description=command.short_desc(),
        epilog=EPILOG,
    )
    command.add_options(parser)
    return parser


def _command() -> CrawlCommand:
    """The command with its settings: Scrapy's defaults and the command's, no project's."""
    command = CrawlCommand()
    command.settings = Settings()
    command.settings.setdict(command.default_settings, priority="command")
    return command


def main(argv: Sequence[str] | None = None) -> int:
    """``scrapy-readability crawl`` with ``argv`` (the arguments after ``crawl``): the exit status."""
    command = _command()
    return _run_parsed(command, build_parser(command).parse_args(argv))


def _run_parsed(command: CrawlCommand, opts: argparse.Namespace) -> int:
    """What ``scrapy.cmdline.execute`` does once the arguments are parsed: options, then the run."""
    try:
        command.process_options(opts.urls, opts)
    except UsageError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    assert command.settings is not None
    # Scrapy's execute() picks AsyncCrawlerProcess for the asyncio reactor; CrawlerProcess runs it too, and
    # the progress line's LoopingCall wants a Twisted reactor whatever the settings say.
    command.crawler_process = CrawlerProcess(command.settings)
    if opts.profile:  # as scrapy.cmdline runs a command under --profile
        print(f"{PROG}: writing cProfile stats to {opts.profile!r}", file=sys.stderr)
        cProfile.runctx("command.run(opts.urls, opts)", globals(), {"command": command, "opts": opts}, opts.profile)
    else:
        command.run(opts.urls, opts)
    return command.exitcode


def _deprecated_add_arguments(parser: argparse.ArgumentParser) -> None:
    """``add_arguments(parser)`` of earlier releases: the command's options on ``parser``."""
    _command().add_options(parser)


def _deprecated_run(args: argparse.Namespace) -> int:
    """``run(args)`` of earlier releases: crawl with arguments parsed by a parser of :func:`build_parser`."""
    return _run_parsed(_command(), args)


_DEPRECATED = {"add_arguments": _deprecated_add_arguments, "run": _deprecated_run}


def __getattr__(name: str) -> Any:
    """``add_arguments`` and ``run`` of earlier releases, with a DeprecationWarning: use :class:`CrawlCommand`."""
    if name in _DEPRECATED:
        import warnings

        warnings.warn(f"{__name__}.{name} is deprecated: use CrawlCommand", DeprecationWarning, stacklevel=2)
        return _DEPRECATED[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if __name__ == "__main__":
    sys.exit(main())
