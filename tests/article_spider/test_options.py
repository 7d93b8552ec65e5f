"""The spider's options: one declaration for the spider argument, the setting, the flag and the documentation."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from scrapy.settings import Settings

from scrapy_readability.engine.errors import ReadabilityConfigError
from scrapy_readability.spiders.options import (
    SPIDER_SETTINGS,
    SpiderOptions,
    parse_since,
    spider_options,
    spider_settings_table,
)
from scrapy_readability.spiders.report import rules_table

ROOT = Path(__file__).resolve().parents[2]


def test_an_argument_wins_over_a_setting_which_wins_over_the_default() -> None:
    settings = Settings({"READABILITY_SPIDER_MAX_PAGES": "50", "READABILITY_SPIDER_STRATEGY": "sitemap"})
    options = SpiderOptions.read(settings, {"max_pages": "7"})
    assert (options.max_pages, options.strategy, options.trap_limit) == (7, "sitemap", 30)
    assert SpiderOptions.read(Settings(), {}) == SpiderOptions()


def test_values_from_the_command_line_are_parsed() -> None:
    options = SpiderOptions.read(
        Settings(),
        {"start_urls": "https://a.example/, https://b.example/x", "allow": "/news/ /blog/", "subdomains": "yes"},
    )
    assert options.start_urls == ("https://a.example/", "https://b.example/x")
    assert options.allow == ("/news/", "/blog/") and options.subdomains is True


@pytest.mark.parametrize(
    ("where", "name", "value", "message"),
    [
        (
            "argument",
            "max_pages",
            "many",
            "spider argument max_pages = 'many' is not valid; accepted values: an integer >= 0",
        ),
        ("setting", "READABILITY_SPIDER_TRAP_LIMIT", "0", "READABILITY_SPIDER_TRAP_LIMIT = '0' is not valid"),
        ("argument", "strategy", "crawl", "spider argument strategy = 'crawl' is not valid; accepted values: 'full'"),
        ("argument", "start_urls", "ftp://x.example/", "spider argument start_urls = 'ftp://x.example/' is not valid"),
        ("setting", "READABILITY_SPIDER_DENY", "[unclosed", "READABILITY_SPIDER_DENY = '[unclosed' is not valid"),
    ],
)
def test_a_bad_value_names_where_it_came_from(where: str, name: str, value: str, message: str) -> None:
    with pytest.raises(ReadabilityConfigError, match=re.escape(message)):
        if where == "argument":
            SpiderOptions.read(Settings(), {name: value})
        else:
            SpiderOptions.read(Settings({name: value}), {})


def test_since_takes_dates_times_and_days() -> None:
    assert parse_since("2025-05-01") == datetime(2025, 5, 1, tzinfo=UTC)
    assert parse_since("2025-05-01T08:00:00+02:00") == datetime(2025, 5, 1, 6, tzinfo=UTC)
    assert abs(parse_since("7d") - (datetime.now(UTC) - timedelta(days=7))) < timedelta(minutes=1)  # type: ignore[operator]
    assert parse_since(None) is None


def test_every_setting_is_named_for_the_spider_and_documented() -> None:
    assert [setting.option for setting in SPIDER_SETTINGS] == list(spider_options())
    assert all(setting.name == "READABILITY_SPIDER_" + setting.key.upper() for setting in SPIDER_SETTINGS)
    assert all(setting.flag == "--" + setting.key.replace("_", "-") for setting in SPIDER_SETTINGS)
    document = (ROOT / "docs" / "spider.md").read_text(encoding="utf-8")
    assert spider_settings_table() in document  # python docs/settings_table.py rewrites it
    assert rules_table() in document  # and the rules' table
