"""Crash-safe crawling under scrapy-redis: a crawler that is killed loses no request (the ``redis`` extra).

``SCHEDULER = "scrapy_readability.contrib.crashsafe.CrashSafeScheduler"`` and
``ITEM_PIPELINES = {"scrapy_readability.contrib.crashsafe.RedisItemPipeline": 900}``.
A small package of its own: ``scheduler`` is the scheduler, its Redis scripts
and its item pipeline; ``contract`` states exactly what of scrapy-redis (and
the one name of Scrapy's) they rely on, and checks it against the installed
versions (``python -m scrapy_readability.contrib.crashsafe.contract REDIS_URL``);
tests/contrib/test_crashsafe_contract.py runs it on every scrapy-redis version
the package supports.
"""

from scrapy_readability.contrib.crashsafe.scheduler import (
    CRASHSAFE_SETTINGS,
    ENQUEUE_SCRIPT,
    HEARTBEAT_SCRIPT,
    POP_SCRIPT,
    QUEUE_KINDS,
    RECOVER_SCRIPT,
    TAKE_START_URLS_SCRIPT,
    CrashSafeConfig,
    CrashSafeScheduler,
    RedisItemPipeline,
    decode_request,
    encode_request,
)

__all__ = [
    "CRASHSAFE_SETTINGS",
    "ENQUEUE_SCRIPT",
    "HEARTBEAT_SCRIPT",
    "POP_SCRIPT",
    "QUEUE_KINDS",
    "RECOVER_SCRIPT",
    "TAKE_START_URLS_SCRIPT",
    "CrashSafeConfig",
    "CrashSafeScheduler",
    "RedisItemPipeline",
    "decode_request",
    "encode_request",
]
