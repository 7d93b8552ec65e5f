"""``scrapy-readability PATH...``: articles from pages on disk.

    scrapy-readability page.html                  # one page: a JSON object
    scrapy-readability -f markdown page.html      # its Markdown
    scrapy-readability pages/ -o articles.jsonl   # a folder (recursive): JSON lines
    scrapy-readability crawl.warc.gz              # every HTML response of a web archive
    curl -s URL | scrapy-readability --url URL -  # standard input

Exit status (``report.EXIT_STATUSES``): 0 when every page gave an article (or
a verdict), 1 when some did not (each one is reported on standard error with
its path and reason), 2 for bad usage, 141 when the reader of the output went
away (``| head``). Output follows input order, whatever the number of workers.

Pages are extracted as in a crawl with ``READABILITY_WORKERS``: by the
crawl's pool (``runtime/pool.py``), in worker processes with a time limit a
page (``--timeout``) and memory recycling, or in this process. Without
``--workers``, a few pages are extracted in this process (starting worker
processes would cost more than it saves) and more in one process per core.
``-s NAME=VALUE`` sets a setting as Scrapy's ``-s`` does (any name; this
command reads the ``READABILITY_*`` ones, ``READABILITY_ENGINE`` included); the
flags win.
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Sequence
from concurrent.futures import Future
from contextlib import closing
from dataclasses import dataclass, replace
from typing import IO, cast

from scrapy_readability.cli.arguments import (
    OUTPUT_FORMATS,
    UsageError,
    add_page_options,
    add_worker_options,
    assignments,
    page_options,
    pool_limits,
    record_of,
)
from scrapy_readability.cli.inputs import HTML_SUFFIXES, WARC_SUFFIXES, Page, is_warc, list_inputs, read_pages
from scrapy_readability.cli.report import PIPE_CLOSED, PROG, Output, Progress, summary
from scrapy_readability.engine.errors import ReadabilityConfigError
from scrapy_readability.engine.html.decoding import encoding_for_label
from scrapy_readability.engine.html.urls import is_absolute_url
from scrapy_readability.engine.options import OutputOptions
from scrapy_readability.engine.outputs.article import FORMATS
from scrapy_readability.poolconfig import pool_config as settings_pool_config
from scrapy_readability.runtime.jobs import Extraction, Failed, Job, Judged, Outcome, Preflight
from scrapy_readability.runtime.pool import ExtractionPool, PoolConfig, WorkerStartError
from scrapy_readability.settings import ReadabilityConfig

WINDOW_PER_WORKER = 4  # pages read ahead per worker: a big archive is never all in memory
SMALL_BATCH = 32
"""Up to this many pages, the default is to extract in this process: starting worker processes
costs more than they save, even with free cores (benchmarks/cli.py --batches; benchmarks/README.md)."""


# --- Options ------------------------------------------------------------------------------


def read_config(args: argparse.Namespace) -> ReadabilityConfig:
    """The settings of this run: ``-s NAME=VALUE`` over the defaults, then the flags over both."""
    settings = assignments(args.set)
    try:
        config = ReadabilityConfig.from_settings(settings)
        return pool_limits(args, replace(config, page=page_options(args, config.page)))
    except ReadabilityConfigError as error:
        raise UsageError(str(error)) from None


def pool_config(config: ReadabilityConfig, workers: int) -> PoolConfig:
    """The extraction pool of this run: the crawl's (``poolconfig.py``) with this run's size.

    One worker extracts in this process (a pool thread): no process to start. The worker
    processes keep their priority: this process only reads and writes, they do the work.
    """
    return settings_pool_config(config, size=workers, processes=workers > 1, niceness=0)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Extract the article of HTML pages on disk with scrapy-readability (Readability.js on lxml).",
        epilog="Exit status: 0 all pages extracted, 1 some failed (reported on stderr) or none found, 2 bad usage, "
        "141 the output's reader went away. "
        "To crawl a site for its articles: scrapy-readability crawl URL (see scrapy-readability crawl -h).",
    )
    parser.add_argument(
        "inputs",
        nargs="+",
        metavar="PATH",
        help="HTML files (.html, .htm, also gzipped), web archives (recognised by their content), "
        "folders (searched recursively for both), or - for standard input",
    )
    parser.add_argument(
        "-f",
        "--format",
        choices=OUTPUT_FORMATS,
        help="output format (default: json for one page, jsonl for many)",
    )
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    links = parser.add_mutually_exclusive_group()
    links.add_argument(
        "--url",
        help="the page's URL: its links resolve against it (one page only; "
        "default: links stay as the page has them, and the record's url is its file: URL)",
    )
    links.add_argument(
        "--base-url",
        metavar="URL",
        help="where the files are published: a page's URL is URL followed by its path in the folder given "
        "(a file given by name: its name), and its links resolve against that",
    )
    parser.add_argument(
        "--encoding",
        metavar="LABEL",
        help="read every page in this encoding (a label such as shift_jis or windows-1251), whatever it declares "
        "(default: as a browser decides: byte-order mark, HTTP charset, <meta>, then detection)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help=f"extract in N worker processes (1: in this process; default: in this process for up to {SMALL_BATCH} "
        "pages, one process per core for more)",
    )
    parser.add_argument("--readerable", action="store_true", help="print the preflight verdict only")
    parser.add_argument(
        "--warc",
        action="store_true",
        help="every input is a web archive (.warc, .warc.gz; standard input too), and folders are searched for "
        'archives only; archives are recognised without it (pip install "scrapy-readability[warc]")',
    )
    parser.add_argument("--no-progress", dest="progress", action="store_false", help="never show the progress line")
    parser.add_argument(
        "-s",
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set/override a setting, as Scrapy's -s does; the READABILITY_* ones apply here "
        "(may be repeated; the flags win)",
    )
    add_worker_options(parser)
    add_page_options(parser)
    return parser


# --- Extracting the pages, in the pipeline's pool -------------------------------------------


@dataclass(frozen=True)
class Workers:
    """How many extract: ``--workers``, or by default one a core once over :data:`SMALL_BATCH` pages are known."""

    given: int | None
    cores: int

    def for_pages(self, known: int) -> int:
        if self.given is not None:
            return self.given
        return self.cores if known > SMALL_BATCH else 1


def extract_pages(
    pages: Iterable[Page], make_job: Callable[[Page], Job], config: ReadabilityConfig, workers: Workers, counted: int
) -> Generator[tuple[Page, Outcome], None, None]:
    """Each page with its result, in input order: read here, extracted by the pool, a few pages ahead.

    ``counted`` pages are known before the first is read (files; an archive's records are
    counted as they come). While the default gives one worker, pages are extracted in this
    process; once more pages are known, worker processes take the next ones (the pages
    already queued here finish meanwhile). WorkerStartError if the processes cannot start.
    When the caller stops early (the output's reader went away), the pages queued and
    not started are dropped and the pool stops at once.
    """
    pools: list[ExtractionPool] = []
    pending: deque[tuple[Page, Future[Outcome]]] = deque()
    try:
        for seen, page in enumerate(pages, 1):
            size = workers.for_pages(max(counted, seen))
            if not pools or pools[-1].config.size != size:
                if pools:
                    pools[-1].close()  # it finishes the pages it has, then stops
                pools.append(_started_pool(pool_config(config, size)))
            pending.append((page, _submit(pools[-1], page, make_job)))
            while len(pending) >= size * WINDOW_PER_WORKER:
                yield _next_result(pending)
        while pending:
            yield _next_result(pending)
    finally:
        for _page, future in pending:
            future.cancel()  # not started yet: dropped (a page in flight has its process killed)
        for pool in pools:
            pool.close()
        for pool in pools:
            pool.join(10)


def _started_pool(config: PoolConfig) -> ExtractionPool:
    pool = ExtractionPool(config)
    try:
        pool.ready.result()
    except WorkerStartError:
        pool.close()
        raise
    return pool


def _submit(pool: ExtractionPool, page: Page, make_job: Callable[[Page], Job]) -> Future[Outcome]:
    if page.failed is not None:  # it could not be read
        unread: Future[Outcome] = Future()
        unread.set_result(page.failed)
        return unread
    # A run's pages are all extractions or all preflights (--readerable): either future is one of Outcome.
    return cast("Future[Outcome]", pool.submit(make_job(page)))


def _next_result(pending: deque[tuple[Page, Future[Outcome]]]) -> tuple[Page, Outcome]:
    page, future = pending.popleft()
    return page, future.result()


def _show_progress(args: argparse.Namespace, many: bool) -> bool:
    """A progress line for many pages, on a terminal, unless the output is piped on."""
    if not (args.progress and many and sys.stderr.isatty()):
        return False
    try:
        return args.output is not None or not stat.S_ISFIFO(os.fstat(sys.stdout.fileno()).st_mode)
    except (OSError, ValueError):
        return False


# --- main -------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return _run(args)
    except UsageError as error:  # the message alone: argparse's usage (twenty lines of flags) would hide it
        print(f"{PROG}: error: {error} (see {PROG} -h)", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return _reader_gone()


def _reader_gone() -> int:
    """The reader of standard output went away (``| head``): end quietly, as a process SIGPIPE ended.

    The pool has stopped (``extract_pages``); standard output now goes nowhere, since
    Python flushes it at exit and would fail again (the ``signal`` module's note on SIGPIPE).
    """
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return PIPE_CLOSED


def _check_usage(args: argparse.Namespace) -> bool:
    """Whether the run has many pages; UsageError for what cannot run at all."""
    if args.inputs.count("-") > 1:
        raise UsageError("standard input (-) can be read only once")
    missing = [name for name in args.inputs if name != "-" and not os.path.exists(name)]
    if missing:
        raise UsageError(f"no such file or folder: {', '.join(missing)}")
    for flag, url in (("--url", args.url), ("--base-url", args.base_url)):
        if url is not None and not is_absolute_url(url):
            raise UsageError(f"{flag} {url!r} is not an absolute URL (such as https://news.example/a.html)")
    if args.workers is not None and args.workers < 1:
        raise UsageError("--workers must be at least 1")
    if args.encoding is not None and encoding_for_label(args.encoding) is None:
        raise UsageError(f"--encoding {args.encoding!r} is not an encoding a browser knows (such as utf-8, shift_jis)")
    many = args.warc or len(args.inputs) > 1 or any(_is_many(name) for name in args.inputs)
    if args.url is not None and many:
        raise UsageError("--url applies to one page only (--base-url to many)")
    if args.warc and args.inputs:
        try:
            import warcio  # type: ignore[import-untyped]  # noqa: F401
        except ImportError:
            raise UsageError('--warc needs warcio: pip install "scrapy-readability[warc]"') from None
    return many


def _is_many(name: str) -> bool:
    """A folder, or a web archive (standard input too): many pages."""
    if name == "-":
        return is_warc(sys.stdin.buffer)
    if os.path.isdir(name):
        return True
    try:
        with open(name, "rb") as stream:
            return is_warc(stream)
    except OSError:
        return False


def _run(args: argparse.Namespace) -> int:
    many = _check_usage(args)
    config = read_config(args)
    options = config.page
    fmt = args.format or ("jsonl" if many else "json")
    workers = Workers(args.workers, os.cpu_count() or 1)
    output = OutputOptions(formats=(fmt,)) if fmt in FORMATS else options.output  # a plain format: that alone

    def make_job(page: Page) -> Job:
        if args.readerable:
            return Preflight(page.body, page.url, options.preflight, page.content_type, args.encoding)
        return Extraction(
            page.body, page.base, options.engine, output, page.content_type, args.encoding, fetched=page.fetched
        )

    inputs = list_inputs(args.inputs, WARC_SUFFIXES if args.warc else HTML_SUFFIXES + WARC_SUFFIXES)
    pages = read_pages(inputs, args.url, args.base_url, args.warc)
    stream: IO[str] = open(args.output, "w", encoding="utf-8") if args.output else sys.stdout  # noqa: SIM115
    writer = Output(stream, fmt, many)
    progress = Progress(_show_progress(args, many), None if args.warc else len(inputs))
    failures: list[str] = []
    started = time.monotonic()
    try:
        with closing(extract_pages(pages, make_job, config, workers, len(inputs))) as results:
            for page, result in results:
                if page.from_archive:
                    progress.total = None  # an archive's records are not counted in advance
                if isinstance(result, Failed):
                    progress.clear()
                    print(f"{PROG}: {page.label}: {result.reason}: {result.detail}", file=sys.stderr)
                    failures.append(result.reason)
                else:
                    fields = {"readerable": result.readerable} if isinstance(result, Judged) else result.fields
                    writer.write(page.label, record_of(page.url, fields))
                progress.update(isinstance(result, Failed))
        writer.close()
    except WorkerStartError as error:
        progress.clear()
        print(
            f"{PROG}: the worker processes cannot start ({error}); --workers 1 extracts in this process",
            file=sys.stderr,
        )
        return 1
    finally:
        progress.clear()
        if args.output:
            stream.close()
    if many:
        print(summary(progress.done, writer.count, failures, time.monotonic() - started), file=sys.stderr)
    if not progress.done:
        print(f"{PROG}: no pages found in {' '.join(args.inputs)}", file=sys.stderr)
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
