"""Dates a feed can sort by: ISO 8601 strings from what pages write.

Three readers, from the most to the least reliable kind of source:
:func:`parse_date_value` for machine-readable values (JSON-LD, ``<meta>``,
``datetime=``), :func:`find_text_date` for a dateline a reader sees, and
:func:`url_date` for ``/2025/05/09/`` in the address. Each gives
``2025-05-09T16:00:00+00:00`` when the page gives a time and a zone,
``2025-05-09T16:00:00`` for a time without one (no zone is invented),
``2025-05-09`` for a day alone, and ``None`` for anything that is not a day
between 1995 and the crawl's clock (:func:`is_plausible`). They never raise.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta, timezone
from email.utils import parsedate_to_datetime

from .constants import (
    DATE_RANGE_AFTER,
    DATE_RANGE_BEFORE,
    EARLIEST_YEAR,
    ISO_DATE,
    JAVA_DATE,
    LATEST_OFFSET_HOURS,
    MAX_DATE_LENGTH,
    MAX_RELATIVE_MINUTES,
    MAX_RELATIVE_TEXT_LENGTH,
    MONTH_NAMES,
    MONTH_SPELLINGS,
    RELATIVE_DATES,
    RELATIVE_DAY,
    RELATIVE_DAY_WORDS,
    RELATIVE_ONE,
    RELATIVE_UNIT_MINUTES,
    RFC_2822,
    URL_DATE,
    URL_DATE_GLUED,
    URL_DATE_SECTION,
    URL_DATE_SLASHED,
    ZONE_OFFSETS,
    dateline_dates,
    text_dates,
)

Stamp = date | datetime
"""A day (``date``), or a moment (``datetime``, with a zone when the page gave one)."""

_UNICODE_SPACES = re.compile("[\u00a0\u2000-\u200b\u202f\u205f\u3000]")
_OFFSET = re.compile(r"([+-])(\d{2}):?(\d{2})?\Z", re.ASCII)


def utc_now() -> datetime:
    """The crawl's clock: the default ``now`` of every reader here."""
    return datetime.now(UTC)


def is_plausible(stamp: Stamp, now: datetime) -> bool:
    """Not before 1995, and not after ``now``.

    A day or a time without a zone may be local anywhere: it counts as in the
    future only when it has not begun in the time zone furthest ahead of UTC.
    """
    if stamp.year < EARLIEST_YEAR:
        return False
    now = now if now.tzinfo is not None else now.replace(tzinfo=UTC)
    if isinstance(stamp, datetime):
        if stamp.tzinfo is not None:
            return stamp <= now
        return stamp - timedelta(hours=LATEST_OFFSET_HOURS) <= now.astimezone(UTC).replace(tzinfo=None)
    return stamp <= (now.astimezone(UTC) + timedelta(hours=LATEST_OFFSET_HOURS)).date()


def iso(stamp: Stamp) -> str:
    """ISO 8601, to the second: ``2025-05-09``, ``2025-05-09T16:00:00`` or ``2025-05-09T16:00:00+00:00``."""
    if isinstance(stamp, datetime):
        return stamp.replace(microsecond=0).isoformat()
    return stamp.isoformat()


def parse_iso(value: str | None) -> Stamp | None:
    """What :func:`iso` wrote, read back (for comparing two fields); ``None`` for anything else."""
    if not value:
        return None
    try:
        return date.fromisoformat(value) if len(value) == 10 else datetime.fromisoformat(value)
    except ValueError:
        return None


# --- Machine-readable values -----------------------------------------------------


def parse_date_value(value: object, now: datetime | None = None) -> str | None:
    """A date as JSON-LD, ``<meta content>`` or ``<time datetime>`` hold it, in ISO 8601.

    ISO 8601 in its common shapes (``T`` or a space, basic or extended,
    fractions of a second, ``Z`` or an offset), RFC 2822 (``Fri, 09 May 2025
    16:00:00 GMT``), and the written dates :func:`find_text_date` reads.
    Numbers (Unix timestamps, in seconds or milliseconds) are not dates here:
    nothing says which they are.
    """
    now = now or utc_now()
    if isinstance(value, dict):
        value = value.get("@value")
    if not isinstance(value, str):
        return None
    text = _UNICODE_SPACES.sub(" ", value).strip()
    if not text or len(text) > MAX_DATE_LENGTH:
        return None
    match = ISO_DATE.match(text)
    if match is not None:  # ISO 8601's shape: its value or nothing
        stamp = _iso_stamp(match)
    elif RFC_2822.match(text) is not None:
        stamp = _rfc_2822_stamp(text)
    elif (java := JAVA_DATE.match(text)) is not None:
        stamp = _java_stamp(java)
    else:
        return find_text_date(text, now)
    return iso(stamp) if stamp is not None and is_plausible(stamp, now) else None


def unix_date(value: str | None, now: datetime | None = None) -> str | None:
    """A Unix time where an attribute's name says it is one (``data-time="1466522845"``), in ISO 8601 (UTC):
    ten digits or fewer are seconds, twelve or thirteen milliseconds; ``None`` for anything else."""
    if not value or not value.isascii() or not value.isdigit() or len(value) not in (9, 10, 12, 13):
        return None
    seconds = int(value) / (1000 if len(value) > 10 else 1)
    stamp = datetime.fromtimestamp(seconds, UTC).replace(microsecond=0)
    return iso(stamp) if is_plausible(stamp, now or utc_now()) else None


def _iso_stamp(match: re.Match[str]) -> Stamp | None:
    parts = match.groupdict()
    zone = _zone(parts["zone"]) if parts["zone"] else None
    if parts["zone"] and zone is None:
        return None
    return _stamp(parts["year"], parts["month"], parts["day"], parts["hour"], parts["minute"], parts["second"], zone)


def _rfc_2822_stamp(text: str) -> Stamp | None:
    try:
        stamp = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    zone = text.rsplit(None, 1)[-1]
    if stamp.tzinfo is None and zone != "-0000":  # an abbreviation email.utils does not know
        known = _zone(zone)
        return stamp.replace(tzinfo=known) if known is not None else stamp
    return stamp


def _java_stamp(match: re.Match[str]) -> Stamp | None:
    month = MONTH_NAMES.get(match["month_name"].lower())
    if month is None:
        return None
    zone = _zone(match["zone"])  # an abbreviation not known is no zone: the time stays local
    return _stamp(match["year"], month, match["day"], match["hour"], match["minute"], match["second"], zone)


def _zone(text: str) -> timezone | None:
    """A zone the page wrote: ``Z``, ``UTC``, an offset, or an abbreviation whose offset is not in doubt."""
    upper = text.upper()
    if upper in ZONE_OFFSETS:
        return timezone(timedelta(hours=ZONE_OFFSETS[upper]))
    match = _OFFSET.match(text)
    if match is None:
        return None
    sign, hours, minutes = match.groups()
    delta = timedelta(hours=int(hours), minutes=int(minutes or 0))
    if delta > timedelta(hours=LATEST_OFFSET_HOURS) or int(minutes or 0) >= 60:
        return None
    return timezone(-delta if sign == "-" else delta)


def _stamp(
    year: str | int,
    month: str | int,
    day: str | int,
    hour: str | None = None,
    minute: str | None = None,
    second: str | None = None,
    zone: timezone | None = None,
    ampm: str | None = None,
) -> Stamp | None:
    """The day, or the moment when there is a time; ``None`` for a day or time that does not exist."""
    try:
        if hour is None or minute is None:
            return date(int(year), int(month), int(day))
        hours = int(hour)
        if ampm:
            if not 1 <= hours <= 12:
                return None
            hours = hours % 12 + (12 if ampm.lower().startswith("p") else 0)
        return datetime(int(year), int(month), int(day), hours, int(minute), int(second or 0), tzinfo=zone)
    except ValueError:
        return None


# --- Visible text ---------------------------------------------------------------------


def find_text_date(
    text: str, now: datetime | None = None, *, month_first: bool = False, dateline: bool = False
) -> str | None:
    """The first full date written in ``text`` (``9 May 2025``, ``May 9, 2025``, ``09.05.2025``,
    ``2025年5月9日``, ``3 March 10:15 2019``), with its time when one follows; ``None`` when there is none.

    A day and a month are both needed (a copyright year is no date), a date that
    opens or closes a range (``3–5 May 2025``, ``May 3 - May 5``) does not count,
    and ``05/09/2025`` is read day first unless ``month_first`` (an American page)
    or the numbers allow one reading only. A ``dateline`` (the page says the text
    is one: a class that says date, a ``<time>``, a label) may also write a short
    year: ``3.4.19`` (the day first) and ``3/4/19 10:15 AM`` (the month first, with
    its time), which in running text are as often a version or a build.
    """
    now = now or utc_now()
    text = _UNICODE_SPACES.sub(" ", text)
    found: list[tuple[int, Stamp]] = []
    for pattern in (*text_dates(), *dateline_dates()) if dateline else text_dates():
        for match in pattern.finditer(text):
            if _in_range(text, match):
                continue
            stamp = _text_stamp(match, month_first)
            if stamp is not None and is_plausible(stamp, now):
                found.append((match.start(), stamp))
                break
    if not found:
        return None
    return iso(min(found, key=lambda pair: pair[0])[1])


def machine_date(value: str | None, now: datetime | None = None) -> str | None:
    """``value`` when it is a date in ISO 8601's shape (an attribute a machine wrote, as hAtom's
    ``<abbr class="published" title="2016-06-13T1603Z">``), else ``None``: no written date is read here."""
    if not value or ISO_DATE.match(value.strip()) is None:
        return None
    return parse_date_value(value, now)


def _in_range(text: str, match: re.Match[str]) -> bool:
    """Whether the date opens or closes a range: a dash, "to" or "bis" and a number right before or after it."""
    before = text[max(0, match.start() - 6) : match.start()]
    if DATE_RANGE_BEFORE.search(before):
        return True
    if match.group("hour") is not None:
        return False  # what follows the date is its time
    return DATE_RANGE_AFTER.match(text, match.end()) is not None


def _text_stamp(match: re.Match[str], month_first: bool) -> Stamp | None:
    parts = match.groupdict()
    year = parts["year"]
    if len(year) == 2:
        year = f"20{year}"  # a short year is this century's: an earlier one is before the web
    if parts.get("month_name"):
        name = parts["month_name"].rstrip(".")
        month: str | int | None = MONTH_NAMES.get(name.lower()) or MONTH_SPELLINGS.get(name)
        day: str | int | None = parts["day"]
    elif parts.get("first"):
        # a 12-hour clock ("4/6/2016 4:00:00 PM") is an American writing: the month first
        american = month_first or bool(parts.get("ampm"))
        month, day = _day_and_month(int(parts["first"]), int(parts["other"]), parts["sep"], american)
    else:
        month, day = parts["month"], parts["day"]
    if month is None or day is None:
        return None
    zone = None
    zone_text = parts.get("offset") or parts.get("zone")
    if parts.get("hour") is not None and zone_text:
        zone = _zone(zone_text)
    return _stamp(
        year, month, day, parts.get("hour"), parts.get("minute"), parts.get("second"), zone, parts.get("ampm")
    )


def _day_and_month(first: int, second: int, separator: str, month_first: bool) -> tuple[int | None, int | None]:
    """``first/second/year``: day first, unless only the other reading exists or an American page writes it."""
    if first > 12 or separator == ".":
        return second, first
    if second > 12:
        return first, second
    return (first, second) if month_first else (second, first)


def relative_date(text: str, now: datetime | None = None, *, day_words: bool = True) -> str | None:
    """The day a short dateline names relative to the crawl's clock ("3 hours ago", "vor 2 Tagen", "昨天"),
    in UTC, as a day alone; ``None`` when it names none (weeks, months, years ago) or the text is long.

    Only the day is given: the page's time zone, and so the time, is not known. ``day_words=False``
    reads "3 hours ago" but not "today" or "yesterday", which a menu or a heading may say too.
    """
    now = now or utc_now()
    text = _UNICODE_SPACES.sub(" ", text).strip()
    if not text or len(text) > MAX_RELATIVE_TEXT_LENGTH:
        return None
    now = now if now.tzinfo is not None else now.replace(tzinfo=UTC)
    now = now.astimezone(UTC)
    for pattern in RELATIVE_DATES:
        match = pattern.search(text)
        if match is not None:
            count = match["count"].lower()
            minutes = (1 if count in RELATIVE_ONE else int(count)) * RELATIVE_UNIT_MINUTES[match["unit"].lower()]
            if minutes > MAX_RELATIVE_MINUTES:
                return None
            return _plausible_day((now - timedelta(minutes=minutes)).date(), now)
    match = RELATIVE_DAY.search(text) if day_words else None
    if match is not None:
        return _plausible_day(now.date() - timedelta(days=RELATIVE_DAY_WORDS[match[0].lower()]), now)
    return None


def _plausible_day(day: date, now: datetime) -> str | None:
    return iso(day) if is_plausible(day, now) else None


# --- The URL ----------------------------------------------------------------------------


def url_date(url: str | None, now: datetime | None = None, *, page: bool = True) -> str | None:
    """The day in the URL's path (``/2025/05/09/``, ``/2025-05-09-``, ``/20250509/``); ``None`` without one.
    A ``page``'s URL may also have a section between the year and the month (``/2025/world/05/09/``) or the
    day glued to its slug (``-20250509-story.html``); a file's (an image's) not."""
    if not url:
        return None
    now = now or utc_now()
    path = url.split("?", 1)[0].split("#", 1)[0]
    patterns = (URL_DATE_SLASHED, URL_DATE, URL_DATE_SECTION, URL_DATE_GLUED) if page else (URL_DATE_SLASHED, URL_DATE)
    for pattern in patterns:
        for match in pattern.finditer(path):
            stamp = _stamp(match["year"], match["month"], match["day"])
            if stamp is not None and is_plausible(stamp, now):
                return iso(stamp)
    return None
