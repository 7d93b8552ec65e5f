"""The article spider on four publishers (testkit/publishers.py), as a user runs it: ``scrapy-readability crawl``.

Each publisher is crawled twice with one state directory: once as it is, then
again after it published one more article. The first crawl must find the
articles (recall and precision of at least 95%, the issue's target) and stay
out of the traps; the second must fetch the new article and none it already
has. One pair of crawls per publisher serves every test of this module.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from scrapy_readability.spiders.frontier import STALE_PAGES
from scrapy_readability.spiders.options import SpiderOptions
from testkit.crawling import CrawlResult, crawl_command
from testkit.localserver import LocalSite
from testkit.publishers import (
    ARCHIVE_PAGES,
    PUBLISHERS,
    Publisher,
    requested_articles,
    score,
    served,
)

pytestmark = pytest.mark.slow  # real crawls in subprocesses

QUICK = {"AUTOTHROTTLE_ENABLED": False}  # the polite default waits a second before it adapts to the site
TARGET = 0.95


@dataclass
class Crawls:
    """A publisher and its two crawls, with the requests its server answered during each."""

    publisher: Publisher
    site: LocalSite
    first_truth: set[str]  # the articles at the time of the first crawl
    first: CrawlResult
    first_requests: list[str]
    second: CrawlResult
    second_requests: list[str]

    def path(self, url: str) -> str:
        return url.removeprefix(self.site.url)


@pytest.fixture(scope="module", params=PUBLISHERS)
def crawls(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Crawls]:
    with served(request.param) as (publisher, site):
        folder = tmp_path_factory.mktemp(request.param)
        args = [site.url + "/", "--state", str(folder / "state")]
        truth = publisher.truth()
        first = crawl_command(folder, args, feed="first.jsonl", settings=QUICK)
        first_requests = list(site.requests)
        publisher.publish_new()
        second = crawl_command(folder, args, feed="second.jsonl", settings=QUICK)
        yield Crawls(publisher, site, truth, first, first_requests, second, site.requests[len(first_requests) :])


def test_the_first_crawl_finds_the_articles_and_nothing_else(crawls: Crawls) -> None:
    first = crawls.first
    assert first.returncode == 0, first.log[-3000:]
    assert first.clean, first.log[-3000:]
    urls = [item["url"] for item in first.items]
    result = score(crawls.first_truth, urls, len(crawls.first_requests))
    assert result.recall >= TARGET, sorted(crawls.first_truth - set(urls))
    assert result.precision >= TARGET, sorted(set(urls) - crawls.first_truth)
    assert len(urls) == len(set(urls))  # one item an article
    for item in first.items:
        assert item["title"] and item["text"], item["url"]  # extracted by the pipeline
    stats = first.stats
    assert stats["readability/spider/articles"] == len(urls)
    assert stats["readability/spider/navigation"] > 0
    assert "pages fetched" in first.log and f"{len(urls)} articles" in first.log  # the summary


def test_the_second_crawl_fetches_the_new_article_and_no_known_one(crawls: Crawls) -> None:
    second, publisher = crawls.second, crawls.publisher
    assert second.returncode == 0, second.log[-3000:]
    assert [item["url"] for item in second.items] == [publisher.new_article]
    assert requested_articles(publisher, crawls.second_requests) == [crawls.path(publisher.new_article)]
    known = second.stats["readability/spider/skipped/known"]
    assert known >= len(crawls.first.items) - 1  # each known article reached again was skipped, not fetched
    assert f"{known} already known" in second.log
    assert len(crawls.second_requests) < len(crawls.first_requests)


def test_each_shape_is_discovered_its_own_way(crawls: Crawls) -> None:
    stats, requests = crawls.first.stats, crawls.first_requests
    found = len(crawls.first.items)
    name = crawls.publisher.name
    if name == "gazette":  # the index, its gzipped children and the news sitemap; robots.txt obeyed
        assert stats["readability/spider/discovered/sitemap"] >= found
        assert {"/sitemaps/posts-1.xml.gz", "/sitemaps/news.xml"} <= set(requests)
        assert not [path for path in requests if path.startswith("/drafts/")]
        assert stats["robotstxt/forbidden"] == 1
    elif name == "weekly":  # both feeds, from <link rel=alternate>; the usual feed places not tried
        assert stats["readability/spider/discovered/feed"] == found
        assert {"/feeds/rss.xml", "/feeds/atom.xml"} <= set(requests) and "/feed" not in requests
    elif name == "daily":  # links only: categories, their pages, and an article linked from an article only
        assert stats["readability/spider/discovered/links"] >= found
        assert "/category/world/page/2/" in requests
        assert not [path for path in requests if path.startswith("/feeds")]
    else:  # times: tracking parameters, session IDs, print and AMP views are duplicates, not requests
        assert stats["readability/spider/duplicates/url"] > 0
        assert not [path for path in requests if path.startswith("/amp/")]


@pytest.mark.parametrize("crawls", ["times"], indirect=True)
def test_traps_are_followed_no_further_than_their_bounds(crawls: Crawls) -> None:
    requests, stats = crawls.first_requests, crawls.first.stats
    limit = SpiderOptions().trap_limit
    calendar = [path for path in requests if path.startswith(("/calendar/", "/events"))]
    assert 0 < len(calendar) <= limit
    archive = [path for path in requests if path.startswith("/archive")]
    assert len(archive) <= ARCHIVE_PAGES + STALE_PAGES  # the pages with stories, then two without
    assert not [path for path in requests if path.startswith("/search")]
    assert not [path for path in requests if "jsessionid" in path.lower() or "sid=" in path]
    assert not [path for path in requests if "utm_" in path or "fbclid" in path]
    for kind in ("calendar", "search", "exhausted", "session_id"):
        assert stats[f"readability/spider/traps/{kind}"] > 0, kind
    assert (
        f"{sum(v for k, v in stats.items() if k.startswith('readability/spider/traps/'))} crawler traps"
        in crawls.first.log
    )


@pytest.mark.parametrize("crawls", ["times"], indirect=True)
def test_the_print_only_article_is_yielded_under_its_canonical_url(crawls: Crawls) -> None:
    oldest = min(crawls.publisher.articles.values(), key=lambda story: story.date)
    canonical = f"{crawls.publisher.base}/news/{oldest.slug}"
    assert f"/print/news/{oldest.slug}" in crawls.first_requests  # its only link
    assert f"/news/{oldest.slug}" not in crawls.first_requests  # not fetched again for its canonical URL
    assert canonical in [item["url"] for item in crawls.first.items]
