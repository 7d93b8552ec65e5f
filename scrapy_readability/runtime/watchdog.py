"""One thread that calls back when a deadline passes: the pool's time limit a page, and a worker's start-up limit."""

from __future__ import annotations

import itertools
import logging
import threading
import time
from collections.abc import Callable

logger = logging.getLogger(__name__)


class Watchdog:
    """Calls a callback when its deadline passes, unless it was disarmed first.

    Arming a deadline wakes the thread only when that deadline comes before the one it
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
