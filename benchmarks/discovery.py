#!/usr/bin/env python
"""Finding a site's articles: scrapy-readability's ArticleSpider against trafilatura's discovery, on the same sites.

    python benchmarks/discovery.py                 # the four publishers of testkit/publishers.py
    python benchmarks/discovery.py --json out.json

The sites are the test suite's publishers (real article bodies from the vendored
Mozilla pages; a sitemap-only site, a feed-only site, a site of sections and
pagination, a site of traps), each served on 127.0.0.1 afresh for every run.

- ours: ``scrapy-readability crawl URL`` (strategy ``full``, the defaults but
  AutoThrottle, whose start delay would only add waiting), then the same with
  ``--strategy sitemap`` and ``--strategy feed``; and the incremental crawl: a
  second run with the first run's ``--state`` after the site published one more
  article.
- trafilatura (the ``bench`` extra): its command line, ``--sitemap``,
  ``--feed`` (each with ``--list``) and ``--crawl`` (which visits 30 pages),
  and its ``focused_crawler`` with a budget of 200 pages, where the command
  line stops short. Its downloads refuse loopback addresses and its URL
  filter refuses IP hosts, so it runs in a process of its own with a config
  file that turns ``SSRF_PROTECTION`` off and ``SLEEP_TIME`` to 0, and a name
  resolver that sends ``<publisher>.test`` to 127.0.0.1
  (``trafilatura_discovery.py``, shared with ``realsites.py``).

For each: recall (the site's articles listed), precision (of what was listed,
the articles; trafilatura lists URLs, it does not tell articles from other
pages, and its URLs are compared by our ``url_key``, which forgives tracking
parameters, ``www.``, trailing slashes), the requests the site answered, and
those per article found. trafilatura keeps no state between runs: it has no
incremental figure.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.trafilatura_discovery import CRAWL_BUDGET, label, trafilatura_config  # noqa: E402
from benchmarks.trafilatura_discovery import run as run_trafilatura  # noqa: E402
from scrapy_readability.spiders.urls import url_key  # noqa: E402
from testkit.localserver import LocalSite, PageLike, serve  # noqa: E402
from testkit.publishers import PUBLISHERS, Publisher, build, requested_articles, score  # noqa: E402


@dataclass
class Row:
    publisher: str
    tool: str
    articles: int
    found: int
    listed: int
    requests: int
    seconds: float
    incremental_requests: int | None = None
    incremental_refetched: int | None = None

    @property
    def recall(self) -> float:
        return self.found / self.articles if self.articles else 1.0

    @property
    def precision(self) -> float:
        return self.found / self.listed if self.listed else 0.0


@contextmanager
def publisher_site(name: str, host: str = "127.0.0.1") -> Iterator[tuple[Publisher, LocalSite]]:
    pages: dict[str, PageLike] = {}
    holder: list[Publisher] = []
    with serve(pages, fallback=lambda path: holder[0].fallback(path) if holder else None) as site:
        publisher = build(name, site.url.replace("127.0.0.1", host))
        pages.update(publisher.pages)
        holder.append(publisher)
        yield publisher, site


# --- ours ------------------------------------------------------------------------------------------


def run_ours(folder: Path, url: str, *args: str) -> list[str]:
    feed = folder / "feed.jsonl"
    feed.unlink(missing_ok=True)
    command = [
        sys.executable,
        "-m",
        "scrapy_readability.cli.crawl",
        url,
        "-O",
        str(feed),
        "-s",
        "AUTOTHROTTLE_ENABLED=0",
        *args,
    ]
    done = subprocess.run(
        command, capture_output=True, text=True, cwd=folder, env={**os.environ, "PYTHONPATH": str(ROOT)}
    )
    if done.returncode != 0:
        print(done.stderr[-2000:], file=sys.stderr)
    return (
        [json.loads(line)["url"] for line in feed.read_text(encoding="utf-8").splitlines() if line]
        if feed.exists()
        else []
    )


def ours(name: str, strategy: str, folder: Path) -> Row:
    with publisher_site(name) as (publisher, site):
        state = folder / f"state-{name}-{strategy}"
        shutil.rmtree(state, ignore_errors=True)
        args = ["--strategy", strategy, "--state", str(state)]
        truth = publisher.truth()
        started = time.perf_counter()
        urls = run_ours(folder, site.url + "/", *args)
        seconds = time.perf_counter() - started
        first = len(site.requests)
        publisher.publish_new()
        run_ours(folder, site.url + "/", *args)
        second = site.requests[first:]
        refetched = [
            path for path in requested_articles(publisher, second) if publisher.base + path != publisher.new_article
        ]
        result = score(truth, urls, first)
        return Row(
            name,
            f"ours --strategy {strategy}",
            result.articles,
            result.found,
            result.emitted,
            first,
            seconds,
            len(second),
            len(refetched),
        )


# --- trafilatura ------------------------------------------------------------------------------------


def trafilatura(name: str, mode: str, folder: Path, config: Path) -> Row:
    with publisher_site(name, host=f"{name}.test") as (publisher, site):
        url = publisher.base + "/"
        urls, seconds = run_trafilatura(mode, url, folder, config, budget=CRAWL_BUDGET)
        listed = {url_key(line) for line in urls}
        truth = {url_key(article) for article in publisher.truth()}
        return Row(
            name, label(mode, CRAWL_BUDGET), len(truth), len(truth & listed), len(listed), len(site.requests), seconds
        )


# --- report ---------------------------------------------------------------------------------------


def table(rows: list[Row]) -> str:
    lines = [
        "| site | tool | recall | precision | requests | requests / article found | seconds | "
        "incremental run: requests (known articles fetched) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        per = f"{row.requests / row.found:.2f}" if row.found else "-"
        incremental = (
            "-" if row.incremental_requests is None else f"{row.incremental_requests} ({row.incremental_refetched})"
        )
        lines.append(
            f"| {row.publisher} | {row.tool} | {row.found}/{row.articles} ({row.recall:.0%}) | "
            f"{row.found}/{row.listed} ({row.precision:.0%}) | {row.requests} | {per} | {row.seconds:.1f} | "
            f"{incremental} |"
        )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", metavar="FILE", help="also write the rows as JSON")
    parser.add_argument("--publishers", default=",".join(PUBLISHERS), help="a subset, comma-separated")
    parser.add_argument("--no-trafilatura", action="store_true", help="ours only")
    args = parser.parse_args()
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        config = None if args.no_trafilatura else trafilatura_config(folder)
        for name in args.publishers.split(","):
            strategies = ["full"] + (["sitemap"] if name == "gazette" else ["feed"] if name == "weekly" else [])
            for strategy in strategies:
                rows.append(ours(name, strategy, folder))
                print(table(rows[-1:]).splitlines()[-1], file=sys.stderr)
            if config is not None:
                for mode in ("sitemap", "feed", "crawl", "focused"):
                    rows.append(trafilatura(name, mode, folder, config))
                    print(table(rows[-1:]).splitlines()[-1], file=sys.stderr)
    print(table(rows))
    if args.json:
        Path(args.json).write_text(json.dumps([asdict(row) for row in rows], indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
