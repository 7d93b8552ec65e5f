"""READABILITY_FORMATS in a real crawl: what reaches the feed (JSON Lines, CSV), per crawl and per request."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from scrapy_readability.items import article_fields
from testkit.crawling import SPIDERS, crawl, csv_columns
from testkit.localserver import LocalSite, serve

pytestmark = pytest.mark.slow  # real crawls in subprocesses

SPIDER = SPIDERS / "formats_spider.py"
PARAGRAPH = "The ferry will leave at 8.15 on *both* days, half an hour later than usual, while the pier is mended. "
STORY = f"""<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Ferry changes</title>
<meta name="author" content="Courier staff"><meta property="og:site_name" content="The Courier">
<meta property="article:published_time" content="2025-05-09T16:00:00+00:00"></head>
<body><nav><a href="/">Home</a></nav><article>
<h2>What changes</h2>
<p>{PARAGRAPH * 3}</p>
<p>Tickets are <b>still valid</b>; see <a href="/fares">the fares</a>.</p>
<table><tr><th>Day</th><th>First ferry</th></tr><tr><td>Saturday</td><td>8.15</td></tr></table>
<ul><li>No cars before 9.</li><li>The café opens at 8.</li></ul>
<p>{PARAGRAPH * 3}</p>
</article><footer>Copyright</footer></body></html>"""
PAGES = {"/story": STORY, "/other": STORY.replace("What changes", "What stays"), "/skipped": STORY}


@pytest.fixture(scope="module")
def site() -> Iterator[LocalSite]:
    with serve(PAGES) as running:
        yield running


def run(tmp_path: Path, site: LocalSite, *settings: str, options: dict[str, object] | None = None) -> dict[str, dict]:
    result = crawl(
        tmp_path,
        SPIDER,
        start_urls=[f"{site}/story", f"{site}/other"],
        settings=settings,
        spider_args={"options": json.dumps(options or {})},
    )
    assert result.stats.get("readability/extracted") == 2, result.log
    return result.by_path(site.url)


def test_default_formats_are_html_and_text(tmp_path: Path, site: LocalSite) -> None:
    items = run(tmp_path, site)
    story = items["/story"]
    assert set(story) == {"url", *article_fields(["html", "text"])}
    assert "markdown" not in story and "text_content" not in story  # absent, not null
    assert story["text"].startswith("What changes\n\nThe ferry will leave at 8.15 on *both* days")
    assert "\n\nDay\tFirst ferry\nSaturday\t8.15\nNo cars before 9.\nThe café opens at 8.\n\n" in story["text"]


@pytest.mark.parametrize("workers", [0, 2])
def test_formats_chosen_for_the_crawl_and_per_request(tmp_path: Path, site: LocalSite, workers: int) -> None:
    items = run(
        tmp_path,
        site,
        "READABILITY_FORMATS=markdown,text_content",
        f"READABILITY_WORKERS={workers}",
        options={"/other": {"formats": ["html"]}},
    )
    story, other = items["/story"], items["/other"]
    assert set(story) == {"url", *article_fields(["markdown", "text_content"])}
    markdown = story["markdown"]
    assert markdown.startswith("## What changes\n\nThe ferry will leave at 8.15 on \\*both\\* days")
    assert f"Tickets are **still valid**; see [the fares]({site}/fares)." in markdown
    assert "| Day | First ferry |\n| --- | --- |\n| Saturday | 8.15 |" in markdown
    assert "- No cars before 9.\n- The café opens at 8." in markdown
    assert "What changes" in story["text_content"]
    assert set(other) == {"url", *article_fields(["html"])}  # the request's own choice
    assert other["content"].startswith('<div id="user-content-readability-page-1"')


def test_a_bad_choice_fails_the_page_not_the_crawl(tmp_path: Path, site: LocalSite) -> None:
    result = crawl(
        tmp_path,
        SPIDER,
        start_urls=[f"{site}/story", f"{site}/other"],
        spider_args={"options": json.dumps({"/other": {"formats": ["pdf"]}})},
    )
    items = result.by_path(site.url)
    assert list(items) == ["/story"]  # the other request was refused, with the reason
    assert "meta['readability']['formats'] = ['pdf'] is not valid; accepted values: one or more of 'html'" in result.log
    assert "text" in items["/story"]


@pytest.mark.parametrize(
    ("settings", "columns"),
    [
        ((), ["url", *article_fields(["html", "text"])]),
        (
            ("READABILITY_FORMATS=html,markdown", "READABILITY_KEEP_SOURCE=true", "READABILITY_FAILURE_ACTION=keep"),
            ["url", "html", *article_fields(["html", "markdown"]), "readability_error"],
        ),
    ],
)
def test_a_csv_feed_has_the_columns_the_settings_can_fill(
    tmp_path: Path, site: LocalSite, settings: tuple[str, ...], columns: list[str]
) -> None:
    """``-O items.csv`` of ``ArticleItem``: no page, no ``readability``, no representation left out, in feed order."""
    result = crawl(
        tmp_path,
        SPIDER,
        start_urls=[f"{site}/story", f"{site}/other", f"{site}/skipped"],
        settings=settings,
        spider_args={"options": json.dumps({"/skipped": False})},
        feed="items.csv",
    )
    assert csv_columns(tmp_path / "items.csv") == columns
    rows = {row["url"].removeprefix(site.url): row for row in result.items}
    assert sorted(rows) == ["/other", "/skipped", "/story"]
    for column in columns:
        # no page here has a text direction, fails, or declares a modification date, an image or a canonical URL;
        # the headline is the refined article's, off by default
        if column not in ("dir", "readability_error", "date_modified", "image", "canonical_url", "headline"):
            assert rows["/story"][column] and rows["/other"][column], column
    assert {name for name, value in rows["/skipped"].items() if value} == {"url"} | ({"html"} & set(columns))
    assert result.clean, result.log[-3000:]
