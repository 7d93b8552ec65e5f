"""The pool: threads that run pages, each in itself or through a worker process of its own.

With ``processes`` off, each of the pool's threads runs the engine
(``jobs.perform``). With it on, each thread drives one worker process
(``processes.WorkerProcess``): it sends a page and waits, without the GIL, for
the answer. Pages wait in one :class:`JobQueue`, so a page behind a slow one
goes to the next free thread; preflights go first, since a response waits for
its verdict before the spider sees it, and a preflight costs a tenth of an
extraction.

A worker process is replaced when it dies, when a page runs past the time
limit (it is killed), and between pages when it holds more than
``max_memory`` or has done ``max_pages``; the replacement starts at once, so it
loads while the crawl goes on. A thread cannot be killed: a page past its
deadline fails at once, its thread finishes it in the background (the result
is discarded) and a new thread takes its place. Processes start and stop in
the pool's threads, never on the caller's.

The lanes (a pool's threads) see the pool through :class:`Shared` only: the
queue, the deadlines, the event counts, the readiness, and the recycling rule.
"""

from __future__ import annotations

import itertools
import queue
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Future, InvalidStateError
from dataclasses import dataclass
from traceback import format_exc
from typing import Any, overload

from .jobs import (
    ENGINE,
    PREFLIGHT_CHECK,
    Engines,
    Extracted,
    Extraction,
    Failed,
    Job,
    Judged,
    Outcome,
    Preflight,
    perform,
)
from .processes import WorkerProcess, WorkerStartError, ended
from .protocol import Answer
from .watchdog import Watchdog
from .worker import NICENESS

__all__ = ["ExtractionPool", "PoolConfig", "WorkerStartError"]

START_TIMEOUT = 60.0  # seconds a new worker process gets to load its engine
_PREFLIGHT_FIRST, _EXTRACTION, _STOP = 0, 1, 2  # the queue's order


@dataclass(frozen=True)
class PoolConfig:
    """How many lanes, of which kind, running what, within which limits."""

    size: int  # threads, or worker processes when ``processes``
    processes: bool = False
    engine: str = ENGINE  # the engine class by dotted path
    preflight_check: str = PREFLIGHT_CHECK  # the preflight's check by dotted path
    timeout: float = 0.0  # seconds a page may take; 0: no limit
    max_memory: int = 0  # bytes of resident memory above which a worker process is replaced; 0: no limit
    max_pages: int = 0  # extractions after which a worker process is replaced; 0: no limit
    # Added to a worker process's niceness: a crawl's run below its reactor. The command line's
    # process only reads and writes, so there the workers are the work (benchmarks/README.md).
    niceness: int = NICENESS


class Pending:
    """A page waiting for its outcome."""

    def __init__(self, job: Job) -> None:
        self.job = job
        self.future: Future[Outcome] = Future()

    def resolve(self, outcome: Outcome) -> None:
        try:
            self.future.set_result(outcome)
        except InvalidStateError:  # it already failed at its deadline
            pass


class JobQueue:
    """Pages waiting for a lane: preflights first, then extractions, each in the order they came; then the stops."""

    def __init__(self) -> None:
        self._queue: queue.PriorityQueue[tuple[int, int, Pending | None]] = queue.PriorityQueue()
        self._order = itertools.count()

    def put(self, pending: Pending) -> None:
        rank = _PREFLIGHT_FIRST if isinstance(pending.job, Preflight) else _EXTRACTION
        self._queue.put((rank, next(self._order), pending))

    def stop_one(self) -> None:
        """Tell one lane to stop, once the pages queued before are taken."""
        self._queue.put((_STOP, next(self._order), None))

    def get(self) -> Pending | None:
        """The next page, or None: stop."""
        return self._queue.get()[2]

    def __len__(self) -> int:
        return self._queue.qsize()


class Shared:
    """What the lanes of one pool share, and all they see of it."""

    def __init__(self, config: PoolConfig) -> None:
        self.config = config
        self.jobs = JobQueue()
        self.ready: Future[None] = Future()  # the worker processes are up (at once for threads)
        self.counts: Counter[str] = Counter()  # worker processes started and replaced, by reason
        self._watchdog = Watchdog()
        self._lock = threading.Lock()
        self._starting = config.size if config.processes else 0

    def arm(self, callback: Callable[[], None], seconds: float | None = None) -> int | None:
        """Call back when the page's time limit (or ``seconds``) has passed; None without a limit."""
        limit = self.config.timeout if seconds is None else seconds
        return self._watchdog.arm(limit, callback) if limit else None

    def disarm(self, timer: int | None) -> None:
        if timer is not None:
            self._watchdog.disarm(timer)

    def count(self, event: str) -> None:
        with self._lock:
            self.counts[event] += 1

    def spawn(self) -> WorkerProcess:
        """A new worker process (not ready yet)."""
        config = self.config
        worker = WorkerProcess(config.engine, config.preflight_check, config.niceness)
        self.count("started")
        return worker

    def recycle_reason(self, worker: WorkerProcess, memory: int | None) -> str | None:
        """Why a worker that answered must be replaced before its next page, if it must."""
        config = self.config
        if config.max_memory and memory is not None and memory > config.max_memory:
            return "memory"
        if config.max_pages and worker.pages >= config.max_pages:
            return "pages"
        return None

    def lane_ready(self) -> None:
        with self._lock:
            self._starting -= 1
            done = self._starting == 0
        if done and not self.ready.done():
            self.ready.set_result(None)

    def lane_failed(self, error: WorkerStartError) -> None:
        try:
            self.ready.set_exception(error)
        except InvalidStateError:  # another worker failed first
            pass


class Lane:
    """A pool thread: takes pages from the queue and runs them, one at a time, until told to stop."""

    def __init__(self, shared: Shared, number: int) -> None:
        self._shared = shared
        self._lock = threading.Lock()
        self.thread = threading.Thread(target=self._loop, name=f"readability_{number}", daemon=True)

    def _loop(self) -> None:
        self._prepare()
        while True:
            pending = self._shared.jobs.get()
            if pending is None:
                break
            if pending.future.cancelled():  # its caller no longer wants it (the command line's reader left)
                continue
            try:
                keep_going = self._run(pending)
            except Exception as error:  # a bug of ours: the page fails, the thread and the queue go on
                pending.resolve(Failed("exception", f"{type(error).__name__}: {error}", traceback=format_exc()))
                keep_going = True
            if not keep_going:
                return  # given up on: another thread has taken this one's place
        self._finish()

    def _prepare(self) -> None:
        """Before the first page."""

    def _run(self, pending: Pending) -> bool:
        """Resolve the page; False if this thread must end (it was replaced)."""
        raise NotImplementedError

    def _finish(self) -> None:
        """After the last page."""

    def stop_now(self) -> None:
        """Stop what cannot wait for the queue (the pool is closing)."""

    @property
    def pid(self) -> int | None:
        return None


class ThreadLane(Lane):
    """Runs the engine itself. Past the deadline its page fails, and ``on_given_up`` gets a thread to take over."""

    def __init__(
        self,
        shared: Shared,
        number: int,
        engines: Engines,
        on_given_up: Callable[[ThreadLane], None],
        on_given_up_done: Callable[[], None],
    ) -> None:
        super().__init__(shared, number)
        self._engines = engines
        self._on_given_up = on_given_up
        self._on_given_up_done = on_given_up_done
        self._current: Pending | None = None
        self._given_up = False

    def _run(self, pending: Pending) -> bool:
        with self._lock:
            self._current = pending
        timer = self._shared.arm(lambda: self._expire(pending))
        outcome = perform(pending.job, self._engines)
        self._shared.disarm(timer)
        with self._lock:
            self._current, given_up = None, self._given_up
        pending.resolve(outcome)  # ignored if it already failed at its deadline
        if given_up:
            self._on_given_up_done()
        return not given_up

    def _expire(self, pending: Pending) -> None:
        with self._lock:
            if self._current is not pending:
                return
            self._given_up = True
        timeout = self._shared.config.timeout
        pending.resolve(
            Failed(
                "timeout",
                f"the {pending.job.what} took longer than {timeout:g} s; a thread cannot be stopped, "
                "so it finishes the page in the background and the result is discarded",
                seconds=timeout,
            )
        )
        self._on_given_up(self)


class ProcessLane(Lane):
    """Drives one worker process: sends a page, waits for the answer, replaces the process when it must."""

    def __init__(self, shared: Shared, number: int) -> None:
        super().__init__(shared, number)
        self._worker: WorkerProcess | None = None
        self._busy: WorkerProcess | None = None

    @property
    def pid(self) -> int | None:
        worker = self._worker
        return worker.pid if worker is not None else None

    def _prepare(self) -> None:
        try:
            self._ready_worker()
        except WorkerStartError as error:
            self._shared.lane_failed(error)
        else:
            self._shared.lane_ready()

    def _run(self, pending: Pending) -> bool:
        started = time.perf_counter()
        try:
            worker = self._ready_worker()
        except WorkerStartError as error:
            pending.resolve(Failed("worker_died", f"the extraction process could not start: {error}"))
            return True
        with self._lock:
            self._busy = worker
        timer = self._shared.arm(lambda: self._expire(worker))
        answer = worker.ask(pending.job)
        self._shared.disarm(timer)
        with self._lock:
            self._busy = None
        outcome = self._outcome(pending.job, worker, answer, time.perf_counter() - started)
        self._renew(worker, answer, counts=isinstance(pending.job, Extraction))  # first: the outcome finds it renewed
        pending.resolve(outcome)
        return True

    def _outcome(self, job: Job, worker: WorkerProcess, answer: Answer | None, seconds: float) -> Outcome:
        if answer is not None:  # even if its deadline passed meanwhile
            return answer.result
        if worker.timed_out:
            return Failed(
                "timeout",
                f"the {job.what} took longer than {self._shared.config.timeout:g} s; "
                "its process was killed and replaced",
                seconds=seconds,
            )
        return Failed("worker_died", f"the extraction process {ended(worker.exit_code())}", seconds=seconds)

    def _renew(self, worker: WorkerProcess, answer: Answer | None, counts: bool) -> None:
        """Replace the worker if it died, was killed, or grew past a limit; start the new one now.

        Only extractions count towards ``max_pages`` (``counts``): a page's preflight and its
        extraction are one page. Memory is checked after either.
        """
        reason: str | None
        if answer is None or worker.timed_out:
            reason = "timeout" if worker.timed_out else "died"
        else:
            worker.pages += counts
            reason = self._shared.recycle_reason(worker, answer.memory)
        if reason is None:
            return
        worker.stop_in_background()
        self._shared.count(f"replaced/{reason}")
        try:
            self._worker = self._shared.spawn()
        except WorkerStartError:  # the next page tries again, and says why if it fails
            self._worker = None

    def _expire(self, worker: WorkerProcess) -> None:
        with self._lock:
            if self._busy is not worker:
                return
            worker.timed_out = True
        worker.kill()

    def _ready_worker(self) -> WorkerProcess:
        """This lane's worker process, started (if need be) and ready for a page."""
        worker = self._worker or self._shared.spawn()
        self._worker = worker
        if not worker.ready:
            timer = self._shared.arm(worker.kill, START_TIMEOUT)
            try:
                worker.wait_ready()
            except WorkerStartError:
                self._worker = None
                raise
            finally:
                self._shared.disarm(timer)
        return worker

    def _finish(self) -> None:
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.stop()

    def stop_now(self) -> None:
        with self._lock:
            busy = self._busy
        if busy is not None:  # a page still in flight while the pool closes
            busy.kill()


class ExtractionPool:
    """Runs pages (:meth:`submit`) in threads or worker processes; :attr:`ready` says when the workers are up."""

    def __init__(self, config: PoolConfig) -> None:
        self.config = config
        self._shared = Shared(config)
        self._lock = threading.Lock()
        self._closed = False
        self._numbers = itertools.count()
        self._engines = None if config.processes else Engines.load(config.engine, config.preflight_check)
        self._lanes: list[Lane] = []
        self._given_up = 0  # threads past a deadline, still finishing their page
        self._owed = 0  # threads not replaced yet (too many given up at once)
        with self._lock:
            for _ in range(config.size):
                self._add_lane()
        if not config.processes:
            self.ready.set_result(None)

    @property
    def ready(self) -> Future[None]:
        """Done when the worker processes are up (at once for threads); WorkerStartError if they cannot start."""
        return self._shared.ready

    @property
    def counts(self) -> Counter[str]:
        """Worker processes started and replaced, by reason (``started``, ``replaced/memory``, ...)."""
        return self._shared.counts

    @overload
    def submit(self, job: Extraction) -> Future[Extracted | Failed]: ...

    @overload
    def submit(self, job: Preflight) -> Future[Judged | Failed]: ...

    def submit(self, job: Job) -> Future[Any]:
        """Queue a page: an extraction gets Extracted or Failed, a preflight Judged or Failed."""
        pending = Pending(job)
        if self._closed:
            pending.resolve(Failed("worker_died", "the extraction pool is shut down"))
        else:
            self._shared.jobs.put(pending)
        return pending.future

    def close(self) -> None:
        """Stop taking pages; the threads finish the queue, then stop their worker processes. Does not wait."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            lanes = list(self._lanes)
        for lane in lanes:
            self._shared.jobs.stop_one()
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
        return len(self._shared.jobs)

    def _add_lane(self) -> None:
        """Start one more pool thread (the caller holds the lock)."""
        number = next(self._numbers)
        lane: Lane
        if self._engines is None:
            lane = ProcessLane(self._shared, number)
        else:
            lane = ThreadLane(self._shared, number, self._engines, self._replace, self._given_up_done)
        self._lanes.append(lane)
        lane.thread.start()

    def _replace(self, lane: ThreadLane) -> None:
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
