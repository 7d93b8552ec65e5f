"""The one local HTTP server of the test suite: pages kept in memory, served on 127.0.0.1.

A page is a :class:`Page` (status, content type, extra headers, body), or just
bytes or text served as ``text/html``. A path not in the pages is asked of
``fallback`` if given (pages made on demand: a calendar without end); else it
gets a 404 HTML page. ``HEAD`` is answered as ``GET`` is, without the body. The
running server records every path it was asked for, so a test can tell what a
crawl fetched (robots.txt rules, dropped requests, duplicates). A test can
pause the site (:meth:`LocalSite.paused`): requests wait, unanswered, until it
resumes, so a crawl's progress can be held still at a moment the test chose.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

NOT_FOUND_BODY = b"<!DOCTYPE html><html><head><title>Not found</title></head><body><p>Not found</p></body></html>"


@dataclass(frozen=True)
class Page:
    """One response: ``Page(body)`` is a 200 ``text/html`` page; a redirect is ``Page.redirect(to)``."""

    body: bytes | str = b""
    content_type: str = "text/html; charset=utf-8"
    status: int = 200
    headers: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def redirect(cls, location: str, status: int = 301) -> Page:
        return cls(status=status, headers={"Location": location})

    @property
    def payload(self) -> bytes:
        return self.body.encode("utf-8", "surrogatepass") if isinstance(self.body, str) else self.body


PageLike = Page | bytes | str | Callable[[], Page]
"""What a path may map to; a callable is asked for its page on every request."""


def as_page(page: PageLike) -> Page:
    if isinstance(page, Page):
        return page
    if callable(page):
        return page()
    return Page(page)


@dataclass
class LocalSite:
    """A running server: its base URL (no trailing slash) and the paths answered, in order."""

    url: str
    requests: list[str]
    open: threading.Event = field(default_factory=threading.Event)  # cleared: requests wait, unanswered

    def __post_init__(self) -> None:
        self.open.set()

    def __str__(self) -> str:
        return self.url

    def fetched(self, path: str) -> int:
        """How many times ``path`` was requested."""
        return self.requests.count(path)

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Hold every request that arrives (a page being sent is finished) until the block ends."""
        self.open.clear()
        try:
            yield
        finally:
            self.open.set()


@contextmanager
def serve(
    pages: Mapping[str, PageLike],
    *,
    lifetime: float = 300.0,
    fallback: Callable[[str], PageLike | None] | None = None,
) -> Iterator[LocalSite]:
    """Serve ``pages`` (by path, query string included) on an ephemeral port of 127.0.0.1.

    The server stops on exit, or after ``lifetime`` seconds whatever happens.
    """
    site = LocalSite("", [])
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        timeout = 10  # a stuck client cannot hold a thread for long

        def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
            self.answer(with_body=True)

        def do_HEAD(self) -> None:  # noqa: N802
            self.answer(with_body=False)

        def answer(self, with_body: bool) -> None:
            site.open.wait(lifetime)  # a paused site answers when it resumes
            with lock:
                site.requests.append(self.path)
            found = pages.get(self.path)
            if found is None and fallback is not None:
                found = fallback(self.path)
            page = as_page(found) if found is not None else Page(NOT_FOUND_BODY, status=404)
            body = page.payload
            self.send_response(page.status)
            if page.status < 300 or page.status >= 400 or body:
                self.send_header("Content-Type", page.content_type)
            for name, value in page.headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if with_body:
                try:
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client hung up: a crawler that refuses a body too large

        def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - keep test output quiet
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    deadline = threading.Timer(lifetime, server.shutdown)
    deadline.daemon = True
    deadline.start()
    try:
        site.url = f"http://127.0.0.1:{server.server_address[1]}"
        yield site
    finally:
        site.open.set()  # no handler thread left waiting
        deadline.cancel()
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
