"""The worker process: its own main, a clean pipe, the engine's trace sent back."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from scrapy_readability.engine import Options
from scrapy_readability.engine.port.state import TRACE_LOGGER
from scrapy_readability.runtime.jobs import Extracted, Extraction
from scrapy_readability.runtime.processes import _child_environment
from scrapy_readability.runtime.protocol import Answer, Ready, receive, send
from scrapy_readability.runtime.worker import MODULE
from tests.support.scrapy_site import LIGHTHOUSE

pytestmark = pytest.mark.slow  # worker processes

URL = "https://news.example/articles/lighthouse.html"


def start_worker(*args: str) -> subprocess.Popen[bytes]:
    """``python -m scrapy_readability.runtime.worker`` as the pool starts it."""
    command = [sys.executable, "-m", MODULE, *args]
    return subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_child_environment()
    )


def ask(worker: subprocess.Popen[bytes], job: Extraction) -> Any:
    assert worker.stdin is not None and worker.stdout is not None
    send(worker.stdin, job)
    return receive(worker.stdout)


def test_the_worker_process_runs_its_own_main_and_keeps_its_pipe_clean():
    """``python -m scrapy_readability.runtime.worker``, never the crawl's script; what the engine prints: stderr."""
    worker = start_worker("--engine", "tests.support.engine_stubs.WhoIsMain")
    try:
        assert worker.stdout is not None
        ready = receive(worker.stdout)
        assert isinstance(ready, Ready) and ready.pid == worker.pid
        answer = ask(worker, Extraction("<p>x</p>", URL))
        assert isinstance(answer, Answer) and answer.result.fields["title"] == MODULE
        assert answer.memory is None or answer.memory > 10 * 2**20
    finally:
        worker.communicate(timeout=10)  # closing its input stops it
    assert worker.returncode == 0

    chatty = start_worker("--engine", "tests.support.engine_stubs.Chatty")
    try:
        assert isinstance(receive(chatty.stdout), Ready)  # type: ignore[arg-type]
        answer = ask(chatty, Extraction("<p>x</p>", URL))
        assert isinstance(answer.result, Extracted)
        send(chatty.stdin, None)  # type: ignore[arg-type]  # told to stop
        _, stderr = chatty.communicate(timeout=10)
    finally:
        chatty.kill()
    assert stderr.decode().splitlines() == ["hello from the engine", "a warning on stderr"]
    assert chatty.returncode == 0


def test_a_worker_sends_the_trace_of_a_page_with_the_debug_option_back():
    worker = start_worker()
    try:
        assert isinstance(receive(worker.stdout), Ready)  # type: ignore[arg-type]
        quiet = ask(worker, Extraction(LIGHTHOUSE, URL)).result
        traced = ask(worker, Extraction(LIGHTHOUSE, URL, Options(debug=True))).result
    finally:
        worker.communicate(timeout=10)
    assert isinstance(quiet, Extracted) and quiet.trace == ()
    assert isinstance(traced, Extracted)
    messages = [record.getMessage() for record in traced.trace]
    assert any(message.startswith("Candidate: <article> with score") for message in messages)
    assert {record.name for record in traced.trace} == {TRACE_LOGGER}
