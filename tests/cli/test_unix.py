"""``scrapy-readability`` as a Unix tool: in a pipeline ended early, exit statuses, how many workers, progress."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scrapy_readability.cli.extract import SMALL_BATCH
from testkit.crawling import subprocess_env
from tests.support.cli import article_page, cli, web_archive
from tests.support.cli import on_terminal as terminal

pytestmark = pytest.mark.slow  # the command line in subprocesses

SLOW_ENGINE = "READABILITY_ENGINE=tests.support.engine_stubs.SlowAndLogged"  # 0.25 s a page, each one logged


def folder_of_pages(tmp_path: Path, count: int) -> Path:
    folder = tmp_path / "pages"
    folder.mkdir(parents=True)
    for number in range(count):
        (folder / f"{number:03}.html").write_text(article_page(f"Page {number}"))
    return folder


def started(log: Path) -> list[tuple[int, str]]:
    """The pages the stand-in engine started, as (process id, URL)."""
    if not log.exists():
        return []
    return [(int(pid), url) for pid, _, url in (line.partition(" ") for line in log.read_text().splitlines())]


def gone(pid: int) -> bool:
    """Whether the process has exited (and was reaped: a process whose parent is gone is reaped for it)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    status = Path(f"/proc/{pid}/status")
    return status.exists() and "\nState:\tZ" in status.read_text()


@pytest.mark.skipif(not hasattr(signal, "SIGPIPE") or not Path("/proc").exists(), reason="Unix pipes")
@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize("fmt", ["jsonl", "text", "json"])
def test_a_reader_that_goes_away_ends_the_run_quietly(tmp_path: Path, workers: str, fmt: str) -> None:
    """``scrapy-readability pages/ | head -n 1``: no traceback, the SIGPIPE status, the pages not started are not."""
    folder = folder_of_pages(tmp_path, 60)  # 15 s of work at 0.25 s a page in one process
    log = tmp_path / "started.log"
    command = [
        sys.executable,
        "-m",
        "scrapy_readability",
        "-s",
        SLOW_ENGINE,
        "--workers",
        workers,
        "-f",
        fmt,
        str(folder),
    ]
    writer = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=subprocess_env({"TEST_PAGES_LOG": str(log)})
    )
    assert writer.stdout is not None and writer.stderr is not None
    head = subprocess.Popen(["head", "-n", "1"], stdin=writer.stdout, stdout=subprocess.PIPE)
    writer.stdout.close()  # head holds the only reading end: when it exits, the pipe is closed
    first_line, _ = head.communicate(timeout=60)
    errors = writer.stderr.read().decode()
    writer.wait(timeout=60)
    assert first_line  # head got its line
    assert writer.returncode == 141, errors  # 128 + SIGPIPE, as a shell reports a process that SIGPIPE ended
    assert errors == ""  # no traceback, no summary
    pages = started(log)
    # The read-ahead window, not the 60 pages: what stopped early is counted in pages, not timed.
    assert len(pages) <= 4 * int(workers) + 4, pages
    deadline = time.monotonic() + 10
    pids = {pid for pid, _url in pages} - {writer.pid}  # the worker processes
    while not all(gone(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert all(gone(pid) for pid in pids)  # none left behind


def test_exit_statuses(tmp_path: Path) -> None:
    """2 for what cannot run (usage), 1 when no page gives an article, or no pages were found."""
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "notes.txt").write_text("not a page")
    empty = cli(tmp_path, "empty")
    assert empty.returncode == 1
    assert empty.stdout == ""
    assert "scrapy-readability: no pages found in empty" in empty.stderr
    missing = cli(tmp_path, "empty", "missing.html")
    assert (missing.returncode, missing.stdout) == (2, "")
    assert (
        missing.stderr
        == "scrapy-readability: error: no such file or folder: missing.html (see scrapy-readability -h)\n"
    )


def pids_by_title(stdout: str) -> list[int]:
    """The stand-in engine PidAndMemory's titles: the process that extracted each page."""
    return [int(json.loads(line)["title"]) for line in stdout.splitlines()]


def run_command(tmp_path: Path, *args: str) -> tuple[int, subprocess.CompletedProcess[str]]:
    """The command's process id, and how it ended."""
    command = [
        sys.executable,
        "-m",
        "scrapy_readability",
        "-s",
        "READABILITY_ENGINE=tests.support.engine_stubs.PidAndMemory",
        *args,
    ]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path, env=subprocess_env()
    )
    stdout, stderr = process.communicate(timeout=120)
    return process.pid, subprocess.CompletedProcess(command, process.returncode, stdout, stderr)


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one worker a core: needs two cores")
def test_a_small_batch_is_extracted_in_the_commands_process(tmp_path: Path) -> None:
    """Up to SMALL_BATCH pages, worker processes would cost more than they save; more pages get them."""
    small = folder_of_pages(tmp_path / "small", SMALL_BATCH)
    pid, result = run_command(tmp_path, str(small))
    assert result.returncode == 0, result.stderr
    assert set(pids_by_title(result.stdout)) == {pid}
    big = folder_of_pages(tmp_path / "big", SMALL_BATCH + 1)
    pid, result = run_command(tmp_path, str(big))
    assert result.returncode == 0, result.stderr
    pids = set(pids_by_title(result.stdout))
    assert pid not in pids and len(pids) == min(os.cpu_count() or 1, SMALL_BATCH + 1)
    pid, result = run_command(tmp_path, "--workers", "2", str(small))  # the flag decides
    assert pid not in set(pids_by_title(result.stdout))


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one worker a core: needs two cores")
def test_an_archive_grows_its_workers_as_its_records_come(tmp_path: Path) -> None:
    """An archive's records are not counted first: the first ones here, the rest in worker processes."""
    count = SMALL_BATCH + 3 * (os.cpu_count() or 1) * 4
    responses = [
        (f"https://news.example/{n}", "200 OK", "text/html", article_page(str(n)).encode()) for n in range(count)
    ]
    (tmp_path / "crawl.warc.gz").write_bytes(web_archive(responses))
    pid, result = run_command(tmp_path, "crawl.warc.gz")
    assert result.returncode == 0, result.stderr
    pids = pids_by_title(result.stdout)
    assert len(pids) == count
    assert set(pids[:SMALL_BATCH]) == {pid}
    assert pid not in pids[SMALL_BATCH:]  # from the page that made them more: the workers'


def on_terminal(*args: str) -> bytes:
    """What the command writes on standard error when that is a terminal (its output to a file)."""
    return terminal(["-m", "scrapy_readability", *args])[1]


def test_the_progress_line_counts_down(tmp_path: Path) -> None:
    folder = folder_of_pages(tmp_path, 8)
    out = str(tmp_path / "out.jsonl")
    shown = on_terminal("-s", SLOW_ENGINE, "--workers", "1", str(folder), "-o", out)
    lines = shown.decode().split("\r")
    assert lines[1].startswith("1/8 pages, 0 failed, ")
    assert any(
        line.startswith("4/8 pages, 0 failed, ") and " pages/s, " in line and " s left" in line for line in lines
    ), lines
    assert "8 pages, 8 extracted, 0 failed" in shown.decode()
    quiet = on_terminal("-s", SLOW_ENGINE, "--no-progress", "--workers", "1", str(folder), "-o", out)
    assert b"/8 pages" not in quiet and b"\x1b[K" not in quiet  # no line drawn, none cleared
    assert b"8 pages, 8 extracted, 0 failed" in quiet  # the summary all the same


def test_the_progress_line_of_an_archive_has_no_total(tmp_path: Path) -> None:
    responses = [(f"https://news.example/{n}", "200 OK", "text/html", article_page(str(n)).encode()) for n in range(3)]
    (tmp_path / "crawl.warc.gz").write_bytes(web_archive(responses))
    shown = on_terminal(str(tmp_path / "crawl.warc.gz"), "-o", str(tmp_path / "out.jsonl")).decode()
    assert "\r1 pages, 0 failed, " in shown and "left" not in shown
