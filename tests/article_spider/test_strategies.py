"""Every strategy and limit of the article spider, as a user runs it: ``scrapy-readability crawl`` and ``scrapy crawl``.

The sites are the publishers of testkit/publishers.py; each test runs
one or two crawls and looks at the feed, the stats and what the server was
asked for.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from scrapy.http import HtmlResponse
from scrapy.settings import Settings

from scrapy_readability.addon import Addon
from scrapy_readability.spiders import ArticleSpider, ArticleSpiderPipeline
from scrapy_readability.spiders.article import _is_language_home
from testkit.crawling import article_project, crawl, crawl_command
from testkit.localserver import LocalSite, Page, PageLike
from testkit.publishers import Publisher, requested_articles, served

pytestmark = pytest.mark.slow  # real crawls in subprocesses

QUICK = {"AUTOTHROTTLE_ENABLED": False}


@pytest.fixture(scope="module")
def gazette() -> Iterator[tuple[Publisher, LocalSite]]:
    with served("gazette") as running:
        yield running


@pytest.fixture(scope="module")
def weekly() -> Iterator[tuple[Publisher, LocalSite]]:
    with served("weekly") as running:
        yield running


@pytest.fixture(scope="module")
def daily() -> Iterator[tuple[Publisher, LocalSite]]:
    with served("daily") as running:
        yield running


@pytest.fixture(scope="module")
def times() -> Iterator[tuple[Publisher, LocalSite]]:
    with served("times") as running:
        yield running


def test_sitemap_strategy_by_scrapy_crawl_writes_the_commands_feed(
    gazette: tuple[Publisher, LocalSite], tmp_path: Path
) -> None:
    publisher, site = gazette
    before = len(site.requests)
    command = crawl_command(tmp_path, [site.url + "/", "--strategy", "sitemap"], settings=QUICK)
    asked = site.requests[before:]
    project = article_project(tmp_path)
    scrapy = crawl(
        tmp_path,
        "article",
        command="crawl",
        cwd=project,
        start_urls=[site.url + "/"],
        spider_args={"strategy": "sitemap"},
        settings=QUICK,
        feed="scrapy.jsonl",
    )
    assert command.returncode == 0 and scrapy.returncode == 0, scrapy.log[-3000:]
    assert {item["url"] for item in command.items} == publisher.truth()
    assert sorted(command.items, key=lambda item: item["url"]) == sorted(scrapy.items, key=lambda item: item["url"])
    # only what the sitemaps list (the forbidden draft too, which robots.txt then refuses): no link is followed
    documents = {"/robots.txt", "/sitemap_index.xml", *(path for path in asked if path.startswith("/sitemaps/"))}
    assert len(documents) == 6 and "/sections/world" in asked  # a page the sitemap lists, judged navigation
    assert command.stats["readability/spider/discovered/sitemap"] == len(set(asked) - documents) + 1
    assert "readability/spider/discovered/links" not in command.stats


def _portal(port: str) -> dict[str, PageLike]:
    """news.test's one page: links to its blog (a subdomain), to another site and to an address."""
    links = (
        f'<a href="//blog.news.test:{port}/">Our blog</a>',
        f'<a href="//elsewhere.test:{port}/elsewhere-only/">A friend</a>',
        '<a href="mailto:desk@news.test">Write to us</a>',
    )
    items = "".join(f"<li>{link}</li>" for link in links)
    return {
        "/portal.html": Page(f"<html><head><title>News</title></head><body><h1>News</h1><ul>{items}</ul></body></html>")
    }


def test_several_sites_their_subdomains_and_allow_by_scrapy_crawl(tmp_path: Path) -> None:
    """Two start URLs; the daily lives on a subdomain of the first (``subdomains``); ``allow`` keeps its tag and
    author listings out; a link to another site is not followed. Names under ``.test`` all reach 127.0.0.1."""
    with served("daily", "blog.news.test", _portal) as (daily, site), served("weekly", "weekly.test") as (weekly, _):
        result = crawl(
            tmp_path,
            "article",
            command="crawl",
            cwd=article_project(tmp_path),
            start_urls=[daily.url("/portal.html").replace("blog.news.test", "news.test"), weekly.url("/")],
            spider_args={
                "subdomains": "true",
                "allow": r"blog\.news\.test:\d+/($|category/|[^/]+/$) weekly\.test:\d+/posts/",
            },
            settings={**QUICK, "DNS_RESOLVER": "tests.support.resolver.LocalNamesResolver"},
        )
    assert result.clean, result.log[-3000:]
    assert {item["url"] for item in result.items} == daily.truth() | weekly.truth()
    assert "/elsewhere-only/" not in site.requests and result.stats["readability/spider/skipped/offsite"] >= 1
    assert not [path for path in site.requests if path.startswith(("/tag/", "/author/"))]
    assert result.stats["readability/spider/skipped/filtered"] > 0
    assert result.stats["readability/spider/discovered/feed"] > 0  # the weekly's, through its feeds


def test_feed_strategy_skips_entries_older_than_since_without_fetching_them(
    weekly: tuple[Publisher, LocalSite], tmp_path: Path
) -> None:
    publisher, site = weekly
    stories = sorted(publisher.articles.items(), key=lambda pair: pair[1].date)
    since = stories[len(stories) // 2][1].date
    recent = {url for url, story in stories if story.date >= since and url in publisher.truth()}
    before = len(site.requests)
    result = crawl_command(
        tmp_path, [site.url + "/", "--strategy", "feed", "--since", since.date().isoformat()], settings=QUICK
    )
    assert result.returncode == 0, result.log[-3000:]
    assert {item["url"] for item in result.items} == recent
    fetched = requested_articles(publisher, site.requests[before:])
    assert len(fetched) == len(recent)  # the old ones were never requested
    assert result.stats["readability/spider/skipped/old"] == len(publisher.truth()) - len(recent)
    assert "older than --since" in result.log


def test_direct_strategy_takes_a_file_of_urls_as_articles(daily: tuple[Publisher, LocalSite], tmp_path: Path) -> None:
    publisher, site = daily
    chosen = sorted(publisher.truth())[:3]
    urls = tmp_path / "urls.txt"
    urls.write_text(
        "# three articles, one twice, and a PDF\n" + "\n".join(chosen) + f"\n{chosen[0]}?utm_source=mail\n"
        f"{site.url}/files/annual-report.pdf  # not a page\n",
        encoding="utf-8",
    )
    before = len(site.requests)
    result = crawl_command(tmp_path, ["--strategy", "direct", "--urls-file", str(urls)], settings=QUICK)
    assert result.returncode == 0, result.log[-3000:]
    assert sorted(item["url"] for item in result.items) == chosen
    assert f"{site.url}/files/annual-report.pdf is not an HTML page (application/pdf): no article" in result.log
    assert sorted(set(site.requests[before:]) - {"/robots.txt"}) == sorted(
        [url.removeprefix(site.url) for url in chosen] + ["/files/annual-report.pdf"]
    )


def test_max_articles_stops_the_crawl(daily: tuple[Publisher, LocalSite], tmp_path: Path) -> None:
    _, site = daily
    result = crawl_command(tmp_path, [site.url + "/", "--max-articles", "3"], settings=QUICK)
    assert result.returncode == 0, result.log[-3000:]
    assert len(result.items) == 3
    assert result.stats["finish_reason"] == "max_articles"


def test_max_pages_counts_every_request(times: tuple[Publisher, LocalSite], tmp_path: Path) -> None:
    _, site = times
    before = len(site.requests)
    result = crawl_command(tmp_path, [site.url + "/", "--max-pages", "8"], settings=QUICK)
    assert result.returncode in (0, 3), result.log[-3000:]  # 3: the budget ended before any article
    asked = site.requests[before:]
    assert len(asked) <= 8  # robots.txt once, and one of the 8
    assert asked.count("/robots.txt") == 1
    assert result.stats["readability/spider/skipped/max_pages"] > 0
    assert "beyond --max-pages" in result.log
    if result.returncode == 3:
        assert "--max-pages 8 was spent on: " in result.log


def test_deny_and_max_depth(daily: tuple[Publisher, LocalSite], tmp_path: Path) -> None:
    publisher, site = daily
    before = len(site.requests)
    denied = crawl_command(tmp_path, [site.url + "/", "--deny", "/tag/", "--deny", "/author/"], settings=QUICK)
    asked = site.requests[before:]
    assert denied.returncode == 0
    assert not [path for path in asked if path.startswith(("/tag/", "/author/"))]
    assert denied.stats["readability/spider/skipped/filtered"] > 0
    assert {item["url"] for item in denied.items} == publisher.truth()  # categories and related links suffice

    shallow = crawl_command(tmp_path, [site.url + "/", "--max-depth", "1"], feed="shallow.jsonl", settings=QUICK)
    assert shallow.returncode == 0
    assert 0 < len(shallow.items) < len(publisher.truth())  # the front page's latest only
    assert shallow.stats["readability/spider/skipped/depth"] > 0


def test_since_on_the_articles_own_date_and_the_state_remembers_them(
    times: tuple[Publisher, LocalSite], tmp_path: Path
) -> None:
    publisher, site = times
    dates = sorted(story.date for url, story in publisher.articles.items() if url in publisher.truth())
    since = dates[len(dates) // 2] - timedelta(hours=1)
    args = [site.url + "/", "--since", since.isoformat(), "--state", str(tmp_path / "state")]
    first = crawl_command(tmp_path, args, settings=QUICK)
    assert first.returncode == 0, first.log[-3000:]
    kept = {url for url in publisher.truth() if publisher.articles[url].date >= since}
    assert {item["url"] for item in first.items} == kept
    assert first.stats["readability/spider/skipped/old"] == len(publisher.truth()) - len(kept)
    before = len(site.requests)
    second = crawl_command(tmp_path, args, feed="second.jsonl", settings=QUICK)
    assert second.items == [] and requested_articles(publisher, site.requests[before:]) == []


def test_an_earlier_feed_as_the_state_and_an_appended_feed(weekly: tuple[Publisher, LocalSite], tmp_path: Path) -> None:
    publisher, site = weekly
    feed = tmp_path / "articles.jsonl"
    args = [site.url + "/", "--strategy", "feed", "--state", str(feed)]
    first = crawl_command(tmp_path, [site.url + "/", "--strategy", "feed"], feed=feed.name, append=True, settings=QUICK)
    before = len(site.requests)
    again = crawl_command(tmp_path, args, feed=feed.name, append=True, settings=QUICK)
    assert again.returncode == 0, again.log[-3000:]
    assert requested_articles(publisher, site.requests[before:]) == []
    assert len(again.items) == len(first.items)  # the same feed, nothing appended


TELNET = "scrapy.extensions.telnet.TelnetConsole"


def test_the_polite_defaults_and_what_overrides_them() -> None:
    settings = Settings()
    ArticleSpider.update_settings(settings)
    assert settings.getbool("ROBOTSTXT_OBEY") and settings.getbool("AUTOTHROTTLE_ENABLED")
    assert settings.getint("CONCURRENT_REQUESTS_PER_DOMAIN") == 4
    assert settings["USER_AGENT"].startswith("scrapy-readability/")
    assert Addon in settings.getdict("ADDONS") and ArticleSpiderPipeline in settings.getdict("ITEM_PIPELINES")
    project = Settings({"ROBOTSTXT_OBEY": False, "USER_AGENT": "mine", "ADDONS": {TELNET: 5}}, priority="project")
    ArticleSpider.update_settings(project)
    assert not project.getbool("ROBOTSTXT_OBEY") and project["USER_AGENT"] == "mine"
    assert set(project.getdict("ADDONS")) == {TELNET, Addon}  # any loadable class stands for a project's add-on


def test_the_defaults_in_a_real_crawl(weekly: tuple[Publisher, LocalSite], tmp_path: Path) -> None:
    """No setting changed: AutoThrottle on (it starts slow), robots.txt read, the feed written."""
    publisher, site = weekly
    result = crawl_command(tmp_path, [site.url + "/", "--strategy", "feed", "-L", "INFO"])
    assert result.returncode == 0, result.log[-3000:]
    assert "scrapy.extensions.throttle.AutoThrottle" in result.log
    assert "scrapy.downloadermiddlewares.robotstxt.RobotsTxtMiddleware" in result.log
    assert {item["url"] for item in result.items} == publisher.truth()


@pytest.mark.parametrize(
    ("url", "home"),
    [
        ("https://club.example/en/", True),
        ("https://club.example/project/en/", True),
        ("https://club.example/en/?tags=Weekend", False),  # the language's front page filtered by a tag: a listing
        ("https://club.example/posts/en/x/", False),
    ],
)
def test_a_languages_front_page(url: str, home: bool) -> None:
    response = HtmlResponse(url, body=b'<html lang="en"><body><p>Hello</p></body></html>', encoding="utf-8")
    assert _is_language_home(response) is home
