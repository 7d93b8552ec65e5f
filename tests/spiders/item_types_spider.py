"""The spider of ``test_crawl_item_types.py``: every item type a spider may yield, from pages with per-request options.

Each start URL's query names the item type (``?kind=dataclass&v=raw``);
``-a options='{"/story?kind=dict&v=raw": {...}}'`` gives that request's
``meta['readability']`` (options, or ``false`` to skip the page). The spider
never copies the options into its items: the add-on's spider middleware does.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import attr
import attrs
import scrapy
from itemadapter import ItemAdapter
from scrapy.exceptions import DropItem
from scrapy.http import Response
from scrapy.loader import ItemLoader

from scrapy_readability import ArticleItem
from scrapy_readability.extension import ReadabilityExtension

try:
    import pydantic
except ImportError:  # pragma: no cover - pydantic items are tested where it is installed
    pydantic = None


@dataclasses.dataclass
class DataclassStory:
    url: str
    html: str | None
    kind: str
    title: str | None = None
    attempt: str | None = None


@dataclasses.dataclass(slots=True)
class SlottedStory:  # no __weakref__: its options are held until it leaves the pipelines
    url: str
    html: str | None
    kind: str
    title: str | None = None
    attempt: str | None = None


@attr.s(auto_attribs=True)
class AttrsStory:
    url: str
    html: str | None
    kind: str
    title: str | None = None
    attempt: str | None = None


@attrs.define
class DefinedStory:  # slotted: no attribute can be added to it
    url: str
    html: str | None
    kind: str
    title: str | None = None
    attempt: str | None = None


class StoryItem(scrapy.Item):  # a project's own Item, without a readability field
    url = scrapy.Field()
    html = scrapy.Field()
    kind = scrapy.Field()
    title = scrapy.Field()
    attempt = scrapy.Field()


def _loader(response: Response) -> Any:
    """A default ItemLoader: every field a list."""
    loader = ItemLoader(item=ArticleItem(), response=response)
    loader.add_value("url", response.url)
    loader.add_value("html", response.text)
    return loader.load_item()


def _fields(response: Response, kind: str) -> dict[str, Any]:
    return {"url": response.url, "html": response.text, "kind": kind}


MAKERS: dict[str, Callable[[Response, str], Any]] = {
    "dict": _fields,
    "dict_own_options": lambda response, kind: {**_fields(response, kind), "readability": {"policy": "clean"}},
    "no_source": lambda response, kind: {"url": response.url, "kind": kind},  # not a page: left alone
    "dataclass": lambda response, kind: DataclassStory(**_fields(response, kind)),
    "slotted_dataclass": lambda response, kind: SlottedStory(**_fields(response, kind)),
    "attrs": lambda response, kind: AttrsStory(**_fields(response, kind)),
    "attrs_define": lambda response, kind: DefinedStory(**_fields(response, kind)),
    "item": lambda response, kind: StoryItem(**_fields(response, kind)),
    "from_response": lambda response, kind: ArticleItem.from_response(response),
    "loader": lambda response, kind: _loader(response),
    "async_dict": _fields,  # yielded from an async callback
    "dropped_slotted": lambda response, kind: SlottedStory(**_fields(response, kind)),
    "dropped_item": lambda response, kind: StoryItem(**_fields(response, kind)),
}

if pydantic is not None:

    class PydanticStory(pydantic.BaseModel):
        url: str
        html: str | None
        kind: str
        title: str | None = None
        attempt: str | None = None

    MAKERS["pydantic"] = lambda response, kind: PydanticStory(**_fields(response, kind))


class DropMarked:
    """An item pipeline before ours that drops the ``dropped_*`` kinds, whose options must not stay behind."""

    def process_item(self, item: Any, spider: Any = None) -> Any:
        if str(ItemAdapter(item).get("kind", "")).startswith("dropped"):
            raise DropItem("dropped by the project")
        return item


class ItemTypesSpider(scrapy.Spider):
    name = "item_types"
    custom_settings = {
        "ADDONS": {"scrapy_readability.Addon": 0},
        "ITEM_PIPELINES": {"tests.spiders.item_types_spider.DropMarked": 100},
        "TELNETCONSOLE_ENABLED": False,
    }

    def __init__(self, start_urls: str = "", options: str = "{}", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.start_urls = start_urls.split(",")
        self.page_options: dict[str, Any] = json.loads(options)

    async def start(self) -> AsyncIterator[scrapy.Request]:
        for url in self.start_urls:
            parts = urlsplit(url)
            options = self.page_options.get(f"{parts.path}?{parts.query}")
            callback = self.parse_async if _kind(url) == "async_dict" else self.parse
            yield scrapy.Request(url, callback=callback, meta={} if options is None else {"readability": options})

    def parse(self, response: Response) -> Iterator[Any]:
        kind = _kind(response.url)
        yield MAKERS[kind](response, kind)

    async def parse_async(self, response: Response) -> AsyncIterator[Any]:
        kind = _kind(response.url)
        yield MAKERS[kind](response, kind)

    def closed(self, reason: str) -> None:
        """Record how many carried options are left once every item is done with (there should be none)."""
        assert self.crawler.stats is not None
        self.crawler.stats.set_value("test/carried_left", len(self.crawler.get_extension(ReadabilityExtension).carried))


def _kind(url: str) -> str:
    return parse_qs(urlsplit(url).query)["kind"][0]
