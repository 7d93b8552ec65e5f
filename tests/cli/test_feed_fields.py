"""The feed fields in the command line's JSON, run as a user runs it (a subprocess on a file, a fixed URL)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.test_extract import PARAGRAPH, cli


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
