"""What ``scrapy-readability`` prints: records, progress, summary; what its failures and exit statuses mean.

:data:`FAILURE_REASONS` and :data:`EXIT_STATUSES` are the one list of each;
the README's tables are written from them (``docs/settings_table.py``).
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from collections.abc import Iterable
from typing import IO, Any

from scrapy_readability.engine.outputs.article import FORMATS
from scrapy_readability.runtime import jobs

__all__ = [
    "EXIT_STATUSES",
    "FAILURE_REASONS",
    "Output",
    "Progress",
    "exit_status_table",
    "failure_reasons_table",
    "summary",
]

PROG = "scrapy-readability"

FAILURE_REASONS = {
    **jobs.FAILURE_REASONS,
    "unreadable": "the file could not be read (permissions, a corrupt gzip file; an archive without warcio)",
    "bad_warc": "a web archive breaks off or is corrupt: the pages before the damage are extracted, "
    "and the message gives its byte offset",
}
"""Why a page fails on the command line: the extraction's (``runtime/jobs.py``, a crawl's too), and the reading's."""

PIPE_CLOSED = 141  # 128 + SIGPIPE, as a shell reports a process that signal ended

EXIT_STATUSES = {
    0: "every page gave an article (with `--readerable`, a verdict)",
    1: "some pages did not (each one is reported on standard error with its path and reason), or none were found",
    2: "bad usage: an unknown flag, a bad value, a path that does not exist",
    PIPE_CLOSED: "the reader of the output went away (a `head` that had its lines): the command stopped quietly, "
    "as one that SIGPIPE ended",
}
"""The command's exit statuses."""


def failure_reasons_table() -> str:
    """The README's table of failure reasons."""
    lines = ["| Reason | What it means |", "|---|---|"]
    lines += [f"| `{reason}` | {meaning} |" for reason, meaning in FAILURE_REASONS.items()]
    return "\n".join(lines) + "\n"


def exit_status_table() -> str:
    """The README's table of exit statuses."""
    lines = ["| Exit status | When |", "|---|---|"]
    lines += [f"| {status} | {meaning} |" for status, meaning in EXIT_STATUSES.items()]
    return "\n".join(lines) + "\n"


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
            self.stream.flush()


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.split("\n"))


class Progress:
    """A one-line progress bar on standard error, redrawn at most ten times a second.

    With the number of pages known (``total``): done / total, the rate and the time left;
    without it (an archive's records are not counted in advance), done and the rate.
    """

    def __init__(self, enabled: bool, total: int | None) -> None:
        self.enabled = enabled
        self.total = total
        self.started = time.monotonic()
        self.drawn = 0.0
        self.done = self.failed = 0

    def update(self, failed: bool) -> None:
        self.done += 1
        self.failed += failed
        now = time.monotonic()
        if self.enabled and now - self.drawn >= 0.1:
            self.drawn = now
            sys.stderr.write("\r" + self.line(now - self.started) + "\x1b[K")
            sys.stderr.flush()

    def line(self, seconds: float) -> str:
        rate = self.done / max(seconds, 1e-9)
        if self.total is None or self.done > self.total:
            return f"{self.done} pages, {self.failed} failed, {rate:.1f} pages/s"
        left = (self.total - self.done) / rate if rate else 0.0
        return f"{self.done}/{self.total} pages, {self.failed} failed, {rate:.1f} pages/s, {_duration(left)} left"

    def clear(self) -> None:
        if self.enabled and self.drawn:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()


def _duration(seconds: float) -> str:
    """``42 s``, ``3 min 20 s``, ``2 h 05 min``."""
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60:02} s"
    return f"{whole // 3600} h {whole % 3600 // 60:02} min"


def summary(pages: int, extracted: int, reasons: Iterable[str], seconds: float) -> str:
    """The run's last line: pages, extracted, failed by reason, seconds."""
    by_reason = Counter(reasons)
    failed = ", ".join(f"{reason} {count}" for reason, count in sorted(by_reason.items()))
    rate = pages / seconds if seconds > 0 else 0.0
    return (
        f"{PROG}: {pages} pages, {extracted} extracted, {sum(by_reason.values())} failed"
        + (f" ({failed})" if failed else "")
        + f", {seconds:.1f} s ({rate:.1f} pages/s)"
    )
