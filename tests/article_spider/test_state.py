"""The known articles of incremental crawls: a state directory, or the feed of an earlier crawl."""

from __future__ import annotations

import json
from pathlib import Path

from scrapy_readability.spiders.state import STATE_FILE, KnownArticles
from scrapy_readability.spiders.urls import url_key


def test_a_state_directory_is_created_appended_to_and_read_back(tmp_path: Path) -> None:
    folder = tmp_path / "state"
    known = KnownArticles.open(str(folder))
    assert len(known) == 0 and folder.is_dir()
    known.add("https://n.example/2025/a", "https://n.example/story?id=7")  # canonical, fetched
    known.add("https://n.example/2025/a?utm_source=x", "https://n.example/print/2025/a")  # the same article
    assert (folder / STATE_FILE).read_text(
        encoding="utf-8"
    ) == "https://n.example/2025/a\nhttps://n.example/story?id=7\n"
    known.close()
    again = KnownArticles.open(str(folder))
    assert again.loaded == 2 and url_key("https://www.n.example/2025/a/") in again


def test_a_stopped_crawl_keeps_what_it_wrote(tmp_path: Path) -> None:
    known = KnownArticles.open(str(tmp_path))
    known.add("https://n.example/a")
    assert KnownArticles.open(str(tmp_path)).loaded == 1  # flushed at once, before close
    (tmp_path / STATE_FILE).write_text("https://n.example/a\nhttps://n.exa", encoding="utf-8")  # cut short
    assert KnownArticles.open(str(tmp_path)).loaded == 2  # a partial URL is harmless


def test_a_feed_file_is_read_only(tmp_path: Path) -> None:
    feed = tmp_path / "articles.jsonl"
    lines = [json.dumps({"url": "https://n.example/a", "title": "A"}), "not json", json.dumps({"title": "no url"}), ""]
    feed.write_text("\n".join(lines), encoding="utf-8")
    known = KnownArticles.open(str(feed))
    assert known.loaded == 1 and url_key("https://n.example/a") in known
    known.add("https://n.example/b")
    assert feed.read_text(encoding="utf-8") == "\n".join(lines)  # not written to


def test_json_and_csv_feeds(tmp_path: Path) -> None:
    array = tmp_path / "articles.json"
    array.write_text(json.dumps([{"url": "https://n.example/a"}, {"url": "https://n.example/b"}]), encoding="utf-8")
    assert KnownArticles.open(str(array)).loaded == 2
    table = tmp_path / "articles.csv"
    table.write_text("url,title\nhttps://n.example/a,A\nhttps://n.example/c,C\n", encoding="utf-8")
    assert KnownArticles.open(str(table)).loaded == 2
