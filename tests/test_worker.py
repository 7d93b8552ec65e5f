"""One page's extraction and the worker process: typed results, the pipe protocol, the engine's trace."""

from __future__ import annotations

import logging
import os
import pickle
import subprocess
import sys
from typing import Any

import pytest

from scrapy_readability._worker import (
    TRACE_LOGGER,
    Answer,
    Extracted,
    Failed,
    Ready,
    Task,
    TraceCollector,
    TraceSwitch,
    extract,
    receive,
    replay,
    send,
)
from scrapy_readability._pool import _child_environment
from scrapy_readability.engine import Readability
from scrapy_site import LIGHTHOUSE, MEMBERS

URL = "https://news.example/articles/lighthouse.html"


def test_an_article_comes_back_typed_with_the_chosen_formats():
    result = extract(Task(LIGHTHOUSE, URL, {"sanitize": True}, ("markdown",)))
    assert isinstance(result, Extracted)
    assert result.fields["title"] == "What the lighthouse logbooks tell us"
    assert "markdown" in result.fields and "content" not in result.fields
    assert result.seconds > 0 and result.trace == ()


@pytest.mark.parametrize(
    ("html", "options", "reason", "detail"),
    [
        (MEMBERS, {}, "no_article", "the page has no readable content"),
        (LIGHTHOUSE, {"max_elems_to_parse": 10}, "too_many_elements", "Aborting parsing document; "),
        (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj", {}, "not_html", "not HTML: the body looks like a PDF document"),
        (42, {}, "engine_error", "InputError: expected str, bytes or an lxml document"),
        (LIGHTHOUSE, {"no_such_option": 1}, "exception", "TypeError: unexpected option 'no_such_option'"),
    ],
)
def test_no_article_comes_back_as_a_reason(html, options, reason, detail):
    result = extract(Task(html, URL, options))
    assert isinstance(result, Failed)
    assert (result.reason, result.detail[: len(detail)]) == (reason, detail)
    assert (result.traceback is not None) == (reason == "exception")  # a bug gets its traceback


def test_results_cross_a_pipe_unchanged():
    """What a worker process sends: pickled behind its length, read back equal."""
    record = logging.LogRecord(TRACE_LOGGER, logging.DEBUG, "x.py", 1, "Candidate: <%s>", ("div",), None)
    collector = TraceCollector()
    collector.emit(record)
    messages = [
        Answer(extract(Task(LIGHTHOUSE, URL, {})), 123),
        Answer(Failed("no_article", "none", 0.5, trace=collector.take()), None),
        Ready(42),
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
    assert (kept.name, kept.levelno, kept.getMessage(), kept.args) == (TRACE_LOGGER, logging.DEBUG, "Candidate: <div>", None)
    assert pickle.loads(pickle.dumps(got[1])).result.reason == "no_article"


def start_worker(*args: str) -> subprocess.Popen[bytes]:
    """``python -m scrapy_readability._worker`` as the pool starts it."""
    command = [sys.executable, "-m", "scrapy_readability._worker", *args]
    return subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_child_environment()
    )


def ask(worker: subprocess.Popen[bytes], task: Task) -> Any:
    assert worker.stdin is not None and worker.stdout is not None
    send(worker.stdin, task)
    return receive(worker.stdout)


def test_the_worker_process_runs_its_own_main_and_keeps_its_pipe_clean():
    """It is ``python -m scrapy_readability._worker``: never the crawl's script; what the engine prints goes to stderr."""
    worker = start_worker("--engine", "engine_stubs.WhoIsMain")
    try:
        assert worker.stdout is not None
        ready = receive(worker.stdout)
        assert isinstance(ready, Ready) and ready.pid == worker.pid
        answer = ask(worker, Task("<p>x</p>", URL, {}))
        assert isinstance(answer, Answer) and answer.result.fields["title"] == "scrapy_readability._worker"
        assert answer.memory is None or answer.memory > 10 * 2**20
    finally:
        worker.communicate(timeout=10)  # closing its input stops it
    assert worker.returncode == 0

    chatty = start_worker("--engine", "engine_stubs.Chatty")
    try:
        assert isinstance(receive(chatty.stdout), Ready)  # type: ignore[arg-type]
        answer = ask(chatty, Task("<p>x</p>", URL, {}))
        assert isinstance(answer.result, Extracted)
        send(chatty.stdin, None)  # type: ignore[arg-type]  # told to stop
        _, stderr = chatty.communicate(timeout=10)
    finally:
        chatty.kill()
    assert stderr.decode().splitlines() == ["hello from the engine", "a warning on stderr"]
    assert chatty.returncode == 0


def test_a_worker_sends_the_trace_back_when_asked():
    worker = start_worker("--trace")
    try:
        assert isinstance(receive(worker.stdout), Ready)  # type: ignore[arg-type]
        traced = ask(worker, Task(LIGHTHOUSE, URL, {})).result
    finally:
        worker.communicate(timeout=10)
    assert isinstance(traced, Extracted)
    messages = [record.getMessage() for record in traced.trace]
    assert any(message.startswith("Candidate: <article> with score") for message in messages)
    assert {record.name for record in traced.trace} == {TRACE_LOGGER}


def test_the_trace_is_off_unless_asked_for(engine_logger, caplog):
    """Scrapy's root logger is at DEBUG: the engine's logger goes to INFO for the crawl, unless asked."""
    caplog.set_level(logging.DEBUG)
    engine_logger.setLevel(logging.NOTSET)
    switch = TraceSwitch(wanted=False)
    assert not switch.enabled and engine_logger.level == logging.INFO
    Readability(LIGHTHOUSE, URL).parse()
    assert not [record for record in caplog.records if record.name == TRACE_LOGGER]
    switch.restore()
    assert engine_logger.level == logging.NOTSET

    assert TraceSwitch(wanted=True).enabled and engine_logger.level == logging.DEBUG
    engine_logger.setLevel(logging.DEBUG)  # the user's own choice counts as asking
    assert TraceSwitch(wanted=False).enabled
    engine_logger.setLevel(logging.WARNING)  # and so does the opposite
    assert not TraceSwitch(wanted=False).enabled and engine_logger.level == logging.WARNING


def test_replayed_records_reach_the_crawls_handlers(engine_logger, caplog):
    caplog.set_level(logging.DEBUG)
    engine_logger.setLevel(logging.INFO)  # the replay is what the worker decided to send: no second filter
    record = logging.LogRecord(TRACE_LOGGER, logging.DEBUG, "x.py", 1, "Removing header: %s", ("Title",), None)
    replay([record])
    assert [(r.name, r.getMessage()) for r in caplog.records] == [(TRACE_LOGGER, "Removing header: Title")]
