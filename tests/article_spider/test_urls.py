"""URLs as the article spider sees them: what it requests, when two URLs are one page, which are traps."""

from __future__ import annotations

import pytest

from scrapy_readability.spiders.urls import (
    NOT_ARTICLE_URLS,
    POSTS_SITEMAP,
    SUBJECT_INDEX,
    Site,
    clean_url,
    compile_patterns,
    matches_any,
    one_slash,
    path_and_query,
    trap_kind,
    url_key,
    url_template,
)


@pytest.mark.parametrize(
    ("url", "cleaned", "tracking", "session"),
    [
        ("https://news.example/a?utm_source=x&utm_medium=y#top", "https://news.example/a", True, False),
        ("https://news.example/a?id=7&fbclid=IwAR0&gclid=x&mc_eid=1", "https://news.example/a?id=7", True, False),
        ("https://news.example/a?b=2&a=1", "https://news.example/a?b=2&a=1", False, False),  # order kept
        ("https://news.example/a?PHPSESSID=ab12&x=1", "https://news.example/a?x=1", False, True),
        ("https://news.example/a;jsessionid=0A1B?x=1", "https://news.example/a?x=1", False, True),
        ("https://news.example/a?q=a%20b&UTM_Campaign=z", "https://news.example/a?q=a%20b", True, False),
        (
            "https://news.example/a?ref=home",
            "https://news.example/a?ref=home",
            False,
            False,
        ),  # not a tracker everywhere
    ],
)
def test_clean_url_drops_trackers_session_ids_and_the_fragment(
    url: str, cleaned: str, tracking: bool, session: bool
) -> None:
    assert clean_url(url) == clean_url(url).__class__(cleaned, tracking, session)


@pytest.mark.parametrize(
    "variant",
    [
        "https://www.news.example/2025/ferry",
        "http://news.example/2025/ferry/",
        "https://news.example:443/2025/ferry?utm_source=rss",
        "https://news.example/2025/ferry#comments",
        "https://news.example/amp/2025/ferry",
        "https://news.example/2025/ferry/amp",
        "https://news.example/2025/ferry?amp=1",
        "https://news.example/2025/ferry?outputType=amp",
        "https://news.example/print/2025/ferry",
        "https://news.example/2025/ferry?print=1",
        "https://news.example/2025/ferry/print/",
        "https://news.example/2025/ferry?page=1",
        "https://news.example/2025/ferry;jsessionid=XYZ",
        "https://news.example//2025//ferry",  # a template's doubled slash: web servers read one
    ],
)
def test_one_page_has_one_key(variant: str) -> None:
    assert url_key(variant) == url_key("https://news.example/2025/ferry")


@pytest.mark.parametrize(
    "other",
    [
        "https://news.example/2025/ferry?page=2",
        "https://news.example/2025/ferry-times",
        "https://news.example:8080/2025/ferry",
        "https://sport.news.example/2025/ferry",
        "https://news.example/2025/ferry?id=2",
        "https://news.example/2025/ferry/print.html",  # a page named print: a chapter on printing
    ],
)
def test_other_pages_have_other_keys(other: str) -> None:
    assert url_key(other) != url_key("https://news.example/2025/ferry")


def test_a_run_of_slashes_in_a_path_is_one() -> None:
    assert one_slash("https://news.example//2025/ferry.html?a=1") == "https://news.example/2025/ferry.html?a=1"
    assert one_slash("https://news.example/2025/ferry") == "https://news.example/2025/ferry"


def test_the_query_order_does_not_make_another_page() -> None:
    assert url_key("https://n.example/list?b=2&a=1") == url_key("https://n.example/list?a=1&b=2")


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("/search?q=ferry", "search"),
        ("/?s=ferry", "search"),
        ("/suche/fahrplan", "search"),
        ("/de/suche/fahrplan", "search"),  # below a language's or a project's folder
        ("/docs/reference/search", None),  # ending a deeper path: one page (a page on search), its results a query
        ("/theme/plugins/search/the-search-plugin/", None),  # deeper: a page about searching
        ("/calendar/2025/05/", "calendar"),
        ("/events/2025-05-14", "calendar"),
        ("/events/month/2025-05/", "calendar"),
        ("/news?date=2025-05-14", "calendar"),
        ("/2025/05/", "calendar"),  # a date archive
        ("/a/b/a/b/a/b", "repeating_path"),
        ("/events/2025/05/14/harbour-festival-opens", None),  # an article about an event
        ("/2025/05/14/ferry-times.html", None),
        ("/calendar", None),  # the calendar's own page
        ("/news/ferry?id=7", None),
    ],
)
def test_trap_kinds(path: str, kind: str | None) -> None:
    assert trap_kind("https://news.example" + path) == kind


def test_a_series_shares_a_template_and_an_article_has_its_own() -> None:
    assert url_template("https://n.example/news?page=7") == url_template("https://n.example/news?page=8")
    assert url_template("https://n.example/calendar/2024/05/") == url_template("https://n.example/calendar/2031/11/")
    assert url_template("https://n.example/2025/05/ferry") != url_template("https://n.example/2025/05/tides")


@pytest.mark.parametrize(
    ("path", "navigation"),
    [
        ("/", True),
        ("/index.html", True),
        ("/?utm_source=x", True),
        ("/about", True),
        ("/about-us/", True),
        ("/about-me/", True),
        ("/o-mnie/", True),  # ... in the languages the dates read: Polish
        ("/ueber-mich/", True),
        ("/codigo-de-conduta/", True),
        ("/book/about-the-author/", True),  # a book's page about its author
        ("/author/", True),  # a blog's page about its author
        ("/blog/authoring-tools/", False),
        ("/book/support-the-project/", True),
        ("/posts/about-me-and-my-bike/", False),
        ("/about/Education.html", True),  # the pages of an about section
        ("/post/projects/harbour-bot/", False),  # a blog's posts about its projects
        ("/projects/harbour-bot.html", False),  # ... a project's own page: judged by what it holds
        ("/projects/", True),  # ... the index of a person's projects, at the top of the site
        ("/uk/projects/", True),  # ... or of a language's
        ("/docs/projects/", False),  # ... deeper, a documentation's page about projects
        ("/projects-i-loved-in-2024/", False),
        ("/consultancy/", True),  # a freelancer's offer, at the top
        ("/consult.html", True),
        ("/blog/consulting/", False),
        ("/contact.html", True),
        ("/login", True),
        ("/tag/climate/", True),
        ("/category/world/page/3/", True),
        ("/authors/jane-doe", True),
        ("/news?page=2", True),
        ("/kalender/?tags=Brettspiele", True),  # a listing filtered by a tag or a category
        ("/?cat=3", True),
        ("/?p=7&category=", False),
        ("/blog/page/4/", True),
        ("/news/2025/ferry", False),
        ("/2007/11/25/", True),  # a day's archive
        ("/blog/2024/05/", True),  # a month's
        ("/2024/", False),  # a bare year may be a course's
        ("/2024/05/ferry/", False),
        ("/news/about-the-election", False),
        ("/category/world/2025/ferry-times", False),  # an article under its category
        ("/?p=123", False),  # WordPress's article URLs
        ("/category/uncategorized/index.html", True),  # a static copy's listing: /x/index.html is /x/
        ("/blog/tag/gimp/index.htm", True),
        ("/code-of-conduct/", True),
        ("/team", True),  # a project's own pages, at its top
        ("/features/", True),
        ("/download/plugins/", True),
        ("/docs/core/features.html", False),  # ... deeper, documentation
        ("/docs/team-workflow/", False),
        ("/ar/portfolio/landing-page-project/", True),
        ("/project/tags/", True),
        ("/print.html", True),  # a print view: a whole book on one page
        ("/en/docs/guides/_print/", True),  # ... or a section (Docsy)
        ("/faq/", True),  # the site's help, at its top or a language's
        ("/en/subscribe/", True),
        ("/cookies/", True),
        ("/docs/faq/", False),  # ... deeper, a documentation's subjects
        ("/docs/cmd/subscribe.html", False),
        ("/docs/cookies.html", False),
        ("/reference/profile/", False),
        ("/docs/api/print/", False),
        ("/speaking/", True),  # a person's own pages at the top of the site
        ("/uses", True),
        ("/blog/now-and-then/", False),
        ("/th/connect/", True),  # where to follow them, the friends' blogs, a CV's versions
        ("/links/", True),
        ("/friends.html", True),
        ("/cv/short.html", True),
        ("/docs/links/", False),
        ("/blog/connect-to-the-database/", False),
        ("/etiquetas/", True),  # the same pages in other languages
        ("/etiquetas/python/", True),
        ("/sobre/", True),
        ("/de/kategorie/politik/", True),
        ("/fr/a-propos/", True),
        ("/blog/sobre-el-clima-de-2024/", False),
        ("/categories", True),
        ("/en/terms-and-conditions/", True),
        ("/portfolio-review-of-2024/", False),
        ("/theme/archives/2013/01/", True),  # an archive's month (Hexo), year, day, pages
        ("/archive/2024/", True),
        ("/archives/2020/03/14/page/2/", True),
        ("/course/lessons/2025/", False),  # a bare year: a course's lessons of that year
        ("/archives/2020/03/a-post/", False),
        ("/page2/", True),  # Jekyll's pagination
        ("/author/leodanis-pozo-ramos/8/", True),  # ... a listing's pages numbered alone (Pelican)
        ("/tag/python/page/2/", True),
        ("/blog/page-two-of-the-manual/", False),
    ],
)
def test_pages_that_are_never_articles(path: str, navigation: bool) -> None:
    patterns = compile_patterns(NOT_ARTICLE_URLS)
    assert matches_any(patterns, path_and_query("https://news.example" + path)) is navigation


@pytest.mark.parametrize(
    ("path", "index"),
    [("/tags/", True), ("/docs/keywords", True), ("/etiquetas/", True), ("/tags/sea/", False), ("/tagsoup/", False)],
)
def test_an_index_of_tags_or_topics(path: str, index: bool) -> None:
    """A listing of tags, or in a documentation a page about tags: the page's shape tells (verdicts.py)."""
    assert (SUBJECT_INDEX.search(path_and_query("https://docs.example" + path)) is not None) is index
    assert any(pattern == SUBJECT_INDEX.pattern for pattern in NOT_ARTICLE_URLS)  # one list


def test_a_directory_and_its_index_file_are_one_page() -> None:
    assert (
        url_key("https://n.example/x/index.html") == url_key("https://n.example/x/") == url_key("https://n.example/x")
    )
    assert url_key("https://n.example/index.php?p=3") == url_key("https://n.example/?p=3")
    assert url_key("https://n.example/x/index.html") != url_key("https://n.example/x/other.html")


def test_a_site_is_its_host_without_www_and_with_subdomains_on_request() -> None:
    site = Site.of("https://www.news.example/front")
    assert site.contains("http://news.example/a") and site.contains("https://www.news.example/b")
    assert not site.contains("https://sport.news.example/c")
    assert not site.contains("https://news.example.evil/d")
    assert Site.of("https://news.example/", subdomains=True).contains("https://sport.news.example/c")


@pytest.mark.parametrize(
    ("path", "posts"),
    [
        ("/post-sitemap.xml", True),  # Yoast, Rank Math
        ("/post-sitemap2.xml", True),
        ("/wp-sitemap-posts-post-1.xml", True),  # WordPress's own
        ("/blog/sitemap-posts.xml", True),  # Ghost, Jigsaw
        ("/sitemap_posts.xml.gz", True),
        ("/page-sitemap.xml", False),
        ("/wp-sitemap-posts-page-1.xml", False),  # WordPress's pages
        ("/sitemap-tags.xml", False),
        ("/sitemap.xml", False),
        ("/posts/sitemap.xml", False),  # a section's sitemap: its name says nothing
        ("/guestpost-sitemap.xml", False),
    ],
)
def test_a_sitemap_named_for_the_posts(path: str, posts: bool) -> None:
    assert (POSTS_SITEMAP.search(path) is not None) is posts
