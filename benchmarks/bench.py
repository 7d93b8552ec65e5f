#!/usr/bin/env python
"""Time scrapy-readability against its peers on the same pages, in one run.

    python benchmarks/bench.py [--pages DIR] [--repeat N] [--stat best|median]
                               [--tools NAME,...] [--json [FILE]] [--no-memory]

Tools (a peer that is not installed is skipped with a note):

    lxml-parse   lxml.html.document_fromstring(html): the floor, parsing alone
    ours         Readability(html, url=...).parse()
    ours-check   is_probably_readable(html)
    ours-pure    the same parse() by the same package imported again in pure Python
                 (SCRAPY_READABILITY_COMPILE=0): where the compiled core is built, "ours" runs it
    readability-lxml   Document(html).summary()
    trafilatura  trafilatura.extract(html)

Each page is handed to every tool as the same ``str``. Per page the tool runs
``--repeat`` times and the best (or median) time counts; the report gives, per
tool, the median and 95th percentile of those per-page times, the ratio of our
parse median to each tool's, and how much memory each tool takes on the
largest page, as a multiple of that page's size. A tool that raises on a page
is counted and reported; that page is left out of its timings.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import json
import logging
import math
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PAGES = ROOT / "tests" / "mozilla_pages"
URL = "http://fakehost/test/page.html"
OURS = "ours"


# ---------------------------------------------------------------------------
# Tools
# ---------------------------------------------------------------------------


def _lxml_parse() -> Callable[[str], Any]:
    import lxml.html

    return lxml.html.document_fromstring


def _ours() -> Callable[[str], Any]:
    from scrapy_readability import Readability

    return lambda html: Readability(html, url=URL).parse()


def _ours_check() -> Callable[[str], Any]:
    from scrapy_readability import is_probably_readable

    return is_probably_readable


def _ours_pure() -> Callable[[str], Any]:
    from compiled import pure_package

    pure = pure_package()
    return lambda html: pure.Readability(html, url=URL).parse()


def _readability_lxml() -> Callable[[str], Any]:
    from readability import Document

    return lambda html: Document(html).summary()


def _trafilatura() -> Callable[[str], Any]:
    import trafilatura

    return trafilatura.extract


# name -> (loader, description). The loader imports the tool and returns the
# function to time; ImportError means "not installed".
TOOLS: dict[str, tuple[Callable[[], Callable[[str], Any]], str]] = {
    "lxml-parse": (_lxml_parse, "lxml.html.document_fromstring (parse only: the floor)"),
    OURS: (_ours, "scrapy_readability Readability(html, url=...).parse()"),
    "ours-check": (_ours_check, "scrapy_readability is_probably_readable(html)"),
    "ours-pure": (_ours_pure, "scrapy_readability's sources, pure Python: Readability(html, url=...).parse()"),
    "readability-lxml": (_readability_lxml, "readability-lxml Document(html).summary()"),
    "trafilatura": (_trafilatura, "trafilatura.extract(html)"),
}


# ---------------------------------------------------------------------------
# Measuring
# ---------------------------------------------------------------------------


@dataclass
class Result:
    name: str
    description: str
    times_ms: dict[str, float] = field(default_factory=dict)  # page -> ms
    errors: dict[str, str] = field(default_factory=dict)  # page -> message
    skipped: str | None = None
    memory: dict[str, Any] | None = None

    def summary(self) -> dict[str, Any]:
        t = sorted(self.times_ms.values())
        out: dict[str, Any] = {
            "description": self.description,
            "pages_ok": len(t),
            "errors": len(self.errors),
        }
        if self.skipped:
            out["skipped"] = self.skipped
        if t:
            out.update(
                median_ms=statistics.median(t),
                p95_ms=percentile(t, 95),
                mean_ms=statistics.fmean(t),
                max_ms=t[-1],
                total_s=sum(t) / 1000,
            )
        if self.errors:
            out["error_samples"] = dict(list(self.errors.items())[:5])
        if self.memory:
            out["memory"] = self.memory
        return out


def ours_over(ours: Result | None, other: Result) -> float | None:
    """Our parse median over the other tool's median, both taken on the pages
    that both handled without raising."""
    if ours is None:
        return None
    common = [p for p in ours.times_ms if p in other.times_ms]
    if not common:
        return None
    theirs = statistics.median(other.times_ms[p] for p in common)
    if theirs <= 0:
        return None
    return statistics.median(ours.times_ms[p] for p in common) / theirs


def percentile(sorted_values: list[float], pct: float) -> float:
    """Nearest-rank percentile of an already sorted list."""
    if not sorted_values:
        return math.nan
    rank = max(1, math.ceil(pct / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


CLOCKS = {"wall": time.perf_counter_ns, "cpu": time.thread_time_ns}


def time_page(fn: Callable[[str], Any], html: str, repeat: int, stat: str, clock: str = "wall") -> float:
    now = CLOCKS[clock]
    runs = []
    for _ in range(repeat):
        start = now()
        fn(html)
        runs.append((now() - start) / 1e6)
    return min(runs) if stat == "best" else statistics.median(runs)


def find_pages(pages_dir: Path) -> list[Path]:
    pages = sorted(pages_dir.glob("*/source.html"))
    if not pages:
        pages = sorted(p for p in pages_dir.glob("*.htm*") if p.is_file())
    return pages


def read_page(path: Path) -> str:
    return path.read_bytes().decode("utf-8", errors="replace")


def page_name(path: Path) -> str:
    return path.parent.name if path.name == "source.html" else path.name


def memory_in_child(tool: str, page: Path) -> dict[str, Any]:
    """Peak memory of one call, measured in a fresh interpreter so earlier
    tools do not hide it: the growth of peak RSS (covers lxml/libxml2's C
    allocations) and tracemalloc's peak (Python objects only)."""
    cmd = [sys.executable, str(Path(__file__).resolve()), "--_memory-child", tool, str(page)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        lines = (proc.stderr or proc.stdout).strip().splitlines() or ["?"]
        return {"error": lines[-1]}
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _status_kib(key: str) -> int | None:
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def _reset_peak_rss() -> bool:
    """Reset the kernel's high-water mark of this process's RSS (Linux 4.0+)."""
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as f:
            f.write("5")
        return True
    except OSError:
        return False


def _maxrss_bytes() -> int:
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss if sys.platform == "darwin" else rss * 1024


def memory_child_main(tool: str, page: str) -> int:
    logging.disable(logging.CRITICAL)
    fn = TOOLS[tool][0]()
    html = read_page(Path(page))
    size = len(html.encode("utf-8"))
    # Warm up on a tiny document so one-time costs (imports, compiled
    # regexes, caches) do not count against the page.
    try:
        fn("<html><body><p>warm up</p></body></html>")
    except Exception:
        pass
    gc.collect()
    if _reset_peak_rss() and _status_kib("VmRSS") is not None:
        # Peak during the call minus what was resident just before it.
        rss_before = (_status_kib("VmRSS") or 0) * 1024
        fn(html)
        rss_after = (_status_kib("VmHWM") or 0) * 1024
        method = "VmHWM"
    else:
        # Growth of the lifetime peak: an underestimate when earlier work
        # (imports) peaked higher and freed its memory.
        rss_before = _maxrss_bytes()
        fn(html)
        rss_after = _maxrss_bytes()
        method = "ru_maxrss"
    gc.collect()
    tracemalloc.start()
    fn(html)
    _, py_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss_growth = rss_after - rss_before
    print(
        json.dumps(
            {
                "page_bytes": size,
                "rss_growth_bytes": rss_growth,
                "rss_growth_x": rss_growth / size,
                "rss_method": method,
                "python_peak_bytes": py_peak,
                "python_peak_x": py_peak / size,
            }
        )
    )
    return 0


# ---------------------------------------------------------------------------
# Reporting
# ---------------------------------------------------------------------------


def fmt(value: Any, spec: str = ".2f") -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    return format(value, spec)


def print_report(results: list[Result], config: dict[str, Any]) -> None:
    print(
        f"{config['pages']} pages from {config['pages_dir']} "
        f"({config['total_mb']:.1f} MB), {config['stat']} of {config['repeat']} runs per page "
        f"({config.get('clock', 'wall')} time); "
        f"Python {config['python']}, lxml {config['lxml']}; "
        f"ours: {'the compiled core' if config.get('ours_compiled') else 'pure Python'}"
    )
    print()
    ours = next((r for r in results if r.name == OURS and r.times_ms), None)
    header = (
        f"{'tool':<18} {'ok':>4} {'err':>4} {'median ms':>10} {'p95 ms':>9} {'mean ms':>9} {'total s':>8} "
        f"{'ours ÷ tool':>12}"
    )
    print(header)
    print("-" * len(header))
    for r in results:
        if r.skipped:
            print(f"{r.name:<18} skipped: {r.skipped}")
            continue
        s = r.summary()
        ratio = ours_over(ours, r)
        print(
            f"{r.name:<18} {s['pages_ok']:>4} {s['errors']:>4} {fmt(s.get('median_ms')):>10} "
            f"{fmt(s.get('p95_ms')):>9} {fmt(s.get('mean_ms')):>9} {fmt(s.get('total_s')):>8} "
            f"{(fmt(ratio) + '×') if ratio is not None else '-':>12}"
        )
    print()
    print(
        "ours ÷ tool: our parse() median divided by that tool's median, on the pages "
        "both handled\n(below 1 means we are faster)."
    )

    errs = [r for r in results if r.errors]
    if errs:
        print()
        for r in errs:
            print(f"{r.name} raised on {len(r.errors)} page(s):")
            for page, msg in list(r.errors.items())[:5]:
                print(f"  {page}: {msg}")

    mems = [r for r in results if r.memory]
    if mems:
        m0 = mems[0].memory or {}
        print()
        print(
            f"Memory on the largest page ({config.get('largest_page')}, "
            f"{config.get('largest_bytes', 0) / 1024:.0f} KiB), one call in a fresh process:"
        )
        print(f"{'tool':<18} {'peak RSS growth':>16} {'× page':>8} {'Python peak':>12} {'× page':>8}")
        for r in mems:
            m = r.memory or {}
            if "error" in m:
                print(f"{r.name:<18} failed: {m['error']}")
                continue
            print(
                f"{r.name:<18} {m['rss_growth_bytes'] / 2**20:>13.1f} MiB {m['rss_growth_x']:>7.1f}× "
                f"{m['python_peak_bytes'] / 2**20:>9.1f} MiB {m['python_peak_x']:>7.1f}×"
            )
        print(
            "Peak RSS growth: the process's peak resident memory during the call minus "
            "what was resident before it;\nit counts lxml's C allocations, which the "
            "Python peak (tracemalloc) does not."
        )
        if m0.get("rss_method") == "ru_maxrss":
            print("(No /proc/self/clear_refs here: RSS growth is measured against the lifetime peak and may read low.)")


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--_memory-child"]:
        return memory_child_main(argv[1], argv[2])

    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split("\n\n", 1)[1],
    )
    ap.add_argument(
        "--pages",
        type=Path,
        default=DEFAULT_PAGES,
        help="folder of */source.html case folders or of *.html files (default: tests/mozilla_pages)",
    )
    ap.add_argument("--repeat", type=int, default=5, help="runs per page and tool (default 5)")
    ap.add_argument(
        "--stat", choices=("best", "median"), default="best", help="which of the runs counts for a page (default best)"
    )
    ap.add_argument(
        "--clock",
        choices=tuple(CLOCKS),
        default="wall",
        help="wall time, or this thread's CPU time (steadier on a machine other work keeps busy)",
    )
    ap.add_argument("--tools", help="comma-separated subset of: " + ", ".join(TOOLS))
    ap.add_argument(
        "--json",
        nargs="?",
        const="-",
        metavar="FILE",
        help="also write the results as JSON to FILE (or stdout with no FILE)",
    )
    ap.add_argument("--per-page", action="store_true", help="include per-page times in the JSON")
    ap.add_argument("--no-memory", action="store_true", help="skip the memory measurement")
    args = ap.parse_args(argv)

    if args.repeat < 1:
        ap.error("--repeat must be at least 1")
    names = list(TOOLS)
    if args.tools:
        names = [n.strip() for n in args.tools.split(",") if n.strip()]
        unknown = [n for n in names if n not in TOOLS]
        if unknown:
            ap.error(f"unknown tool(s): {', '.join(unknown)}")

    # The package as installed (with the compiled core, say), or this checkout's sources when it is not.
    if importlib.util.find_spec("scrapy_readability") is None:
        sys.path.insert(0, str(ROOT))
    from scrapy_readability import engine

    # The peers log (with tracebacks) on pages they reject; that is noise
    # here, and its cost is not what we want to time.
    logging.disable(logging.CRITICAL)
    pages = find_pages(args.pages)
    if not pages:
        ap.error(f"no pages found in {args.pages}")
    htmls = {page_name(p): read_page(p) for p in pages}
    largest = max(pages, key=lambda p: p.stat().st_size)

    import lxml

    config = {
        "pages_dir": str(args.pages),
        "pages": len(pages),
        "total_mb": sum(len(h.encode("utf-8")) for h in htmls.values()) / 1e6,
        "repeat": args.repeat,
        "stat": args.stat,
        "clock": args.clock,
        "python": platform.python_version(),
        "lxml": lxml.__version__,
        "ours_compiled": engine.compiled,
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs",
        "largest_page": page_name(largest),
        "largest_bytes": largest.stat().st_size,
    }

    to_json = args.json == "-"
    log = sys.stderr if to_json else sys.stdout
    results: list[Result] = []
    for name in names:
        loader, description = TOOLS[name]
        result = Result(name, description)
        results.append(result)
        try:
            fn = loader()
        except ImportError as exc:
            result.skipped = f"not installed ({exc.name or exc}); pip install -e '.[bench]'"
            continue
        print(f"timing {name}…", file=log, flush=True)
        try:  # one untimed warm-up call
            fn(next(iter(htmls.values())))
        except Exception:
            pass
        for page, html in htmls.items():
            gc.collect()
            try:
                result.times_ms[page] = time_page(fn, html, args.repeat, args.stat, args.clock)
            except Exception as exc:
                result.errors[page] = f"{type(exc).__name__}: {str(exc)[:200]}"
        if not args.no_memory:
            result.memory = memory_in_child(name, largest)

    if not to_json:
        print()
    print_report(results, config) if not to_json else None

    if args.json:
        ours = next((r for r in results if r.name == OURS and r.times_ms), None)
        data: dict[str, Any] = {"config": config, "tools": {}, "ours_median_over_tool_median": {}}
        for r in results:
            data["tools"][r.name] = r.summary()
            if args.per_page:
                data["tools"][r.name]["per_page_ms"] = r.times_ms
            ratio = ours_over(ours, r)
            if ratio is not None:
                data["ours_median_over_tool_median"][r.name] = ratio
        text = json.dumps(data, indent=2)
        if to_json:
            print(text)
        else:
            Path(args.json).write_text(text + "\n", encoding="utf-8")
            print(f"\nJSON written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
