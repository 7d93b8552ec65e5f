"""Authors as a list of names, from whatever string or list a page gives.

A byline says ``By Jane Roe and John Doe, Staff Writers | Follow @jroe``; a feed
wants ``["Jane Roe", "John Doe"]``. :func:`split_names` takes the prefix, the
handles, the addresses, the job titles and the dates out and splits on the
separators; :func:`clean_authors` drops the page's own site's names (not
another organisation's: a wire agency is the author of a wire story) and repeats,
and keeps at most 50.
"""

from __future__ import annotations

from collections.abc import Iterable

from .constants import (
    AUTHOR_BEFORE_DATE,
    AUTHOR_DIGITS,
    AUTHOR_LABEL,
    AUTHOR_NOISE,
    AUTHOR_SEPARATORS,
    AUTHOR_TITLES,
    AUTHOR_URL,
    BYLINE_PREFIX,
    MAX_AUTHOR_LENGTH,
    MAX_AUTHOR_WORDS,
    MAX_AUTHORS,
    YEAR_IN_TEXT,
    text_dates,
)

_TRIM = " \t\n\r\f\v\u00a0\u200b\u3000.,;:|-–—•·*\"'“”‘’()[]"


def split_names(raw: str) -> list[str]:
    """The names in one byline or author value, in order (possibly none)."""
    if len(raw) > MAX_AUTHOR_LENGTH * MAX_AUTHORS:
        raw = raw[: MAX_AUTHOR_LENGTH * MAX_AUTHORS]
    text = " ".join(raw.split())
    if not text or AUTHOR_URL.match(text):
        return []
    text = AUTHOR_NOISE.sub(" ", _without_the_date(BYLINE_PREFIX.sub("", text)))
    names = []
    for part in AUTHOR_SEPARATORS.split(text):
        name = _name(BYLINE_PREFIX.sub("", part.strip(_TRIM)).strip(_TRIM))
        if name:
            names.append(name)
    return names


def _without_the_date(text: str) -> str:
    """A byline without the date and time that follow its names ("By Jane Roe on May 9, 2025 4:15 PM") or
    open it ("May 9, 2025 at 4:15 PM ET by Jane Roe", "October 14, 2009|Jane Roe")."""
    if not YEAR_IN_TEXT.search(text):  # most bylines have no date: a cheap test first
        return text
    matches = [match for match in (pattern.search(text) for pattern in text_dates()) if match is not None]
    if not matches:
        return text
    start = min(match.start() for match in matches)
    if text[:start].strip(_TRIM):
        return AUTHOR_BEFORE_DATE.sub("", text[:start])
    return text[max(match.end() for match in matches if match.start() == start) :]


def _name(part: str) -> str | None:
    """``part`` when it reads as a person's (or an agency's) name, else ``None``."""
    title = AUTHOR_TITLES.search(part)
    if title is not None:
        if title.start() == 0:
            return None  # "Staff Writer" after a comma: a title, not a name
        if not part[title.start() - 1].isspace():
            part = part[: title.start()].strip(_TRIM)  # "Jane RoeStaff Writer", glued by the page's layout
        # else a collective byline ("Courier staff", "Guardian staff reporter"), kept whole
    if not part or len(part) > MAX_AUTHOR_LENGTH or AUTHOR_DIGITS.search(part) or AUTHOR_LABEL.search(part):
        return None
    if len(part.split()) > MAX_AUTHOR_WORDS:
        return None
    if not any(ch.isalpha() for ch in part):
        return None
    return part


def clean_authors(values: Iterable[str], site_names: Iterable[str | None] = ()) -> list[str]:
    """The names in ``values``, each once (letter case aside), without the page's own site's names
    (``site_names``: its ``og:site_name``, its publisher's name, its host name); at most 50."""
    unwanted = {" ".join(name.split()).casefold() for name in site_names if name}
    seen: set[str] = set()
    authors: list[str] = []
    for value in values:
        for name in split_names(value):
            key = name.casefold()
            if key in seen or key in unwanted:
                continue
            seen.add(key)
            authors.append(name)
            if len(authors) == MAX_AUTHORS:
                return authors
    return authors
