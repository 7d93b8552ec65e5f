"""The add-on: both components at their priorities, UTF-8 feeds, and the project's own settings win."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from scrapy.utils.test import get_crawler

from scrapy_readability import Addon, ReadabilityMiddleware, ReadabilityPipeline

ADDONS = {"scrapy_readability.Addon": 0}


def settings_with_addon(**project: Any) -> Any:
    return get_crawler(settings_dict={"ADDONS": ADDONS, **project}).settings


def test_enables_both_components_and_utf8_feeds():
    settings = settings_with_addon()
    assert settings.getdict("DOWNLOADER_MIDDLEWARES") == {ReadabilityMiddleware: 545}
    assert settings.getdict("ITEM_PIPELINES") == {ReadabilityPipeline: 200}
    assert settings["FEED_EXPORT_ENCODING"] == "utf-8"


def test_project_settings_win():
    settings = settings_with_addon(
        DOWNLOADER_MIDDLEWARES={"scrapy_readability.ReadabilityMiddleware": None},
        ITEM_PIPELINES={"scrapy_readability.pipeline.ReadabilityPipeline": 800, "myproject.Store": 900},
        FEED_EXPORT_ENCODING="latin-1",
    )
    assert settings.getdict("DOWNLOADER_MIDDLEWARES") == {"scrapy_readability.ReadabilityMiddleware": None}
    assert settings.getdict("ITEM_PIPELINES") == {
        "scrapy_readability.pipeline.ReadabilityPipeline": 800,
        "myproject.Store": 900,
    }
    assert settings["FEED_EXPORT_ENCODING"] == "latin-1"


def test_addon_class_is_importable_by_path():
    assert Addon.__module__ == "scrapy_readability.addon"


def test_importing_the_package_does_not_import_scrapy():
    code = "import sys, scrapy_readability, scrapy_readability.engine; print('scrapy' in sys.modules)"
    root = Path(__file__).resolve().parents[1]
    result = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
