"""Turning the caller's input (text, bytes or a parsed tree) into an lxml HTML document.

Bytes are decoded as browsers decode them (:func:`.decoding.decode_page`: BOM, the
``Content-Type`` charset, ``<meta charset>``, then detection), and refused as
:class:`NotHTMLError` when they are binary data. Text is parsed
into the tree an HTML5 parser (a browser, jsdom) builds, handed to the engine as
lxml's, without comments and processing instructions (Mozilla's test harness strips
comments before Readability.js sees the page) and without the code points an lxml
tree cannot hold.
"""

from __future__ import annotations

import re
import threading

from lxml import etree
from selectolax.lexbor import LexborHTMLParser, LexborNode

from ..errors import InputError, NotHTMLError
from .decoding import control_share, decode_page, sniff_binary, sniff_binary_text
from .dom import TextSlot, set_text_nodes, text_nodes
from .serialize import TEMPLATE_CONTENT_ATTRIBUTE, inner_html

_PARSER_OPTIONS = dict(
    remove_comments=False,  # see remove_comments()
    remove_pis=True,
    huge_tree=True,  # without it libxml2 silently drops content nested deeper than 255 elements
    default_doctype=False,
    collect_ids=False,  # nothing looks elements up by id; duplicate ids would fill the error log
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
    parsers: dict[str, etree.HTMLParser] | None = getattr(_local, "parsers", None)
    if parsers is None:
        parsers = _local.parsers = {}
    parser = parsers.get(key)
    if parser is None:
        parser = parsers[key] = etree.HTMLParser(encoding=encoding, **_PARSER_OPTIONS)
    return parser


# --- Building the tree ---------------------------------------------------------------


def empty_document() -> etree._Element:
    root: etree._Element = etree.fromstring("<html><head></head><body></body></html>", parser=_parser())
    return root


def parse_html(
    html: object,
    content_type: str | None = None,
    encoding: str | None = None,
    *,
    serialisations: list[bytes] | None = None,
) -> etree._Element:
    """Return the ``<html>`` root element of a document for ``html``.

    A parsed lxml tree is used as it is (and will be modified by ``parse()``), and so
    is a :class:`ParsedPage`'s. Bytes are decoded by :func:`.decoding.decode_page` with
    ``content_type`` (the ``Content-Type`` header) and ``encoding`` (an encoding that
    wins over everything). Given ``serialisations``, a tree built from lexbor's serialisation at
    libxml2's first reading appends that serialisation to it: :func:`read_again` builds
    the same tree of it, without lexbor (``Readability``'s retry ladder).
    """
    if isinstance(html, etree._ElementTree):
        root: etree._Element | None = html.getroot()
        if root is None:
            raise InputError("the lxml tree has no root element")
        return root
    if isinstance(html, etree._Element):
        return html.getroottree().getroot()
    if isinstance(html, ParsedPage):
        return html.take_tree(serialisations)
    return ParsedPage(markup_text(html, content_type, encoding)).take_tree(serialisations)


def read_again(serialisation: bytes) -> etree._Element | None:
    """The tree :func:`parse_html` built from ``serialisation``, which it kept (``serialisations``): libxml2 reads
    the same bytes as it did, and the same steps follow; ``None`` if that reading is not the first's (it is)."""
    return _as_read(serialisation, _parser("utf-8"))


def markup_text(html: object, content_type: str | None = None, encoding: str | None = None) -> str:
    """The text of markup (``str``, or ``bytes`` decoded); :class:`NotHTMLError` when it is plainly not HTML."""
    if isinstance(html, (bytes, bytearray, memoryview)):
        return _text_of(bytes(html), content_type, encoding)
    if isinstance(html, str):
        kind = sniff_binary_text(html)
        if kind:
            raise NotHTMLError(kind, given="text")
        return html
    raise InputError(f"expected str, bytes or an lxml document, got {type(html).__name__}")


def _text_of(body: bytes, content_type: str | None, encoding: str | None) -> str:
    """A body's text; :class:`NotHTMLError` for a binary format's signature, or binary data once decoded."""
    kind = sniff_binary(body)
    if kind:
        raise NotHTMLError(kind)
    page = decode_page(body, content_type, encoding=encoding)
    kind = sniff_binary_text(page.text)
    if kind:
        share = control_share(page.text[:1024])
        detail = f" ({share:.0%} control characters read as {page.encoding}, {_HOW[page.source]})"
        raise NotHTMLError(kind, detail=detail)
    return page.text


_HOW = {
    "encoding": "the encoding given",
    "bom": "its byte order mark's",
    "content-type": "its Content-Type's",
    "meta": "its <meta>'s",
    "utf-8": "valid UTF-8",
    "detected": "detected",
}


class ParsedPage:
    """A page parsed once, for the preflight and the extraction both (see :func:`parse_page`).

    lexbor builds the page's tree (see :func:`build_tree`). The preflight reads that
    tree as it is; the extraction takes it to build the lxml tree it works on (and
    modifies), letting lexbor's go. So the preflight comes first: asked afterwards, it
    parses the text again. A big page nested too deep for HTML5's algorithm has
    libxml2's tree from the start, and both read that.
    """

    def __init__(self, text: str, url: str | None = None) -> None:
        self.text = text
        self.url = url
        self._data = b""
        self._lexbor: LexborHTMLParser | None = None
        self._libxml2: etree._Element | None = None
        self._taken = False
        if not text.strip():
            self._libxml2 = empty_document()
            return
        self._data = _utf8(text)
        source = _source_tree(self._data)
        if isinstance(source, LexborHTMLParser):
            self._lexbor = source
        else:
            self._libxml2 = source

    def take_tree(self, serialisations: list[bytes] | None = None) -> etree._Element:
        """The lxml tree for the extraction, which modifies it: built once, then parsed afresh.
        ``serialisations``: see :func:`parse_html`."""
        if self._taken:
            return ParsedPage(self.text).take_tree(serialisations)
        self._taken = True
        if self._libxml2 is not None:
            return self._libxml2
        # Handed over, not kept here: lexbor's tree goes as soon as it is serialised, its serialisation
        # once libxml2 has read it (unless kept: ``serialisations``). In lists the callee empties: a compiled (mypyc)
        # function borrows its arguments, and the caller's reference would keep each copy until the call returned.
        return _html5_tree(self._data, [_serialised([self._pop_lexbor()])], serialisations)

    def _pop_lexbor(self) -> LexborHTMLParser:
        document, self._lexbor = self._lexbor, None
        assert document is not None
        return document

    def readerable_tree(self) -> LexborHTMLParser | etree._Element:
        """The tree the preflight reads (never modified): lexbor's, or libxml2's for a page nested too deep."""
        if self._taken:
            return ParsedPage(self.text).readerable_tree()
        tree = self._lexbor if self._lexbor is not None else self._libxml2
        assert tree is not None
        return tree


def parse_page(
    html: object, url: str | None = None, *, content_type: str | None = None, encoding: str | None = None
) -> ParsedPage:
    """Parse a page once, for :func:`is_probably_readable` and then :class:`Readability`.

    ``html`` is ``str``, ``bytes`` (decoded from its BOM, ``content_type`` or
    ``<meta charset>``, else detected; ``encoding`` forces one: see
    :func:`.decoding.decode_page`) or a Scrapy response (its body and URL); raises
    ``InputError`` when it is plainly not HTML. The preflight leaves the page as it
    was; ``Readability(page)`` takes its tree (the page's URL is the default ``url``).
    """
    from .inputs import read_page

    page = read_page(html, url, content_type, private=False)
    return ParsedPage(markup_text(page.markup, page.content_type, encoding or page.encoding), page.url)


def build_tree(text: str) -> etree._Element:
    """The ``<html>`` element of the tree an HTML5 parser builds for ``text`` (not blank).

    lexbor (through selectolax) builds the tree as browsers build it. lxml cannot adopt
    another library's tree, so lexbor serialises it and libxml2 parses that: libxml2
    tokenizes as HTML5 does, and the serialisation of an HTML5 tree is explicit
    throughout, so the tree comes back as it was, but where libxml2's own rules differ:
    it closes some elements early (:data:`CLOSED_EARLY_BY`), reads some by rules of its
    own (:data:`RENAMED`), and nests into the void elements it does not know.

    HTML5's algorithm slows down with the square of the nesting depth (browsers cap the
    depth; Chromium at 512). A big page (many tags) that libxml2 finds nested deeper than
    :data:`MAX_HTML5_DEPTH` keeps libxml2's own tree.
    """
    return ParsedPage(text).take_tree()


def _source_tree(data: bytes) -> LexborHTMLParser | etree._Element:
    """lexbor's document for ``data``, or libxml2's tree for a big page nested too deep."""
    if data.count(b"<") > MAX_TAGS_UNCHECKED:
        tree = _libxml2_tree(data)
        if _DEEPER_THAN_MAX(tree):
            return tree
        del tree  # gone before lexbor builds its own (memory)
    return _lexbor_document(data)


def _utf8(text: str) -> bytes:
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates: U+FFFD, as a decoder would give
        return _SURROGATE_UTF8.sub("\ufffd".encode(), text.encode("utf-8", "surrogatepass"))


# Up to this many tags ("<", in fact: 97% of pages) HTML5's algorithm stays quick at any
# depth (a list nested 3,000 deep, 6,000 tags: 0.07 s); above it, libxml2 measures the depth first.
MAX_TAGS_UNCHECKED = 6000
MAX_HTML5_DEPTH = 512
_DEEPER_THAN_MAX = etree.XPath("boolean(" + "/*" * (MAX_HTML5_DEPTH + 2) + ")")

# Where libxml2 closes an element when a child's start tag opens in it, although HTML5
# keeps the child inside (directly, or where foster parenting puts it): the parents, and
# the children that would close them. libxml2's start-close table, as measured by
# tests/engine/html/test_parsing.py.
CLOSED_EARLY_BY: dict[tuple[str, ...], tuple[str, ...]] = {
    ("a",): ("a", "fieldset", "table", "td", "th"),
    ("b", "i", "u"): ("center", "p", "td", "th"),
    ("font",): ("center", "td", "th"),
    ("big", "s", "small", "strike", "tt"): ("p",),
    ("span",): ("td", "th"),
    ("address",): ("dd", "dl", "dt", "form", "li", "ul"),
    ("dir", "menu"): ("dd", "dl", "dt", "form", "ul"),
    ("dl",): ("form", "li"),
    ("dt",): ("dd", "dl"),
    ("dd",): ("dt",),
    ("li",): ("li",),
    ("ol",): ("form",),
    ("ul",): ("address", "form", "menu", "pre"),
    ("listing", "pre"): ("dd", "dl", "dt", "fieldset", "form", "li", "table", "ul"),
    ("h1", "h2", "h3", "h4", "h5", "h6"): ("fieldset", "form", "li", "p", "table"),
    ("legend",): ("fieldset",),
    ("form",): ("form",),
    ("option",): ("optgroup", "option"),
    ("p",): (
        "address",
        "blockquote",
        "caption",
        "center",
        "col",
        "colgroup",
        "dd",
        "dir",
        "div",
        "dl",
        "dt",
        "fieldset",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "hr",
        "li",
        "listing",
        "menu",
        "ol",
        "p",
        "pre",
        "table",
        "tbody",
        "td",
        "tfoot",
        "th",
        "title",
        "tr",
        "ul",
        "xmp",
    ),
    ("caption", "colgroup"): ("col", "colgroup", "tbody", "tfoot", "thead", "tr"),
    ("tbody", "thead"): ("tbody", "tfoot"),
    ("tfoot",): ("tbody",),
    ("tr",): ("tbody", "tfoot", "tr"),
    ("td", "th"): ("tbody", "td", "tfoot", "th", "tr"),
}
# Elements libxml2 reads by rules of its own: an <isindex> takes no content there, a
# <plaintext> runs to the end of the input, and in SVG and MathML (where HTML5 gives
# every element content) a void or raw-text name ends or swallows what follows.
_FOREIGN_MISREAD_TAGS = (
    "area base basefont bgsound col embed frame input keygen link param source track wbr html head body"
    " title textarea style script xmp iframe noembed noframes noscript".split()
)
RENAMED = (
    "isindex:not(:empty)",
    "plaintext",
    # lexbor's :is() does not match SVG or MathML elements: one selector each
    *(f"{space} {tag}:not(:empty)" for space in ("svg", "math") for tag in _FOREIGN_MISREAD_TAGS),
)
_RENAMED_TAGS = frozenset(["isindex", "plaintext", *_FOREIGN_MISREAD_TAGS])


def _special_cases_selector() -> str:
    """One CSS selector for both; lexbor matches right to left, so one per child tag is quick."""
    parents_of: dict[str, set[str]] = {}
    for parents, children in CLOSED_EARLY_BY.items():
        for child in children:
            parents_of.setdefault(child, set()).update(parents)
    closed_early = [f":is({','.join(sorted(parents))}) > {child}" for child, parents in sorted(parents_of.items())]
    return ", ".join([*closed_early, *RENAMED])


_SPECIAL_CASES = _special_cases_selector()
# Wrapped around a child libxml2 would close its parent for, an element libxml2 has no rule
# for keeps the child in place; it is taken out of libxml2's tree again. An element libxml2
# reads by rules of its own goes through under another name, and gets its name back.
_KEEPER = "readability-keeper"
_RENAMED_PREFIX = "readability-as-"
_RENAMED_BACK = etree.XPath(f"//*[starts-with(local-name(), '{_RENAMED_PREFIX}')]")


def _html5_tree(data: bytes, markups: list[bytes], serialisations: list[bytes] | None = None) -> etree._Element:
    """libxml2's reading of lexbor's serialisation of ``data`` (``markups``, emptied), special cases read again;
    the serialisation appended to ``serialisations`` when the first reading is the tree (see :func:`read_again`)."""
    parser = _parser("utf-8")
    # lexbor's tree and its serialisation as text are gone before libxml2 builds its own (memory).
    if serialisations is None:
        root = _as_read(markups.pop(), parser)
    else:
        serialisations.append(markups.pop())
        root = _as_read(serialisations[-1], parser)
    if root is not None:
        return root
    if serialisations:
        serialisations.pop()  # not the tree: nothing to read again
    # libxml2 closed an element early (every such close leaves an end tag it reports as
    # unexpected) or read markup as text: the special cases, and a second reading.
    document = _lexbor_document(data)
    kept = renamed = False
    for node in document.css(_SPECIAL_CASES):
        if node.tag in _RENAMED_TAGS:
            _rename(document, node)
            renamed = True
        else:
            keeper = document.create_node(_KEEPER)
            node.insert_before(keeper, move=True)
            keeper.insert_child(node, move=True)
            kept = True
    documents = [document]
    del document
    root = _read_back(_serialised(documents), parser)
    if root is None:
        return empty_document()
    if kept:
        etree.strip_tags(root, _KEEPER)
    _unnest_void_elements(root)
    if renamed:  # after the void elements, which those renamed may be named as
        for el in _RENAMED_BACK(root):
            el.tag = el.tag[len(_RENAMED_PREFIX) :]
    return _with_body(root)


def _as_read(serialisation: bytes, parser: etree.HTMLParser) -> etree._Element | None:
    """libxml2's first reading of lexbor's serialisation as the finished tree; ``None`` where it closed an element
    early or read markup as text (the special cases of :func:`_html5_tree`)."""
    root = _read_back(serialisation, parser)
    del serialisation  # the caller's was a temporary: the bytes go before the tree is finished
    if root is None or parser.error_log or _misread(root):
        return None
    _unnest_void_elements(root)
    return _with_body(root)


def _lexbor_document(data: bytes) -> LexborHTMLParser:
    document = LexborHTMLParser(data)
    _set_aside_lexbor_templates(document)
    return document


def _read_back(html: bytes, parser: etree.HTMLParser) -> etree._Element | None:
    try:
        root: etree._Element | None = etree.fromstring(html, parser=parser)
    except (etree.ParserError, etree.XMLSyntaxError, ValueError):
        return None
    return root


# Raw text to libxml2, markup to HTML5: a <plaintext> (to the end of the input), and in SVG or
# MathML a <title>, <style>, ... with elements inside. There too, an element named as an HTML
# void element libxml2 does not know keeps what it holds (libxml2's tree is then moved out).
_RAW_TEXT_NAMES = ("title", "textarea", "style", "script", "xmp", "iframe", "noembed", "noframes", "noscript")


def _misread(root: etree._Element) -> bool:
    """Whether libxml2 read as text what HTML5 reads as markup (it reports no error then)."""
    for top in root.iter("svg", "math", "plaintext"):
        if top.tag == "plaintext":
            return True
        for el in top.iter(*_RAW_TEXT_NAMES, *_UNKNOWN_VOID_ELEMENTS):
            if el.tag in _UNKNOWN_VOID_ELEMENTS:
                if el.text or len(el):
                    return True
            elif "<" in (el.text or "") or "&#13;" in (el.text or ""):  # raw text: no reference read
                return True
    return False


def _with_body(root: etree._Element) -> etree._Element:
    if root.find("body") is None:  # a frameset document
        etree.SubElement(root, "body")
    return root


def _rename(document: LexborHTMLParser, node: LexborNode) -> None:
    """Put ``node``'s attributes and content into an element of another name, in its place."""
    twin = document.create_node(_RENAMED_PREFIX + (node.tag or "").lower())
    for name, value in node.attributes.items():
        twin.attrs[name] = value or ""
    for child in list(node.iter(include_text=True)):
        twin.insert_child(child, move=True)
    node.insert_before(twin, move=True)
    node.decompose()


def _set_aside_lexbor_templates(document: LexborHTMLParser) -> None:
    """A ``<template>``'s content lives in a fragment of its own, not among its children.

    Readability.js never sees it (no walk, no ``textContent``), yet ``innerHTML``
    serialises it. So it is kept, serialised, in an attribute our serialiser turns
    back into content, and libxml2 never sees it.
    """
    for fragment in document.template_fragments():
        content, template = fragment.inner_html, fragment.parent
        if content and template is not None:
            template.attrs[TEMPLATE_CONTENT_ATTRIBUTE] = content
            for node in list(fragment.iter(include_text=True)):
                node.decompose()


# What an lxml tree cannot hold: C0 controls but tab, LF and CR (an HTML5 tree has no NUL),
# U+FFFE/U+FFFF, lone surrogates. Form feed, HTML whitespace, becomes a space. Done on
# UTF-8 bytes, where each test is a C-speed translate or find.
_CONTROL_BYTES = bytes([*range(0x01, 0x09), 0x0B, *range(0x0E, 0x20)])
_FORM_FEED_TO_SPACE = bytes(range(256)).replace(b"\x0c", b" ")
_NONCHARACTERS = ("\ufffe".encode(), "\uffff".encode())
_SURROGATE_UTF8 = re.compile(rb"\xed[\xa0-\xbf][\x80-\xbf]")


def _serialised(documents: list[LexborHTMLParser]) -> bytes:
    """lexbor's serialisation of the document ``documents`` holds, as UTF-8, without what an lxml tree cannot hold.

    Handed the only reference to the document, in a list it empties, it lets lexbor's tree go once serialised.
    """
    html = documents.pop().html or ""
    nonchars = "\ufffe" in html or "\uffff" in html  # a quick search in str (none at all in Latin-1 text)
    data = html.encode("utf-8")
    del html  # one copy at a time
    data = data.translate(_FORM_FEED_TO_SPACE, _CONTROL_BYTES)  # a table lookup a byte: quicker than searching first
    if nonchars:
        for noncharacter in _NONCHARACTERS:
            data = data.replace(noncharacter, b"")
    if b"\r" in data:
        # A carriage return in an HTML5 tree came from a character reference (the parser turns
        # the others into line feeds); libxml2 would read it as a line feed, but not its reference.
        data = data.replace(b"\r", b"&#13;")
    return data


_TEXT_REFUSED = re.compile("[\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def scrub_text(text: str) -> str:
    """What an lxml tree built from lexbor's keeps of ``text`` (see :func:`_serialised`)."""
    if _TEXT_REFUSED.search(text) is None:
        return text
    return _TEXT_REFUSED.sub(lambda found: " " if found.group() == "\x0c" else "", text)


# --- libxml2's own tree, for pages nested too deep -----------------------------------

# Character references libxml2 would decode into what an lxml tree cannot hold (``&#1;``):
# the pattern only matches small numbers, U+FFFE/U+FFFF and out-of-range ones, so
# ordinary references cost no callback.
_CONTROL_REFERENCE = re.compile(
    rb"&#(?:[xX]0*(?P<hex>[0-9a-fA-F]|1[0-9a-fA-F]|[fF]{3}[eEfF])(?![0-9a-fA-F])"
    rb"|0*(?P<dec>[0-9]|[12][0-9]|3[01]|6553[45])(?![0-9]));?"
)
_REFUSED = frozenset([*range(0x01, 0x09), 0x0B, *range(0x0E, 0x20), 0xFFFE, 0xFFFF])


def _control_reference(match: re.Match[bytes]) -> bytes:
    hex_digits, decimal = match.group("hex"), match.group("dec")
    code = int(hex_digits, 16) if hex_digits else int(decimal)
    if code == 0x0C:
        return b" "  # form feed, which HTML treats as whitespace
    return b"" if code in _REFUSED else match.group()


def _libxml2_tree(data: bytes) -> etree._Element:
    """libxml2's tree: it cuts the nesting at 2,047 levels and is quick at any depth."""
    data = _CONTROL_REFERENCE.sub(_control_reference, data.translate(_FORM_FEED_TO_SPACE, _CONTROL_BYTES))
    for noncharacter in _NONCHARACTERS:
        data = data.replace(noncharacter, b"")
    try:
        root = etree.fromstring(data, parser=_parser("utf-8"))
    except (etree.ParserError, etree.XMLSyntaxError, ValueError):
        return empty_document()
    if root is None:
        return empty_document()
    if root.tag != "html":  # libxml2 returns the lone element of some fragments
        wrapper = empty_document()
        wrapper[-1].append(root)  # its <body>
        root = wrapper
    if root.find("body") is None:
        etree.SubElement(root, "body")
    _unnest_void_elements(root)
    _set_aside_template_contents(root)
    return root


def _set_aside_template_contents(root: etree._Element) -> None:
    """:func:`_set_aside_lexbor_templates` for libxml2's tree."""
    for template in root.iter("template"):
        if template.text or len(template):
            template.set(TEMPLATE_CONTENT_ATTRIBUTE, inner_html(template))
            template.text = None
            for child in list(template):
                template.remove(child)


# Void in HTML5, unknown to libxml2, which makes what follows them their content.
_UNKNOWN_VOID_ELEMENTS = ("bgsound", "embed", "keygen", "source", "track", "wbr")


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


# --- Comments ------------------------------------------------------------------------


def remove_comments(root: etree._Element) -> None:
    """Remove comments (and processing instructions), as Mozilla's harness removes comments
    from the page before Readability.js sees it.

    There the text on either side of a removed comment stays two text nodes, where lxml
    joins the two strings: inside ``parse()`` the text nodes are noted
    (:func:`.dom.text_nodes`), so that the phases that look at one text node at a time
    see the DOM's (a whitespace-only node at either end of a ``<div>``'s run of phrasing
    content is left out of the paragraph Readability.js wraps the run in).
    """
    joined: dict[TextSlot, list[str]] = {}
    slots: dict[etree._Element, TextSlot] = {}  # comment -> where its tail goes
    for node in root.iter(etree.Comment, etree.ProcessingInstruction):
        prev = node.getprevious()
        if prev is None:
            parent = node.getparent()
            assert parent is not None  # node is a descendant of root
            slot: TextSlot = (parent, False)
        else:
            slot = (prev, True) if isinstance(prev.tag, str) else slots[prev]
        slots[node] = slot
        if node.tail:
            nodes = joined.get(slot)
            if nodes is None:
                nodes = joined[slot] = list(text_nodes(*slot))
            nodes.append(node.tail)
    etree.strip_elements(root, etree.Comment, etree.ProcessingInstruction, with_tail=False)
    for (owner, tail), nodes in joined.items():
        set_text_nodes(owner, tail, nodes)  # the strings strip_elements joined, noted as nodes
