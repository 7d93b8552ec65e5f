"""The spider middleware and the table of carried options: what each item type gets, and that nothing stays behind."""

from __future__ import annotations

import asyncio
import dataclasses
import gc
from collections.abc import AsyncIterator
from typing import Any

import attrs
import pytest
import scrapy
from itemadapter import ItemAdapter
from scrapy import Request, signals
from scrapy.exceptions import NotConfigured
from scrapy.http import HtmlResponse

from scrapy_readability.carry import CarriedOptions
from scrapy_readability.items import ArticleItem
from scrapy_readability.pipeline import ReadabilityPipeline
from scrapy_readability.spidermiddleware import ReadabilitySpiderMiddleware
from tests.support.components import crawler_with, extension_of

URL = "https://news.example/a.html"
RAW = {"readerable": True, "policy": "raw"}
PIPELINES = {"ITEM_PIPELINES": {ReadabilityPipeline: 200}}


@dataclasses.dataclass
class Story:
    url: str
    html: str


@dataclasses.dataclass(slots=True)
class SlottedStory:
    url: str
    html: str


@attrs.define
class DefinedStory:
    url: str
    html: str


class StoryItem(scrapy.Item):
    url = scrapy.Field()
    html = scrapy.Field()


def make(**settings: Any) -> tuple[ReadabilitySpiderMiddleware, Any]:
    crawler = crawler_with(**{**PIPELINES, **settings})
    return ReadabilitySpiderMiddleware.from_crawler(crawler), crawler


def response(meta: dict[str, Any] | None = None) -> HtmlResponse:
    request = Request(URL, meta=meta or {})
    return HtmlResponse(URL, body=b"<html><body><p>x</p></body></html>", request=request)


def through(mw: ReadabilitySpiderMiddleware, meta: dict[str, Any], *output: Any) -> list[Any]:
    return list(mw.process_spider_output(response(meta), output))


def test_a_dict_and_an_item_declaring_the_field_hold_the_options() -> None:
    mw, _ = make()
    page, article = through(mw, {"readability": RAW}, {"url": URL, "html": "<p>"}, ArticleItem(url=URL, html="<p>"))
    assert page["readability"] is RAW
    assert article["readability"] is RAW
    assert len(mw.carried) == 0  # nothing beside them


@pytest.mark.parametrize("cls", [Story, SlottedStory, DefinedStory, StoryItem])
def test_other_types_get_no_field_and_their_options_wait_beside_them(cls: type) -> None:
    mw, crawler = make()
    [item] = through(mw, {"readability": False}, cls(url=URL, html="<p>"))
    assert not hasattr(item, "readability") and "readability" not in ItemAdapter(item).keys()  # no field of ours
    pipeline = ReadabilityPipeline.from_crawler(crawler)
    assert pipeline.extension.carried is mw.carried
    assert mw.carried.take(item) is False
    assert len(mw.carried) == 0


def test_the_items_own_value_wins() -> None:
    mw, _ = make()
    own = {"policy": "clean"}
    [item] = through(mw, {"readability": RAW}, {"url": URL, "html": "<p>", "readability": own})
    assert item["readability"] is own
    [article] = through(mw, {"readability": False}, ArticleItem(url=URL, html="<p>", readability=own))
    assert article["readability"] is own


def test_requests_items_without_a_page_and_pages_without_options_are_left_alone() -> None:
    mw, _ = make()
    follow, product, page = through(mw, {"readability": RAW}, Request(URL), {"url": URL, "price": 3}, None)
    assert isinstance(follow, Request) and follow.meta == {}
    assert product == {"url": URL, "price": 3}
    assert page is None
    [plain] = through(mw, {}, {"url": URL, "html": "<p>"})
    assert plain == {"url": URL, "html": "<p>"}


def test_async_callbacks_too() -> None:
    mw, _ = make()

    async def output() -> AsyncIterator[Any]:
        yield {"url": URL, "html": "<p>"}
        yield Story(URL, "<p>")

    async def collect() -> list[Any]:
        return [item async for item in mw.process_spider_output_async(response({"readability": RAW}), output())]

    page, story = asyncio.run(collect())
    assert page["readability"] is RAW
    assert mw.carried.take(story) is RAW


def test_weakly_referenced_items_leave_nothing_behind_when_they_go() -> None:
    """An item dropped by another pipeline, failed, or filtered before the pipelines: its entry goes with it."""
    carried = CarriedOptions()
    for cls in (Story, DefinedStory, StoryItem):
        carried.carry(cls(url=URL, html="<p>"), RAW)  # then nothing refers to the item any more
    gc.collect()
    assert len(carried) == 0


def test_items_held_strongly_are_released_when_they_leave_the_pipelines_or_the_spider_closes() -> None:
    mw, crawler = make()
    dropped, failed, stored, never = (SlottedStory(url=f"{URL}?{n}", html="<p>") for n in range(4))
    for item in (dropped, failed, stored, never):
        mw.carried.carry(item, RAW)
    assert len(mw.carried) == 4
    crawler.signals.send_catch_log(signals.item_dropped, item=dropped, response=None, exception=None, spider=None)
    crawler.signals.send_catch_log(signals.item_error, item=failed, response=None, spider=None, failure=None)
    crawler.signals.send_catch_log(signals.item_scraped, item=stored, response=None, spider=None)
    assert len(mw.carried) == 1
    crawler.signals.send_catch_log(signals.spider_closed, spider=None, reason="finished")
    assert len(mw.carried) == 0


def test_one_table_per_crawler() -> None:
    first, second = make()[1], make()[1]
    assert extension_of(first).carried is ReadabilitySpiderMiddleware.from_crawler(first).carried
    assert extension_of(first).carried is not extension_of(second).carried


@pytest.mark.parametrize(
    "settings",
    [{"READABILITY_ENABLED": False}, {"ITEM_PIPELINES": {}}, {"ITEM_PIPELINES": {ReadabilityPipeline: None}}],
)
def test_off_without_the_pipeline(settings: dict[str, Any]) -> None:
    """Only the pipeline takes the options back: without it they would reach the feed."""
    with pytest.raises(NotConfigured):
        ReadabilitySpiderMiddleware.from_crawler(crawler_with(addon=False, **settings))


def test_a_pipeline_subclass_counts() -> None:
    class Mine(ReadabilityPipeline):
        pass

    mw, _ = make(ITEM_PIPELINES={Mine: 300})
    assert isinstance(mw, ReadabilitySpiderMiddleware)
