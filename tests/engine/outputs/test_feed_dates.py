"""feed.dates: machine-readable values, visible text and URLs to ISO 8601, and what is no date."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scrapy_readability.engine.outputs.feed.dates import (
    find_text_date,
    is_plausible,
    iso,
    machine_date,
    parse_date_value,
    parse_iso,
    relative_date,
    unix_date,
    url_date,
)

NOW = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    "value, expected",
    [
        ("2025-05-09T16:00:00+00:00", "2025-05-09T16:00:00+00:00"),
        ("2025-05-09T16:00:00Z", "2025-05-09T16:00:00+00:00"),
        ("2025-05-09T16:00:00.389Z", "2025-05-09T16:00:00+00:00"),  # fractions dropped
        ("2025-05-09T18:00:00+02:00", "2025-05-09T18:00:00+02:00"),  # the zone kept, not converted
        ("2025-05-09T18:00:00+0200", "2025-05-09T18:00:00+02:00"),
        ("2025-05-09T18:00:00-05", "2025-05-09T18:00:00-05:00"),
        ("2025-05-09 18:00:00 +0530", "2025-05-09T18:00:00+05:30"),
        ("2025-05-09T16:00", "2025-05-09T16:00:00"),  # no zone given: none invented
        ("2025-05-09", "2025-05-09"),  # a day alone
        ("20250509", "2025-05-09"),  # ISO 8601's basic format
        ("2025/05/09", "2025-05-09"),
        ("  2025-05-09\n", "2025-05-09"),
        ("2025-05-09T16:00:00+02:00[Europe/Paris]", "2025-05-09T16:00:00+02:00"),
        ("Fri, 09 May 2025 16:00:00 GMT", "2025-05-09T16:00:00+00:00"),
        ("Fri, 09 May 2025 16:00:00 +0200", "2025-05-09T16:00:00+02:00"),
        ("May 9, 2025 4:00 PM EDT", "2025-05-09T16:00:00-04:00"),
        ("9 May 2025", "2025-05-09"),
        ({"@value": "2025-05-09", "@type": "Date"}, "2025-05-09"),  # a JSON-LD value object
    ],
)
def test_machine_readable_values(value, expected):
    assert parse_date_value(value, NOW) == expected


@pytest.mark.parametrize(
    "value",
    [
        "0000-00-00",
        "2025-13-45",
        "2025-02-30",
        "2025-05-09T25:00:00",
        "2025-05-09T16:00:00+25:00",  # no such offset
        "1714751262000",  # a Unix timestamp in milliseconds
        "1714751262",  # in seconds: nothing says which
        1714751262,
        None,
        "",
        "tomorrow",
        "\u0662\u0660\u0662\u0665-\u0660\u0665-\u0660\u0669",  # Arabic-Indic digits
        "\uff12\uff10\uff12\uff15-\uff10\uff15-\uff10\uff19",  # full-width digits
        "1994-12-31",  # before the web
        "2025-06-02T12:00:00+00:00",  # after the crawl's clock
        "2031-01-01",
        "2025-05",  # a month is not a day
        "2025",
        "x" * 5_000_000,
        "2025-05-09 " + "a" * 100,  # too long for a date value, whatever it starts with
        ["2025-05-09"],
    ],
)
def test_what_is_no_date(value):
    assert parse_date_value(value, NOW) is None


def test_future_is_judged_by_the_zone_furthest_ahead():
    now = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)  # already 2 June in Kiribati (UTC+14)
    assert parse_date_value("2025-06-02", now) == "2025-06-02"
    assert parse_date_value("2025-06-03", now) is None
    assert parse_date_value("2025-06-02T01:00:00", now) == "2025-06-02T01:00:00"  # local somewhere
    assert parse_date_value("2025-06-02T03:00:00", now) is None
    assert parse_date_value("2025-06-01T12:00:00+00:00", now) == "2025-06-01T12:00:00+00:00"
    assert parse_date_value("2025-06-01T12:00:01+00:00", now) is None
    assert parse_date_value("2025-06-01T14:30:00+02:00", now) is None  # 12:30 UTC


def test_a_naive_clock_is_read_as_utc():
    assert is_plausible(date(2025, 6, 1), datetime(2025, 6, 1, 0, 0))
    assert not is_plausible(datetime(2025, 6, 1, 1, 0, tzinfo=UTC), datetime(2025, 6, 1, 0, 0))


def test_the_default_clock_is_now():
    assert parse_date_value("2999-01-01") is None
    assert parse_date_value("2020-01-01") == "2020-01-01"


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Published 9 May 2025", "2025-05-09"),
        ("May 9th, 2025 at 4:15 p.m. EDT", "2025-05-09T16:15:00-04:00"),
        ("Veröffentlicht am 9. Mai 2025, 16:00 Uhr", "2025-05-09T16:00:00"),
        ("Publié le 9 mai 2025 à 16h00", "2025-05-09T16:00:00"),
        ("9 de mayo de 2025", "2025-05-09"),
        ("09.05.2025 16:00", "2025-05-09T16:00:00"),
        ("09/05/2025", "2025-05-09"),  # day first by default
        ("13/05/2025", "2025-05-13"),
        ("05/13/2025", "2025-05-13"),  # only one reading exists
        ("2025-05-09 | Politics", "2025-05-09"),
        ("2025年5月9日 16:00", "2025-05-09T16:00:00"),
        ("2025년 5월 9일", "2025-05-09"),
        ("Updated\u00a09\u00a0May\u00a02025", "2025-05-09"),  # no-break spaces
        ("By Jane Roe, 3 May 2025 and then 9 May 2025", "2025-05-03"),  # the first one
    ],
)
def test_dates_in_text(text, expected):
    assert find_text_date(text, NOW) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("9/21/2016", "2016-09-21"),  # a day after the 19th: month first, the only reading
        ("21/9/2016", "2016-09-21"),
        ("Do 25.04.24 | 14:07 Uhr", "2024-04-25T14:07:00"),  # a German dateline's short year, with its time
        ("25.04.24, 14:07", "2024-04-25T14:07:00"),
    ],
)
def test_more_dates_in_text(text, expected):
    assert find_text_date(text, NOW) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("3 мая 2024", "2024-05-03"),  # Russian
        ("12 października 2023, 14:05", "2023-10-12T14:05:00"),  # Polish
        ("5 Mayıs 2024", "2024-05-05"),  # Turkish, capitalised
        ("5 MAYIS 2024", "2024-05-05"),  # and in capitals ("mayis" is no "mayıs" in lower case)
        ("1 ŞUBAT 2020", "2020-02-01"),
        ("3 Μαΐου 2024", "2024-05-03"),  # Greek, capitalised
        ("18. března 2022", "2022-03-18"),  # Czech
        ("7 desember 2021", "2021-12-07"),  # Norwegian
        ("17 Agustus 2020", "2020-08-17"),  # Indonesian
        ("2 decembrie 2019", "2019-12-02"),  # Romanian
        ("9 травня 2023", "2023-05-09"),  # Ukrainian
        ("الأربعاء، 28 آب/اغسطس 2013، آخر تحديث 14:00", "2013-08-28"),  # Arabic: both calendars' names
        ("28 أيلول 2013", "2013-09-28"),
        ("28 ديسمبر 2013", "2013-12-28"),
    ],
)
def test_month_names_of_more_languages(text, expected):
    assert find_text_date(text, NOW) == expected


@pytest.mark.parametrize(
    "value, expected",
    [
        ("2016-06-13T1603Z", "2016-06-13T16:03:00+00:00"),  # hAtom's <abbr title>, basic format
        ("2025-05-09", "2025-05-09"),
        ("7:46 PM - 20 Jun 2016", None),  # a tooltip's written date is not a machine's value
        ("Posted by Jane", None),
        ("", None),
        (None, None),
    ],
)
def test_machine_dates_only(value, expected):
    assert machine_date(value, NOW) == expected


@pytest.mark.parametrize(
    "text",
    [
        "25.04.24",  # a short year without a time: a version number as well as a date
        "Version 12.04.24",
        "31.12.99 10:00",  # 2099
        "9/32/2016",
        "13/13/2016",
    ],
)
def test_what_is_no_short_or_month_first_date(text):
    assert find_text_date(text, NOW) is None


@pytest.mark.parametrize(
    "text, expected",
    [
        ("3 hours ago", "2025-06-01"),  # NOW is 12:00 UTC
        ("13 hours ago", "2025-05-31"),
        ("an hour ago", "2025-06-01"),
        ("20 minutes ago", "2025-06-01"),
        ("2 days ago", "2025-05-30"),
        ("Posted 1 day ago", "2025-05-31"),
        ("vor 3 Stunden", "2025-06-01"),
        ("vor 2 Tagen", "2025-05-30"),
        ("vor einem Tag", "2025-05-31"),
        ("il y a 3 jours", "2025-05-29"),
        ("hace 1 día", "2025-05-31"),
        ("há 2 dias", "2025-05-30"),
        ("2 giorni fa", "2025-05-30"),
        ("3 dagen geleden", "2025-05-29"),
        ("3小时前", "2025-06-01"),
        ("发布于2天前", "2025-05-30"),
        ("5分钟前", "2025-06-01"),
        ("昨天 14:30", "2025-05-31"),
        ("前天", "2025-05-30"),
        ("Yesterday", "2025-05-31"),
        ("heute, 10:00 Uhr", "2025-06-01"),
        ("gestern", "2025-05-31"),
        ("30 days ago", "2025-05-02"),
    ],
)
def test_relative_dates(text, expected):
    assert relative_date(text, NOW) == expected


@pytest.mark.parametrize(
    "text",
    [
        "5 years ago",  # no day
        "2 weeks ago",
        "3 months ago",
        "40 days ago",  # rounded by the page
        "1000 days ago",
        "2,5 Stunden",
        "Hier finden Sie alles",  # German "here", not French "yesterday"
        "Today the council met to discuss the harbour and the ferry timetable",  # a sentence, not a dateline
        "tomorrow",
        "in 3 days",
        "",
    ],
)
def test_what_is_no_relative_date(text):
    assert relative_date(text, NOW) is None


def test_day_words_can_be_left_out():
    assert relative_date("Yesterday", NOW, day_words=False) is None
    assert relative_date("3 hours ago", NOW, day_words=False) == "2025-06-01"


def test_relative_dates_are_days_in_utc_and_never_ahead_of_the_clock():
    just_after_midnight = datetime(2025, 6, 1, 0, 30, tzinfo=UTC)
    assert relative_date("an hour ago", just_after_midnight) == "2025-05-31"
    assert relative_date("today", datetime(2025, 6, 1, 23, 0, tzinfo=timezone(timedelta(hours=-5)))) == "2025-06-02"
    assert relative_date("3 hours ago", datetime(2025, 6, 1, 12, 0)) == "2025-06-01"  # a naive clock is UTC
    assert relative_date("3 days ago", datetime(1995, 1, 2, tzinfo=UTC)) is None  # before the web


def test_month_first_for_american_pages():
    assert find_text_date("05/09/2025", NOW, month_first=True) == "2025-05-09"
    assert find_text_date("05/09/2025", NOW) is None  # 5 September 2025: after the crawl


@pytest.mark.parametrize(
    "text",
    [
        "© 2025 The Valley Courier",
        "Copyright 2024",
        "3–5 May 2025",  # a range
        "3 May 2025 – 5 May 2025",
        "May 3 - May 5, 2025",
        "1 May 2025 to 3 May 2025",
        "In May 2025",  # no day
        "9 May",  # no year
        "32 May 2025",
        "\u0669 \u0645\u0627\u064a\u0648 \u0662\u0660\u0662\u0665",  # Arabic-Indic digits
        "\uff12\uff10\uff12\uff15\u5e74\uff15\u6708\uff19\u65e5",  # full-width digits
        "",
    ],
)
def test_what_is_no_date_in_text(text):
    assert find_text_date(text, NOW) is None


@pytest.mark.parametrize(
    "url, expected",
    [
        ("https://news.example/2025/05/09/ferry.html", "2025-05-09"),
        ("https://news.example/2025/5/9/ferry", "2025-05-09"),
        ("https://news.example/news/2025-05-09-ferry", "2025-05-09"),
        ("https://news.example/news/20250509/ferry", "2025-05-09"),
        ("https://news.example/2025/05/ferry", None),  # a month
        ("https://news.example/story/20250509123/ferry", None),  # an id
        ("https://news.example/a?date=2025/05/09/", None),  # not in the path
        ("https://news.example/2031/01/01/ferry", None),
        (None, None),
    ],
)
def test_url_dates(url, expected):
    assert url_date(url, NOW) == expected


def test_iso_round_trips():
    for stamp in (
        date(2025, 5, 9),
        datetime(2025, 5, 9, 16, 0, 5, 123),
        datetime(2025, 5, 9, 16, tzinfo=timezone(timedelta(hours=-3))),
    ):
        assert parse_iso(iso(stamp)) == stamp.replace(microsecond=0) if isinstance(stamp, datetime) else stamp
    assert parse_iso("not a date") is None
    assert parse_iso(None) is None


# --- Properties --------------------------------------------------------------------------

_moments = st.datetimes(min_value=datetime(1995, 1, 1), max_value=datetime(2025, 5, 31))
_zones = st.one_of(st.none(), st.integers(-12 * 4, 14 * 4).map(lambda q: timezone(timedelta(minutes=15 * q))))


@given(st.text(max_size=200))
def test_any_text_gives_a_valid_date_or_none(text):
    for value in (
        parse_date_value(text, NOW),
        find_text_date(text, NOW),
        url_date("https://x.example/" + text, NOW),
        unix_date(text, NOW),
    ):
        if value is not None:
            stamp = parse_iso(value)
            assert stamp is not None
            assert stamp.year >= 1995
            assert is_plausible(stamp, NOW)


@given(st.text(max_size=60), _moments)
def test_any_text_gives_a_recent_day_or_none(text, moment):
    now = moment.replace(tzinfo=UTC)
    value = relative_date(text, now)
    if value is not None:
        day = date.fromisoformat(value)
        assert now.date() - timedelta(days=32) <= day <= now.date()


@given(_moments, _zones)
def test_iso_values_read_back_to_the_same_moment(moment, zone):
    moment = moment.replace(microsecond=0, tzinfo=zone)
    assert parse_date_value(moment.isoformat(), NOW) == moment.isoformat()
    assert parse_date_value(moment.date().isoformat(), NOW) == moment.date().isoformat()


@given(_moments, st.sampled_from(["%d %B %Y", "%B %d, %Y", "%d.%m.%Y", "%Y-%m-%d", "%Y年%m月%d日", "%d %b %Y"]))
def test_written_dates_read_back_to_their_day(moment, pattern):
    assert find_text_date(moment.strftime(pattern), NOW) == moment.date().isoformat()


@given(st.integers(0, 9999), st.integers(0, 99), st.integers(0, 99))
def test_any_numbers_give_a_real_day_or_none(year, month, day):
    value = parse_date_value(f"{year:04d}-{month:02d}-{day:02d}", NOW)
    if value is not None:
        assert date.fromisoformat(value) == date(year, month, day)


@given(_moments)
def test_unix_times_read_back_to_the_same_moment_in_seconds_and_milliseconds(moment):
    moment = moment.replace(microsecond=0, tzinfo=UTC)
    seconds = int(moment.timestamp())
    assert unix_date(str(seconds), NOW) == moment.isoformat()
    assert unix_date(str(seconds * 1000), NOW) == moment.isoformat()


@given(st.integers(0, 10**14))
def test_any_number_gives_a_valid_moment_or_none(number):
    value = unix_date(str(number), NOW)
    if value is not None:
        stamp = parse_iso(value)
        assert stamp is not None and stamp.year >= 1995 and is_plausible(stamp, NOW)
