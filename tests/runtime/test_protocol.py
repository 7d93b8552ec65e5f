"""The pipe between the pool and a worker process: messages cross it unchanged, and its end is an EOFError."""

from __future__ import annotations

import logging
import os
import pickle

import pytest

from scrapy_readability.engine.port.state import TRACE_LOGGER
from scrapy_readability.runtime.jobs import Engines, Extraction, Failed, extract
from scrapy_readability.runtime.protocol import Answer, Broken, Ready, receive, send
from scrapy_readability.runtime.tracing import TraceCollector
from tests.support.scrapy_site import LIGHTHOUSE

URL = "https://news.example/articles/lighthouse.html"


def test_messages_cross_a_pipe_unchanged():
    """What a worker process sends: pickled behind its length, read back equal."""
    record = logging.LogRecord(TRACE_LOGGER, logging.DEBUG, "x.py", 1, "Candidate: <%s>", ("div",), None)
    collector = TraceCollector()
    collector.emit(record)
    messages = [
        Answer(extract(Extraction(LIGHTHOUSE, URL), Engines.load().engine), 123),
        Answer(Failed("no_article", "none", 0.5, trace=collector.take()), None),
        Ready(42),
        Broken("ImportError: no", "Traceback..."),
        None,
    ]
    read, write = os.pipe()
    with open(write, "wb") as out:
        for message in messages:
            send(out, message)
    with open(read, "rb") as stream:
        got = [receive(stream) for _ in messages]
        with pytest.raises(EOFError):
            receive(stream)
    assert got[0] == messages[0] and got[2:] == messages[2:]
    [kept] = got[1].result.trace
    assert (kept.name, kept.levelno, kept.getMessage(), kept.args) == (
        TRACE_LOGGER,
        logging.DEBUG,
        "Candidate: <div>",
        None,
    )
    assert pickle.loads(pickle.dumps(got[1])).result.reason == "no_article"


def test_a_message_cut_short_is_the_end():
    read, write = os.pipe()
    with open(write, "wb") as out:
        send(out, Ready(1))
        out.write(b"\x10\x00\x00\x00\x00\x00\x00\x00abc")  # says 16 bytes, gives 3: the worker died mid-write
    with open(read, "rb") as stream:
        assert receive(stream) == Ready(1)
        with pytest.raises(EOFError):
            receive(stream)
