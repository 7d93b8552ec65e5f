"""The extraction pool the ``READABILITY_*`` settings ask for, built in this one place.

The crawl's extension (``extension.py``, the pool's owner in a crawl) and the
command line that extracts pages on disk (``cli/extract.py``) both build their
pool here, so a setting means the same thing to both. It imports no Scrapy:
the command line starts without it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from scrapy_readability.runtime.pool import PoolConfig

if TYPE_CHECKING:
    from scrapy_readability.settings import ReadabilityConfig

__all__ = ["pool_config"]


def pool_config(config: ReadabilityConfig, **changes: Any) -> PoolConfig:
    """The pool of ``config``; ``changes`` replace fields of it (the command line's size and niceness).

    ``READABILITY_WORKERS`` worker processes, else ``READABILITY_THREADS`` threads, running
    ``READABILITY_ENGINE`` and ``READABILITY_PREFLIGHT_CHECK`` within ``READABILITY_TIMEOUT``,
    ``READABILITY_WORKER_MAX_MEMORY`` and ``READABILITY_WORKER_MAX_PAGES``.
    """
    built = PoolConfig(
        size=config.workers or config.threads,
        processes=config.workers > 0,
        engine=config.engine,
        preflight_check=config.preflight_check,
        timeout=config.timeout,
        max_memory=config.worker_max_memory * 2**20,
        max_pages=config.worker_max_pages,
    )
    return replace(built, **changes) if changes else built
