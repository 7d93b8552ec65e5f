#!/usr/bin/env python
"""URL resolvers side by side: exactness on web-platform-tests' URL data, and speed on real links.

    python benchmarks/urls.py [--pages DIR] [--repeat N] [--tools NAME,...]

Each tool resolves ``new URL(input, base).href`` (or fails). Exactness is the
number of web-platform-tests' urltestdata.json cases (vendored in
tests/engine/wpt/) it gets right: the href, or a failure where the standard
has one. Speed is microseconds per URL, uncached, over every ``href``,
``src`` and ``poster`` of the pages (by default the 106 Mozilla test pages)
resolved against the test pages' URL; the best of ``--repeat`` runs counts.

Tools (one that is not installed is skipped with a note):

    ours        scrapy_readability.engine.html.urls.resolve (ada-url underneath), cache bypassed
    ada-url     ada_url.join_url: the C++ ada parser through cffi
    can_ada     can_ada.parse(base) + url: ada through nanobind, an older ada
    whatwg-url  whatwg_url.parse_url: a pure-Python implementation of the 2018 standard
    urljoin     urllib.parse.urljoin: Python's RFC 3986 resolution, no failures at all
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WPT = ROOT / "tests" / "engine" / "wpt" / "urltestdata.json"
DEFAULT_PAGES = ROOT / "tests" / "mozilla_pages"
PAGE_URL = "http://fakehost/test/page.html"

Resolver = Callable[[str, "str | None"], str]  # raises ValueError where new URL() throws


def _ours() -> Resolver:
    from scrapy_readability.engine.html.urls import resolve

    return resolve.__wrapped__  # type: ignore[attr-defined,no-any-return]


def _ada() -> Resolver:
    import ada_url

    return lambda url, base: ada_url.normalize_url(url) if base is None else ada_url.join_url(base, url)


def _can_ada() -> Resolver:
    import can_ada

    bases: dict[str, object] = {}

    def resolve(url: str, base: str | None) -> str:
        if base is None:
            return str(can_ada.parse(url).href)
        if base not in bases:
            bases[base] = can_ada.parse(base)
        return str((bases[base] + url).href)  # type: ignore[operator]

    return resolve


def _whatwg_url() -> Resolver:
    import whatwg_url

    def resolve(url: str, base: str | None) -> str:
        try:
            return str(whatwg_url.parse_url(url, base=base).href)
        except Exception as error:  # it raises its own UrlParserError and others
            raise ValueError(url) from error

    return resolve


def _urljoin() -> Resolver:
    from urllib.parse import urljoin

    return lambda url, base: urljoin(base or "", url)


TOOLS: dict[str, Callable[[], Resolver]] = {
    "ours": _ours,
    "ada-url": _ada,
    "can_ada": _can_ada,
    "whatwg-url": _whatwg_url,
    "urljoin": _urljoin,
}


def wpt_cases() -> list[dict[str, object]]:
    return [case for case in json.loads(WPT.read_text(encoding="utf-8")) if isinstance(case, dict)]


def exactness(resolve: Resolver, cases: list[dict[str, object]]) -> int:
    passed = 0
    for case in cases:
        try:
            got: str | None = resolve(str(case["input"]), case["base"])  # type: ignore[arg-type]
        except Exception:
            got = None
        passed += got == (None if case.get("failure") else case["href"])
    return passed


def page_urls(pages: Path) -> list[str]:
    import lxml.html

    files = sorted(pages.glob("*/source.html")) or sorted(pages.glob("*.html"))
    urls = []
    for file in files:
        for element in lxml.html.fromstring(file.read_bytes()).iter():
            for name in ("href", "src", "poster"):
                value = element.get(name) if isinstance(element.tag, str) else None
                if value:
                    urls.append(value)
    return urls


def speed(resolve: Resolver, urls: list[str], repeat: int) -> float:
    """Best of ``repeat`` runs, in microseconds per URL; a URL that fails costs what failing costs."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for url in urls:
            try:
                resolve(url, PAGE_URL)
            except ValueError:
                pass
        best = min(best, time.perf_counter() - start)
    return best / len(urls) * 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=Path, default=DEFAULT_PAGES, help="case folders or *.html files")
    parser.add_argument("--repeat", type=int, default=5, help="runs over the URLs per tool (default 5)")
    parser.add_argument("--tools", help="comma-separated subset of: " + ", ".join(TOOLS))
    args = parser.parse_args()

    cases = wpt_cases()
    urls = page_urls(args.pages)
    print(f"{len(cases)} web-platform-tests cases; {len(urls)} URLs from {args.pages}")
    print(f"{'tool':12} {'WPT passed':>12} {'us/URL':>8}")
    for name in args.tools.split(",") if args.tools else TOOLS:
        try:
            resolve = TOOLS[name]()
        except ImportError as error:
            print(f"{name:12} not installed ({error.name})")
            continue
        print(f"{name:12} {exactness(resolve, cases):>5}/{len(cases):<6} {speed(resolve, urls, args.repeat):>8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
