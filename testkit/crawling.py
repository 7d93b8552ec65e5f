"""The one crawl runner of the test suite: Scrapy in a subprocess, as a user runs it.

:func:`crawl` runs ``scrapy runspider``/``scrapy crawl`` with a JSON Lines
feed (or CSV, by the feed's name), :func:`crawl_script` a ``CrawlerProcess``
script, and both return the feed's items, the crawl's stats and its log;
:func:`start_crawl` starts one without waiting (to stop or kill it, or to run
several at once). Stats come from :class:`StatsToFile`, an extension this
module adds through ``-s EXTENSIONS=…`` (or :func:`script_settings`), so any
spider works without writing them itself; with ``TEST_HEARTBEAT`` set, the
stats also say how late the reactor ran a call due every 20 ms
(:class:`ReactorHeartbeat`). The subprocess sees the repository
root and ``tests/`` on ``PYTHONPATH`` (test spiders, engine stand-ins and this
extension are imported from there, in worker processes too).
"""

from __future__ import annotations

import csv
import functools
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Self

from testkit import zygote

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
SPIDERS = TESTS / "spiders"
STATS_FILE_SETTING = "TEST_STATS_FILE"
HEARTBEAT_SETTING = "TEST_HEARTBEAT"
HEARTBEAT_STAT = "test/reactor_worst_delay_ms"
FROZEN_STAT = "test/gc_frozen_objects"


@functools.cache
def frozen_at_startup() -> int:
    """``gc.get_freeze_count()`` where a crawl of :func:`crawl` starts: 0 in a fresh interpreter (but some
    Pythons, 3.12, start with objects frozen), what the zygote froze in one it forked."""
    return int(run(["-c", "import gc; print(gc.get_freeze_count())"], ROOT).stdout)


class StatsToFile:
    """A Scrapy extension: write the crawl's stats as JSON to ``TEST_STATS_FILE`` when the spider closes."""

    def __init__(self, path: str, stats: Any) -> None:
        self.path, self.stats = path, stats

    @classmethod
    def from_crawler(cls, crawler: Any) -> Self:
        from scrapy import signals
        from scrapy.exceptions import NotConfigured

        path = crawler.settings.get(STATS_FILE_SETTING)
        if not path:
            raise NotConfigured
        extension = cls(path, crawler.stats)
        # spider_closed fires before the stats collector closes, with everything counted.
        crawler.signals.connect(extension.write, signal=signals.spider_closed)
        return extension

    def write(self, spider: Any, reason: str) -> None:
        stats = {key: value for key, value in self.stats.get_stats().items() if isinstance(value, (int, float, str))}
        stats["finish_reason"] = reason
        Path(self.path).write_text(json.dumps(stats), encoding="utf-8")


class ReactorHeartbeat:
    """A Scrapy extension: a call on the reactor every 20 ms; the stats keep how late the latest-run one was.

    Anything that holds the reactor thread (or the GIL it needs) shows there. On with ``TEST_HEARTBEAT``.
    The stats also get how many objects ``gc.freeze()`` had frozen at the first call.
    """

    TICK = 0.02

    def __init__(self, stats: Any) -> None:
        from twisted.internet.task import LoopingCall

        self.stats = stats
        self.loop = LoopingCall(self.tick)
        self.last: float | None = None

    @classmethod
    def from_crawler(cls, crawler: Any) -> Self:
        from scrapy import signals
        from scrapy.exceptions import NotConfigured

        if not crawler.settings.getbool(HEARTBEAT_SETTING):
            raise NotConfigured
        extension = cls(crawler.stats)
        crawler.signals.connect(extension.opened, signal=signals.spider_opened)
        crawler.signals.connect(extension.closed, signal=signals.spider_closed)
        return extension

    def opened(self, spider: Any) -> None:
        self.stats.set_value(HEARTBEAT_STAT, 0)
        # The first call a tick later: after every spider_opened handler (the extension's freezes the collector).
        self.loop.start(self.TICK, now=False)

    def tick(self) -> None:
        now = time.perf_counter()
        if self.last is None:
            import gc

            self.stats.set_value(FROZEN_STAT, gc.get_freeze_count())
        else:
            late = max(0.0, now - self.last - self.TICK) * 1000
            self.stats.max_value(HEARTBEAT_STAT, round(late))
        self.last = now

    def closed(self, spider: Any) -> None:
        if self.loop.running:
            self.loop.stop()


def subprocess_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    path = [str(ROOT), os.environ.get("PYTHONPATH")]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, path)), **(extra or {})}


def run(
    args: Sequence[str],
    cwd: Path,
    *,
    timeout: float = 120,
    env: Mapping[str, str] | None = None,
    input: str | None = None,
) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` in ``cwd`` with the test ``PYTHONPATH``, ``input`` on its standard input, output captured.

    The process is forked from the zygote (testkit/zygote.py) where it can be, without Python's start-up.
    """
    forked = zygote.run(args, cwd, subprocess_env(env), timeout=timeout, input=input)
    if forked is not None:
        return forked
    return subprocess.run(
        [sys.executable, *args],
        cwd=cwd,
        env=subprocess_env(env),
        capture_output=True,
        text=True,
        timeout=timeout,
        input=input,
    )


def scrapy(args: Sequence[str], cwd: Path, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """``scrapy ARGS`` (as ``python -m scrapy``) in ``cwd``."""
    return run(["-m", "scrapy", *args], cwd, **kwargs)


def read_csv(path: Path) -> list[dict[str, Any]]:
    """A CSV feed's rows, by column (read the header with :func:`csv_columns`)."""
    with path.open(encoding="utf-8", newline="") as file:
        return list(csv.DictReader(file))


def csv_columns(path: Path) -> list[str]:
    """A CSV feed's header line."""
    with path.open(encoding="utf-8", newline="") as file:
        return next(csv.reader(file))


def read_feed(path: Path) -> list[dict[str, Any]]:
    """A feed's items: CSV rows for ``.csv``, JSON Lines otherwise."""
    return read_csv(path) if path.suffix == ".csv" and path.exists() else read_jsonl(path)


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    """A JSON Lines feed, split on "\\n" only (``str.splitlines`` would also split on U+2028 in the text)."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").split("\n") if line]


def setting_args(settings: Mapping[str, Any] | Iterable[str]) -> list[str]:
    """``-s NAME=VALUE`` arguments; non-string values are passed as JSON (Scrapy reads dicts that way)."""
    pairs = (
        [f"{name}={value if isinstance(value, str) else json.dumps(value)}" for name, value in settings.items()]
        if isinstance(settings, Mapping)
        else list(settings)
    )
    return [arg for pair in pairs for arg in ("-s", pair)]


@dataclass
class CrawlResult:
    """What a crawl left behind: the feed's items, the stats, the log (stderr) and the exit code."""

    items: list[dict[str, Any]]
    stats: dict[str, Any]
    log: str
    returncode: int
    stdout: str = ""

    def by_path(self, base_url: str = "") -> dict[str, dict[str, Any]]:
        """Items by URL path (``/articles/a.html``), asserting one item per page."""
        found = {_path(item.get("url") or "", base_url): item for item in self.items}
        assert len(found) == len(self.items), "more than one item for a page"
        return found

    def readability_stats(self) -> dict[str, Any]:
        return {key: value for key, value in self.stats.items() if key.startswith("readability/")}

    @property
    def clean(self) -> bool:
        """No traceback and no ERROR line in the log."""
        return "Traceback" not in self.log and " ERROR: " not in self.log


def _path(url: str, base_url: str) -> str:
    if base_url and url.startswith(base_url):
        return url[len(base_url) :]
    return "/" + url.split("/", 3)[3] if url.count("/") >= 3 else url


def crawl_args(
    tmp_path: Path,
    target: str | Path,
    *,
    start_urls: Iterable[str] = (),
    settings: Mapping[str, Any] | Iterable[str] = (),
    spider_args: Mapping[str, str] | None = None,
    command: str = "runspider",
    feed: str = "items.jsonl",
) -> tuple[list[str], Path, Path]:
    """The ``scrapy`` arguments of a crawl, its feed's path and its stats file's path (both removed first)."""
    feed_path, stats_path = tmp_path / feed, tmp_path / (Path(feed).stem + ".stats.json")
    feed_path.unlink(missing_ok=True)
    stats_path.unlink(missing_ok=True)
    args = [command, str(target), "-O", str(feed_path)]
    urls = list(start_urls)
    if urls:
        args += ["-a", "start_urls=" + ",".join(urls)]
    for name, value in (spider_args or {}).items():
        args += ["-a", f"{name}={value}"]
    extensions = {"testkit.crawling.StatsToFile": 0, "testkit.crawling.ReactorHeartbeat": 0}
    args += setting_args({"EXTENSIONS": extensions, STATS_FILE_SETTING: str(stats_path)})
    args += setting_args(settings)
    return args, feed_path, stats_path


def crawl(
    tmp_path: Path,
    target: str | Path,
    *,
    start_urls: Iterable[str] = (),
    settings: Mapping[str, Any] | Iterable[str] = (),
    spider_args: Mapping[str, str] | None = None,
    command: str = "runspider",
    cwd: Path | None = None,
    feed: str = "items.jsonl",
    timeout: float = 120,
    check: bool = True,
    env: Mapping[str, str] | None = None,
) -> CrawlResult:
    """Run a spider the way a user does and read what it wrote.

    ``target`` is a spider file for ``runspider`` (default) or a spider name for
    ``command="crawl"`` (run in ``cwd``, a project folder). ``start_urls`` go
    to the spider as ``-a start_urls=a,b``. With ``check`` the crawl must exit 0.
    """
    args, feed_path, stats_path = crawl_args(
        tmp_path, target, start_urls=start_urls, settings=settings, spider_args=spider_args, command=command, feed=feed
    )
    result = scrapy(args, cwd or tmp_path, timeout=timeout, env=env)
    (tmp_path / "crawl.log").write_text(result.stderr, encoding="utf-8")
    if check:
        assert result.returncode == 0, result.stderr[-4000:]
    return _result(feed_path, stats_path, result.stderr, result.returncode, result.stdout)


def script_settings(tmp_path: Path, feed: str = "items.jsonl") -> tuple[dict[str, Any], Path, Path]:
    """Settings for a crawl script's ``CrawlerProcess``: the JSON lines feed and the stats file, and their paths."""
    feed_path, stats_path = tmp_path / feed, tmp_path / (Path(feed).stem + ".stats.json")
    feed_path.unlink(missing_ok=True)
    stats_path.unlink(missing_ok=True)
    settings = {
        "FEEDS": {str(feed_path): {"format": "jsonlines"}},
        "EXTENSIONS": {"testkit.crawling.StatsToFile": 0},
        STATS_FILE_SETTING: str(stats_path),
    }
    return settings, feed_path, stats_path


def crawl_script(
    tmp_path: Path, script: Path, feed_path: Path, stats_path: Path, *, timeout: float = 120
) -> CrawlResult:
    """Run a crawl script (``python script.py``, in ``tmp_path``) whose settings came from :func:`script_settings`."""
    result = run([str(script)], tmp_path, timeout=timeout)
    (tmp_path / "crawl.log").write_text(result.stderr, encoding="utf-8")
    return _result(feed_path, stats_path, result.stderr, result.returncode, result.stdout)


def _result(feed_path: Path, stats_path: Path, log: str, returncode: int, stdout: str = "") -> CrawlResult:
    stats = json.loads(stats_path.read_text(encoding="utf-8")) if stats_path.exists() else {}
    return CrawlResult(read_feed(feed_path), stats, log, returncode, stdout)


@dataclass
class RunningCrawl:
    """A crawl started by :func:`start_crawl`, in a process group of its own (its worker processes too)."""

    process: subprocess.Popen[bytes] | zygote.ForkedProcess
    feed: Path
    stats_file: Path
    log_file: Path

    def send(self, signum: int) -> None:
        """Send a signal to the crawler process (SIGTERM: Scrapy's graceful stop)."""
        os.kill(self.process.pid, signum)

    def kill(self) -> None:
        """SIGKILL the whole process group, crawler and workers, as when a machine dies."""
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait()

    def wait(self, timeout: float = 120) -> CrawlResult:
        """Wait for the crawl to end (SIGKILL after ``timeout``) and read what it wrote."""
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
        return self.result()

    def result(self) -> CrawlResult:
        log = self.log_file.read_text(encoding="utf-8", errors="replace")
        return _result(self.feed, self.stats_file, log, self.process.returncode)


def start_crawl(
    tmp_path: Path,
    target: str | Path,
    *,
    settings: Mapping[str, Any] | Iterable[str] = (),
    spider_args: Mapping[str, str] | None = None,
    command: str = "runspider",
    cwd: Path | None = None,
    feed: str = "items.jsonl",
    env: Mapping[str, str] | None = None,
) -> RunningCrawl:
    """Start a crawl like :func:`crawl` without waiting for it; its log goes to ``<feed stem>.log``."""
    args, feed_path, stats_path = crawl_args(
        tmp_path, target, settings=settings, spider_args=spider_args, command=command, feed=feed
    )
    log_path = tmp_path / (Path(feed).stem + ".log")
    forks = zygote.zygote()
    command, environment = ["-m", "scrapy", *args], subprocess_env(env)
    if forks is not None and forks.can_fork(command, environment):
        process = forks.start(
            command, cwd or tmp_path, environment, stdin=None, stdout=Path(os.devnull), stderr=log_path, session=True
        )
        return RunningCrawl(process, feed_path, stats_path, log_path)
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "scrapy", *args],
            cwd=cwd or tmp_path,
            env=subprocess_env(env),
            stdout=subprocess.DEVNULL,
            stderr=log,
            start_new_session=True,
        )
    return RunningCrawl(process, feed_path, stats_path, log_path)


CRAWL_COMMAND = ("-m", "scrapy_readability", "crawl")
"""``scrapy-readability crawl``, as the console script runs it."""


def crawl_command(
    tmp_path: Path,
    args: Sequence[str],
    *,
    feed: str | None = "articles.jsonl",
    append: bool = False,
    settings: Mapping[str, Any] | Iterable[str] = (),
    timeout: float = 120,
    env: Mapping[str, str] | None = None,
) -> CrawlResult:
    """Run ``scrapy-readability crawl ARGS`` as a user does, writing ``feed`` (``-O``, or ``-o`` with ``append``).

    The stats come from :class:`StatsToFile`, added with ``-s``; ``feed=None`` leaves the feed on standard output.
    """
    stats_path = tmp_path / ((Path(feed).stem if feed else "stdout") + ".stats.json")
    stats_path.unlink(missing_ok=True)
    command = [*CRAWL_COMMAND, *args]
    feed_path = tmp_path / (feed or "none.jsonl")
    if feed is not None:
        if not append:
            feed_path.unlink(missing_ok=True)
        command += ["-o" if append else "-O", str(feed_path)]
    extensions = {"testkit.crawling.StatsToFile": 0, "testkit.crawling.ReactorHeartbeat": 0}
    command += setting_args({"EXTENSIONS": extensions, STATS_FILE_SETTING: str(stats_path)})
    command += setting_args(settings)
    result = run(command, tmp_path, timeout=timeout, env=env)
    (tmp_path / "crawl.log").write_text(result.stderr, encoding="utf-8")
    return _result(feed_path, stats_path, result.stderr, result.returncode, result.stdout)


def article_project(tmp_path: Path) -> Path:
    """A Scrapy project whose spiders are the package's: ``scrapy crawl article`` runs ArticleSpider."""
    project = tmp_path / "project"
    (project / "newsroom").mkdir(parents=True)
    (project / "scrapy.cfg").write_text("[settings]\ndefault = newsroom.settings\n", encoding="utf-8")
    (project / "newsroom" / "__init__.py").write_text("", encoding="utf-8")
    (project / "newsroom" / "settings.py").write_text(
        'SPIDER_MODULES = ["scrapy_readability.spiders"]\n', encoding="utf-8"
    )
    return project
