"""``scrapy-readability`` (also ``python -m scrapy_readability``): articles from pages on disk.

    scrapy-readability page.html                  # one page: a JSON object
    scrapy-readability -f markdown page.html      # its Markdown
    scrapy-readability pages/ -o articles.jsonl   # a folder (recursive): JSON lines
    scrapy-readability --warc crawl.warc.gz       # every HTML response of a web archive
    curl -s URL | scrapy-readability --url URL -  # standard input

Exit status: 0 when every page gave an article (or a verdict), 1 when some
did not (each one is reported on standard error with its path and reason),
2 for bad usage. Output follows input order, whatever the number of workers.
"""

from __future__ import annotations

import argparse
import gzip
import json
import multiprocessing
import os
import stat
import sys
import time
from collections import Counter, deque
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, Any

from scrapy_readability.engine.article import FORMATS

PROG = "scrapy-readability"
OUTPUT_FORMATS = ("json", "jsonl", "html", "text", "markdown")
HTML_SUFFIXES = (".html", ".htm", ".html.gz", ".htm.gz")
WARC_SUFFIXES = (".warc", ".warc.gz")
# Metadata first, the long representations last, as in the crawl's feed.
METADATA = ("title", "byline", "site_name", "published_time", "lang", "dir", "excerpt", "length", "attempt")


@dataclass(frozen=True)
class Page:
    """One page to extract: a file (read by the worker) or bytes already in hand."""

    label: str  # how it is reported: its path, "-", or a WARC record's target URI
    url: str | None
    path: str | None = None
    body: bytes | None = None
    content_type: str | None = None


@dataclass(frozen=True)
class Task:
    page: Page
    options: dict[str, Any]  # Readability's keyword arguments, plain values
    preflight: dict[str, Any]  # is_probably_readable's
    formats: tuple[str, ...]
    readerable_only: bool


class UsageError(Exception):
    pass


# --- Options ------------------------------------------------------------------------------


def _page_options() -> list[Any]:
    from scrapy_readability.settings import _PAGE_OPTIONS

    return list(_PAGE_OPTIONS)


def option_flag(setting: str) -> str:
    """``READABILITY_CHAR_THRESHOLD`` -> ``--char-threshold``: the settings' names, on the command line."""
    return "--" + setting.removeprefix("READABILITY_").lower().replace("_", "-")


def add_page_options(parser: argparse.ArgumentParser) -> None:
    """One flag per per-page setting (``--policy``, ``--char-threshold``, ...), from the settings' own table."""
    from scrapy_readability.settings import PageOptions

    group = parser.add_argument_group("extraction options (as the READABILITY_* settings of the same names)")
    defaults = PageOptions()
    for option in _page_options():
        default = getattr(defaults, option.key)
        flag = option_flag(option.setting)
        if isinstance(default, bool):
            group.add_argument(
                flag, dest=option.key, action=argparse.BooleanOptionalAction, default=None,
                help=f"(default: {default})",
            )
        else:
            shown = ",".join(default) if isinstance(default, tuple) else default
            group.add_argument(
                flag, dest=option.key, default=None, metavar="VALUE",
                help=f"{option.accepted} (default: {shown if shown not in ('', ()) else 'none'})",
            )


def page_option_changes(args: argparse.Namespace) -> dict[str, Any]:
    """The options the flags set, validated as the settings are (``ReadabilityConfigError`` if not)."""
    changes = {}
    for option in _page_options():
        value = getattr(args, option.key, None)
        if value is not None:
            changes[option.key] = option.read(value, option_flag(option.setting))
    return changes


def page_option_values(args: argparse.Namespace) -> Any:
    """The PageOptions of this run: the settings' defaults, changed by the flags."""
    from scrapy_readability.settings import PageOptions, ReadabilityConfigError

    try:
        return replace(PageOptions(), **page_option_changes(args))
    except ReadabilityConfigError as error:
        raise UsageError(str(error)) from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Extract the article of HTML pages on disk with scrapy-readability (Readability.js on lxml).",
        epilog="Exit status: 0 all pages extracted, 1 some failed (reported on stderr), 2 bad usage.",
    )
    parser.add_argument(
        "inputs", nargs="+", metavar="PATH",
        help="HTML files (.html, .htm, also gzipped), folders (searched recursively), or - for standard input",
    )
    parser.add_argument(
        "-f", "--format", choices=OUTPUT_FORMATS,
        help="output format (default: json for one page, jsonl for many)",
    )
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    parser.add_argument("--url", help="the page's URL, to resolve its links (one page only; default: its file: URL)")
    parser.add_argument(
        "--workers", type=int, metavar="N",
        help="worker processes (default: the number of cores for many pages, none for one)",
    )
    parser.add_argument("--readerable", action="store_true", help="print the preflight verdict only")
    parser.add_argument(
        "--warc", action="store_true",
        help="read web archives (.warc, .warc.gz): every HTML response record (pip install scrapy-readability[warc])",
    )
    parser.add_argument("--no-progress", dest="progress", action="store_false", help="never show a progress bar")
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


def iter_pages(inputs: Sequence[str], url: str | None, warc: bool, failures: list[tuple[str, str, str]]) -> Iterator[Page]:
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


# --- Extracting one page (in a worker process, or in this one) -----------------------------


def extract(task: Task) -> dict[str, Any]:
    """The article (or verdict) of one page as a JSON-ready dict, or ``{"failure", "detail"}``."""
    from scrapy_readability.engine import Readability, ReadabilityError, TooManyElementsError, is_probably_readable
    from scrapy_readability.engine.parsing import parse_html

    page = task.page
    try:
        body = page.body
        if body is None:
            assert page.path is not None
            body = Path(page.path).read_bytes()
        if body[:2] == b"\x1f\x8b":  # gzipped (.html.gz, or on standard input)
            body = gzip.decompress(body)
    except (OSError, EOFError, gzip.BadGzipFile) as error:
        return {"failure": "unreadable", "detail": getattr(error, "strerror", None) or str(error)}
    try:
        root = parse_html(body, page.content_type)
        if task.readerable_only:
            return {"url": page.url, "readerable": is_probably_readable(root, **task.preflight)}
        article = Readability(root, page.url, **task.options).parse()
    except TooManyElementsError as error:
        return {"failure": "too_many_elements", "detail": str(error)}
    except ReadabilityError as error:
        return {"failure": "engine_error", "detail": f"{type(error).__name__}: {error}"}
    except Exception as error:  # a bug; reported, and the other pages carry on
        return {"failure": "exception", "detail": f"{type(error).__name__}: {error}"}
    if article is None:
        return {"failure": "no_article", "detail": "the page has no readable content"}
    data = article.to_dict(task.formats)
    record = {"url": page.url, **{key: data[key] for key in METADATA}}
    record.update((key, value) for key, value in data.items() if key not in record)
    return record


def run_tasks(tasks: Iterable[Task], workers: int) -> Iterator[tuple[Task, dict[str, Any]]]:
    """Each task with its result, in input order; ``workers`` > 1 extracts in that many processes."""
    if workers <= 1:
        for task in tasks:
            yield task, extract(task)
        return
    context = multiprocessing.get_context("forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn")
    pending: deque[tuple[Task, Future[dict[str, Any]]]] = deque()
    executor = ProcessPoolExecutor(workers, mp_context=context)
    try:
        for task in tasks:
            pending.append((task, executor.submit(extract, task)))
            while len(pending) >= workers * 4:  # a bounded window: a big archive is never all in memory
                yield _result(pending.popleft())
        while pending:
            yield _result(pending.popleft())
    finally:
        executor.shutdown(cancel_futures=True)


def _result(entry: tuple[Task, Future[dict[str, Any]]]) -> tuple[Task, dict[str, Any]]:
    task, future = entry
    try:
        return task, future.result()
    except BrokenProcessPool:
        return task, {"failure": "worker_died", "detail": "the worker process extracting it died"}


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
    options = page_option_values(args)
    if args.inputs.count("-") > 1:
        raise UsageError("standard input (-) can be read only once")
    many = args.warc or len(args.inputs) > 1 or any(name != "-" and Path(name).is_dir() for name in args.inputs)
    if args.url is not None and many:
        raise UsageError("--url applies to one page only")
    if args.workers is not None and args.workers < 1:
        raise UsageError("--workers must be at least 1")
    fmt = args.format or ("jsonl" if many else "json")
    workers = args.workers if args.workers is not None else (os.cpu_count() or 1) if many else 1

    formats = (fmt,) if fmt in FORMATS else options.formats  # a plain format: that representation alone
    failures: list[tuple[str, str, str]] = []  # (label, reason, detail)
    tasks = (
        Task(page, options.engine_options(), options.preflight_kwargs(), formats, args.readerable)
        for page in iter_pages(args.inputs, args.url, args.warc, failures)
    )
    stream: IO[str] = open(args.output, "w", encoding="utf-8") if args.output else sys.stdout
    output = Output(stream, fmt, many)
    progress = Progress(_show_progress(args, many))
    reported = 0
    started = time.monotonic()
    try:
        for task, result in run_tasks(tasks, workers):
            reported = _report(failures, reported, progress)
            if "failure" in result:
                failures.append((task.page.label, result["failure"], result["detail"]))
                reported = _report(failures, reported, progress)
            else:
                output.write(task.page.label, result)
            progress.update("failure" in result)
        reported = _report(failures, reported, progress)
    finally:
        output.close()
        if args.output:
            stream.close()
        progress.clear()
    seconds = time.monotonic() - started
    if many:
        _summary(progress.done, output.count, failures, seconds)
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
