"""Per-request options and the skip reach the pipeline for every item type, in a real crawl.

The spider (tests/item_types_spider.py) yields a dict, dataclasses (plain and
slotted), attrs classes (``attr.s`` and the slotted ``attrs.define``), a
project's own ``scrapy.Item``, pydantic models (when installed),
``ArticleItem.from_response`` and a default ``ItemLoader``, each from a page
requested with ``{"policy": "raw"}``, with ``False`` (skip), and with no option;
it never copies the options itself.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from testkit.crawling import SPIDERS, CrawlResult, crawl
from testkit.localserver import LocalSite, Page, serve
from tests.spiders.item_types_spider import MAKERS
from tests.support.scrapy_site import LIGHTHOUSE

pytestmark = pytest.mark.slow  # real crawls in subprocesses

SPIDER = SPIDERS / "item_types_spider.py"
VARIANTS = {"raw": {"policy": "raw"}, "skip": False, "plain": None}
KINDS = [kind for kind in MAKERS if kind not in ("no_source", "dict_own_options") and not kind.startswith("dropped")]
STORIES = {f"/story?kind={kind}&v={variant}": Page(LIGHTHOUSE) for kind in MAKERS for variant in VARIANTS}
TITLE = "What the lighthouse logbooks tell us"
# The types a field can be removed from: a skipped page keeps only the spider's own fields.
LOSE_FIELDS = {
    "dict": {"url", "kind"},
    "async_dict": {"url", "kind"},
    "item": {"url", "kind"},
    "from_response": {"url"},
}


@pytest.fixture(scope="module")
def site() -> Iterator[LocalSite]:
    with serve(STORIES) as running:
        yield running


@pytest.fixture(scope="module")
def crawled(
    site: LocalSite, tmp_path_factory: pytest.TempPathFactory
) -> tuple[dict[tuple[str, str], Any], CrawlResult]:
    """One crawl of every kind and variant; the feed's items by (kind, variant)."""
    options = {path: value for path in STORIES for name, value in VARIANTS.items() if path.endswith(f"v={name}")}
    result = crawl(
        tmp_path_factory.mktemp("item_types"),
        SPIDER,
        start_urls=[site.url + path for path in STORIES],
        spider_args={"options": json.dumps({path: value for path, value in options.items() if value is not None})},
    )
    items = {}
    for item in result.items:
        url = item["url"][0] if isinstance(item["url"], list) else item["url"]  # a loader's lists
        query = dict(part.split("=") for part in url.split("?")[1].split("&"))
        items[query["kind"], query["v"]] = item
    return items, result


@pytest.mark.parametrize("kind", KINDS)
def test_options_of_the_request_reach_the_pipeline(
    crawled: tuple[dict[tuple[str, str], Any], CrawlResult], kind: str
) -> None:
    items, _ = crawled
    raw, plain = items[kind, "raw"], items[kind, "plain"]
    assert (raw["title"], raw["attempt"]) == (TITLE, "raw")  # {"policy": "raw"} on the request
    assert (plain["title"], plain["attempt"]) == (TITLE, "strict")  # the settings: auto, first pass
    for item in (raw, plain):
        assert "readability" not in item  # nothing of ours is left in the feed
        assert item.get("html") is None  # the page is gone (a declared field is blanked)


@pytest.mark.parametrize("kind", KINDS)
def test_a_skipped_page_follows_the_schema_rules(
    crawled: tuple[dict[tuple[str, str], Any], CrawlResult], kind: str
) -> None:
    """``meta={"readability": False}``: not extracted, and neither the page nor the skip is in the feed."""
    items, _ = crawled
    skipped = items[kind, "skip"]
    assert "readability" not in skipped
    assert skipped.get("html") is None and skipped.get("title") is None and skipped.get("attempt") is None
    if kind in LOSE_FIELDS:
        assert set(skipped) == LOSE_FIELDS[kind]


def test_the_items_own_options_win_and_other_items_are_left_alone(
    crawled: tuple[dict[tuple[str, str], Any], CrawlResult],
) -> None:
    items, _ = crawled
    assert items["dict_own_options", "raw"]["attempt"] == "clean"  # its own {"policy": "clean"}
    assert items["dict_own_options", "skip"]["attempt"] == "clean"  # ...wins over the skip too
    for variant in VARIANTS:  # no page in it: nothing added, nothing taken
        assert items["no_source", variant] == {"url": items["no_source", variant]["url"], "kind": "no_source"}


def test_no_options_stay_behind_and_the_crawl_is_clean(crawled: tuple[dict[tuple[str, str], Any], CrawlResult]) -> None:
    items, result = crawled
    assert not [key for key in items if key[0].startswith("dropped")]  # dropped by the project's pipeline
    assert result.stats["item_dropped_count"] == 2 * len(VARIANTS)
    assert result.stats["test/carried_left"] == 0  # dropped before ours, or done with: all released
    assert result.stats["readability/skipped"] == len(KINDS)
    assert result.stats["readability/extracted"] == 2 * len(KINDS) + len(VARIANTS)
    assert result.stats["readability/attempt/raw"] == len(KINDS)
    assert result.stats["readability/attempt/strict"] == len(KINDS)
    assert result.stats["readability/attempt/clean"] == len(VARIANTS)
    assert "readability/failed" not in result.stats
    assert result.clean, result.log[-3000:]
