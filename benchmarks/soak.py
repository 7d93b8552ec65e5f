"""Soak: a long crawl with worker processes, its pages per second and memory over time, and every page counted.

The site is ``crawl.py``'s (the 106 Mozilla test pages cycled under distinct
URLs, on 127.0.0.1 in this process), chained so the crawl's queue stays short.
One crawl, in a subprocess, yields an item for every article page whatever the
preflight says, with ``READABILITY_FAILURE_ACTION = "keep"``, so every page
reaches the feed extracted or with its reason. Every ``--interval`` seconds it
records the pages crawled, the items written, the resident memory (RSS) of the
crawl's process and of each worker process, and the pages waiting in the pool.

Then: pages per second and memory over time; the growth of each RSS from the
end of the warm-up (``--warmup``, a share of the pages) to the end of the crawl
(medians of three samples at each end; the largest sample too); and the
accounting: every article page in the feed once, and the stats' counts (extracted,
failed by reason, judged) equal to what the feed holds. It exits with status 1
if memory grew by more than ``--max-growth`` or a page is unaccounted for. Usage::

    python benchmarks/soak.py                      # 20,000 pages, 2 workers (some minutes)
    python benchmarks/soak.py --pages 5000 --interval 5 --json
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from crawl import LINKS_PER_INDEX, ROOT, Site, load_pages, running_pool

CHILD_TIMEOUT = 4 * 3600  # seconds the crawl may take before it is killed


# --- The crawl (in the child process) ---------------------------------------------------------------------


def resident(pid: int | str = "self") -> int | None:
    """A process's resident memory in bytes, from /proc (Linux); None if it is gone."""
    try:
        return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, IndexError, ValueError):
        return None


def child(base_url: str, out: str, options: dict[str, Any]) -> None:
    import scrapy
    from scrapy import signals
    from scrapy.crawler import CrawlerProcess
    from twisted.internet.task import LoopingCall

    from scrapy_readability import ArticleItem

    samples_path, result_path = Path(out) / "samples.jsonl", Path(out) / "result.json"

    class SoakMonitor:
        """Every ``interval`` seconds, one line of figures in samples.jsonl; the stats at the end."""

        def __init__(self, crawler: Any) -> None:
            self.crawler = crawler
            self.loop = LoopingCall(self.sample)
            self.file = samples_path.open("w", encoding="utf-8")
            crawler.signals.connect(self.opened, signal=signals.spider_opened)
            crawler.signals.connect(self.closed, signal=signals.spider_closed)

        @classmethod
        def from_crawler(cls, crawler: Any) -> SoakMonitor:
            return cls(crawler)

        def opened(self, spider: Any) -> None:
            self.spider = spider
            self.started = time.perf_counter()
            self.loop.start(options["interval"], now=True)

        def sample(self) -> None:
            stats = self.crawler.stats
            pool = running_pool(self.crawler)
            pids = [pid for pid in (pool.pids if pool is not None else []) if pid is not None]
            line = {
                "seconds": time.perf_counter() - self.started,
                "articles": self.spider.articles,  # article pages the spider received
                "items": stats.get_value("item_scraped_count", 0),
                "crawl_rss": resident(),
                "workers_rss": {str(pid): resident(pid) for pid in pids},
                "queued": pool.queued if pool is not None else None,
                "load": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
            }
            self.file.write(json.dumps(line) + "\n")
            self.file.flush()

        def closed(self, spider: Any, reason: str) -> None:
            if self.loop.running:
                self.loop.stop()
            self.sample()
            self.file.close()
            stats = {k: v for k, v in self.crawler.stats.get_stats().items() if isinstance(v, (int, float, str))}
            result_path.write_text(json.dumps({"stats": stats, "reason": reason}), encoding="utf-8")

    class SoakSpider(scrapy.Spider):
        """Follows the index pages; every article page becomes an item, whatever the preflight said."""

        name = "soak"
        start_urls = [base_url + "/"]
        articles = 0

        def parse(self, response: Any) -> Any:
            if "/a/" not in response.url:
                yield from response.follow_all(css="a")
                return
            self.articles += 1
            yield ArticleItem.from_response(response)

    settings: dict[str, Any] = {
        "ADDONS": {"scrapy_readability.Addon": 0},
        "EXTENSIONS": {SoakMonitor: 0, "scrapy.extensions.telnet.TelnetConsole": None},
        "LOG_LEVEL": "INFO",
        "ROBOTSTXT_OBEY": False,
        "CONCURRENT_REQUESTS": options["concurrency"],
        "CONCURRENT_REQUESTS_PER_DOMAIN": options["concurrency"],
        "DOWNLOAD_DELAY": 0,
        "READABILITY_WORKERS": options["workers"],
        "READABILITY_FAILURE_ACTION": "keep",
        "FEEDS": {str(Path(out) / "feed.jsonl"): {"format": "jsonlines", "overwrite": True}},
        **options["settings"],
    }
    process = CrawlerProcess(settings)
    process.crawl(SoakSpider)
    process.start()


# --- The report (in the parent process) -------------------------------------------------------------------


def megabytes(value: float | None) -> str:
    return "-" if value is None else f"{value / 2**20:.0f}"


def mid(values: list[float]) -> float:
    return statistics.median(values)


def growth(series: list[tuple[int, float]], warm: int) -> dict[str, Any] | None:
    """How one RSS series (articles done, bytes) moved after the warm-up: ends as medians of 3 samples."""
    after = [value for articles, value in series if articles >= warm]
    if len(after) < 6:
        return None
    start, end = mid(after[:3]), mid(after[-3:])
    return {
        "start": start,
        "end": end,
        "max": max(after),
        "growth": end / start - 1,
        "max_growth": max(after) / start - 1,
    }


def account(feed_path: Path, stats: dict[str, Any], pages: int) -> list[str]:
    """Every article page in the feed once, extracted or failed with its reason, as the stats count them."""
    problems = []
    urls: Counter[str] = Counter()
    failed: Counter[str] = Counter()
    extracted = 0
    with feed_path.open(encoding="utf-8") as feed:
        for line in feed:
            if not line.strip():
                continue
            item = json.loads(line)
            urls[item["url"].rsplit("/", 1)[-1]] += 1
            error = item.get("readability_error")
            if error:
                failed[error.split(":", 1)[0]] += 1
            elif item.get("title") is not None or item.get("content") is not None:
                extracted += 1
            else:
                problems.append(f"an item with neither an article nor a reason: {item['url']}")
    expected = {f"{n}.html" for n in range(pages)}
    if missing := expected - set(urls):
        problems.append(f"{len(missing)} article pages not in the feed, e.g. {sorted(missing)[:5]}")
    if twice := [url for url, count in urls.items() if count > 1]:
        problems.append(f"{len(twice)} pages in the feed more than once, e.g. {twice[:5]}")
    if extracted != stats.get("readability/extracted", 0):
        problems.append(f"the feed has {extracted} articles, the stats count {stats.get('readability/extracted')}")
    counted = {key.split("/", 2)[2]: value for key, value in stats.items() if key.startswith("readability/failed/")}
    if dict(failed) != counted:
        problems.append(f"failures in the feed {dict(failed)} != in the stats {counted}")
    if extracted + sum(failed.values()) != pages:
        problems.append(f"{extracted} extracted + {sum(failed.values())} failed != {pages} pages")
    judged = sum(stats.get(f"readability/preflight/{key}", 0) for key in ("readerable", "not_readerable", "error"))
    html_pages = pages + math.ceil(pages / LINKS_PER_INDEX) + 1  # the articles, the indexes, the front page
    if judged != html_pages:
        problems.append(f"the preflight judged {judged} pages of {html_pages}")
    return problems


def report(args: argparse.Namespace, samples: list[dict[str, Any]], stats: dict[str, Any], problems: list[str]) -> bool:
    loads = [sample["load"] for sample in samples if sample.get("load") is not None]
    print(
        f"machine: {os.cpu_count()} cores, Python {platform.python_version()}; "
        f"load average (1 min) {min(loads, default=0):.1f} to {max(loads, default=0):.1f} during the crawl"
    )
    print(
        f"site: {args.pages} article pages, READABILITY_WORKERS {args.workers}, CONCURRENT_REQUESTS {args.concurrency}"
    )
    rows = max(1, len(samples) // args.rows)
    print(f"{'seconds':>8} {'pages':>7} {'pages/s':>8} {'queued':>6} {'crawl MB':>8}  workers MB")
    previous = {"seconds": 0.0, "articles": 0}
    for n, sample in enumerate(samples):
        if n % rows and n != len(samples) - 1:
            continue
        span = sample["seconds"] - previous["seconds"]
        rate = (sample["articles"] - previous["articles"]) / span if span > 0 else 0.0
        workers = " ".join(megabytes(value) for value in sample["workers_rss"].values())
        print(
            f"{sample['seconds']:>8.0f} {sample['articles']:>7} {rate:>8.1f} {str(sample['queued']):>6} "
            f"{megabytes(sample['crawl_rss']):>8}  {workers}"
        )
        previous = sample
    warm = int(args.pages * args.warmup)
    crawl_series = [(s["articles"], s["crawl_rss"]) for s in samples if s["crawl_rss"]]
    lanes: dict[int, list[tuple[int, float]]] = {}
    for sample in samples:  # by position in the pool: a replaced worker's successor continues its lane
        for lane, value in enumerate(sample["workers_rss"].values()):
            if value:
                lanes.setdefault(lane, []).append((sample["articles"], value))
    ok = not problems
    print(f"\nmemory after the warm-up ({warm} pages), start -> end (medians of 3 samples), largest:")
    for name, series in [("crawl", crawl_series), *((f"worker {lane + 1}", s) for lane, s in sorted(lanes.items()))]:
        moved = growth(series, warm)
        if moved is None:
            print(f"  {name}: too few samples after the warm-up")
            ok = False
            continue
        within = moved["growth"] <= args.max_growth
        ok = ok and within
        print(
            f"  {name}: {megabytes(moved['start'])} -> {megabytes(moved['end'])} MB ({moved['growth']:+.1%}), "
            f"largest {megabytes(moved['max'])} MB ({moved['max_growth']:+.1%}){'' if within else '  GREW'}"
        )
    seconds = samples[-1]["seconds"] if samples else 0.0
    after = [s for s in samples if s["articles"] >= warm]
    steady = (
        (after[-1]["articles"] - after[0]["articles"]) / (after[-1]["seconds"] - after[0]["seconds"])
        if len(after) > 1
        else 0.0
    )
    print(f"\npages/s: {args.pages / seconds:.1f} overall, {steady:.1f} after the warm-up")
    replaced = {key: value for key, value in stats.items() if key.startswith("readability/workers/")}
    failed = {key: value for key, value in stats.items() if key.startswith("readability/failed")}
    print(f"extracted {stats.get('readability/extracted', 0)}, failed {failed or 0}; workers {replaced}")
    print("every page accounted for" if not problems else "NOT ACCOUNTED FOR:\n  " + "\n  ".join(problems))
    return ok


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        _, _, base_url, out, options = sys.argv
        child(base_url, out, json.loads(options))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=20_000, help="article pages (default 20000)")
    parser.add_argument("--workers", type=int, default=2, help="READABILITY_WORKERS (default 2)")
    parser.add_argument("--concurrency", type=int, default=16, help="CONCURRENT_REQUESTS (default 16)")
    parser.add_argument("--interval", type=float, default=10.0, help="seconds between samples (default 10)")
    parser.add_argument("--warmup", type=float, default=0.1, help="share of the pages that is warm-up (default 0.1)")
    parser.add_argument("--max-growth", type=float, default=0.10, help="RSS growth allowed after it (default 0.10)")
    parser.add_argument("--rows", type=int, default=20, help="about this many rows in the table (default 20)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a Scrapy setting")
    parser.add_argument("--json", metavar="FILE", help="write the samples and stats as JSON to FILE")
    args = parser.parse_args()
    if args.pages < 1 or args.workers < 1 or args.interval <= 0:
        parser.error("--pages, --workers and --interval must be positive")

    options = {
        "workers": args.workers,
        "concurrency": args.concurrency,
        "interval": args.interval,
        "settings": dict(setting.split("=", 1) for setting in args.set),
    }
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    with (
        Site(load_pages(), args.pages, CHILD_TIMEOUT + 60, chained=True) as base_url,
        tempfile.TemporaryDirectory() as tmp,
    ):
        command = [sys.executable, __file__, "--child", base_url, tmp, json.dumps(options)]
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=CHILD_TIMEOUT)
        result_path = Path(tmp) / "result.json"
        if done.returncode != 0 or not result_path.exists():
            sys.stderr.write(done.stderr[-5000:])
            sys.exit(f"the crawl failed (exit code {done.returncode})")
        samples = [json.loads(line) for line in (Path(tmp) / "samples.jsonl").read_text(encoding="utf-8").splitlines()]
        stats = json.loads(result_path.read_text(encoding="utf-8"))["stats"]
        problems = account(Path(tmp) / "feed.jsonl", stats, args.pages)
    if args.json:
        Path(args.json).write_text(json.dumps({"samples": samples, "stats": stats, "problems": problems}, indent=1))
    if not report(args, samples, stats, problems):
        sys.exit(1)


if __name__ == "__main__":
    main()
