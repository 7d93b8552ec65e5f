"""ArticleItem and its one-liner for spiders."""

from __future__ import annotations

import pytest
from scrapy import Request
from scrapy.http import HtmlResponse, Response

from scrapy_readability import ArticleItem
from scrapy_readability.items import ARTICLE_FIELDS, ERROR_FIELD


def response(meta: dict | None = None, body: str = "<html><body><p>Été à Lyon</p></body></html>") -> HtmlResponse:
    request = Request("https://news.example/a.html", meta=meta or {})
    return HtmlResponse(request.url, body=body.encode("utf-8"), encoding="utf-8", request=request)


def test_from_response_packs_url_and_text_and_leaves_the_verdict_to_the_spider_middleware():
    """The meta is carried once, by the spider middleware (tests/test_spidermiddleware.py), for every item type."""
    verdict = {"readerable": True, "policy": "auto"}
    item = ArticleItem.from_response(response({"readability": verdict}))
    assert dict(item) == {
        "url": "https://news.example/a.html",
        "html": "<html><body><p>Été à Lyon</p></body></html>",
    }


def test_from_response_without_preflight_and_with_extra_fields():
    item = ArticleItem.from_response(response(), title="given")
    assert "readability" not in item
    assert item["title"] == "given"


def test_from_response_refuses_binary_responses():
    with pytest.raises(TypeError, match="needs a text response, got Response"):
        ArticleItem.from_response(Response("https://news.example/report.pdf", body=b"%PDF"))


def test_declares_every_output_field():
    assert set(ArticleItem.fields) == {"url", "html", "readability", ERROR_FIELD, *ARTICLE_FIELDS}
    assert set(ARTICLE_FIELDS) == {
        "title", "headline", "byline", "dir", "lang", "content", "text", "markdown", "text_content", "length",
        "excerpt", "site_name", "published_time", "attempt",
        "date_published", "date_modified", "image", "authors", "canonical_url", "language",
    }  # fmt: skip
