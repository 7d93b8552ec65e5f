"""Incremental crawls: the articles earlier crawls yielded, so the next one fetches none of them again.

The state is a directory (like Scrapy's ``JOBDIR``, which is for resuming one
crawl, not for the next one) holding ``articles.txt``: one URL a line, appended
as each article reaches the feed, so a crawl that is stopped keeps what it
wrote. Or it is the feed of an earlier crawl (JSON Lines, JSON or CSV with a
``url`` column), read only: ``-o articles.jsonl --state articles.jsonl``
appends the new articles to the feed the state comes from.

URLs are compared by :func:`~scrapy_readability.spiders.urls.url_key`, so a
tracking parameter or an AMP variant of a known article is known too.
"""

from __future__ import annotations

import csv
import json
import logging
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO

from scrapy_readability.spiders.urls import url_key

__all__ = ["STATE_FILE", "KnownArticles"]

logger = logging.getLogger(__name__)

STATE_FILE = "articles.txt"


class KnownArticles:
    """The keys of the articles earlier crawls yielded; :meth:`add` records this crawl's (in a directory)."""

    def __init__(self, keys: Iterable[str] = (), journal: IO[str] | None = None, source: str | None = None) -> None:
        self.keys = set(keys)
        self.loaded = len(self.keys)
        self.source = source
        self._journal = journal

    @classmethod
    def open(cls, path: str | None) -> KnownArticles:
        """The state at ``path``: a directory (created if missing) or an existing feed file; none for ``None``."""
        if path is None:
            return cls()
        location = Path(path)
        if location.is_file():
            return cls(map(url_key, _feed_urls(location)), source=str(location))
        location.mkdir(parents=True, exist_ok=True)
        journal = location / STATE_FILE
        keys = map(url_key, _lines(journal)) if journal.exists() else ()
        known = cls(keys, source=str(location))
        known._journal = journal.open("a", encoding="utf-8")
        return known

    def __contains__(self, key: object) -> bool:
        return key in self.keys

    def __len__(self) -> int:
        return len(self.keys)

    def add(self, *urls: str) -> None:
        """Remember these URLs of one article (the URL fetched and its canonical URL), in the journal if any."""
        for url in dict.fromkeys(urls):
            key = url_key(url)
            if key in self.keys:
                continue
            self.keys.add(key)
            if self._journal is not None:
                self._journal.write(url + "\n")
        if self._journal is not None:
            self._journal.flush()

    def close(self) -> None:
        if self._journal is not None:
            self._journal.close()
            self._journal = None


def _lines(path: Path) -> Iterator[str]:
    with path.open(encoding="utf-8", errors="replace") as file:
        for line in file:
            if line.strip():
                yield line.strip()


def _feed_urls(path: Path) -> Iterator[str]:
    """The ``url`` of every item of a feed file: JSON Lines, a JSON array, or CSV."""
    if path.suffix.lower() == ".csv":
        with path.open(encoding="utf-8", newline="") as file:
            yield from (row["url"] for row in csv.DictReader(file) if row.get("url"))
        return
    text = path.read_text(encoding="utf-8", errors="replace")
    if text.lstrip().startswith("["):
        try:
            records = json.loads(text)
        except ValueError:
            records = []  # a JSON feed cut short: read it as lines below
        if records:
            yield from (r["url"] for r in records if isinstance(r, dict) and isinstance(r.get("url"), str))
            return
    bad = 0
    for line in text.split("\n"):
        line = line.strip().rstrip(",")
        if not line or line in ("[", "]"):
            continue
        try:
            record = json.loads(line)
        except ValueError:
            bad += 1
            continue
        if isinstance(record, dict) and isinstance(record.get("url"), str):
            yield record["url"]
    if bad:
        logger.warning("%s: %d lines are not JSON objects; their URLs are not known", path, bad)
