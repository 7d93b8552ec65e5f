"""One worker process of the pool: starting it, talking to it, stopping it, and forwarding what it prints."""

from __future__ import annotations

import logging
import os
import pickle
import subprocess
import sys
import threading
from collections import deque
from typing import IO, cast

from .jobs import Job
from .protocol import Answer, Broken, Ready, receive, send
from .worker import MODULE

logger = logging.getLogger("scrapy_readability.runtime.pool")

EXIT_WAIT = 2.0  # seconds a stopping worker process gets before it is killed
_STDERR_KEPT = 40  # lines of a worker's standard error kept to explain why it could not start


class WorkerStartError(RuntimeError):
    """A worker process could not start (``READABILITY_WORKERS``): its environment cannot run the engine.

    The message is one line; ``details`` has what the process printed or its traceback.
    """

    def __init__(self, message: str, details: str = "") -> None:
        super().__init__(message)
        self.details = details


def _child_environment() -> dict[str, str]:
    """This process's environment, with its ``sys.path`` as ``PYTHONPATH``: a worker imports what we can.

    That is how an engine named by dotted path (``READABILITY_ENGINE``) is found;
    our ``__main__`` is not imported.
    """
    paths = [os.path.abspath(path or os.curdir) for path in sys.path]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(dict.fromkeys(paths))}


def ended(code: int | None) -> str:
    """How a process ended, in words."""
    return f"was killed by signal {-code}" if code is not None and code < 0 else f"exited with code {code}"


class WorkerProcess:
    """One worker process, the pipes to it, and a thread that forwards its standard error to the log."""

    def __init__(self, engine: str, preflight_check: str, niceness: int) -> None:
        # -P: not the working directory first on its path (Python 3.11+); it has ours.
        command = [sys.executable, "-P", "-m", MODULE, "--engine", engine]
        command += ["--preflight-check", preflight_check, "--niceness", str(niceness)]
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
    def _jobs(self) -> IO[bytes]:
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
        self._forwarder.join(EXIT_WAIT)
        if isinstance(message, Broken):
            raise WorkerStartError(message.detail, message.traceback)
        said = [line for line in self._stderr if line.strip()]
        last = f": {said[-1].strip()}" if said else ""
        raise WorkerStartError(f"the process {ended(code)} before it was ready{last}", "\n".join(said))

    def ask(self, job: Job) -> Answer | None:
        """The worker's answer to ``job``; None if it died (or was killed) first."""
        try:
            send(self._jobs, job)
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
            return self._popen.wait(EXIT_WAIT)
        except subprocess.TimeoutExpired:
            self.kill()
            return self._popen.wait()

    def stop(self) -> None:
        """Ask it to exit, kill it if it does not, and close the pipes."""
        try:
            send(self._jobs, None)
        except OSError:
            pass
        self.exit_code()
        self._close_pipes()
        self._forwarder.join(EXIT_WAIT)

    def stop_in_background(self) -> None:
        threading.Thread(target=self.stop, name="readability-stop", daemon=True).start()

    def _close_pipes(self) -> None:
        for pipe in (self._popen.stdin, self._popen.stdout):
            if pipe is not None:
                try:
                    pipe.close()
                except OSError:  # a write still buffered for a process that is gone
                    pass

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
