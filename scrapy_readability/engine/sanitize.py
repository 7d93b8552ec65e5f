"""Strip everything executable from an extracted article, in place, with an allow-list.

Readability.js promises a readable article, not a safe one: its output keeps
event handlers, ``javascript:`` URLs in some places, SVG, forms and more. With
``sanitize=True`` :func:`sanitize_content` runs over the article tree after
post-processing and keeps only what is on the lists below:

* elements: HTML's text-level and grouping content, tables, lists, media
  (``img``, ``picture``, ``video``, ``audio``, ``source``, ``track``),
  a presentational subset of SVG and MathML, and ``iframe`` only for the video
  hosts of ``allowed_video_regex`` (an ``http(s)`` ``src`` is required);
* dangerous elements go *with their content*: scripts, styles, templates,
  plug-ins, frames, form controls, ``<noscript>``, ``<noembed>``, ``<xmp>``,
  document metadata (``base``, ``meta``, ``link``, ``title``), SVG animation
  and ``foreignObject``, MathML ``annotation-xml``;
* any other element is unwrapped: its text and children stay, it goes;
* attributes: a per-element allow-list (plus ``data-*`` and ``aria-*`` with
  plain names); URL attributes must be relative or ``http``, ``https``,
  ``ftp``, ``mailto`` or ``tel`` (media may also be ``data:image/...``, but
  not SVG), judged after the browser's own clean-up of the value (control
  characters, tabs and newlines, entity references); any value that still
  reads ``javascript:`` or ``vbscript:`` once blanks are squeezed out is
  dropped, whatever the attribute;
* comments and processing instructions are dropped.

What survives is inert once serialised: with no raw-text element left
(``script``, ``style``, ``xmp``...) and iframes emptied, every piece of text
and every attribute value is escaped by the serialiser, so an HTML5 parser
reading ``content`` builds no element and no attribute that is not on the
lists, however the markup was nested. Ids and names are kept, so content
embedded in another page can still clobber its DOM globals; that is not code.

The walk is iterative, one pass over the tree plus the edits.
"""

from __future__ import annotations

import base64
import binascii
import html
import re
from urllib.parse import unquote, urlsplit

from lxml import etree

from .dom import Element, remove

# --- Elements ------------------------------------------------------------------

# Removed with everything inside them.
DROPPED_ELEMENTS = frozenset(
    """
    script style template noscript noembed noframes xmp plaintext
    object embed applet param frame frameset iframe portal fencedframe
    input button select option optgroup datalist textarea keygen output
    base basefont link title head bgsound
    foreignobject animate animatemotion animatetransform animatecolor set discard handler listener
    annotation-xml
    """.split()
)

_HTML_ELEMENTS = frozenset(
    """
    a abbr acronym address article aside audio b bdi bdo big blockquote br caption center
    cite code col colgroup data dd del details dfn div dl dt em figcaption figure footer
    h1 h2 h3 h4 h5 h6 header hgroup hr i img ins kbd li main mark nav nobr ol p picture
    pre q rb rp rt rtc ruby s samp section small source span strike strong sub summary sup
    table tbody td tfoot th thead time tr track tt u ul var video wbr
    """.split()
)
_SVG_ELEMENTS = frozenset(
    """
    svg g path circle ellipse line polyline polygon rect text tspan textpath defs symbol use
    clippath mask lineargradient radialgradient stop pattern marker desc image
    """.split()
)
_MATHML_ELEMENTS = frozenset(
    """
    math mi mn mo ms mtext mspace mrow mfrac msqrt mroot msub msup msubsup munder mover
    munderover mmultiscripts mprescripts none mtable mtr mtd mlabeledtr mstyle mpadded
    mphantom menclose merror semantics annotation
    """.split()
)
ALLOWED_ELEMENTS = _HTML_ELEMENTS | _SVG_ELEMENTS | _MATHML_ELEMENTS | {"iframe", "meta"}

# --- Attributes ----------------------------------------------------------------

_GLOBAL_ATTRIBUTES = frozenset(
    """
    id class title lang dir role translate itemprop itemscope itemtype itemid itemref
    property typeof vocab prefix xml:lang xml:space name tabindex draggable
    """.split()
)
_DATA_OR_ARIA = re.compile(r"(?:data|aria)-[a-z0-9_.\-]+\Z")

_SVG_ATTRIBUTES = frozenset(
    """
    viewbox xmlns xmlns:xlink version width height x y x1 y1 x2 y2 cx cy r rx ry fx fy d points
    fill fill-opacity fill-rule clip-rule clip-path clippathunits mask maskunits maskcontentunits
    stroke stroke-width stroke-linecap stroke-linejoin stroke-dasharray stroke-dashoffset
    stroke-opacity stroke-miterlimit opacity transform preserveaspectratio offset stop-color
    stop-opacity gradientunits gradienttransform spreadmethod patternunits patterncontentunits
    patterntransform markerwidth markerheight markerunits refx refy orient font-family font-size
    font-weight font-style text-anchor dominant-baseline dx dy rotate textlength lengthadjust
    visibility focusable pathlength
    """.split()
)
_MATHML_ATTRIBUTES = frozenset(
    """
    xmlns display mathvariant mathsize mathcolor mathbackground displaystyle scriptlevel fence
    separator separators stretchy symmetric largeop movablelimits accent accentunder lspace
    rspace linethickness notation columnalign rowalign columnspan rowspan columnlines rowlines
    encoding open close form minsize maxsize depth height width voffset alttext
    """.split()
)

_TABLE_CELL = frozenset({"colspan", "rowspan", "headers", "scope", "abbr"})
_ELEMENT_ATTRIBUTES: dict[str, frozenset[str]] = {
    "a": frozenset({"href", "name", "rel", "target", "hreflang", "type"}),
    "blockquote": frozenset({"cite"}),
    "q": frozenset({"cite"}),
    "del": frozenset({"cite", "datetime"}),
    "ins": frozenset({"cite", "datetime"}),
    "time": frozenset({"datetime"}),
    "data": frozenset({"value"}),
    "img": frozenset({"src", "srcset", "alt", "width", "height", "sizes", "loading", "decoding", "longdesc"}),
    "span": frozenset({"face", "size", "color"}),  # from <font>, which Readability renames
    "meta": frozenset({"content"}),  # microdata only: see _is_microdata_meta
    "source": frozenset({"src", "srcset", "type", "media", "sizes", "width", "height"}),
    "video": frozenset({"src", "poster", "controls", "width", "height", "preload", "loop", "muted", "playsinline"}),
    "audio": frozenset({"src", "controls", "preload", "loop", "muted"}),
    "track": frozenset({"src", "kind", "srclang", "label", "default"}),
    "iframe": frozenset({"src", "width", "height", "allowfullscreen", "frameborder", "loading"}),
    "table": frozenset({"summary", "width"}),
    "col": frozenset({"span", "width"}),
    "colgroup": frozenset({"span", "width"}),
    "td": _TABLE_CELL,
    "th": _TABLE_CELL,
    "ol": frozenset({"start", "reversed", "type"}),
    "ul": frozenset({"type"}),
    "li": frozenset({"value", "type"}),
    "details": frozenset({"open"}),
    "image": frozenset({"href", "xlink:href"}),
    "use": frozenset({"href", "xlink:href"}),
}
for _name in _SVG_ELEMENTS:
    _ELEMENT_ATTRIBUTES[_name] = _ELEMENT_ATTRIBUTES.get(_name, frozenset()) | _SVG_ATTRIBUTES
for _name in _MATHML_ELEMENTS:
    _ELEMENT_ATTRIBUTES[_name] = _MATHML_ATTRIBUTES
# ``a`` is both HTML's and SVG's link.
_ELEMENT_ATTRIBUTES["a"] = _ELEMENT_ATTRIBUTES["a"] | {"xlink:href"} | _SVG_ATTRIBUTES
del _name

_URL_ATTRIBUTES = frozenset({"href", "xlink:href", "src", "poster", "cite", "longdesc"})
_MEDIA_ELEMENTS = frozenset({"img", "source", "video", "audio", "track", "image", "picture"})
_SAFE_SCHEMES = frozenset({"http", "https", "ftp", "mailto", "tel"})

# --- URLs ----------------------------------------------------------------------

# What a URL parser strips from both ends (C0 controls and space) and from
# everywhere (tab, LF, CR) before it reads the scheme.
_C0_AND_SPACE = "".join(chr(c) for c in range(0x21))
_TAB_NEWLINE = re.compile("[\t\n\r]")
_SCHEME = re.compile(r"([a-zA-Z][a-zA-Z0-9+.\-]*):")
_DATA_IMAGE = re.compile(r"data:image/([a-z0-9.+\-]+)[^,]*,", re.IGNORECASE)
# What an SVG image must not hold: it runs no script as an <img>, but can when
# opened on its own, and only a document would need these.
_SVG_ACTIVE = re.compile(
    r"<\s*(?:script|foreignobject|iframe|embed|object|handler|set|animate)|\bon[a-z]+\s*=|href|javascript:",
    re.IGNORECASE,
)
# Blanks and controls anywhere, squeezed out before looking for a script scheme.
_BLANKS = re.compile(r"[\x00-\x20\x7f-\x9f\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]+")
_SCRIPT_SCHEME = re.compile(r"(?:java|vb|live)script:|data:text/html", re.IGNORECASE)


def _unescape(value: str) -> str:
    """The value with HTML character references decoded, repeatedly (a consumer may decode twice)."""
    for _ in range(3):
        if "&" not in value:
            break
        decoded = html.unescape(value)
        if decoded == value:
            break
        value = decoded
    return value


def _has_script_scheme(value: str) -> bool:
    if ":" not in value and "&" not in value:
        return False
    return bool(_SCRIPT_SCHEME.search(_BLANKS.sub("", _unescape(value))))


def is_safe_url(value: str, *, media: bool = False) -> bool:
    """Whether a URL attribute may stay: relative, or an allowed scheme (``data:image`` for media)."""
    url = _TAB_NEWLINE.sub("", _unescape(value).strip(_C0_AND_SPACE))
    match = _SCHEME.match(url)
    if match is None:  # relative; refused all the same if it smuggles a script URL along
        return not _has_script_scheme(url)
    scheme = match.group(1).lower()
    if scheme in _SAFE_SCHEMES:
        return True
    if scheme == "about":
        return url.lower() == "about:blank"
    if not media or scheme != "data":
        return False
    data = _DATA_IMAGE.match(url)
    if data is None:
        return False
    if "svg" not in data.group(1).lower():
        return True
    return not _SVG_ACTIVE.search(_data_url_text(url, data.end()))


def _data_url_text(url: str, start: int) -> str:
    """The payload of a ``data:`` URL as text (base64 or percent-encoded)."""
    payload = unquote(url[start:])
    if ";base64" in url[:start].lower():
        try:
            return base64.b64decode(_BLANKS.sub("", payload) + "==", validate=False).decode("utf-8", "replace")
        except (ValueError, binascii.Error):
            return "<script"  # undecodable: treated as active
    return payload


def _srcset_urls(value: str) -> list[str]:
    """The URLs of a ``srcset``, split as the HTML standard's algorithm does."""
    urls = []
    i, n = 0, len(value)
    while i < n:
        while i < n and (value[i] in " \t\n\f\r,"):
            i += 1
        if i >= n:
            break
        start = i
        while i < n and value[i] not in " \t\n\f\r":
            i += 1
        url = value[start:i]
        if url.endswith(","):
            urls.append(url.rstrip(","))
            continue
        urls.append(url)
        depth = 0  # the descriptors run to the next comma outside parentheses
        while i < n and not (value[i] == "," and depth == 0):
            if value[i] == "(":
                depth += 1
            elif value[i] == ")" and depth:
                depth -= 1
            i += 1
    return urls


def _is_safe_srcset(value: str) -> bool:
    return all(is_safe_url(url, media=True) for url in _srcset_urls(_unescape(value)))


def _video_src_allowed(src: str, allowed_video_regex: re.Pattern[str]) -> bool:
    """An iframe's ``src``: an http(s) URL whose host and path match the video regex.

    The regex is tried on ``//host[:port]/path`` rebuilt from the parsed URL
    (user info, query and fragment left out, runs of ``/`` squeezed), and a
    match that ends inside the host name does not count, so neither
    ``https://www.youtube.com@evil.example/``, ``https://evil.example/?//www.youtube.com``
    nor ``https://www.youtube.com.evil.example/`` passes for YouTube. (So a
    regex that names a host must name all of it: ``youtube`` alone matches
    no host, ``youtube\\.com`` does.)
    """
    url = _TAB_NEWLINE.sub("", src.strip(_C0_AND_SPACE))
    if "\\" in url or _BLANKS.search(url):
        return False
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        port = parts.port
    except ValueError:
        return False
    if parts.scheme.lower() not in ("http", "https") or not host:
        return False
    authority = "//" + host + (f":{port}" if port is not None else "")
    candidate = authority + re.sub("/+", "/", parts.path or "/")
    host_end = 2 + len(host)
    return any(
        match.start() >= host_end or match.end() >= host_end
        for match in allowed_video_regex.finditer(candidate)
    )


# --- The pass --------------------------------------------------------------------


def _clean_attributes(el: Element, name: str) -> bool:
    """Delete the attributes not allowed on ``el``; False if one cannot be deleted.

    lxml reads some names that libxml2 accepted (``{a}b``, ``{``) as Clark
    notation and cannot address them; such an element has to go.
    """
    allowed = _ELEMENT_ATTRIBUTES.get(name, _NOTHING)
    for key, value in el.items():
        attr = key.lower()
        if (attr in _GLOBAL_ATTRIBUTES or attr in allowed or _DATA_OR_ARIA.match(attr)) and _value_ok(
            name, attr, value
        ):
            continue
        try:
            del el.attrib[key]
        except (KeyError, ValueError):
            return False
    return True


_NOTHING: frozenset[str] = frozenset()


def _value_ok(element: str, attr: str, value: str) -> bool:
    if attr in _URL_ATTRIBUTES:
        if element == "use":  # only references inside the document
            return _unescape(value).strip(_C0_AND_SPACE).startswith("#")
        return is_safe_url(value, media=element in _MEDIA_ELEMENTS)
    if attr == "srcset":
        return _is_safe_srcset(value)
    return not _has_script_scheme(value)


def _unwrap(el: Element) -> None:
    """Replace ``el`` by its content: text and children stay where they were."""
    parent = el.getparent()
    if parent is None:
        return
    if el.text:
        prev = el.getprevious()
        if prev is not None:
            prev.tail = (prev.tail or "") + el.text
        else:
            parent.text = (parent.text or "") + el.text
        el.text = None
    for child in list(el):
        el.addprevious(child)  # moves the child with its tail
    remove(el)  # its own tail joins the last node before it


def _is_microdata_meta(el: Element) -> bool:
    """``<meta itemprop content>`` in the body is microdata; any other ``<meta>`` goes."""
    return el.get("itemprop") is not None and all(
        key.lower() in ("itemprop", "content") for key in el.keys()
    )


def sanitize_content(article_content: Element, allowed_video_regex: re.Pattern[str]) -> None:
    """Make ``article_content``'s descendants safe to show, in place (see the module docstring).

    ``article_content`` itself is the container whose inner HTML becomes
    ``Article.content``; its own tag and attributes are left alone.
    """
    dropped: list[Element] = []
    unwrapped: list[Element] = []
    walker = etree.iterwalk(article_content, events=("start",))
    for _event, el in walker:
        if el is article_content:
            continue
        tag = el.tag
        if not isinstance(tag, str):  # comments, processing instructions, entities
            dropped.append(el)
            continue
        name = tag.lower()
        if name == "iframe":
            walker.skip_subtree()
            if not _video_src_allowed(el.get("src") or "", allowed_video_regex):
                dropped.append(el)
                continue
            # An iframe's content is raw text to an HTML parser: none may stay.
            el.text = None
            for child in list(el):
                el.remove(child)
            if not _clean_attributes(el, name):
                dropped.append(el)
            continue
        if name in DROPPED_ELEMENTS:
            walker.skip_subtree()
            dropped.append(el)
            continue
        if name == "meta" and not _is_microdata_meta(el):
            dropped.append(el)
        elif name not in ALLOWED_ELEMENTS:
            unwrapped.append(el)
        elif el.attrib and not _clean_attributes(el, name):
            unwrapped.append(el)
    for el in dropped:
        remove(el)
    for el in reversed(unwrapped):
        _unwrap(el)
