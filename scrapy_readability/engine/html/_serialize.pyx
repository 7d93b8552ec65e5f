# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""serialize.py's ``innerHTML`` in C, over libxml2's tree (the compiled core; engine/_kernels.py).

The walk writes the UTF-8 of the markup as it reads the tree's, escaped as serialize.py escapes it, without
the GIL; the one string is decoded at the end. What it does not read (a namespace, a CDATA section, a
processing instruction, an attribute that is not one text node, bytes that are not UTF-8) goes to
serialize.py's own function (``pure``), so the markup is always the engine's.
"""

from cpython.unicode cimport PyUnicode_DecodeUTF8
from libc.stdlib cimport free, realloc
from libc.string cimport memcpy, strcmp, strlen
from lxml.includes.tree cimport XML_COMMENT_NODE, XML_ELEMENT_NODE, XML_TEXT_NODE, xmlAttr, xmlNode

cimport lxml.includes.etreepublic as cetree

from scrapy_readability.engine.html._dom cimport TagNames, attribute_value, tag_in, tag_names

cetree.import_lxml__etree()

MIRRORS = {
    # kernel: the record of its pair (tests/engine/test_kernels.py computes it; serialize.py's @kernel holds the same)
    "inner_html": "8779ac1523137f9e",
}

pure = {}
"""serialize.py's functions by name, set as serialize.py picks these: for a tree the kernel cannot read."""

VOID_ELEMENTS = (
    "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input", "keygen", "link",
    "meta", "param", "source", "track", "wbr",
)
RAW_TEXT_ELEMENTS = ("style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext")
"""serialize.py's sets (this module cannot import it: it is loaded before the pure modules; a test compares)."""

TEMPLATE_CONTENT_ATTRIBUTE = "data-readability-template-content"

cdef TagNames VOID, RAW, TEMPLATE
_names = []
tag_names(&VOID, VOID_ELEMENTS, _names)
tag_names(&RAW, RAW_TEXT_ELEMENTS, _names)
tag_names(&TEMPLATE, ("template",), _names)
_template_attribute = TEMPLATE_CONTENT_ATTRIBUTE.encode()
cdef const char* TEMPLATE_ATTRIBUTE = _template_attribute


cdef struct Out:
    char* data
    Py_ssize_t size
    Py_ssize_t capacity


cdef Py_ssize_t MAX_BYTES = 4 * 1024 * 1024
"""The markup written in C at most: a bigger article is the pure function's, which joins it a few thousand
pieces at a time (one buffer of the whole and its decoded copy at once would raise a huge page's peak)."""


cdef int grow(Out* out, Py_ssize_t more) noexcept nogil:
    """Room for ``more`` bytes; -1 when there is no memory left or the markup is over :data:`MAX_BYTES`."""
    cdef Py_ssize_t capacity
    cdef char* grown
    if out.size + more <= out.capacity:
        return 0
    if out.size + more > MAX_BYTES:
        return -1
    capacity = out.capacity * 2 + more + 256
    grown = <char*>realloc(out.data, capacity)
    if grown == NULL:
        return -1
    out.data = grown
    out.capacity = capacity
    return 0


cdef inline int put(Out* out, const char* text, Py_ssize_t length) noexcept nogil:
    if grow(out, length) < 0:
        return -1
    memcpy(out.data + out.size, text, length)
    out.size += length
    return 0


cdef inline int puts(Out* out, const char* text) noexcept nogil:
    return put(out, text, strlen(text))


cdef int escaped(Out* out, const unsigned char* text, bint attribute) noexcept nogil:
    """serialize._escape_text (``&``, U+00A0, ``<``, ``>``), and ``"`` too in an attribute (_escape_attribute):
    each character mapped alone, so one pass in any order is the same as serialize.py's replacements."""
    cdef const unsigned char* run = text
    cdef const unsigned char* p = text
    cdef unsigned char c
    if text == NULL:
        return 0
    while True:
        c = p[0]
        if c == 0:
            return put(out, <const char*>run, p - run)
        if c == b'&' or c == b'<' or c == b'>' or (c == b'"' and attribute) or (c == 0xC2 and p[1] == 0xA0):
            if put(out, <const char*>run, p - run) < 0:
                return -1
            if c == b'&':
                if put(out, "&amp;", 5) < 0:
                    return -1
            elif c == b'<':
                if put(out, "&lt;", 4) < 0:
                    return -1
            elif c == b'>':
                if put(out, "&gt;", 4) < 0:
                    return -1
            elif c == b'"':
                if put(out, "&quot;", 6) < 0:
                    return -1
            else:
                if put(out, "&nbsp;", 6) < 0:
                    return -1
                p += 1
            p += 1
            run = p
        else:
            p += 1


cdef int text(Out* out, const unsigned char* content, bint raw) noexcept nogil:
    if content == NULL:
        return 0
    if raw:
        return puts(out, <const char*>content)
    return escaped(out, content, False)


cdef int start_tag(Out* out, xmlNode* node) noexcept nogil:
    """serialize._start_tag: the name, the attributes but the template's content, then that content."""
    cdef xmlAttr* attribute = node.properties
    cdef const unsigned char* value
    cdef const unsigned char* content = NULL
    if put(out, "<", 1) < 0 or puts(out, <const char*>node.name) < 0:
        return -1
    while attribute != NULL:
        if attribute.ns != NULL or attribute.name == NULL:
            return -1
        if attribute_value(attribute, &value) < 0:
            return -1
        if strcmp(<const char*>attribute.name, TEMPLATE_ATTRIBUTE) == 0:
            content = value
        elif (
            put(out, " ", 1) < 0 or puts(out, <const char*>attribute.name) < 0 or put(out, '="', 2) < 0
            or escaped(out, value, True) < 0 or put(out, '"', 1) < 0
        ):
            return -1
        attribute = attribute.next
    if put(out, ">", 1) < 0:
        return -1
    if content != NULL and tag_in(node, &TEMPLATE):
        return puts(out, <const char*>content)
    return 0


cdef int end_tag(Out* out, xmlNode* node) noexcept nogil:
    if tag_in(node, &VOID):
        return 0
    if put(out, "</", 2) < 0 or puts(out, <const char*>node.name) < 0 or put(out, ">", 1) < 0:
        return -1
    return 0


cdef int serialize(Out* out, xmlNode* top) noexcept nogil:
    """``top``'s children as serialize.inner_html writes them; -1 on a node it does not read (or no memory).

    Raw text is not escaped: ``top``'s own text when ``top`` is a raw-text element, and any text below a raw-text
    element under ``top`` (inner_html counts those, not ``top``: a tail directly under ``top`` is escaped)."""
    cdef xmlNode* node = top.children
    cdef Py_ssize_t raw_depth = 0
    cdef bint leading = True  # still in ``top``'s own text (its text nodes before any other child)
    cdef bint raw_top = tag_in(top, &RAW)
    while node != NULL:
        kind = node.type
        if kind == XML_ELEMENT_NODE:
            leading = False
            if node.ns != NULL or node.name == NULL or start_tag(out, node) < 0:
                return -1
            if tag_in(node, &RAW):
                raw_depth += 1
            if node.children != NULL:
                node = node.children
                continue
            if tag_in(node, &RAW):
                raw_depth -= 1
            if end_tag(out, node) < 0:
                return -1
        elif kind == XML_TEXT_NODE:
            if node.parent == top and leading:
                if text(out, node.content, raw_top) < 0:
                    return -1
            elif text(out, node.content, raw_depth > 0) < 0:
                return -1
        elif kind == XML_COMMENT_NODE:
            leading = False
            if put(out, "<!--", 4) < 0 or text(out, node.content, True) < 0 or put(out, "-->", 3) < 0:
                return -1
        else:
            return -1
        while node.next == NULL:
            node = node.parent
            if node == top or node == NULL:
                return 0
            if tag_in(node, &RAW):
                raw_depth -= 1
            if end_tag(out, node) < 0:
                return -1
        node = node.next
    return 0


def inner_html(cetree._Element root not None) -> str:
    """serialize.inner_html: ``root.innerHTML``."""
    cdef Out out
    cdef int status = -1
    cdef xmlNode* top = root._c_node
    out.data = NULL
    out.size = out.capacity = 0
    try:
        if top != NULL and top.type == XML_ELEMENT_NODE and top.ns == NULL:
            with nogil:
                status = serialize(&out, top)
        if status < 0:
            return pure["inner_html"](root)
        if out.size == 0:
            return ""
        try:
            return PyUnicode_DecodeUTF8(out.data, out.size, NULL)
        except UnicodeDecodeError:
            return pure["inner_html"](root)
    finally:
        free(out.data)
