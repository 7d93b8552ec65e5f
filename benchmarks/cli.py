#!/usr/bin/env python
"""Throughput of the ``scrapy-readability`` command line on pages on disk.

    python benchmarks/cli.py [--pages DIR] [--workers 1,2] [--repeat N] [--copies N] [-f FORMAT] [--baseline REF]
    python benchmarks/cli.py --batches 1,2,4,8,12,16,24,32 [--repeat N]

Runs ``python -m scrapy_readability -f FORMAT --workers N PAGE...`` as a user
would, on every ``source.html`` of the vendored test pages (``--copies`` times
each, for a longer run), output to /dev/null; the best of ``--repeat`` runs
counts. The time is the whole process: start-up, the workers' start-up,
reading, extraction, Markdown or text, writing. ``--baseline REF`` also runs
the package as it was at a git revision (``git archive`` into a temporary
folder), each of its runs next to one of ours, so both see the same load.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PAGES = ROOT / "tests" / "mozilla_pages"


def package_at(ref: str, folder: Path) -> Path:
    """The package as it was at ``ref``, unpacked into ``folder`` (run from there, it is the one imported)."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", ref, "scrapy_readability"], capture_output=True, check=True
    )
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder


def seconds(cwd: Path, files: list[str], workers: int, fmt: str) -> float:
    """One run of the command line from ``cwd`` (whose ``scrapy_readability`` is the one run)."""
    return timed(cwd, files, workers, fmt)[0]


def timed(cwd: Path, files: list[str], workers: int, fmt: str) -> tuple[float, float]:
    """One run's wall-clock seconds, and the CPU seconds of the command and its worker processes."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "scrapy_readability", "-f", fmt, "--workers", str(workers), "--no-progress", *files],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
    )
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)  # the workers' too: the command waited for them
    if result.returncode not in (0, 1) or "Traceback" in result.stderr:  # 1: some pages have no article
        sys.exit(f"the command line failed:\n{result.stderr}")
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def batches(files: list[str], sizes: list[int], repeat: int, fmt: str) -> None:
    """The first N pages with one worker (in the command's process) and with one a core, for each N.

    Wall-clock time says which is faster on this machine as loaded now; CPU time says what each
    costs, which load does not change much. With ``k`` free cores the workers save ``(k-1)/k`` of
    the extraction's CPU and cost what starting them takes (their extra CPU, spread over ``k``
    cores): they pay once ``extraction CPU x (k-1) > extra CPU``. The extraction's CPU is the
    run's CPU with one worker less that of one page.
    """
    cores = os.cpu_count() or 1
    order = random.Random(21).sample(files, len(files))
    wall = {(size, n): float("inf") for size in sizes for n in (1, cores)}
    cpu = dict(wall)
    for _ in range(repeat):
        for size in sizes:
            for n in (1, cores):
                took, used = timed(ROOT, order[:size], n, fmt)
                wall[size, n], cpu[size, n] = min(wall[size, n], took), min(cpu[size, n], used)
    base = timed(ROOT, order[:1], 1, fmt)[1]  # start-up, one page, output
    columns = ["pages", "wall, --workers 1", f"wall, --workers {cores}", "CPU, 1", f"CPU, {cores}"]
    columns += [f"extraction CPU x {cores - 1}", "extra CPU of the workers", "pays with free cores"]
    print("| " + " | ".join(columns) + " |")
    print("|---" * len(columns) + "|")
    for size in sizes:
        extraction = max(cpu[size, 1] - base, 0.0) * (cores - 1)
        extra = cpu[size, cores] - cpu[size, 1]
        times = (wall[size, 1], wall[size, cores], cpu[size, 1], cpu[size, cores])
        row = [str(size), *(f"{value:.2f} s" for value in times)]
        row += [f"{extraction:.2f} s", f"{extra:.2f} s", "yes" if extraction > extra else "no"]
        print("| " + " | ".join(row) + " |")
    print(f"\nload average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=Path, default=DEFAULT_PAGES)
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--copies", type=int, default=1)
    parser.add_argument("-f", "--format", default="jsonl")
    parser.add_argument("--baseline", metavar="REF", help="also run the package at this git revision, interleaved")
    parser.add_argument("--batches", metavar="N,N...", help="batch sizes: where one worker a core starts to pay")
    args = parser.parse_args()

    files = [str(p.resolve()) for p in sorted(args.pages.glob("*/source.html"))] * args.copies
    if args.batches:
        print(f"-f {args.format}, {os.cpu_count()} cores, best of {args.repeat}\n")
        batches(files, [int(n) for n in args.batches.split(",")], args.repeat, args.format)
        return
    print(f"{len(files)} pages, -f {args.format}, {os.cpu_count()} cores, best of {args.repeat}\n")
    with tempfile.TemporaryDirectory() as folder:
        versions = {"now": ROOT}
        if args.baseline:
            versions[args.baseline] = package_at(args.baseline, Path(folder))
        workers = [int(n) for n in args.workers.split(",")]
        best = {(version, n): float("inf") for version in versions for n in workers}
        for _ in range(args.repeat):
            for n in workers:
                for version, cwd in versions.items():
                    best[version, n] = min(best[version, n], seconds(cwd, files, n, args.format))
    print("| version | workers | seconds | pages/s |")
    print("|---|---|---|---|")
    for (version, n), time_taken in best.items():
        print(f"| {version} | {n} | {time_taken:.2f} | {len(files) / time_taken:.1f} |")


if __name__ == "__main__":
    main()
