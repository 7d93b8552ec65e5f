"""The article spider on real sites of the corpus (benchmarks/realsites/), as a user runs it.

Each site is a public repository's built HTML at a pinned commit, extracted
from its snapshot and served on 127.0.0.1 as GitHub Pages would serve it
(``benchmarks/realsites/corpus.py``). A site whose snapshot is not on this
machine (``REALSITES_MIRRORS``, else ``/work/.mirror``) is skipped, saying which
repository to fetch; the whole corpus is the benchmark's
(``benchmarks/realsites.py``). These few stand for the failures the corpus was
built from: a theme that says ``og:type website`` on every page, short posts
only the feed lists, pages linked as ``/x/`` and ``/x/index.html``, a template
that names two canonical URLs, a right-to-left and a CJK blog, short reference
pages a documentation site lists nowhere but in its menus. A site whose
manifest names a ``fix`` (the one flag that mends what the defaults get wrong
there) is crawled with it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from benchmarks.realsites import corpus
from testkit.crawling import CrawlResult, article_project, crawl, crawl_command

pytestmark = pytest.mark.slow  # real crawls in subprocesses

QUICK = {"AUTOTHROTTLE_ENABLED": False}
SITES = (
    "silocitylabs-blog",
    "0x7df",
    "oda-docs",
    "mehdix-fa",
    "ddaa-zhtw",
    "trpl-zh-cn",
    "barotsis-zola",
    "sfall-wiki",
    "kevinguo-jekyll-zh",  # a feed of the ten newest posts: older short posts are posts still
)


@contextmanager
def served(name: str) -> Iterator[tuple[corpus.LocalSite, set[str]]]:
    """The site running, and its articles' paths. ``running.site.fix``: the flags its manifest says it needs."""
    (site,) = corpus.load_sites([name])
    try:
        docroot = corpus.materialise(site)
    except corpus.NotAvailable as missing:
        pytest.skip(str(missing))
    truth = corpus.truth_paths(site, docroot)
    with corpus.serve(site, docroot) as running:
        yield running, set(truth.paths)


def check(result: CrawlResult, running: corpus.LocalSite, truth: set[str]) -> corpus.Score:
    assert result.returncode == 0, result.log[-3000:]
    assert result.clean, result.log[-3000:]
    score = corpus.score(running.origin, truth, result.items)
    assert score.recall >= 0.95 and score.precision >= 0.95, (score.missed[:10], score.extra[:10])
    assert score.duplicates == 0 and score.same_text == 0
    return score


@pytest.mark.parametrize("name", SITES)
def test_every_article_once(name: str, tmp_path: Path) -> None:
    with served(name) as (running, truth):
        result = crawl_command(tmp_path, [running.url, *running.site.fix], settings=QUICK, timeout=300)
        check(result, running, truth)
        asked = [request.path for request in running.requests]
    assert asked.count("/robots.txt") <= 1
    assert "scrapy-readability crawl: " in result.log


def test_scrapy_crawl_article_on_a_real_site(tmp_path: Path) -> None:
    with served("0x7df") as (running, truth):
        result = crawl(
            tmp_path,
            "article",
            command="crawl",
            cwd=article_project(tmp_path),
            start_urls=[running.url],
            settings=QUICK,
            feed="scrapy.jsonl",
            timeout=300,
        )
        check(result, running, truth)
