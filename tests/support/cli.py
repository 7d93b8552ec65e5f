"""Running ``scrapy-readability`` as a user runs it (a subprocess), and the pages its tests give it."""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from testkit.crawling import run, subprocess_env

PARAGRAPH = "<p>" + "A sentence of the story, long enough to count for something here. " * 10 + "</p>"
NO_ARTICLE = "<html><head><title>Empty</title></head><body></body></html>"
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4


def article_page(title: str, extra: str = "", charset: str = "utf-8") -> str:
    return (
        f'<html><head><meta charset="{charset}"><title>{title}</title></head><body>'
        f'<article><h2>About {title}</h2>{PARAGRAPH}<p>See <a href="/next.html">the next page</a>.</p>'
        f"{extra}{PARAGRAPH}</article></body></html>"
    )


def cli(tmp_path: Path, *args: str, input: str | None = None) -> subprocess.CompletedProcess[str]:
    return run(["-m", "scrapy_readability", *args], tmp_path, input=input)


def on_terminal(args: Sequence[str], cwd: Path | None = None, timeout: float = 120) -> tuple[int, bytes]:
    """``python ARGS`` with its standard error on a terminal (a pseudo-terminal; its output to nowhere):
    its exit status, and what it wrote there."""
    leader, follower = pty.openpty()
    try:
        shown = subprocess.run(
            [sys.executable, *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=follower,
            env=subprocess_env(),
            cwd=cwd,
            timeout=timeout,
        )
        os.close(follower)
        written = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # EIO: the command has ended and closed its side
                break
            if not chunk:
                break
            written += chunk
    finally:
        os.close(leader)
    return shown.returncode, written


def cli_with_engine(tmp_path: Path, engine: str, *args: str) -> subprocess.CompletedProcess[str]:
    """The command line with a stand-in engine of tests/support/engine_stubs.py (by dotted path, as in a crawl)."""
    return cli(tmp_path, "-s", f"READABILITY_ENGINE={engine}", *args)


def web_archive(
    responses: list[tuple[str, str, str, bytes]], gzipped: bool = True, warc_date: str | None = None
) -> bytes:
    """A WARC file (warcio's writer) of (URI, HTTP status line, Content-Type, body) responses, each after a request;
    their ``WARC-Date`` is ``warc_date`` if given (ISO 8601), else the time of writing."""
    return web_archive_and_offsets(responses, gzipped, warc_date)[0]


def web_archive_and_offsets(
    responses: list[tuple[str, str, str, bytes]], gzipped: bool = True, warc_date: str | None = None
) -> tuple[bytes, list[int]]:
    """The WARC file of :func:`web_archive`, and the byte offset where each response record starts."""
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    stream = io.BytesIO()
    writer = WARCWriter(stream, gzip=gzipped)
    offsets = []
    for uri, status, content_type, body in responses:
        request = StatusAndHeaders("GET / HTTP/1.1", [("Host", "news.example")], is_http_request=True)
        writer.write_record(writer.create_warc_record(uri, "request", http_headers=request))
        offsets.append(stream.tell())
        http = StatusAndHeaders(status, [("Content-Type", content_type)], protocol="HTTP/1.1")
        dated = {"WARC-Date": warc_date} if warc_date else None
        record = writer.create_warc_record(
            uri, "response", payload=io.BytesIO(body), http_headers=http, warc_headers_dict=dated
        )
        writer.write_record(record)
    return stream.getvalue(), offsets
