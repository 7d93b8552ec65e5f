"""The extraction pool, driven directly: threads and worker processes, time limits, recycling, start failures."""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Iterator
from typing import Any

import pytest

from scrapy_readability.runtime.jobs import Extracted, Extraction, Failed, Judged, Preflight
from scrapy_readability.runtime.pool import ExtractionPool, PoolConfig, WorkerStartError

pytestmark = pytest.mark.slow  # worker processes, time limits

URL = "https://news.example/articles/a.html"
HTML = "<html><body><p>Some text.</p></body></html>"


def task(url: str = URL) -> Extraction:
    return Extraction(HTML, url)


@pytest.fixture
def make_pool() -> Iterator[Any]:
    """Build pools with ``engine`` a name in tests/engine_stubs.py; each is closed and joined afterwards."""
    pools: list[ExtractionPool] = []

    def make(engine: str, **config: Any) -> ExtractionPool:
        pool = ExtractionPool(PoolConfig(engine=f"tests.support.engine_stubs.{engine}", **{"size": 1, **config}))
        pools.append(pool)
        if pool.config.processes:
            pool.ready.result(timeout=60)
        return pool

    yield make
    for pool in pools:
        pool.close()
        pool.join(timeout=10)


def results(pool: ExtractionPool, *urls: str) -> list[Extracted | Failed]:
    """Submit every page at once (they queue), then wait for all."""
    futures = [pool.submit(task(url)) for url in urls]
    return [future.result(timeout=60) for future in futures]


def title(result: Extracted | Failed) -> str:
    assert isinstance(result, Extracted), result
    return str(result.fields["title"])


def test_a_worker_answers_from_its_own_process(make_pool):
    pool = make_pool("WhoAmI", processes=True)
    [result] = results(pool, URL)
    pid = int(title(result).split()[0])
    assert pid != os.getpid() and pool.pids == [pid]
    assert result.seconds > 0


@pytest.mark.parametrize("processes", [False, True])
def test_a_preflight_goes_ahead_of_the_extractions_waiting(make_pool, processes):
    """A response waits for its verdict before the spider sees it: it does not queue behind extractions."""
    pool = make_pool("Slow", processes=processes)
    done: list[str] = []
    extractions = [pool.submit(task(f"{URL}?{n}")) for n in range(6)]  # 50 ms each, one at a time
    for n, future in enumerate(extractions):
        future.add_done_callback(lambda _, n=n: done.append(f"extraction {n}"))
    verdict = pool.submit(Preflight(HTML, URL))
    verdict.add_done_callback(lambda _: done.append("preflight"))
    assert isinstance(verdict.result(timeout=60), Judged)
    for future in extractions:
        future.result(timeout=60)
    assert done.index("preflight") <= 2  # after the extraction under way when it came, at most one more


def test_only_extractions_count_as_pages_for_recycling(make_pool):
    """READABILITY_WORKER_MAX_PAGES: a page's preflight and its extraction are one page."""
    pool = make_pool("PidAndMemory", processes=True, max_pages=2)
    first = [int(title(result)) for result in results(pool, URL)]
    for _ in range(3):
        assert isinstance(pool.submit(Preflight(HTML, URL)).result(timeout=60), Judged)
    second = int(title(pool.submit(task()).result(timeout=60)))
    assert first == [second]  # the same process: the preflights did not count
    assert pool.counts == {"started": 2, "replaced/pages": 1}  # replaced after its second extraction


@pytest.mark.parametrize("processes", [False, True])
def test_a_hung_page_times_out_and_the_pages_behind_it_are_done(make_pool, processes, tmp_path, monkeypatch):
    """One thread or one process: the pages queued behind the hung one get done while it still hangs.

    The stand-in hangs until the test releases it, after the results: a pool that waited for it would
    never give them (``results`` gives up after a minute), whatever the machine's load."""
    release = tmp_path / "release"
    monkeypatch.setenv("HANGS_UNTIL", str(release))
    pool = make_pool("HangsOnStarter", processes=processes, timeout=2)
    try:
        first, hung, *after = results(pool, URL, "https://x.example/starter.html", *(f"{URL}?{n}" for n in range(3)))
    finally:
        release.touch()
    assert isinstance(hung, Failed) and hung.reason == "timeout"
    assert "longer than 2 s" in hung.detail
    assert all(isinstance(result, Extracted) for result in (first, *after))
    if processes:
        assert "its process was killed and replaced" in hung.detail
        assert pool.counts == {"started": 2, "replaced/timeout": 1}
    else:
        assert "a thread cannot be stopped" in hung.detail


def test_what_a_worker_prints_goes_to_the_log(make_pool, caplog):
    caplog.set_level(logging.WARNING, logger="scrapy_readability.runtime.pool")
    pool = make_pool("Chatty", processes=True)
    [result] = results(pool, URL)
    pid = int(title(result).split()[0])
    for _ in range(200):  # forwarded by the pool's thread that reads the worker's standard error
        if len(caplog.records) == 2:
            break
        time.sleep(0.01)
    assert [record.getMessage() for record in caplog.records] == [
        f"Extraction process {pid}: hello from the engine",
        f"Extraction process {pid}: a warning on stderr",
    ]


def test_a_result_that_cannot_be_sent_fails_its_page_not_the_worker(make_pool):
    pool = make_pool("Unpicklable", processes=True)
    pid = pool.pids[0]
    [failed] = results(pool, URL)
    assert isinstance(failed, Failed) and failed.reason == "exception"
    assert failed.detail.startswith("the result could not be sent: ")
    assert pool.pids == [pid] and "replaced/died" not in pool.counts


def test_a_killed_worker_is_replaced_with_a_new_process(make_pool):
    pool = make_pool("HangsOnStarter", processes=True, timeout=2)
    [before] = results(pool, URL)
    first_pid = pool.pids[0]
    results(pool, "https://x.example/starter.html")
    for _ in range(200):  # the page's result comes first, then its lane starts the new process
        if pool.pids[0] not in (first_pid, None):
            break
        time.sleep(0.01)
    assert pool.pids[0] not in (first_pid, None)
    with pytest.raises(OSError):  # the hung one was killed and reaped
        for _ in range(200):
            os.kill(first_pid, 0)
            time.sleep(0.01)
    assert isinstance(before, Extracted)


def test_threads_given_up_on_are_replaced_at_most_size_at_a_time(make_pool):
    """Every page hangs: two threads are replaced, the third waits, and nothing fails but by its deadline."""
    pool = make_pool("HangsOnStarter", timeout=0.3)
    hung = [pool.submit(task(f"https://x.example/{n}/starter.html")) for n in range(3)]
    first, second = (future.result(timeout=10) for future in hung[:2])
    assert isinstance(first, Failed) and isinstance(second, Failed)
    time.sleep(0.5)
    assert not hung[2].done()  # one given-up thread at a time (size 1): the third page waits for a thread
    assert len(pool._lanes) == 0


def test_a_worker_past_its_memory_limit_is_recycled_between_pages(make_pool):
    """After the page that left 120 MB behind, the next page gets a new process; no page is lost."""
    pool = make_pool("PidAndMemory", processes=True, max_memory=100 * 2**20)
    pids = [int(title(result)) for result in results(pool, URL, URL, f"{URL}?hold=120", URL, URL)]
    assert pids[0] == pids[1] == pids[2] != pids[3] == pids[4]
    assert pool.counts == {"started": 2, "replaced/memory": 1}


def test_a_worker_is_recycled_after_its_pages(make_pool):
    pool = make_pool("PidAndMemory", processes=True, max_pages=2)
    pids = [int(title(result)) for result in results(pool, *[URL] * 5)]
    assert pids[0] == pids[1] != pids[2] == pids[3] != pids[4]
    assert pool.counts == {"started": 3, "replaced/pages": 2}


def test_workers_that_cannot_load_the_engine_say_why():
    pool = ExtractionPool(PoolConfig(size=2, processes=True, engine="tests.support.broken_engine.Readability"))
    try:
        with pytest.raises(WorkerStartError) as error:
            pool.ready.result(timeout=60)
        assert (
            str(error.value) == "ImportError: libxml2.so.2: cannot open shared object file: No such file or directory"
        )
        assert 'tests/support/broken_engine.py", line 3' in error.value.details  # the worker's traceback
        # a page that comes anyway fails, as the process cannot start again either
        failed = pool.submit(task()).result(timeout=60)
        assert isinstance(failed, Failed) and failed.reason == "worker_died"
        assert failed.detail.startswith("the extraction process could not start: ImportError: libxml2.so.2")
    finally:
        pool.close()
        pool.join(timeout=10)


def test_a_process_that_dies_before_it_is_ready_says_how(monkeypatch):
    """Not even our module can run (here: a Python that exits at once): the exit code and what it printed."""
    monkeypatch.setattr("sys.executable", "/bin/sh")  # `sh -m ...`: an error and exit code 2
    pool = ExtractionPool(PoolConfig(size=1, processes=True))
    try:
        with pytest.raises(WorkerStartError, match=r"^the process exited with code 2 before it was ready: .+"):
            pool.ready.result(timeout=60)
    finally:
        pool.close()
        pool.join(timeout=10)


def test_no_interpreter_at_all_is_a_start_error(monkeypatch):
    monkeypatch.setattr("sys.executable", "/nonexistent/python")
    pool = ExtractionPool(PoolConfig(size=1, processes=True))
    try:
        with pytest.raises(WorkerStartError, match=r"^FileNotFoundError: .*/nonexistent/python"):
            pool.ready.result(timeout=60)
        failed = pool.submit(task()).result(timeout=60)
        assert isinstance(failed, Failed) and failed.reason == "worker_died"
    finally:
        pool.close()
        pool.join(timeout=10)


def test_close_stops_the_workers_and_refuses_new_pages(make_pool):
    pool = make_pool("WhoAmI", size=2, processes=True)
    pids = pool.pids
    pool.close()
    pool.join(timeout=10)
    assert pool.pids == [None, None]
    for pid in pids:
        assert pid is not None
        with pytest.raises(OSError):
            for _ in range(200):
                os.kill(pid, 0)
                time.sleep(0.01)
    refused = pool.submit(task()).result(timeout=1)
    assert isinstance(refused, Failed) and refused.detail == "the extraction pool is shut down"
