"""Headless Chromium driven over the DevTools protocol, for the sanitiser's browser test.

The browser is started with ``--remote-debugging-pipe``: the protocol runs over
two pipes (the child's file descriptors 3 and 4, one JSON message per
NUL-terminated chunk), so nothing but the standard library is needed: no
websocket client, no driver, no browser download. One reader thread routes
replies to their callers and events to the handlers registered with
:meth:`Chromium.on`; a handler runs on that thread and may only
:meth:`Chromium.post` (send without waiting).

Every host name resolves to nothing (``--host-resolver-rules``): whatever a
page loads must be answered through the ``Fetch`` domain, or it fails.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Callable
from typing import Any

Handler = Callable[[dict[str, Any], "str | None"], None]

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-popup-blocking",  # links with target=_blank must open: their opener is checked
    "--mute-audio",
    "--host-resolver-rules=MAP * ~NOTFOUND",
    "--remote-debugging-pipe",
)


def find_chromium() -> str | None:
    """The Chromium (or Chrome) to use: ``$CHROMIUM``, else the first one on ``PATH``."""
    if os.environ.get("CHROMIUM"):
        return shutil.which(os.environ["CHROMIUM"])
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


class ProtocolError(RuntimeError):
    pass


class Chromium:
    """One browser process and its protocol connection; use as a context manager."""

    def __init__(self, executable: str, timeout: float = 30.0) -> None:
        self.timeout = timeout
        self._profile = tempfile.TemporaryDirectory(prefix="sanitize-chromium-")
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()

        def child_fds() -> None:  # runs in the child: the pipes become fds 3 and 4
            a, b = os.dup(to_browser_r), os.dup(from_browser_w)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.process = subprocess.Popen(
            [executable, *FLAGS, f"--user-data-dir={self._profile.name}", "about:blank"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            close_fds=False,
            preexec_fn=child_fds,
        )
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._next_id = 0
        self._lock = threading.Lock()
        self._waiting: dict[int, tuple[threading.Event, list[dict[str, Any]]]] = {}
        self._handlers: dict[str, list[Handler]] = {}
        self._closed = False
        self._reader = threading.Thread(target=self._read, name="chromium-reader", daemon=True)
        self._reader.start()

    # --- Connection ---------------------------------------------------------------

    def on(self, method: str, handler: Handler) -> None:
        """Call ``handler(params, session_id)`` on the reader thread for every ``method`` event."""
        self._handlers.setdefault(method, []).append(handler)

    def post(self, method: str, params: dict[str, Any] | None = None, session: str | None = None) -> None:
        """Send a command without waiting for its reply."""
        self._write(method, params, session, None)

    def send(self, method: str, params: dict[str, Any] | None = None, session: str | None = None) -> Any:
        """Send a command and return its result (raise :class:`ProtocolError` on an error reply)."""
        done = threading.Event()
        reply: list[dict[str, Any]] = []
        self._write(method, params, session, (done, reply))
        if not done.wait(self.timeout) or not reply:
            raise ProtocolError(f"{method}: no reply in {self.timeout} s")
        if "error" in reply[0]:
            raise ProtocolError(f"{method}: {reply[0]['error'].get('message')}")
        return reply[0].get("result", {})

    def _write(
        self,
        method: str,
        params: dict[str, Any] | None,
        session: str | None,
        waiter: tuple[threading.Event, list[dict[str, Any]]] | None,
    ) -> None:
        with self._lock:
            self._next_id += 1
            message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
            if session:
                message["sessionId"] = session
            if waiter is not None:
                self._waiting[self._next_id] = waiter
            data = memoryview(json.dumps(message).encode() + b"\0")
            while data:
                data = data[os.write(self._to_browser, data) :]

    def _read(self) -> None:
        buffer = b""
        while True:
            try:
                chunk = os.read(self._from_browser, 1 << 16)
            except OSError:
                chunk = b""
            if not chunk:
                break
            buffer += chunk
            *messages, buffer = buffer.split(b"\0")
            for raw in messages:
                self._dispatch(json.loads(raw))
        self._closed = True
        for done, _reply in list(self._waiting.values()):
            done.set()

    def _dispatch(self, message: dict[str, Any]) -> None:
        if "id" in message:
            with self._lock:
                waiter = self._waiting.pop(message["id"], None)
            if waiter is not None:
                waiter[1].append(message)
                waiter[0].set()
            return
        for handler in self._handlers.get(message.get("method", ""), ()):
            handler(message.get("params", {}), message.get("sessionId"))

    # --- Pages ----------------------------------------------------------------------

    def new_page(self) -> str:
        """Open a tab and return its (flat) session id."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        return str(self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"])

    def evaluate(self, session: str, expression: str, *, await_promise: bool = False) -> Any:
        """Run ``expression`` in the page (named ``harness.js`` for the script detector) and return its value."""
        result = self.send(
            "Runtime.evaluate",
            {
                "expression": expression + "\n//# sourceURL=harness.js",
                "returnByValue": True,
                "awaitPromise": await_promise,
            },
            session,
        )
        if "exceptionDetails" in result:
            raise ProtocolError(f"evaluate: {result['exceptionDetails'].get('exception', {}).get('description')}")
        return result.get("result", {}).get("value")

    # --- Lifetime ---------------------------------------------------------------------

    def close(self) -> None:
        if not self._closed:
            try:
                self.post("Browser.close")
            except OSError:
                pass
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for fd in (self._to_browser, self._from_browser):
            try:
                os.close(fd)
            except OSError:
                pass
        self._profile.cleanup()

    def __enter__(self) -> Chromium:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
