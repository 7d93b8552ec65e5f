"""Running the engine on one page, in a pool thread or in a worker process.

Private to the pipeline, and free of Scrapy (and Twisted) imports, so a worker
process starts with the engine alone. Both ways of running go through
:func:`extract`, which takes plain values and returns a plain dict: what the
pipeline hands a worker process is the page's text, its URL and its options,
and what comes back is the article's fields or a failure reason.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import queue
import signal
import time
import traceback
from typing import Any

from scrapy_readability.engine import Policy, Readability, ReadabilityError, TooManyElementsError
from scrapy_readability.engine.article import DEFAULT_FORMATS

ENGINE = "scrapy_readability.engine.Readability"
"""The engine by dotted path. Tests replace it (``ReadabilityPipeline._engine``) with stubs that fail or die."""

# How a worker starts. A crawl runs a Twisted reactor and threads (this pool, DNS lookups,
# feed storage), so "fork" (Linux's default before Python 3.14) could copy a lock that another
# thread holds at that moment, and the child would hang on it; so no fork of the crawl itself.
# "spawn" and "forkserver" are both safe. We take "forkserver", with this module (so lxml and
# the engine) preloaded into the server: a worker is then a fork of a small, single-threaded,
# already-warm process. Measured on this 2-core machine (time to a new worker's first answer):
# spawn 200-230 ms, forkserver 35 ms (the first one ~280 ms, as it starts the server). Both also
# re-import the crawl's main script in each worker; for the `scrapy` command that is Scrapy
# itself, 0.4-0.65 s either way (Python only skips it for `python -m ...`; preloading "__main__"
# into the forkserver does not work before the fix of CPython issue 126631, and would run the
# user's script in the server). Workers start when the spider opens, in the pool threads, and
# again only after a death, so this is never on the reactor thread. Where there is no
# forkserver (Windows), "spawn".
START_METHOD = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"

WORKER_NICENESS = 10  # added to a worker process's niceness (Unix)
_STOP = None  # sent to a worker to make it exit
_WORKER_EXIT_WAIT = 2.0  # seconds a stopping worker gets before it is killed


def load_engine(path: str) -> type:
    module, _, name = path.rpartition(".")
    return getattr(importlib.import_module(module), name)


def extract(html: str | bytes, url: str | None, options: dict[str, Any], engine: type = Readability) -> dict[str, Any]:
    """Run the engine on one page; never raises.

    ``options`` are the engine's keyword arguments as plain values (``policy`` by
    name), and ``formats``: the representations to compute (``READABILITY_FORMATS``),
    here, where the page was parsed. The answer is ``{"article": {...}}`` or
    ``{"failure": reason, "detail": message}`` (plus ``"traceback"`` for an
    unexpected exception), and ``"seconds"``.
    """
    started = time.perf_counter()
    result: dict[str, Any]
    options = dict(options)
    formats = options.pop("formats", DEFAULT_FORMATS)
    try:
        article = engine(html, url, **{**options, "policy": Policy(options["policy"])}).parse()
    except TooManyElementsError as error:
        result = {"failure": "too_many_elements", "detail": str(error)}
    except ReadabilityError as error:  # bad input, said so on purpose
        result = {"failure": "engine_error", "detail": f"{type(error).__name__}: {error}"}
    except Exception as error:  # a bug: the pipeline logs the traceback at DEBUG level
        result = {
            "failure": "exception",
            "detail": f"{type(error).__name__}: {error}",
            "traceback": traceback.format_exc(),
        }
    else:
        if article is None:
            result = {"failure": "no_article", "detail": "the page has no readable content"}
        else:
            result = {"article": article.to_dict(formats)}
    result["seconds"] = time.perf_counter() - started
    return result


def _serve(conn: Any, engine_path: str) -> None:
    """A worker process: answer pages from ``conn`` until told to stop or the crawl is gone."""
    # Ctrl-C reaches the whole process group; stopping is the crawl's decision, and it
    # stops us once the pages in flight are done.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # Below the crawl's own process, so the reactor gets a core as soon as it has work: with
    # 2 workers on 2 cores (benchmarks/crawl.py, 1,000 pages), the reactor's worst stall went
    # from 76-85 ms to 51-54 ms and its p99 from 54-59 to 34-39 ms, at the same pages/s.
    if hasattr(os, "nice"):
        try:
            os.nice(WORKER_NICENESS)
        except OSError:
            pass
    engine = load_engine(engine_path)
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):  # the crawl's process has gone
            return
        if task is _STOP:
            return
        conn.send(extract(*task, engine=engine))


class _Worker:
    """One worker process and the pipe to it; started on first use, restarted after a death."""

    def __init__(self, context: Any, engine_path: str) -> None:
        self._context = context
        self._engine_path = engine_path
        self._process: Any = None
        self._conn: Any = None

    def run(self, task: tuple[Any, ...]) -> dict[str, Any]:
        started = time.perf_counter()
        if self._process is None:
            self._start()
        try:
            self._conn.send(task)
            return self._conn.recv()
        except (EOFError, OSError):  # it died on this page: the next page gets a new process
            code = self.stop()
            how = f"was killed by signal {-code}" if code is not None and code < 0 else f"exited with code {code}"
            return {
                "failure": "worker_died",
                "detail": f"the extraction process {how}",
                "seconds": time.perf_counter() - started,
            }

    def _start(self) -> None:
        parent, child = self._context.Pipe()
        process = self._context.Process(
            target=_serve, args=(child, self._engine_path), name="readability-worker", daemon=True
        )
        process.start()
        child.close()  # only the worker holds its end, so its death closes the pipe
        self._process, self._conn = process, parent

    def stop(self) -> int | None:
        """Stop the process (politely, then not) and return its exit code."""
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if process is None:
            return None
        try:
            conn.send(_STOP)
        except OSError:
            pass
        process.join(_WORKER_EXIT_WAIT)
        if process.exitcode is None:
            process.kill()
            process.join(_WORKER_EXIT_WAIT)
        conn.close()
        return process.exitcode


class WorkerPool:
    """``size`` worker processes; :meth:`run` blocks its (pool) thread until a worker answers.

    The pipeline calls :meth:`run` from a thread pool of the same size, so a
    worker is always free when a thread asks for one.
    """

    def __init__(self, size: int, engine_path: str = ENGINE) -> None:
        context = multiprocessing.get_context(START_METHOD)
        if START_METHOD == "forkserver":
            # Read when the server starts (our first worker, unless something else started it);
            # the server is one per process, so add to its list rather than replace it.
            from multiprocessing import forkserver

            preload = list(getattr(forkserver._forkserver, "_preload_modules", None) or [])
            if __name__ not in preload:
                context.set_forkserver_preload([*preload, __name__])
        self._workers = [_Worker(context, engine_path) for _ in range(size)]
        self._idle: queue.SimpleQueue[_Worker] = queue.SimpleQueue()
        for worker in self._workers:
            self._idle.put(worker)
        self._closed = False

    def run(self, html: str | bytes, url: str | None, options: dict[str, Any]) -> dict[str, Any]:
        worker = self._idle.get()
        try:
            if self._closed:
                return {"failure": "worker_died", "detail": "the worker pool is shut down", "seconds": 0.0}
            return worker.run((html, url, options))
        finally:
            self._idle.put(worker)

    def close(self) -> None:
        """Stop the workers. Bounded: a worker still busy after a short wait is killed."""
        self._closed = True
        deadline = time.monotonic() + _WORKER_EXIT_WAIT
        for _ in self._workers:
            try:
                worker = self._idle.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                break
            worker.stop()
        for worker in self._workers:  # still busy: its thread gets "worker_died" and stops it
            process = worker._process
            if process is not None and process.exitcode is None:
                process.kill()

    def warm_up(self) -> None:
        """Start an idle worker that has no process yet (call it from a pool thread, once per worker)."""
        worker = self._idle.get()
        try:
            if worker._process is None and not self._closed:
                worker._start()
        finally:
            self._idle.put(worker)

    @property
    def pids(self) -> list[int | None]:
        """The workers' process ids (None for one not started yet), for tests."""
        return [worker._process.pid if worker._process is not None else None for worker in self._workers]
