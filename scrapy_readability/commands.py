"""``scrapy readability URL``: fetch one page as ``scrapy fetch`` does, print its verdict and its article.

Registered through the ``scrapy.commands`` entry point. The page is fetched
with the project's settings, downloader middlewares and spider (``--spider``,
or the one whose domain matches), so it is the page a crawl would see; the
preflight verdict is the middleware's when the project enables it (the
add-on), else computed with the same options. The ``READABILITY_*`` settings
apply, and the flags of ``scrapy-readability`` override them for this page:
tune them here before a crawl. The check and the extraction run as a crawl's
do, in the crawl's pool (``ReadabilityExtension``, which the command enables):
off the reactor thread, with ``READABILITY_ENGINE``, ``READABILITY_TIMEOUT``,
the workers and their limits.

Output: with ``-f json`` (the default) one object with ``status``,
``readerable`` and the article's fields; with ``-f text``, ``markdown`` or
``html`` the article alone, the verdict on standard error. Exit status 1 when
there is no article: the page has none, the download failed or a middleware
dropped it, the server answered with an error status (a 404 page is not
extracted unless ``--allow-error-status`` or Scrapy's ``HTTPERROR_ALLOWED_CODES``
says so), or a redirect that ``--no-redirect`` did not follow. The log is a
crawl's: the engine's decision trace only with ``-s READABILITY_DEBUG=1`` (or
``--debug``).
"""

from __future__ import annotations

import json
import sys
from argparse import ArgumentParser, Namespace
from collections.abc import AsyncIterator
from datetime import datetime
from typing import Any

from scrapy import Spider
from scrapy.commands import ScrapyCommand, ScrapyHelpFormatter
from scrapy.exceptions import IgnoreRequest, UsageError
from scrapy.http import Request, Response, TextResponse
from scrapy.spidermiddlewares.httperror import HttpError
from scrapy.utils.spider import DefaultSpider, spidercls_for_request
from twisted.python.failure import Failure
from w3lib.url import is_url

from scrapy_readability.cli.arguments import OUTPUT_FORMATS, add_page_options, page_options, record_of
from scrapy_readability.engine.html.inputs import decode_response
from scrapy_readability.engine.options import OutputOptions
from scrapy_readability.engine.outputs.article import FORMATS
from scrapy_readability.extension import ReadabilityExtension
from scrapy_readability.middleware import fetched_at
from scrapy_readability.runtime.jobs import Extraction, Failed, Preflight
from scrapy_readability.settings import META_KEY, ReadabilityConfig, ReadabilityConfigError

__all__ = ["ReadabilityCommand"]

PROG = "scrapy readability"
EXTENSION_PATH = "scrapy_readability.extension.ReadabilityExtension"
ERROR_STATUSES = range(400, 600)


class HelpFormatter(ScrapyHelpFormatter):
    """Scrapy's help layout (headings underlined), for headings only.

    Scrapy's formatter takes any part of the help that ends in a colon for a heading (a
    help text that wraps after "or one pass:" became one, underlined) and title-cases each
    ("Readability_*"). Here a heading is what argparse makes one: a line of its own, after
    a line break, unindented, ending in a colon; only its first letter is capitalised.
    """

    def format_part_strings(self, part_strings: list[str]) -> list[str]:
        parts: list[str] = []
        for part in part_strings:
            after_break = not parts or parts[-1].endswith("\n")
            if part.startswith("usage: "):
                parts.append("Usage\n=====\n  " + part.removeprefix("usage: "))
            elif after_break and part.endswith(":\n") and not part[:1].isspace() and "\n" not in part[:-1]:
                heading = part[:1].upper() + part[1:-2]
                underline = "-" if heading.startswith("Global") else "="
                parts += [heading, "\n" + underline * len(heading) + "\n"]
            else:
                parts.append(part)
        return parts


class ReadabilityCommand(ScrapyCommand):
    requires_project = False

    def syntax(self) -> str:
        return "[options] <url>"

    def short_desc(self) -> str:
        return "Fetch a URL and print its preflight verdict and article (scrapy-readability)"

    def long_desc(self) -> str:
        return (
            "Fetch a URL as scrapy fetch does (the project's settings, middlewares and spider) and print the "
            "preflight verdict and the article: a JSON object (url, status, readerable and the article's fields), "
            "or with -f text, markdown or html the article alone and the verdict on standard error. The "
            "READABILITY_* settings apply; the flags below override them for this page. Exit status 1 when "
            "there is no article: the page has none, the download failed or a middleware dropped it, the "
            "server answered with an error status (see --allow-error-status), or a redirect was not followed "
            "(--no-redirect)."
        )

    def add_options(self, parser: ArgumentParser) -> None:
        parser.formatter_class = HelpFormatter  # cmdline made the parser with Scrapy's (see HelpFormatter)
        super().add_options(parser)  # Scrapy's global options; not fetch's --headers, which prints no article
        parser.add_argument("--spider", dest="spider", help="use this spider")
        parser.add_argument(
            "--no-redirect",
            dest="no_redirect",
            action="store_true",
            help="do not follow a redirect (3xx): report it, with where it leads",
        )
        parser.add_argument(
            "--allow-error-status",
            dest="allow_error_status",
            action="store_true",
            help="extract the page of an error status (4xx, 5xx) too (as HTTPERROR_ALLOWED_CODES does for its codes)",
        )
        parser.add_argument(
            "-f",
            "--format",
            dest="article_format",
            choices=[f for f in OUTPUT_FORMATS if f != "jsonl"],
            default="json",
            help="output format (default: json)",
        )
        add_page_options(parser)

    def process_options(self, args: list[str], opts: Namespace) -> None:
        """Scrapy's options, then the crawl's pool enabled (``ReadabilityExtension``), as the add-on enables it."""
        super().process_options(args, opts)
        assert self.settings is not None
        extensions = self.settings.getdict("EXTENSIONS")
        if not any(key in (ReadabilityExtension, EXTENSION_PATH) for key in extensions):
            extensions[EXTENSION_PATH] = 0
            self.settings.set("EXTENSIONS", extensions, priority="cmdline")

    def run(self, args: list[str], opts: Namespace) -> None:
        if len(args) != 1 or not is_url(args[0]):
            raise UsageError
        assert self.settings is not None and self.crawler_process is not None
        try:
            config = ReadabilityConfig.from_settings(self.settings)
            self.page_options = page_options(opts, config.page)
        except ReadabilityConfigError as error:
            raise UsageError(str(error), print_help=False) from None
        request = Request(
            args[0],
            callback=self._print_response,
            errback=self._no_response,
            cb_kwargs={"opts": opts},
            dont_filter=True,
        )
        if opts.no_redirect:
            request.meta["dont_redirect"] = True
        if opts.allow_error_status:
            request.meta["handle_httpstatus_list"] = ERROR_STATUSES
        self.answered = False
        self._crawl(request, opts.spider)
        if not self.answered and not self.exitcode:  # neither callback ran: the crawl could not start
            self._fail(f"{args[0]}: no response (see the log)")

    def _crawl(self, request: Request, spider_name: str | None) -> None:
        """Fetch ``request`` with the named spider, or the project's spider for its domain (as ``scrapy fetch``)."""
        assert self.crawler_process is not None
        loader = self.crawler_process.spider_loader
        spidercls: type[Spider]
        spidercls = loader.load(spider_name) if spider_name else spidercls_for_request(loader, request, DefaultSpider)

        async def start(self: Spider) -> AsyncIterator[Any]:
            yield request

        spidercls.start = start  # type: ignore[method-assign]
        self.crawler_process.crawl(spidercls)
        self.crawler = next(iter(self.crawler_process.crawlers))
        self.crawler_process.start()
        if self.crawler_process.bootstrap_failed:
            self.exitcode = 1

    def _no_response(self, failure: Failure) -> None:
        """The errback: an error status, a redirect not followed, a failed download, a page a middleware dropped."""
        self.answered = True
        error = failure.value
        url = failure.request.url if hasattr(failure, "request") else ""
        if isinstance(error, HttpError):
            response = error.response
            if 300 <= response.status < 400:
                location = (response.headers.get("Location") or b"").decode("latin-1")
                where = location or "(no Location)"
                self._fail(
                    f"{response.url}: a redirect (HTTP {response.status}) to {where}, not followed (--no-redirect)"
                )
            else:
                extract = "--allow-error-status extracts it"
                self._fail(f"{response.url}: HTTP {response.status}: an error page, not extracted ({extract})")
        elif isinstance(error, IgnoreRequest):
            self._fail(f"{url}: dropped by a middleware ({error or type(error).__name__})")
        else:
            self._fail(f"{url}: the download failed: {type(error).__name__}: {error}")

    async def _print_response(self, response: Response, opts: Namespace) -> None:
        self.answered = True
        if not isinstance(response, TextResponse):
            self._fail(f"{response.url}: not a text response ({type(response).__name__})")
            return
        if not 200 <= response.status < 300:
            print(f"HTTP status: {response.status}", file=sys.stderr)
        options = self.page_options
        extension = ReadabilityExtension.of(self.crawler, PROG)
        text = decode_response(response).text  # as the engine decodes bytes (not Scrapy's .text)
        verdict = response.meta.get(META_KEY)
        if isinstance(verdict, dict) and "readerable" in verdict:
            readerable = bool(verdict["readerable"])
        else:
            judged = await extension.run(Preflight(text, response.url, options.preflight))
            readerable = not isinstance(judged, Failed) and judged.readerable
        fmt = opts.article_format
        output = options.output if fmt == "json" else OutputOptions(formats=(fmt,))
        result = await extension.run(
            Extraction(text, response.url, options.engine, output, fetched=datetime.fromisoformat(fetched_at(response)))
        )
        if isinstance(result, Failed) and result.reason == "no_article":
            self._fail(f"{response.url}: no article (the page has no readable content)", readerable)
        elif isinstance(result, Failed):
            self._fail(f"{response.url}: {result.reason}: {result.detail}", readerable)
        elif fmt == "json":
            record = record_of(response.url, result.fields, status=response.status, readerable=readerable)
            print(json.dumps(record, ensure_ascii=False, indent=2))
        else:
            print(f"readerable: {'yes' if readerable else 'no'}", file=sys.stderr)
            print(result.fields[FORMATS[fmt]])

    def _fail(self, message: str, readerable: bool | None = None) -> None:
        if readerable is not None:
            print(f"readerable: {'yes' if readerable else 'no'}", file=sys.stderr)
        print(f"{PROG}: {message}", file=sys.stderr)
        self.exitcode = 1
