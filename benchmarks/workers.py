"""Worker processes: how long a new one takes to answer its first page, and what a huge page leaves behind.

Start-up, interleaved so that every way of starting sees the same machine:

- ``python -m`` (ours): ``python -m scrapy_readability.runtime.worker`` through the pipeline's pool, from
  the pool's creation to the first page's result;
- ``forkserver``, ``spawn``: the former way, multiprocessing with the worker module preloaded into the
  fork server. Like any multiprocessing child, each re-imports the crawl's ``__main__``: this
  script, which imports Scrapy as a crawl's ``__main__`` does (for ``scrapy crawl`` it is Scrapy's
  own), unless ``--light-main``. ``forkserver (first)`` includes starting the server.

Each row gives the wall time to the first answer (median and best of ``--repeat``) and the CPU the
new process used until then (Linux, from ``/proc``). ``python -m, recycled every page`` is the
next page's wait right after its worker was replaced, when the replacement is still loading.

With ``--throughput``, the 106 vendored pages one at a time through one worker, ours and a former
one, interleaved: pages per second and the crawl's CPU per page (the cost of passing pages over).

With ``--big-page``, one 20 MB page (``testkit/hostile_inputs.py``) goes through a worker
without a memory limit and through one with the default ``READABILITY_WORKER_MAX_MEMORY``: the
worker's resident memory afterwards, and whether a new process did the next page.

Usage::

    python benchmarks/workers.py [--repeat 5] [--big-page] [--light-main] [--throughput]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path

# A crawl's __main__ imports Scrapy (a CrawlerProcess script, or Scrapy's own for `scrapy crawl`), and
# the former workers re-imported __main__; --light-main leaves Scrapy out, to see the fork server alone.
LIGHT_MAIN = "--light-main" in sys.argv or os.environ.get("READABILITY_BENCH_LIGHT_MAIN") == "1"
if LIGHT_MAIN:
    os.environ["READABILITY_BENCH_LIGHT_MAIN"] = "1"  # for the former workers, which import this again
else:
    import scrapy  # noqa: F401

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from scrapy_readability.engine import Options, Readability  # noqa: E402
from scrapy_readability.runtime.jobs import Extracted, Extraction, extract  # noqa: E402
from scrapy_readability.runtime.pool import ExtractionPool, PoolConfig  # noqa: E402
from scrapy_readability.settings import ReadabilityConfig  # noqa: E402

SANITIZED = Options(sanitize=True)

PAGE = (ROOT / "tests" / "mozilla_pages" / "002" / "source.html").read_text(encoding="utf-8")
TASK = Extraction(PAGE, "http://fakehost/test/page.html", SANITIZED)


def cpu_seconds(pid: int) -> float | None:
    """User and system CPU time of a live process (Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_megabytes(pid: int, field: str = "VmRSS") -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


# --- Ours ------------------------------------------------------------------------------------------------


def start_ours() -> tuple[float, float | None]:
    started = time.perf_counter()
    pool = ExtractionPool(PoolConfig(size=1, processes=True))
    result = pool.submit(TASK).result()
    elapsed = time.perf_counter() - started
    assert isinstance(result, Extracted), result
    pid = pool.pids[0]
    cpu = cpu_seconds(pid) if pid is not None else None
    pool.close()
    pool.join()
    return elapsed, cpu


def next_page_after_recycling() -> tuple[float, float | None]:
    """A pool that replaces its worker after every page: the wait of a page sent right after."""
    pool = ExtractionPool(PoolConfig(size=1, processes=True, max_pages=1))
    pool.ready.result()
    pool.submit(TASK).result()
    started = time.perf_counter()
    pool.submit(TASK).result()
    elapsed = time.perf_counter() - started
    pool.close()
    pool.join()
    return elapsed, None


# --- The former way --------------------------------------------------------------------------------------


def former_serve(conn: Connection) -> None:
    """What a former worker did: lower its priority, then answer pages from the pipe with the engine."""
    os.nice(10)
    while True:
        task = conn.recv()
        if task is None:
            return
        conn.send(extract(task, Readability))


def start_former(method: str) -> tuple[float, float | None]:
    context = multiprocessing.get_context(method)
    started = time.perf_counter()
    parent, child = context.Pipe()
    process = context.Process(target=former_serve, args=(child,), daemon=True)
    process.start()
    child.close()
    parent.send(TASK)
    result = parent.recv()
    elapsed = time.perf_counter() - started
    assert isinstance(result, Extracted), result
    cpu = cpu_seconds(process.pid) if process.pid is not None else None
    parent.send(None)
    process.join()
    return elapsed, cpu


# --- The report ------------------------------------------------------------------------------------------


def measure_start(repeat: int) -> None:
    if "forkserver" in multiprocessing.get_all_start_methods():
        first = start_former("forkserver")
        print(f"{'forkserver (first)':34} {first[0] * 1000:8.0f} ms", flush=True)
    ways: dict[str, Callable[[], tuple[float, float | None]]] = {
        "python -m (ours)": start_ours,
        "python -m, recycled every page": next_page_after_recycling,
        "forkserver": lambda: start_former("forkserver"),
        "spawn": lambda: start_former("spawn"),
    }
    if "forkserver" not in multiprocessing.get_all_start_methods():
        del ways["forkserver"]
    times: dict[str, list[tuple[float, float | None]]] = {name: [] for name in ways}
    for _ in range(repeat):
        for name, way in ways.items():
            times[name].append(way())
    print(f"{'start':34} {'median':>8} {'best':>8} {'CPU (median)':>14}")
    for name, runs in times.items():
        walls = [wall for wall, _ in runs]
        cpus = [cpu for _, cpu in runs if cpu is not None]
        cpu = f"{statistics.median(cpus) * 1000:11.0f} ms" if cpus else f"{'-':>14}"
        print(f"{name:34} {statistics.median(walls) * 1000:5.0f} ms {min(walls) * 1000:5.0f} ms {cpu}")


def measure_big_page() -> None:
    from testkit.hostile_inputs import CASES_BY_NAME

    big = Extraction(CASES_BY_NAME["page_20mb"].make(1.0), "https://big.example/", SANITIZED)
    default = ReadabilityConfig().worker_max_memory
    for limit in (0, default):
        pool = ExtractionPool(PoolConfig(size=1, processes=True, max_memory=limit * 2**20))
        pool.ready.result()
        pid = pool.pids[0]
        assert pid is not None
        before = rss_megabytes(pid)
        started = time.perf_counter()
        pool.submit(big).result()
        seconds = time.perf_counter() - started
        after, peak = rss_megabytes(pid), rss_megabytes(pid, "VmHWM")
        pool.submit(TASK).result()
        next_pid = pool.pids[0]
        described = f"READABILITY_WORKER_MAX_MEMORY = {limit}" + (" (no limit)" if not limit else " (the default)")
        print(
            f"{described}: the 20 MB page took {seconds:.1f} s; worker {pid}: {before:.0f} MB before, "
            f"peak {peak:.0f} MB, {after if after is not None else 0:.0f} MB after",
            end="",
        )
        if next_pid == pid:
            print(f"; the next page: the same worker, {rss_megabytes(pid):.0f} MB")
        else:
            assert next_pid is not None
            print(f"; the next page: a new worker {next_pid}, {rss_megabytes(next_pid):.0f} MB")
        pool.close()
        pool.join()


def measure_throughput(repeat: int) -> None:
    """The 106 vendored pages through one worker, one at a time: ours against a former forkserver worker."""
    tasks = [
        Extraction(path.read_text(encoding="utf-8"), "http://fakehost/test/page.html", SANITIZED)
        for path in sorted((ROOT / "tests" / "mozilla_pages").glob("*/source.html"))
    ]
    pool = ExtractionPool(PoolConfig(size=1, processes=True, timeout=30.0))
    pool.ready.result()
    context = multiprocessing.get_context(
        "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    )
    parent, child = context.Pipe()
    former = context.Process(target=former_serve, args=(child,), daemon=True)
    former.start()
    child.close()

    def ours(task: Extraction) -> None:
        pool.submit(task).result()

    def before(task: Extraction) -> None:
        parent.send(task)
        parent.recv()

    ways: dict[str, Callable[[Extraction], None]] = {"python -m (ours)": ours, "forkserver (before)": before}
    for way in ways.values():  # warm up
        way(tasks[0])
    walls: dict[str, list[float]] = {name: [] for name in ways}
    cpus: dict[str, list[float]] = {name: [] for name in ways}
    for _ in range(repeat):
        for name, way in ways.items():
            wall, cpu = time.perf_counter(), time.process_time()
            for task in tasks:
                way(task)
            walls[name].append(time.perf_counter() - wall)
            cpus[name].append(time.process_time() - cpu)
    print(f"{len(tasks)} pages through one worker, best of {repeat}:")
    for name in ways:
        best = min(walls[name])
        print(
            f"  {name:22} {len(tasks) / best:6.1f} pages/s, "
            f"crawl-side CPU {min(cpus[name]) / len(tasks) * 1000:.2f} ms a page"
        )
    parent.send(None)
    former.join()
    pool.close()
    pool.join()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--big-page", action="store_true", help="also the 20 MB page (about 15 s)")
    parser.add_argument("--light-main", action="store_true", help="this script's __main__ without Scrapy")
    parser.add_argument("--throughput", action="store_true", help="also pages/s through one worker, ours and before")
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    if "forkserver" in multiprocessing.get_all_start_methods():
        multiprocessing.set_forkserver_preload(["scrapy_readability.runtime.jobs"])
    if args.throughput:
        measure_throughput(args.repeat)
    measure_start(args.repeat)
    if args.big_page:
        measure_big_page()


if __name__ == "__main__":
    main()
