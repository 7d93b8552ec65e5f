"""Turning the caller's input (text, bytes or a parsed tree) into an lxml HTML document.

Bytes are decoded the way browsers and Scrapy do it (BOM, then ``<meta charset>``
or http-equiv, then UTF-8 with replacement characters), via w3lib. Text is then
scrubbed of the code points libxml2 and XML trees cannot hold, and parsed with
libxml2's HTML parser, comments and processing instructions dropped (Mozilla's
test harness strips comments before Readability.js sees the page).
"""

from __future__ import annotations

import re
import threading

from lxml import etree
from w3lib.encoding import html_to_unicode

from .dom import child_nodes, set_child_nodes
from .serialize import TEMPLATE_CONTENT_ATTRIBUTE, inner_html
from .errors import InputError

_PARSER_OPTIONS = dict(
    remove_comments=True,
    remove_pis=True,
    huge_tree=True,  # without it libxml2 silently drops content nested deeper than 255 elements
    default_doctype=False,
)
_local = threading.local()


def _parser(encoding: str | None = None) -> etree.HTMLParser:
    """This thread's parser: a plain etree one (lxml.html's element classes cost a Python
    call per proxy), for UTF-8 bytes (faster to parse than ``str``) or for ``str``.

    One per thread, as lxml requires: a parser shared by the extraction threads
    and the reactor thread corrupted memory under load (a crawl died in libxml2's
    free() about once in eight runs).
    """
    key = encoding or "str"
    parsers = getattr(_local, "parsers", None)
    if parsers is None:
        parsers = _local.parsers = {}
    parser = parsers.get(key)
    if parser is None:
        parser = parsers[key] = etree.HTMLParser(encoding=encoding, **_PARSER_OPTIONS)
    return parser


def _sniff_utf16(body: bytes) -> str | None:
    """UTF-16 without a BOM: markup is mostly ASCII, so every other byte is NUL."""
    head = body[:1024]
    if len(head) < 16 or head.count(0) < len(head) // 3:
        return None
    even_nuls, odd_nuls = head[0::2].count(0), head[1::2].count(0)
    if odd_nuls > 3 * even_nuls:
        return "utf-16-le"
    if even_nuls > 3 * odd_nuls:
        return "utf-16-be"
    return None


# Signatures of common non-HTML bodies a crawler meets.
_SIGNATURES = (
    (b"%PDF-", "a PDF document"),
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"RIFF", "a RIFF file (WebP, WAV, AVI)"),
    (b"PK\x03\x04", "a ZIP archive (or an office document)"),
    (b"\x1f\x8b", "gzip-compressed data"),
    (b"BZh", "bzip2-compressed data"),
    (b"\xfd7zXZ\x00", "xz-compressed data"),
    (b"(\xb5/\xfd", "zstd-compressed data"),
    (b"%!PS", "a PostScript document"),
    (b"\x00\x00\x01\x00", "an icon"),
    (b"OggS", "an Ogg stream"),
    (b"ID3", "an MP3 file"),
    (b"wOFF", "a web font"),
    (b"wOF2", "a web font"),
    (b"\x7fELF", "an executable"),
)


# Below this, a few stray control characters are not evidence of binary data.
_MIN_SNIFF_LENGTH = 128


def sniff_binary(body: bytes) -> str | None:
    """What a body is when it is plainly not text (a signature, or mostly control bytes)."""
    for signature, kind in _SIGNATURES:
        if body.startswith(signature):
            return kind
    if body[4:8] == b"ftyp":
        return "an MP4/QuickTime/HEIF file"
    head = body[:1024]
    if len(head) >= _MIN_SNIFF_LENGTH and _sniff_utf16(body) is None:
        controls = sum(1 for byte in head if byte < 9 or 13 < byte < 32 or byte == 0x7F)
        if controls * 10 > len(head):  # text has next to none; binary has about one in eight
            return "binary data"
    return None


def sniff_binary_text(text: str) -> str | None:
    """:func:`sniff_binary` for a body someone already decoded (Scrapy's ``response.text``).

    Decoders turn the signature bytes into other characters (U+FFFD, or Latin-1
    letters), so the ASCII parts of the signatures are looked for; replacement
    characters are not counted as binary, as a page in a mis-declared legacy
    encoding is full of them.
    """
    head = text[:1024].lstrip("\ufeff")
    if not head:
        return None
    ascii_head = head[:16].encode("ascii", "replace")
    for signature, kind in _SIGNATURES:
        if signature.isascii() and len(signature) > 2 and ascii_head.startswith(signature):
            return kind
    if "PNG\r\n\x1a\n" in head[:12]:
        return "a PNG image"
    if "JFIF" in head[:16] or "Exif" in head[:16]:
        return "a JPEG image"
    if head[4:8] == "ftyp":
        return "an MP4/QuickTime/HEIF file"
    controls = sum(1 for char in head if char < "\t" or "\r" < char < " " or char == "\x7f")
    if len(head) >= _MIN_SNIFF_LENGTH and controls * 10 > len(head):
        return "binary data"
    return None


def decode_html(body: bytes, content_type: str | None = None) -> str:
    """Decode an HTML body: BOM, then HTTP header, then ``<meta>``, then UTF-16 sniffing, then UTF-8."""
    _encoding, text = html_to_unicode(content_type, body, auto_detect_fun=_sniff_utf16)
    return text


# What an lxml tree cannot hold: C0 controls but tab, LF and CR (NUL is left to
# libxml2, which makes it U+FFFD as HTML5 does), U+FFFE/U+FFFF, lone surrogates.
# Form feed, HTML whitespace, becomes a space. Done on UTF-8 bytes, where each
# test is a C-speed translate or find: a regex over a 1.6 MB page cost as much
# as parsing it.
_CONTROL_BYTES = bytes([*range(0x01, 0x09), 0x0B, *range(0x0E, 0x20)])
_FORM_FEED_TO_SPACE = bytes(range(256)).replace(b"\x0c", b" ")
_SURROGATE_UTF8 = re.compile(rb"\xed[\xa0-\xbf][\x80-\xbf]")
# Character references libxml2 would decode into such code points (``&#1;``):
# the pattern only matches small numbers, U+FFFE/U+FFFF and out-of-range ones,
# so ordinary references cost no callback.
_CONTROL_REFERENCE = re.compile(
    rb"&#(?:[xX]0*(?P<hex>[0-9a-fA-F]|1[0-9a-fA-F]|[fF]{3}[eEfF])(?![0-9a-fA-F])"
    rb"|0*(?P<dec>[0-9]|[12][0-9]|3[01]|6553[45])(?![0-9]));?"
)
_REFUSED = frozenset([*range(0x01, 0x09), 0x0B, *range(0x0E, 0x20), 0xFFFE, 0xFFFF])
# HTML5 reads a stray </br> as <br>; libxml2 drops it.
_END_BR = re.compile(rb"</[bB][rR]\s*>")


def _control_reference(match: re.Match[bytes]) -> bytes:
    hex_digits, decimal = match.group("hex"), match.group("dec")
    code = int(hex_digits, 16) if hex_digits else int(decimal)
    if code == 0x0C:
        return b" "  # form feed, which HTML treats as whitespace
    return b"" if code in _REFUSED else match.group()


def to_parser_bytes(text: str) -> bytes:
    """``text`` as UTF-8 for libxml2, without what an lxml tree cannot hold.

    Each step is one C-level pass (a regex over a 1.6 MB page cost as much as
    parsing it); the rare cases are found by an exception or a one-character search.
    """
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates: U+FFFD, as a decoder would give
        data = _SURROGATE_UTF8.sub("\ufffd".encode(), text.encode("utf-8", "surrogatepass"))
    data = data.translate(_FORM_FEED_TO_SPACE, _CONTROL_BYTES)
    if "\ufffe" in text or "\uffff" in text:
        data = data.replace("\ufffe".encode(), b"").replace("\uffff".encode(), b"")
    data = _CONTROL_REFERENCE.sub(_control_reference, data)
    return _END_BR.sub(b"<br>", data)


def clean_text(text: str) -> str:
    """The text libxml2 gets for ``text`` (see :func:`to_parser_bytes`), as ``str``; NUL is U+FFFD."""
    return to_parser_bytes(text).decode("utf-8").replace("\x00", "\ufffd")


def empty_document() -> etree._Element:
    return etree.fromstring("<html><head></head><body></body></html>", parser=_parser())


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
        body = bytes(html)
        kind = sniff_binary(body)
        if kind:
            raise InputError(f"not HTML: the body looks like {kind}")
        text = decode_html(body, content_type)
    elif isinstance(html, str):
        kind = sniff_binary_text(html)
        if kind:
            raise InputError(f"not HTML: the text looks like {kind}")
        text = html
    else:
        raise InputError(f"expected str, bytes or an lxml document, got {type(html).__name__}")
    if not text.strip():
        return empty_document()
    try:
        root = etree.fromstring(to_parser_bytes(text), parser=_parser("utf-8"))
    except (etree.ParserError, etree.XMLSyntaxError, ValueError):
        return empty_document()
    if root is None:
        return empty_document()
    if root.tag != "html":  # libxml2 returns the lone element of some fragments
        wrapper = empty_document()
        wrapper.find("body").append(root)
        root = wrapper
    fix_up_tree(root, text)
    return root


# --- Where libxml2's tree differs from the one HTML5 parsing builds ----------------


def fix_up_tree(root: etree._Element, text: str = "") -> None:
    """Bring libxml2's tree closer to the DOM a browser (and so Readability.js) works on.

    Each step is cheap when there is nothing to fix: it looks only at the few
    elements concerned.
    """
    if root.find("body") is None:
        etree.SubElement(root, "body")
    if text:
        _merge_late_attributes(root, text)
        _keep_whitespace_after_body(root, text)
    _unnest_void_elements(root)
    _set_aside_template_contents(root)
    _rename_image_to_img(root)
    _drop_leading_newline(root)
    _split_nested_headings(root)
    for table in list(root.iter("table")):
        _fix_table(table)


# Void in HTML5, unknown to libxml2, which makes what follows them their content.
_UNKNOWN_VOID_ELEMENTS = ("embed", "wbr", "source", "track", "keygen")


def _unnest_void_elements(root: etree._Element) -> None:
    """Move what libxml2 put inside a void element out, after it, where HTML5 puts it."""
    # Outermost first: each element's children then go out once, and a chain of
    # 2,000 nested voids costs milliseconds (innermost first moved the growing
    # run of later content at every level: seconds).
    for el in list(root.iter(*_UNKNOWN_VOID_ELEMENTS)):
        if not el.text and not len(el):
            continue
        tail, el.tail, el.text = el.tail, el.text, None
        anchor = el
        for child in list(el):
            anchor.addnext(child)  # moves the child with its tail
            anchor = child
        if tail:
            anchor.tail = (anchor.tail or "") + tail


def _set_aside_template_contents(root: etree._Element) -> None:
    """A ``<template>``'s content lives in a separate fragment, not in its children.

    Readability.js never sees it (no walk, no ``textContent``), yet ``innerHTML``
    serialises it. So it is kept, serialised, in an attribute the serialiser
    turns back into content.
    """
    for template in root.iter("template"):
        if template.text or len(template):
            template.set(TEMPLATE_CONTENT_ATTRIBUTE, inner_html(template))
            template.text = None
            for child in list(template):
                template.remove(child)


_AFTER_BODY = re.compile(r"</body\s*>((?:\s|</html\s*>|<!--.*?-->)*)\Z", re.IGNORECASE | re.DOTALL)
_NOT_WHITESPACE = re.compile(r"</html\s*>|<!--.*?-->", re.IGNORECASE | re.DOTALL)


def _keep_whitespace_after_body(root: etree._Element, text: str) -> None:
    """Whitespace after ``</body>`` (and ``</html>``) still goes into the body in HTML5."""
    match = _AFTER_BODY.search(text, max(0, len(text) - 4096))
    body = root.find("body")
    if not match or body is None:
        return
    whitespace = _NOT_WHITESPACE.sub("", match.group(1))
    if whitespace:
        if len(body):
            body[-1].tail = (body[-1].tail or "") + whitespace
        else:
            body.text = (body.text or "") + whitespace


def _rename_image_to_img(root: etree._Element) -> None:
    """HTML5 reads an ``<image>`` tag as ``<img>`` (outside SVG)."""
    for image in list(root.iter("image")):
        if not any(ancestor.tag == "svg" for ancestor in image.iterancestors()):
            image.tag = "img"


def _drop_leading_newline(root: etree._Element) -> None:
    """HTML5 drops a newline right after ``<pre>``, ``<listing>`` and ``<textarea>``."""
    for el in root.iter("pre", "listing", "textarea"):
        if el.text and el.text[0] == "\n":
            el.text = el.text[1:] or None


_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")


def _split_nested_headings(root: etree._Element) -> None:
    """A heading start tag closes an open heading in HTML5; libxml2 nests it instead.

    ``<h1>a<h2>b</h2>c</h1>`` becomes ``<h1>a</h1><h2>b</h2>c``.
    """
    for heading in list(root.iter(*_HEADINGS)):
        parent = heading.getparent()
        if parent is None or parent.tag not in _HEADINGS:
            continue
        # The nested heading and everything after it leave the outer heading.
        anchor = parent
        moving = [heading, *heading.itersiblings()]
        tail, parent.tail = parent.tail, None
        for node in moving:
            anchor.addnext(node)  # moves the node with its tail
            anchor = node
        if tail:
            anchor.tail = (anchor.tail or "") + tail


# Table content: which children each table part may hold. Anything else (and
# any text that is not whitespace) is "foster-parented" in HTML5: moved to just
# before the table.
_TABLE_SECTIONS = frozenset({"tbody", "thead", "tfoot"})
_CELLS = frozenset({"td", "th"})
_TABLE_ALWAYS = frozenset({"script", "style", "template"})
_ALLOWED_IN = {
    "table": frozenset({"caption", "colgroup", "col", "form"}) | _TABLE_SECTIONS | {"tr"} | _CELLS | _TABLE_ALWAYS,
    "section": frozenset({"tr", "form"}) | _CELLS | _TABLE_ALWAYS,
    "tr": frozenset({"form"}) | _CELLS | _TABLE_ALWAYS,
}


def _part(tag: str) -> str:
    return "section" if tag in _TABLE_SECTIONS else tag


def _needs_fixing(table: etree._Element) -> bool:
    stack = [table]
    while stack:
        container = stack.pop()
        allowed = _ALLOWED_IN[_part(container.tag)]
        if container.text and container.text.strip():
            return True
        for child in container:
            tag = child.tag
            if child.tail and child.tail.strip():
                return True
            if tag not in allowed or tag == "form" and len(child):
                if not (tag == "input" and (child.get("type") or "").lower() == "hidden"):
                    return True
            if container.tag == "table" and tag in ("tr", "td", "th"):
                return True  # needs its implied <tbody> (and <tr>)
            if container.tag != "tr" and tag in _CELLS:
                return True  # needs its implied <tr>
            if tag in _TABLE_SECTIONS or tag == "tr":
                stack.append(child)
    return False


def _is_hidden_input(el: etree._Element) -> bool:
    return el.tag == "input" and (el.get("type") or "").lower() == "hidden"


def _fix_table(table: etree._Element) -> None:
    """Implied ``<tbody>``/``<tr>``, emptied ``<form>``s and foster parenting, as in HTML5."""
    if not _needs_fixing(table):
        return
    fostered: list = []
    _rebuild_table_part(table, fostered)
    if fostered and table.getparent() is not None:
        holder = etree.Element("div")
        set_child_nodes(holder, fostered)
        if holder.text:
            prev = table.getprevious()
            if prev is not None:
                prev.tail = (prev.tail or "") + holder.text
            else:
                parent = table.getparent()
                parent.text = (parent.text or "") + holder.text
        for node in list(holder):
            table.addprevious(node)  # moves the node with its tail


def _rebuild_table_part(container: etree._Element, fostered: list) -> None:
    """Re-home ``container``'s children as HTML5's table modes would.

    Parts inside it (sections, rows) are rebuilt as they are met, so fostered
    content keeps its document order. Recursion is bounded: table, section, row.
    """
    kind = _part(container.tag)
    allowed = _ALLOWED_IN[kind]
    queue = child_nodes(container)
    kept: list = []
    tbody: etree._Element | None = None  # an implied <tbody> still open (in a table)
    row: etree._Element | None = None  # an implied <tr> still open
    while queue:
        node = queue.pop(0)
        if isinstance(node, str):
            if node.strip():
                fostered.append(node)
            elif row is not None:
                _append_text(row, node)
            elif tbody is not None:
                _append_text(tbody, node)
            else:
                kept.append(node)
            continue
        node.tail = None  # its tail is the next entry of the queue
        tag = node.tag
        if tag in _CELLS and kind != "tr" or tag == "tr" and kind == "table":
            if kind == "table" and tbody is None:
                tbody = etree.Element("tbody")
                kept.append(tbody)
            if tag == "tr":
                row = None
                tbody.append(node)
                _rebuild_table_part(node, fostered)
                continue
            if row is None:
                row = etree.Element("tr")
                if kind == "table":
                    tbody.append(row)
                else:
                    kept.append(row)
            row.append(node)
            continue
        tbody = row = None
        if tag == "form":
            # Inserted and closed at once: what it held belongs to the table part.
            queue[:0] = child_nodes(node)
            set_child_nodes(node, [])
            kept.append(node)
        elif tag in allowed or _is_hidden_input(node):
            kept.append(node)
            if tag in _TABLE_SECTIONS or tag == "tr":
                _rebuild_table_part(node, fostered)
        else:
            fostered.append(node)
    set_child_nodes(container, kept)


def _append_text(parent: etree._Element, text: str) -> None:
    if len(parent):
        parent[-1].tail = (parent[-1].tail or "") + text
    else:
        parent.text = (parent.text or "") + text


# <html ...> and <body ...> in any case, spelled out: faster to scan for than IGNORECASE.
_START_TAG = {
    tag: re.compile("<" + "".join(f"[{c}{c.upper()}]" for c in tag) + r"(\s[^>]*)>") for tag in ("html", "body")
}


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
            carrier = etree.fromstring(f"<div{match.group(1)}></div>", parser=_parser()).find(".//div")
        except (etree.ParserError, etree.XMLSyntaxError, ValueError):
            continue
        if carrier is None:
            continue
        for name, value in carrier.items():
            if name not in element.attrib:
                element.set(name, value)
