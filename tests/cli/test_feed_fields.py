"""The feed fields in the command line's JSON, run as a user runs it (a subprocess on a file, a fixed URL)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_extract import PARAGRAPH, cli
from tests.support.cli import web_archive


def test_the_feed_fields_in_the_json(tmp_path: Path) -> None:
    page = tmp_path / "ferry.html"
    page.write_text(
        '<html lang="en-GB"><head><title>Ferry timetable changes</title>'
        '<meta property="article:published_time" content="2025-05-09T16:00:00Z">'
        '<meta property="og:image" content="/img/ferry.jpg"><link rel="canonical" href="/2025/ferry">'
        '<meta name="author" content="Jane Roe and John Doe"></head>'
        f"<body><article><h1>Ferry timetable changes</h1>{PARAGRAPH * 3}</article></body></html>",
        encoding="utf-8",
    )
    result = cli(tmp_path, "--url", "https://news.example/news/ferry", str(page))
    assert result.returncode == 0, result.stderr
    record = json.loads(result.stdout)
    assert {
        key: record[key] for key in ("date_published", "date_modified", "image", "authors", "canonical_url", "language")
    } == {
        "date_published": "2025-05-09T16:00:00+00:00",
        "date_modified": None,
        "image": "https://news.example/img/ferry.jpg",
        "authors": ["Jane Roe", "John Doe"],
        "canonical_url": "https://news.example/2025/ferry",
        "language": "en",
    }
    assert list(record).index("language") < list(record).index("content")  # metadata first


def test_a_relative_dateline_in_an_archive_is_dated_by_its_record(tmp_path: Path) -> None:
    """ "3 hours ago" in a page fetched on 3 March 2019 (its record's WARC-Date) is 3 March 2019, not today."""
    pytest.importorskip("warcio")
    page = (
        "<html><head><title>Tide tables</title></head><body><article><h1>Tide tables</h1>"
        f'<span class="time">3 hours ago</span>{PARAGRAPH}{PARAGRAPH}</article></body></html>'
    )
    archive = tmp_path / "crawl.warc.gz"
    response = ("https://news.example/tides", "200 OK", "text/html; charset=utf-8", page.encode())
    archive.write_bytes(web_archive([response], warc_date="2019-03-03T12:00:00Z"))
    result = cli(tmp_path, str(archive), "--format", "jsonl")
    assert result.returncode == 0, result.stderr
    (record,) = [json.loads(line) for line in result.stdout.splitlines()]
    assert record["date_published"] == "2019-03-03"
