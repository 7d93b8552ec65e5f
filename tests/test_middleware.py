"""The preflight middleware, driven directly with requests and responses."""

from __future__ import annotations

from typing import Any

import re

import pytest
import scrapy
from scrapy import Request
from scrapy.exceptions import IgnoreRequest, NotConfigured
from scrapy.http import HtmlResponse, Response, TextResponse, XmlResponse
from scrapy.http.request import NO_CALLBACK
from scrapy.utils.test import get_crawler

from scrapy_readability.middleware import ReadabilityMiddleware
from scrapy_site import ABOUT, BRIEF, LIGHTHOUSE, PDF


def make(**settings: Any) -> tuple[ReadabilityMiddleware, Any]:
    crawler = get_crawler(settings_dict=settings)
    return ReadabilityMiddleware.from_crawler(crawler), crawler.stats


def readability_stats(stats: Any) -> dict[str, Any]:
    return {key: value for key, value in stats.get_stats().items() if key.startswith("readability/")}


def fetch(mw: ReadabilityMiddleware, body: str | bytes, cls: type[Response] = HtmlResponse, **meta: Any):
    request = Request("https://news.example/articles/1.html", meta=meta)
    body = body.encode() if isinstance(body, str) else body
    kwargs = {"encoding": "utf-8"} if issubclass(cls, TextResponse) else {}
    response = cls(request.url, body=body, request=request, **kwargs)
    return request, mw.process_response(request, response)


def test_article_is_readerable_and_meta_carries_the_options():
    mw, stats = make(READABILITY_CHAR_THRESHOLD=300)
    request, response = fetch(mw, LIGHTHOUSE)
    verdict = request.meta["readability"]
    assert verdict["readerable"] is True
    assert verdict["char_threshold"] == 300
    assert verdict["policy"] == "auto"
    assert verdict["min_content_length"] == 140
    assert verdict["sanitize"] is True
    assert response.meta["readability"] is verdict  # what the spider reads
    assert stats.get_value("readability/preflight/readerable") == 1
    assert stats.get_value("readability/preflight/not_readerable") is None


def test_non_article_is_annotated_not_dropped_by_default():
    mw, stats = make()
    request, response = fetch(mw, ABOUT)
    assert request.meta["readability"]["readerable"] is False
    assert isinstance(response, HtmlResponse)
    assert stats.get_value("readability/preflight/not_readerable") == 1
    assert stats.get_value("readability/preflight/dropped") is None


def test_drop_action_ignores_non_readerable_pages():
    mw, stats = make(READABILITY_PREFLIGHT_ACTION="drop")
    with pytest.raises(IgnoreRequest, match="news.example"):
        fetch(mw, ABOUT)
    fetch(mw, LIGHTHOUSE)  # a readerable page still goes through
    assert stats.get_value("readability/preflight/dropped") == 1
    assert stats.get_value("readability/preflight/readerable") == 1


@pytest.mark.parametrize(
    ("cls", "body"),
    [(Response, PDF), (XmlResponse, b"<rss><channel><title>News</title></channel></rss>"), (TextResponse, b'{"title": "JSON"}')],
)
def test_non_html_passes_untouched(cls, body):
    mw, stats = make()
    request, response = fetch(mw, body, cls)
    assert type(response) is cls
    assert response.body == body
    assert "readability" not in request.meta
    assert not [key for key in stats.get_stats() if key.startswith("readability/")]


def test_meta_false_skips_the_page():
    mw, stats = make()
    request, _ = fetch(mw, LIGHTHOUSE, readability=False)
    assert request.meta["readability"] is False
    assert stats.get_value("readability/preflight/skipped") == 1
    assert stats.get_value("readability/preflight/readerable") is None


def test_meta_overrides_apply_to_that_page_only():
    mw, _ = make()
    overrides = {"min_score": 5, "char_threshold": 100, "policy": "RAW"}
    request, _ = fetch(mw, BRIEF, readability=overrides)
    verdict = request.meta["readability"]
    # The short brief only passes with the lower score; the other options ride along, normalised.
    assert verdict["readerable"] is True
    assert (verdict["min_score"], verdict["char_threshold"], verdict["policy"]) == (5.0, 100, "raw")
    assert overrides == {"min_score": 5, "char_threshold": 100, "policy": "RAW"}  # the caller's dict is untouched
    other, _ = fetch(mw, BRIEF)
    assert other.meta["readability"]["readerable"] is False
    assert other.meta["readability"]["char_threshold"] == 500


def test_meta_true_and_a_resent_verdict_are_accepted():
    mw, _ = make()
    request, _ = fetch(mw, LIGHTHOUSE, readability=True)
    again, _ = fetch(mw, LIGHTHOUSE, readability=request.meta["readability"])
    assert again.meta["readability"] == request.meta["readability"]


@pytest.mark.parametrize(
    ("meta", "message"),
    [
        ({"char_treshold": 100}, "unknown option 'char_treshold'; accepted options: policy, char_threshold"),
        ({"policy": "fast"}, "['policy'] = 'fast' is not valid; accepted values: 'auto', 'strict', 'moderate', 'clean', 'raw'"),
        ({"min_score": -1}, "['min_score'] = -1 is not valid; accepted values: a number >= 0"),
        ("raw", "False (skip the page), True, or a dict"),
    ],
)
def test_bad_meta_fails_the_request_before_the_download(meta, message, caplog):
    mw, stats = make()
    request = Request("https://news.example/articles/1.html", meta={"readability": meta})
    with pytest.raises(IgnoreRequest, match=re.escape(message)):
        mw.process_request(request)
    [record] = caplog.records
    assert record.levelname == "ERROR"
    assert record.getMessage().startswith("Not downloading <GET https://news.example/articles/1.html>: meta['readability']")
    assert message in record.getMessage()
    assert stats.get_value("readability/preflight/invalid_options") == 1


@pytest.mark.parametrize("meta", [{}, {"readability": False}, {"readability": True}, {"readability": {"policy": "RAW"}}])
def test_good_meta_goes_on_to_the_download(meta):
    mw, stats = make()
    assert mw.process_request(Request("https://news.example/a", meta=meta)) is None
    assert stats.get_value("readability/preflight/invalid_options") is None


def test_robots_txt_and_media_downloads_are_not_judged():
    """Scrapy's own requests (callback=NO_CALLBACK), even text/html, even with drop."""
    mw, stats = make(READABILITY_PREFLIGHT_ACTION="drop")
    request = Request("https://news.example/robots.txt", callback=NO_CALLBACK, meta={"dont_obey_robotstxt": True})
    response = HtmlResponse(request.url, body=b"User-agent: *\nDisallow: /private/\n", request=request)
    assert mw.process_response(request, response) is response
    assert "readability" not in request.meta
    assert readability_stats(stats) == {}


def error_page(mw: ReadabilityMiddleware, status: int = 404, **meta: Any) -> tuple[Request, Response]:
    request = Request("https://news.example/gone.html", meta=meta)
    response = HtmlResponse(request.url, status=status, body=ABOUT.encode(), request=request)
    return request, mw.process_response(request, response)


def test_error_pages_the_spider_will_not_receive_are_not_judged():
    mw, stats = make(READABILITY_PREFLIGHT_ACTION="drop")
    for status in (404, 500, 301):
        request, response = error_page(mw, status)
        assert response.status == status and "readability" not in request.meta
    error_page(mw, 404, readability=False)
    assert readability_stats(stats) == {}


@pytest.mark.parametrize(
    ("settings", "meta", "spider_codes", "judged"),
    [
        ({}, {"handle_httpstatus_list": [404]}, None, True),
        ({}, {"handle_httpstatus_list": [410]}, None, False),
        ({}, {"handle_httpstatus_all": True}, None, True),
        ({"HTTPERROR_ALLOW_ALL": True}, {}, None, True),
        ({"HTTPERROR_ALLOW_ALL": True}, {"handle_httpstatus_list": [410]}, None, False),  # the request's list wins
        ({"HTTPERROR_ALLOWED_CODES": [404]}, {}, None, True),
        ({}, {}, [404], True),  # the spider's handle_httpstatus_list
        ({"HTTPERROR_ALLOWED_CODES": [404]}, {}, [500], False),  # ...which wins over the setting
        ({"SPIDER_MIDDLEWARES": {"scrapy.spidermiddlewares.httperror.HttpErrorMiddleware": None}}, {}, None, True),
    ],
)
def test_error_pages_the_spider_receives_are_judged_as_httperrormiddleware_decides(settings, meta, spider_codes, judged):
    crawler = get_crawler(settings_dict=settings)
    crawler.spider = scrapy.Spider(name="test")
    if spider_codes is not None:
        crawler.spider.handle_httpstatus_list = spider_codes
    mw = ReadabilityMiddleware.from_crawler(crawler)
    request, _ = error_page(mw, 404, **meta)
    assert ("readability" in request.meta) is judged
    assert crawler.stats.get_value("readability/preflight/not_readerable") == (1 if judged else None)


def test_disabled():
    with pytest.raises(NotConfigured):
        make(READABILITY_ENABLED=False)


def test_an_error_in_the_preflight_does_not_lose_the_page(monkeypatch, caplog):
    import scrapy_readability.middleware as middleware_module

    def broken(*args, **kwargs):
        raise RuntimeError("bug in the heuristic")

    monkeypatch.setattr(middleware_module, "is_probably_readable", broken)
    crawler = get_crawler(settings_dict={})
    mw = middleware_module.ReadabilityMiddleware.from_crawler(crawler)
    request = Request("https://example.com/a")
    response = HtmlResponse(request.url, body=b"<html><body><p>x</p></body></html>", request=request)
    assert mw.process_response(request, response) is response
    assert request.meta["readability"]["readerable"] is False
    assert crawler.stats.get_value("readability/preflight/error") == 1
    assert "Readerable check failed on https://example.com/a" in caplog.text
