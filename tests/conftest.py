"""Fixtures shared by the whole suite: the local site every crawl test runs against.

Helpers live in modules next to this file: ``localserver`` (the one HTTP
server), ``crawling`` (the one crawl runner), ``scrapy_site`` (the site's pages).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from scrapy.utils.reactor import install_reactor

from testkit.localserver import LocalSite, serve
from tests.support.scrapy_site import PAGES


def pytest_report_header() -> str:
    """Which engine the suite runs: the compiled core or pure Python (``SCRAPY_READABILITY_COMPILE`` chooses)."""
    from scrapy_readability.engine import _kernels

    return f"scrapy_readability engine: {_kernels.describe()}, from {Path(_kernels.__file__).parent}"


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (pyproject.toml's default): three test processes for two cores, as the crawl, CLI and browser
    tests spend part of their time waiting on a subprocess. On 2 cores, three runs each: 3 processes 195, 201
    and 205 s; 4 processes 206, 210 and 223 s (each pays its own start-up and collection); one a core was
    slower still (4 min 25 s against 3 min 48 s with two a core, measured earlier)."""
    cores = os.cpu_count() or 1
    return cores + (cores + 1) // 2


FIRST = ("tests/test_typing.py", "tests/contrib/test_crashsafe.py", "tests/engine/outputs/test_sanitize_browser.py")
"""Modules whose tests take 10 to 20 s each: run first, so that none of them is the one test left running at the
end (pytest-xdist hands out the tests in order; mypy's, last by name, ran alone for its last 9 s)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.nodeid.split("::")[0] not in FIRST)  # stable: the order within each part kept


@pytest.fixture(scope="session", autouse=True)
def reactor_for_get_crawler() -> None:
    """Install Scrapy's default reactor where ``get_crawler()`` needs one (Scrapy 2.13.4 to 2.14).

    Later Scrapy versions build an in-process crawler without a reactor; these raise.
    """
    from scrapy.utils.test import get_reactor_settings

    try:
        get_reactor_settings()
    except RuntimeError:
        install_reactor("twisted.internet.asyncioreactor.AsyncioSelectorReactor")


@pytest.fixture(scope="module")
def site() -> Iterator[LocalSite]:
    """The test site of tests/support/scrapy_site.py, served for the tests of one module."""
    with serve(PAGES) as running:
        yield running


@pytest.fixture
def engine_logger() -> Iterator[logging.Logger]:
    """The engine's trace logger (``scrapy_readability.engine``), its level put back afterwards."""
    logger = logging.getLogger("scrapy_readability.engine")
    level = logger.level
    yield logger
    logger.setLevel(level)
