"""The add-on's CSV exporter: an ArticleItem feed gets the columns the settings can fill, other items Scrapy's."""

from __future__ import annotations

import csv
import io
import logging
from typing import Any

import scrapy
from scrapy.utils.test import get_crawler

from scrapy_readability.exporters import ArticleCsvItemExporter, article_columns
from scrapy_readability.items import ArticleItem, article_fields
from scrapy_readability.settings import ReadabilityConfig

URL = "https://news.example/a.html"


class TaggedArticle(ArticleItem):
    section = scrapy.Field()


class Product(scrapy.Item):
    name = scrapy.Field()
    html = scrapy.Field()
    price = scrapy.Field()


def export(*items: Any, **settings: Any) -> list[list[str]]:
    """Export ``items`` as the feed exporter does (built from the crawler); the CSV's rows, header first."""
    file = io.BytesIO()
    fields = settings.pop("fields", None)
    exporter = ArticleCsvItemExporter.from_crawler(get_crawler(settings_dict=settings), file, fields_to_export=fields)
    exporter.start_exporting()
    for item in items:
        exporter.export_item(item)
    exporter.finish_exporting()
    return list(csv.reader(io.StringIO(file.getvalue().decode("utf-8"))))


def article(**fields: Any) -> ArticleItem:
    return ArticleItem(url=URL, title="Ferry", attempt="strict", content="<p>x</p>", text="x", **fields)


def test_article_items_get_the_columns_the_settings_can_fill() -> None:
    header, row = export(article())
    assert header == ["url", *article_fields(["html", "text"])]
    assert "html" not in header and "readability" not in header and "markdown" not in header
    assert row[header.index("title")] == "Ferry"


def test_the_columns_follow_the_settings() -> None:
    config = ReadabilityConfig.from_settings(
        get_crawler(
            settings_dict={
                "READABILITY_FORMATS": "markdown",
                "READABILITY_KEEP_SOURCE": True,
                "READABILITY_FAILURE_ACTION": "keep",
            }
        ).settings
    )
    assert article_columns(ArticleItem, config) == ["url", "html", *article_fields(["markdown"]), "readability_error"]
    # a subclass's own fields come last
    assert article_columns(TaggedArticle, ReadabilityConfig()) == ["url", *article_fields(["html", "text"]), "section"]


def test_other_item_types_and_chosen_fields_are_scrapys() -> None:
    [header, _] = export(Product(name="kettle", price=3))
    assert header == list(Product.fields)
    header, *_ = export({"url": URL, "kind": "file"}, article())  # the first item decides, as in Scrapy
    assert header == ["url", "kind"]
    [header, _] = export(article(), fields=["url", "title"])
    assert header == ["url", "title"]


def test_a_value_with_no_column_is_reported_once(caplog: Any) -> None:
    with caplog.at_level(logging.WARNING, logger="scrapy_readability.exporters"):
        export(article(), article(markdown="# x"), article(markdown="# y"))
    [record] = caplog.records
    assert record.getMessage() == (
        "The CSV feed has no column for markdown (chosen per request?); list the columns in FEED_EXPORT_FIELDS"
    )
