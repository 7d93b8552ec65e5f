"""Crawl throughput and reactor stalls: a real Scrapy crawl of a local site, with and without extraction.

A server on 127.0.0.1 (in this process) serves ``--pages`` article pages, the
106 Mozilla test pages cycled under distinct URLs, behind 20 index pages that
link to them. Each configuration crawls the whole site in its own ``python``
subprocess (so each starts cold, and none shares a GIL with the server):

- ``off``: the preflight middleware only; the extraction pipeline disabled;
- ``threads``: extraction in the pipeline's thread pool (``READABILITY_WORKERS = 0``);
- ``workers``: extraction in ``--workers`` processes (``READABILITY_WORKERS = N``).

For each it reports the article pages crawled per second (from the spider's
opening to its closing, so the last items are included) and how late a
``LoopingCall`` every 10 ms on the reactor fired: the worst delay and the
99th percentile. With ``--repeat N`` the crawls run in N rounds, each round
every configuration once, so a machine whose load changes affects them alike;
the table gives each figure's median over the rounds. ``--baseline REF`` adds
every configuration again with the package as it was at a git revision, in
the same rounds. Usage::

    python benchmarks/crawl.py                     # 2,000 pages, off / threads / workers
    python benchmarks/crawl.py --pages 500 --configs threads,workers --workers 4
    python benchmarks/crawl.py --repeat 3 --baseline main
"""

from __future__ import annotations

import argparse
import inspect
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PAGES_DIR = ROOT / "tests" / "mozilla_pages"
LINKS_PER_INDEX = 100
TICK = 0.010  # seconds between the stall monitor's calls
CHILD_TIMEOUT = 900  # seconds a configuration may take before it is killed
CONFIGS = ("off", "threads", "workers")


# --- The site ------------------------------------------------------------------------------------------


def load_pages() -> list[bytes]:
    pages = [path.read_bytes() for path in sorted(PAGES_DIR.glob("*/source.html"))]
    if not pages:
        sys.exit(f"no pages in {PAGES_DIR}")
    return pages


def make_handler(pages: list[bytes], count: int, chained: bool = False) -> type[BaseHTTPRequestHandler]:
    """The site: ``count`` article pages behind index pages, which the front page links to.

    ``chained``: the front page links to the first index only, and each index to the next one
    before its articles, so a crawl's queue holds about one index's worth of requests
    (Scrapy takes the last request queued first) rather than the whole site.
    """
    indexes = math.ceil(count / LINKS_PER_INDEX)
    linked = range(min(1, indexes)) if chained else range(indexes)
    links = "".join(f'<li><a href="/index/{i}.html">Index {i}</a></li>' for i in linked)
    root = f"<!DOCTYPE html><html><body><ul>{links}</ul></body></html>".encode()

    def index(i: int) -> bytes:
        numbers = range(i * LINKS_PER_INDEX, min(count, (i + 1) * LINKS_PER_INDEX))
        items = "".join(f'<li><a href="/a/{n}.html">Article {n}</a></li>' for n in numbers)
        if chained and i + 1 < indexes:
            items = f'<li><a href="/index/{i + 1}.html">Next</a></li>' + items
        return f"<!DOCTYPE html><html><body><ul>{items}</ul></body></html>".encode()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive, as a real server would
        timeout = 30

        def do_GET(self) -> None:
            body = self._body()
            self.send_response(200 if body is not None else 404)
            body = body if body is not None else b"not found"
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def _body(self) -> bytes | None:
            path = self.path
            try:
                if path == "/":
                    return root
                if path.startswith("/index/") and path.endswith(".html"):
                    i = int(path[len("/index/") : -len(".html")])
                    return index(i) if 0 <= i < indexes else None
                if path.startswith("/a/") and path.endswith(".html"):
                    n = int(path[len("/a/") : -len(".html")])
                    return pages[n % len(pages)] if 0 <= n < count else None
            except ValueError:
                return None
            return None

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            pass

    return Handler


class _QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a crawl that stops drops its connections
            super().handle_error(request, client_address)


class Site:
    """The site on an ephemeral port of 127.0.0.1, shut down on exit or after ``lifetime`` seconds."""

    def __init__(self, pages: list[bytes], count: int, lifetime: float, chained: bool = False) -> None:
        self.server = _QuietServer(("127.0.0.1", 0), make_handler(pages, count, chained))
        self.server.daemon_threads = True
        self.lifetime = lifetime

    def __enter__(self) -> str:
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
        self.thread.start()
        self.deadline = threading.Timer(self.lifetime, self.server.shutdown)
        self.deadline.daemon = True
        self.deadline.start()
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def __exit__(self, *exc: object) -> None:
        self.deadline.cancel()
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


# --- One crawl (in the child process) --------------------------------------------------------------------


def child(config: str, base_url: str, result_path: str, options: dict[str, Any]) -> None:
    import scrapy
    from scrapy import signals
    from scrapy.crawler import CrawlerProcess
    from scrapy.http import HtmlResponse
    from twisted.internet.task import LoopingCall  # not the reactor: Scrapy installs the one it wants

    from scrapy_readability import ArticleItem
    from scrapy_readability.engine import is_probably_readable
    from scrapy_readability.middleware import ReadabilityMiddleware

    class StallMonitor:
        """Calls itself every TICK seconds on the reactor and records how late each call fires."""

        def __init__(self, crawler: Any) -> None:
            self.delays: list[float] = []
            self.loop = LoopingCall.withCount(self.tick)
            self.done = 0
            self.last_tick: float | None = None
            self.tracer = StallTracer(self, options["stall_trace"] / 1000) if options["stall_trace"] else None
            crawler.signals.connect(self.opened, signal=signals.spider_opened)
            crawler.signals.connect(self.closed, signal=signals.spider_closed)

        @classmethod
        def from_crawler(cls, crawler: Any) -> StallMonitor:
            return cls(crawler)

        def opened(self, spider: Any) -> None:
            if options["gc_freeze"]:  # what start-up built is never garbage: keep it out of every collection
                import gc

                gc.freeze()
            if options["switch_interval"]:
                sys.setswitchinterval(options["switch_interval"] / 1000)
            self.started = time.perf_counter()
            self.cpu_started = time.process_time()
            self.loop.start(TICK, now=False)
            self.crawler = spider.crawler
            self.worker_cpu: dict[int, float] = {}
            self.queued: list[int] = []
            self.cpu_loop = LoopingCall(self.read_worker_cpu)
            self.cpu_loop.start(0.2, now=False)

        def read_worker_cpu(self) -> None:
            """The worker processes' CPU time so far, from /proc (Linux), for the CPU columns."""
            pool = running_pool(self.crawler)
            if pool is None:
                return
            self.queued.append(pool.queued)  # pages waiting for a thread or a worker
            for pid in pool.pids:
                if pid is None:
                    continue
                try:
                    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                except (OSError, IndexError):
                    continue
                self.worker_cpu[pid] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

        def tick(self, count: int) -> None:
            # The call was due at the first interval after the previous one; missed ones are in `count`.
            due = self.loop.starttime + (self.done + 1) * TICK
            self.delays.append(max(0.0, self.loop.clock.seconds() - due))
            self.done += count
            self.last_tick = time.perf_counter()

        def closed(self, spider: Any) -> None:
            elapsed = time.perf_counter() - self.started
            if self.loop.running:
                self.loop.stop()
            if self.cpu_loop.running:
                self.cpu_loop.stop()
            if self.tracer is not None:
                self.tracer.report()
            stats = spider.crawler.stats.get_stats()
            delays = sorted(self.delays) or [0.0]
            result = {
                "config": config,
                "pages": spider.articles,
                "extracted": stats.get("readability/extracted", 0),
                "failed": stats.get("readability/failed", 0),
                "seconds": elapsed,
                "worst_stall": delays[-1],
                "p99_stall": delays[min(len(delays) - 1, math.ceil(0.99 * len(delays)) - 1)],
                "extraction_seconds": stats.get("readability/extraction_seconds", 0.0),
                "ticks": len(self.delays),
                "crawl_cpu": time.process_time() - self.cpu_started,  # this process: the reactor and its threads
                "worker_cpu": sum(self.worker_cpu.values()) if self.worker_cpu else None,
                "gc_worst": max(gc_timer.pauses, default=(0.0, 0, 0.0))[0],
                "gc_worst_generation": max(gc_timer.pauses, default=(0.0, 0, 0.0))[1],
                "gc_total": sum(pause for pause, _, _ in gc_timer.pauses),
                "gc_full_count": len(gc_timer.full()),
                "gc_full_cpu": max(gc_timer.full(), default=0.0),  # the longest full collection, CPU
                "queued_mean": sum(self.queued) / len(self.queued) if self.queued else None,
                "queue_empty": sum(1 for n in self.queued if n == 0) / len(self.queued) if self.queued else None,
            }
            Path(result_path).write_text(json.dumps(result), encoding="utf-8")

    class GcTimer:
        """The pauses of Python's cyclic garbage collector (in any thread: it holds the GIL).

        Each as (wall seconds, generation, CPU seconds of its thread): on a loaded machine the
        wall time includes the time the process waited for a core, the CPU time does not.
        """

        def __init__(self) -> None:
            import gc

            self.started: dict[int, tuple[float, float]] = {}
            self.pauses: list[tuple[float, int, float]] = []
            gc.callbacks.append(self.callback)

        def callback(self, phase: str, info: dict[str, int]) -> None:
            thread = threading.get_ident()
            if phase == "start":
                self.started[thread] = (time.perf_counter(), time.thread_time())
            elif thread in self.started:
                wall, cpu = self.started.pop(thread)
                self.pauses.append((time.perf_counter() - wall, info["generation"], time.thread_time() - cpu))

        def full(self) -> list[float]:
            """The CPU seconds of each full (generation 2) collection."""
            return [cpu for _, generation, cpu in self.pauses if generation == 2]

    gc_timer = GcTimer()

    class StallTracer:
        """A thread that, while the reactor is late, samples the reactor thread's stack (--stall-trace)."""

        def __init__(self, monitor: StallMonitor, threshold: float) -> None:
            self.monitor, self.threshold = monitor, threshold
            self.reactor_thread = threading.get_ident()
            self.samples: dict[str, int] = {}
            self.running = True
            threading.Thread(target=self.watch, daemon=True, name="stall-tracer").start()

        def watch(self) -> None:
            import traceback

            deadline = time.monotonic() + CHILD_TIMEOUT
            while self.running and time.monotonic() < deadline:
                time.sleep(0.002)
                last = self.monitor.last_tick
                if last is None or time.perf_counter() - last < self.threshold:
                    continue
                frame = sys._current_frames().get(self.reactor_thread)
                if frame is None:
                    continue
                stack = traceback.extract_stack(frame)[-6:]
                key = " <- ".join(
                    f"{Path(entry.filename).name}:{entry.lineno} {entry.name}" for entry in reversed(stack)
                )
                self.samples[key] = self.samples.get(key, 0) + 1

        def report(self) -> None:
            self.running = False
            total = sum(self.samples.values())
            print(
                f"[{config}] reactor stack while late (> {self.threshold * 1000:.0f} ms), {total} samples:",
                file=sys.stderr,
            )
            for key, count in sorted(self.samples.items(), key=lambda kv: -kv[1])[:12]:
                print(f"  {count:5d}  {key}", file=sys.stderr)

    class TreePreflight(ReadabilityMiddleware):
        """The preflight on the tree parsel builds for response.css() (--preflight-tree), for comparison.

        Not exact as it is: the engine's own parse fixes libxml2's tree in ways this one lacks.
        """

        async def process_response(self, request: Any, response: Any, spider: Any = None) -> Any:
            if isinstance(response, HtmlResponse) and request.meta.get("readability", True) is True:
                options = self.config.page
                readerable = bool(is_probably_readable(response.selector.root, **preflight_kwargs(options)))
                request.meta["readability"] = {"readerable": readerable, **options.to_meta()}
                self.stats.inc_value(f"readability/preflight/{'readerable' if readerable else 'not_readerable'}")
                return response
            answer = super().process_response(request, response, spider)
            return await answer if inspect.isawaitable(answer) else answer

    class ThreadPreflight(ReadabilityMiddleware):
        """The preflight in a thread of the crawl's own process (--preflight-thread), extraction where it was.

        The alternative to the worker processes for the preflight: the page crosses no pipe, but the
        check takes the crawl process's GIL.
        """

        executor: Any = None

        async def _judge(self, response: Any, options: Any) -> bool:
            import asyncio
            from concurrent.futures import ThreadPoolExecutor

            if ThreadPreflight.executor is None:
                ThreadPreflight.executor = ThreadPoolExecutor(1, thread_name_prefix="preflight")
            future = ThreadPreflight.executor.submit(is_probably_readable, response.text, **preflight_kwargs(options))
            return bool(await asyncio.wrap_future(future))

    class StripSource:
        """Without extraction, keep the page's HTML out of the feed, so the feed stays comparable."""

        def process_item(self, item: Any, spider: Any = None) -> Any:
            item.pop("html", None)
            item.pop("readability", None)
            return item

    class SiteSpider(scrapy.Spider):
        name = "bench"
        start_urls = [base_url + "/"]
        articles = 0

        def parse(self, response: Any) -> Any:
            if "/a/" not in response.url:  # the front page and the index pages
                yield from response.follow_all(css="a")
                return
            self.articles += 1
            if options["use_selectors"]:
                response.css("title::text").get()  # a spider that reads the page with parsel too
            verdict = response.meta.get("readability")
            if verdict and verdict["readerable"]:
                yield ArticleItem.from_response(response)

    settings: dict[str, Any] = {
        "ADDONS": {"scrapy_readability.Addon": 0},
        "EXTENSIONS": {StallMonitor: 0, "scrapy.extensions.telnet.TelnetConsole": None},
        "LOG_LEVEL": options["log_level"],
        "ROBOTSTXT_OBEY": False,
        "CONCURRENT_REQUESTS": options["concurrency"],
        "CONCURRENT_REQUESTS_PER_DOMAIN": options["concurrency"],
        "DOWNLOAD_DELAY": 0,
        "READABILITY_WORKERS": options["workers"] if config == "workers" else 0,
    }
    settings.update(options["settings"])
    if options["feed"]:
        settings["FEEDS"] = {options["feed"]: {"format": "jsonlines", "overwrite": True}}
    if config == "off":
        settings["ITEM_PIPELINES"] = {"scrapy_readability.ReadabilityPipeline": None, StripSource: 200}
    if options["preflight_tree"]:
        settings["DOWNLOADER_MIDDLEWARES"] = {"scrapy_readability.ReadabilityMiddleware": None, TreePreflight: 545}
    if options["preflight_thread"]:
        settings["DOWNLOADER_MIDDLEWARES"] = {"scrapy_readability.ReadabilityMiddleware": None, ThreadPreflight: 545}
    process = CrawlerProcess(settings)
    process.crawl(SiteSpider)
    if not options["profile"]:
        process.start()
        return
    import cProfile
    import pstats

    profiler = cProfile.Profile()  # this thread only: the reactor's
    profiler.runcall(process.start)
    print(f"[{config}] reactor thread, by own time:", file=sys.stderr)
    pstats.Stats(profiler, stream=sys.stderr).sort_stats("tottime").print_stats(25)


def running_pool(crawler: Any) -> Any:
    """The crawl's running extraction pool (its worker processes' ids, its queue), or None."""
    try:
        from scrapy_readability.extension import ReadabilityExtension
    except ImportError:  # a baseline from before the crawl's extension
        pass
    else:
        extension = crawler.get_extension(ReadabilityExtension)
        return extension.pool if extension is not None else None
    try:
        from scrapy_readability._crawlpool import CrawlPool
    except ImportError:  # a baseline from before the pool was the crawl's: the pipeline's own
        for component in getattr(crawler.engine.scraper.itemproc, "middlewares", ()):
            if getattr(component, "_pool", None) is not None:
                return component._pool
        return None
    return CrawlPool.of(crawler).running


def preflight_kwargs(options: Any) -> dict[str, Any]:
    """``is_probably_readable``'s keywords from a PageOptions, of this revision or of a baseline's."""
    preflight = getattr(options, "preflight", None)
    return preflight.values() if preflight is not None else options.preflight_kwargs()


# --- The runs and the table (in the parent process) ------------------------------------------------------


def baseline_tree(ref: str, tmp: Path) -> Path:
    """The package as it was at ``ref``, extracted from git into ``tmp``; its path goes first on PYTHONPATH."""
    folder = tmp / "baseline"
    folder.mkdir()
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", ref, "scrapy_readability"], capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def run_config(
    config: str, base_url: str, args: argparse.Namespace, tmp: Path, package: Path | None = None
) -> dict[str, Any]:
    result_path = tmp / f"{config}.json"
    result_path.unlink(missing_ok=True)
    options = {
        "workers": args.workers,
        "concurrency": args.concurrency,
        "log_level": args.log_level,
        "feed": str(tmp / f"{config}.jsonl") if args.feed else "",
        "use_selectors": args.use_selectors,
        "preflight_tree": args.preflight_tree,
        "preflight_thread": args.preflight_thread,
        "profile": args.profile,
        "stall_trace": args.stall_trace,
        "gc_freeze": args.gc_freeze,
        "switch_interval": args.switch_interval,
        "settings": dict(setting.split("=", 1) for setting in args.set),
    }
    command = [sys.executable, __file__, "--child", config, base_url, str(result_path), json.dumps(options)]
    paths = [str(package) if package else None, str(ROOT), os.environ.get("PYTHONPATH")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, paths))}
    env["PYTHONFAULTHANDLER"] = "1"  # a crash prints every thread's Python stack
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    started = time.perf_counter()
    server_before = time.process_time()  # this process runs only the server meanwhile
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=CHILD_TIMEOUT)
    if args.profile or args.stall_trace:
        sys.stderr.write(done.stderr[-20000:])
    if done.returncode != 0 or not result_path.exists():
        (Path(tempfile.gettempdir()) / f"crawl-bench-{config}.log").write_text(done.stderr, encoding="utf-8")
        fatal = done.stderr.find("Fatal Python error")
        sys.stderr.write(done.stderr[fatal : fatal + 5000] if fatal >= 0 else done.stderr[-5000:])
        sys.exit(f"{config}: the crawl failed (exit code {done.returncode})")
    result = json.loads(result_path.read_text(encoding="utf-8"))
    result["wall"] = time.perf_counter() - started
    result["server_cpu"] = time.process_time() - server_before
    result["load"] = load
    return result


def cpu(seconds: float | None, result: dict[str, Any]) -> str:
    """CPU milliseconds per article page, or '-'."""
    if seconds is None or not result["pages"]:
        return "-"
    return f"{seconds * 1000 / result['pages']:.1f}"


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        _, _, config, base_url, result_path, options = sys.argv
        child(config, base_url, result_path, json.loads(options))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=2000, help="article pages to serve and crawl (default 2000)")
    parser.add_argument("--configs", default=",".join(CONFIGS), help="which of off,threads,workers (default all)")
    parser.add_argument("--workers", type=int, default=2, help="READABILITY_WORKERS for 'workers' (default 2)")
    parser.add_argument("--concurrency", type=int, default=16, help="CONCURRENT_REQUESTS (default 16)")
    parser.add_argument(
        "--repeat", type=int, default=1, help="rounds, each crawling every row once; the table gives medians"
    )
    parser.add_argument(
        "--baseline", metavar="REF", help="every configuration again with the package at this git revision"
    )
    parser.add_argument(
        "--preflight-thread",
        action="store_true",
        help="every configuration again with the preflight in a thread of the crawl's process",
    )
    parser.add_argument("--no-feed", dest="feed", action="store_false", help="no JSON lines feed")
    parser.add_argument("--log-level", default="INFO", help="LOG_LEVEL of the crawls (default INFO)")
    parser.add_argument(
        "--use-selectors", action="store_true", help="the spider also reads each article with response.css()"
    )
    parser.add_argument(
        "--preflight-tree",
        action="store_true",
        help="the preflight reads the tree parsel builds for response.css() instead of parsing the text",
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON too")
    parser.add_argument(
        "--set", action="append", default=[], metavar="NAME=VALUE", help="a Scrapy setting for every crawl (repeatable)"
    )
    parser.add_argument(
        "--gc-freeze", action="store_true", help="every configuration again, with gc.freeze() when the spider opens"
    )
    parser.add_argument(
        "--switch-interval",
        type=float,
        default=0.0,
        metavar="MS",
        help="every configuration again, with sys.setswitchinterval(MS / 1000) when the spider opens",
    )
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="LABEL:NAME=VALUE,...",
        help="every configuration again with these Scrapy settings (repeatable)",
    )
    parser.add_argument("--profile", action="store_true", help="cProfile the reactor thread of each crawl")
    parser.add_argument(
        "--stall-trace", type=float, default=0, metavar="MS", help="sample the reactor's stack while it is MS late"
    )
    args = parser.parse_args()
    configs = [name.strip() for name in args.configs.split(",") if name.strip()]
    if unknown := set(configs) - set(CONFIGS):
        parser.error(f"unknown configurations: {', '.join(sorted(unknown))}")
    if not 1 <= args.pages <= 100_000 or not 1 <= args.repeat <= 10:
        parser.error("--pages from 1 to 100000, --repeat from 1 to 10")

    pages = load_pages()
    variants = [Variant("")]
    if args.preflight_thread:
        variants.append(Variant("preflight thread", {"preflight_thread": True}))
    if args.gc_freeze:
        variants.append(Variant("gc.freeze()", {"gc_freeze": True}))
    if args.switch_interval:
        variants.append(Variant(f"switch {args.switch_interval:g} ms", {"switch_interval": args.switch_interval}))
    for text in args.variant:
        label, _, settings = text.partition(":")
        variants.append(Variant(label, {"set": [*args.set, *filter(None, settings.split(","))]}))
    lifetime = CHILD_TIMEOUT * len(configs) * args.repeat * (len(variants) + bool(args.baseline)) + 60
    runs: dict[tuple[str, str], list[dict[str, Any]]] = {}
    with Site(pages, args.pages, lifetime) as base_url, tempfile.TemporaryDirectory() as tmp:
        if args.baseline:
            variants.append(Variant(f"@{args.baseline}", package=baseline_tree(args.baseline, Path(tmp))))
        for round_number in range(args.repeat):  # each round runs every row once: the load hits them alike
            for config in configs:
                for variant in variants:
                    run = run_config(config, base_url, variant.args(args), Path(tmp), variant.package)
                    runs.setdefault((config, variant.label), []).append(run)
                    print(
                        f"  round {round_number + 1}, {config} {variant.label}: {run['pages']} pages in "
                        f"{run['seconds']:.2f} s, worst stall {run['worst_stall'] * 1000:.0f} ms, "
                        f"p99 {run['p99_stall'] * 1000:.1f} ms, load {run['load']:.1f}",
                        file=sys.stderr,
                    )
    results = [median_run(config, label, rows) for (config, label), rows in runs.items()]
    print_table(args, pages, results, [run for rows in runs.values() for run in rows])
    if args.json:
        print(json.dumps({"medians": results, "runs": runs_by_row(runs)}, indent=2))
    if any(run["pages"] != args.pages for rows in runs.values() for run in rows):
        print("warning: a crawl did not reach every page", file=sys.stderr)


class Variant:
    """A row's variant of a configuration: our code as it is, with other options, or at a git revision."""

    def __init__(self, label: str, options: dict[str, Any] | None = None, *, package: Path | None = None) -> None:
        self.label, self.options, self.package = label, options or {}, package

    def args(self, args: argparse.Namespace) -> argparse.Namespace:
        defaults = {"preflight_thread": False, "gc_freeze": False, "switch_interval": 0.0}
        return argparse.Namespace(**{**vars(args), **defaults, **self.options})


MEDIAN_KEYS = (
    "seconds",
    "worst_stall",
    "p99_stall",
    "crawl_cpu",
    "worker_cpu",
    "server_cpu",
    "gc_worst",
    "gc_total",
    "gc_full_count",
    "gc_full_cpu",
)


def median_run(config: str, label: str, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """One row of the table: each figure's median over the rounds (pages/s from the median seconds)."""
    result = dict(rows[0], label=label, rounds=len(rows))
    for key in MEDIAN_KEYS:
        values = [row[key] for row in rows if row.get(key) is not None]
        result[key] = statistics.median(values) if values else None
    return result


def runs_by_row(runs: dict[tuple[str, str], list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    return {f"{config} {label}".strip(): rows for (config, label), rows in runs.items()}


def print_table(
    args: argparse.Namespace, pages: list[bytes], results: list[dict[str, Any]], every_run: list[dict[str, Any]]
) -> None:
    cores = os.cpu_count()
    try:
        import scrapy

        scrapy_version = scrapy.__version__
    except ImportError:
        scrapy_version = "?"
    loads = [run["load"] for run in every_run]
    print(
        f"machine: {cores} cores, {platform.machine()}, Python {platform.python_version()}, "
        f"Scrapy {scrapy_version}; load average (1 min) at the crawls' starts {min(loads):.1f} to {max(loads):.1f}"
    )
    print(
        f"site: {args.pages} article pages ({len(pages)} distinct), CONCURRENT_REQUESTS {args.concurrency}, "
        f"feed {'on' if args.feed else 'off'}, LOG_LEVEL {args.log_level}"
        + (", spider uses selectors" if args.use_selectors else "")
        + (", preflight on parsel's tree" if args.preflight_tree else "")
        + "".join(f", {setting}" for setting in args.set)
        + (f"; medians of {args.repeat} rounds" if args.repeat > 1 else "")
    )
    width = max(12, *(len(row_name(result, args)) for result in results))
    header = (
        f"{'config':<{width}} {'pages':>6} {'extracted':>9} {'seconds':>8} {'pages/s':>8} {'vs threads':>10} "
        f"{'worst stall':>12} {'p99 stall':>10}   {'CPU ms/page: crawl':>18} {'workers':>7} {'server':>6}"
        f"   {'full GCs':>8} {'longest':>7}"
    )
    print(header)
    print("-" * len(header))
    for result in results:
        rate = result["pages"] / result["seconds"]
        threads = next((r for r in results if r["config"] == "threads" and r["label"] == result["label"]), None)
        ratio = f"{rate / (threads['pages'] / threads['seconds']):.2f}x" if threads else ""
        print(
            f"{row_name(result, args):<{width}} {result['pages']:>6} {result['extracted']:>9} "
            f"{result['seconds']:>8.2f} "
            f"{rate:>8.1f} {ratio:>10} {result['worst_stall'] * 1000:>9.0f} ms {result['p99_stall'] * 1000:>7.1f} ms   "
            f"{cpu(result.get('crawl_cpu'), result):>18} {cpu(result.get('worker_cpu'), result):>7} "
            f"{cpu(result.get('server_cpu'), result):>6}   {result['gc_full_count']:>8.0f} "
            f"{result['gc_full_cpu'] * 1000:>4.0f} ms"
        )


def row_name(result: dict[str, Any], args: argparse.Namespace) -> str:
    name = result["config"] + (f" ({args.workers})" if result["config"] == "workers" else "")
    return f"{name} {result['label']}".strip()


if __name__ == "__main__":
    main()
