"""``scrapy-readability crawl``, run as a user runs it: usage errors, the feed on standard output, progress, summary.

The crawls themselves are tested in tests/article_spider/; these are about the command.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from testkit.crawling import CRAWL_COMMAND, run
from testkit.publishers import served
from tests.support.cli import on_terminal

pytestmark = pytest.mark.slow  # real crawls in subprocesses

QUICK = ["-s", "AUTOTHROTTLE_ENABLED=0"]


def command(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run([*CRAWL_COMMAND, *args], tmp_path)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "give at least one URL, or --urls-file"),
        (["news.example"], "URL = 'news.example' is not valid; accepted values: http(s) URLs"),
        (
            ["https://n.example/", "--max-pages", "-1"],
            "--max-pages = '-1' is not valid; accepted values: an integer >= 0",
        ),
        (
            ["https://n.example/", "--strategy", "all"],
            "--strategy = 'all' is not valid; accepted values: 'full', 'sitemap'",
        ),
        (["https://n.example/", "--since", "last week"], "--since = 'last week' is not valid; accepted values: a date"),
        (["https://n.example/", "--allow", "("], "--allow = ['('] is not valid"),
        (["https://n.example/", "--formats", "pdf"], "--formats = 'pdf' is not valid"),
        (["https://n.example/", "-s", "READABILITY_POLICY=best"], "READABILITY_POLICY = 'best' is not valid"),
        (["https://n.example/", "-s", "NOEQUALS"], "-s NOEQUALS: expected NAME=VALUE"),
        (["https://n.example/", "-a", "NOEQUALS"], "Invalid -a value, use -a NAME=VALUE"),
        (["https://n.example/", "-a", "max_pages=-1"], "spider argument max_pages = '-1' is not valid"),
        (["-a", "strategy=feed"], "give at least one URL, or --urls-file"),
        (["https://n.example/", "--bogus"], "unrecognized arguments: --bogus"),
        (["https://n.example/", "-o", "articles.pdf"], "Unrecognized output format 'pdf'"),
    ],
)
def test_bad_usage_is_said_before_any_request(tmp_path: Path, args: list[str], message: str) -> None:
    result = command(tmp_path, *args)
    assert result.returncode == 2
    assert message in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def test_without_output_the_feed_is_json_lines_on_standard_output(tmp_path: Path) -> None:
    with served("weekly") as (publisher, site):
        result = command(tmp_path, site.url + "/", "--strategy", "feed", "--formats", "markdown", *QUICK)
    assert result.returncode == 0, result.stderr[-3000:]
    items = [json.loads(line) for line in result.stdout.split("\n") if line]
    assert {item["url"] for item in items} == publisher.truth()
    assert all("markdown" in item and "content" not in item for item in items)
    summary = result.stderr.strip().splitlines()[-1]
    assert summary.startswith("scrapy-readability crawl: ") and f"{len(items)} articles" in summary
    assert summary.endswith(" s") and "pages fetched" in summary


def test_progress_on_a_terminal_only(tmp_path: Path) -> None:
    with served("daily") as (publisher, site):
        status, shown = on_terminal(
            [*CRAWL_COMMAND, site.url + "/", "-O", str(tmp_path / "out.jsonl"), *QUICK], cwd=tmp_path
        )
        piped = command(tmp_path, site.url + "/", "-O", str(tmp_path / "piped.jsonl"), *QUICK)
    assert status == 0
    assert b" articles, " in shown and b" queued\x1b[K" in shown  # the progress line, redrawn
    assert b"scrapy-readability crawl: " in shown  # the summary after it
    assert "\r" not in piped.stderr


def test_scrapys_options_set_settings_spider_arguments_and_the_feed(tmp_path: Path) -> None:
    """``-s`` (any setting), ``-a`` (spider arguments, start URLs too) and ``-O``, as Scrapy's commands take them."""
    out = tmp_path / "out.jsonl"
    out.write_text("left from before\n", encoding="utf-8")
    with served("weekly") as (publisher, site):
        result = command(
            tmp_path,
            "-a",
            f"start_urls={site.url}/",
            "-a",
            "strategy=feed",
            "-a",
            "max_articles=1",
            "--max-articles",  # a flag wins over -a
            "2",
            "-s",
            "READABILITY_FORMATS=markdown",
            "-s",
            "READABILITY_CHAR_THRESHOLD=100",
            "-O",
            str(out),
            "-L",
            "info",
            *QUICK,
        )
    assert result.returncode == 0, result.stderr[-3000:]
    items = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(items) == 2 and {item["url"] for item in items} <= publisher.truth()
    assert all("markdown" in item and "content" not in item for item in items)
    assert result.stdout == ""  # the feed went to the file, replacing it
    assert "] INFO: " in result.stderr  # -L info: the level, in any case


def test_the_old_entry_points_warn() -> None:
    """``add_arguments`` and ``run`` of earlier releases: for one release, with a DeprecationWarning."""
    import argparse

    from scrapy_readability.cli import crawl

    parser = argparse.ArgumentParser()
    with pytest.warns(DeprecationWarning, match="add_arguments is deprecated"):
        crawl.add_arguments(parser)
    assert parser.parse_args(["https://n.example/", "-a", "max_pages=3"]).spargs == ["max_pages=3"]
    with pytest.warns(DeprecationWarning, match="run is deprecated"):
        assert callable(crawl.run)
