"""The feed fields of parse(): each source of each field, their order, and bad input."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scrapy_readability import Readability
from scrapy_readability.engine.outputs.feed.authors import clean_authors, split_names
from scrapy_readability.engine.outputs.feed.constants import CJK, HAN
from scrapy_readability.engine.outputs.feed.language import detect_language, guess_language, language_tag
from scrapy_readability.engine.outputs.feed.page import _written_in as written_in

NOW = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)
URL = "https://news.example/section/ferry"
PARAGRAPH = (
    "<p>The first crossing on Saturday and Sunday will leave at a quarter past eight, half an hour later "
    "than usual, while the pier is repaired. Crossings later in the day run as usual, and tickets bought "
    "online stay valid for the later crossing. The harbour master said the repairs should be finished "
    "within three weeks, weather permitting, and thanked passengers for their patience.</p>"
)


def page(head: str = "", body_before: str = "", article_extra: str = "", html_attrs: str = 'lang="en"') -> str:
    return (
        f"<!DOCTYPE html><html {html_attrs}><head><title>Ferry timetable changes this weekend</title>{head}</head>"
        f"<body>{body_before}<article><h1>Ferry timetable changes this weekend</h1>"
        f"{PARAGRAPH * 3}{article_extra}</article></body></html>"
    )


def fields(html: str, url: str = URL, **options: object):
    article = Readability(html, url=url, **options).parse(now=NOW)
    assert article is not None
    return article


def json_ld(*objects: object) -> str:
    return "".join(f'<script type="application/ld+json">{json.dumps(o)}</script>' for o in objects)


# --- date_published, date_modified ---------------------------------------------------------


@pytest.mark.parametrize(
    "head, body, expected",
    [
        (
            json_ld(
                {"@context": "https://schema.org", "@type": "NewsArticle", "datePublished": "2025-05-09T16:00:00Z"}
            ),
            "",
            "2025-05-09T16:00:00+00:00",
        ),
        (
            json_ld(
                {
                    "@context": "https://schema.org",
                    "@graph": [
                        {"@type": "WebSite", "name": "Courier"},
                        {"@type": ["NewsArticle"], "datePublished": "2025-05-08"},
                    ],
                }
            ),
            "",
            "2025-05-08",
        ),
        (
            json_ld([{"@type": "BreadcrumbList"}, {"@type": "BlogPosting", "datePublished": "2025-05-07"}]),
            "",
            "2025-05-07",
        ),
        (
            json_ld({"@type": "WebPage", "mainEntity": {"@type": "NewsArticle", "datePublished": "2025-05-06"}}),
            "",
            "2025-05-06",
        ),
        (json_ld({"@type": "WebPage", "datePublished": "2025-05-05"}), "", "2025-05-05"),
        (
            '<meta property="article:published_time" content="2025-05-04T10:00:00+02:00">',
            "",
            "2025-05-04T10:00:00+02:00",
        ),
        ('<meta name="DC.date.issued" content="2025-05-03">', "", "2025-05-03"),
        ('<meta name="parsely-pub-date" content="2025-05-02T08:00:00Z">', "", "2025-05-02T08:00:00+00:00"),
        ('<meta itemprop="datePublished" content="2025-05-01">', "", "2025-05-01"),
        ("", '<span itemprop="datePublished" content="2025-04-30">30 April</span>', "2025-04-30"),
        ("", '<time pubdate datetime="2025-04-29T07:00:00-04:00">April 29</time>', "2025-04-29T07:00:00-04:00"),
        ("", '<time datetime="2025-04-28">April 28</time>', "2025-04-28"),
        ("", '<div class="post-date">Posted 27 April 2025, 14:05</div>', "2025-04-27T14:05:00"),
        ("", '<span class="dateline">Berlin, 26.04.2025</span>', "2025-04-26"),
    ],
)
def test_date_published_sources(head, body, expected):
    assert fields(page(head, body)).date_published == expected


def test_date_published_from_the_url_last():
    assert fields(page(), url="https://news.example/2025/04/25/ferry").date_published == "2025-04-25"
    assert fields(page()).date_published is None


def test_json_ld_comes_before_meta_and_meta_before_text():
    head = (
        json_ld({"@type": "NewsArticle", "datePublished": "2025-05-09"})
        + '<meta property="article:published_time" content="2025-05-01">'
    )
    assert fields(page(head, '<p class="date">2 May 2025</p>')).date_published == "2025-05-09"
    head = '<meta property="article:published_time" content="2025-05-01">'
    assert fields(page(head, '<p class="date">2 May 2025</p>')).date_published == "2025-05-01"


def test_an_unreadable_source_gives_way_to_the_next():
    head = (
        json_ld({"@type": "NewsArticle", "datePublished": "2025-13-45"})
        + '<meta property="article:published_time" content="0000-00-00">'
        + '<meta name="pubdate" content="2025-05-02">'
    )
    assert fields(page(head)).date_published == "2025-05-02"


@pytest.mark.parametrize(
    "body",
    [
        '<footer class="date">© 2024 Courier, 1 January 2024</footer>',
        '<div class="copyright-date">1 January 2024</div>',
        '<div class="event-dates">3–5 May 2025</div>',
        '<div class="comment-date">1 May 2025</div>',
        '<span class="date">\u0669 \u0645\u0627\u064a\u0648 \u0662\u0660\u0662\u0665</span>',
    ],
)
def test_no_date_from_copyright_ranges_or_comments(body):
    assert fields(page("", body)).date_published is None


def test_no_date_from_the_future_or_before_1995():
    head = json_ld({"@type": "NewsArticle", "datePublished": "2025-07-01", "dateModified": "1990-01-01"})
    article = fields(page(head))
    assert article.date_published is None
    assert article.date_modified is None


@pytest.mark.parametrize(
    "head, expected",
    [
        (
            json_ld(
                {"@type": "NewsArticle", "datePublished": "2025-05-01", "dateModified": "2025-05-09T09:30:00+01:00"}
            ),
            "2025-05-09T09:30:00+01:00",
        ),
        ('<meta property="article:modified_time" content="2025-05-08">', "2025-05-08"),
        ('<meta property="og:updated_time" content="2025-05-07T00:00:00Z">', "2025-05-07T00:00:00+00:00"),
        ('<meta itemprop="dateModified" content="2025-05-06">', "2025-05-06"),
    ],
)
def test_date_modified_sources(head, expected):
    assert fields(page(head)).date_modified == expected


def test_date_modified_before_date_published_is_dropped():
    head = json_ld({"@type": "NewsArticle", "datePublished": "2025-05-09", "dateModified": "2025-05-01"})
    article = fields(page(head))
    assert (article.date_published, article.date_modified) == ("2025-05-09", None)


def test_date_modified_from_a_time_element():
    body = '<time class="updated" datetime="2025-05-10T08:00:00Z">10 May</time>'
    assert fields(page("", body)).date_modified == "2025-05-10T08:00:00+00:00"


@pytest.mark.parametrize(
    "name, value, expected",
    [
        ("apub:time", "2019-9-7 21:30:50", "2019-09-07T21:30:50"),
        ("firstpublishedtime", "2007-08-20-23:59:59", "2007-08-20T23:59:59"),
        ("published_at", "2025-05-09T16:00:00Z", "2025-05-09T16:00:00+00:00"),
        ("prism.publicationDate", "2025-05-08", "2025-05-08"),
        ("weibo: article:create_at", "2025-05-07 08:00:00", "2025-05-07T08:00:00"),
        ("article:published:time", "2025-05-06", "2025-05-06"),
    ],
)
def test_date_published_from_more_meta_names(name, value, expected):
    assert fields(page(f'<meta name="{name}" content="{value}">')).date_published == expected


def test_a_page_that_says_only_when_it_changed_is_dated_by_that():
    article = fields(page('<meta itemprop="dateUpdate" content="2019-10-08 12:00:57">'))
    assert (article.date_published, article.date_modified) == ("2019-10-08T12:00:57", "2019-10-08T12:00:57")
    article = fields(
        page('<meta property="article:modified_time" content="2025-05-08">', '<p class="date">2 May 2025</p>')
    )
    assert (article.date_published, article.date_modified) == ("2025-05-02", "2025-05-08")  # the page's own first


def test_date_from_a_relative_time_element():
    body = '<relative-time datetime="2020-07-07T12:10:51Z" class="no-wrap">Jul 7, 2020</relative-time>'
    assert fields(page("", body)).date_published == "2020-07-07T12:10:51+00:00"


def filler(count: int) -> str:
    """``count`` elements of text without a date, to put a dateline out of the headline's reach."""
    return "".join(f"<div><span>Item {i}</span></div>" for i in range(count // 2))


def test_the_headline_is_the_heading_the_title_names():
    """The site's logo is the first <h1>; the dateline sits by the article's own headline, far from it."""
    html = (
        '<html lang="en"><head><title>Ferry timetable changes this weekend | Courier</title></head><body>'
        f"<h1>The Valley Courier</h1>{filler(200)}<article><h2>Ferry timetable changes this weekend</h2>"
        f"<p>Saturday 9 May 2025, 14:05</p>{PARAGRAPH * 3}</article></body></html>"
    )
    assert fields(html).date_published == "2025-05-09T14:05:00"


def test_the_first_h1_is_still_read_when_the_titled_heading_has_no_dateline():
    html = (
        '<html lang="en"><head><title>JVNDB-2025-001 - Advisories</title></head><body>'
        f"<h2>JVNDB-2025-001</h2>{filler(200)}<article><h1>An advisory</h1><p>Published 9 May 2025</p>"
        f"{PARAGRAPH * 3}</article></body></html>"
    )
    assert fields(html).date_published == "2025-05-09"


@pytest.mark.parametrize(
    "body, expected",
    [
        ('<span class="date">2017-03-01 14:27:02</span>', "2017-03-01T14:27:02"),
        ('<span class="h-time"> 2019-12-10 07:57:40</span>', "2019-12-10T07:57:40"),
        ('<span class="submitted-by">Submitted on Mon, 2019-01-21 13:49</span>', "2019-01-21T13:49:00"),
        ('<div class="lineinfo date">Do 25.04.24 | 14:07 Uhr</div>', "2024-04-25T14:07:00"),
        ('<article><footer class="entry-footer"><p class="date">3 May 2025</p></footer></article>', "2025-05-03"),
        ('<aside><span class="date">3 May 2025</span></aside>', None),  # a sidebar's
        ('<div class="related"><span class="date">3 May 2025</span></div>', None),
        ('<div class="comments"><span class="date">3 May 2025</span></div>', None),
        ('<footer><span class="date">3 May 2025</span></footer>', None),  # the page's footer
        ('<div id="footer"><span class="date">3 May 2025</span></div>', None),
        ('<span class="date">© 2025 Courier, 3 May 2025</span>', None),
        ('<span class="date">3–5 May 2025</span>', None),
        ('<span class="date">3 May 2031</span>', None),  # after the crawl's clock
        ('<span class="date">3 May 1990</span>', None),
        ('<span class="date">\u0663 May \u0662\u0660\u0662\u0665</span>', None),
    ],
)
def test_a_dateline_far_from_the_headline(body, expected):
    """Out of the headline's reach, an element whose class says date, not in a comment, a list of other
    articles, a sidebar or the page's footer."""
    html = page("", body + filler(200))
    assert fields(html).date_published == expected


@pytest.mark.parametrize(
    "title, body, expected",
    [
        ("常德市金融系统开展活动", "<td>来源: | 发布时间: 2018-05-17 | 浏览次数:</td>", "2018-05-17"),
        ("常德市金融系统开展活动", "<font>发布日期：2019-03-06</font>", "2019-03-06"),
        ("常德市金融系统开展活动", "<div>作者：某某<br>时间：2019年10月31日 23:00</div>", "2019-10-31T23:00:00"),
        ("Ferry timetable changes", "<td>发布时间: 2018-05-17</td>", None),  # labels on Chinese or Japanese pages only
    ],
)
def test_a_labelled_dateline_on_a_chinese_page(title, body, expected):
    html = (
        f"<html><head><title>{title}</title></head><body>{filler(200)}<table><tr>{body}</tr></table>"
        f"<div>{PARAGRAPH * 3}</div></body></html>"
    )
    assert fields(html).date_published == expected


@pytest.mark.parametrize(
    "body, expected",
    [
        ("<dl><dt>配信開始日</dt><dd>2019/3/5</dd></dl>", "2019-03-05"),  # a label, and its value after it
        ("<table><tr><th>公開日</th><td>2019年3月5日</td></tr></table>", "2019-03-05"),
        ("<dl><dt>配信開始日</dt><dd>なし</dd></dl>", None),
        ("<dl><dt>公開日 2019/3/4</dt><dd>2019/3/5</dd></dl>", "2019-03-04"),  # the label's own date first
    ],
)
def test_a_labels_value_in_the_next_element(body, expected):
    html = (
        f"<html><head><title>お米ゴハンの本</title></head><body>{filler(200)}{body}"
        f"<div>{PARAGRAPH * 3}</div></body></html>"
    )
    assert fields(html).date_published == expected


@pytest.mark.parametrize(
    "body, expected",
    [
        ("<p>Filed <time>9 May 2025</time></p>", "2025-05-09"),
        ("<aside><time>9 May 2025</time></aside>", None),  # a sidebar's
        ('<time class="updated">Updated 9 May 2025</time>', None),
    ],
)
def test_the_text_of_a_time_without_datetime_far_from_the_headline(body, expected):
    assert fields(page("", body + filler(200))).date_published == expected


@pytest.mark.parametrize(
    "body, expected",
    [
        # hAtom: the year is in the title, the text says "Jun 13"; "updated" is "published" when there is no other
        (
            '<div class="timestamp updated" title="2016-06-13T1603Z">Jun 13, 4:03 PM EDT</div>',
            "2016-06-13T16:03:00+00:00",
        ),
        ('<abbr class="published date" title="2016-06-13">Jun 13</abbr>', "2016-06-13"),
        ('<time class="entry-date updated">June 13, 2016</time>', "2016-06-13"),
        # a text that tells the reader it is an update's is not the publication's
        ('<span class="updated">Updated June 13, 2016</span>', None),
        ('<div class="timestamp" title="7:46 PM - 20 Jun 2016">Jun 20</div>', None),  # a tooltip, not a machine's
        # the publication's dateline comes before the update's
        ('<span class="updated">June 14, 2016</span><span class="date">June 13, 2016</span>', "2016-06-13"),
    ],
)
def test_an_updated_class_dates_a_page_with_no_other_date(body, expected):
    assert fields(page("", filler(200) + body)).date_published == expected


def test_an_updated_class_holds_the_date_when_its_text_says_published():
    body = '<span class="PostHeader__UpdatedAtText">Published Oct 19, 2022</span>'
    assert fields(page("", body)).date_published == "2022-10-19"
    body = '<span class="PostHeader__UpdatedAtText">Updated Oct 19, 2022</span>'
    assert fields(page("", body)).date_published is None


def test_the_canonical_urls_date_when_the_page_url_has_none():
    """A page fetched under a URL without a date (a tracking link, an AMP page, a mobile host) is dated by its
    canonical URL, where the site's own URL has one."""
    head = '<link rel="canonical" href="https://news.example/2025/04/25/ferry">'
    assert fields(page(head)).date_published == "2025-04-25"
    assert fields(page(head), url="https://news.example/2025/04/24/ferry").date_published == "2025-04-24"
    og = '<meta property="og:url" content="/2025/04/23/ferry-amp">'
    assert fields(page(og)).date_published == "2025-04-23"
    far = '<span class="date">25 April 2025, 10:30</span>' + filler(200)  # the page's dateline first: it has the time
    assert fields(page(head, far)).date_published == "2025-04-25T10:30:00"


@pytest.mark.parametrize(
    "body, expected",
    [
        ('<p class="section-last">2019.03.05</p>', "2019-03-05"),
        ("<div><span>2025年5月9日</span></div>", "2025-05-09"),
        ("<table><tr><td> 2025/05/09 14:30 </td></tr></table>", "2025-05-09T14:30:00"),
        ("<p>2025-05-09</p>", "2025-05-09"),
        ("<span>7/23/2019</span>", None),  # the year last: as often a sidebar's date as the article's
        ("<span>09.05.2025</span>", None),
        ("<p>Updated 2025-05-09</p>", None),  # words: not a date alone (and not a date this source reads)
        ("<p>2025-05-09 to 2025-05-12</p>", None),  # a range
        ("<footer><p>2025-05-09</p></footer>", None),
        ("<span>2031-01-01</span>", None),  # the future
    ],
)
def test_a_date_alone_in_an_element_dates_a_page_that_has_no_other(body, expected):
    """Far from the headline (by it, any text that gives a date is the dateline), on a page in Japanese,
    Chinese or Korean (the others are not searched for them)."""
    for title in ("フェリーの時刻表", "渡轮时刻表", "여객선 시간표"):
        html = page(body_before=body + filler(200)).replace("<title>Ferry", f"<title>{title} Ferry")
        assert fields(html).date_published == expected
    assert fields(page(body_before=body + filler(200))).date_published is None


def test_a_date_alone_comes_after_every_other_source():
    def japanese(html: str) -> str:
        return html.replace("<title>Ferry", "<title>フェリー Ferry")

    alone = "<p>2025.05.01</p>" + filler(200)
    dateline = '<span class="date">3 May 2025</span>' + filler(200)
    assert fields(japanese(page(body_before=alone + dateline))).date_published == "2025-05-03"
    image = '<meta property="og:image" content="https://cdn.example/2025/05/05/pier.jpg">'
    assert fields(japanese(page(image, alone))).date_published == "2025-05-05"
    assert fields(japanese(page(body_before=alone))).date_published == "2025-05-01"


@pytest.mark.parametrize(
    "body, expected",
    [
        ('<span class="_timestamp" data-time="1466522845">Jun 21</span>', "2016-06-21T15:27:25+00:00"),
        ('<abbr class="timestamp" data-utime="1466522845">Tuesday</abbr>', "2016-06-21T15:27:25+00:00"),
        ('<span class="time" data-time-ms="1466522845000">Jun 21</span>', "2016-06-21T15:27:25+00:00"),
        ('<span class="time" data-time="1466522845.5">Jun 21</span>', None),
        ('<span class="time" data-time="99999999999">Jun 21</span>', None),  # 11 digits: no unit
        ('<span class="time" data-time="4102444800">Jun 21</span>', None),  # 2100: the future
        ('<span class="time" data-time="631152000">Jan 1</span>', None),  # 1990: before the web
        ('<span class="time" data-time="١٤٦٦٥٢٢٨٤٥">Jun 21</span>', None),  # digits, not ASCII ones
        ('<span class="time" data-id="1466522845">Jun 21</span>', None),  # a number, not a time
    ],
)
def test_a_timestamps_unix_time_when_its_text_has_no_year(body, expected):
    assert fields(page(body_before=body + filler(200))).date_published == expected
    assert fields(page(body_before=body)).date_published == expected  # by the headline too


@pytest.mark.parametrize(
    "script, expected",
    [
        ('window.DATA = {"title": "x", "pubtime": "2019-09-07 19:02:26"};', "2019-09-07T19:02:26"),
        ("var __$pubtime='2021-01-05 16:59:00';", "2021-01-05T16:59:00"),
        ("_BFD.BFD_INFO = {'ptime' : '2019-12-10 07:57:40'};", "2019-12-10T07:57:40"),
        ('{"publishDate":"2024-02-24T12:00:00.000Z"}', "2024-02-24T12:00:00+00:00"),
        ('{"unpublishDate": "2025-05-01"}', None),  # another key that ends like one
        ('{"pubDate": "0000-00-00"}', None),
        ('{"pubDate": "2031-01-01"}', None),
        ('{"pubDate": "1714751262000"}', None),  # a timestamp: nothing says in what unit
        ('{"updated": "2025-05-01"}', None),
        ("x = 1;" * 1_000_000, None),  # a 6 MB script without a date, quickly
    ],
)
def test_date_from_an_inline_script(script, expected):
    assert fields(page(f"<script>{script}</script>")).date_published == expected


def test_a_script_with_a_source_or_of_json_ld_is_not_read_for_keys():
    head = '<script src="/app.js">{"pubDate": "2025-05-01"}</script>'
    assert fields(page(head)).date_published is None


def test_the_sources_order_after_the_headline():
    far = '<span class="date">3 May 2025</span>' + filler(200)
    script = '<script>{"pubDate": "2025-05-04"}</script>'
    image = '<meta property="og:image" content="https://cdn.example/2025/05/05/pier.jpg">'
    url = "https://news.example/2025/05/02/ferry"
    assert fields(page(script + image, far), url=url).date_published == "2025-05-02"  # the URL first
    assert fields(page(script + image, far)).date_published == "2025-05-03"  # the page's dateline
    assert fields(page(script + image)).date_published == "2025-05-04"  # a script
    assert fields(page(image)).date_published == "2025-05-05"  # the image's URL


@pytest.mark.parametrize(
    "body, expected",
    [
        ('<span class="time">3 hours ago</span>', "2025-06-01"),  # NOW is 12:00 UTC
        ('<span class="time">13 hours ago</span>', "2025-05-31"),
        ('<span class="time">vor 2 Tagen</span>', "2025-05-30"),
        ('<em id="publish_time" class="meta">昨天</em>', "2025-05-31"),
        ('<span class="time">3小时前</span>', "2025-06-01"),
        ('<span class="time">5 years ago</span>', None),  # no day
        ('<span class="time">2 weeks ago</span>', None),
        ('<span class="time">40 days ago</span>', None),
    ],
)
def test_a_relative_dateline_against_the_crawls_clock(body, expected):
    assert fields(page("", body)).date_published == expected


def test_today_and_yesterday_only_where_the_class_says_date_or_time():
    assert fields(page("", "<p>Yesterday</p>")).date_published is None  # a menu's, a heading's word
    assert fields(page("", "<p>3 hours ago</p>")).date_published == "2025-06-01"


def test_a_relative_dateline_comes_last():
    body = '<span class="time">3 hours ago</span>'
    assert fields(page("", body), url="https://news.example/2025/05/02/ferry").date_published == "2025-05-02"


# --- image --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "head, body, expected",
    [
        ('<meta property="og:image" content="/img/lead.jpg">', "", "https://news.example/img/lead.jpg"),
        ('<meta name="twitter:image" content="https://cdn.example/t.jpg">', "", "https://cdn.example/t.jpg"),
        (json_ld({"@type": "NewsArticle", "image": "https://cdn.example/a.jpg"}), "", "https://cdn.example/a.jpg"),
        (
            json_ld({"@type": "NewsArticle", "image": [{"@type": "ImageObject", "url": "https://cdn.example/b.jpg"}]}),
            "",
            "https://cdn.example/b.jpg",
        ),
        (
            json_ld(
                {
                    "@graph": [
                        {"@type": "NewsArticle", "image": {"@id": "https://news.example/#primaryimage"}},
                        {
                            "@type": "ImageObject",
                            "@id": "https://news.example/#primaryimage",
                            "contentUrl": "https://cdn.example/c.jpg",
                        },
                    ]
                }
            ),
            "",
            "https://cdn.example/c.jpg",
        ),
        (
            "",
            '<img itemprop="image" src="https://cdn.example/d.jpg" width="20" height="20">',
            "https://cdn.example/d.jpg",
        ),
        ('<link rel="image_src" href="https://cdn.example/e.jpg">', "", "https://cdn.example/e.jpg"),
        ('<meta property="og:image" content="javascript:alert(1)">', "", None),
        ('<meta property="og:image" content="data:image/png;base64,' + "A" * 2_000_000 + '">', "", None),
        ('<meta property="og:image" content="ftp://cdn.example/f.jpg">', "", None),
    ],
)
def test_image_sources(head, body, expected):
    assert fields(page(head, body)).image == expected


def test_image_from_the_content_when_the_page_names_none():
    extra = (
        '<img src="/icons/logo.png"><img src="/s.jpg" width="40" height="40">'
        '<figure><img src="/photos/pier.jpg" width="800" height="450"></figure>'
    )
    assert fields(page(article_extra=extra)).image == "https://news.example/photos/pier.jpg"
    assert fields(page(article_extra='<img src="javascript:alert(1)">')).image is None


def test_a_bad_page_image_gives_way_to_the_content_image():
    head = '<meta property="og:image" content="javascript:alert(1)">'
    extra = '<img src="https://cdn.example/pier.jpg">'
    assert fields(page(head, article_extra=extra)).image == "https://cdn.example/pier.jpg"


# --- authors ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "head, body, expected",
    [
        (json_ld({"@type": "NewsArticle", "author": {"@type": "Person", "name": "Jane Roe"}}), "", ["Jane Roe"]),
        (
            json_ld(
                {"@type": "NewsArticle", "author": [{"@type": "Person", "name": "Jane Roe"}, {"name": "John Doe"}]}
            ),
            "",
            ["Jane Roe", "John Doe"],
        ),
        (json_ld({"@type": "NewsArticle", "author": "Jane Roe and John Doe"}), "", ["Jane Roe", "John Doe"]),
        (
            json_ld(
                {
                    "@graph": [
                        {"@type": "Article", "author": {"@id": "#jane"}},
                        {"@type": "Person", "@id": "#jane", "name": "Jane Roe"},
                    ]
                }
            ),
            "",
            ["Jane Roe"],
        ),
        ('<meta name="author" content="Jane Roe">', "", ["Jane Roe"]),
        (
            '<meta name="author" content="Jane Roe"><meta name="author" content="John Doe">',
            "",
            ["Jane Roe", "John Doe"],
        ),
        ('<meta property="article:author" content="https://facebook.com/jroe">', "", []),
        ('<meta name="dc.creator" content="Jane Roe">', "", ["Jane Roe"]),
        ("", '<span itemprop="author" itemscope><span itemprop="name">Jane Roe</span></span>', ["Jane Roe"]),
        ("", '<a rel="author" href="/staff/jroe">Jane Roe</a>', ["Jane Roe"]),
        ("", '<p class="byline">By Jane Roe, Senior Reporter</p>', ["Jane Roe"]),
    ],
)
def test_author_sources(head, body, expected):
    assert fields(page(head, body)).authors == expected


def test_the_site_is_no_author():
    head = '<meta property="og:site_name" content="The Valley Courier">' + json_ld(
        {"@type": "NewsArticle", "author": {"@type": "Organization", "name": "The Valley Courier"}}
    )
    assert fields(page(head)).authors == []


@pytest.mark.parametrize(
    "head, expected",
    [
        (
            '<meta property="og:site_name" content="Courier"><meta name="author" content="Associated Press">',
            ["Associated Press"],
        ),
        (
            '<meta property="og:site_name" content="AP News">'
            + json_ld(
                {
                    "@type": "NewsArticle",
                    "author": {"@type": "Organization", "name": "Associated Press"},
                    "publisher": {"@type": "Organization", "name": "Associated Press"},
                }
            ),
            [],
        ),
        (json_ld({"@type": "NewsArticle", "author": {"@type": "Organization", "name": "Reuters"}}), ["Reuters"]),
        ('<meta name="author" content="news.example">', []),  # the page's own host
        ('<meta name="author" content="www.news.example">', []),
        ('<meta name="author" content="other.example">', ["other.example"]),
    ],
)
def test_only_the_pages_own_site_is_no_author(head, expected):
    """A wire agency, or any organisation but the page's publisher, is the author of what it wrote."""
    assert fields(page(head)).authors == expected


def test_yoast_written_by_after_the_byline():
    head = '<meta name="twitter:label1" content="Written by"><meta name="twitter:data1" content="Anna Sleegers">'
    assert fields(page(head)).authors == ["Anna Sleegers"]
    head = '<meta name="twitter:label2" content="Verfasst von"><meta name="twitter:data2" content="Gregor Meier">'
    assert fields(page(head)).authors == ["Gregor Meier"]
    assert fields(page('<meta name="twitter:misc:Written by" content="Dieter Kuckelkorn">')).authors == [
        "Dieter Kuckelkorn"
    ]
    head = '<meta name="twitter:label1" content="Est. reading time"><meta name="twitter:data1" content="4 minutes">'
    assert fields(page(head)).authors == []
    head = '<meta name="twitter:label1" content="Written by"><meta name="twitter:data1" content="Site Editor">'
    assert fields(page(head, '<p class="byline">By Duncan Bell</p>')).authors == ["Duncan Bell"]


@pytest.mark.parametrize(
    "head, body, expected",
    [
        # the declared author is the site itself: the byline a reader sees names the writer
        (
            '<meta name="author" content="Courier">',
            '<p class="author">von David Straub, MDR</p>',
            ["David Straub", "MDR"],
        ),
        (
            "",
            '<cite class="meta-writer-name">By <a href="/jane">Jane Roe</a>, <time>May 9, 2025</time></cite>',
            ["Jane Roe"],
        ),
        # the innermost of nested boxes, and one that says "By" before one that does not
        (
            '<meta name="author" content="Courier">',
            '<div class="authors"><span class="authors__brand">capital</span>'
            '<ul><li class="authors__item"><span>von</span> <span>Jemima Kelly</span></li></ul></div>',
            ["Jemima Kelly"],
        ),
        # the layout's lines stay apart: "By Joe DavidsonWashington Post" is no name
        (
            "",
            '<div class="article_byline"><div>By <span>Joe Davidson</span></div><div>Washington Post</div>'
            "<time>Dec 13, 2016 at 3:45 pm</time></div>",
            ["Joe Davidson", "Washington Post"],
        ),
        # not a photo's credit, a button, a comment's author, a related list's heading
        ('<meta name="author" content="Courier">', '<div class="bildautor">Foto: APA/Jane Roe</div>', []),
        ('<meta name="author" content="Courier">', '<button class="followAuthorBtn">Folgen</button>', []),
        (
            '<meta name="author" content="Courier">',
            '<div class="comments"><span class="comment-author">Joe</span></div>',
            [],
        ),
        ('<meta name="author" content="Courier">', '<div class="author">Related articles</div>', []),
        (
            '<meta name="author" content="Courier">',
            '<figure><figcaption class="author">Jane Roe</figcaption></figure>',
            [],
        ),
    ],
)
def test_a_byline_by_its_class_when_the_declared_author_is_the_site(head, body, expected):
    head = '<meta property="og:site_name" content="Courier">' + head
    assert fields(page(head, body)).authors == expected


def test_the_class_byline_is_not_read_when_an_author_is_declared():
    head = '<meta name="author" content="Jane Roe">'
    assert fields(page(head, '<p class="author">By John Doe</p>')).authors == ["Jane Roe"]


def test_cxense_author_meta():
    head = '<meta name="author" content="Courier"><meta name="cXenseParse:author" content="松岡大地">'
    assert fields(page('<meta property="og:site_name" content="Courier">' + head)).authors == ["松岡大地"]


def test_follow_buttons_and_published_labels_are_no_names():
    assert split_names("中国广州发布 | 关注") == ["中国广州发布"]
    assert split_names("Jane Roe + Follow") == ["Jane Roe"]
    assert split_names("发布于") == []


def test_three_hundred_authors_are_cut_to_fifty():
    head = json_ld(
        {
            "@type": "NewsArticle",
            "author": [{"name": f"Author Number{chr(65 + i % 26)}{chr(65 + i // 26)}"} for i in range(300)],
        }
    )
    authors = fields(page(head)).authors
    assert len(authors) == 50
    assert authors[0] == "Author NumberAA"


@pytest.mark.parametrize(
    "byline, expected",
    [
        ("By Jane Roe and John Doe", ["Jane Roe", "John Doe"]),
        ("Von Anna Schmidt und Max Müller", ["Anna Schmidt", "Max Müller"]),
        ("Par Marie Dupont et Jean Martin", ["Marie Dupont", "Jean Martin"]),
        ("Jane Roe, John Doe & Ann Lee", ["Jane Roe", "John Doe", "Ann Lee"]),
        ("Jane Roe | Follow @jroe", ["Jane Roe"]),
        ("Jane Roe (jroe@news.example)", ["Jane Roe"]),
        ("Jane Roe, Staff Writer", ["Jane Roe"]),
        ("By Jane RoeStaff Writer", ["Jane Roe"]),
        ("Courier staff", ["Courier staff"]),
        ("Jane Roe Updated 9 May 2025", ["Jane Roe"]),
        ("By Jane Roe on 9 May 2025", ["Jane Roe"]),
        ("Jane Roe, 9 May 2025", ["Jane Roe"]),
        ("https://news.example/staff/jroe", []),
        ("www.news.example/staff/jroe", []),
        ("mailto:jroe@news.example", []),
        ("By:  Drew Dietsch", ["Drew Dietsch"]),  # "By:" is no URL scheme
        ("By Laura E. Adkins\n\t\tDecember 28, 2016", ["Laura E. Adkins"]),  # the date after the names cut
        ("By Michael Stratford\n10/17/2022 04:01 PM EDT\n\nLink Copied", ["Michael Stratford"]),
        ("ZDNet Japan Staff 2019年04月28日 08時00分", ["ZDNet Japan Staff"]),
        ("January 17, 2017 at 6:08 PM ET by Kori Schulman", ["Kori Schulman"]),  # the date before them skipped
        ("October 14, 2009|Marc Lifsher", ["Marc Lifsher"]),
        ("Author: Jane Roe", ["Jane Roe"]),
        ("作者：张三", ["张三"]),
        ("加拿大必读\n发布时间：10-0812:00", ["加拿大必读"]),
        ("来源：当代商报", []),  # a label, not a name
        ("9 May 2025", []),
        ("Henry I", ["Henry I"]),
        ("", []),
    ],
)
def test_split_names(byline, expected):
    assert split_names(byline) == expected


def test_clean_authors_repeats_and_site_names():
    assert clean_authors(["Jane Roe", "JANE ROE", "Courier"], ["courier"]) == ["Jane Roe"]
    assert clean_authors(["x" * 10_000_000]) == []  # one enormous "name": none, and quickly


# --- canonical_url ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "head, expected",
    [
        ('<link rel="canonical" href="/section/ferry?ref=home">', "https://news.example/section/ferry?ref=home"),
        ('<meta property="og:url" content="https://news.example/ferry">', "https://news.example/ferry"),
        (
            '<link rel="canonical" href="https://news.example/a"><meta property="og:url" content="https://news.example/b">',
            "https://news.example/a",
        ),
        ('<link rel="canonical" href="javascript:alert(1)">', None),
        ('<link rel="canonical" href="mailto:a@news.example">', None),
        ("", None),
    ],
)
def test_canonical_url(head, expected):
    assert fields(page(head)).canonical_url == expected


def test_canonical_url_against_the_base():
    head = '<base href="https://mirror.example/news/"><link rel="canonical" href="ferry">'
    assert fields(page(head)).canonical_url == "https://mirror.example/news/ferry"


# --- language ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "html_attrs, head, expected",
    [
        ('lang="en-GB"', "", "en"),
        ('lang="zh-Hant-TW"', "", "zh"),
        ('xml:lang="pt-BR"', "", "pt"),
        ("", '<meta http-equiv="Content-Language" content="de-AT, en">', "de"),
        ("", '<meta property="og:locale" content="fr_FR">', "fr"),
        ("", json_ld({"@type": "NewsArticle", "inLanguage": "es-ES"}), "es"),
        ("", json_ld({"@type": "NewsArticle", "inLanguage": {"@type": "Language", "alternateName": "it"}}), "it"),
        ('lang="iw"', "", "he"),
    ],
)
def test_declared_language(html_attrs, head, expected):
    assert fields(page(head, html_attrs=html_attrs)).language == expected


def test_language_detected_without_a_declaration():
    assert fields(page(html_attrs="")).language == "en"
    assert fields(page(html_attrs='lang="x-default"')).language == "en"


@pytest.mark.parametrize(
    "value, expected",
    [
        ("en", "en"),
        ("EN-us", "en"),
        ("pt_BR", "pt"),
        ("und", None),
        ("x-default", None),
        ("english please", None),
        ("", None),
        (None, None),
        ("a" * 100, None),
    ],
)
def test_language_tag(value, expected):
    assert language_tag(value) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        (
            "Der Fährverkehr wird am Wochenende eingeschränkt, weil die Anlegestelle repariert wird und die "
            "erste Fähre erst später fährt. Das ist nicht schön, aber es ist auch nicht zu ändern.",
            "de",
        ),
        (
            "La première traversée du samedi et du dimanche partira plus tard que d'habitude, pendant que le "
            "ponton est réparé. Les billets achetés en ligne restent valables pour la traversée.",
            "fr",
        ),
        (
            "El primer cruce del sábado y del domingo saldrá más tarde de lo habitual, mientras se repara el "
            "muelle. Los billetes comprados en línea siguen siendo válidos para el cruce.",
            "es",
        ),
        ("週末のフェリーの時刻表が変わります。桟橋の修理のため、始発は三十分遅れます。", "ja"),
        ("周末渡轮时刻表有变。由于码头维修，首班渡轮将推迟半小时出发。", "zh"),
        ("이번 주말 여객선 시간표가 바뀝니다. 부두 수리로 첫 배가 30분 늦게 출발합니다.", "ko"),
        (
            "Расписание парома в выходные изменится: первый рейс отправится на полчаса позже обычного, "
            "пока ремонтируют причал.",
            "ru",
        ),
        (
            "Розклад пороми у вихідні зміниться: перший рейс відправиться на пів години пізніше, "
            "поки ремонтують причал і її.",
            "uk",
        ),
        ("ตารางเวลาเรือข้ามฟากจะเปลี่ยนแปลงในสุดสัปดาห์นี้ เนื่องจากการซ่อมแซมท่าเรือ", "th"),
        ("12345 67890 !!!", None),
    ],
)
def test_guess_language_without_a_detector(text, expected):
    assert guess_language(text) == expected


def test_detect_language_needs_some_letters():
    assert detect_language("Hi.") is None
    assert detect_language("") is None


# --- Bad input, and Readability.js's own fields --------------------------------------------------


def test_invalid_and_huge_json_ld_give_nulls_not_errors():
    huge = json.dumps({"@type": "NewsArticle", "articleBody": "x" * 5_000_000, "datePublished": "2025-05-09"})
    deep = "[" * 100_000 + "]" * 100_000
    head = (
        '<script type="application/ld+json">{"@type": "NewsArticle", "datePublished": </script>'
        f'<script type="application/ld+json">{deep}</script>'
        f'<script type="application/ld+json">{huge}</script>'
    )
    article = fields(page(head))
    assert article.date_published == "2025-05-09"  # the valid script still counts
    article = fields(page('<script type="application/ld+json">{not json</script>'))
    assert article.date_published is None


def test_json_ld_of_every_shape_is_no_error():
    shapes = [
        None,
        1,
        "text",
        [],
        {},
        {"@type": None},
        {"@type": ["NewsArticle", 3]},
        {"@graph": "x"},
        {
            "@type": "NewsArticle",
            "author": [None, 3, {"name": None}, {"name": ["A B"]}],
            "image": [None, {}],
            "datePublished": {"@value": 3},
            "inLanguage": 5,
        },
    ]
    article = fields(page(json_ld(*shapes)))
    assert article.authors == ["A B"]
    assert article.date_published is None


def test_disable_json_ld_turns_it_off_for_every_field():
    head = json_ld({"@type": "NewsArticle", "datePublished": "2025-05-09", "author": {"name": "Jane Roe"}})
    article = fields(page(head), disable_json_ld=True)
    assert (article.date_published, article.authors, article.byline) == (None, [], None)


def test_readability_fields_are_untouched():
    head = (
        json_ld(
            {
                "@context": "https://schema.org",
                "@type": "NewsArticle",
                "datePublished": " 9 May 2025 ",
                "author": {"name": "Jane Roe"},
            }
        )
        + '<meta property="article:published_time" content="2025-05-01">'
    )
    article = fields(page(head))
    assert article.published_time == "9 May 2025"  # Readability.js's string, as the page writes it
    assert article.date_published == "2025-05-09"
    assert (article.byline, article.authors) == ("Jane Roe", ["Jane Roe"])
    assert article.lang == "en"


def test_fields_in_to_dict_and_their_defaults():
    data = fields(page()).to_dict(())
    assert {k: data[k] for k in ("date_published", "date_modified", "image", "authors", "canonical_url")} == {
        "date_published": None,
        "date_modified": None,
        "image": None,
        "authors": [],
        "canonical_url": None,
    }
    assert data["language"] == "en"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0xFFFF), max_size=40))
def test_a_title_is_cjk_as_the_character_classes_say(title: str) -> None:
    """The ranges page.py tests titles against (a regex of them costs milliseconds to compile)."""
    assert written_in(title, HAN) == bool(re.search("[\u3040-\u30ff\u4e00-\u9fff]", title))
    assert written_in(title, CJK) == bool(re.search("[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]", title))
    assert written_in("東京 news", HAN) and written_in("서울 news", CJK) and not written_in("서울", HAN)
