"""The extraction pipeline, driven directly: item types, failures, stats, and the thread pool."""

from __future__ import annotations

import asyncio
import dataclasses
import threading
import time
from typing import Any

import attr
import pytest
from scrapy.exceptions import DropItem, NotConfigured
from scrapy.utils.test import get_crawler

import scrapy_readability.pipeline as pipeline_module
from scrapy_readability.engine import TooManyElementsError
from scrapy_readability.items import ARTICLE_FIELDS, ArticleItem
from scrapy_readability.pipeline import ReadabilityPipeline
from scrapy_site import LIGHTHOUSE, MEMBERS

URL = "https://news.example/articles/lighthouse.html"


def make(**settings: Any) -> tuple[ReadabilityPipeline, Any]:
    crawler = get_crawler(settings_dict=settings)
    pipeline = ReadabilityPipeline.from_crawler(crawler)
    pipeline.open_spider()
    return pipeline, crawler.stats


def run(pipeline: ReadabilityPipeline, *items: Any) -> list[Any]:
    """Process items concurrently on an asyncio loop, as Scrapy does; a DropItem comes back as the result."""

    async def one(item: Any) -> Any:
        try:
            return await pipeline.process_item(item)
        except DropItem as dropped:
            return dropped

    async def all_of_them() -> list[Any]:
        return await asyncio.gather(*(one(item) for item in items))

    try:
        return asyncio.run(all_of_them())
    finally:
        pipeline.close_spider()


def readability_stats(stats: Any) -> dict[str, Any]:
    return {key: value for key, value in stats.get_stats().items() if key.startswith("readability/")}


def test_article_item_gets_every_field_and_loses_its_inputs():
    pipeline, stats = make()
    item = ArticleItem(url=URL, html=LIGHTHOUSE, readability={"readerable": True, "char_threshold": 400})
    [out] = run(pipeline, item)
    assert out is item
    assert out["url"] == URL
    assert out["title"] == "What the lighthouse logbooks tell us"
    assert out["byline"] == "Maren Holt"
    assert out["lang"] == "en"
    assert out["dir"] is None
    assert out["site_name"] == "Harbour Notes"
    assert out["published_time"] == "2024-05-02T09:30:00Z"
    assert out["excerpt"].startswith("The logbook of the Skerry Point light")
    assert "eleven volumes" in out["content"] and "<p" in out["content"]
    assert "eleven volumes" in out["text_content"] and "<p" not in out["text_content"]
    assert out["length"] == len(out["text_content"])
    assert out["attempt"] == "strict"
    assert "Most read" not in out["text_content"]  # the sidebar is gone
    assert set(ARTICLE_FIELDS) <= set(out.keys())
    assert "html" not in out and "readability" not in out and "readability_error" not in out
    got = readability_stats(stats)
    assert got["readability/extracted"] == 1
    assert got["readability/attempt/strict"] == 1
    assert 0 < got["readability/extraction_seconds"] < 10
    assert "readability/failed" not in got


def test_plain_dict_with_url_and_html():
    pipeline, _ = make()
    [out] = run(pipeline, {"url": URL, "html": LIGHTHOUSE.encode(), "section": "local"})
    assert out["title"] == "What the lighthouse logbooks tell us"
    assert out["section"] == "local"  # the spider's own fields stay
    assert "html" not in out
    # one schema: every field is present, None where the page has nothing
    assert all(name in out for name in ARTICLE_FIELDS)
    assert all(out[name] is None or out[name] != "" for name in ARTICLE_FIELDS)


def test_keep_source_and_custom_source_field():
    pipeline, _ = make(READABILITY_SOURCE_FIELD="body", READABILITY_KEEP_SOURCE=True)
    [out] = run(pipeline, {"url": URL, "body": LIGHTHOUSE})
    assert out["body"] == LIGHTHOUSE
    assert out["title"] == "What the lighthouse logbooks tell us"


def test_items_without_the_source_field_pass_untouched():
    pipeline, stats = make()
    product = {"url": URL, "price": 3}
    [out] = run(pipeline, product)
    assert out == {"url": URL, "price": 3}
    assert readability_stats(stats) == {}


def test_item_skipped_by_meta_false_passes_untouched():
    pipeline, stats = make()
    [out] = run(pipeline, {"url": URL, "html": LIGHTHOUSE, "readability": False})
    assert out == {"url": URL, "html": LIGHTHOUSE, "readability": False}
    assert readability_stats(stats) == {"readability/skipped": 1}


@dataclasses.dataclass
class Story:
    url: str
    html: str | None
    title: str | None = None
    content: str | None = None


@attr.s(auto_attribs=True)
class AttrsStory:
    url: str
    html: str | None
    byline: str | None = None
    readability_error: str | None = None


def test_dataclass_and_attrs_items_get_only_their_fields():
    pipeline, _ = make()
    story, attrs_story = run(pipeline, Story(URL, LIGHTHOUSE), AttrsStory(URL, LIGHTHOUSE))
    assert story.title == "What the lighthouse logbooks tell us"
    assert "eleven volumes" in story.content
    assert story.html is None  # a declared field cannot be removed, so it is blanked
    assert not hasattr(story, "byline")
    assert attrs_story.byline == "Maren Holt"
    assert attrs_story.html is None
    assert attrs_story.readability_error is None


def test_no_article_is_dropped_with_its_url_and_counted():
    pipeline, stats = make()
    item = ArticleItem(url="https://news.example/members", html=MEMBERS)
    [dropped] = run(pipeline, item)
    assert isinstance(dropped, DropItem)
    assert str(dropped) == "No article in https://news.example/members: no_article: the page has no readable content"
    assert "html" not in item  # Scrapy logs the dropped item: it must not carry the page
    got = readability_stats(stats)
    assert (got["readability/failed"], got["readability/failed/no_article"]) == (1, 1)
    assert "readability/extracted" not in got


def test_no_article_kept_with_an_error_field(caplog):
    pipeline, stats = make(READABILITY_FAILURE_ACTION="keep")
    with caplog.at_level("WARNING", logger="scrapy_readability.pipeline"):
        [out] = run(pipeline, {"url": "https://news.example/members", "html": MEMBERS})
    assert out["readability_error"] == "no_article: the page has no readable content"
    assert all(out[name] is None for name in ARTICLE_FIELDS)
    assert "html" not in out
    [record] = caplog.records
    assert record.getMessage() == (
        "No article in https://news.example/members: no_article: the page has no readable content"
    )
    assert stats.get_value("readability/failed/no_article") == 1


def test_missing_source_is_a_failure():
    pipeline, stats = make(READABILITY_FAILURE_ACTION="keep")
    [out] = run(pipeline, ArticleItem(url=URL, html=""))
    assert out["readability_error"] == "no_source: no HTML in field 'html'"
    assert stats.get_value("readability/failed/no_source") == 1


def test_meta_overrides_reach_the_engine():
    pipeline, stats = make()
    [dropped] = run(pipeline, {"url": URL, "html": LIGHTHOUSE, "readability": {"max_elems_to_parse": 10}})
    assert isinstance(dropped, DropItem)
    assert "too_many_elements" in str(dropped)
    assert stats.get_value("readability/failed/too_many_elements") == 1


def test_bad_options_on_an_item_are_a_failure_not_a_crash():
    pipeline, stats = make()
    [dropped] = run(pipeline, {"url": URL, "html": LIGHTHOUSE, "readability": {"policy": "fast"}})
    assert isinstance(dropped, DropItem)
    assert "invalid_options: meta['readability']['policy'] = 'fast'" in str(dropped)
    assert stats.get_value("readability/failed/invalid_options") == 1


class Exploding:
    def __init__(self, html: Any, url: Any = None, **kwargs: Any) -> None:
        pass

    def parse(self) -> None:
        raise RuntimeError("boom")


def test_engine_exceptions_never_escape(monkeypatch):
    monkeypatch.setattr(pipeline_module, "Readability", Exploding)
    pipeline, stats = make(READABILITY_FAILURE_ACTION="keep")
    first, second = run(pipeline, {"url": URL, "html": LIGHTHOUSE}, {"url": URL + "?2", "html": LIGHTHOUSE})
    assert first["readability_error"] == "exception: RuntimeError: boom"
    assert second["readability_error"] == "exception: RuntimeError: boom"
    assert stats.get_value("readability/failed/exception") == 2


def test_engine_errors_are_named(monkeypatch):
    class TooBig(Exploding):
        def parse(self) -> None:
            raise TooManyElementsError(5000, 1000)

    monkeypatch.setattr(pipeline_module, "Readability", TooBig)
    pipeline, stats = make()
    [dropped] = run(pipeline, {"url": URL, "html": LIGHTHOUSE})
    assert isinstance(dropped, DropItem)
    assert "too_many_elements" in str(dropped) and "5000" in str(dropped)


def test_extraction_runs_in_a_bounded_pool_off_the_loop_thread(monkeypatch):
    seen: list[str] = []
    running = 0
    most = 0
    lock = threading.Lock()

    class Slow(Exploding):
        def parse(self) -> None:
            nonlocal running, most
            with lock:
                running += 1
                most = max(most, running)
                seen.append(threading.current_thread().name)
            time.sleep(0.05)
            with lock:
                running -= 1

    monkeypatch.setattr(pipeline_module, "Readability", Slow)
    pipeline, _ = make(READABILITY_THREADS=3, READABILITY_FAILURE_ACTION="keep")
    started = time.perf_counter()
    run(pipeline, *({"url": f"{URL}?{n}", "html": LIGHTHOUSE} for n in range(9)))
    elapsed = time.perf_counter() - started
    assert len(seen) == 9
    assert all(name.startswith("readability") for name in seen)
    assert most == 3
    assert elapsed >= 0.15  # 9 pages, 3 at a time, 50 ms each


def test_disabled():
    with pytest.raises(NotConfigured):
        ReadabilityPipeline.from_crawler(get_crawler(settings_dict={"READABILITY_ENABLED": False}))
