"""The engine's decision trace from a worker process, logged by the process that sent the page.

A page extracted with the ``debug`` option logs its trace to the engine's
logger; in a worker process a :class:`TraceCollector` keeps those records and
they travel back with the page's outcome, to be :func:`replay`-ed where the
crawl (or the command line) logs.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from scrapy_readability.engine.port.state import TRACE_LOGGER


class TraceCollector(logging.Handler):
    """Keeps a worker process's trace records, made picklable, to send back with the page's outcome."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self._records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        kept = logging.makeLogRecord(record.__dict__)
        kept.msg, kept.args, kept.exc_info = record.getMessage(), None, None
        self._records.append(kept)

    def take(self) -> tuple[logging.LogRecord, ...]:
        records, self._records = tuple(self._records), []
        return records

    @classmethod
    def install(cls) -> TraceCollector:
        """Collect this process's trace (a worker's) instead of logging it here."""
        logger = logging.getLogger(TRACE_LOGGER)
        collector = cls()
        logger.addHandler(collector)
        logger.setLevel(logging.DEBUG)
        logger.propagate = False
        return collector


def replay(records: Sequence[logging.LogRecord]) -> None:
    """Log a worker's trace records in this process, as if the engine had logged them here."""
    for record in records:
        logging.getLogger(record.name).handle(record)
