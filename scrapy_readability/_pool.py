"""The extraction pool: threads that run pages, each in itself or through a worker process of its own.

With ``READABILITY_WORKERS = 0`` each of the ``READABILITY_THREADS`` pool threads
runs the engine (``_worker.extract``). With ``READABILITY_WORKERS = N`` each of N
pool threads drives one worker process (``python -m scrapy_readability._worker``):
it sends a page and waits, without the GIL, for the answer. Pages wait in one
queue, so a page behind a slow one goes to the next free thread.

A worker process is replaced when it dies, when a page runs past
``READABILITY_TIMEOUT`` (it is killed), and between pages when it holds more
than ``READABILITY_WORKER_MAX_MEMORY`` or has done ``READABILITY_WORKER_MAX_PAGES``.
The replacement is started at once, so it loads while the crawl goes on. A
thread cannot be killed: a page past its deadline fails at once, its thread
finishes it in the background (the result is discarded) and a new thread takes
its place. Processes start and stop in the pool's threads, never on the reactor's.
The pipeline and the command line (``cli.py``) both extract through it.
"""

from __future__ import annotations

import itertools
import logging
import os
import pickle
import queue
import subprocess
import sys
import threading
import time
from collections import Counter, deque
from collections.abc import Callable
from concurrent.futures import Future, InvalidStateError
from dataclasses import dataclass
from traceback import format_exc
from typing import IO, cast

from scrapy_readability._worker import (
    ENGINE,
    WORKER_NICENESS,
    Answer,
    Broken,
    Failed,
    Ready,
    Result,
    Task,
    extract,
    load_engine,
    receive,
    send,
)

logger = logging.getLogger(__name__)

_WORKER_MODULE = "scrapy_readability._worker"
_START_TIMEOUT = 60.0  # seconds a new worker process gets to load its engine
_EXIT_WAIT = 2.0  # seconds a stopping worker process gets before it is killed
_STDERR_KEPT = 40  # lines of a worker's standard error kept to explain why it could not start


class WorkerStartError(RuntimeError):
    """A worker process could not start (``READABILITY_WORKERS``): its environment cannot run the engine.

    The message is one line; ``details`` has what the process printed or its traceback.
    """

    def __init__(self, message: str, details: str = "") -> None:
        super().__init__(message)
        self.details = details


@dataclass(frozen=True)
class PoolConfig:
    """What the pool is told by the settings."""

    size: int  # threads, or worker processes when ``processes``
    processes: bool = False
    engine: str = ENGINE  # the engine class by dotted path
    timeout: float = 0.0  # seconds a page may take; 0: no limit
    max_memory: int = 0  # bytes of resident memory above which a worker process is replaced; 0: no limit
    max_pages: int = 0  # pages after which a worker process is replaced; 0: no limit
    trace: bool = False  # worker processes send the engine's decision trace back
    # Added to a worker process's niceness: a crawl's run below its reactor. The command line's
    # process only reads and writes, so there the workers are the work (benchmarks/README.md).
    niceness: int = WORKER_NICENESS


class _Job:
    """A page waiting for its result."""

    def __init__(self, task: Task) -> None:
        self.task = task
        self.future: Future[Result] = Future()

    def resolve(self, result: Result) -> None:
        try:
            self.future.set_result(result)
        except InvalidStateError:  # it already failed at its deadline
            pass


class _Watchdog:
    """One thread that calls a callback when its deadline passes, unless it was disarmed first.

    Arming a page's deadline wakes the thread only when that deadline comes before the one it
    sleeps until, so a steady crawl costs it about one wake-up per time limit, not one per page.
    """

    def __init__(self) -> None:
        self._condition = threading.Condition()
        self._timers: dict[int, tuple[float, Callable[[], None]]] = {}
        self._ids = itertools.count()
        self._thread: threading.Thread | None = None
        self._sleeping_until: float | None = None  # None: until woken

    def arm(self, seconds: float, callback: Callable[[], None]) -> int:
        deadline = time.monotonic() + seconds
        with self._condition:
            timer = next(self._ids)
            self._timers[timer] = (deadline, callback)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="readability-watchdog", daemon=True)
                self._thread.start()
            elif self._sleeping_until is None or deadline < self._sleeping_until:
                self._condition.notify()
        return timer

    def disarm(self, timer: int) -> None:
        with self._condition:
            self._timers.pop(timer, None)

    def _run(self) -> None:
        while True:
            with self._condition:
                now = time.monotonic()
                due = [timer for timer, (deadline, _) in self._timers.items() if deadline <= now]
                callbacks = [self._timers.pop(timer)[1] for timer in due]
                if not callbacks:
                    self._sleeping_until = min((deadline for deadline, _ in self._timers.values()), default=None)
                    self._condition.wait(None if self._sleeping_until is None else self._sleeping_until - now)
                    continue
            for callback in callbacks:
                try:
                    callback()
                except Exception:  # a bug of ours: keep watching the other deadlines
                    logger.exception("Error in a READABILITY_TIMEOUT callback")


def _child_environment() -> dict[str, str]:
    """The crawl's environment, with its ``sys.path`` as ``PYTHONPATH``: a worker imports what the crawl can.

    That is how an engine named by dotted path (the tests' stand-ins) is found;
    the crawl's ``__main__`` is not imported.
    """
    paths = [os.path.abspath(path or os.curdir) for path in sys.path]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(dict.fromkeys(paths))}


def _ended(code: int | None) -> str:
    return f"was killed by signal {-code}" if code is not None and code < 0 else f"exited with code {code}"


class _WorkerProcess:
    """One worker process, the pipes to it, and a thread that forwards its standard error to the log."""

    def __init__(self, config: PoolConfig) -> None:
        # -P: not the working directory first on its path (Python 3.11+); it has the crawl's path.
        safe_path = ["-P"] if sys.version_info >= (3, 11) else []
        command = [sys.executable, *safe_path, "-m", _WORKER_MODULE, "--engine", config.engine]
        command += ["--niceness", str(config.niceness)]
        if config.trace:
            command.append("--trace")
        try:
            self._popen = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=_child_environment(),
            )
        except OSError as error:  # no such interpreter, no memory or file descriptors left
            raise WorkerStartError(f"{type(error).__name__}: {error}") from None
        self.pid = self._popen.pid
        self.pages = 0
        self.timed_out = False
        self._ready = False
        self._lock = threading.Lock()
        self._stderr: deque[str] = deque(maxlen=_STDERR_KEPT)
        self._forwarder = threading.Thread(target=self._forward_stderr, name="readability-stderr", daemon=True)
        self._forwarder.start()

    @property
    def _tasks(self) -> IO[bytes]:
        return cast(IO[bytes], self._popen.stdin)

    @property
    def _answers(self) -> IO[bytes]:
        return cast(IO[bytes], self._popen.stdout)

    @property
    def ready(self) -> bool:
        return self._ready

    def wait_ready(self) -> None:
        """Wait for the engine to load; WorkerStartError (with what the process said) if it did not."""
        try:
            message = receive(self._answers)
        except (EOFError, OSError, pickle.UnpicklingError):
            message = None
        if isinstance(message, Ready):
            with self._lock:
                self._ready = True
                early, self._stderr = list(self._stderr), deque(maxlen=_STDERR_KEPT)
            for line in early:  # warnings printed while it started
                self._log(line)
            return
        code = self.exit_code()
        self._close_pipes()
        self._forwarder.join(_EXIT_WAIT)
        if isinstance(message, Broken):
            raise WorkerStartError(message.detail, message.traceback)
        said = [line for line in self._stderr if line.strip()]
        last = f": {said[-1].strip()}" if said else ""
        raise WorkerStartError(f"the process {_ended(code)} before it was ready{last}", "\n".join(said))

    def ask(self, task: Task) -> Answer | None:
        """The worker's answer to ``task``; None if it died (or was killed) first."""
        try:
            send(self._tasks, task)
            answer = receive(self._answers)
        except (EOFError, OSError, pickle.UnpicklingError):
            return None
        return answer if isinstance(answer, Answer) else None

    def kill(self) -> None:
        try:
            self._popen.kill()
        except OSError:  # already gone
            pass

    def exit_code(self) -> int | None:
        """Its exit code, once it has exited (killed if it has not within a short wait)."""
        try:
            return self._popen.wait(_EXIT_WAIT)
        except subprocess.TimeoutExpired:
            self.kill()
            return self._popen.wait()

    def stop(self) -> None:
        """Ask it to exit, kill it if it does not, and close the pipes."""
        try:
            send(self._tasks, None)
        except OSError:
            pass
        self.exit_code()
        self._close_pipes()
        self._forwarder.join(_EXIT_WAIT)

    def _close_pipes(self) -> None:
        for pipe in (self._popen.stdin, self._popen.stdout):
            if pipe is not None:
                try:
                    pipe.close()
                except OSError:  # a write still buffered for a process that is gone
                    pass

    def stop_in_background(self) -> None:
        threading.Thread(target=self.stop, name="readability-stop", daemon=True).start()

    def _forward_stderr(self) -> None:
        stderr = cast(IO[bytes], self._popen.stderr)
        with stderr:
            for raw in stderr:
                line = raw.decode("utf-8", "replace").rstrip()
                with self._lock:
                    if not self._ready:  # kept: it may explain why it could not start
                        self._stderr.append(line)
                        continue
                self._log(line)

    def _log(self, line: str) -> None:
        logger.warning("Extraction process %d: %s", self.pid, line)


class _Lane:
    """A pool thread: takes pages from the pool's queue and runs them, one at a time, until told to stop."""

    def __init__(self, pool: ExtractionPool, number: int) -> None:
        self._pool = pool
        self._lock = threading.Lock()
        self.thread = threading.Thread(target=self._loop, name=f"readability_{number}", daemon=True)

    def _loop(self) -> None:
        self._prepare()
        while True:
            job = self._pool._next_job()
            if job is None:
                break
            try:
                keep_going = self._run(job)
            except Exception as error:  # a bug of ours: the page fails, the thread and the queue go on
                job.resolve(Failed("exception", f"{type(error).__name__}: {error}", traceback=format_exc()))
                keep_going = True
            if not keep_going:
                return  # given up on: another thread has taken this one's place
        self._finish()

    def _prepare(self) -> None:
        """Before the first page."""

    def _run(self, job: _Job) -> bool:
        """Resolve the job; False if this thread must end (it was replaced)."""
        raise NotImplementedError

    def _finish(self) -> None:
        """After the last page."""

    def stop_now(self) -> None:
        """Stop what cannot wait for the queue (the pool is closing)."""

    @property
    def pid(self) -> int | None:
        return None


class _ThreadLane(_Lane):
    """Runs the engine itself. Past the deadline its page fails, and another thread takes over the queue."""

    def __init__(self, pool: ExtractionPool, number: int, engine: type) -> None:
        super().__init__(pool, number)
        self._engine = engine
        self._current: _Job | None = None
        self._given_up = False

    def _run(self, job: _Job) -> bool:
        with self._lock:
            self._current = job
        timer = self._pool._arm(lambda: self._expire(job))
        result = extract(job.task, self._engine)
        self._pool._disarm(timer)
        with self._lock:
            self._current, given_up = None, self._given_up
        job.resolve(result)  # ignored if it already failed at its deadline
        if given_up:
            self._pool._given_up_done()
        return not given_up

    def _expire(self, job: _Job) -> None:
        with self._lock:
            if self._current is not job:
                return
            self._given_up = True
        timeout = self._pool.config.timeout
        job.resolve(
            Failed(
                "timeout",
                f"the extraction took longer than {timeout:g} s; a thread cannot be stopped, "
                "so it finishes the page in the background and the result is discarded",
                seconds=timeout,
            )
        )
        self._pool._replace(self)


class _ProcessLane(_Lane):
    """Drives one worker process: sends a page, waits for the answer, replaces the process when it must."""

    def __init__(self, pool: ExtractionPool, number: int) -> None:
        super().__init__(pool, number)
        self._worker: _WorkerProcess | None = None
        self._busy: _WorkerProcess | None = None

    @property
    def pid(self) -> int | None:
        worker = self._worker
        return worker.pid if worker is not None else None

    def _prepare(self) -> None:
        try:
            self._ready_worker()
        except WorkerStartError as error:
            self._pool._lane_failed(error)
        else:
            self._pool._lane_ready()

    def _run(self, job: _Job) -> bool:
        started = time.perf_counter()
        try:
            worker = self._ready_worker()
        except WorkerStartError as error:
            job.resolve(Failed("worker_died", f"the extraction process could not start: {error}"))
            return True
        with self._lock:
            self._busy = worker
        timer = self._pool._arm(lambda: self._expire(worker))
        answer = worker.ask(job.task)
        self._pool._disarm(timer)
        with self._lock:
            self._busy = None
        result = self._result(worker, answer, time.perf_counter() - started)
        self._renew(worker, answer)  # first, so the page's result finds the pool as it will be
        job.resolve(result)
        return True

    def _result(self, worker: _WorkerProcess, answer: Answer | None, seconds: float) -> Result:
        if answer is not None:  # even if its deadline passed meanwhile
            return answer.result
        if worker.timed_out:
            return Failed(
                "timeout",
                f"the extraction took longer than {self._pool.config.timeout:g} s; "
                "its process was killed and replaced",
                seconds=seconds,
            )
        return Failed("worker_died", f"the extraction process {_ended(worker.exit_code())}", seconds=seconds)

    def _renew(self, worker: _WorkerProcess, answer: Answer | None) -> None:
        """Replace the worker if it died, was killed, or grew past a limit; start the new one now."""
        reason: str | None
        if answer is None or worker.timed_out:
            reason = "timeout" if worker.timed_out else "died"
        else:
            worker.pages += 1
            reason = self._pool._recycle_reason(worker.pages, answer.memory)
        if reason is None:
            return
        worker.stop_in_background()
        self._pool._count(f"replaced/{reason}")
        try:
            self._worker = self._pool._spawn()
        except WorkerStartError:  # the next page tries again, and says why if it fails
            self._worker = None

    def _expire(self, worker: _WorkerProcess) -> None:
        with self._lock:
            if self._busy is not worker:
                return
            worker.timed_out = True
        worker.kill()

    def _ready_worker(self) -> _WorkerProcess:
        """This lane's worker process, started (if need be) and ready for a page."""
        worker = self._worker or self._pool._spawn()
        self._worker = worker
        if not worker.ready:
            timer = self._pool._watchdog.arm(_START_TIMEOUT, worker.kill)
            try:
                worker.wait_ready()
            except WorkerStartError:
                self._worker = None
                raise
            finally:
                self._pool._watchdog.disarm(timer)
        return worker

    def _finish(self) -> None:
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.stop()

    def stop_now(self) -> None:
        with self._lock:
            busy = self._busy
        if busy is not None:  # a page still in flight while the crawl closes
            busy.kill()


class ExtractionPool:
    """Runs pages (:meth:`submit`) in threads or worker processes; :attr:`ready` says when the workers are up."""

    def __init__(self, config: PoolConfig) -> None:
        self.config = config
        self.ready: Future[None] = Future()
        self.counts: Counter[str] = Counter()  # worker processes started and replaced, by reason
        self._queue: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._watchdog = _Watchdog()
        self._lock = threading.Lock()
        self._closed = False
        self._numbers = itertools.count()
        self._engine = None if config.processes else load_engine(config.engine)
        self._lanes: list[_Lane] = []
        self._starting = config.size  # worker processes not ready yet
        self._given_up = 0  # threads past a deadline, still finishing their page
        self._owed = 0  # threads not replaced yet (too many given up at once)
        with self._lock:
            for _ in range(config.size):
                self._add_lane()
        if not config.processes:
            self.ready.set_result(None)

    def submit(self, task: Task) -> Future[Result]:
        job = _Job(task)
        if self._closed:
            job.resolve(Failed("worker_died", "the extraction pool is shut down"))
        else:
            self._queue.put(job)
        return job.future

    def close(self) -> None:
        """Stop taking pages; the threads finish the queue, then stop their worker processes. Does not wait."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            lanes = list(self._lanes)
        for lane in lanes:
            self._queue.put(None)
            lane.stop_now()

    def join(self, timeout: float | None = None) -> None:
        """Wait until the pool's threads have stopped (after :meth:`close`), for tests and benchmarks."""
        deadline = None if timeout is None else time.monotonic() + timeout
        for lane in list(self._lanes):
            lane.thread.join(None if deadline is None else max(0.0, deadline - time.monotonic()))

    @property
    def pids(self) -> list[int | None]:
        """The worker processes' ids (None where a lane has none), for tests and benchmarks."""
        return [lane.pid for lane in self._lanes]

    @property
    def queued(self) -> int:
        """Pages waiting for a thread."""
        return self._queue.qsize()

    # For the lanes.

    def _next_job(self) -> _Job | None:
        return self._queue.get()

    def _add_lane(self) -> None:
        """Start one more pool thread (the caller holds the lock)."""
        number = next(self._numbers)
        lane = _ProcessLane(self, number) if self._engine is None else _ThreadLane(self, number, self._engine)
        self._lanes.append(lane)
        lane.thread.start()

    def _spawn(self) -> _WorkerProcess:
        worker = _WorkerProcess(self.config)
        self._count("started")
        return worker

    def _count(self, key: str) -> None:
        with self._lock:
            self.counts[key] += 1

    def _arm(self, callback: Callable[[], None]) -> int | None:
        return self._watchdog.arm(self.config.timeout, callback) if self.config.timeout else None

    def _disarm(self, timer: int | None) -> None:
        if timer is not None:
            self._watchdog.disarm(timer)

    def _recycle_reason(self, pages: int, memory: int | None) -> str | None:
        if self.config.max_memory and memory is not None and memory > self.config.max_memory:
            return "memory"
        if self.config.max_pages and pages >= self.config.max_pages:
            return "pages"
        return None

    def _lane_ready(self) -> None:
        with self._lock:
            self._starting -= 1
            done = self._starting == 0
        if done and not self.ready.done():
            self.ready.set_result(None)

    def _lane_failed(self, error: WorkerStartError) -> None:
        try:
            self.ready.set_exception(error)
        except InvalidStateError:  # another worker failed first
            pass

    def _replace(self, lane: _Lane) -> None:
        """A thread was given up on at its deadline: another takes its place (at most ``size`` at a time)."""
        with self._lock:
            self._lanes.remove(lane)
            self._given_up += 1
            if self._closed:
                return
            if self._given_up > self.config.size:
                self._owed += 1
            else:
                self._add_lane()

    def _given_up_done(self) -> None:
        """A thread that was given up on has finished its page."""
        with self._lock:
            self._given_up -= 1
            if self._owed and not self._closed:
                self._owed -= 1
                self._add_lane()
