"""URLs as a browser reads them: the WHATWG URL standard, which Readability.js's ``new URL()`` follows.

One place for everything the phases do with URLs: the pre-processing every
URL parser applies (:func:`url_string`), the scheme (:func:`url_scheme`),
resolution against a base (:func:`resolve`), the host (:func:`url_host`), the absolute-URL test of
``_isUrl`` (:func:`is_absolute_url`), and the sanitiser's test of what a URL
attribute may hold (:func:`is_safe_url`).

Parsing is ada's (the ``ada-url`` package: a C++ parser that passes every
web-platform-tests URL case); ``benchmarks/README.md`` has the measurements
that chose it over a parser of our own and over Python's ``urljoin``, which
differs from the standard on many inputs (``a//b``, backslashes, blanks,
percent-encoding, ``..`` past the root, hosts, ports).
"""

from __future__ import annotations

import functools
import html
import re

import ada_url

# What a URL parser strips from both ends of its input ...
C0_CONTROL_OR_SPACE = "".join(chr(c) for c in range(0x21))
# ... and removes from anywhere in it.
_TAB_OR_NEWLINE = re.compile("[\t\n\r]")
_SCHEME = re.compile(r"([a-zA-Z][a-zA-Z0-9+.\-]*):")

ABOUT_BLANK = "about:blank"


class InvalidURL(ValueError):
    """Where ``new URL()`` throws a ``TypeError``: the input is no URL, or none against that base."""


def url_string(value: str) -> str:
    """The string a URL parser reads: C0 controls and spaces trimmed from the ends, tabs and newlines gone."""
    return _TAB_OR_NEWLINE.sub("", value.strip(C0_CONTROL_OR_SPACE))


def url_scheme(value: str) -> str | None:
    """The scheme, lower-cased, of a URL as :func:`url_string` gives it; ``None`` for a relative URL."""
    match = _SCHEME.match(value)
    return match.group(1).lower() if match else None


@functools.lru_cache(maxsize=4096)
def resolve(url: str, base: str | None = None) -> str:
    """``new URL(url, base).href``; raises :class:`InvalidURL` where that throws.

    Memoised: the links and images of a site repeat from page to page.
    """
    try:
        return ada_url.normalize_url(url) if base is None else ada_url.join_url(base, url)
    except ValueError:
        raise InvalidURL(url) from None


def url_host(url: str) -> str | None:
    """``new URL(url).hostname``, lower-cased by the parser; ``None`` for no URL or a URL without a host."""
    try:
        return ada_url.URL(url).hostname or None
    except ValueError:
        return None


def is_absolute_url(text: str) -> bool:
    """Whether ``new URL(text)`` succeeds: ``text`` is an absolute URL."""
    return bool(ada_url.check_url(text))


# --- The sanitiser's test ------------------------------------------------------

# Schemes a URL attribute may have once sanitised; media may also be raster ``data:`` images.
SAFE_SCHEMES = frozenset({"http", "https", "ftp", "mailto", "tel"})
_DATA_IMAGE = re.compile(r"data:image/([a-z0-9.+\-]+)[\t\n\f\r ]*[;,]", re.IGNORECASE)
# The image types a ``data:`` URL may carry: rasters, which hold no script.
# SVG is not among them: inert as an <img>, it runs its scripts when the
# reader opens the image on its own.
_RASTER_IMAGE_TYPES = frozenset("png apng gif jpeg jpg pjpeg webp avif bmp x-ms-bmp x-icon vnd.microsoft.icon".split())
# Blanks and controls anywhere, squeezed out before looking for a script scheme.
BLANKS = re.compile(r"[\x00-\x20\x7f-\x9f\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]+")
_SCRIPT_SCHEME = re.compile(r"(?:java|vb|live)script:|data:text/html", re.IGNORECASE)


def unescape_references(value: str) -> str:
    """The value with HTML character references decoded, repeatedly (a consumer may decode twice)."""
    for _ in range(3):
        if "&" not in value:
            break
        decoded = html.unescape(value)
        if decoded == value:
            break
        value = decoded
    return value


def has_script_scheme(value: str) -> bool:
    """Whether a script URL hides anywhere in ``value``, blanks and character references notwithstanding."""
    if ":" not in value and "&" not in value:
        return False
    return bool(_SCRIPT_SCHEME.search(BLANKS.sub("", unescape_references(value))))


def is_safe_url(value: str, *, media: bool = False) -> bool:
    """Whether a URL attribute may stay: relative, or an allowed scheme (``data:image`` for media)."""
    url = url_string(unescape_references(value))
    scheme = url_scheme(url)
    if scheme is None:  # relative; refused all the same if it smuggles a script URL along
        return not has_script_scheme(url)
    if scheme in SAFE_SCHEMES:
        return True
    if scheme == "about":
        return url.lower() == ABOUT_BLANK
    return media and scheme == "data" and _is_raster_data_url(url)


def _is_raster_data_url(url: str) -> bool:
    data = _DATA_IMAGE.match(url)
    return data is not None and data.group(1).lower() in _RASTER_IMAGE_TYPES
