"""feed.page: where a page's publication date is looked for (class words, the headline's box, labels in any
language, glued texts, hAtom, timestamps, scripts, URLs, the title), each on a small page of that shape."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from scrapy_readability import Readability
from scrapy_readability.engine.outputs.feed.dates import parse_date_value, url_date

NOW = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)
URL = "https://news.example/section/ferry"
TITLE = "Ferry timetable changes this weekend"
PARAGRAPH = (
    "<p>The first crossing on Saturday and Sunday will leave at a quarter past eight, half an hour later "
    "than usual, while the pier is repaired. Crossings later in the day run as usual, and tickets bought "
    "online stay valid for the later crossing. The harbour master said the repairs should be finished "
    "within three weeks, weather permitting, and thanked passengers for their patience.</p>"
)


def filler(count: int) -> str:
    """``count`` elements of text without a date, to put a dateline out of the headline's reach."""
    return "".join(f"<div><span>Item {i}</span></div>" for i in range(count // 2))


def date_of(body: str, head: str = "", title: str = TITLE, url: str = URL) -> str | None:
    html = f'<!DOCTYPE html><html lang="en"><head><title>{title}</title>{head}</head><body>{body}</body></html>'
    article = Readability(html, url=url).parse(now=NOW)
    assert article is not None
    return article.date_published


def headed(before: str = "", after: str = "", heading: str = f"<h1>{TITLE}</h1>") -> str:
    """An article whose headline has ``before`` and ``after`` it, each far from it."""
    return f"{before}{filler(200)}{heading}{PARAGRAPH * 3}{filler(200)}{after}"


# --- class words, and the box that holds the headline ------------------------------------------------


def test_a_hosted_blogs_widget_that_holds_the_headline_is_the_article():
    """Blogger wraps its main column in ``class="widget Blog"``: its date header is the post's."""
    body = (
        '<div class="widget Blog" id="Blog1"><div class="blog-posts hfeed">'
        '<h2 class="date-header"><span>Saturday, February 03, 2024</span></h2>'
        + headed(heading=f'<h3 class="post-title">{TITLE}</h3>')
        + "</div></div>"
    )
    assert date_of(body) == "2024-02-03"


def test_a_box_that_holds_the_headline_is_the_articles_whatever_its_class():
    body = f'<div class="blog_teaser_header">{headed(after="<span class=date>3 May 2025</span>")}</div>'
    assert date_of(body) == "2025-05-03"
    body = f'<article class="node node-article commented">{headed(after="<p class=date>3 May 2025</p>")}</article>'
    assert date_of(body) == "2025-05-03"


@pytest.mark.parametrize(
    "box, expected",
    [
        ("uncommented-node", "2025-05-03"),  # "commented" is a status, not the comments
        ("node-commented", "2025-05-03"),
        ("commentlist", None),  # WordPress's list of comments
        ("commentList", None),
        ("comment-body", None),
        ("related_posts", None),
        ("relatedPosts", None),
        ("widget", None),  # a widget that does not hold the headline
        ("sidebar-left", None),
    ],
)
def test_a_class_says_what_a_box_is_by_its_words(box, expected):
    body = headed() + f'<div class="{box}"><span class="date">3 May 2025</span></div>'
    assert date_of(body) == expected


# --- the headline --------------------------------------------------------------------------------------


def test_the_headline_is_found_outside_headings_when_the_only_h1_is_the_logo():
    """The only ``<h1>`` ("Courier") is held in the title "Headline - Courier": the logo. The headline is the
    longest element the title holds, here a ``<p class="title">``; its dateline has no class."""
    body = (
        f'<h1>Courier</h1>{filler(200)}<div><p class="title">{TITLE}</p><p>9 May 2025</p>'
        f"{PARAGRAPH * 3}</div>{filler(200)}"
    )
    assert date_of(body, title=f"{TITLE} - Courier") == "2025-05-09"


def test_a_headline_in_a_definition_term():
    body = f"{filler(200)}<dl><dt>{TITLE}</dt><dd>Posted 9 May 2025</dd></dl>{PARAGRAPH * 3}{filler(200)}"
    assert date_of(body, title=f"{TITLE} | Courier") == "2025-05-09"


# --- labels, ids and date words --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "dateline, expected",
    [
        ("<p>Veröffentlicht am 9. Mai 2025</p>", "2025-05-09"),
        ("<p>Posted on May 9, 2025</p>", "2025-05-09"),
        ("<div>Stand: 09.05.2025</div>", "2025-05-09"),
        ("<span>Publié le 9 mai 2025</span>", "2025-05-09"),
        ("<span>Publicado el 9 de mayo de 2025</span>", "2025-05-09"),
        ("<p>입력 2025.05.09 14:05</p>", "2025-05-09T14:05:00"),
        ('<div id="post-date">9 May 2025</div>', "2025-05-09"),  # an id, not a class, says date
        ('<span class="fecha">9/5/2025</span>', "2025-05-09"),
        ('<span class="data">09/05/2025</span>', "2025-05-09"),  # Portuguese, Italian "data" as a word
        ('<span class="metadata">09/05/2025</span>', None),  # not part of a word
        ('<div class="comments"><p>Posted on May 9, 2025</p></div>', None),  # a comment's
        ("<aside><p>Published May 9, 2025</p></aside>", None),
    ],
)
def test_a_labelled_or_hinted_dateline_far_below_the_headline(dateline, expected):
    assert date_of(headed(after=dateline)) == expected


def test_a_labelled_dateline_after_a_long_run_of_markup():
    stars = "".join(f'<span class="star star-{i}"></span>' for i in range(20))
    assert date_of(headed(after=f"<div>{stars}</div><p>Published: March 3, 2025</p>")) == "2025-03-03"


# --- notations ---------------------------------------------------------------------------------------------


def test_adjacent_elements_texts_are_not_glued():
    """Two elements, "By Jane Roe" and "March 3, 2025": not "RoeMarch 3, 2025"."""
    dateline = '<div class="post-date"><span>By Jane Roe</span><span>March 3, 2025</span></div>'
    assert date_of(headed(after=dateline)) == "2025-03-03"


def test_a_twelve_hour_clock_says_the_month_comes_first():
    assert parse_date_value("4/6/2016 4:00:00 PM", NOW) == "2016-04-06T16:00:00"
    assert parse_date_value("4/6/2016 4:00 p.m.", NOW) == "2016-04-06T16:00:00"
    assert parse_date_value("4/6/2016 16:00", NOW) == "2016-06-04T16:00:00"  # a 24-hour clock: day first


def test_a_date_written_by_a_script():
    script = "<script>document.write('<span>Posted 3 March 2025</span>');</script>"
    assert date_of(headed(after=script)) == "2025-03-03"
    script = "<script>document.write('&copy; 3 March 2025 Courier');</script>"
    assert date_of(headed(after=script)) is None


def test_habbr_and_itemprop_abbr_give_their_title():
    assert date_of(headed(after='<abbr class="published" title="2016-06-13T16:03:00Z">Jun 13</abbr>')) == (
        "2016-06-13T16:03:00+00:00"
    )
    assert date_of(headed(after='<abbr itemprop="datePublished" title="2019-03-03">Mar 3</abbr>')) == "2019-03-03"


@pytest.mark.parametrize(
    "attribute, expected",
    [
        ('data-timestamp-ms="1551607200000"', "2019-03-03T10:00:00+00:00"),
        ('data-published="2019-03-03T10:00:00Z"', "2019-03-03T10:00:00+00:00"),
        ('data-date="2019-03-03"', "2019-03-03"),
    ],
)
def test_more_timestamp_attributes(attribute, expected):
    assert date_of(headed(after=f'<span class="date" {attribute}>Mar 3</span>')) == expected


@pytest.mark.parametrize(
    "url, expected",
    [
        ("https://news.example/2019/world/03/03/ferry-timetable/", "2019-03-03"),
        ("https://news.example/business/la-fi-tn-tech-downturn-20160429-story.html", "2016-04-29"),
        ("https://news.example/story/ferry-20160429", "2016-04-29"),
        ("https://news.example/story/ferry-20161329", None),  # no such month
        ("https://news.example/story/1234520160429", None),  # digits of an id
    ],
)
def test_more_url_shapes(url, expected):
    assert url_date(url, NOW) == expected


def test_a_files_name_is_no_date():
    assert url_date("https://cdn.example/uploads/img-20190303-wa0001.jpg", NOW, page=False) is None
    head = '<meta property="og:image" content="https://cdn.example/uploads/img-20190303-wa0001.jpg">'
    assert date_of(headed(), head=head) is None


def test_the_documents_title_last():
    assert date_of(headed(), title=f"{TITLE} | 3 May 2025") == "2025-05-03"
    assert date_of(headed(), title=f"{TITLE} | © 2025 Courier") is None
    assert date_of(headed(), title=f"{TITLE} 2025") is None  # a year alone is no date
