"""``scrapy-readability PATH...``: articles from pages on disk.

    scrapy-readability page.html                  # one page: a JSON object
    scrapy-readability -f markdown page.html      # its Markdown
    scrapy-readability pages/ -o articles.jsonl   # a folder (recursive): JSON lines
    scrapy-readability --warc crawl.warc.gz       # every HTML response of a web archive
    curl -s URL | scrapy-readability --url URL -  # standard input

Exit status: 0 when every page gave an article (or a verdict), 1 when some
did not (each one is reported on standard error with its path and reason),
2 for bad usage. Output follows input order, whatever the number of workers.

Pages are extracted as in a crawl with ``READABILITY_WORKERS``: by the
crawl's pool (``runtime/pool.py``), in worker processes with a time limit a
page (``--timeout``) and memory recycling, or in this process with
``--workers 1``. ``-s NAME=VALUE`` sets any ``READABILITY_*`` setting (the
flags win), ``READABILITY_ENGINE`` included.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import stat
import sys
import time
import zlib
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, Any, cast

from scrapy_readability.cli.arguments import (
    OUTPUT_FORMATS,
    add_page_options,
    add_worker_options,
    page_options,
    pool_limits,
    record_of,
)
from scrapy_readability.engine.article import FORMATS
from scrapy_readability.engine.errors import ReadabilityConfigError
from scrapy_readability.engine.options import PREFIX, OutputOptions
from scrapy_readability.runtime.jobs import Extraction, Failed, Job, Judged, Outcome, Preflight
from scrapy_readability.runtime.pool import ExtractionPool, PoolConfig, WorkerStartError
from scrapy_readability.settings import ReadabilityConfig, setting_rows

PROG = "scrapy-readability"
HTML_SUFFIXES = (".html", ".htm", ".html.gz", ".htm.gz")
WARC_SUFFIXES = (".warc", ".warc.gz")
WINDOW_PER_WORKER = 4  # pages read ahead per worker: a big archive is never all in memory


@dataclass(frozen=True)
class Page:
    """One page to extract: a file (read when its turn comes) or bytes already in hand."""

    label: str  # how it is reported: its path, "-", or a WARC record's target URI
    url: str | None
    path: str | None = None
    body: bytes | None = None
    content_type: str | None = None


class UsageError(Exception):
    pass


# --- Options ------------------------------------------------------------------------------


def read_config(args: argparse.Namespace) -> ReadabilityConfig:
    """The settings of this run: ``-s NAME=VALUE`` over the defaults, then the flags over both."""
    settings: dict[str, str] = {}
    known = {row.option.setting for row in setting_rows()}
    for assignment in args.set:
        name, equals, value = assignment.partition("=")
        if not equals or name.strip() not in known:
            raise UsageError(f"-s {assignment}: not a {PREFIX}* setting as NAME=VALUE (see the README's table)")
        settings[name.strip()] = value
    try:
        config = ReadabilityConfig.from_settings(settings)
        return pool_limits(args, replace(config, page=page_options(args, config.page)))
    except ReadabilityConfigError as error:
        raise UsageError(str(error)) from None


def pool_config(config: ReadabilityConfig, workers: int) -> PoolConfig:
    """The extraction pool of this run.

    One worker extracts in this process (a pool thread): no process to start. The worker
    processes keep their priority: this process only reads and writes, they do the work.
    """
    return PoolConfig(
        size=workers,
        processes=workers > 1,
        engine=config.engine,
        preflight_check=config.preflight_check,
        timeout=config.timeout,
        max_memory=config.worker_max_memory * 2**20,
        max_pages=config.worker_max_pages,
        niceness=0,
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Extract the article of HTML pages on disk with scrapy-readability (Readability.js on lxml).",
        epilog="Exit status: 0 all pages extracted, 1 some failed (reported on stderr), 2 bad usage. "
        "To crawl a site for its articles: scrapy-readability crawl URL (see scrapy-readability crawl -h).",
    )
    parser.add_argument(
        "inputs",
        nargs="+",
        metavar="PATH",
        help="HTML files (.html, .htm, also gzipped), folders (searched recursively), or - for standard input",
    )
    parser.add_argument(
        "-f",
        "--format",
        choices=OUTPUT_FORMATS,
        help="output format (default: json for one page, jsonl for many)",
    )
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    parser.add_argument("--url", help="the page's URL, to resolve its links (one page only; default: its file: URL)")
    parser.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="extract in N worker processes (default: one per core for many pages; 1: in this process)",
    )
    parser.add_argument("--readerable", action="store_true", help="print the preflight verdict only")
    parser.add_argument(
        "--warc",
        action="store_true",
        help="read web archives (.warc, .warc.gz): every HTML response record (pip install scrapy-readability[warc])",
    )
    parser.add_argument("--no-progress", dest="progress", action="store_false", help="never show a progress bar")
    parser.add_argument(
        "-s",
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set a READABILITY_* setting, as in a crawl (may be repeated; the flags above win)",
    )
    add_worker_options(parser)
    add_page_options(parser)
    return parser


# --- Finding the pages ----------------------------------------------------------------------


def _has_suffix(path: Path, suffixes: Sequence[str]) -> bool:
    name = path.name.lower()
    return any(name.endswith(suffix) for suffix in suffixes)


def expand_paths(inputs: Sequence[str], suffixes: Sequence[str]) -> Iterator[str]:
    """Files in the order given; a folder's matching files, recursively, in sorted order."""
    for name in inputs:
        path = Path(name)
        if name != "-" and path.is_dir():
            found = (p for p in path.rglob("*") if p.is_file() and _has_suffix(p, suffixes))
            yield from sorted(map(str, found))
        else:
            yield name


def iter_pages(
    inputs: Sequence[str], url: str | None, warc: bool, failures: list[tuple[str, str, str]]
) -> Iterator[Page]:
    if warc:
        for name in expand_paths(inputs, WARC_SUFFIXES):
            yield from iter_warc(name, failures)
        return
    for name in expand_paths(inputs, HTML_SUFFIXES):
        if name == "-":
            yield Page("-", url, body=sys.stdin.buffer.read())
        else:
            yield Page(name, url or Path(name).resolve().as_uri(), path=name)


def iter_warc(name: str, failures: list[tuple[str, str, str]]) -> Iterator[Page]:
    """Every HTML response record (2xx) of a WARC file, with its target URI and HTTP Content-Type."""
    try:
        from warcio.archiveiterator import ArchiveIterator  # type: ignore[import-untyped]
    except ImportError:
        raise UsageError("--warc needs warcio: pip install scrapy-readability[warc]") from None
    try:
        stream = sys.stdin.buffer if name == "-" else open(name, "rb")
    except OSError as error:
        failures.append((name, "unreadable", error.strerror or str(error)))
        return
    with stream:
        try:
            for record in ArchiveIterator(stream):
                if record.rec_type != "response" or record.http_headers is None:
                    continue
                content_type = record.http_headers.get_header("Content-Type") or ""
                status = record.http_headers.get_statuscode() or ""
                if "html" not in content_type.lower() or not status.startswith("2"):
                    continue
                uri = record.rec_headers.get_header("WARC-Target-URI")
                yield Page(uri or name, uri, body=record.content_stream().read(), content_type=content_type)
        except Exception as error:  # a truncated or corrupt archive: what was read stands
            failures.append((name, "bad_warc", f"{type(error).__name__}: {error}"))


# --- Extracting the pages, in the pipeline's pool -------------------------------------------


def read_body(page: Page) -> bytes:
    """The page's bytes, gunzipped if they are gzipped (.html.gz, or on standard input)."""
    body = page.body
    if body is None:
        assert page.path is not None
        body = Path(page.path).read_bytes()
    return gzip.decompress(body) if body[:2] == b"\x1f\x8b" else body


def extract_pages(
    pages: Iterable[Page], make_job: Callable[[Page, bytes], Job], config: PoolConfig
) -> Iterator[tuple[Page, Outcome]]:
    """Each page with its result, in input order: read here, extracted by the pool, a few pages ahead.

    The pool (and its worker processes) starts with the first page; WorkerStartError if the
    processes cannot start.
    """
    pool: ExtractionPool | None = None
    pending: deque[tuple[Page, Future[Outcome]]] = deque()
    try:
        for page in pages:
            if pool is None:
                pool = _started_pool(config)
            pending.append((page, _submit(pool, page, make_job)))
            while len(pending) >= config.size * WINDOW_PER_WORKER:
                yield _next_result(pending)
        while pending:
            yield _next_result(pending)
    finally:
        if pool is not None:
            pool.close()  # a page still in flight (Ctrl-C) has its process killed
            pool.join(10)


def _started_pool(config: PoolConfig) -> ExtractionPool:
    pool = ExtractionPool(config)
    try:
        pool.ready.result()
    except WorkerStartError:
        pool.close()
        raise
    return pool


def _submit(pool: ExtractionPool, page: Page, make_job: Callable[[Page, bytes], Job]) -> Future[Outcome]:
    try:
        body = read_body(page)
    except (OSError, EOFError, zlib.error) as error:  # gzip.BadGzipFile is an OSError
        unreadable: Future[Outcome] = Future()
        unreadable.set_result(Failed("unreadable", getattr(error, "strerror", None) or str(error)))
        return unreadable
    # A run's pages are all extractions or all preflights (--readerable): either future is one of Outcome.
    return cast("Future[Outcome]", pool.submit(make_job(page, body)))


def _next_result(pending: deque[tuple[Page, Future[Outcome]]]) -> tuple[Page, Outcome]:
    page, future = pending.popleft()
    return page, future.result()


# --- Output ---------------------------------------------------------------------------------


class Output:
    """Writes records as JSON, JSON lines, or one representation per page (with a header when many)."""

    def __init__(self, stream: IO[str], fmt: str, many: bool) -> None:
        self.stream, self.format, self.many = stream, fmt, many
        self.count = 0

    def write(self, label: str, record: dict[str, Any]) -> None:
        out = self.stream
        if self.format == "jsonl":
            out.write(json.dumps({"path": label, **record}, ensure_ascii=False) + "\n")
        elif self.format == "json":
            data = {"path": label, **record} if self.many else record
            text = json.dumps(data, ensure_ascii=False, indent=2)
            if self.many:
                out.write(("[\n" if not self.count else ",\n") + _indent(text))
            else:
                out.write(text + "\n")
        else:
            if self.many:
                out.write(("\n" if self.count else "") + f"==> {label} <==\n")
            out.write(self.plain(record) + "\n")
        self.count += 1
        out.flush()

    def plain(self, record: dict[str, Any]) -> str:
        if "readerable" in record:
            return "true" if record["readerable"] else "false"
        return str(record[FORMATS[self.format]])

    def close(self) -> None:
        if self.format == "json" and self.many:
            self.stream.write("[]\n" if not self.count else "\n]\n")


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.split("\n"))


class Progress:
    """A one-line progress bar on standard error, redrawn at most ten times a second."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.started = time.monotonic()
        self.drawn = 0.0
        self.done = self.failed = 0

    def update(self, failed: bool) -> None:
        self.done += 1
        self.failed += failed
        now = time.monotonic()
        if self.enabled and now - self.drawn >= 0.1:
            self.drawn = now
            rate = self.done / max(now - self.started, 1e-9)
            sys.stderr.write(f"\r{self.done} pages, {self.failed} failed, {rate:.1f} pages/s ")
            sys.stderr.flush()

    def clear(self) -> None:
        if self.enabled and self.drawn:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()


def _show_progress(args: argparse.Namespace, many: bool) -> bool:
    """A bar for many pages, on a terminal, unless the output is piped on."""
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
    except UsageError as error:
        parser.error(str(error))
        return 2  # not reached: parser.error exits


def _run(args: argparse.Namespace) -> int:
    config = read_config(args)
    options = config.page
    if args.inputs.count("-") > 1:
        raise UsageError("standard input (-) can be read only once")
    many = args.warc or len(args.inputs) > 1 or any(name != "-" and Path(name).is_dir() for name in args.inputs)
    if args.url is not None and many:
        raise UsageError("--url applies to one page only")
    if args.workers is not None and args.workers < 1:
        raise UsageError("--workers must be at least 1")
    fmt = args.format or ("jsonl" if many else "json")
    workers = args.workers if args.workers is not None else (os.cpu_count() or 1) if many else 1

    output = OutputOptions(formats=(fmt,)) if fmt in FORMATS else options.output  # a plain format: that alone

    def make_job(page: Page, body: bytes) -> Job:
        if args.readerable:
            return Preflight(body, page.url, options.preflight, page.content_type)
        return Extraction(body, page.url, options.engine, output, page.content_type)

    failures: list[tuple[str, str, str]] = []  # (label, reason, detail)
    pages = iter_pages(args.inputs, args.url, args.warc, failures)
    stream: IO[str] = open(args.output, "w", encoding="utf-8") if args.output else sys.stdout
    writer = Output(stream, fmt, many)
    progress = Progress(_show_progress(args, many))
    reported = 0
    started = time.monotonic()
    try:
        for page, result in extract_pages(pages, make_job, pool_config(config, workers)):
            reported = _report(failures, reported, progress)
            if isinstance(result, Failed):
                failures.append((page.label, result.reason, result.detail))
                reported = _report(failures, reported, progress)
            else:
                fields = {"readerable": result.readerable} if isinstance(result, Judged) else result.fields
                writer.write(page.label, record_of(page.url, fields))
            progress.update(isinstance(result, Failed))
        reported = _report(failures, reported, progress)
    except WorkerStartError as error:
        progress.clear()
        print(
            f"{PROG}: the worker processes cannot start ({error}); --workers 1 extracts in this process",
            file=sys.stderr,
        )
        return 1
    finally:
        writer.close()
        if args.output:
            stream.close()
        progress.clear()
    seconds = time.monotonic() - started
    if many:
        _summary(progress.done, writer.count, failures, seconds)
    if not progress.done and not failures:
        print(f"{PROG}: no pages found in {' '.join(args.inputs)}", file=sys.stderr)
        return 1
    return 1 if failures else 0


def _report(failures: list[tuple[str, str, str]], reported: int, progress: Progress) -> int:
    """Print the failures not printed yet (each once, as soon as known)."""
    if reported < len(failures):
        progress.clear()
        for label, reason, detail in failures[reported:]:
            print(f"{PROG}: {label}: {reason}: {detail}", file=sys.stderr)
    return len(failures)


def _summary(pages: int, extracted: int, failures: list[tuple[str, str, str]], seconds: float) -> None:
    by_reason = Counter(reason for _label, reason, _detail in failures)
    failed = ", ".join(f"{reason} {count}" for reason, count in sorted(by_reason.items()))
    rate = pages / seconds if seconds > 0 else 0.0
    print(
        f"{PROG}: {pages} pages, {extracted} extracted, {len(failures)} failed"
        + (f" ({failed})" if failed else "")
        + f", {seconds:.1f} s ({rate:.1f} pages/s)",
        file=sys.stderr,
    )


if __name__ == "__main__":
    sys.exit(main())
