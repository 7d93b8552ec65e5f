"""Reading bytes as a user does: a crawl, the command line and the engine give the same text for the same bytes.

Pages of tests/engine/encoding_fixtures are served by the local server with a
charset in their ``Content-Type`` header and without one (``text/html`` alone);
a real crawl (``scrapy runspider``) writes a JSON Lines feed, and ``python -m
scrapy_readability`` reads the same bytes from disk, where no header can help.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scrapy_readability import Readability
from testkit.crawling import SPIDERS, crawl, run
from testkit.localserver import Page, serve

FIXTURES = Path(__file__).parent / "engine" / "encoding_fixtures"
SPIDER = SPIDERS / "formats_spider.py"
# Legacy encodings that declare nothing (the detector decides when no header says), a <meta>, UTF-16.
PAGES = (
    "ja.shift_jis.none",
    "ja.euc-jp.none",
    "zh-hans.gbk.none",
    "zh-hant.big5.none",
    "ko.euc-kr.none",
    "ru.windows-1251.none",
    "ru.koi8-r.none",
    "pl.iso-8859-2.none",
    "cs.windows-1250.none",
    "el.iso-8859-7.none",
    "fr.windows-1252.none",
    "tr.windows-1254.none",
    "el.windows-1253.meta",
    "ja.utf-16le.bom",
    "ru.utf-16be.bom",
)


def manifest() -> dict[str, dict[str, Any]]:
    entries = json.loads((FIXTURES / "manifest.json").read_text("utf-8"))
    return {Path(entry["page"]).stem: entry for entry in entries}


def paragraphs(lang: str) -> list[str]:
    body = (FIXTURES / "texts" / f"{lang}.txt").read_text("utf-8").partition("\n\n")[2]
    return [p.strip() for p in body.split("\n\n") if p.strip()]


def test_a_crawl_the_command_line_and_the_engine_read_the_same_bytes_alike(tmp_path: Path) -> None:
    entries = manifest()
    served: dict[str, Page] = {}
    for name in PAGES:
        body = (FIXTURES / "pages" / f"{name}.html").read_bytes()
        served[f"/{name}/with-charset"] = Page(body, f"text/html; charset={entries[name]['label']}")
        served[f"/{name}/without-charset"] = Page(body, "text/html")
    with serve(served) as site:
        result = crawl(tmp_path, SPIDER, start_urls=[f"{site}{path}" for path in served])
    assert result.clean, result.log[-3000:]
    crawled = {path: item["text"] for path, item in result.by_path(site.url).items()}
    assert set(crawled) == set(served)

    pages_dir = tmp_path / "pages"
    pages_dir.mkdir()
    for name in PAGES:
        (pages_dir / f"{name}.html").write_bytes(served[f"/{name}/with-charset"].payload)
    cli = run(
        ["-m", "scrapy_readability", str(pages_dir), "--formats", "text", "--workers", "1", "--no-progress"], tmp_path
    )
    assert cli.returncode == 0, cli.stderr[-3000:]
    from_cli = {Path(record["path"]).stem: record["text"] for record in map(json.loads, cli.stdout.splitlines())}

    for name in PAGES:
        lang = entries[name]["lang"]
        for path in (f"/{name}/with-charset", f"/{name}/without-charset"):
            page = served[path]
            engine = Readability(
                page.payload, url=f"{site}{path}", content_type=page.content_type, sanitize=True
            ).parse()
            assert engine is not None
            assert crawled[path] == engine.text == from_cli[name], path
            assert all(paragraph in engine.text for paragraph in paragraphs(lang)), path


@pytest.mark.parametrize("name", ["ru.windows-1251.none", "ja.shift_jis.none"])
def test_the_command_line_reads_an_undeclared_legacy_page(tmp_path: Path, name: str) -> None:
    body = (FIXTURES / "pages" / f"{name}.html").read_bytes()
    (tmp_path / "page.html").write_bytes(body)
    result = run(["-m", "scrapy_readability", "page.html", "--formats", "text"], tmp_path)
    assert result.returncode == 0, result.stderr
    text = json.loads(result.stdout)["text"]
    lang = name.split(".")[0]
    assert all(paragraph in text for paragraph in paragraphs(lang))
