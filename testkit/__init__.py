"""What tests/ and benchmarks/ share: the local server, the synthetic sites, the crawl runner, the page corpora.

A top-level package of the repository, not of the wheel (``scrapy_readability``
ships without it): it holds test data and test-only dependencies (html5lib,
a Redis server) that a user of the package never needs, and benchmarks/ may
import it where it may not import tests/ (tests/test_boundaries.py). Both find
it on ``sys.path`` at the repository's root: pytest puts it there (tests/ is a
package), the benchmarks put it there themselves, and crawls in subprocesses
get it through ``PYTHONPATH`` (``testkit.crawling``).
"""
