"""The tests' Python processes without Python's start-up: forked from one that has imported Scrapy.

A test runs what a user runs (``python -m scrapy crawl …``, ``python -m scrapy_readability …``, a
crawl script) in a process of its own, against a local server. Starting Python and importing
Scrapy, Twisted, lxml and the package costs about 1.3 s of CPU a process, more than most crawls
themselves, and the suite runs hundreds. A zygote, started once per test process, imports them
and then forks a child for each command. The child takes the command's working directory,
environment, ``sys.path``, arguments and standard streams as ``python ARGS`` would, runs it as
Python runs it (``runpy``; ``-c`` code in a fresh ``__main__``), and ends as an interpreter ends
(threads joined, garbage collected, ``atexit`` handlers, exit status) but for the teardown of its modules, which would
copy every page it shares with the zygote. What it shares with the zygote is what the zygote imported,
which a fresh process imports from the same files, frozen (``gc.freeze()``, as a server that forks
workers does): the child's collections skip it (a crawl's CPU time halves; a test of the crawl's own
``gc.freeze`` compares with what a forked child starts with).

Only what a fork can start the same way is forked: ``-m``, ``-c`` and script commands, in the
environment the zygote started with but for ``PYTHONPATH`` and variables outside Python's own
(``PYTHON*`` ones decide how an interpreter starts). Anything else, a platform without ``fork``,
or ``SCRAPY_READABILITY_TEST_FORK=0`` runs a fresh interpreter. Tests that look at what an
import brings in (``sys.modules``) start Python themselves.

The zygote reads one JSON request a line on its standard input and answers each with the
child's pid; when a child ends, it writes the child's exit status (``Popen.returncode``'s
convention: ``-N`` for signal N) to the request's status file.
"""

from __future__ import annotations

import io
import json
import locale
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import weakref
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

# What a command of the suite imports anyway: the zygote imports it once (missing ones are skipped).
PRELOAD = (
    "scrapy.cmdline",
    "scrapy.crawler",
    "scrapy.core.engine",
    "scrapy.core.scheduler",
    "scrapy.core.downloader.handlers.http11",
    "scrapy.core.downloader.handlers.http2",
    "scrapy.downloadermiddlewares.robotstxt",
    "scrapy.extensions.feedexport",
    "scrapy.extensions.telnet",
    "scrapy.spiders.crawl",
    "scrapy.spiders.sitemap",
    "scrapy.linkextractors",
    "scrapy.commands.crawl",
    "scrapy.commands.runspider",
    "scrapy.commands.shell",
    "twisted.internet.asyncioreactor",
    "twisted.web.client",
    "itemadapter",
    "lxml.html",
    "selectolax.lexbor",
    "scrapy_readability",
    "scrapy_readability.engine.port.readability",
    "scrapy_readability.pipeline",
    "scrapy_readability.middleware",
    "scrapy_readability.extension",
    "scrapy_readability.addon",
    "scrapy_readability.commands",
    "scrapy_readability.cli",
    "scrapy_readability.spiders.article",
)

NOT_PRELOADED = ("scrapy.core.downloader.handlers.ftp",)
"""Components whose import installs Twisted's default reactor (Scrapy 2.13's FTP handler imports
``twisted.protocols.ftp``, which imports the reactor): a child must be free to install the one its
settings ask for."""

SWITCH = "SCRAPY_READABILITY_TEST_FORK"


# --- The zygote (its own process) ---------------------------------------------------------------


def _pythonpath(env: Mapping[str, str]) -> list[str]:
    return [entry for entry in env.get("PYTHONPATH", "").split(os.pathsep) if entry]


def serve() -> None:
    """The zygote's loop: preload, then fork a child for each request until standard input ends."""
    import gc
    import importlib
    import selectors

    for name in PRELOAD:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001, S112 - an optional part (an extra not installed)
            continue
    _preload_scrapy_components()
    # What the imports built lives as long as the children: out of their collections (what gc.freeze is for),
    # so that a child's full collection neither walks it nor copies the pages it sits on.
    gc.collect()
    gc.freeze()
    if "twisted.internet.reactor" in sys.modules:  # a child must install the reactor its settings ask for
        raise SystemExit("the zygote's imports installed a Twisted reactor")
    own = set(_pythonpath(os.environ))
    base = [entry for entry in sys.path[1:] if entry not in own]
    statuses: dict[int, str] = {}

    def reap(*_: Any) -> None:
        while statuses:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            path = statuses.pop(pid, None)
            if path is not None:
                Path(path + ".tmp").write_text(str(os.waitstatus_to_exitcode(status)), encoding="ascii")
                os.replace(path + ".tmp", path)

    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_write, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, reap)
    selector = selectors.DefaultSelector()
    selector.register(0, selectors.EVENT_READ)
    selector.register(wake_read, selectors.EVENT_READ)
    os.write(1, b"ready\n")
    pending = b""
    while True:
        for key, _ in selector.select():
            if key.fd == wake_read:
                os.read(wake_read, 4096)
                reap()
                continue
            chunk = os.read(0, 65536)
            if not chunk:
                return
            pending += chunk
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                request = json.loads(line)
                signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGCHLD])  # record the pid before it can end
                pid = os.fork()
                if pid == 0:
                    selector.close()
                    for fd in (wake_read, wake_write):
                        os.close(fd)
                    signal.set_wakeup_fd(-1)
                    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGCHLD])
                    _end(request, base)
                statuses[pid] = request["status"]
                signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGCHLD])
                os.write(1, f"{pid}\n".encode())
            reap()


def _preload_scrapy_components() -> None:
    """What Scrapy loads by name when a crawl starts: the components of its default settings and the commands
    of every ``scrapy.commands`` entry point (scrapy-poet's among them)."""
    from importlib.metadata import entry_points

    from scrapy.settings import default_settings
    from scrapy.utils.misc import load_object

    paths: set[str] = set()
    for name in dir(default_settings):
        value = getattr(default_settings, name) if name.isupper() else None
        names = [value] if isinstance(value, str) else [*value, *value.values()] if isinstance(value, dict) else []
        paths.update(n for n in names if isinstance(n, str) and "." in n and n.split(".")[0].isidentifier())
    loaders = [lambda path=path: load_object(path) for path in sorted(paths) if not path.startswith(NOT_PRELOADED)]
    loaders += [entry.load for entry in entry_points(group="scrapy.commands")]
    for load in loaders:
        try:
            load()
        except Exception:  # noqa: BLE001, S112 - a setting that is not a path, or an optional part
            continue


def _become(request: dict[str, Any], base: list[str]) -> None:
    """In the child: become ``python ARGS`` in the request's directory, environment and streams, and run it."""
    import builtins
    import importlib
    import runpy
    import types

    if request["session"]:
        os.setsid()
    for fd, path, flags in (
        (0, request["stdin"] or os.devnull, os.O_RDONLY),
        (1, request["stdout"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
        (2, request["stderr"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
    ):
        opened = os.open(path, flags, 0o644)
        os.dup2(opened, fd)
        os.close(opened)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    args: list[str] = request["args"]
    if args[0] == "-m":
        first, sys.argv = os.getcwd(), [args[1], *args[2:]]
    elif args[0] == "-c":
        first, sys.argv = "", ["-c", *args[2:]]
    else:
        first, sys.argv = os.path.dirname(os.path.abspath(args[0])), list(args)
    sys.path[:] = [first, *(os.path.abspath(entry) for entry in _pythonpath(os.environ)), *base]
    sys.path_importer_cache.clear()
    importlib.invalidate_caches()
    try:
        if args[0] == "-m":
            runpy.run_module(args[1], run_name="__main__", alter_sys=True)
        elif args[0] == "-c":
            main = types.ModuleType("__main__")
            main.__dict__["__builtins__"] = builtins
            sys.modules["__main__"] = main
            exec(compile(args[1], "<string>", "exec"), main.__dict__)  # noqa: S102 - what python -c does
        else:
            runpy.run_path(args[0], run_name="__main__")
    except SystemExit:
        raise
    except BaseException:  # what the interpreter does with an exception nobody caught
        sys.excepthook(*sys.exc_info())
        raise SystemExit(1) from None
    raise SystemExit(0)


def _end(request: dict[str, Any], base: list[str]) -> None:
    """Run the command in the child, then end as an interpreter ends: the threads joined, the garbage
    collected, the ``atexit`` handlers run (logging's flushes its handlers), the standard streams
    flushed, the exit status as ``SystemExit`` gives it. The modules are not torn down: that would touch,
    and so copy, every page the child shares with the zygote (0.1 s of CPU a command, most of what a
    short one costs)."""
    import atexit
    import gc
    import threading

    try:
        _become(request, base)
        code: object = 0
    except SystemExit as exit:
        code = exit.code
    threading._shutdown()  # type: ignore[attr-defined]  # what the interpreter does first at exit
    # The garbage a teardown would collect, collected: a failed Deferred nobody handled logs its error
    # when it goes (Scrapy 2.13 reports a bad setting so). What the zygote built is frozen, not walked.
    gc.collect()
    atexit._run_exitfuncs()
    if code is None:
        code = 0
    elif not isinstance(code, int):  # sys.exit("message"): the message on standard error, status 1
        print(code, file=sys.stderr)
        code = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # closed, or a reader that went away
            pass
    os._exit(code & 0xFF)


# --- The test process's side ---------------------------------------------------------------------


class ForkedProcess:
    """A command the zygote forked: what the tests use of ``subprocess.Popen`` (pid, poll, wait)."""

    def __init__(self, args: Sequence[str], pid: int, status: Path, session: bool) -> None:
        self.args, self.pid, self._status, self._session = list(args), pid, status, session
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None and self._status.exists():
            self.returncode = int(self._status.read_text(encoding="ascii"))
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        delay = 0.002
        while self.poll() is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(self.args, timeout or 0)
            time.sleep(delay)
            delay = min(delay * 2, 0.05)
        assert self.returncode is not None
        return self.returncode

    def kill(self) -> None:
        try:
            if self._session:
                os.killpg(self.pid, signal.SIGKILL)
            else:
                os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


class Zygote:
    """The test process's zygote, started at the first command."""

    def __init__(self) -> None:
        self.env = dict(os.environ)
        self.folder = Path(tempfile.mkdtemp(prefix="zygote-"))
        weakref.finalize(self, shutil.rmtree, self.folder, ignore_errors=True)  # at the latest when pytest exits
        self.process = subprocess.Popen(
            [sys.executable, __file__],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=self.env,
            cwd=self.folder,
        )
        assert self.process.stdout is not None
        self.ready = self.process.stdout.readline() == b"ready\n"
        self.count = 0

    def can_fork(self, args: Sequence[str], env: Mapping[str, str]) -> bool:
        forkable = bool(args) and (args[0] in ("-m", "-c") and len(args) > 1 or args[0].endswith(".py"))
        python = {name for name in {*env, *self.env} if name.startswith("PYTHON") and name != "PYTHONPATH"}
        return forkable and all(env.get(name) == self.env.get(name) for name in python)

    def start(
        self,
        args: Sequence[str],
        cwd: Path,
        env: Mapping[str, str],
        *,
        stdin: Path | None,
        stdout: Path,
        stderr: Path,
        session: bool = False,
    ) -> ForkedProcess:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.count += 1
        status = self.folder / f"{self.count}.status"
        request = {
            "args": list(args),
            "cwd": str(cwd),
            "env": dict(env),
            "stdin": str(stdin) if stdin else None,
            "stdout": str(stdout),
            "stderr": str(stderr),
            "status": str(status),
            "session": session,
        }
        self.process.stdin.write(json.dumps(request).encode() + b"\n")
        self.process.stdin.flush()
        return ForkedProcess(args, int(self.process.stdout.readline()), status, session)


_zygote: Zygote | None = None


def zygote() -> Zygote | None:
    """This test process's zygote (started at the first call), or None where commands run as fresh interpreters."""
    global _zygote
    if os.environ.get(SWITCH, "1") == "0" or not hasattr(os, "fork") or sys.platform != "linux":
        return None
    if _zygote is None or (_zygote.ready and _zygote.process.poll() is not None):
        _zygote = Zygote()
        if not _zygote.ready:  # what it said is on standard error: the commands start fresh interpreters
            sys.stderr.write("testkit/zygote.py: the zygote did not start; commands start Python anew\n")
    return _zygote if _zygote.ready else None


def run(
    args: Sequence[str], cwd: Path, env: Mapping[str, str], *, timeout: float, input: str | None
) -> subprocess.CompletedProcess[str] | None:
    """``subprocess.run([python, *args], capture_output=True, text=True, ...)`` in a forked child; None when
    the command cannot be forked (the caller runs a fresh interpreter)."""
    forks = zygote()
    if forks is None or not forks.can_fork(args, env):
        return None
    folder = Path(tempfile.mkdtemp(prefix="run-", dir=forks.folder))
    stdin = None
    if input is not None:
        stdin = folder / "stdin"
        stdin.write_bytes(input.encode(locale.getpreferredencoding(False)))
    stdout, stderr = folder / "stdout", folder / "stderr"
    process = forks.start(args, cwd, env, stdin=stdin, stdout=stdout, stderr=stderr)
    try:
        process.wait(timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        raise
    return subprocess.CompletedProcess(
        [sys.executable, *args], process.wait(), _text(stdout.read_bytes()), _text(stderr.read_bytes())
    )


def _text(data: bytes) -> str:
    """What ``subprocess.run(..., text=True)`` makes of a stream's bytes (universal newlines)."""
    return io.TextIOWrapper(io.BytesIO(data), encoding=locale.getpreferredencoding(False), newline=None).read()


if __name__ == "__main__":
    serve()
