"""What ``CrashSafeScheduler`` and ``RedisItemPipeline`` rely on, stated and checked.

scrapy-redis (``>=0.9,<0.10``) documents little, so the contract is written
here, item by item, and :func:`check_contract` checks each against the
scrapy-redis and the Scrapy that are importable (tests/contrib/
test_crashsafe_contract.py runs it on every scrapy-redis release pip finds in
the supported range). Nothing in the list is an underscore name of
scrapy-redis. Of scrapy-redis:

1. ``scrapy_redis.scheduler.Scheduler``: ``from_crawler(crawler)``;
   ``open(spider)`` sets ``queue``, ``df``, ``server``, ``spider``, ``stats``;
   its ``persist`` and ``idle_before_close``; ``close(reason)``; ``len()``.
2. ``scrapy_redis.dupefilter.RFPDupeFilter``: ``request_fingerprint(request)``,
   ``key`` (a Redis set of fingerprints), ``log(request, spider)``.
3. ``scrapy_redis.queue.PriorityQueue``, ``FifoQueue``, ``LifoQueue``: ``key``,
   ``spider``, ``serializer`` (``dumps``/``loads``); a request stored as
   ``serializer.dumps(request.to_dict(spider=spider))``; the priority queue a
   sorted set scored ``-priority`` and popped from its lowest score, the FIFO
   and LIFO queues lists pushed on the left and popped from the right (FIFO)
   or the left (LIFO). The enqueue, pop and recovery scripts write and read
   that layout themselves.
4. ``scrapy_redis.spiders.RedisMixin``: ``redis_key``, ``fetch_data`` (an
   attribute the scheduler replaces), ``pop_list_queue``,
   ``make_request_from_data(data)``.
5. ``scrapy_redis.pipelines.RedisPipeline``: ``from_settings(settings)``;
   ``process_item(item, spider)`` returns a Deferred that fires once the item
   is in Redis.

Of Scrapy, one private name, for want of a public one: ``crawler.engine._slot``
with its ``inprogress`` set of requests, from which a request leaves only once
everything it led to is done (no public API or signal says so; the scheduler
refuses to open without it).
"""

from __future__ import annotations

import inspect
import sys
from typing import Any

__all__ = ["check_contract"]


def check_contract(redis_url: str | None = None) -> list[str]:
    """What of the contract the importable scrapy-redis and Scrapy break (empty: all kept).

    With ``redis_url``, the storage layout (item 3) is checked on that server
    too (its database is emptied of the keys it writes, ``contract:*``).
    """
    broken = _check_names()
    if redis_url is not None:
        broken += _check_layout(redis_url)
    return broken


def _check_names() -> list[str]:
    """Items 1, 2, 4, 5 and Scrapy's slot: the classes have the attributes, by name."""
    from scrapy.core.engine import ExecutionEngine
    from scrapy_redis.dupefilter import RFPDupeFilter
    from scrapy_redis.pipelines import RedisPipeline
    from scrapy_redis.scheduler import Scheduler
    from scrapy_redis.spiders import RedisMixin

    broken = []
    wanted: list[tuple[type, str]] = [
        (Scheduler, "from_crawler"),
        (Scheduler, "open"),
        (Scheduler, "close"),
        (Scheduler, "__len__"),
        (RFPDupeFilter, "request_fingerprint"),
        (RFPDupeFilter, "log"),
        (RedisMixin, "pop_list_queue"),
        (RedisMixin, "make_request_from_data"),
        (RedisPipeline, "from_settings"),
        (RedisPipeline, "process_item"),
    ]
    broken += [f"{cls.__module__}.{cls.__name__}.{name} is gone" for cls, name in wanted if not hasattr(cls, name)]
    opened = _source(Scheduler.open)
    broken += [f"Scheduler.open no longer sets {name}" for name in ("self.queue", "self.df") if name not in opened]
    parameters = set(inspect.signature(Scheduler.__init__).parameters)
    broken += [f"Scheduler takes no {name}" for name in ("persist", "idle_before_close") if name not in parameters]
    if "self.fetch_data" not in _source(RedisMixin):
        broken.append("RedisMixin no longer reads its start URLs through self.fetch_data")
    if "self._slot" not in _source(ExecutionEngine.__init__):
        broken.append("Scrapy's ExecutionEngine has no _slot any more")
    from scrapy.core.engine import _Slot  # the one private name, checked by name

    if "self.inprogress" not in _source(_Slot.__init__):
        broken.append("Scrapy's engine slot has no inprogress any more")
    return broken


def _check_layout(redis_url: str) -> list[str]:
    """Item 3, on a real server: scrapy-redis's own queues pop what the scheduler's scripts stored, in order."""
    import redis
    from scrapy import Request, Spider
    from scrapy_redis.queue import FifoQueue, LifoQueue, PriorityQueue

    from scrapy_readability.contrib.crashsafe.scheduler import ENQUEUE_SCRIPT, QUEUE_KINDS, encode_request

    client = redis.Redis.from_url(redis_url)
    enqueue = client.register_script(ENQUEUE_SCRIPT)
    broken = []
    first, second = Request("https://news.example/1", priority=1), Request("https://news.example/2", priority=5)
    for queue_class, expected in ((PriorityQueue, second), (FifoQueue, first), (LifoQueue, second)):
        queue = queue_class(client, Spider(name="contract"), "contract:%(spider)s:requests", serializer=None)
        client.delete(queue.key, "contract:df")
        for request in (first, second):
            args: list[str | bytes | int] = [
                "",
                encode_request(queue, request),
                -request.priority,
                QUEUE_KINDS[queue_class],
            ]
            enqueue(keys=["contract:df", queue.key], args=args)
        popped = queue.pop()
        if popped is None or popped.url != expected.url:
            broken.append(f"scrapy-redis's {queue_class.__name__} no longer pops what our scripts stored, in order")
        client.delete(queue.key)
        queue.push(first)  # scrapy-redis's own encoding: the scheduler must write the same bytes
        stored = client.zrange(queue.key, 0, -1) if queue_class is PriorityQueue else client.lrange(queue.key, 0, -1)
        if encode_request(queue, first) not in stored:
            broken.append(f"scrapy-redis's {queue_class.__name__} stores a request otherwise than the scheduler does")
        client.delete(queue.key, "contract:df")
    client.close()
    return broken


def _source(obj: Any) -> str:
    try:
        return inspect.getsource(obj)
    except (OSError, TypeError):
        return ""


def main(argv: list[str] | None = None) -> int:
    """``python -m scrapy_readability.contrib.crashsafe.contract [REDIS_URL]``: print what breaks; 1 if anything."""
    import scrapy_redis

    args = sys.argv[1:] if argv is None else argv
    broken = check_contract(args[0] if args else None)
    version = getattr(scrapy_redis, "__version__", "?")
    for line in broken:
        print(f"scrapy-redis {version}: {line}")
    if not broken:
        print(f"scrapy-redis {version}: the contract holds")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
