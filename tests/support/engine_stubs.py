"""Stand-ins for the engine, given to the pipeline by dotted path (``ReadabilityPipeline._engine``).

Worker processes import them by that path too, so this module stays light: no
pytest, no Scrapy.
"""

from __future__ import annotations

import os
import re
import sys
import threading
import time
from typing import Any

from scrapy_readability.engine import Readability, TooManyElementsError, is_probably_readable


class Exploding:
    def __init__(self, html: Any, url: Any = None, **kwargs: Any) -> None:
        self.html, self.url = html, url

    def parse(self) -> Any:
        raise RuntimeError("boom")


class TooBig(Exploding):
    def parse(self) -> Any:
        raise TooManyElementsError(5000, 1000)


class _Fields:
    def __init__(self, **fields: Any) -> None:
        self.fields = fields

    def to_dict(self, formats: Any = None) -> dict[str, Any]:
        return self.fields


class WhoAmI(Exploding):
    """An "article" whose title is the id of the process and the name of the thread that made it."""

    def parse(self) -> Any:
        return _Fields(title=f"{os.getpid()} {threading.current_thread().name}", attempt="strict")


class Niceness(Exploding):
    """An "article" whose title is its process's niceness."""

    def parse(self) -> Any:
        return _Fields(title=str(os.nice(0)), attempt="strict")


class Slow(Exploding):
    """Takes 50 ms and records how many ran at once (in this process)."""

    lock = threading.Lock()
    running = 0
    most = 0

    def parse(self) -> Any:
        cls = type(self)
        with cls.lock:
            cls.running += 1
            cls.most = max(cls.most, cls.running)
        time.sleep(0.05)
        with cls.lock:
            cls.running -= 1
        return None


class DiesOnStarter(Readability):
    """The real engine, except that its process dies (exit code 3) on any URL ending in starter.html."""

    def __init__(self, html: Any, url: Any = None, **kwargs: Any) -> None:
        super().__init__(html, url, **kwargs)
        self.dies = str(url or "").endswith("starter.html")

    def parse(self) -> Any:
        if self.dies:
            os._exit(3)
        return super().parse()


class HangsOnStarter(Readability):
    """The real engine, except that it hangs on any URL ending in starter.html: a minute, or, when
    ``$HANGS_UNTIL`` names a file, until that file exists (a test releases it once it has seen the pages
    behind the hung one done, so no clock decides whether they waited for it)."""

    def __init__(self, html: Any, url: Any = None, **kwargs: Any) -> None:
        super().__init__(html, url, **kwargs)
        self.hangs = str(url or "").endswith("starter.html")

    def parse(self) -> Any:
        if self.hangs:
            release = os.environ.get("HANGS_UNTIL")
            if release is None:
                time.sleep(60)
            else:
                for _ in range(6000):  # ten minutes at most: a test that fails must not leave it behind for ever
                    if os.path.exists(release):
                        break
                    time.sleep(0.1)
        return super().parse()


_HELD: list[bytes] = []


class HoldsMemory(Readability):
    """The real engine, except that lighthouse.html leaves 150 MB behind in its process, as a big page does.

    (A 20 MB page leaves some 200 MB of a worker's memory in use after it.)
    """

    def parse(self) -> Any:
        if str(self.url or "").endswith("lighthouse.html"):
            _hold(150)
        return super().parse()


def _hold(megabytes: int) -> None:
    _HELD.append(b"\x01" * (megabytes * 2**20))  # written, so it is resident


class PidAndMemory(Exploding):
    """An "article" whose title is its process id; a URL with ``hold=N`` leaves N MB behind (as HoldsMemory)."""

    def parse(self) -> Any:
        held = str(self.url or "").partition("hold=")[2]
        if held.isdigit():
            _hold(int(held))
        return _Fields(title=str(os.getpid()), attempt="strict")


class Chatty(WhoAmI):
    """Prints on standard output and standard error while it works, as a noisy library might."""

    def parse(self) -> Any:
        print("hello from the engine")
        print("a warning on stderr", file=sys.stderr)
        return super().parse()


class WhoIsMain(Exploding):
    """An "article" whose title is the name of its process's ``__main__`` module."""

    def parse(self) -> Any:
        main = sys.modules["__main__"]
        return _Fields(title=getattr(main.__spec__, "name", None) or getattr(main, "__file__", ""), attempt="strict")


class Unpicklable(Exploding):
    """An "article" with a field no pipe can carry."""

    def parse(self) -> Any:
        return _Fields(title=lambda: None, attempt="strict")


# Stand-ins for the preflight's check (``ReadabilityMiddleware._preflight``).


def slow_preflight(html: Any, **options: Any) -> bool:
    """The real check, after sleeping as long as the page asks in its text ("sleep 5": five seconds)."""
    text = html if isinstance(html, str) else bytes(html).decode("utf-8", "replace")
    asked = re.search(r"sleep (\d+(?:\.\d+)?)", text)
    if asked:
        time.sleep(float(asked.group(1)))
    return is_probably_readable(html, **options)


def broken_preflight(html: Any, **options: Any) -> bool:
    raise RuntimeError("bug in the heuristic")


def where_am_i(html: Any, **options: Any) -> bool:
    """Fails, saying where it ran: the message reaches the crawl's log."""
    raise RuntimeError(f"judged in process {os.getpid()}, thread {threading.current_thread().name}")


class SlowAndLogged(Readability):
    """The real engine, a quarter of a second slower a page; each page it starts is logged.

    The log (the file ``$TEST_PAGES_LOG``) gets a line ``PID URL`` as the page starts: which
    pages were started, by which processes.
    """

    def parse(self) -> Any:
        log = os.environ.get("TEST_PAGES_LOG")
        if log:
            with open(log, "a", encoding="utf-8") as file:
                file.write(f"{os.getpid()} {self.url}\n")
        time.sleep(0.25)
        return super().parse()


def never_readable(html: Any, **options: Any) -> bool:
    """A preflight that finds no page readerable: its verdict shows it ran."""
    return False
