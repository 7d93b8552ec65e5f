"""``scrapy readability URL``: fetch one page as ``scrapy fetch`` does, print its verdict and its article.

Registered through the ``scrapy.commands`` entry point. The page is fetched
with the project's settings, downloader middlewares and spider (``--spider``,
or the one whose domain matches), so it is the page a crawl would see; the
preflight verdict is the middleware's when the project enables it (the
add-on), else computed with the same options. The ``READABILITY_*`` settings
apply, and the flags of ``scrapy-readability`` override them for this page:
tune them here before a crawl.

Output: with ``-f json`` (the default) one object with ``readerable`` and the
article's fields; with ``-f text``, ``markdown`` or ``html`` the article alone,
the verdict on standard error. Exit status 1 when there is no article. The log
is a crawl's: the engine's decision trace only with ``-s READABILITY_DEBUG=1``
(or ``--debug``).
"""

from __future__ import annotations

import json
import sys
from argparse import ArgumentParser, Namespace

from scrapy.commands.fetch import Command as FetchCommand
from scrapy.exceptions import UsageError
from scrapy.http import Response, TextResponse

from scrapy_readability.cli.arguments import OUTPUT_FORMATS, add_page_options, page_options, record_of
from scrapy_readability.engine import Readability, ReadabilityError, is_probably_readable
from scrapy_readability.engine.article import FORMATS
from scrapy_readability.engine.inputs import decode_response
from scrapy_readability.settings import META_KEY, ReadabilityConfig, ReadabilityConfigError

__all__ = ["ReadabilityCommand"]


class ReadabilityCommand(FetchCommand):
    requires_project = False

    def syntax(self) -> str:
        return "[options] <url>"

    def short_desc(self) -> str:
        return "Fetch a URL and print its preflight verdict and article (scrapy-readability)"

    def long_desc(self) -> str:
        return (__doc__ or "").split("\n\n", 1)[1].strip()

    def add_options(self, parser: ArgumentParser) -> None:
        super().add_options(parser)
        parser.add_argument(
            "-f",
            "--format",
            dest="article_format",
            choices=[f for f in OUTPUT_FORMATS if f != "jsonl"],
            default="json",
            help="output format (default: json)",
        )
        add_page_options(parser)

    def run(self, args: list[str], opts: Namespace) -> None:
        assert self.settings is not None
        try:
            config = ReadabilityConfig.from_settings(self.settings)
            self.page_options = page_options(opts, config.page)
        except ReadabilityConfigError as error:
            raise UsageError(str(error), print_help=False) from None
        self.answered = False
        super().run(args, opts)
        if not self.answered and not self.exitcode:
            # No response reached the callback: the download failed (logged), or a middleware
            # dropped the page (READABILITY_PREFLIGHT_ACTION = "drop" when it is not readerable).
            self._fail(f"{args[0]}: no response (the download failed or a middleware dropped it; see the log)")

    def _print_response(self, response: Response, opts: Namespace) -> None:
        self.answered = True
        if not isinstance(response, TextResponse):
            self._fail(f"{response.url}: not a text response ({type(response).__name__})")
            return
        options = self.page_options
        text = decode_response(response).text  # as the engine decodes bytes (not Scrapy's .text)
        verdict = response.meta.get(META_KEY)
        if isinstance(verdict, dict) and "readerable" in verdict:
            readerable = bool(verdict["readerable"])
        else:
            readerable = is_probably_readable(text, **options.preflight.values())
        try:
            article = Readability(text, url=response.url, **options.engine.values()).parse()
        except ReadabilityError as error:
            self._fail(f"{response.url}: {type(error).__name__}: {error}", readerable)
            return
        fmt = opts.article_format
        if article is None:
            self._fail(f"{response.url}: no article (the page has no readable content)", readerable)
            return
        if fmt == "json":
            data = article.to_dict(options.formats)
            record = record_of(response.url, data, status=response.status, readerable=readerable)
            print(json.dumps(record, ensure_ascii=False, indent=2))
        else:
            print(f"readerable: {'yes' if readerable else 'no'}", file=sys.stderr)
            print(getattr(article, FORMATS[fmt]))

    def _fail(self, message: str, readerable: bool | None = None) -> None:
        if readerable is not None:
            print(f"readerable: {'yes' if readerable else 'no'}", file=sys.stderr)
        print(f"scrapy readability: {message}", file=sys.stderr)
        self.exitcode = 1
