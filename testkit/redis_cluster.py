"""Two crawlers sharing one scrapy-redis queue, as on two machines: start them, stop or kill one, restart it, count.

Each crawler is ``scrapy runspider tests/redis_spider.py`` in a process group
of its own, with our add-on, ``READABILITY_WORKERS = 1`` and a feed of its
own; both push their items to one Redis list too (``RedisItemPipeline``). The
spider reads its start URL from Redis, as a ``RedisSpider`` does. Used by
tests/test_redis.py and benchmarks/redis_cluster.py.
"""

from __future__ import annotations

import json
import random
import signal
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import redis

from testkit.crawling import SPIDERS, CrawlResult, RunningCrawl, start_crawl
from testkit.localserver import LocalSite

SPIDER = SPIDERS / "redis_spider.py"
SPIDER_NAME = "news"
QUEUE_KEY = f"{SPIDER_NAME}:requests"
ITEMS_KEY = f"{SPIDER_NAME}:items"
START_URLS_KEY = f"{SPIDER_NAME}:start_urls"
CRASH_SAFE_SCHEDULER = "scrapy_readability.contrib.crashsafe.CrashSafeScheduler"
PLAIN_SCHEDULER = "scrapy_redis.scheduler.Scheduler"


def cluster_settings(
    redis_url: str, *, crash_safe: bool, dead_after: float = 2.0, idle_close: int = 3
) -> dict[str, Any]:
    """What docs/scaling.md tells a user to set, with short timers for a test."""
    return {
        "SCHEDULER": CRASH_SAFE_SCHEDULER if crash_safe else PLAIN_SCHEDULER,
        "DUPEFILTER_CLASS": "scrapy_redis.dupefilter.RFPDupeFilter",
        "REDIS_URL": redis_url,
        "SCHEDULER_PERSIST": True,
        "MAX_IDLE_TIME_BEFORE_CLOSE": idle_close,
        "ITEM_PIPELINES": {"scrapy_readability.contrib.crashsafe.RedisItemPipeline": 900},
        "READABILITY_WORKERS": 1,
        "CRASHSAFE_DEAD_AFTER": dead_after,
        "LOG_LEVEL": "INFO",
    }


@dataclass
class ClusterRun:
    """What a run left: every crawl's result (stopped or killed ones too), the Redis item list, the timings."""

    crawls: list[CrawlResult]
    redis_items: list[dict[str, Any]]
    seconds: float
    disruptions: list[str] = field(default_factory=list)

    def feed_items(self) -> list[dict[str, Any]]:
        return [item for crawl in self.crawls for item in crawl.items]

    def stat(self, key: str) -> int:
        return sum(int(crawl.stats.get(key, 0)) for crawl in self.crawls)


def paths(items: Iterable[Mapping[str, Any]], base_url: str) -> list[str]:
    return [str(item["url"])[len(base_url) :] for item in items if str(item.get("url", "")).startswith(base_url)]


def lost_and_duplicates(
    items: Iterable[Mapping[str, Any]], base_url: str, articles: Iterable[str]
) -> tuple[list[str], int]:
    """The articles missing from ``items``, and how many items repeat a page already there."""
    counts = Counter(paths(items, base_url))
    return [path for path in articles if path not in counts], sum(count - 1 for count in counts.values())


def in_flight(client: redis.Redis, pid: int) -> int:
    """How many requests the crash-safe crawler with this process id holds in its processing set."""
    keys = client.keys(f"{QUEUE_KEY}:processing:*:{pid}:*")
    return sum(int(client.zcard(key)) for key in keys)


def run_cluster(
    tmp_path: Path,
    site: LocalSite,
    redis_url: str,
    *,
    crash_safe: bool,
    expected_requests: int,
    disruption: str | None = None,
    times: int = 1,
    seed: int | None = None,
    timeout: float = 120,
    settings: Mapping[str, Any] | None = None,
    kill_while_holding: bool = True,
) -> ClusterRun:
    """Crawl ``site`` with crawlers A and B; ``disruption`` ("sigterm" or "sigkill") hits B ``times`` times.

    B starts once A has queued requests. B is hit at random moments spread
    over the crawl (by the count of pages the server has answered, out of
    about ``expected_requests``), and is started again at once each time.
    With "sigkill" on the crash-safe scheduler and ``kill_while_holding``,
    each kill has something to lose and the crawl waits for the new B: see
    :func:`_kill_while_holding`.
    """
    rng = random.Random(seed)
    client = redis.Redis.from_url(redis_url)
    client.flushdb()
    client.lpush(START_URLS_KEY, json.dumps({"url": site.url + "/"}))
    crawl_settings = {**cluster_settings(redis_url, crash_safe=crash_safe), **(settings or {})}
    started, served_before = time.monotonic(), len(site.requests)
    deadline = started + timeout

    def served() -> int:
        return len(site.requests) - served_before

    def start(feed: str) -> RunningCrawl:
        return start_crawl(tmp_path, SPIDER, settings=crawl_settings, feed=feed)

    # B starts once A has queued requests: a crawler that finds the shared queue empty goes idle, and
    # an idle Scrapy engine looks at its scheduler again only on its heartbeat, every 5 seconds, by
    # which time A alone may have crawled the whole site (docs/scaling.md, "The spider").
    a = start("a.jsonl")
    _wait_for(lambda: client.zcard(QUEUE_KEY) > 0 or a.process.poll() is not None, deadline)
    b = start("b1.jsonl")
    stopped: list[RunningCrawl] = []
    disruptions = []
    for number in range(times if disruption else 0):
        target = expected_requests * (number + 1 + rng.uniform(-0.3, 0.3)) / (times + 1)
        _wait_for(lambda: served() >= target or b.process.poll() is not None, deadline)  # noqa: B023 - called now
        if b.process.poll() is not None:
            break  # B finished before its turn came
        next_feed = f"b{number + 2}.jsonl"
        if disruption == "sigkill" and crash_safe and kill_while_holding:
            held, new_b = _kill_while_holding(site, client, b, lambda: start(next_feed), deadline)  # noqa: B023
            if new_b is None:
                break  # B finished while waiting for requests to hold
        else:
            held = in_flight(client, b.process.pid) if crash_safe else -1
            if disruption == "sigterm":
                b.send(signal.SIGTERM)
                b.wait(timeout)
            else:
                b.kill()
            new_b = start(next_feed)
        disruptions.append(f"{disruption} at {served()} pages served, holding {held} requests")
        stopped.append(b)
        b = new_b
    results = [crawl.wait(max(1.0, deadline - time.monotonic())) for crawl in (a, b)]
    seconds = time.monotonic() - started
    redis_items = [json.loads(data) for data in client.lrange(ITEMS_KEY, 0, -1)]
    return ClusterRun([*(crawl.result() for crawl in stopped), *results], redis_items, seconds, disruptions)


def _kill_while_holding(
    site: LocalSite, client: redis.Redis, b: RunningCrawl, restart: Callable[[], RunningCrawl], deadline: float
) -> tuple[int, RunningCrawl | None]:
    """SIGKILL B while it holds requests; start a new B; return what the dead one held, and the new one.

    The site is paused from the moment B is seen holding requests until the
    new B holds some too: what B held is counted while no page can reach it
    (so the pages it had stored and not acknowledged, which come back as
    duplicates, are among them), and crawler A cannot finish the crawl alone
    while the new B loads Scrapy, however loaded the machine. The new B is
    not waited for when there is nothing left for it to take. Returns
    (0, None) if B finished first.
    """
    try:
        while True:
            _wait_for(lambda: in_flight(client, b.process.pid) > 0 or b.process.poll() is not None, deadline)
            site.open.clear()
            held = in_flight(client, b.process.pid)
            if b.process.poll() is not None:
                return 0, None
            if held:
                break
            site.open.set()  # it finished them just now: wait for the next ones
        b.kill()
        new_b = restart()

        def new_b_is_in() -> bool:
            left_for_it = client.zcard(QUEUE_KEY) > 0 or in_flight(client, b.process.pid) > 0
            return in_flight(client, new_b.process.pid) > 0 or not left_for_it or new_b.process.poll() is not None

        _wait_for(new_b_is_in, deadline)
        return held, new_b
    finally:
        site.open.set()


def _wait_for(condition: Callable[[], object], deadline: float) -> None:
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("the crawl did not get there in time")
        time.sleep(0.02)
