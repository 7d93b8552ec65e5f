"""The engine's trace: only with the debug option, collected in a worker process, replayed where the crawl logs."""

from __future__ import annotations

import logging

from scrapy_readability.engine import Readability
from scrapy_readability.engine.port.state import TRACE_LOGGER
from scrapy_readability.runtime.tracing import replay
from tests.support.scrapy_site import LIGHTHOUSE

URL = "https://news.example/articles/lighthouse.html"


def test_the_trace_is_the_debug_options(caplog):
    """Scrapy logs at DEBUG by default: the engine's ~80 lines a page come only when a page asks for them."""
    caplog.set_level(logging.DEBUG)
    Readability(LIGHTHOUSE, URL).parse()
    assert not [record for record in caplog.records if record.name == TRACE_LOGGER]
    Readability(LIGHTHOUSE, URL, debug=True).parse()
    messages = [record.getMessage() for record in caplog.records if record.name == TRACE_LOGGER]
    assert any(message.startswith("Candidate: <article> with score") for message in messages)
    assert logging.getLogger(TRACE_LOGGER).level == logging.NOTSET  # nobody touched the logger


def test_replayed_records_reach_the_crawls_handlers(engine_logger, caplog):
    caplog.set_level(logging.DEBUG)
    engine_logger.setLevel(logging.INFO)  # the replay is what the worker decided to send: no second filter
    record = logging.LogRecord(TRACE_LOGGER, logging.DEBUG, "x.py", 1, "Removing header: %s", ("Title",), None)
    replay([record])
    assert [(r.name, r.getMessage()) for r in caplog.records] == [(TRACE_LOGGER, "Removing header: Title")]
