"""URLs as the article spider sees them: what to request, when two URLs are one page, and which lead nowhere.

Three questions, each a pure function of the URL (no Scrapy here):

- :func:`clean_url`: the URL to request. Tracking parameters (``utm_*``,
  ``fbclid``, ``gclid``...) and session IDs are removed and the fragment
  dropped: they never change the page, and a session ID makes every visit a
  new URL (a crawler trap).
- :func:`url_key`: the page's identity, for duplicates. Two URLs with the same
  key are one page: the query sorted, ``http``/``https``, ``www.``, a
  trailing slash, a run of slashes in the path (``//2022/x`` is ``/2022/x``, as
  web servers read it), a directory's index file (``/x/index.html`` is ``/x/``), and
  the markers of a page's other renderings (AMP, print views, ``?page=1``)
  make no difference. A key is never requested, so a guess
  here costs no request to a URL that does not exist.
- :func:`trap_kind` and :func:`url_template`: pages that generate pages without
  end (search results, calendars, a path that repeats itself) and the pattern
  a series of pages shares (``/news?page=7`` and ``/news?page=8``), which the
  spider bounds (``frontier.py``).

:data:`NOT_ARTICLE_URLS` are the pages that are never articles however much
text they hold (about, contact, login, tag and author listings, pagination):
the spider follows them as navigation.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit, urlunsplit

from w3lib.url import canonicalize_url

__all__ = [
    "LANGUAGE_SEGMENT",
    "NOT_ARTICLE_URLS",
    "POSTS_SITEMAP",
    "SUBJECT_INDEX",
    "Cleaned",
    "Site",
    "clean_url",
    "one_slash",
    "path_and_query",
    "site_origin",
    "site_host",
    "trap_kind",
    "url_key",
    "url_template",
]

# --- Parameters that never change the page --------------------------------------------------

TRACKING_PREFIXES = ("utm_", "pk_", "mtm_", "hsa_", "at_", "ns_", "oly_", "vero_", "_hs")
"""Campaign parameters by prefix: Google Analytics (``utm_``), Matomo/Piwik, HubSpot, AT Internet, comScore."""

TRACKING_PARAMETERS = frozenset(
    {
        "fbclid",
        "gclid",
        "gclsrc",
        "dclid",
        "gbraid",
        "wbraid",
        "msclkid",
        "yclid",
        "twclid",
        "ttclid",
        "li_fat_id",
        "igshid",
        "mc_cid",
        "mc_eid",
        "mkt_tok",
        "_ga",
        "_gl",
        "_ke",
        "xtor",
        "cmpid",
        "smid",
        "sr_share",
        "ref_src",
        "ref_url",
        "wt_mc",
        "wt.mc_id",
        "spm",
        "share_source",
        "rss_source",
    }
)
"""Click identifiers and referral markers of ad networks, newsletters and social sites, lowercased."""

SESSION_PARAMETERS = frozenset(
    {
        "sid",
        "sessid",
        "sessionid",
        "session_id",
        "session",
        "phpsessid",
        "jsessionid",
        "aspsessionid",
        "cfid",
        "cftoken",
        "zenid",
        "oscsid",
        "s_id",
    }
)
"""Session identifiers: each visit gets new ones, so each visit would see new URLs."""

# ;jsessionid=... in the path (Java servlets), with what follows up to the query.
PATH_SESSION = re.compile(r";(?:jsessionid|phpsessid|sid|sessionid)=[^?#/]*", re.IGNORECASE)

VARIANT_PARAMETERS = {
    "amp": {"", "1", "true", "yes"},
    "outputtype": {"amp"},
    "output": {"amp", "print"},
    "format": {"amp", "print"},
    "print": {"", "1", "true", "yes"},
    "printable": {"", "1", "true", "yes"},
    "view": {"print", "amp"},
    "page": {"1"},
    "paged": {"1"},
    "pg": {"1"},
}
"""Query parameters (by value) that render a page otherwise: AMP, print views, the first page of a series."""

# /amp/ or /print/ as the first segment, and /amp, .amp (before an extension) or /print as the last one: a page
# named print.html is a page of its own (a chapter on printing, a book's whole text on one page).
VARIANT_PATH = (
    (re.compile(r"^/(?:amp|print)(?=/)"), ""),
    (re.compile(r"(?:/amp|\.amp)(?=(?:\.[a-z]+)?/?$)|/print(?=/?$)"), ""),
)

# --- Pages that are never articles, and traps --------------------------------------------

# Tags, categories, authors and topics in the languages of the month names the dates read.
_LISTINGS = "|".join(
    (
        "etiquetas|etiqueta|categorias|categoria|autores|autor|temas",  # Spanish, Portuguese
        "schlagworte|schlagwort|kategorien|kategorie|autoren|themen",  # German
        "etiquettes|etiquette|auteurs|auteur|sujets",  # French
        "etichette|etichetta|autori|autore|argomenti",  # Italian
        "trefwoorden|tagi|kategorier|kategoriler|etiketler",  # Dutch, Polish, Scandinavian, Turkish
    )
)

# The index of a site's tags, categories, topics: words that in a documentation also name its subjects (`/tags/` on
# a page about a program's tags, `/keywords/` on a language's).
_SUBJECT_INDEXES = r"/(?:tags|categories|authors|topics|labels|keywords|" + _LISTINGS + r")/?(?:\?|$)"
SUBJECT_INDEX = re.compile(_SUBJECT_INDEXES)
"""A URL (:func:`path_and_query`) of an index of tags, categories, topics: a listing, or a page about that subject."""

POSTS_SITEMAP = re.compile(
    r"/(?:wp-sitemap-posts-post-\d+|posts?[-_]sitemap\d*|sitemap[-_]posts?\d*)\.xml(?:\.gz)?$", re.IGNORECASE
)
"""A sitemap named for the site's posts (Yoast's and Rank Math's ``post-sitemap.xml``, WordPress's own
``wp-sitemap-posts-post-1.xml``, Ghost's ``sitemap-posts.xml``), beside those of its pages, tags and authors: the
site's list of its posts, as its feed is."""

LANGUAGE_SEGMENT = r"[a-z]{2}(?:[-_][a-z]{2,4})?"
"""A path segment that names a language (``en``, ``pt-br``, ``zh_hans``): a site's top for that language."""

# The site's top (the start URL's folder: a project's site at /name/ is read below it), or a language's folder there.
_AT_TOP = rf"^(?:/{LANGUAGE_SEGMENT})?"

NOT_ARTICLE_URLS = (
    # The front page (but WordPress's articles by number, /?p=123).
    r"^/(?:index\.[a-z]+)?(?:\?(?!(?:p|page_id)=\d)|$)",
    # The pages every site has besides its articles, wherever they are.
    r"/(?:about|about-us|about-me|about-the-author|author|contact|contact-us|impressum|imprint|privacy|privacy-policy|terms|terms-of-use"
    r"|terms-of-service|tos|legal|disclaimer|newsletter|newsletters|careers|jobs|advertise|advertising|support-us"
    r"|support-the-project|sitemap|archive|archives|feeds?|conduct|code-of-conduct|terms-and-conditions|404|not-found"
    r"|_print"  # Docsy's print view of a page and those below it (a leaf's is a copy of it: fetch the leaf itself)
    # ... in the languages of the month names the dates read: about, contact, privacy, imprint, archive.
    r"|sobre|sobre-mi|sobre-nosotros|acerca|acerca-de|quienes-somos|quem-somos|a-propos|qui-sommes-nous"
    r"|ueber|uber|ueber-uns|uber-uns|ueber-mich|uber-mich|chi-siamo|chi-sono|over|over-ons|over-mij|om|om-oss|om-meg"
    r"|om-mig|o-nas|o-mnie|sobre-mim|hakkimda|hakkinda|contacto|contato"
    r"|kontakt|contatti|contattaci|nous-contacter|contactez-nous|privacidad|privacidade|datenschutz"
    r"|confidentialite|mentions-legales|aviso-legal|archivo|archiv|archives-fr"
    r"|codigo-de-conduta|codigo-de-conducta|code-de-conduite|verhaltenskodex|codice-di-condotta)"
    r"(?:\.[a-z]+)?/?(?:\?|$)",
    # ... and those at the site's top (or a language's: /en/): deeper, a documentation's pages about cookies, a
    # subscribe command, a FAQ or a print function are its subjects.
    _AT_TOP
    + r"/(?:cookies|cookie-policy|accessibility|a11y|login|log-in|signin|sign-in|logout|signup|sign-up|register|account"
    r"|my-account|profile|subscribe|subscription|subscriptions|faq|help|support|shop|store|cart|search|print)"
    r"(?:\.[a-z]+)?/?(?:\?|$)",
    # A portfolio and its entries: a person's or a studio's work, not articles; so are the pages of an about section.
    r"/portfolio(?:/[^/?]+)?(?:\.[a-z]+)?/?(?:\?|$)",
    # ... as is the index of a person's projects at the site's top (a project's own page, /projects/x, is judged by
    # what it holds: a write-up is an article, and a card of two lines holds too little).
    _AT_TOP + r"/projects(?:\.[a-z]+)?/?(?:\?|$)",
    # ... and what a freelancer offers, at the site's top (deeper, /blog/consulting/ may be a post's slug)
    r"^/(?:consult|consulting|consultancy|hire-me|work-with-me)(?:\.[a-z]+)?/?(?:\?|$)",
    r"/(?:about|about-us)/[^/?]+/?(?:\?|$)",
    # A project's own pages at its top: who makes it, where to get it, what it offers;
    # deeper, /docs/features/ is documentation. And a person's: the indie web's /now, /uses, /colophon, the friends'
    # blogs a Hexo or Hugo theme's /links/ or /friends/ page lists, where to follow them (/connect/)...
    _AT_TOP + r"/(?:team|people|members|features|pricing|sponsors|donate|showcase|users"
    r"|now|uses|colophon|speaking|blogroll|links|friends|connect|start-here|readinglist|reading-list)"
    r"(?:\.[a-z]+)?/?(?:\?|$)",
    # ... and with what is below them: the files to download, a CV's versions (/cv/short.html, /cv/long.html)
    _AT_TOP + r"/(?:download|downloads|cv|resume)(?:\.[a-z]+)?(?:/[^?]*)?(?:\?|$)",
    # Listings: a tag, a category, an author, a topic, a section (and their pages).
    r"/(?:tags?|category|categories|authors?|topics?|sections?|labels?|keywords?|" + _LISTINGS + r")"
    r"/[^/?]+/?(?:(?:page/?)?\d{1,3}/?)?(?:\?|$)",  # ... their pages too: /page/2/, /2/ (Pelican, paginate-v2)
    _SUBJECT_INDEXES,  # ... and their indexes
    # An archive's year, month or day (Hexo's /archives/2013/01/); a bare /2024/ may be a course's year, but a bare
    # month or day (/2024/05/, /blog/2007/11/25/) is the archive of the posts dated then.
    r"/(?:archives?|archiv|archivo)/\d{4}(?:/\d{1,2}){0,2}/?(?:page/\d+/?)?(?:\?|$)",
    r"/\d{4}/\d{1,2}(?:/\d{1,2})?/?(?:page/\d+/?)?(?:\?|$)",
    # Pagination, and a listing filtered by a tag or a category (WordPress's ?cat=3, a calendar's ?tags=x).
    r"/page/?\d+/?(?:\?|$)",  # /page/2/, and Jekyll's default /page2/
    r"[?&](?:page|paged|pg)=\d+",
    r"[?&](?:tags?|cat|category|categories|label|labels|topic|topics)=[^&]",
)
"""Regular expressions searched in a URL's path and query (lowercased path): pages followed, never taken as articles.

The default of ``READABILITY_SPIDER_NOT_ARTICLES``. Readability.js's preflight
looks at paragraph lengths only, so an about page with three long paragraphs
passes it; its URL says what it is.
"""

SEARCH_SEGMENTS = frozenset({"search", "suche", "recherche", "buscar", "busca", "zoeken", "ricerca", "szukaj"})
SEARCH_PARAMETERS = frozenset({"q", "s", "query", "search", "searchterm", "search_query", "keyword", "keywords"})

CALENDAR_SEGMENTS = frozenset(
    {"calendar", "calendars", "kalender", "calendrier", "calendario", "agenda", "events", "event"}
)
CALENDAR_PARAMETERS = frozenset(
    {
        "date",
        "day",
        "month",
        "year",
        "week",
        "cal",
        "calendar",
        "eventdate",
        "event_date",
        "tribe-bar-date",
        "ical",
        "start_date",
        "end_date",
    }
)
# A path segment that names a moment: 2024, 05, 2024-05-12, may, week, today...
DATE_SEGMENT = re.compile(
    r"^(?:\d{1,4}(?:[-_.]\d{1,2}){0,2}|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?"
    r"|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|day|week|month|year|list|today)$"
)
DATE_ARCHIVE = re.compile(r"^/\d{4}(?:[-/]\d{1,2}){0,2}/?$")  # /2024/, /2024/05/, /2024-05-12
REPEATED_SEGMENT = 3  # a segment three times in one path: a relative link that loops (/a/b/a/b/a/b)
DIGITS = re.compile(r"\d+")

DEFAULT_PORTS = {"http": 80, "https": 443}

# A directory's index file: /x/index.html is the page /x/ (every static host serves one for the other).
DIRECTORY_INDEX = re.compile(r"/(?:index|default)\.(?:html?|php|aspx?|shtml)$", re.IGNORECASE)


@dataclass(frozen=True)
class Cleaned:
    """The URL to request, and whether tracking parameters or a session ID were removed from it."""

    url: str
    tracking: bool = False
    session: bool = False


def clean_url(url: str) -> Cleaned:
    """The URL without its fragment, tracking parameters and session IDs; the rest as the site wrote it."""
    parts = urlsplit(url)
    path, session = PATH_SESSION.subn("", parts.path)
    kept: list[str] = []
    tracking = False
    for pair in parts.query.split("&") if parts.query else ():
        name = unquote(pair.partition("=")[0]).strip().lower()
        if name in SESSION_PARAMETERS:
            session += 1
        elif name in TRACKING_PARAMETERS or name.startswith(TRACKING_PREFIXES):
            tracking = True
        elif pair:
            kept.append(pair)
    cleaned = urlunsplit((parts.scheme, parts.netloc, path, "&".join(kept), ""))
    return Cleaned(cleaned, tracking, bool(session))


_SLASHES = re.compile(r"/{2,}")


def one_slash(url: str) -> str:
    """The URL with each run of slashes in its path read as one: a template that joins a site's address ending in
    ``/`` to a path opening with one writes ``https://example.com//2022/x.html`` in every canonical link, for the
    page that its links and the server put at ``/2022/x.html``."""
    parts = urlsplit(url)
    if "//" not in parts.path:
        return url
    return urlunsplit((parts.scheme, parts.netloc, _SLASHES.sub("/", parts.path), parts.query, parts.fragment))


def url_key(url: str) -> str:
    """What makes a page itself: two URLs with the same key are one page (see the module's docstring)."""
    canonical = urlsplit(canonicalize_url(clean_url(url).url))
    path = canonical.path
    if "amp" in path or "print" in path:
        for pattern, replacement in VARIANT_PATH:
            path = pattern.sub(replacement, path)
    path = DIRECTORY_INDEX.sub("", _SLASHES.sub("/", path)).rstrip("/") or "/"
    query = canonical.query
    if query:
        query = "&".join(pair for pair in query.split("&") if pair and not _is_variant(pair))
    host = (canonical.hostname or "").rstrip(".").removeprefix("www.")
    port = canonical.port
    if port is not None and port != DEFAULT_PORTS.get(canonical.scheme):
        host += f":{port}"
    return urlunsplit(("", host, path, query, ""))


def _is_variant(pair: str) -> bool:
    name, _, value = pair.partition("=")
    values = VARIANT_PARAMETERS.get(unquote(name).lower())
    return values is not None and unquote(value).lower() in values


def site_origin(url: str) -> str:
    """``scheme://host:port``: where the URL's paths are read from (a start folder's, robots.txt's)."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def site_host(url: str) -> str:
    """The URL's host name, lowercased, without ``www.`` (``www.example.com`` and ``example.com`` are one site)."""
    host = (urlsplit(url).hostname or "").lower().rstrip(".")
    return host.removeprefix("www.")


def path_and_query(url: str) -> str:
    """``/path?query`` with the path lowercased, a directory's index file as its directory (``/x/index.html`` is
    ``/x/``): what :data:`NOT_ARTICLE_URLS` and the trap rules read."""
    parts = urlsplit(url)
    path = DIRECTORY_INDEX.sub("/", (parts.path or "/").lower())
    return f"{path}?{parts.query}" if parts.query else path


@dataclass(frozen=True)
class Site:
    """A start URL's site: its host (without ``www.``), and whether its subdomains belong to it."""

    host: str
    subdomains: bool = False

    @classmethod
    def of(cls, url: str, subdomains: bool = False) -> Site:
        return cls(site_host(url), subdomains)

    def contains(self, url: str) -> bool:
        host = site_host(url)
        return host == self.host or (self.subdomains and host.endswith("." + self.host))


def url_template(url: str) -> str:
    """The pattern of a series: the URL with every run of digits as ``0`` and its query sorted.

    ``/news?page=7`` and ``/news?page=8`` share one; so do ``/calendar/2024/05``
    and ``/calendar/2031/11``, and ``/article/123`` and ``/article/456``.
    """
    parts = urlsplit(clean_url(url).url)
    query = "&".join(sorted(parts.query.split("&"))) if parts.query else ""
    return DIGITS.sub("0", f"{site_host(url)}{parts.path.lower()}?{query}")


def trap_kind(url: str) -> str | None:
    """``search``, ``calendar`` or ``repeating_path`` for a URL that leads to pages without end, else ``None``."""
    parts = urlsplit(url)
    segments = [unquote(segment).lower() for segment in parts.path.split("/") if segment]
    names = {unquote(pair.partition("=")[0]).lower(): pair.partition("=")[2] for pair in parts.query.split("&") if pair}
    if _is_search(segments) or SEARCH_PARAMETERS.intersection(names):
        return "search"
    if _is_calendar(parts.path, segments, names):
        return "calendar"
    if segments and max(Counter(segments).values()) >= REPEATED_SEGMENT:
        return "repeating_path"
    return None


def _is_search(segments: list[str]) -> bool:
    """A site's search (``/search/term``, ``/name/suche/``): a search word at the top of the path (or below a
    project's or a language's folder). Deeper, ``/plugins/search/x/`` is a page about searching, and a search page
    that ends a deeper path (``/docs/selfhost/search``) is one page, no trap: its results need a query
    (:data:`SEARCH_PARAMETERS`), and a documentation's page on setting up search may be named so."""
    return any(segment in SEARCH_SEGMENTS and index <= 1 for index, segment in enumerate(segments))


def _is_calendar(path: str, segments: list[str], query: dict[str, str]) -> bool:
    """A date archive (``/2024/05/``), a calendar page with only dates after it, or a query by date."""
    if DATE_ARCHIVE.match(path):
        return True
    if any(name in CALENDAR_PARAMETERS and any(c.isdigit() for c in value) for name, value in query.items()):
        return True
    for index, segment in enumerate(segments):
        if segment in CALENDAR_SEGMENTS:
            rest = segments[index + 1 :]
            return bool(rest) and all(DATE_SEGMENT.match(part) for part in rest)
    return False


def compile_patterns(patterns: Iterable[str]) -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(pattern) for pattern in patterns)


def matches_any(patterns: Iterable[re.Pattern[str]], text: str) -> bool:
    return any(pattern.search(text) for pattern in patterns)
