"""Strip everything executable from an extracted article, in place, with an allow-list.

Readability.js promises a readable article, not a safe one: its output keeps
event handlers, ``javascript:`` URLs in some places, SVG, forms and more. With
``sanitize=True`` :func:`sanitize_content` runs over the article tree after
post-processing and keeps only what is on the lists below:

* elements: HTML's text-level and grouping content, tables, lists, media
  (``img``, ``picture``, ``video``, ``audio``, ``source``, ``track``),
  a presentational subset of SVG and MathML, and ``iframe`` only for the video
  hosts of ``allowed_video_regex`` (an ``https`` ``src`` is required), sandboxed
  (the player may run its scripts and open pop-ups, never navigate the page
  that shows it) and without a ``name`` that links could target;
* dangerous elements go *with their content*: scripts, styles, templates,
  plug-ins, frames, form controls, ``<noscript>``, ``<noembed>``, ``<xmp>``,
  document metadata (``base``, ``meta``, ``link``, ``title``), SVG animation
  and ``foreignObject``, MathML ``annotation-xml``;
* any other element is unwrapped (``<form>`` among them): its text and
  children stay, it goes;
* attributes: a per-element allow-list (plus ``data-*`` and ``aria-*`` with
  plain names); URL attributes must be relative or ``http``, ``https``,
  ``ftp``, ``mailto`` or ``tel`` (media may also be a ``data:`` URL of a
  raster image: never SVG, which can hold script), judged after the browser's
  own clean-up of the value (control characters, tabs and newlines, entity
  references); any value that still reads ``javascript:`` or ``vbscript:``
  once blanks are squeezed out is dropped, whatever the attribute;
* SVG loads nothing from elsewhere: its ``href`` (``<use>``, ``<image>``) and
  the ``url()`` of its presentation attributes (``fill``, ``clip-path``,
  ``mask``...) may only name an element of the same document, ``#id``
  (``<image>`` may also hold a raster ``data:`` image);
* no ``id`` or ``name`` can shadow a property of ``window``, ``document`` or
  a form (DOM clobbering) or create a global a script might look for: each
  gets the prefix ``user-content-`` (as GitHub does), and the references to
  them inside the article (``href="#x"``, ``url(#x)``, ``headers``,
  ``aria-labelledby``...) are rewritten to match, so in-page links still work;
* a link keeps ``target`` only as ``_blank``, and then gets
  ``rel="noopener noreferrer"``; ``rel="opener"`` goes (no reverse tabnabbing);
* comments and processing instructions are dropped.

What survives is inert once serialised: with no raw-text element left
(``script``, ``style``, ``xmp``...) and iframes emptied, every piece of text
and every attribute value is escaped by the serialiser, so an HTML5 parser
reading ``content`` builds no element and no attribute that is not on the
lists, however the markup was nested. ``tests/engine/outputs/test_sanitize_browser.py``
proves it in Chromium.

The walk is iterative: one pass over the tree, then the edits and the
references to renamed ids.
"""

from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

from lxml import etree

from ..html.dom import Element, append_text_before, remove
from ..html.urls import (
    BLANKS,
    C0_CONTROL_OR_SPACE,
    has_script_scheme,
    is_safe_url,
    unescape_references,
    url_string,
)

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
    patterntransform markerwidth markerheight markerunits refx refy orient marker-start marker-mid
    marker-end font-family font-size
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
    "textpath": frozenset({"href", "xlink:href"}),
    "lineargradient": frozenset({"href", "xlink:href"}),
    "radialgradient": frozenset({"href", "xlink:href"}),
    "pattern": frozenset({"href", "xlink:href"}),
}
for _name in _SVG_ELEMENTS:
    _ELEMENT_ATTRIBUTES[_name] = _ELEMENT_ATTRIBUTES.get(_name, frozenset()) | _SVG_ATTRIBUTES
for _name in _MATHML_ELEMENTS:
    _ELEMENT_ATTRIBUTES[_name] = _MATHML_ATTRIBUTES
# ``a`` is both HTML's and SVG's link.
_ELEMENT_ATTRIBUTES["a"] = _ELEMENT_ATTRIBUTES["a"] | {"xlink:href"} | _SVG_ATTRIBUTES
del _name

_URL_ATTRIBUTES = frozenset({"href", "xlink:href", "src", "poster", "cite", "longdesc"})
_MEDIA_ELEMENTS = frozenset({"img", "source", "video", "audio", "track", "picture"})
# SVG elements whose ``href`` names another element: only one of this document.
_SVG_REFERENCING_ELEMENTS = frozenset({"use", "image", "textpath", "lineargradient", "radialgradient", "pattern"})
# SVG presentation attributes whose CSS value may hold ``url()``: ``url(#id)`` only.
_SVG_PAINT_ATTRIBUTES = frozenset(
    {"fill", "stroke", "clip-path", "mask", "filter", "marker-start", "marker-mid", "marker-end"}
)
# Attributes that hold ids of the same document, separated by blanks.
_ID_LIST_ATTRIBUTES = frozenset(
    """
    headers itemref aria-activedescendant aria-controls aria-describedby aria-details
    aria-errormessage aria-flowto aria-labelledby aria-owns
    """.split()
)
# --- URLs ----------------------------------------------------------------------

_HTML_SPACE = " \t\n\f\r"


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
    return all(is_safe_url(url, media=True) for url in _srcset_urls(unescape_references(value)))


def _video_src_allowed(src: str, allowed_video_regex: re.Pattern[str]) -> bool:
    """An iframe's ``src``: an https URL whose host and path match the video regex.

    The regex is tried on ``//host[:port]/path`` rebuilt from the parsed URL
    (user info, query and fragment left out, runs of ``/`` squeezed), and a
    match that ends inside the host name does not count, so neither
    ``https://www.youtube.com@evil.example/``, ``https://evil.example/?//www.youtube.com``
    nor ``https://www.youtube.com.evil.example/`` passes for YouTube. (So a
    regex that names a host must name all of it: ``youtube`` alone matches
    no host, ``youtube\\.com`` does.)
    """
    url = url_string(src)
    if "\\" in url or BLANKS.search(url):
        return False
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        port = parts.port
    except ValueError:
        return False
    if parts.scheme.lower() != "https" or not host:
        return False
    authority = "//" + host + (f":{port}" if port is not None else "")
    candidate = authority + re.sub("/+", "/", parts.path or "/")
    host_end = 2 + len(host)
    return any(
        match.start() >= host_end or match.end() >= host_end for match in allowed_video_regex.finditer(candidate)
    )


# --- Names, links, frames ----------------------------------------------------------

# What every ``id`` and ``name`` starts with once sanitised. No property of
# ``window``, ``document``, a form or an element has a hyphen in its name, so a
# prefixed name can shadow none (tests/engine/dom_properties.json lists them, as
# Chromium reports them), nor become a global a script would look up.
NAMED_PROPERTY_PREFIX = "user-content-"

# ``url(...)`` in a CSS value, quoted or not; and what else could name a
# resource once those are gone: a string, an escape, a ``url(`` left unread.
_CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'"()\\\s]*)\1\s*\)""", re.IGNORECASE)
_CSS_RESOURCE = re.compile(r"""['"\\]|url\(|src\(""", re.IGNORECASE)

# The sandbox of a kept video frame: the player runs and may open pop-ups (its
# "watch on the site" link), but cannot navigate the page that shows it.
FRAME_SANDBOX = "allow-scripts allow-same-origin allow-presentation allow-popups"


def prefixed(name: str) -> str:
    """``name`` with :data:`NAMED_PROPERTY_PREFIX`, added once only (sanitising twice changes nothing)."""
    return name if name.startswith(NAMED_PROPERTY_PREFIX) else NAMED_PROPERTY_PREFIX + name


def _is_local_css(value: str) -> bool:
    """Whether a presentation attribute's CSS value names no resource but ``url(#id)``."""
    if "(" not in value and not _CSS_RESOURCE.search(value):
        return True
    rest = _CSS_URL.sub(lambda m: "" if m.group(2).startswith("#") else "url(", value)
    return not _CSS_RESOURCE.search(rest)


def _is_local_reference(element: str, value: str) -> bool:
    """An SVG ``href``: an element of this document (``#id``); ``<image>`` may hold a raster ``data:`` URL."""
    url = unescape_references(value).strip(C0_CONTROL_OR_SPACE)
    if url.startswith("#"):
        return True
    return element == "image" and url[:5].lower() == "data:" and is_safe_url(url, media=True)


class _References:
    """The ids and names of the article, and the attributes that may refer to them.

    Ids are prefixed as they are met; the references can only be rewritten
    once the whole article has been seen, since a link may come before its
    target. A reference to something outside the article stays as it is (a
    link to ``#top`` still scrolls the page up).
    """

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.pending: list[tuple[Element, str]] = []

    def rename(self, el: Element, key: str, value: str) -> None:
        if value:
            self.names.add(value)
            el.set(key, prefixed(value))

    @staticmethod
    def _set(el: Element, key: str, value: str) -> None:
        if ":" in key:  # lxml cannot set ``xlink:href``; SVG 2 reads a plain ``href`` the same
            del el.attrib[key]
            key = key.rsplit(":", 1)[1]
        el.set(key, value)

    def note(self, el: Element, key: str, attr: str, value: str) -> None:
        if (
            attr in _ID_LIST_ATTRIBUTES
            or (attr in _SVG_PAINT_ATTRIBUTES and "(" in value)
            or (attr in ("href", "xlink:href") and value.lstrip(C0_CONTROL_OR_SPACE).startswith("#"))
        ):
            self.pending.append((el, key))

    def _target(self, fragment: str) -> str | None:
        """The prefixed fragment if it names an id of the article (raw or percent-decoded)."""
        if fragment in self.names or unquote(fragment) in self.names:
            return prefixed(fragment)
        return None

    def rewrite(self) -> None:
        for el, key in self.pending:
            value = el.get(key)
            if value is None:
                continue
            attr = key.lower()
            if attr in _ID_LIST_ATTRIBUTES:
                new = " ".join(prefixed(t) if t in self.names else t for t in value.split())
            elif attr in _SVG_PAINT_ATTRIBUTES:
                new = _CSS_URL.sub(self._css_url, value)
            else:
                url = value.strip(C0_CONTROL_OR_SPACE)
                target = self._target(url[1:]) if len(url) > 1 else None
                new = value if target is None else "#" + target
            if new != value:
                self._set(el, key, new)

    def _css_url(self, match: re.Match[str]) -> str:
        target = self._target(match.group(2)[1:])
        return match.group(0) if target is None else f"url(#{target})"


def _secure_link(el: Element) -> None:
    """``target`` only as ``_blank``, with ``noopener noreferrer``; ``rel=opener`` never.

    Any other target (``_top``, ``_parent``, a window's name) would let the
    article's links navigate frames of the page that shows it.
    """
    target = el.get("target")
    rel = el.get("rel")
    if target is None and rel is None:
        return
    tokens = (rel or "").split()
    kept = [t for t in tokens if t.lower() != "opener"]
    if target is not None:
        if target.strip(_HTML_SPACE).lower() == "_blank":  # "_blank " names a window: meant as _blank
            el.set("target", "_blank")
            present = {t.lower() for t in kept}
            kept += [t for t in ("noopener", "noreferrer") if t not in present]
        else:
            del el.attrib["target"]
    if kept != tokens:
        if kept:
            el.set("rel", " ".join(kept))
        else:
            del el.attrib["rel"]


# --- The pass --------------------------------------------------------------------


def _clean_attributes(el: Element, name: str, references: _References) -> bool:
    """Delete the attributes not allowed on ``el``, prefix its names; False if one cannot be deleted.

    lxml reads some names that libxml2 accepted (``{a}b``, ``{``) as Clark
    notation and cannot address them; such an element has to go.
    """
    allowed = _ELEMENT_ATTRIBUTES.get(name, _NOTHING)
    for key, value in el.items():
        attr = key.lower()
        if (attr in _GLOBAL_ATTRIBUTES or attr in allowed or _DATA_OR_ARIA.match(attr)) and _value_ok(
            name, attr, value
        ):
            if attr == "id" or attr == "name":
                references.rename(el, key, value)
            elif attr in _REFERRING_ATTRIBUTES:  # most attributes cannot refer to an id: no call for them
                references.note(el, key, attr, value)
            continue
        try:
            del el.attrib[key]
        except (KeyError, ValueError):
            return False
    return True


_NOTHING: frozenset[str] = frozenset()
# The attributes _References.note may keep for rewriting.
_REFERRING_ATTRIBUTES = _ID_LIST_ATTRIBUTES | _SVG_PAINT_ATTRIBUTES | {"href", "xlink:href"}


def _value_ok(element: str, attr: str, value: str) -> bool:
    if attr in _URL_ATTRIBUTES:
        if element in _SVG_REFERENCING_ELEMENTS:
            return _is_local_reference(element, value)
        return is_safe_url(value, media=element in _MEDIA_ELEMENTS)
    if attr == "srcset":
        return _is_safe_srcset(value)
    if attr in _SVG_PAINT_ATTRIBUTES and not _is_local_css(value):
        return False
    return not has_script_scheme(value)


def _clean_frame(el: Element, references: _References) -> bool:
    """A kept video iframe: emptied, nameless, sandboxed; False if it must go after all."""
    # An iframe's content is raw text to an HTML parser: none may stay.
    el.text = None
    for child in list(el):
        el.remove(child)
    if "name" in el.attrib:
        del el.attrib["name"]
    if not _clean_attributes(el, "iframe", references):
        return False
    el.set("sandbox", FRAME_SANDBOX)
    return True


def _unwrap(el: Element) -> None:
    """Replace ``el`` by its content: text and children stay where they were."""
    if el.getparent() is None:
        return
    if el.text:
        append_text_before(el, el.text)
        el.text = None
    for child in list(el):
        el.addprevious(child)  # moves the child with its tail
    remove(el)  # its own tail joins the last node before it


def _is_microdata_meta(el: Element) -> bool:
    """``<meta itemprop content>`` in the body is microdata; any other ``<meta>`` goes."""
    return el.get("itemprop") is not None and all(key.lower() in ("itemprop", "content") for key in el.keys())


def sanitize_content(article_content: Element, allowed_video_regex: re.Pattern[str]) -> None:
    """Make ``article_content``'s descendants safe to show, in place (see the module docstring).

    ``article_content`` itself is the container whose inner HTML becomes
    ``Article.content``; its own tag and attributes are left alone.
    """
    dropped: list[Element] = []
    unwrapped: list[Element] = []
    references = _References()
    walker = etree.iterwalk(article_content, events=("start", "comment", "pi"))
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
            if not _video_src_allowed(el.get("src") or "", allowed_video_regex) or not _clean_frame(el, references):
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
        elif el.attrib:
            if not _clean_attributes(el, name, references):
                unwrapped.append(el)
            elif name == "a":
                _secure_link(el)
    for el in dropped:
        remove(el)
    for el in reversed(unwrapped):
        _unwrap(el)
    references.rewrite()
