"""The preflight middleware, driven directly with requests and responses, as Scrapy drives it (on an event loop)."""

from __future__ import annotations

import asyncio
import logging
import os
import re
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
import scrapy
from scrapy import Request
from scrapy.exceptions import IgnoreRequest, NotConfigured
from scrapy.http import HtmlResponse, Response, TextResponse, XmlResponse
from scrapy.http.request import NO_CALLBACK

from scrapy_readability.middleware import ReadabilityMiddleware
from tests.support.components import crawler_with
from tests.support.scrapy_site import ABOUT, BRIEF, LIGHTHOUSE, PDF


@pytest.fixture
def make() -> Iterator[Any]:
    """Build middlewares from settings (``preflight``: a check in tests/support/engine_stubs.py); close their pools."""
    made: list[ReadabilityMiddleware] = []

    def build(preflight: str | None = None, **settings: Any) -> tuple[ReadabilityMiddleware, Any]:
        mw = ReadabilityMiddleware.from_crawler(crawler := crawler_with(preflight_check=preflight, **settings))
        made.append(mw)
        return mw, crawler.stats

    yield build
    for mw in made:
        mw.extension.close()


def readability_stats(stats: Any) -> dict[str, Any]:
    return {key: value for key, value in stats.get_stats().items() if key.startswith("readability/")}


def respond(mw: ReadabilityMiddleware, request: Request, response: Response) -> Response:
    """``process_response`` run to its end on an asyncio loop, as Scrapy runs it."""
    return asyncio.run(mw.process_response(request, response))


def fetch(mw: ReadabilityMiddleware, body: str | bytes, cls: type[Response] = HtmlResponse, **meta: Any):
    request = Request("https://news.example/articles/1.html", meta=meta)
    body = body.encode() if isinstance(body, str) else body
    kwargs = {"encoding": "utf-8"} if issubclass(cls, TextResponse) else {}
    response = cls(request.url, body=body, request=request, **kwargs)
    return request, respond(mw, request, response)


def test_the_verdict_says_when_the_page_was_fetched(make):
    """The response's Date header (a cache or an archive replays the first fetch's), else the time it came."""
    mw, _ = make()
    request = Request("https://news.example/articles/1.html")
    dated = HtmlResponse(
        request.url,
        body=LIGHTHOUSE.encode(),
        encoding="utf-8",
        request=request,
        headers={"Date": "Sun, 03 Mar 2019 12:00:00 GMT"},
    )
    assert respond(mw, request, dated).meta["readability"]["fetched"] == "2019-03-03T12:00:00+00:00"
    before = datetime.now(UTC).replace(microsecond=0)
    undated, _ = fetch(mw, LIGHTHOUSE)
    assert before <= datetime.fromisoformat(undated.meta["readability"]["fetched"]) <= datetime.now(UTC)


@pytest.mark.parametrize("workers", [0, 1])
def test_article_is_readerable_and_meta_carries_the_options(make, workers):
    mw, stats = make(READABILITY_CHAR_THRESHOLD=300, READABILITY_WORKERS=workers)
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


def test_non_article_is_annotated_not_dropped_by_default(make):
    mw, stats = make()
    request, response = fetch(mw, ABOUT)
    assert request.meta["readability"]["readerable"] is False
    assert isinstance(response, HtmlResponse)
    assert stats.get_value("readability/preflight/not_readerable") == 1
    assert stats.get_value("readability/preflight/dropped") is None


@pytest.mark.parametrize("workers", [0, 1])
def test_drop_action_ignores_non_readerable_pages(make, workers):
    mw, stats = make(READABILITY_PREFLIGHT_ACTION="drop", READABILITY_WORKERS=workers)
    with pytest.raises(IgnoreRequest, match="news.example"):
        fetch(mw, ABOUT)
    fetch(mw, LIGHTHOUSE)  # a readerable page still goes through
    assert stats.get_value("readability/preflight/dropped") == 1
    assert stats.get_value("readability/preflight/readerable") == 1


@pytest.mark.parametrize(
    ("cls", "body"),
    [
        (Response, PDF),
        (XmlResponse, b"<rss><channel><title>News</title></channel></rss>"),
        (TextResponse, b'{"title": "JSON"}'),
    ],
)
def test_non_html_passes_untouched(make, cls, body):
    mw, stats = make()
    request, response = fetch(mw, body, cls)
    assert type(response) is cls
    assert response.body == body
    assert "readability" not in request.meta
    assert not [key for key in stats.get_stats() if key.startswith("readability/")]


def test_meta_false_skips_the_page(make):
    mw, stats = make()
    request, _ = fetch(mw, LIGHTHOUSE, readability=False)
    assert request.meta["readability"] is False
    assert stats.get_value("readability/preflight/skipped") == 1
    assert stats.get_value("readability/preflight/readerable") is None


@pytest.mark.parametrize("workers", [0, 1])
def test_meta_overrides_apply_to_that_page_only(make, workers):
    mw, _ = make(READABILITY_WORKERS=workers)
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


def test_meta_true_and_a_resent_verdict_are_accepted(make):
    mw, _ = make()
    request, _ = fetch(mw, LIGHTHOUSE, readability=True)
    again, _ = fetch(mw, LIGHTHOUSE, readability=request.meta["readability"])
    assert again.meta["readability"] == request.meta["readability"]


@pytest.mark.parametrize(
    ("meta", "message"),
    [
        ({"char_treshold": 100}, "unknown option 'char_treshold'; accepted options: policy, char_threshold"),
        (
            {"policy": "fast"},
            "['policy'] = 'fast' is not valid; accepted values: 'auto', 'strict', 'moderate', 'clean', 'raw'",
        ),
        ({"min_score": -1}, "['min_score'] = -1 is not valid; accepted values: a number >= 0"),
        ("raw", "False (skip the page), True, or a dict"),
    ],
)
def test_bad_meta_fails_the_request_before_the_download(make, meta, message, caplog):
    mw, stats = make()
    request = Request("https://news.example/articles/1.html", meta={"readability": meta})
    with pytest.raises(IgnoreRequest, match=re.escape(message)):
        mw.process_request(request)
    [record] = caplog.records
    assert record.levelname == "ERROR"
    assert record.getMessage().startswith(
        "Not downloading <GET https://news.example/articles/1.html>: meta['readability']"
    )
    assert message in record.getMessage()
    assert stats.get_value("readability/preflight/invalid_options") == 1


@pytest.mark.parametrize(
    "meta", [{}, {"readability": False}, {"readability": True}, {"readability": {"policy": "RAW"}}]
)
def test_good_meta_goes_on_to_the_download(make, meta):
    mw, stats = make()
    assert mw.process_request(Request("https://news.example/a", meta=meta)) is None
    assert stats.get_value("readability/preflight/invalid_options") is None


def test_robots_txt_and_media_downloads_are_not_judged(make):
    """Scrapy's own requests (callback=NO_CALLBACK), even text/html, even with drop."""
    mw, stats = make(READABILITY_PREFLIGHT_ACTION="drop")
    request = Request("https://news.example/robots.txt", callback=NO_CALLBACK, meta={"dont_obey_robotstxt": True})
    response = HtmlResponse(request.url, body=b"User-agent: *\nDisallow: /private/\n", request=request)
    assert respond(mw, request, response) is response
    assert "readability" not in request.meta
    assert readability_stats(stats) == {}


def error_page(mw: ReadabilityMiddleware, status: int = 404, **meta: Any) -> tuple[Request, Response]:
    request = Request("https://news.example/gone.html", meta=meta)
    response = HtmlResponse(request.url, status=status, body=ABOUT.encode(), request=request)
    return request, respond(mw, request, response)


def test_error_pages_the_spider_will_not_receive_are_not_judged(make):
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
def test_error_pages_the_spider_receives_are_judged_as_httperrormiddleware_decides(
    settings, meta, spider_codes, judged
):
    crawler = crawler_with(**settings)
    crawler.spider = scrapy.Spider(name="test")
    if spider_codes is not None:
        crawler.spider.handle_httpstatus_list = spider_codes
    mw = ReadabilityMiddleware.from_crawler(crawler)
    try:
        request, _ = error_page(mw, 404, **meta)
    finally:
        mw.extension.close()
    assert ("readability" in request.meta) is judged
    assert crawler.stats.get_value("readability/preflight/not_readerable") == (1 if judged else None)


def test_disabled(make):
    with pytest.raises(NotConfigured):
        make(READABILITY_ENABLED=False)


@pytest.mark.parametrize("workers", [0, 1])
def test_an_error_in_the_preflight_does_not_lose_the_page(make, workers, caplog):
    caplog.set_level(logging.DEBUG, logger="scrapy_readability")
    mw, stats = make("broken_preflight", READABILITY_WORKERS=workers)
    request = Request("https://example.com/a")
    response = HtmlResponse(request.url, body=b"<html><body><p>x</p></body></html>", request=request)
    assert respond(mw, request, response) is response
    assert request.meta["readability"]["readerable"] is False
    assert stats.get_value("readability/preflight/error") == 1
    [warning] = [record for record in caplog.records if record.levelno == logging.WARNING]
    assert warning.getMessage() == (
        "Readerable check failed on https://example.com/a (exception: RuntimeError: bug in the heuristic); "
        "judged not readerable"
    )
    assert "Traceback" in caplog.text and "in broken_preflight" in caplog.text  # at DEBUG level


@pytest.mark.parametrize("workers", [0, 1])
def test_a_preflight_past_the_time_limit_keeps_the_page(make, workers, caplog):
    """A check that hangs fails at READABILITY_TIMEOUT: not readerable, counted, logged once; the next page goes on."""
    mw, stats = make("slow_preflight", READABILITY_WORKERS=workers, READABILITY_TIMEOUT=1)
    request, _ = fetch(mw, LIGHTHOUSE.replace("<h1>", "<h1>sleep 5 "))
    assert request.meta["readability"]["readerable"] is False
    assert stats.get_value("readability/preflight/error") == 1
    [warning] = [record.getMessage() for record in caplog.records if record.levelno == logging.WARNING]
    assert warning.startswith("Readerable check failed on https://news.example/articles/1.html (timeout: ")
    assert "the readerable check took longer than 1 s" in warning
    again, _ = fetch(mw, LIGHTHOUSE)
    assert again.meta["readability"]["readerable"] is True
    assert stats.get_value("readability/preflight/readerable") == 1


@pytest.mark.parametrize("workers", [0, 1])
def test_the_check_runs_in_the_pool_not_on_the_loop_thread(make, workers, caplog):
    """Where a page was judged, from a stand-in that says so (by failing with its process and thread)."""
    mw, _ = make("where_am_i", READABILITY_WORKERS=workers)
    fetch(mw, LIGHTHOUSE)
    [warning] = [record.getMessage() for record in caplog.records if record.levelno == logging.WARNING]
    pid, thread = re.search(r"judged in process (\d+), thread (\S+)\)", warning).groups()
    if workers:  # a worker process of its own
        assert int(pid) != os.getpid()
    else:  # a pool thread of this process
        assert int(pid) == os.getpid()
        assert thread.startswith("readability_") and thread != threading.current_thread().name
