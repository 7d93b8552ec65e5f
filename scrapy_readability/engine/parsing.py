"""Turning the caller's input (text, bytes or a parsed tree) into an lxml HTML document.

Bytes are decoded the way browsers and Scrapy do it (BOM, then ``<meta charset>``
or http-equiv, then UTF-8 with replacement characters), via w3lib. Text is then
scrubbed of the code points libxml2 and XML trees cannot hold, and parsed with
libxml2's HTML parser, comments and processing instructions dropped (Mozilla's
test harness strips comments before Readability.js sees the page).
"""

from __future__ import annotations

import re

from lxml import etree
from w3lib.encoding import html_to_unicode

from .errors import InputError

# A plain etree parser: lxml.html's element classes cost a Python call per proxy.
_PARSER = etree.HTMLParser(
    remove_comments=True,
    remove_pis=True,
    huge_tree=True,  # without it libxml2 silently drops content nested deeper than 255 elements
    default_doctype=False,
)

# NUL becomes U+FFFD as in HTML5; other C0 controls (bar tab, LF, CR), U+FFFE/U+FFFF
# and lone surrogates cannot live in an lxml tree. Form feed is HTML whitespace.
_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def _scrub(match: re.Match[str]) -> str:
    return "\ufffd" if match.group() == "\x00" else ""


def decode_html(body: bytes, content_type: str | None = None) -> str:
    """Decode an HTML body: BOM, then HTTP header, then ``<meta>``, then UTF-8."""
    _encoding, text = html_to_unicode(content_type, body)
    return text


def clean_text(text: str) -> str:
    text = text.replace("\x0c", " ")
    return _FORBIDDEN.sub(_scrub, text)


def empty_document() -> etree._Element:
    return etree.fromstring("<html><head></head><body></body></html>", parser=_PARSER)


def parse_html(html: object, content_type: str | None = None) -> etree._Element:
    """Return the ``<html>`` root element of a document for ``html``.

    A parsed lxml tree is used as it is (and will be modified by ``parse()``).
    """
    if isinstance(html, etree._ElementTree):
        root = html.getroot()
        if root is None:
            raise InputError("the lxml tree has no root element")
        return root
    if isinstance(html, etree._Element):
        return html.getroottree().getroot()
    if isinstance(html, (bytes, bytearray, memoryview)):
        text = decode_html(bytes(html), content_type)
    elif isinstance(html, str):
        text = html
    else:
        raise InputError(f"expected str, bytes or an lxml document, got {type(html).__name__}")
    text = clean_text(text)
    if text.lstrip().startswith("<?xml"):
        # lxml refuses text with an encoding declaration; in HTML it means nothing.
        text = text.lstrip()
        end = text.find("?>")
        text = text[end + 2 :] if end >= 0 else ""
    if not text.strip():
        return empty_document()
    try:
        root = etree.fromstring(text, parser=_PARSER)
    except (etree.ParserError, etree.XMLSyntaxError, ValueError):
        return empty_document()
    if root is None:
        return empty_document()
    if root.tag != "html":  # libxml2 returns the lone element of some fragments
        wrapper = empty_document()
        wrapper.find("body").append(root)
        root = wrapper
    _merge_late_attributes(root, text)
    _insert_implied_tbody(root)
    return root


def _insert_implied_tbody(root: etree._Element) -> None:
    """Wrap rows that sit directly in a ``<table>`` in a ``<tbody>``, as HTML5 parsing does.

    libxml2 leaves them bare; Readability.js (on a browser DOM) always sees the
    ``<tbody>``, and its single-cell-table and data-table rules look for it.
    """
    for table in root.iter("table"):
        tbody = None
        for child in list(table):
            if child.tag == "tr":
                if tbody is None:
                    tbody = etree.Element("tbody")
                    child.addprevious(tbody)
                tbody.append(child)  # moves the row with its tail
            else:
                tbody = None


_START_TAG = {tag: re.compile(rf"<{tag}(\s[^>]*)>", re.IGNORECASE) for tag in ("html", "body")}


def _merge_late_attributes(root: etree._Element, text: str) -> None:
    """Give ``<html>``/``<body>`` the attributes of their start tags, as HTML5 does.

    When content forces an implied ``<body>`` before the real start tag, HTML5
    copies the late tag's attributes (``dir``, ``lang``, ``class``) onto the
    element; libxml2 drops them.
    """
    for tag, pattern in _START_TAG.items():
        element = root if tag == "html" else root.find("body")
        if element is None or element.attrib:
            continue
        match = pattern.search(text)
        if not match:
            continue
        try:
            carrier = etree.fromstring(f"<div{match.group(1)}></div>", parser=_PARSER).find(".//div")
        except (etree.ParserError, etree.XMLSyntaxError, ValueError):
            continue
        if carrier is None:
            continue
        for name, value in carrier.items():
            if name not in element.attrib:
                element.set(name, value)
