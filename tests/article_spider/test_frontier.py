"""The frontier's decisions, URL by URL: each counted under its reason."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import pytest

from scrapy_readability.spiders.frontier import STALE_PAGES, Frontier
from scrapy_readability.spiders.options import SpiderOptions
from scrapy_readability.spiders.state import KnownArticles

SITE = "https://news.example"


def frontier(known: KnownArticles | None = None, **options: object) -> tuple[Frontier, Counter[str]]:
    counts: Counter[str] = Counter()
    made = Frontier(SpiderOptions.build(**options), known or KnownArticles(), lambda name: counts.update([name]))
    made.add_site(SITE + "/")
    return made, counts


def test_each_page_is_requested_once_in_its_clean_form() -> None:
    f, counts = frontier()
    assert f.admit(SITE + "/a?utm_source=x", "links") == SITE + "/a"
    assert f.admit(SITE + "/a", "links") is None  # the same page
    assert f.admit(SITE + "/a?utm_source=y", "links") is None
    assert f.admit(SITE + "/amp/a", "links") is None
    assert f.admit(SITE + "/a?utm_source=y", "links") is None  # a variant is counted once
    assert counts == Counter({"discovered/links": 1, "duplicates/url": 2})


def test_refusals_by_reason() -> None:
    f, counts = frontier(allow=[r"/news/"], deny=[r"/news/private/"], max_depth=2)
    assert f.admit("https://other.example/news/a", "links") is None
    assert f.admit(SITE + "/blog/a", "links") is None
    assert f.admit(SITE + "/news/private/a", "links") is None
    assert f.admit(SITE + "/news/search?q=x", "links") is None
    assert f.admit(SITE + "/news/a", "links", depth=3) is None
    assert f.admit(SITE + "/news/a", "links", depth=2) == SITE + "/news/a"  # refused for depth: not decided
    assert f.admit(SITE + "/blog/start", "start") == SITE + "/blog/start"  # start URLs pass the filters
    assert counts == Counter(
        {
            "skipped/offsite": 1,
            "skipped/filtered": 2,
            "traps/search": 1,
            "skipped/depth": 1,
            "discovered/links": 1,
            "discovered/start": 1,
        }
    )


def test_known_and_old_pages_are_not_requested(tmp_path: Path) -> None:
    known = KnownArticles.open(str(tmp_path / "state"))
    known.add(SITE + "/2025/old-news")
    f, counts = frontier(known, since="2025-05-01")
    assert f.admit(SITE + "/2025/old-news?utm_source=rss", "feed") is None
    assert f.admit(SITE + "/2025/april", "sitemap", date=datetime(2025, 4, 30, tzinfo=UTC)) is None
    assert f.admit(SITE + "/2025/may", "sitemap", date=datetime(2025, 5, 1, tzinfo=UTC)) is not None
    assert f.admit(SITE + "/2025/undated", "sitemap") is not None
    assert counts["skipped/known"] == 1 and counts["skipped/old"] == 1


def test_max_pages_counts_every_request_documents_included() -> None:
    f, counts = frontier(max_pages=2)
    assert f.admit_document(SITE + "/robots.txt") is not None
    assert f.admit(SITE + "/a", "links") is not None
    assert f.exhausted
    assert f.admit(SITE + "/b", "links") is None and f.admit_document(SITE + "/sitemap.xml") is None
    assert counts["skipped/max_pages"] == 2


def test_a_sites_calendar_costs_at_most_trap_limit_pages() -> None:
    f, counts = frontier(trap_limit=3)
    admitted = [f.admit(f"{SITE}/calendar/2025/{month:02d}/", "links") for month in range(1, 7)]
    assert sum(url is not None for url in admitted) == 3
    assert counts["traps/calendar"] == 3


def test_a_series_ends_after_two_pages_that_bring_nothing_new() -> None:
    f, counts = frontier()
    page = f"{SITE}/archive?page=1"
    stale = 0
    fetched = [page]
    for number in range(1, 20):
        links = [f"{SITE}/archive?page={number + 1}"]
        if number <= 3:  # the first three pages list stories
            links.append(f"{SITE}/story-{number}")
        queued = f.follow(page, links, depth=1, article=False, stale_run=stale)
        steps = [(url, run) for url, run in queued if "archive" in url]
        if not steps:
            break
        page, stale = steps[0]
        fetched.append(page)
    assert len(fetched) == 3 + STALE_PAGES  # pages 1-3, then two without a story
    assert counts["traps/exhausted"] == 1


def test_a_series_is_bounded_by_trap_limit_even_when_each_page_is_new() -> None:
    f, counts = frontier(trap_limit=5)
    page, fetched = f"{SITE}/list?page=1", 1
    while True:
        number = fetched + 1
        queued = f.follow(page, [f"{SITE}/list?page={number}", f"{SITE}/story-{number}"], depth=1, article=False)
        steps = [url for url, _ in queued if "list" in url]
        if not steps:
            break
        page, fetched = steps[0], fetched + 1
    assert fetched == 1 + 5 and counts["traps/series"] == 1


def test_a_pattern_that_gave_an_article_is_not_a_series() -> None:
    f, _ = frontier(trap_limit=1)
    assert f.claim_article(SITE + "/story/1") == SITE + "/story/1"
    queued = f.follow(SITE + "/story/1", [SITE + "/story/2", SITE + "/story/3"], depth=0, article=False)
    assert [url for url, _ in queued] == [SITE + "/story/2", SITE + "/story/3"]


def test_one_article_one_item_under_its_canonical_url() -> None:
    f, counts = frontier()
    assert f.claim_article(SITE + "/partners/story", SITE + "/story") == SITE + "/story"
    assert f.claim_article(SITE + "/story") is None  # its canonical page, reached later
    assert f.admit(SITE + "/story", "links") is None  # and not requested
    assert f.claim_article(SITE + "/syndicated/story", SITE + "/story") is None  # another copy
    assert f.claim_article(SITE + "/print/other", SITE + "/other") == SITE + "/other"  # a print view
    assert f.claim_article(SITE + "/third", SITE + "/") == SITE + "/third"  # a canonical front page is a mistake
    assert (
        f.claim_article("https://elsewhere.example/x", "https://elsewhere.example/y") == "https://elsewhere.example/x"
    )
    assert counts["duplicates/page"] == 1 and counts["duplicates/canonical"] == 1


def test_articles_are_not_taken_at_navigation_urls() -> None:
    f, _ = frontier()
    assert f.is_article_url(SITE + "/2025/ferry") and not f.is_article_url(SITE + "/tag/ferries/")
    g, _ = frontier(not_articles=[r"^/blog/$"])
    assert g.is_article_url(SITE + "/tag/ferries/") and not g.is_article_url(SITE + "/blog/")


@pytest.mark.parametrize(
    ("start", "path", "navigation"),
    [
        ("/project/", "/project/features/", True),  # a project's site: its top is its folder
        ("/project/", "/project/print.html", True),
        ("/project/", "/project/faq/", True),
        ("/project/", "/project/en/subscribe/", True),
        ("/project/", "/project/docs/features/", False),  # ... deeper, documentation
        ("/project/", "/project/docs/cmd/subscribe.html", False),
        ("/project/", "/project/docs/faq/", False),
        ("/project/", "/project/", False),  # the start page is judged as the front page, not by its URL
        ("/project/index.html", "/project/team/", True),
        ("/blog/ar/", "/blog/en/subscribe/", True),  # a start in a language's folder: the site's top is above
        ("/blog/ar/", "/blog/ar/posts/faq/", False),
        ("/", "/project/faq/", False),  # a site at the host's top
        ("/", "/about/", True),
    ],
)
def test_the_site_top_is_the_start_folder(start: str, path: str, navigation: bool) -> None:
    made = Frontier(SpiderOptions.build(), KnownArticles(), lambda name: None)
    made.add_site(SITE + start)
    assert made.is_article_url(SITE + path) is not navigation


def test_a_short_text_that_pages_share_is_their_templates() -> None:
    f, counts = frontier()
    motto = "Whereof one cannot speak, thereof one must be silent."
    assert f.claim_text(SITE + "/wiki/a", motto) is None
    assert f.claim_text(SITE + "/wiki/b", motto) == SITE + "/wiki/a"
    f.note_listed(SITE + "/wiki/f", "feed")
    assert f.claim_text(SITE + "/wiki/f", motto) == SITE + "/wiki/a"  # a placeholder, however listed
    assert f.claim_text(SITE + "/wiki/c", "Another short note.") is None
    assert f.claim_text(SITE + "/wiki/d", "") is None  # no text: nothing to compare
    assert f.claim_text(SITE + "/wiki/e", "") is None
    long = " ".join(f"word{n}" for n in range(30))
    assert f.claim_text(SITE + "/x", long) is None
    assert f.claim_text(SITE + "/y", long.upper()) == SITE + "/x"
    assert counts["duplicates/template_text"] == 2 and counts["duplicates/content"] == 1
