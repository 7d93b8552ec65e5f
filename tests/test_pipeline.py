"""The extraction pipeline, driven directly: item types, failures, stats, the thread pool and the worker processes."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import time
from typing import Any

import attr
import pytest
from scrapy.exceptions import DropItem, NotConfigured

from scrapy_readability.engine.outputs.article import DEFAULT_FORMATS
from scrapy_readability.items import ArticleItem, article_fields
from scrapy_readability.pipeline import ReadabilityPipeline
from tests.support.components import crawler_with, extension_of, wait_for
from tests.support.engine_stubs import Slow
from tests.support.scrapy_site import LIGHTHOUSE, MEMBERS, STARTER

URL = "https://news.example/articles/lighthouse.html"


def make(engine: str | None = None, **settings: Any) -> tuple[ReadabilityPipeline, Any]:
    """A pipeline, its crawl opened (the extension starts the pool); ``engine`` names a stand-in in engine_stubs.py."""
    crawler = crawler_with(engine=engine, **settings)
    pipeline = ReadabilityPipeline.from_crawler(crawler)
    wait_for(pipeline.extension.spider_opened())
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
        pipeline.extension.spider_closed()


def readability_stats(stats: Any, workers: bool = True) -> dict[str, Any]:
    """The ``readability/`` stats; without ``readability/workers/`` (processes started, replaced) if not ``workers``."""
    return {
        key: value
        for key, value in stats.get_stats().items()
        if key.startswith("readability/") and (workers or not key.startswith("readability/workers/"))
    }


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
    assert "eleven volumes" in out["text"] and "<p" not in out["text"]  # READABILITY_FORMATS: html, text
    assert "text_content" not in out and "markdown" not in out
    assert out["attempt"] == "strict"
    assert "Most read" not in out["text"]  # the sidebar is gone
    assert set(article_fields(DEFAULT_FORMATS)) <= set(out.keys())
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
    assert all(name in out for name in article_fields(DEFAULT_FORMATS))
    assert all(out[name] is None or out[name] != "" for name in article_fields(DEFAULT_FORMATS))


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


def test_item_skipped_by_meta_false_loses_its_inputs_as_an_extracted_one():
    pipeline, stats = make()
    item = ArticleItem(url=URL, html=LIGHTHOUSE, readability=False)
    _, out = run(pipeline, item, {"url": URL, "html": LIGHTHOUSE, "readability": False, "section": "local"})
    assert dict(item) == {"url": URL}  # not extracted; no page, no helper field
    assert out == {"url": URL, "section": "local"}
    assert readability_stats(stats) == {"readability/skipped": 2}


def test_a_skipped_item_keeps_its_source_with_keep_source():
    pipeline, _ = make(READABILITY_KEEP_SOURCE=True)
    [out] = run(pipeline, {"url": URL, "html": LIGHTHOUSE, "readability": False})
    assert out == {"url": URL, "html": LIGHTHOUSE}


def test_a_default_item_loaders_lists_are_read():
    """ItemLoader without output processors stores every field as a list (Scrapy's convention)."""
    pipeline, stats = make()
    item = ArticleItem(url=[URL], html=[LIGHTHOUSE], readability=[{"readerable": True, "policy": "raw"}])
    [out] = run(pipeline, item)
    assert (out["title"], out["attempt"]) == ("What the lighthouse logbooks tell us", "raw")
    assert out["url"] == [URL]  # the item's own field, as the loader made it
    assert "html" not in out and "readability" not in out
    assert stats.get_value("readability/extracted") == 1


def test_a_list_of_several_pages_is_no_source():
    pipeline, stats = make(READABILITY_FAILURE_ACTION="keep")
    [out] = run(pipeline, {"url": URL, "html": [LIGHTHOUSE, STARTER]})
    assert out["readability_error"] == "no_source: no HTML in field 'html'"
    assert stats.get_value("readability/failed/no_source") == 1


def test_options_carried_beside_an_item_reach_the_engine_and_are_released():
    crawler = crawler_with()
    pipeline = ReadabilityPipeline.from_crawler(crawler)
    story = Story(URL, LIGHTHOUSE)
    carried = extension_of(crawler).carried
    carried.carry(story, {"readerable": True, "policy": "raw"})
    assert len(carried) == 1
    [out] = run(pipeline, story)
    assert (out.title, out.html) == ("What the lighthouse logbooks tell us", None)
    assert len(carried) == 0
    assert crawler.stats.get_value("readability/attempt/raw") == 1


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
    assert all(out[name] is None for name in article_fields(DEFAULT_FORMATS))
    assert "markdown" not in out  # a format not chosen is absent, even then
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


@pytest.mark.parametrize("workers", [0, 1])
def test_engine_exceptions_never_escape(workers, caplog):
    pipeline, stats = make("Exploding", READABILITY_FAILURE_ACTION="keep", READABILITY_WORKERS=workers)
    with caplog.at_level(logging.DEBUG, logger="scrapy_readability.pipeline"):
        first, second = run(pipeline, {"url": URL, "html": LIGHTHOUSE}, {"url": URL + "?2", "html": LIGHTHOUSE})
    assert first["readability_error"] == "exception: RuntimeError: boom"
    assert second["readability_error"] == "exception: RuntimeError: boom"
    assert stats.get_value("readability/failed/exception") == 2
    tracebacks = sorted(record.getMessage() for record in caplog.records if record.levelno == logging.DEBUG)
    assert [text.split(":\n")[0] for text in tracebacks] == [
        f"Readability raised on {URL}",
        f"Readability raised on {URL}?2",
    ]
    for text in tracebacks:  # the traceback comes back from the worker process as text
        assert "Traceback (most recent call last)" in text and 'raise RuntimeError("boom")' in text


@pytest.mark.parametrize("workers", [0, 1])
def test_engine_errors_are_named(workers):
    pipeline, stats = make("TooBig", READABILITY_WORKERS=workers)
    [dropped] = run(pipeline, {"url": URL, "html": LIGHTHOUSE})
    assert isinstance(dropped, DropItem)
    assert "too_many_elements" in str(dropped) and "5000" in str(dropped)
    assert stats.get_value("readability/failed/too_many_elements") == 1


@pytest.mark.parametrize("workers", [0, 1])
def test_a_page_that_is_not_html_is_named(workers):
    pipeline, stats = make(READABILITY_WORKERS=workers)
    [dropped] = run(pipeline, {"url": URL, "html": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"})
    assert isinstance(dropped, DropItem)
    assert "not_html" in str(dropped) and "a PNG image" in str(dropped)
    assert stats.get_value("readability/failed/not_html") == 1


def test_extraction_runs_in_a_bounded_pool_off_the_loop_thread():
    Slow.running = Slow.most = 0
    pipeline, _ = make("Slow", READABILITY_THREADS=3, READABILITY_FAILURE_ACTION="keep")
    started = time.perf_counter()
    out = run(pipeline, *({"url": f"{URL}?{n}", "html": LIGHTHOUSE} for n in range(9)))
    elapsed = time.perf_counter() - started
    assert [item["readability_error"] for item in out] == ["no_article: the page has no readable content"] * 9
    assert Slow.most == 3
    assert elapsed >= 0.15  # 9 pages, 3 at a time, 50 ms each


def test_threads_only_by_default():
    pipeline, _ = make("WhoAmI")
    out = run(pipeline, *({"url": f"{URL}?{n}", "html": LIGHTHOUSE} for n in range(4)))
    for item in out:
        pid, thread = item["title"].split()
        assert int(pid) == os.getpid()
        assert thread.startswith("readability")


def test_workers_extract_in_their_own_processes():
    pipeline, _ = make("WhoAmI", READABILITY_WORKERS=2, READABILITY_THREADS=7)
    out = run(pipeline, *({"url": f"{URL}?{n}", "html": LIGHTHOUSE} for n in range(8)))
    pids = {int(item["title"].split()[0]) for item in out}
    assert os.getpid() not in pids
    assert 1 <= len(pids) <= 2  # READABILITY_THREADS does not apply: one thread per worker


@pytest.mark.skipif(not hasattr(os, "nice"), reason="Unix only")
def test_workers_run_below_the_crawl_process():
    pipeline, _ = make("Niceness", READABILITY_WORKERS=1)
    [out] = run(pipeline, {"url": URL, "html": LIGHTHOUSE})
    assert int(out["title"]) == min(19, os.nice(0) + 10)


def test_workers_give_the_same_items_and_stats_as_threads():
    def crawl_like(**settings: Any) -> tuple[list[Any], dict[str, Any]]:
        pipeline, stats = make(READABILITY_FAILURE_ACTION="keep", **settings)
        items = [
            ArticleItem(url=URL, html=LIGHTHOUSE, readability={"readerable": True, "char_threshold": 400}),
            {"url": "https://news.example/starter", "html": STARTER.encode()},  # bytes go as they are
            {"url": "https://news.example/members", "html": MEMBERS},
            {"url": URL + "?too-big", "html": LIGHTHOUSE, "readability": {"max_elems_to_parse": 10}},
        ]
        out = [dict(item) for item in run(pipeline, *items)]
        got = readability_stats(stats, workers=False)
        assert got.pop("readability/extraction_seconds") > 0
        return out, got

    assert crawl_like(READABILITY_WORKERS=2) == crawl_like()


def test_a_worker_that_dies_is_replaced_and_its_page_fails(caplog):
    pipeline, stats = make("DiesOnStarter", READABILITY_WORKERS=1, READABILITY_FAILURE_ACTION="keep")
    pages = [
        {"url": URL, "html": LIGHTHOUSE},
        {"url": "https://news.example/articles/starter.html", "html": STARTER},
        {"url": URL + "?again", "html": LIGHTHOUSE},
    ]
    with caplog.at_level(logging.WARNING, logger="scrapy_readability.pipeline"):
        first, died, after = run(pipeline, *pages)
    assert first["title"] == after["title"] == "What the lighthouse logbooks tell us"
    assert died["readability_error"] == "worker_died: the extraction process exited with code 3"
    assert all(died[name] is None for name in article_fields(DEFAULT_FORMATS))
    got = readability_stats(stats)
    assert (got["readability/extracted"], got["readability/failed"], got["readability/failed/worker_died"]) == (2, 1, 1)
    assert [record.getMessage() for record in caplog.records] == [
        "No article in https://news.example/articles/starter.html: "
        "worker_died: the extraction process exited with code 3"
    ]


def test_a_page_that_kills_its_worker_is_dropped_by_default_and_the_pool_goes_on():
    pipeline, stats = make("DiesOnStarter", READABILITY_WORKERS=2)
    dying = [{"url": f"https://news.example/{n}/starter.html", "html": STARTER} for n in range(3)]
    good = [{"url": f"{URL}?{n}", "html": LIGHTHOUSE} for n in range(5)]
    out = run(pipeline, *dying, *good)
    assert all(isinstance(item, DropItem) and "worker_died" in str(item) for item in out[:3])
    assert all(item["title"] == "What the lighthouse logbooks tell us" for item in out[3:])
    assert stats.get_value("readability/failed/worker_died") == 3
    assert stats.get_value("readability/extracted") == 5


@pytest.mark.parametrize("workers", [0, 1])
def test_one_debug_line_a_page_and_the_trace_when_asked(workers, caplog):
    """The engine's trace with READABILITY_DEBUG, or for one page with its debug option; from worker processes too."""
    caplog.set_level(logging.DEBUG)
    pipeline, _ = make(READABILITY_WORKERS=workers)
    run(pipeline, {"url": URL, "html": LIGHTHOUSE})
    [line] = [r.getMessage() for r in caplog.records if r.name.startswith("scrapy_readability")]
    assert line.startswith(
        f"Extracted {URL}: 'What the lighthouse logbooks tell us' (attempt strict, 1660 characters, "
    )

    def trace_of(records: list[logging.LogRecord]) -> list[logging.LogRecord]:
        return [r for r in records if r.name == "scrapy_readability.engine"]

    for settings, item in [
        ({"READABILITY_DEBUG": True}, {"url": URL, "html": LIGHTHOUSE}),
        ({}, {"url": URL, "html": LIGHTHOUSE, "readability": {"debug": True}}),
    ]:
        caplog.clear()
        pipeline, _ = make(READABILITY_WORKERS=workers, **settings)
        run(pipeline, item, {"url": f"{URL}?quiet", "html": LIGHTHOUSE, "readability": {"debug": False}})
        trace = trace_of(caplog.records)
        assert any(r.getMessage().startswith("Candidate: <article> with score") for r in trace)
        assert sum(r.getMessage().startswith("Candidate: <article>") for r in trace) == 1  # the quiet page logs none
        assert {r.process for r in trace} != {None}


def test_close_stops_the_workers():
    pipeline, _ = make("WhoAmI", READABILITY_WORKERS=2)
    pool = pipeline.extension.pool
    assert pool is not None
    out = run(pipeline, *({"url": f"{URL}?{n}", "html": LIGHTHOUSE} for n in range(4)))  # closes the pipeline
    assert pipeline.extension.pool is None
    pool.join(timeout=10)  # closing does not wait: the pool's threads stop the processes
    assert pool.pids == [None, None]
    for pid in {int(item["title"].split()[0]) for item in out}:
        with pytest.raises(OSError):  # reaped: no such process
            for _ in range(100):  # bounded: a killed process may take a moment to vanish
                os.kill(pid, 0)
                time.sleep(0.01)


def test_disabled():
    with pytest.raises(NotConfigured):
        ReadabilityPipeline.from_crawler(crawler_with(READABILITY_ENABLED=False))


def test_without_the_extension_the_error_says_how_to_enable_it():
    from scrapy.utils.test import get_crawler

    from scrapy_readability import ReadabilityConfigError

    crawler = get_crawler(settings_dict={"ITEM_PIPELINES": {ReadabilityPipeline: 200}})
    with pytest.raises(
        ReadabilityConfigError, match="ReadabilityPipeline needs scrapy_readability.extension.Readabili"
    ):
        ReadabilityPipeline.from_crawler(crawler)
