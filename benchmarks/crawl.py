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
99th percentile. Usage::

    python benchmarks/crawl.py                     # 2,000 pages, off / threads / workers
    python benchmarks/crawl.py --pages 500 --configs threads,workers --workers 4
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
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


def make_handler(pages: list[bytes], count: int) -> type[BaseHTTPRequestHandler]:
    indexes = math.ceil(count / LINKS_PER_INDEX)
    links = "".join(f'<li><a href="/index/{i}.html">Index {i}</a></li>' for i in range(indexes))
    root = f"<!DOCTYPE html><html><body><ul>{links}</ul></body></html>".encode()

    def index(i: int) -> bytes:
        numbers = range(i * LINKS_PER_INDEX, min(count, (i + 1) * LINKS_PER_INDEX))
        items = "".join(f'<li><a href="/a/{n}.html">Article {n}</a></li>' for n in numbers)
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

    def __init__(self, pages: list[bytes], count: int, lifetime: float) -> None:
        self.server = _QuietServer(("127.0.0.1", 0), make_handler(pages, count))
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
            for component in getattr(self.crawler.engine.scraper.itemproc, "middlewares", ()):
                pool = getattr(component, "_pool", None)
                if pool is None:
                    continue
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
                "gc_worst": max(gc_timer.pauses, default=(0.0, 0))[0],
                "gc_worst_generation": max(gc_timer.pauses, default=(0.0, 0))[1],
                "gc_total": sum(pause for pause, _ in gc_timer.pauses),
                "queued_mean": sum(self.queued) / len(self.queued) if self.queued else None,
                "queue_empty": sum(1 for n in self.queued if n == 0) / len(self.queued) if self.queued else None,
            }
            Path(result_path).write_text(json.dumps(result), encoding="utf-8")

    class GcTimer:
        """The longest pauses of Python's cyclic garbage collector (in any thread: it holds the GIL)."""

        def __init__(self) -> None:
            import gc

            self.started: dict[int, float] = {}
            self.pauses: list[tuple[float, int]] = []
            gc.callbacks.append(self.callback)

        def callback(self, phase: str, info: dict[str, int]) -> None:
            thread = threading.get_ident()
            if phase == "start":
                self.started[thread] = time.perf_counter()
            elif thread in self.started:
                self.pauses.append((time.perf_counter() - self.started.pop(thread), info["generation"]))

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
            print(f"[{config}] reactor stack while late (> {self.threshold * 1000:.0f} ms), {total} samples:", file=sys.stderr)
            for key, count in sorted(self.samples.items(), key=lambda kv: -kv[1])[:12]:
                print(f"  {count:5d}  {key}", file=sys.stderr)

    class TreePreflight(ReadabilityMiddleware):
        """The preflight on the tree parsel builds for response.css() (--preflight-tree), for comparison.

        Not exact as it is: the engine's own parse fixes libxml2's tree in ways this one lacks.
        """

        def process_response(self, request: Any, response: Any, spider: Any = None) -> Any:
            if isinstance(response, HtmlResponse) and request.meta.get("readability", True) is True:
                options = self.config.page
                readerable = bool(is_probably_readable(response.selector.root, **options.preflight_kwargs()))
                request.meta["readability"] = {"readerable": readerable, **options.to_meta()}
                self.stats.inc_value(f"readability/preflight/{'readerable' if readerable else 'not_readerable'}")
                return response
            return super().process_response(request, response, spider)

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


# --- The runs and the table (in the parent process) ------------------------------------------------------


def run_config(config: str, base_url: str, args: argparse.Namespace, tmp: Path) -> dict[str, Any]:
    result_path = tmp / f"{config}.json"
    options = {
        "workers": args.workers,
        "concurrency": args.concurrency,
        "log_level": args.log_level,
        "feed": str(tmp / f"{config}.jsonl") if args.feed else "",
        "use_selectors": args.use_selectors,
        "preflight_tree": args.preflight_tree,
        "profile": args.profile,
        "stall_trace": args.stall_trace,
        "gc_freeze": args.gc_freeze,
        "settings": dict(setting.split("=", 1) for setting in args.set),
    }
    command = [sys.executable, __file__, "--child", config, base_url, str(result_path), json.dumps(options)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    env["PYTHONFAULTHANDLER"] = "1"  # a crash prints every thread's Python stack
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
    parser.add_argument("--repeat", type=int, default=1, help="crawls per configuration; the best counts")
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
    parser.add_argument("--gc-freeze", action="store_true", help="gc.freeze() when the spider opens")
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
    results = []
    lifetime = CHILD_TIMEOUT * len(configs) * args.repeat + 60
    with Site(pages, args.pages, lifetime) as base_url, tempfile.TemporaryDirectory() as tmp:
        for config in configs:
            runs = [run_config(config, base_url, args, Path(tmp)) for _ in range(args.repeat)]
            for run in runs:
                print(
                    f"  {config}: {run['pages']} pages in {run['seconds']:.2f} s, "
                    f"worst stall {run['worst_stall'] * 1000:.0f} ms",
                    file=sys.stderr,
                )
            results.append(max(runs, key=lambda run: run["pages"] / run["seconds"]))

    cores = os.cpu_count()
    try:
        import scrapy

        scrapy_version = scrapy.__version__
    except ImportError:
        scrapy_version = "?"
    load = " ".join(f"{value:.1f}" for value in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(
        f"machine: {cores} cores, {platform.machine()}, Python {platform.python_version()}, "
        f"Scrapy {scrapy_version}; load average {load}"
    )
    print(
        f"site: {args.pages} article pages ({len(pages)} distinct), CONCURRENT_REQUESTS {args.concurrency}, "
        f"feed {'on' if args.feed else 'off'}, LOG_LEVEL {args.log_level}"
        + (", spider uses selectors" if args.use_selectors else "")
        + (", preflight on parsel's tree" if args.preflight_tree else "")
        + (", gc.freeze()" if args.gc_freeze else "")
        + "".join(f", {setting}" for setting in args.set)
    )
    header = (
        f"{'config':<12} {'pages':>6} {'extracted':>9} {'seconds':>8} {'pages/s':>8} {'vs threads':>10} "
        f"{'worst stall':>12} {'p99 stall':>10}   {'CPU ms/page: crawl':>18} {'workers':>7} {'server':>6}"
    )
    print(header)
    print("-" * len(header))
    threads = next((result for result in results if result["config"] == "threads"), None)
    for result in results:
        rate = result["pages"] / result["seconds"]
        name = result["config"] + (f" ({args.workers})" if result["config"] == "workers" else "")
        ratio = f"{rate / (threads['pages'] / threads['seconds']):.2f}x" if threads else ""
        print(
            f"{name:<12} {result['pages']:>6} {result['extracted']:>9} {result['seconds']:>8.2f} {rate:>8.1f} "
            f"{ratio:>10} {result['worst_stall'] * 1000:>9.0f} ms {result['p99_stall'] * 1000:>7.1f} ms   "
            f"{cpu(result.get('crawl_cpu'), result):>18} {cpu(result.get('worker_cpu'), result):>7} "
            f"{cpu(result.get('server_cpu'), result):>6}"
        )
    if args.json:
        print(json.dumps(results, indent=2))
    if any(result["pages"] != args.pages for result in results):
        print("warning: a crawl did not reach every page", file=sys.stderr)


if __name__ == "__main__":
    main()
