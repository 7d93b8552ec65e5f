#!/usr/bin/env python
"""Where the CPU of ``Readability(html).parse()`` goes, phase by phase, on the engine that runs.

    python benchmarks/phases.py [--pages DIR] [--repeat N]
    SCRAPY_READABILITY_COMPILE=0 python benchmarks/phases.py     # the pure engine

Each phase ``parse()`` calls (engine/port/readability.py's names) is wrapped in a clock of this
thread's CPU time, and the pages (Mozilla's vendored cases by default) are parsed ``--repeat``
times each; the report gives each phase's share of the whole, and its milliseconds a page. Wrapping
costs a little per call; the phases are called a few times a page, so it does not move the shares.
It reports the engine that runs: the compiled core where it is built, unless the variable says 0.
"""

from __future__ import annotations

import argparse
import copy
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # the checkout's sources when the package is not installed

PHASES = (
    "remove_comments",
    "unwrap_noscript_images",
    "read_json_ld",
    "get_json_ld",
    "read_page_facts",
    "remove_scripts",
    "prep_document",
    "get_article_metadata",
    "prepare_nodes",
    "score_elements",
    "select_top_candidates",
    "promote_top_candidate",
    "join_siblings",
    "prep_article",
    "post_process_content",
    "feed_fields",
    "inner_html",
)
"""The names readability.py calls its phases by (and, for the retry ladder, the tree's copy, ``copy``, and the page
prepared again from its markup, ``Readability._prepared_body``)."""

spent: dict[str, int] = defaultdict(int)
_inner: list[int] = []  # for each clocked call running, the time of the clocked calls inside it so far


def clocked(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """``function``, its CPU time added to ``name``'s, less that of the clocked calls it makes (the retry's
    preparation calls phases of its own): each nanosecond counts once."""

    def run(*args: Any, **kwargs: Any) -> Any:
        start = time.thread_time_ns()
        _inner.append(0)
        try:
            return function(*args, **kwargs)
        finally:
            took = time.thread_time_ns() - start
            spent[name] += took - _inner.pop()
            if _inner:
                _inner[-1] += took

    return run


class _ClockedCopy:
    deepcopy = staticmethod(clocked("copy of the page (retry ladder)", copy.deepcopy))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=Path, default=ROOT / "tests" / "mozilla_pages")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    from scrapy_readability.engine import Readability, _kernels
    from scrapy_readability.engine.port import readability

    for name in PHASES:
        setattr(readability, name, clocked(name, getattr(readability, name)))
    readability.copy = _ClockedCopy  # type: ignore[assignment]
    if hasattr(Readability, "_prepared_body"):  # a page prepared again from its markup for a retry
        prepared = clocked("page prepared again (retry ladder)", Readability._prepared_body)
        Readability._prepared_body = prepared  # type: ignore[method-assign]
    pages = [path.read_text(encoding="utf-8") for path in sorted(args.pages.glob("*/source.html"))]
    whole = tree = 0
    for _ in range(args.repeat):
        for html in pages:
            start = time.thread_time_ns()
            engine = Readability(html, url="http://fakehost/test/page.html")
            built = time.thread_time_ns()
            engine.parse()
            tree += built - start
            whole += time.thread_time_ns() - start
    parses = args.repeat * len(pages)
    rows = {"building the tree (Readability(html))": tree, **spent}
    rows["the rest of parse()"] = whole - sum(rows.values())
    print(f"{_kernels.describe()}: {len(pages)} pages x {args.repeat}, {whole / 1e6 / parses:.2f} ms a parse() (CPU)")
    for name, ns in sorted(rows.items(), key=lambda row: -row[1]):
        print(f"  {name:<40} {100 * ns / whole:5.1f}%  {ns / 1e6 / parses:7.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
