"""End-to-end: a real crawl that mixes good articles with the hostile-input matrix.

The local server sends every case of ``tests/engine/hostile_inputs.py`` (scaled
down) as ``text/html``, binary bodies included, as a careless server would, plus
three good articles and a page on which the engine raises. The crawl must
finish, every good article must reach the feed, every failed page must be
counted under ``readability/failed/<reason>`` and logged once with its URL,
and with ``READABILITY_FAILURE_ACTION=keep`` every failed page is in the feed
with its reason.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
import threading

import pytest

sys.path.insert(0, str(Path(__file__).with_name("engine")))
from hostile_inputs import CASES, UNIT_SCALE, page  # noqa: E402

from hostile_crawl_spider import FORCE_ERROR_MARKER  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SPIDER = Path(__file__).with_name("hostile_crawl_spider.py")

GOOD = {
    f"/good/{n}": page(
        "".join(f"<p>{sentence} Article {n}, paragraph {i}, keeps its own words.</p>" for i in range(8)),
        title=f"Good article number {n} - The Daily",
    )
    for n, sentence in enumerate(
        [
            "The river rose two metres overnight, and by morning the lower town was under water.",
            "A new survey of the old harbour wall found that its foundations are sound after all.",
            "The choir that sang at the opening of the bridge in 1962 met again this weekend.",
        ]
    )
}
FORCED = {"/forced-error": page(f"<p>{FORCE_ERROR_MARKER} " + "Some ordinary words here. " * 40 + "</p>")}


def hostile_pages() -> dict[str, bytes]:
    pages: dict[str, bytes] = {}
    for case in CASES:
        body = case.make(UNIT_SCALE if case.big else 1.0)
        pages[f"/hostile/{case.name}"] = body if isinstance(body, bytes) else body.encode("utf-8", "surrogatepass")
    return pages


@contextmanager
def serve(pages: dict[str, bytes]) -> Iterator[str]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802
            body = pages.get(self.path)
            if body is None:
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/html")  # for every page, binary ones too
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    timer = threading.Timer(180, server.shutdown)  # stops by itself, whatever happens
    timer.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        timer.cancel()
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[str, dict[str, bytes]]]:
    pages = {**{k: v.encode() for k, v in {**GOOD, **FORCED}.items()}, **hostile_pages()}
    with serve(pages) as base_url:
        yield base_url, pages


def crawl(tmp_path: Path, base_url: str, paths: list[str], *settings: str):
    feed, stats = tmp_path / "items.jsonl", tmp_path / "stats.json"
    args = [sys.executable, "-m", "scrapy", "runspider", str(SPIDER), "-O", str(feed)]
    args += ["-a", "start_urls=" + ",".join(base_url + p for p in paths), "-a", f"stats_path={stats}"]
    args += ["-s", "LOG_LEVEL=INFO"]
    for setting in settings:
        args += ["-s", setting]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), str(ROOT / "tests"), os.environ.get("PYTHONPATH")]))}
    result = subprocess.run(args, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=170)
    (tmp_path / "log.txt").write_text(result.stderr)
    assert result.returncode == 0, result.stderr[-3000:]
    # JSON Lines are split on "\n" only: str.splitlines() would also split on U+2028 in the text.
    items = [json.loads(line) for line in feed.read_text(encoding="utf-8").split("\n") if line]
    return {item["url"][len(base_url):]: item for item in items}, json.loads(stats.read_text()), result.stderr


def failed_paths(log: str, base_url: str) -> list[str]:
    return [m.group(1)[len(base_url):] for m in re.finditer(r"No article in (\S+): ", log)]


@pytest.mark.parametrize("action", ["drop", "keep"])
def test_crawl_over_hostile_pages_loses_nothing(site, tmp_path, action):
    base_url, pages = site
    items, stats, log = crawl(tmp_path, base_url, sorted(pages), f"READABILITY_FAILURE_ACTION={action}")

    assert "Spider closed (finished)" in log
    # Scrapy itself fails on one page before our components see it: its meta-refresh
    # middleware (which runs before ours) calls w3lib's get_base_url, which raises
    # ValueError on the page's "http://[" <base href>. Every other page reaches us.
    lost_upstream = re.findall(r"Error downloading <GET \S+?(/hostile/\w+)>", log)
    assert lost_upstream == ["/hostile/invalid_base_href"]
    assert log.count("Traceback") == 1
    reached = len(pages) - len(lost_upstream)

    # Every good article reaches the feed, with its text.
    for path, html in GOOD.items():
        item = items[path]
        assert item["title"].startswith("Good article number"), item
        assert "keeps its own words" in item["text_content"]

    # Every page is either extracted or failed, each failure counted by reason and logged once.
    extracted = stats.get("readability/extracted", 0)
    failed = stats.get("readability/failed", 0)
    assert extracted + failed == reached
    by_reason = {k.rsplit("/", 1)[1]: v for k, v in stats.items() if k.startswith("readability/failed/")}
    assert sum(by_reason.values()) == failed
    assert by_reason.get("exception") == 1  # the forced engine error, and nothing else unexpected
    logged = failed_paths(log, base_url)
    assert sorted(logged) == sorted(set(logged)) and len(logged) == failed
    assert "/forced-error" in logged

    if action == "keep":
        assert len(items) == reached
        for path in logged:
            assert items[path]["readability_error"], items[path]
            assert items[path]["title"] is None
    else:
        assert len(items) == extracted
        assert not set(logged) & set(items)
    print(f"\n{action}: {len(pages)} pages, {reached} reached us, {extracted} extracted, {failed} failed {by_reason}")
