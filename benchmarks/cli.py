#!/usr/bin/env python
"""Throughput of the ``scrapy-readability`` command line on pages on disk.

    python benchmarks/cli.py [--pages DIR] [--workers 1,2] [--repeat N] [--copies N] [-f FORMAT]

Runs ``python -m scrapy_readability -f FORMAT --workers N PAGE...`` as a user
would, on every ``source.html`` of the vendored test pages (``--copies`` times
each, for a longer run), output to /dev/null; the best of ``--repeat`` runs
counts. The time is the whole process: start-up, the workers' start-up,
reading, extraction, Markdown or text, writing.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PAGES = ROOT / "tests" / "mozilla_pages"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=Path, default=DEFAULT_PAGES)
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--copies", type=int, default=1)
    parser.add_argument("-f", "--format", default="jsonl")
    args = parser.parse_args()

    files = sorted(str(p) for p in args.pages.glob("*/source.html")) * args.copies
    print(f"{len(files)} pages, -f {args.format}, {os.cpu_count()} cores, best of {args.repeat}\n")
    print("| workers | seconds | pages/s |")
    print("|---|---|---|")
    for workers in map(int, args.workers.split(",")):
        best = float("inf")
        for _ in range(args.repeat):
            started = time.perf_counter()
            result = subprocess.run(
                [sys.executable, "-m", "scrapy_readability", "-f", args.format, "--workers", str(workers),
                 "--no-progress", *files],
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=ROOT,
            )
            elapsed = time.perf_counter() - started
            if result.returncode not in (0, 1):
                sys.exit(f"the command line failed:\n{result.stderr}")
            best = min(best, elapsed)
        print(f"| {workers} | {best:.2f} | {len(files) / best:.1f} |")


if __name__ == "__main__":
    main()
