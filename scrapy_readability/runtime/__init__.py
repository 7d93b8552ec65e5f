"""Running pages off the reactor: the engine in pool threads, or in worker processes of its own.

Owns the jobs a page can be given (an extraction or a preflight) and their
outcomes (``jobs``), the messages between a pool and a worker process
(``protocol``), the worker process itself (``worker``), the pool that runs
jobs in threads or processes with time and memory limits (``pool``, with
``processes`` and ``watchdog``), and the engine's decision trace carried back
from a worker (``tracing``). It may import the engine and the standard
library only: never Scrapy or Twisted, so a worker process starts with the
engine alone and the command line runs pages without Scrapy. The crawl
(``scrapy_readability.extension``) and the command line both use it.
"""
