"""The refined article as a user asks for it: ``--refine`` on real sites of the corpus, crawled and on disk.

The pages are public sites' built HTML (benchmarks/realsites/), served on 127.0.0.1; a site whose snapshot
is not on this machine is skipped, saying which repository to fetch. Each stands for a repair: a Pelican
blog whose every post ends with the heading of a comment form and whose titles end with the site's name, a
Hugo documentation site whose pages open with their table of contents and whose titles end with
``:: Site``, a Pelican blog whose code has line numbers (Pygments' table).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from benchmarks.realsites import corpus
from testkit.crawling import CrawlResult, crawl_command
from tests.support.cli import cli

pytestmark = pytest.mark.slow  # real crawls in subprocesses

QUICK = {"AUTOTHROTTLE_ENABLED": False}


@contextmanager
def served(name: str) -> Iterator[corpus.LocalSite]:
    (site,) = corpus.load_sites([name])
    try:
        docroot = corpus.materialise(site)
    except corpus.NotAvailable as missing:
        pytest.skip(str(missing))
    with corpus.serve(site, docroot) as running:
        yield running


def crawled(tmp_path: Path, name: str, *flags: str, feed: str = "articles.jsonl") -> CrawlResult:
    """The whole site (a budget would stop two crawls at different pages, as the machine's load orders them)."""
    with served(name) as running:
        result = crawl_command(tmp_path, [running.url, *flags], settings=QUICK, feed=feed, timeout=300)
    assert result.returncode == 0, result.log[-3000:]
    assert result.items
    return result


def test_a_blogs_comment_heading_and_site_name_go(tmp_path: Path) -> None:
    default = crawled(tmp_path, "0x7df", feed="default.jsonl")
    refined = crawled(tmp_path, "0x7df", "--refine", feed="refined.jsonl")
    assert sum(item["text"].endswith("Add comment") for item in default.items) >= len(default.items) // 2
    assert not any(item["text"].endswith("Add comment") for item in refined.items)
    assert all(item["headline"] and not item["headline"].endswith("0x7df") for item in refined.items)
    assert all(item["headline"] is None for item in default.items)
    by_path = {urlsplit(item["url"]).path: item for item in default.items}
    same = [
        (item, by_path[urlsplit(item["url"]).path]) for item in refined.items if urlsplit(item["url"]).path in by_path
    ]
    assert len(same) == len(refined.items) == len(default.items)
    for item, plain in same:  # the same article, only mended: never much shorter
        assert item["title"] == plain["title"]
        assert len(item["text"]) >= len(plain["text"]) // 2


def test_a_documentation_pages_table_of_contents_and_site_name_go(tmp_path: Path) -> None:
    refined = crawled(tmp_path, "oda-docs", "--refine")
    assert all("::" not in item["headline"] for item in refined.items)
    opening = [item["text"].split("\n", 2)[:2] for item in refined.items]
    assert not any(len(lines) == 2 and lines[0] == lines[1] for lines in opening)  # "Introduction\nIntroduction"


def test_code_loses_its_line_numbers_on_the_command_line(tmp_path: Path) -> None:
    (site,) = corpus.load_sites(["ddaa-zhtw"])
    try:
        docroot = corpus.materialise(site)
    except corpus.NotAvailable as missing:
        pytest.skip(str(missing))
    page = docroot / "30c3ctf_2013_pwn_100_doge1.html"
    default = json.loads(cli(tmp_path, str(page), "--formats", "text,markdown").stdout)
    refined = json.loads(cli(tmp_path, str(page), "--refine", "--formats", "text,markdown").stdout)
    gutter = re.compile(r"^1\n2\n3\n4\n5$", re.M)
    assert gutter.search(default["text"]) and not gutter.search(refined["text"])
    assert "#!/usr/bin/env python\nimport signal" in refined["text"]
    for record in (default, refined):  # Markdown is ours: one fenced block in every mode
        assert "```\n#!/usr/bin/env python\nimport signal" in record["markdown"] and "<table" not in record["markdown"]


def test_a_page_without_an_article_gives_its_marked_main_content_when_refined(tmp_path: Path) -> None:
    promo = "<div><aside><p>" + "Printed, in paper, in colour, with notes, order it now, " * 6 + "</p></aside></div>"
    main = (
        "<main><h1>Downloads</h1><p>You can also download the EPUB version:</p>"
        '<p><a href="https://example.org/book.epub">https://example.org/book.epub</a></p>'
        "<p>An online version is available at the book's own site.</p></main>"
    )
    (tmp_path / "page.html").write_text(f"<html><head><title>Downloads</title></head><body>{main}{promo}</body></html>")
    assert cli(tmp_path, "page.html").returncode == 1  # no article: Readability.js's answer
    refined = cli(tmp_path, "page.html", "--refine")
    assert refined.returncode == 0, refined.stderr
    record = json.loads(refined.stdout)
    assert record["title"] == "Downloads" and record["attempt"] == "marked"
    assert record["text"].startswith("Downloads\n\nYou can also download the EPUB version:")
