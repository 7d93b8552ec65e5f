"""Crash-safe crawling under scrapy-redis: a crawler that is killed loses no request.

scrapy-redis's scheduler pops a request from the shared queue and forgets it:
when a crawler dies (SIGKILL, out of memory, a machine lost), the requests it
had popped and not finished are gone, and so are their pages.
:class:`CrashSafeScheduler` is scrapy-redis's scheduler with an
acknowledgement. Each step is one atomic Redis script or command:

- **enqueue**: the dupefilter's fingerprint and the queue push together, so a
  request is never marked as seen without being queued;
- **pop**: the request moves from the queue to this crawler's *processing* set;
- **ack**: once Scrapy is done with the request (downloaded, its callback run,
  every item it yielded through the item pipelines, every request it yielded
  queued), it leaves the processing set;
- **heartbeat**: the crawler renews a key that expires after
  ``CRASHSAFE_DEAD_AFTER`` seconds, three times in that period;
- **recover**: a crawler whose key has expired is dead, and its processing set
  goes back to the queue (the script checks the key itself, so the set of a
  live crawler is never taken).

A ``RedisSpider``'s start URLs (read from a Redis list) get the same care: a
batch moves to a per-crawler list, its requests go to the shared queue, and
the batch is dropped once they are there; a dead crawler's batch goes back to
the start URLs.

Delivery is at least once: a crawler killed after storing a page's items and
before the ack leaves that page to another crawler, which stores its items
again. Items survive a crash only where they are stored before the ack: in
Redis, through :class:`RedisItemPipeline`; a feed file loses what it had
buffered. docs/scaling.md has the whole story; ``contract.py`` lists what of
scrapy-redis and Scrapy this relies on, and checks it.
"""

from __future__ import annotations

import logging
import os
import socket
import uuid
import warnings
from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self

from redis.exceptions import RedisError
from scrapy import Request
from scrapy.exceptions import ScrapyDeprecationWarning
from scrapy.utils.conf import build_component_list
from scrapy.utils.defer import maybe_deferred_to_future
from scrapy.utils.request import request_from_dict
from scrapy_redis.dupefilter import RFPDupeFilter
from scrapy_redis.pipelines import RedisPipeline
from scrapy_redis.queue import FifoQueue, LifoQueue, PriorityQueue
from scrapy_redis.scheduler import Scheduler
from scrapy_redis.spiders import RedisMixin
from twisted.internet.task import LoopingCall

from scrapy_readability.components import is_subclass_of
from scrapy_readability.engine.options import Declared, option, real
from scrapy_readability.settings import declare, read_settings

if TYPE_CHECKING:
    from redis import Redis
    from redis.commands.core import Script
    from scrapy import Spider
    from scrapy.crawler import Crawler

logger = logging.getLogger(__name__)

# The queue classes of scrapy-redis, by how their requests are stored: a sorted set by priority,
# or a list popped from its right end (FIFO) or its left end (LIFO); both lists push on the left.
QUEUE_KINDS: dict[type, str] = {PriorityQueue: "zset", FifoQueue: "fifo", LifoQueue: "lifo"}

# KEYS: dupefilter, queue. ARGV: fingerprint ("" when the request is not filtered), request, score, queue kind.
ENQUEUE_SCRIPT = """
if ARGV[1] ~= '' and redis.call('SADD', KEYS[1], ARGV[1]) == 0 then return 0 end
if ARGV[4] == 'zset' then
  redis.call('ZADD', KEYS[2], ARGV[3], ARGV[2])
else
  redis.call('LPUSH', KEYS[2], ARGV[2])
end
return 1
"""

# KEYS: queue, processing, crawlers. ARGV: crawler id, queue kind, then the finished requests to
# acknowledge first (so a pop and the acks of the requests finished since the last one take one round
# trip). Returns the request popped, or false.
POP_SCRIPT = """
if #ARGV > 2 then redis.call('ZREM', KEYS[2], unpack(ARGV, 3)) end
local request, score
if ARGV[2] == 'zset' then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  if #first == 0 then return false end
  request, score = first[1], first[2]
  redis.call('ZREM', KEYS[1], request)
else
  if ARGV[2] == 'fifo' then request = redis.call('RPOP', KEYS[1]) else request = redis.call('LPOP', KEYS[1]) end
  if not request then return false end
  score = 0
end
redis.call('ZADD', KEYS[2], score, request)
redis.call('SADD', KEYS[3], ARGV[1])
return request
"""

# KEYS: start URLs list, the crawler's start list, crawlers. ARGV: crawler id, batch size. Returns the batch.
TAKE_START_URLS_SCRIPT = """
local batch = redis.call('LRANGE', KEYS[1], 0, tonumber(ARGV[2]) - 1)
if #batch == 0 then return batch end
redis.call('LTRIM', KEYS[1], #batch, -1)
redis.call('RPUSH', KEYS[2], unpack(batch))
redis.call('SADD', KEYS[3], ARGV[1])
return batch
"""

# KEYS: alive, processing, queue, crawlers[, the crawler's start list, start URLs list]. ARGV: crawler id,
# queue kind, "1" to requeue even if the crawler is alive (its own close). Returns how many requests and
# start URLs went back, or -1 if the crawler is alive. Everything goes back to the end it is taken from,
# so recovered work comes first.
RECOVER_SCRIPT = """
if ARGV[3] ~= '1' and redis.call('EXISTS', KEYS[1]) == 1 then return -1 end
local members = redis.call('ZRANGE', KEYS[2], 0, -1, 'WITHSCORES')
for i = 1, #members, 2 do
  if ARGV[2] == 'zset' then
    redis.call('ZADD', KEYS[3], members[i + 1], members[i])
  elseif ARGV[2] == 'fifo' then
    redis.call('RPUSH', KEYS[3], members[i])
  else
    redis.call('LPUSH', KEYS[3], members[i])
  end
end
local starts = {}
if #KEYS == 6 then
  starts = redis.call('LRANGE', KEYS[5], 0, -1)
  for i = #starts, 1, -1 do redis.call('LPUSH', KEYS[6], starts[i]) end
  redis.call('DEL', KEYS[5])
end
redis.call('DEL', KEYS[1], KEYS[2])
redis.call('SREM', KEYS[4], ARGV[1])
return #members / 2 + #starts
"""

# KEYS: alive, crawlers. ARGV: crawler id, milliseconds to live. Returns 1 if the key was still there.
HEARTBEAT_SCRIPT = """
local alive = redis.call('EXISTS', KEYS[1])
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('SADD', KEYS[2], ARGV[1])
return alive
"""


@dataclass(frozen=True)
class CrashSafeConfig(Declared):
    """What :class:`CrashSafeScheduler` reads from the ``CRASHSAFE_*`` settings, validated."""

    # It renews its heartbeat key three times in this period, from the reactor thread.
    dead_after: float = option(
        30.0,
        real(1),
        "a number of seconds >= 1",
        "Seconds without a heartbeat after which a crawler is dead and its requests go back to the queue.",
    )

    @classmethod
    def from_settings(cls, settings: Any) -> CrashSafeConfig:
        return cls(**read_settings(CRASHSAFE_SETTINGS, settings))


CRASHSAFE_SETTINGS = declare(CrashSafeConfig, dead_after="CRASHSAFE_DEAD_AFTER")
"""The ``CRASHSAFE_*`` settings, declared as the package declares its own (``scrapy_readability/settings.py``)."""


@dataclass
class _Delivery:
    """A request popped from Redis: its bytes there, and whether the engine has started on it."""

    member: bytes
    seen: bool = False


class CrashSafeScheduler(Scheduler):  # type: ignore[misc]  # scrapy-redis is untyped
    """scrapy-redis's scheduler, acknowledging each request once Scrapy is done with it.

    ``SCHEDULER = "scrapy_readability.contrib.crashsafe.CrashSafeScheduler"`` in place of
    ``scrapy_redis.scheduler.Scheduler``; every ``SCHEDULER_*`` setting of
    scrapy-redis still applies (with its three queue classes and its
    dupefilter), except ``SCHEDULER_IDLE_BEFORE_CLOSE``: a pop never blocks.
    """

    crawler: Crawler
    dead_after: float = CrashSafeConfig.dead_after

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        dupefilter = crawler.settings.get("DUPEFILTER_CLASS")
        if not is_subclass_of(dupefilter, RFPDupeFilter):
            # Scrapy's own (the default) would keep the fingerprints in this process only.
            raise TypeError(
                f"CrashSafeScheduler needs DUPEFILTER_CLASS = 'scrapy_redis.dupefilter.RFPDupeFilter' "
                f"(or a subclass), not {dupefilter!r}"
            )
        scheduler: Self = super().from_crawler(crawler)
        scheduler.crawler = crawler
        scheduler.dead_after = CrashSafeConfig.from_settings(crawler.settings).dead_after
        return scheduler

    def open(self, spider: Spider) -> None:
        with warnings.catch_warnings():  # scrapy-redis logs "Resuming crawl" with the deprecated Spider.log()
            warnings.filterwarnings("ignore", "Spider.log", ScrapyDeprecationWarning)
            super().open(spider)  # the queue and the dupefilter, as scrapy-redis makes them
        self.kind = _queue_kind(self.queue)
        if _requests_in_progress(self.crawler) is None:
            raise RuntimeError("CrashSafeScheduler cannot see the requests in progress in this version of Scrapy")
        self._warn_about_settings()
        self.crawler_id = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self.crawlers_key = f"{self.queue.key}:crawlers"
        self.processing_key = self._processing_key(self.crawler_id)
        self.alive_key = self._alive_key(self.crawler_id)
        server: Redis = self.server
        self._enqueue: Script = server.register_script(ENQUEUE_SCRIPT)
        self._pop: Script = server.register_script(POP_SCRIPT)
        self._recover: Script = server.register_script(RECOVER_SCRIPT)
        self._take_start_urls: Script = server.register_script(TAKE_START_URLS_SCRIPT)
        self._renew: Script = server.register_script(HEARTBEAT_SCRIPT)
        self._deliveries: dict[Request, _Delivery] = {}
        self.start_urls_key = self._take_over_start_urls(spider)
        self._renew(keys=[self.alive_key, self.crawlers_key], args=[self.crawler_id, self._ttl_ms])
        logger.info(
            "Crash-safe scheduling on %s as crawler %s (dead after %g s without a heartbeat)",
            self.queue.key,
            self.crawler_id,
            self.dead_after,
        )
        self.recover_dead_crawlers()
        self._heartbeat = LoopingCall(self.heartbeat)
        self._heartbeat.start(self.dead_after / 3, now=False)

    def close(self, reason: str) -> None:
        if not hasattr(self, "_heartbeat"):  # open() did not get that far
            super().close(reason)
            return
        if self._heartbeat.running:
            self._heartbeat.stop()
        try:
            self._ack_finished()
            left = self._recover(keys=self._recovery_keys(self.crawler_id), args=[self.crawler_id, self.kind, "1"])
        except RedisError as error:
            logger.error("Crawler %s could not put its unfinished requests back: %s", self.crawler_id, error)
        else:
            if left:
                self._count("crashsafe/requeued", left)
                logger.info("%d unfinished requests are back in the queue", left)
        super().close(reason)

    def enqueue_request(self, request: Request) -> bool:
        fingerprint = "" if request.dont_filter else self.df.request_fingerprint(request)
        added = self._enqueue(
            keys=[self.df.key, self.queue.key],
            args=[fingerprint, encode_request(self.queue, request), -request.priority, self.kind],
        )
        if not added:
            self.df.log(request, self.spider)
            return False
        self._count("scheduler/enqueued/redis")
        return True

    def next_request(self) -> Request | None:
        member = self._pop(
            keys=[self.queue.key, self.processing_key, self.crawlers_key],
            args=[self.crawler_id, self.kind, *self._take_finished()],
        )
        if member is None:
            return None
        try:
            request: Request = decode_request(self.queue, member)
        except Exception:
            logger.exception("Dropped a request from Redis that cannot be decoded")
            self.server.zrem(self.processing_key, member)
            self._count("crashsafe/undecodable")
            return None
        self._deliveries[request] = _Delivery(member)
        self._count("scheduler/dequeued/redis")
        return request

    def has_pending_requests(self) -> bool:
        """Requests in the queue, or in flight on other crawlers (they may come back, or bring new ones)."""
        return len(self) > 0 or self._in_flight_elsewhere() > 0

    def heartbeat(self) -> None:
        """Renew this crawler's key, acknowledge what has finished, put back what dead crawlers held."""
        try:
            still_alive = self._renew(keys=[self.alive_key, self.crawlers_key], args=[self.crawler_id, self._ttl_ms])
            if not still_alive:
                self._count("crashsafe/liveness_lost")
                logger.warning(
                    "Crawler %s missed its heartbeats for %g s: other crawlers may have put its requests back "
                    "in the queue, and will crawl them again",
                    self.crawler_id,
                    self.dead_after,
                )
            self._ack_finished()
            self.recover_dead_crawlers()
        except RedisError as error:  # the next beat tries again
            logger.warning("Heartbeat of crawler %s failed: %s", self.crawler_id, error)

    def recover_dead_crawlers(self) -> int:
        """Put back in the queue the requests held by every crawler whose key has expired."""
        others = [member.decode() for member in self.server.smembers(self.crawlers_key)]
        others = [other for other in others if other != self.crawler_id]
        if not others:
            return 0
        with self.server.pipeline(transaction=False) as pipe:
            for other in others:
                self._recover(keys=self._recovery_keys(other), args=[other, self.kind, "0"], client=pipe)
            results = pipe.execute()
        recovered = 0
        for other, moved in zip(others, results, strict=True):
            if moved >= 0:
                logger.warning(
                    "Crawler %s stopped sending heartbeats: %d requests it held are back in the queue", other, moved
                )
                recovered += moved
        if recovered:
            self._count("crashsafe/recovered", recovered)
        return recovered

    def _ack_finished(self) -> None:
        """Remove from the processing set the requests the engine has finished with."""
        finished = self._take_finished()
        if finished:
            self.server.zrem(self.processing_key, *finished)

    def _take_finished(self) -> list[bytes]:
        """Forget the requests the engine has finished with, and return them as they are in Redis.

        A request counts as finished once the engine has had it in progress and
        no longer has: by then Scrapy has downloaded it, run its callback or
        errback, passed the items it yielded through every item pipeline and
        queued the requests it yielded (or queued the request it turned into,
        for a redirect or a retry). Should their acknowledgement fail, they stay
        in the processing set, and go back to the queue when this crawler closes.
        """
        in_progress = _requests_in_progress(self.crawler)
        if in_progress is None:  # the engine is gone: nothing can be finished any more
            return []
        finished = []
        for request, delivery in self._deliveries.items():
            if request in in_progress:
                delivery.seen = True
            elif delivery.seen:
                finished.append(request)
        return [self._deliveries.pop(request).member for request in finished]

    def _in_flight_elsewhere(self) -> int:
        others = [member.decode() for member in self.server.smembers(self.crawlers_key)]
        others = [other for other in others if other != self.crawler_id]
        if not others:
            return 0
        with self.server.pipeline(transaction=False) as pipe:
            for other in others:
                pipe.zcard(self._processing_key(other))
                if self.start_urls_key:
                    pipe.llen(self._start_processing_key(other))
            return sum(pipe.execute())

    def _take_over_start_urls(self, spider: Spider) -> str | None:
        """Read a RedisSpider's start URLs through :meth:`_queue_start_urls`; return their key.

        scrapy-redis pops a batch of start URLs and makes requests of them in
        the crawler's memory. Here the batch moves to a list of this crawler,
        its requests go to the shared queue, and the list is deleted: a crawler
        killed in between leaves the batch to be put back.
        """
        if not isinstance(spider, RedisMixin):
            return None
        if getattr(spider, "fetch_data", None) != spider.pop_list_queue:
            logger.warning("Start URLs read from a Redis set or sorted set are not crash-safe; use a list")
            return None
        spider.fetch_data = self._queue_start_urls
        key: str = spider.redis_key
        return key

    def _queue_start_urls(self, redis_key: str, batch_size: int) -> list[Any]:
        """``fetch_data`` of the spider: schedule the requests of a batch of start URLs, hand none to the spider."""
        start_processing_key = self._start_processing_key(self.crawler_id)
        batch = self._take_start_urls(
            keys=[redis_key, start_processing_key, self.crawlers_key], args=[self.crawler_id, batch_size]
        )
        for data in batch:
            made = self.spider.make_request_from_data(data)
            for request in [made] if isinstance(made, Request) else made or ():
                self.crawler.engine.crawl(request)  # into the shared queue, as scrapy-redis's own would go
        if batch:
            self.server.delete(start_processing_key)
        return []

    def _recovery_keys(self, crawler_id: str) -> list[str]:
        keys = [self._alive_key(crawler_id), self._processing_key(crawler_id), self.queue.key, self.crawlers_key]
        if self.start_urls_key:
            keys += [self._start_processing_key(crawler_id), self.start_urls_key]
        return keys

    def _warn_about_settings(self) -> None:
        settings = self.crawler.settings
        if not self.persist:
            logger.warning(
                "SCHEDULER_PERSIST is False: the first crawler to close empties the shared queue and dupefilter"
            )
        if self.idle_before_close:
            logger.warning("CrashSafeScheduler ignores SCHEDULER_IDLE_BEFORE_CLOSE: a pop never blocks the reactor")
        pipelines = build_component_list(settings.getwithbase("ITEM_PIPELINES"))
        if not any(is_subclass_of(pipeline, RedisPipeline) for pipeline in pipelines):
            logger.warning(
                "No Redis item pipeline in ITEM_PIPELINES: items that only go to feeds are lost with a killed "
                "crawler's buffers; add scrapy_readability.contrib.crashsafe.RedisItemPipeline"
            )

    def _processing_key(self, crawler_id: str) -> str:
        return f"{self.queue.key}:processing:{crawler_id}"

    def _alive_key(self, crawler_id: str) -> str:
        return f"{self.queue.key}:alive:{crawler_id}"

    def _start_processing_key(self, crawler_id: str) -> str:
        return f"{self.start_urls_key}:processing:{crawler_id}"

    @property
    def _ttl_ms(self) -> int:
        return int(self.dead_after * 1000)

    def _count(self, key: str, count: int = 1) -> None:
        if self.stats is not None:
            self.stats.inc_value(key, count)


class RedisItemPipeline(RedisPipeline):  # type: ignore[misc]  # scrapy-redis is untyped
    """scrapy-redis's ``RedisPipeline`` (``REDIS_ITEMS_KEY``, ``REDIS_ITEMS_SERIALIZER``) for current Scrapy.

    The same push to a Redis list, from a thread, without the deprecated
    ``spider`` argument and ``Deferred`` result. The item is in Redis when
    ``process_item`` returns, so before :class:`CrashSafeScheduler`
    acknowledges its page.
    """

    crawler: Crawler

    @classmethod
    def from_crawler(cls, crawler: Crawler) -> Self:
        pipeline: Self = cls.from_settings(crawler.settings)
        pipeline.crawler = crawler
        return pipeline

    async def process_item(self, item: Any, spider: Spider | None = None) -> Any:
        spider = spider or self.crawler.spider
        return await maybe_deferred_to_future(super().process_item(item, spider))  # a push in a thread


def encode_request(queue: Any, request: Request) -> bytes:
    """A request as a scrapy-redis queue stores it: its serializer's ``dumps`` of Scrapy's ``Request.to_dict``."""
    encoded: bytes = queue.serializer.dumps(request.to_dict(spider=queue.spider))
    return encoded


def decode_request(queue: Any, data: bytes) -> Request:
    """A request stored by a scrapy-redis queue, back: Scrapy's ``request_from_dict`` of its serializer's ``loads``."""
    return request_from_dict(queue.serializer.loads(data), spider=queue.spider)


def _queue_kind(queue: object) -> str:
    for queue_class, kind in QUEUE_KINDS.items():
        if isinstance(queue, queue_class):
            return kind
    names = ", ".join(f"scrapy_redis.queue.{cls.__name__}" for cls in QUEUE_KINDS)
    raise TypeError(f"CrashSafeScheduler works with {names}, not {type(queue).__name__}")


def _requests_in_progress(crawler: Crawler) -> Collection[Request] | None:
    """The requests the engine has taken from the scheduler and not finished, or None.

    Scrapy keeps them in its engine slot (``engine._slot.inprogress``) and
    removes each one only once everything it led to is done. This is the one
    private name of Scrapy the package reads, on purpose: no public API or
    signal says when a request is done with everything it led to (its items
    through the pipelines, its requests queued), which is when an
    acknowledgement is safe. ``open()`` refuses to start without it, and
    ``contract.py`` checks it.
    """
    engine = getattr(crawler, "engine", None)
    slot = getattr(engine, "_slot", None)
    in_progress = getattr(slot, "inprogress", None)
    return in_progress if isinstance(in_progress, Collection) else None
