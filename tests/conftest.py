"""Fixtures shared by the whole suite: the local site every crawl test runs against.

Helpers live in modules next to this file: ``localserver`` (the one HTTP
server), ``crawling`` (the one crawl runner), ``scrapy_site`` (the site's pages).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from localserver import LocalSite, serve
from scrapy_site import PAGES


@pytest.fixture(scope="module")
def site() -> Iterator[LocalSite]:
    """The test site of scrapy_site.py, served for the tests of one module."""
    with serve(PAGES) as running:
        yield running


@pytest.fixture
def engine_logger() -> Iterator[logging.Logger]:
    """The engine's trace logger (``scrapy_readability.engine``), its level put back afterwards."""
    logger = logging.getLogger("scrapy_readability.engine")
    level = logger.level
    yield logger
    logger.setLevel(level)
