"""What the engine's decision trace costs ``parse()``, on and off, as a crawl sets up logging.

Every vendored page is parsed under each logging set-up in turn (interleaved, best of
``--repeat`` per page), so all see the same machine:

- ``no logging``: nothing configured (the root logger at WARNING), as a library user runs the
  engine: the trace is off (the engine's ``debug`` option, default False);
- ``crawl, trace off``: Scrapy's default, the root logger at DEBUG with a handler; the trace is
  still off, as in a crawl without ``READABILITY_DEBUG``;
- ``crawl, READABILITY_DEBUG``: ``debug=True``, ~80 records a page formatted and written (to a
  null stream here);
- ``worker, READABILITY_DEBUG``: ``debug=True``, the trace collected as a worker process collects it to send back.

Usage::

    python benchmarks/trace.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import io
import logging
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scrapy_readability import Readability  # noqa: E402
from scrapy_readability.engine.port.state import TRACE_LOGGER  # noqa: E402
from scrapy_readability.runtime.tracing import TraceCollector  # noqa: E402

PAGES = sorted((ROOT / "tests" / "mozilla_pages").glob("*/source.html"))
SCRAPY_FORMAT = "%(asctime)s [%(name)s] %(levelname)s: %(message)s"  # Scrapy's LOG_FORMAT


@contextmanager
def no_logging() -> Iterator[None]:
    yield


@contextmanager
def crawl_logging() -> Iterator[None]:
    root = logging.getLogger()
    handler = logging.StreamHandler(io.StringIO())
    handler.setFormatter(logging.Formatter(SCRAPY_FORMAT))
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    try:
        yield
    finally:
        root.removeHandler(handler)
        root.setLevel(logging.WARNING)


@contextmanager
def collected() -> Iterator[None]:
    engine = logging.getLogger(TRACE_LOGGER)
    collector = TraceCollector.install()
    try:
        yield
    finally:
        engine.removeHandler(collector)
        engine.setLevel(logging.NOTSET)
        engine.propagate = True


def setups() -> dict[str, tuple[Callable[[], AbstractContextManager[None]], bool]]:
    """Each set-up: the logging around ``parse()``, and the ``debug`` option."""
    return {
        "no logging": (no_logging, False),
        "crawl, trace off": (crawl_logging, False),
        "crawl, READABILITY_DEBUG": (crawl_logging, True),
        "worker, READABILITY_DEBUG": (collected, True),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    pages = [(path.parent.name, path.read_text(encoding="utf-8")) for path in PAGES]
    ways = setups()
    best: dict[str, list[float]] = {name: [] for name in ways}
    for _, html in pages:
        times: dict[str, list[float]] = {name: [] for name in ways}
        for _ in range(args.repeat):
            for name, (setup, debug) in ways.items():
                with setup():
                    started = time.perf_counter()
                    Readability(html, "http://fakehost/test/page.html", debug=debug).parse()
                    times[name].append(time.perf_counter() - started)
        for name in ways:
            best[name].append(min(times[name]))
    quiet = statistics.median(best["no logging"])
    print(f"{len(pages)} pages, best of {args.repeat} per page")
    print(f"{'logging':26} {'median ms':>10} {'total ms':>10} {'vs no logging':>14}")
    for name, seconds in best.items():
        median = statistics.median(seconds)
        print(f"{name:26} {median * 1000:10.2f} {sum(seconds) * 1000:10.0f} {median / quiet:13.3f}x")


if __name__ == "__main__":
    main()
