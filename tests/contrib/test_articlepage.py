"""contrib.articlepage: our article in the zyte_common_items.Article schema, and the page object."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

pytest.importorskip("zyte_common_items")
pytest.importorskip("web_poet")

from web_poet import HttpResponse  # noqa: E402
from zyte_common_items import Article as ZyteArticle  # noqa: E402

from scrapy_readability import Readability  # noqa: E402
from scrapy_readability.contrib.articlepage import ReadabilityArticlePage, to_zyte_article  # noqa: E402
from scrapy_readability.engine import Article  # noqa: E402

URL = "https://news.example/ferry"
P = "<p>" + "The first crossing on Saturday will leave later than usual while the pier is repaired. " * 8 + "</p>"
PAGE = (
    '<html lang="de"><head><title>Ferry timetable changes this weekend</title>'
    '<meta property="article:modified_time" content="2025-05-09">'
    '<meta name="author" content="Jane Roe"></head>'
    f"<body><article><h1>Ferry timetable changes this weekend</h1>{P * 3}"
    '<img src="/a.jpg"><img src="javascript:alert(1)"><img src="/a.jpg"><script>alert(1)</script>'
    "</article></body></html>"
)
DOWNLOADED = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)


def test_the_schemas_shape_of_dates_and_the_fallback_to_modified():
    item = to_zyte_article(Readability(PAGE, url=URL).parse(), URL, downloaded=DOWNLOADED)
    assert item.datePublished == "2025-05-09T00:00:00"  # a day alone: midnight, no zone invented
    assert item.dateModified == "2025-05-09T00:00:00"
    assert item.metadata.dateDownloaded == "2025-06-01T12:00:00Z"
    assert [a.name for a in item.authors] == ["Jane Roe"]
    assert item.inLanguage == "de"
    assert item.mainImage.url == "https://news.example/a.jpg"  # the page names none: the article's first
    assert [image.url for image in item.images] == ["https://news.example/a.jpg"]


@pytest.mark.parametrize(
    "ours, theirs",
    [
        ("2025-05-09T16:00:00+00:00", "2025-05-09T16:00:00Z"),
        ("2025-05-09T18:00:00+02:00", "2025-05-09T18:00:00+02:00"),
        ("2025-05-09T16:00:00", "2025-05-09T16:00:00"),
        (None, None),
    ],
)
def test_dates(ours, theirs):
    item = to_zyte_article(Article(title="t", date_published=ours), URL)
    assert item.datePublished == theirs


def test_no_article_is_an_item_of_probability_zero():
    item = to_zyte_article(None, URL)
    assert (item.url, item.headline, item.metadata.probability) == (URL, None, 0.0)


def test_an_article_without_its_tree_has_no_image_list():
    item = to_zyte_article(Article(title="t", content="<p>x</p>"), URL)
    assert item.images is None and item.mainImage is None


def test_the_page_object_returns_a_sanitized_article():
    response = HttpResponse(URL, body=PAGE.encode(), headers={"Content-Type": "text/html; charset=utf-8"})
    item = asyncio.run(ReadabilityArticlePage(response=response).to_item())
    assert isinstance(item, ZyteArticle)
    assert item.headline == "Ferry timetable changes this weekend"
    assert "<script" not in item.articleBodyHtml and "javascript:" not in item.articleBodyHtml
    assert item.articleBody.startswith("The first crossing")
