"""The pages of a ``scrapy-readability`` run: files, folders, standard input and web archives, read in order.

Paths are listed first (a folder's files sorted), so their number is known
before any is read; each file is then read when its turn comes. A web archive
is recognised by its first bytes (``WARC/``, gzipped or not), whatever its
name, and gives one page per HTML response record (2xx), which are not
counted in advance. An archive that breaks off or is corrupt gives the pages
before the damage, then fails with ``bad_warc`` and the byte offset.

A page's URL is where it came from (its ``file:`` URL, ``--url``, a record's
target URI); its *base* is what its relative links resolve against: none for
a file on disk, so they stay relative, unless ``--url`` or ``--base-url`` says
where the page is published.
"""

from __future__ import annotations

import contextlib
import gzip
import io
import sys
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any
from urllib.parse import quote

from scrapy_readability.engine.html.urls import resolve
from scrapy_readability.runtime.jobs import Failed

__all__ = [
    "HTML_SUFFIXES",
    "WARC_SUFFIXES",
    "Input",
    "Page",
    "is_warc",
    "list_inputs",
    "read_pages",
]

HTML_SUFFIXES = (".html", ".htm", ".html.gz", ".htm.gz")
WARC_SUFFIXES = (".warc", ".warc.gz")
GZIP_MAGIC = b"\x1f\x8b"
WARC_MAGIC = b"WARC/"
SNIFFED = 512  # bytes looked at to tell a web archive (a gzip header and the start of its first member)


@dataclass(frozen=True)
class Input:
    """One file to read (or ``-``), and its path inside the folder it was found in (for ``--base-url``)."""

    name: str
    relative: str


@dataclass(frozen=True)
class Page:
    """One page to extract, its bytes in hand, or why it could not be read (``failed``)."""

    label: str  # how it is reported: its path, "-", or a WARC record's target URI
    url: str | None  # where it came from, as the record shows it
    base: str | None  # what its relative links resolve against; None: they stay relative
    body: bytes = b""
    content_type: str | None = None
    from_archive: bool = False
    failed: Failed | None = None
    fetched: datetime | None = None  # a web archive record's WARC-Date: when the page was fetched


# --- Listing the inputs ----------------------------------------------------------------------


def _has_suffix(path: Path, suffixes: Sequence[str]) -> bool:
    name = path.name.lower()
    return any(name.endswith(suffix) for suffix in suffixes)


def list_inputs(names: Sequence[str], suffixes: Sequence[str]) -> list[Input]:
    """Files in the order given; a folder's files with one of ``suffixes``, recursively, in sorted order."""
    found = []
    for name in names:
        path = Path(name)
        if name != "-" and path.is_dir():
            files = sorted(p for p in path.rglob("*") if p.is_file() and _has_suffix(p, suffixes))
            found += [Input(str(p), p.relative_to(path).as_posix()) for p in files]
        else:
            found.append(Input(name, path.name if name != "-" else ""))
    return found


# --- Reading them ----------------------------------------------------------------------------


def read_pages(inputs: Sequence[Input], url: str | None, base_url: str | None, warc: bool) -> Iterator[Page]:
    """Each input's page, or each HTML response of an archive; ``warc``: every input is an archive."""
    for item in inputs:
        try:
            stream: IO[bytes] = sys.stdin.buffer if item.name == "-" else open(item.name, "rb")  # noqa: SIM115
        except OSError as error:
            yield Page(item.name, None, None, failed=Failed("unreadable", error.strerror or str(error)))
            continue
        with stream:
            if warc or is_warc(stream):
                yield from archive_pages(item.name, stream)
            else:
                page_url, base = _page_urls(item, url, base_url)
                yield _read_page(item.name, stream, page_url, base)


def is_warc(stream: Any) -> bool:
    """Whether the stream (a buffered reader: a file, standard input) starts like a web archive, gzipped or not."""
    head = stream.peek(SNIFFED)[:SNIFFED]
    if head[:2] == GZIP_MAGIC:
        try:
            head = zlib.decompressobj(wbits=31).decompress(head, len(WARC_MAGIC))
        except zlib.error:
            return False
    return bool(head.startswith(WARC_MAGIC))


def _page_urls(item: Input, url: str | None, base_url: str | None) -> tuple[str | None, str | None]:
    """The page's URL and base: ``--url``, or ``--base-url`` and its path in the folder, or its file: URL and none."""
    if url is not None:
        return url, url
    if base_url is not None:
        published = resolve(quote(item.relative), base_url if base_url.endswith("/") else base_url + "/")
        return published, published
    if item.name == "-":
        return None, None
    return Path(item.name).resolve().as_uri(), None


def _read_page(name: str, stream: IO[bytes], url: str | None, base: str | None) -> Page:
    """The page's bytes, gunzipped if they are gzipped (.html.gz, or on standard input)."""
    try:
        body = stream.read()
        if body[:2] == GZIP_MAGIC:
            body = gzip.decompress(body)
    except (OSError, EOFError, zlib.error) as error:  # gzip.BadGzipFile is an OSError
        return Page(name, url, base, failed=Failed("unreadable", getattr(error, "strerror", None) or str(error)))
    return Page(name, url, base, body)


# --- Web archives ---------------------------------------------------------------------------


class _BadWarc(Exception):
    def __init__(self, offset: int, message: str) -> None:
        super().__init__(f"at byte {offset}: {message}")


def archive_pages(name: str, stream: IO[bytes]) -> Iterator[Page]:
    """Every HTML response record (2xx) of a web archive; the damage, if any, as a last page that failed."""
    try:
        from warcio.archiveiterator import ArchiveIterator  # type: ignore[import-untyped]
    except ImportError:
        detail = 'a web archive; reading it needs warcio: pip install "scrapy-readability[warc]"'
        yield Page(name, None, None, failed=Failed("unreadable", detail))
        return
    records = ArchiveIterator(stream, check_digests=True)
    try:
        while (record := _next_record(records)) is not None:
            page = _record_page(name, record, records.offset)
            if page is not None:
                yield page
        _check_end(records.fh, stream, records.offset)
    except _BadWarc as error:
        yield _bad_warc(name, str(error))
    except Exception as error:  # warcio, zlib: the archive is corrupt from there on
        yield _bad_warc(
            name, f"at byte {records.offset}: unreadable from there ({type(error).__name__}: {_brief(error)})"
        )


def _next_record(records: Any) -> Any:
    """The next record (its start is ``records.offset``), or None; _BadWarc if the last one overran its length.

    warcio prints its own warning about such a record on standard error: kept out, it is reported here.
    """
    with contextlib.redirect_stderr(io.StringIO()):
        record = next(records, None)
    if records.err_count:
        raise _BadWarc(records.offset, "a record does not end where its Content-Length says")
    return record


def _brief(error: Exception) -> str:
    """The error's message, one printable line (warcio quotes the bytes it could not read)."""
    text = str(error).split(", first line:")[0]
    text = "".join(c if c.isprintable() else "?" for c in text)
    return text if len(text) <= 100 else text[:99] + "…"


def _warc_date(record: Any) -> datetime | None:
    """The record's ``WARC-Date`` (ISO 8601, UTC), or ``None``."""
    value = record.rec_headers.get_header("WARC-Date") or ""
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _record_page(name: str, record: Any, offset: int) -> Page | None:
    """The page of one record, if it is an HTML response (2xx) and whole; _BadWarc if it is cut short."""
    http = record.http_headers if record.rec_type == "response" else None
    content_type = (http.get_header("Content-Type") or "") if http is not None else ""
    status = (http.get_statuscode() or "") if http is not None else ""
    wanted = "html" in content_type.lower() and status.startswith("2")
    body = record.content_stream().read() if wanted else b""
    while record.raw_stream.read(1 << 16):  # the rest of the record, as far as the file goes
        pass
    missing = getattr(record.raw_stream, "limit", 0)  # what its Content-Length promised and the file lacks
    if missing:
        raise _BadWarc(offset, f"the record is cut short ({missing} of its {record.length} bytes missing)")
    if not wanted:
        return None
    uri = record.rec_headers.get_header("WARC-Target-URI")
    if record.digest_checker.passed is False:  # damaged inside: this record fails, the next ones may be whole
        return _bad_warc(name, f"at byte {offset}: the record of {uri} does not match its digest")
    return Page(uri or name, uri, uri, body, content_type, from_archive=True, fetched=_warc_date(record))


def _check_end(read: Any, stream: IO[bytes], offset: int) -> None:
    """_BadWarc if bytes are left after the last record read (a gzip member cut short, say).

    ``read`` is the file as warcio reads it (its ``tell()`` counts what it took, read-ahead included).
    """
    size = read.tell() + sum(len(chunk) for chunk in iter(lambda: stream.read(1 << 16), b""))
    if size > offset:
        raise _BadWarc(
            offset, f"{size - offset} bytes after the last whole record are unreadable (cut short or corrupt)"
        )


def _bad_warc(name: str, detail: str) -> Page:
    return Page(name, None, None, from_archive=True, failed=Failed("bad_warc", detail))
