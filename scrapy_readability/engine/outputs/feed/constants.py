"""The limits, names and patterns the feed fields are read with, in one place.

Every pattern is ASCII-only where it reads digits (``re.ASCII``): a date is read
from ASCII digits alone, so Arabic-Indic or full-width digits never become one.
"""

from __future__ import annotations

import functools
import re

EARLIEST_YEAR = 1995
"""No page on the web is older: an earlier date is a mistake (or a birth date, a founding year)."""

MAX_AUTHORS = 50
MAX_AUTHOR_LENGTH = 80
"""Characters a name may have; a longer "name" is a sentence."""
MAX_AUTHOR_WORDS = 6
MAX_URL_LENGTH = 4096
"""Characters an image or canonical URL may have (a 2 MB ``data:`` URL is no lead image)."""
MAX_DATE_LENGTH = 80
"""Characters a machine-readable date value may have."""
MAX_JSON_LD_NODES = 2000
"""JSON-LD objects visited per page: a 5 MB script is walked no further than this."""
MAX_JSON_LD_DEPTH = 6
NEAR_TITLE_BEFORE = 16
NEAR_TITLE_AFTER = 60
"""Elements before and after the headline (the first ``<h1>``, else ``<h2>``, else ``<h3>``) where a dateline
is looked for."""
MAX_HEADINGS = 100
"""``<h1>``-``<h3>``s read to find the headline (the one the page's title names)."""
MAX_TEXT_DATE_LENGTH = 160
"""Characters of visible text an element may have to be read as a dateline."""
LATEST_OFFSET_HOURS = 14
"""The furthest a time zone runs ahead of UTC (Kiribati): a local date or time no later
than the crawl's clock plus this may already have begun somewhere."""
LANGUAGE_SAMPLE = 1000
"""Characters of the article's text a detector reads."""

# --- Where each field is declared ------------------------------------------------

# JSON-LD types whose dates, authors and image are the page's own, best first.
JSON_LD_ARTICLE_TYPES = re.compile(
    r"(Article|BlogPosting|LiveBlogPosting|SocialMediaPosting|DiscussionForumPosting|Report|Review|"
    r"Recipe|VideoObject|PodcastEpisode|Episode|Event|Product|Book|Movie|CreativeWork)\Z"
)
JSON_LD_PAGE_TYPES = re.compile(r"(WebPage|ItemPage|CollectionPage|AboutPage|ProfilePage|QAPage|FAQPage)\Z")
JSON_LD_NESTED_KEYS = ("@graph", "mainEntity", "mainEntityOfPage", "hasPart", "subjectOf", "about", "itemListElement")

# <meta> names and properties (lower-cased), best first.
# fmt: off
META_PUBLISHED = (
    "article:published_time", "og:article:published_time", "article:published", "datepublished",
    "og:published_time", "published_time", "publishdate", "publish-date", "publish_date", "pubdate",
    "parsely-pub-date", "sailthru.date", "dc.date.issued", "dcterms.issued", "dc.date.created",
    "dcterms.created", "dc.date", "dcterms.date", "citation_publication_date", "citation_date",
    "date", "publication_date", "originalpublicationdate", "article.published", "cxenseparse:recs:publishtime",
    "og:pubdate", "article_date_original", "rnews:datepublished", "datecreated",
    "article:published:time", "published_at", "publisheddate", "published", "content:publishdate",
    "prism.publicationdate", "cxenseparse:publishtime", "cxenseparse:recs:published_time",
    "firstpublishedtime", "apub:time", "weibo: article:create_at",
    "date.available", "date.created", "cms_creationdate",
)
META_MODIFIED = (
    "article:modified_time", "og:article:modified_time", "datemodified", "og:updated_time",
    "article:modified", "modified_time", "last-modified", "lastmod", "dc.date.modified",
    "dcterms.modified", "article.updated", "updated_time", "article:modified:time", "date.updated",
    "date.modified", "article_date_updated", "last_modified", "lastmodifiedtime", "weibo: article:update_at",
    "dateupdate",
)
META_IMAGE = ("og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src", "thumbnailurl")
META_AUTHOR = (
    "author", "article:author", "dc.creator", "dcterms.creator", "parsely-author", "sailthru.author", "byl",
    "cxenseparse:author",
)
META_LANGUAGE = ("content-language", "language", "dc.language", "dcterms.language", "og:locale")
# fmt: on

# The class or id of an element whose text may be a dateline.
DATELINE_HINT = re.compile(r"date|time|publish|posted|submitted|datum|fecha|byline|meta|info", re.IGNORECASE)
DATELINE_SKIP = re.compile(r"comment|footer|copyright|related|teaser", re.IGNORECASE)
DATELINE_UPDATE = re.compile(r"update|modif", re.IGNORECASE)
"""A class that says the date is an update's, unless the text itself says "Published" (:data:`PUBLISHED_LABEL`)."""
UPDATED_LABEL = re.compile(
    r"updated|modified|aktualisiert|geändert|mis à jour|actualizado|atualizado|aggiornato|bijgewerkt|更新",
    re.IGNORECASE,
)
"""A dateline's text that tells the reader it is an update's ("Updated Oct 19, 2022")."""
COPYRIGHT = re.compile(r"©|&copy;|\(c\)|copyright", re.IGNORECASE)
# Away from the headline, the page-wide search takes an element whose class says date (the words below,
# which lxml looks for in C) or, on a Chinese or Japanese page, whose text has a label that says published
# or when; never one in a comment, a list of other articles, a sidebar or the page's footer (an <article>'s
# own footer is the article's).
PAGE_DATELINE_CLASSES = ("date", "Date", "time", "submitted", "datum", "Datum", "fecha", "Fecha", "publish", "Publish")
PAGE_DATELINE_CLASS_WORDS = ("data",)
"""Whole class words (Portuguese, Italian "data") that say date only alone: "metadata" says nothing."""
PAGE_DATELINE_ANY_LABELS = (
    "Published", "published", "Posted", "posted", "Datum", "Stand:", "Publié", "publié", "Publicado", "publicado",
    "Pubblicato", "pubblicato", "Veröffentlicht", "veröffentlicht", "Gepubliceerd", "gepubliceerd", "Publicerad",
    "Publisert", "Julkaistu", "Opublikowano", "Publikováno", "Yayınlanma", "Опубликовано", "Дата", "입력", "등록",
    "发布于", "Fecha:", "Data:", "Date:",
)  # fmt: skip
"""Labels that say a date follows, in any language, looked for on every page that dates itself nowhere else."""
PAGE_DATELINE_LABELS = (
    "发布", "發布", "发表", "發表", "时间", "時間", "日期", "投稿日", "公開日", "掲載日", "配信", "発行日",
)  # fmt: skip
BYLINE_CLASS = re.compile(r"author|byline|autor|writer", re.IGNORECASE)
"""The class of an element by the headline that may be the byline (Readability.js's ``byline|author``, and the
German, Spanish, Polish "autor"), read for a page whose declared authors are all the site's own names."""
NOT_A_BYLINE = re.compile(r"bild|photo|foto|image|img|picture|caption|credit|avatar|follow|btn|button", re.IGNORECASE)
"""The class of an element that names a photo's author ("bildautor", "photo-credit"), not the article's, or of a button
("followAuthorBtn")."""
RELATED_HEADING = re.compile(r"\brelated\b|相关|相關|関連", re.IGNORECASE)
"""The text of a heading over other articles ("Related articles", "相关文章") in a box whose class says author."""
MAX_BYLINE_LENGTH = 100
"""Characters a byline may have (Readability.js's ``_isValidByline`` limit)."""
HAN = (("\u3040", "\u30ff"), ("\u4e00", "\u9fff"))
"""Kana and the common Han ideographs (ranges, lowest first): a title in Chinese or Japanese. Not a regex:
compiling a class of these ranges costs milliseconds at import (sre expands every code point)."""
CJK = (*HAN, ("\uac00", "\ud7af"))
"""Kana, the common Han ideographs and Hangul (ranges, lowest first): a title in Chinese, Japanese or Korean."""
PUBLISHED_LABEL = re.compile(
    r"^\W*(?:published|posted|submitted|veröffentlicht|publié|publicado|pubblicato|gepubliceerd|发布|發布|发表|發表|"
    r"投稿日|公開日|掲載日)",
    re.IGNORECASE,
)
NOT_THE_ARTICLE = re.compile(
    r"comment|related|teaser|sidebar|widget|recommend|popular|trending|copyright|breadcrumb", re.IGNORECASE
)
"""A quick test (a substring): the class words below then decide."""
NOT_THE_ARTICLE_WORD = re.compile(
    r"(?:comment|related|teaser|sidebar|widget|recommend(?:ed|ation)?|popular|trending|copyright|breadcrumbs?)"
    r"(?:s|list|lists|box|area|section|block|container|wrap|wrapper|items?)?"
)
"""A class word (a class, or a part of one between hyphens, underscores or a lower-to-upper case change) of
an element that is not the article: "comments", "commentlist", "related-posts", "sidebarLeft"; not "commented"
(Drupal's status of an article with comments), not "uncommented"."""
COMMENT = re.compile(r"comment|repl", re.IGNORECASE)
COMMENT_WORD = re.compile(r"comments?(?:list|lists|box|area|section|body|content|wrap|wrapper)?")
"""A class word of a comment, whose date is not the article's: "comments", "comment-body" (not "commented")."""
REPLY_CLASS = re.compile(
    r"(?:^|\s)repl(?:y|ies)(?:[-_](?:list|body|content|item|items|wrap|wrapper|container))?(?:\s|$)"
)
"""A class of a reply ("reply", "replies", "reply-body"): one that starts so ("has-replies", "in-reply-to" say
something of the article)."""
EMBEDDED = re.compile(r"embed|tweet|instagram|fb-post|toot", re.IGNORECASE)
"""A quick test (a substring): the whole classes below then decide."""
EMBEDDED_CLASSES = frozenset(
    {
        "embed", "oembed", "twitter-tweet", "twitter-tweet-rendered", "twitter-timeline", "instagram-media",
        "instagram-media-rendered", "tiktok-embed", "wp-embedded-content", "fb-post", "bluesky-embed",
        "mastodon-embed", "reddit-embed-bq", "embedded-post", "embedded-tweet",
    }
)  # fmt: skip
"""The whole class of the box of an embedded post, whose date is the post's (the embed codes' own classes: a site's
class that merely starts with "embed-" is often its own layout's)."""
DATELINE_CLASS = re.compile(r"date|time|datum|fecha|publish|posted|submitted", re.IGNORECASE)
"""A class or id that says its element is a dateline, where a short date (``3.4.19``) is read."""
DATELINE_LABEL = re.compile(
    r"(?:published|posted|submitted|updated|stand|datum|date|fecha|data|publié|publicado|pubblicato|"
    r"veröffentlicht|aktualisiert|gepubliceerd|erstellt)\s*(?:on|am|le|el|il|op|at)?\s*[:：]?\s*\d",
    re.IGNORECASE,
)
"""A label that leads to a dateline's date ("Posted: 3.4.19", "Stand 3.4.19 14:05")."""
DATELINE_SKIP_WORD = re.compile(r"(?:comment|footer|copyright|related|teaser)(?:s|list|lists|box|area|section)?")
NOT_THE_ARTICLE_TAGS = frozenset({"aside", "nav"})
PAGE_FOOTER = re.compile(r"footer", re.IGNORECASE)
"""A footer (``<footer>``, or a class or id that says so) is the page's unless it is in an ``<article>``."""
MAX_PAGE_DATELINES = 200
"""Candidate elements the page-wide search reads at most (a list page has hundreds)."""

# A date an inline script gives the page (``"pubDate": "2025-05-09"``, ``var ptime = '...'``): the value of one of
# these keys, the first in document order. The pattern opens with the keys (a lookbehind there would make the
# regex engine try every position of a megabyte of script); that a key is not the end of a longer name
# (``unpublishDate``) is checked after.
SCRIPT_DATE_KEYS = ("ublish", "ubDate", "ub_date", "ubtime", "ptime")
"""What each key below has in it: a script without any names none."""
SCRIPT_DATE = re.compile(
    r"""(?:datePublished|publishDate|publishedDate|publishedAt|published_at|publish_date|publishTime|"""
    r"""publish_time|pubDate|pub_date|pubtime|ptime|firstPublishDate|first_published_at)["']?\s*[:=]\s*"""
    r"""["']([^"'<>\n]{6,40})["']"""
)

# --- Dates --------------------------------------------------------------------

_TIME_OF_DAY = (
    r"[\sT,|@·•–-]+(?:at|um|à|a las|alle|om|kl\.?|klo|o)?\s*"
    r"(?P<hour>[012]?\d)[:h.](?P<minute>[0-5]\d)(?::(?P<second>[0-5]\d)(?:[.,]\d+)?)?"
    r"(?:\s*(?P<ampm>[aApP]\.?\s?[mM]\.?))?(?![\d:])"
    r"(?:\s*(?:Uhr|h|hrs|horas?))?"
    r"(?:\s*(?P<zone>Z\b|UTC|GMT|[+-]\d{2}:?\d{2}\b|[A-Z]{3,4}T\b|[A-Z]{2,3}\b(?=\s|$|\)|,)))?"
    r"(?:\s*(?P<offset>[+-]\d{2}:?\d{2}\b))?"
)
_TIME = f"(?:{_TIME_OF_DAY})?"
ISO_DATE = re.compile(
    r"^(?P<year>\d{4})(?P<sep>[-/.]?)(?P<month>\d{2})(?P=sep)(?P<day>\d{2})"
    r"(?:[T ]\s*(?P<hour>\d{2}):?(?P<minute>\d{2})(?::?(?P<second>\d{2})(?:[.,]\d+)?)?"
    r"\s*(?P<zone>Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?)?(?:\[[\w/+-]+\])?\Z",
    re.ASCII | re.IGNORECASE,
)
RFC_2822 = re.compile(
    r"^(?:[A-Za-z]{3},?\s+)?\d{1,2}\s+[A-Za-z]{3}\s+\d{4}\s+\d{2}:\d{2}(?::\d{2})?\s+(?:[A-Z]{2,4}|[+-]\d{4})\Z",
    re.ASCII,
)
# Java's Date.toString(), which some CMSs write into <meta>: "Mon Aug 03 12:45:00 EDT 2015".
JAVA_DATE = re.compile(
    r"^[A-Za-z]{3} (?P<month_name>[A-Za-z]{3}) (?P<day>\d{2}) (?P<hour>\d{2}):(?P<minute>\d{2}):(?P<second>\d{2}) "
    r"(?P<zone>[A-Z]{2,5}) (?P<year>\d{4})\Z",
    re.ASCII,
)
# fmt: off
MONTH_NAMES = {
    # English
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7, "august": 8,
    "september": 9, "october": 10, "november": 11, "december": 12,
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10,
    "nov": 11, "dec": 12,
    # German
    "januar": 1, "jänner": 1, "februar": 2, "märz": 3, "mai": 5, "juni": 6, "juli": 7, "oktober": 10,
    "dezember": 12, "mär": 3, "mrz": 3, "okt": 10, "dez": 12,
    # French
    "janvier": 1, "février": 2, "fevrier": 2, "mars": 3, "avril": 4, "juin": 6, "juillet": 7, "août": 8,
    "aout": 8, "septembre": 9, "octobre": 10, "novembre": 11, "décembre": 12, "decembre": 12,
    "janv": 1, "févr": 2, "avr": 4, "juil": 7, "déc": 12,
    # Spanish
    "enero": 1, "febrero": 2, "marzo": 3, "abril": 4, "mayo": 5, "junio": 6, "julio": 7, "agosto": 8,
    "septiembre": 9, "setiembre": 9, "octubre": 10, "noviembre": 11, "diciembre": 12,
    "ene": 1, "abr": 4, "ago": 8, "dic": 12,
    # Italian
    "gennaio": 1, "febbraio": 2, "aprile": 4, "maggio": 5, "giugno": 6, "luglio": 7, "settembre": 9,
    "ottobre": 10, "dicembre": 12, "gen": 1, "mag": 5, "giu": 6, "lug": 7, "set": 9, "ott": 10,
    # Portuguese
    "janeiro": 1, "fevereiro": 2, "março": 3, "maio": 5, "junho": 6, "julho": 7, "setembro": 9,
    "outubro": 10, "novembro": 11, "dezembro": 12, "fev": 2, "out": 10, "dez.": 12,
    # Dutch
    "januari": 1, "februari": 2, "maart": 3, "mei": 5, "augustus": 8, "okt.": 10,
    # Swedish, Danish, Norwegian (the other months are spelled as above)
    "maj": 5, "augusti": 8, "marts": 3, "desember": 12,
    # Indonesian, Malay
    "maret": 3, "agustus": 8, "julai": 7, "ogos": 8, "disember": 12,
    # Polish (genitive, as dates write them)
    "stycznia": 1, "lutego": 2, "marca": 3, "kwietnia": 4, "maja": 5, "czerwca": 6, "lipca": 7, "sierpnia": 8,
    "września": 9, "października": 10, "listopada": 11, "grudnia": 12,
    # Czech (genitive)
    "ledna": 1, "února": 2, "března": 3, "dubna": 4, "května": 5, "června": 6, "července": 7, "srpna": 8,
    "září": 9, "října": 10, "listopadu": 11, "prosince": 12,
    # Turkish
    "ocak": 1, "şubat": 2, "mart": 3, "nisan": 4, "mayıs": 5, "haziran": 6, "temmuz": 7, "ağustos": 8, "eylül": 9,
    "ekim": 10, "kasım": 11, "aralık": 12,
    # Romanian
    "ianuarie": 1, "februarie": 2, "martie": 3, "aprilie": 4, "iunie": 6, "iulie": 7, "septembrie": 9,
    "octombrie": 10, "noiembrie": 11, "decembrie": 12,
    # Russian, Ukrainian (genitive)
    "января": 1, "февраля": 2, "марта": 3, "апреля": 4, "мая": 5, "июня": 6, "июля": 7, "августа": 8,
    "сентября": 9, "октября": 10, "ноября": 11, "декабря": 12,
    "січня": 1, "лютого": 2, "березня": 3, "квітня": 4, "травня": 5, "червня": 6, "липня": 7, "серпня": 8,
    "вересня": 9, "жовтня": 10, "листопада": 11, "грудня": 12,
    # Greek (genitive)
    "ιανουαρίου": 1, "φεβρουαρίου": 2, "μαρτίου": 3, "απριλίου": 4, "μαΐου": 5, "ιουνίου": 6, "ιουλίου": 7,
    "αυγούστου": 8, "σεπτεμβρίου": 9, "οκτωβρίου": 10, "νοεμβρίου": 11, "δεκεμβρίου": 12,
    # Arabic: the Levantine and Iraqi names and the Egyptian and Gulf ones ("28 آب/اغسطس 2013" gives both)
    "كانون الثاني": 1, "شباط": 2, "آذار": 3, "نيسان": 4, "أيار": 5, "حزيران": 6, "تموز": 7, "آب": 8,
    "أيلول": 9, "تشرين الأول": 10, "تشرين الثاني": 11, "كانون الأول": 12,
    "يناير": 1, "فبراير": 2, "مارس": 3, "أبريل": 4, "ابريل": 4, "إبريل": 4, "مايو": 5, "يونيو": 6, "يونيه": 6,
    "يوليو": 7, "يوليه": 7, "أغسطس": 8, "اغسطس": 8, "سبتمبر": 9, "أكتوبر": 10, "اكتوبر": 10, "نوفمبر": 11,
    "ديسمبر": 12,
}
# fmt: on
MONTH_SPELLINGS = {
    spelling: month
    for name, month in MONTH_NAMES.items()
    for spelling in ((name,) if name.isascii() else (name, name.capitalize(), name.upper()))
}
"""The names as written, and the others' also at the start of a sentence and in capitals: the patterns fold
ASCII letters only (and "MAYIS" is no "mayıs" in lower case)."""


def _months(names: list[str]) -> str:
    return "(?P<month_name>" + "|".join(sorted((re.escape(m) for m in names), key=len, reverse=True)) + r")\.?"


_MONTH = _months(list(MONTH_SPELLINGS)) + r"(?:\s?/\s?[\u0621-\u064a]+)?"
"""A month's name; an Arabic one may be followed by its other name ("آب/اغسطس": August, in both calendars' names)."""
_MONTH_FIRST = _months([name for name in MONTH_NAMES if name.isascii()])
"""The names written before the day ("May 9, 2025", "Mai 9, 2025"): the Latin alphabet's languages'."""
_DAY = r"(?P<day>[0-3]?\d)"
_YEAR = r"(?P<year>(?:19|20)\d{2})"
_CLOCK_BETWEEN = (
    r",?\s+(?P<hour>[012]?\d)[:h.](?P<minute>[0-5]\d)(?::(?P<second>[0-5]\d))?"
    r"(?:\s*(?P<ampm>[aApP]\.?\s?[mM]\.?))?,?\s+"
)
"""A time between a date's month and its year."""


@functools.cache
def text_dates() -> tuple[re.Pattern[str], ...]:
    """The dates written out in running text, each pattern a notation (compiled at first use: the month names of
    many languages make them the slowest patterns of the engine to compile, and a process that imports the
    engine need not parse a page)."""
    return (
        # 3 May 2024, 3. Mai 2024, 3 de mayo de 2024, 3rd May, 2024
        re.compile(
            r"(?<![\d.])"
            + _DAY
            + r"(?:st|nd|rd|th|er|º)?\.?\s*(?:de\s+)?"
            + _MONTH
            + r",?\s*(?:de\s+)?"
            + _YEAR
            + r"(?!\d)"
            + _TIME,
            re.IGNORECASE | re.ASCII,
        ),
        # May 3, 2024
        re.compile(
            r"(?<![\w])" + _MONTH_FIRST + r"\s+" + _DAY + r"(?:st|nd|rd|th)?,?\s+" + _YEAR + r"(?!\d)" + _TIME,
            re.IGNORECASE | re.ASCII,
        ),
        # 2024-05-03, 2024/05/03, 2024.05.03
        re.compile(
            r"(?<![\d.])" + _YEAR + r"(?P<sep>[-/.])(?P<month>[01]?\d)(?P=sep)" + _DAY + r"(?![\d])" + _TIME, re.ASCII
        ),
        # 03.05.2024 (day first), 03/05/2024 and 05/03/2024 (either: see dates.py), 03-05-2024, 9/21/2024
        re.compile(
            r"(?<![\d.])(?P<first>[0-3]?\d)(?P<sep>[./-])(?P<other>[0-3]?\d)(?P=sep)" + _YEAR + r"(?![\d])" + _TIME,
            re.ASCII,
        ),
        # 03.05.24 14:07: a German dateline's short year, read only with the time that makes it a dateline
        re.compile(r"(?<![\d.])(?P<day>[0-3]\d)\.(?P<month>[01]\d)\.(?P<year>\d{2})(?![\d.])" + _TIME_OF_DAY, re.ASCII),
        # 2024年5月3日, 2024년 5월 3일
        re.compile(_YEAR + r"\s*[年년]\s*(?P<month>[01]?\d)\s*[月월]\s*" + _DAY + r"\s*[日일]?" + _TIME, re.ASCII),
        # 3 March 10:15 2019, March 3 10:15 2019: a date whose parts are three elements, the time between the day
        # and the year (``<span>3 March</span> <span>10:15</span> <span>2019</span>``, read with a space between)
        re.compile(
            r"(?<![\d.])" + _DAY + r"(?:st|nd|rd|th|er)?\.?\s*" + _MONTH + _CLOCK_BETWEEN + _YEAR + r"(?!\d)",
            re.IGNORECASE | re.ASCII,
        ),
        re.compile(
            r"(?<![\w])" + _MONTH_FIRST + r"\s+" + _DAY + r"(?:st|nd|rd|th)?" + _CLOCK_BETWEEN + _YEAR + r"(?!\d)",
            re.IGNORECASE | re.ASCII,
        ),
    )


@functools.cache
def dateline_dates() -> tuple[re.Pattern[str], ...]:
    """Short dates read only where the page says a dateline is (a class that says date, a ``<time>``, a label such
    as "Posted"): in running text, ``3.4.19`` is as often a version or a build (compiled at first use, as
    :func:`text_dates`)."""
    return (
        # 3.4.19, 3.4.19 14:05: a day and a month without leading zeros and a short year, the day first
        re.compile(r"(?<![\w.])(?P<day>[0-3]?\d)\.(?P<month>[01]?\d)\.(?P<year>\d{2})(?![\w.])" + _TIME, re.ASCII),
        # 3/4/19 10:15 AM: an American date with a short year, the month first, read with its time only
        re.compile(
            r"(?<![\w./])(?P<month>[01]?\d)/(?P<day>[0-3]?\d)/(?P<year>\d{2})(?![\w./])" + _TIME_OF_DAY, re.ASCII
        ),
    )


DATELINE_DATE_HINT = re.compile(r"\d[./][01]?\d[./]\d\d", re.ASCII)
"""What a dateline's text needs before :func:`dateline_dates` are tried on it."""
LONE_DATE = re.compile(r"(?:19|20)\d\d\s*[./\-年][\d\s./\-:,年月日号時时分]+", re.ASCII)
"""A text that is a date and nothing else, the year first: numbers, their separators, a time, the CJK date units."""
TIMESTAMP_ATTRIBUTES = (
    "data-time", "data-timestamp", "data-utime", "data-time-ms", "data-timestamp-ms", "data-ts", "data-epoch",
    "data-unix", "data-published", "data-publish-time", "data-date", "data-datetime", "data-created",
)  # fmt: skip
"""Attributes whose name says they hold a Unix time (seconds, or milliseconds)."""
MAX_LONE_DATE_LENGTH = 32
YEAR_IN_TEXT = re.compile(r"(?:19|20)\d\d|\d\.[01]\d\.\d\d", re.ASCII)
"""What a text needs before the date patterns are tried on it (most texts have none: a cheap test first)."""
DATE_RANGE_BEFORE = re.compile(r"(?:\d\s*[-–—]|\bto|\bbis|\bau|\bal)\s*\Z", re.ASCII | re.IGNORECASE)
DATE_RANGE_AFTER = re.compile(r"\s*(?:[-–—]|to\b|bis\b|au\b|al\b)\s*\d", re.ASCII | re.IGNORECASE)
# Relative datelines that name a day ("3 hours ago", "vor 2 Tagen", "昨天"), read against the crawl's clock;
# weeks, months and years ago name no day and are not read. Each pattern has a ``count`` and a ``unit``.
# French "hier" (yesterday) is left out: it is German for "here".
# fmt: off
RELATIVE_UNIT_MINUTES = {
    "min": 1, "mins": 1, "minute": 1, "minutes": 1, "minuten": 1, "minuto": 1, "minutos": 1, "minuti": 1,
    "minuut": 1, "分钟": 1, "分鐘": 1, "分": 1,
    "hr": 60, "hrs": 60, "hour": 60, "hours": 60, "stunde": 60, "stunden": 60, "heure": 60, "heures": 60,
    "hora": 60, "horas": 60, "ora": 60, "ore": 60, "uur": 60, "小时": 60, "小時": 60, "時間": 60,
    "day": 1440, "days": 1440, "tag": 1440, "tagen": 1440, "jour": 1440, "jours": 1440, "día": 1440,
    "días": 1440, "dia": 1440, "dias": 1440, "giorno": 1440, "giorni": 1440, "dag": 1440, "dagen": 1440,
    "天": 1440, "日": 1440,
}
RELATIVE_ONE = frozenset({"a", "an", "one", "ein", "eine", "einem", "einer", "un", "une", "una", "uno", "um", "uma"})
RELATIVE_DAY_WORDS = {
    "today": 0, "heute": 0, "aujourd'hui": 0, "hoy": 0, "oggi": 0, "hoje": 0, "vandaag": 0, "今天": 0, "今日": 0,
    "yesterday": 1, "gestern": 1, "ayer": 1, "ieri": 1, "ontem": 1, "gisteren": 1, "昨天": 1, "昨日": 1,
    "vorgestern": 2, "avant-hier": 2, "anteayer": 2, "前天": 2, "一昨日": 2,
}
# fmt: on
MAX_RELATIVE_MINUTES = 31 * 1440
"""The furthest back a relative dateline is read ("40 days ago" is rounded by the page, not a day)."""
MAX_RELATIVE_TEXT_LENGTH = 40
"""Characters a dateline may have to be read as a relative date: "Today" in a sentence is no dateline."""
_COUNT = r"(?<![\w.,])(?P<count>\d{1,3}|an?|one|eine[mr]?|ein|une?|una|uno|uma?)"
RELATIVE_DATES = (
    re.compile(_COUNT + r"\s+(?P<unit>min(?:ute)?s?|hours?|hrs?|days?)\s+ago\b", re.IGNORECASE),
    re.compile(r"\bvor\s+" + _COUNT + r"\s+(?P<unit>minuten?|stunden?|tag(?:en)?)\b", re.IGNORECASE),
    re.compile(r"\bil\s+y\s+a\s+" + _COUNT + r"\s+(?P<unit>minutes?|heures?|jours?)\b", re.IGNORECASE),
    re.compile(r"\b(?:hace|há)\s+" + _COUNT + r"\s+(?P<unit>minut[oi]s?|horas?|d[ií]as?)\b", re.IGNORECASE),
    re.compile(_COUNT + r"\s+(?P<unit>minut[oi]|or[ae]|giorn[oi])\s+fa\b", re.IGNORECASE),
    re.compile(_COUNT + r"\s+(?P<unit>minuten|minuut|uur|dagen|dag)\s+geleden\b", re.IGNORECASE),
    re.compile(r"(?<![\d.,])(?P<count>\d{1,3})\s*(?P<unit>分钟|分鐘|小时|小時|時間|天|日|分)前"),
)
RELATIVE_DAY = re.compile(
    r"(?<![\w'-])(?P<word>today|heute|aujourd'hui|hoy|oggi|hoje|vandaag|yesterday|gestern|ayer|ieri|ontem|"
    r"gisteren|vorgestern|avant-hier|anteayer)(?![\w'-])|(?P<cjk>一昨日|前天|昨天|今天|昨日|今日)",
    re.IGNORECASE,
)

URL_DATE = re.compile(
    r"/(?P<year>(?:19|20)\d{2})(?P<sep>[/-]?)(?P<month>[01]\d)(?P=sep)(?P<day>[0-3]\d)(?=[/._-]|\Z)", re.ASCII
)
URL_DATE_SECTION = re.compile(
    r"/(?P<year>(?:19|20)\d{2})/[a-z][a-z-]{1,30}/(?P<month>[01]?\d)/(?P<day>[0-3]?\d)/", re.ASCII
)
"""``/2019/world/03/03/``: a section between the year and the month."""
URL_DATE_GLUED = re.compile(
    r"[a-z][-_](?P<year>(?:19|20)\d{2})(?P<month>[01]\d)(?P<day>[0-3]\d)(?=[/._-]|\Z)", re.ASCII
)
"""``/la-fi-tech-downturn-20160429-story.html``: the day glued to a slug's word (a page's URL only: in a file's
name, such digits are a camera's or an upload's)."""
URL_DATE_SLASHED = re.compile(r"/(?P<year>(?:19|20)\d{2})/(?P<month>[01]?\d)/(?P<day>[0-3]?\d)/", re.ASCII)
# Abbreviations whose offset is not in doubt (IST, CST in Asia, BST are).
ZONE_OFFSETS = {
    "Z": 0,
    "UTC": 0,
    "GMT": 0,
    "UT": 0,
    "EST": -5,
    "EDT": -4,
    "CDT": -5,
    "MST": -7,
    "MDT": -6,
    "PST": -8,
    "PDT": -7,
    "CET": 1,
    "CEST": 2,
    "MEZ": 1,
    "MESZ": 2,
    "EET": 2,
    "EEST": 3,
    "WET": 0,
    "WEST": 1,
    "JST": 9,
    "KST": 9,
    "AEST": 10,
    "AEDT": 11,
    "HKT": 8,
    "SGT": 8,
}

# --- Authors --------------------------------------------------------------------

BYLINE_PREFIX = re.compile(
    r"^\s*(?:(?:written|posted|reported|text|photos?|story|words)\s+)?"
    r"(?:(?:by|von|par|por|door|di|av|af|przez|tekst|texto|text)[\s:]+|(?:author|作者|记者|記者)\s*[:：]\s*)",
    re.IGNORECASE,
)
# The words are lower-case only: "Henry I" and "Y Combinator" stay whole.
AUTHOR_SEPARATORS = re.compile(r"\s*(?:[,;/|·•、，]|\s(?:and|And|AND|und|&|et|y|e|en|og|och|i|ve|и)\s)\s*")
AUTHOR_NOISE = re.compile(
    r"(?:follow\s+@\S*|@\w+|\S+@\S+\.\w+|https?://\S+|www\.\S+|\(.*?\)|\[.*?\]|"
    r"\b(?:updated|published|posted|aktualisiert|veröffentlicht)\b.*|\s(?:on|am|le|el|il)\s+\d.*|\s(?:in|for)\s+[A-Z].*|"
    r"(?:发布|發布|发表|發表)(?:\S{0,2}[:：]|[于於]).*|(?:^|\s)(?:\+\s?)?(?:follow|folgen|suivre|seguir|关注|關注)\s*$)",
    re.IGNORECASE,
)
# A job title: a part of a byline that starts with one is no name ("Jane Roe, Staff Writer"); one glued to
# a name ends it ("Jane RoeStaff Writer"); after a space it is part of a collective byline ("Courier staff").
AUTHOR_TITLES = re.compile(
    r"(?:\b|(?-i:(?<=[a-z])(?=[A-Z])))(?:reporter|editor|correspondent|writer|staff|contributor|columnist|journalist|photographer|"
    r"producer|analyst|senior|chief|redakteur(?:in)?|redaktion|autor(?:in)?|korrespondent(?:in)?|"
    r"rédact(?:eur|rice)|journaliste|envoyée?|redactor(?:a)?|corresponsal|for\s+(?:the|cnn|bbc)|"
    r"news\s+desk|associated\s+press\s+writer)\b",
    re.IGNORECASE,
)
AUTHOR_DIGITS = re.compile(r"\d")
AUTHOR_URL = re.compile(r"[a-z][a-z0-9+.-]*://|www\.|mailto:", re.IGNORECASE)
"""An author value that is a URL (a profile page), not a name; "By: Jane Roe" is none."""
AUTHOR_LABEL = re.compile(r"[:：]")
"""A part with a colon left in it is a label ("来源：", "Source:"), not a name."""
AUTHOR_BEFORE_DATE = re.compile(r"\s(?:on|am|le|el|il|at|um|vom|du|del|de)\s*\Z", re.IGNORECASE)
"""The word that leads from the names to the date ("Jane Roe on 9 May 2025")."""
AUTHOR_WRITTEN_BY = frozenset(
    {"written by", "verfasst von", "geschrieben von", "escrito por", "écrit par", "scritto da", "geschreven door"}
)
"""The label of a ``twitter:labelN``/``twitter:dataN`` pair (Yoast SEO's) whose data is the author (the
WordPress account that posted the article: after the byline a reader sees)."""

# --- Images ---------------------------------------------------------------------

IMAGE_MIN_SIDE = 200
"""Pixels (``width``/``height`` attributes) a content image needs to be the lead image."""
IMAGE_NOT_LEAD = re.compile(
    r"logo|icon|avatar|sprite|spacer|pixel|blank|placeholder|badge|emoji|1x1|\.svg\b", re.IGNORECASE
)

# --- Languages ------------------------------------------------------------------

LANGUAGE_TAG = re.compile(r"^\s*([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]{1,8})*\s*\Z", re.ASCII)
NOT_LANGUAGES = frozenset({"und", "mul", "zxx", "mis", "xx"})
# Codes that BCP 47 replaced, to their current form.
LANGUAGE_ALIASES = {"iw": "he", "in": "id", "ji": "yi", "jw": "jv", "mo": "ro"}
