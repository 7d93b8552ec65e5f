"""feed.page: the page's own date, not another item's (a list of posts, a teaser, an embedded post, a comment);
the day the page shows against the same instant in UTC; short and split datelines. Each on a small page of
that shape."""

from __future__ import annotations

import pytest

from scrapy_readability.engine.outputs.feed.dates import find_text_date
from tests.engine.outputs.test_feed_date_places import NOW, PARAGRAPH, TITLE, date_of, filler

H1 = f"<h1>{TITLE}</h1>"


def items(dates: list[str], tag: str = "li", box: str = "ul") -> str:
    """A list of other posts, each a title linking to its page and a ``<time>``."""
    return (
        f"<{box}>"
        + "".join(
            f'<{tag}><a href="/news/story-{i}">Another story about the harbour {i}</a>'
            f' <time datetime="{d}">{d}</time></{tag}>'
            for i, d in enumerate(dates)
        )
        + f"</{box}>"
    )


# --- another item's <time> ------------------------------------------------------------------------------


@pytest.mark.parametrize("tag, box", [("li", "ul"), ("article", "div"), ("article", "section")])
def test_a_list_of_other_posts_before_the_headline_is_not_the_pages_date(tag, box):
    own = '<p class="byline">By Jane Roe <time datetime="2025-05-03">3 May</time></p>'
    body = items(["2025-01-01", "2025-01-02", "2025-01-03"], tag, box) + filler(200) + H1 + own + PARAGRAPH * 3
    assert date_of(body) == "2025-05-03"


def test_a_teaser_whose_title_links_to_another_page():
    teaser = '<div class="card"><h3><a href="/news/other">Another story about the harbour</a></h3>'
    teaser += '<time datetime="2025-01-01">1 Jan</time></div>'
    body = teaser + filler(200) + H1 + '<div><time datetime="2025-05-03">3 May</time></div>' + PARAGRAPH * 3
    assert date_of(body) == "2025-05-03"
    linked = '<a href="/news/other"><h3>Another story about the harbour</h3>'
    linked += '<time datetime="2025-01-01">1 Jan</time></a>'
    body = linked + filler(200) + H1 + '<div><time datetime="2025-05-03">3 May</time></div>' + PARAGRAPH * 3
    assert date_of(body) == "2025-05-03"


def test_a_permalink_around_the_pages_own_time_is_no_teaser():
    own = '<p>Posted on <a href="/2025/05/03/ferry/" rel="bookmark"><time datetime="2025-05-03">May 3</time></a></p>'
    assert date_of(H1 + own + PARAGRAPH * 3) == "2025-05-03"


def test_a_list_of_the_pages_own_dates_is_no_list_of_items():
    meta = (
        '<ul class="meta"><li>By <a href="/author/jane">Jane Roe</a> <time datetime="2025-05-03">3 May</time></li>'
        '<li>Edited <time datetime="2025-05-10">10 May</time></li></ul>'
    )
    assert date_of(H1 + meta + PARAGRAPH * 3) == "2025-05-03"


@pytest.mark.parametrize(
    "embed",
    [
        '<blockquote class="instagram-media"><p>A post shared by the harbour</p>'
        '<time datetime="2025-01-01T10:00:00+00:00">Jan 1, 2025</time></blockquote>',
        '<blockquote class="twitter-tweet"><p>The pier is closed</p>&mdash; Harbour (@harbour) '
        '<a href="https://twitter.example/harbour/status/1">January 1, 2025</a></blockquote>',
        '<div class="embed"><div><span>Harbour</span> <time datetime="2025-01-01">Jan 1, 2025</time></div></div>',
        '<div class="wp-embedded-content"><p>Pier works</p><span class="date">January 1, 2025</span></div>',
    ],
)
def test_an_embedded_post_is_not_the_pages_date(embed):
    url = "https://news.example/2025/05/03/ferry"
    assert date_of(H1 + PARAGRAPH + embed + PARAGRAPH * 2, url=url) == "2025-05-03"


def test_an_embedded_article_inside_the_article():
    body = (
        f"<article>{H1}{PARAGRAPH}<article class='quoted'><h2>Pier works</h2>"
        f"<time datetime='2025-01-01'>Jan 1</time></article>{PARAGRAPH * 2}</article>"
    )
    assert date_of(body, url="https://news.example/2025/05/03/ferry") == "2025-05-03"


@pytest.mark.parametrize("box", ['id="comments"', 'class="reply"', 'class="comment-body"', 'class="replies"'])
def test_a_comments_time_is_not_the_pages_date(box):
    comment = f'<div {box}><p>Nice.</p><time datetime="2025-05-20">20 May</time></div>'
    body = H1 + PARAGRAPH * 3 + comment
    assert date_of(body, url="https://news.example/2025/05/03/ferry") == "2025-05-03"


def test_a_recent_posts_list_right_before_the_headline_with_written_dates():
    recent = "".join(
        f'<li><a href="/news/{i}">Another story about the harbour</a> <span>January {i}, 2025</span></li>'
        for i in range(1, 4)
    )
    body = filler(200) + f"<ul>{recent}</ul>" + H1 + "<p>Posted 3 May 2025</p>" + PARAGRAPH * 3
    assert date_of(body) == "2025-05-03"


def test_the_time_by_the_headline_wins_over_one_far_before_it():
    top = '<div class="topbar"><time datetime="2025-05-31">Saturday</time></div>'
    body = top + filler(200) + H1 + '<div><time datetime="2025-05-03">3 May</time></div>' + PARAGRAPH * 3
    assert date_of(body) == "2025-05-03"


# --- the same instant in UTC and in the page's zone --------------------------------------------------------


def json_ld(value: str) -> str:
    return f'<script type="application/ld+json">{{"@type": "NewsArticle", "datePublished": "{value}"}}</script>'


@pytest.mark.parametrize(
    "value, url, shown, expected",
    [
        # the URL's day, one after the UTC day: a zone east of UTC explains it
        ("2019-03-03T23:30:00Z", "https://news.example/2019/03/04/ferry", "", "2019-03-04"),
        # the dateline a reader sees
        ("2019-03-03T23:30:00Z", "https://news.example/ferry", "<p class=date>4 March 2019</p>", "2019-03-04"),
        # ... with its time: the machine's instant in the zone the two give
        (
            "2019-03-03T23:30:00Z",
            "https://news.example/ferry",
            "<p class=date>4 March 2019, 10:30</p>",
            "2019-03-04T10:30:00+11:00",
        ),
        # west of UTC: the day before
        ("2019-03-04T02:00:00+00:00", "https://news.example/2019/03/03/ferry", "", "2019-03-03"),
        # no zone explains a day after 05:00 UTC (no zone is 19 hours ahead)
        ("2019-03-03T05:00:00Z", "https://news.example/2019/03/04/ferry", "", "2019-03-03T05:00:00+00:00"),
        # two days apart: something else
        ("2019-03-02T23:30:00Z", "https://news.example/2019/03/04/ferry", "", "2019-03-02T23:30:00+00:00"),
        # the same day
        ("2019-03-03T23:30:00Z", "https://news.example/2019/03/03/ferry", "", "2019-03-03T23:30:00+00:00"),
        # a time without a zone: nothing to convert
        ("2019-03-03T23:30:00", "https://news.example/2019/03/04/ferry", "", "2019-03-03T23:30:00"),
    ],
)
def test_the_day_the_page_shows_against_the_same_instant_in_utc(value, url, shown, expected):
    assert date_of(H1 + shown + PARAGRAPH * 3, head=json_ld(value), url=url) == expected


def test_a_times_text_shows_the_local_day_of_its_utc_datetime():
    own = '<p><time datetime="2019-03-03T23:30:00+00:00">March 4, 2019</time></p>'
    assert date_of(H1 + own + PARAGRAPH * 3) == "2019-03-04"


# --- notations ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "dateline, expected",
    [
        ('<span class="date">3.4.19</span>', "2019-04-03"),
        ("<p>Posted: 3.4.19</p>", "2019-04-03"),
        ('<span class="post-date">3.4.19 14:05</span>', "2019-04-03T14:05:00"),
        ("<time>3.4.19</time>", "2019-04-03"),
        ('<span class="date">3/4/19 10:15 AM</span>', "2019-03-04T10:15:00"),
        ("<p>Published 3/4/19 10:15</p>", "2019-03-04T10:15:00"),
        # in running text, a version or a build, not a date
        ("<p>Version 3.4.19 fixes the timetable.</p>", None),
        ("<p>The build of 3/4/19 10:15 failed.</p>", None),
        ('<span class="date">v3.4.19</span>', None),
    ],
)
def test_short_years_only_in_a_dateline(dateline, expected):
    assert date_of(H1 + dateline + PARAGRAPH * 3) == expected


@pytest.mark.parametrize("box", ['<div class="post-date">', "<div>"])
def test_a_date_split_across_elements_with_the_time_between(box):
    dateline = f"{box}<span>3 March</span> <span>10:15</span> <span>2019</span></div>"
    assert date_of(H1 + dateline + PARAGRAPH * 3) == "2019-03-03T10:15:00"


def test_the_time_between_the_day_and_the_year():
    assert find_text_date("3 March 10:15 2019", NOW) == "2019-03-03T10:15:00"
    assert find_text_date("March 3 10:15 2019", NOW) == "2019-03-03T10:15:00"
    assert find_text_date("3.4.19", NOW) is None  # not without a dateline's context
