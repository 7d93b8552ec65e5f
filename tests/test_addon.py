"""The add-on: both components at their priorities, UTF-8 feeds, and the project's own settings win."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from scrapy.utils.test import get_crawler

from scrapy_readability import Addon, ReadabilityMiddleware, ReadabilityPipeline, ReadabilitySpiderMiddleware
from scrapy_readability.exporters import ArticleCsvItemExporter

ADDONS = {"scrapy_readability.Addon": 0}


def settings_with_addon(**project: Any) -> Any:
    return get_crawler(settings_dict={"ADDONS": ADDONS, **project}).settings


def test_enables_the_components_utf8_feeds_and_the_csv_exporter():
    settings = settings_with_addon()
    assert settings.getdict("DOWNLOADER_MIDDLEWARES") == {ReadabilityMiddleware: 545}
    assert settings.getdict("SPIDER_MIDDLEWARES") == {ReadabilitySpiderMiddleware: 10}
    assert settings.getdict("ITEM_PIPELINES") == {ReadabilityPipeline: 200}
    assert settings["FEED_EXPORT_ENCODING"] == "utf-8"
    assert settings.getdict("FEED_EXPORTERS") == {"csv": ArticleCsvItemExporter}


def test_project_settings_win():
    settings = settings_with_addon(
        DOWNLOADER_MIDDLEWARES={"scrapy_readability.ReadabilityMiddleware": None},
        SPIDER_MIDDLEWARES={"scrapy_readability.ReadabilitySpiderMiddleware": None},
        ITEM_PIPELINES={"scrapy_readability.pipeline.ReadabilityPipeline": 800, "myproject.Store": 900},
        FEED_EXPORT_ENCODING="latin-1",
        FEED_EXPORTERS={"csv": "myproject.CsvExporter", "xlsx": "myproject.XlsxExporter"},
    )
    assert settings.getdict("DOWNLOADER_MIDDLEWARES") == {"scrapy_readability.ReadabilityMiddleware": None}
    assert settings.getdict("ITEM_PIPELINES") == {
        "scrapy_readability.pipeline.ReadabilityPipeline": 800,
        "myproject.Store": 900,
    }
    assert settings["FEED_EXPORT_ENCODING"] == "latin-1"
    assert settings.getdict("SPIDER_MIDDLEWARES") == {"scrapy_readability.ReadabilitySpiderMiddleware": None}
    assert settings.getdict("FEED_EXPORTERS") == {"csv": "myproject.CsvExporter", "xlsx": "myproject.XlsxExporter"}


def test_the_csv_exporter_joins_the_projects_own_exporters():
    settings = settings_with_addon(FEED_EXPORTERS={"xlsx": "myproject.XlsxExporter"})
    assert settings.getdict("FEED_EXPORTERS") == {"xlsx": "myproject.XlsxExporter", "csv": ArticleCsvItemExporter}


def test_addon_class_is_importable_by_path():
    assert Addon.__module__ == "scrapy_readability.addon"


def test_importing_the_package_does_not_import_scrapy():
    code = (
        "import sys, scrapy_readability, scrapy_readability.engine; "
        "print('scrapy' in sys.modules or 'parsel' in sys.modules)"
    )
    root = Path(__file__).resolve().parents[1]
    result = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
