# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""measures.py's link density in C, over libxml2's tree (the compiled core; engine/_kernels.py).

The links' text is read off the tree, each time: a pass over a subtree in C costs less than the
memo of each link's length the pure function keeps (``link_lengths``), and gives the same value,
since that memo only ever holds what a fresh measure would give.
"""

from lxml.includes.tree cimport XML_ELEMENT_NODE, xmlAttr, xmlNode

cimport lxml.includes.etreepublic as cetree
from libc.string cimport strcmp

from scrapy_readability.engine.html._dom cimport after_within, attribute_value, is_tag, text_length

from scrapy_readability.engine.html import _dom

cetree.import_lxml__etree()

MIRRORS = {
    # kernel: the record of its pair (tests/engine/test_kernels.py computes it; measures.py's @kernel holds the same)
    "get_link_density": "e44553af494f2aea",
}

pure = {}
"""measures.py's functions by name, set as measures.py picks these: for an element a kernel cannot read."""

_inner_text_length = _dom.inner_text_length


cdef int hash_link(xmlNode* link) noexcept nogil:
    """Whether the link's ``href`` matches ``REGEXPS.hashUrl`` as JavaScript reads ``/^#.+/``: a ``#`` and a
    character that is not a line terminator (``\\n``, ``\\r``, U+2028, U+2029); -1 on a value not one text node."""
    cdef xmlAttr* attribute = link.properties
    cdef const unsigned char* value
    while attribute != NULL:
        if attribute.ns == NULL and attribute.name != NULL and strcmp(<const char*>attribute.name, b"href") == 0:
            if attribute_value(attribute, &value) < 0:
                return -1
            if value[0] != b"#" or value[1] == 0 or value[1] == b"\n" or value[1] == b"\r":
                return 0
            if value[1] == 0xE2 and value[2] == 0x80 and (value[3] == 0xA8 or value[3] == 0xA9):
                return 0  # U+2028, U+2029
            return 1
        attribute = attribute.next
    return 0


cdef int link_length(xmlNode* top, double* total) noexcept nogil:
    """Add up the length of every ``<a>`` inside ``top``, in document order, a hash link's times 0.3 (nested
    links count in each, as ``iterdescendants("a")`` finds both); -1 where the walk cannot read the tree."""
    cdef xmlNode* node = top.children
    cdef Py_ssize_t length
    cdef int hashed
    while node != NULL:
        if node.type == XML_ELEMENT_NODE:
            if is_tag(node, "a"):
                length = text_length(node)
                hashed = hash_link(node)
                if length < 0 or hashed < 0:
                    return -1
                total[0] += length * 0.3 if hashed else <double>length
            elif node.ns != NULL and node.name != NULL and strcmp(<const char*>node.name, b"a") == 0:
                return -1  # an <a> in a namespace: lxml's test decides
            if node.children != NULL:
                node = node.children
                continue
        node = after_within(node, top)
    return 0


def get_link_density(cetree._Element el not None, link_lengths=None, lengths=None) -> float:
    """measures.get_link_density: the share of ``el``'s text inside links (hash links count 0.3)."""
    cdef double total = 0.0
    cdef int status
    cdef xmlNode* node = el._c_node
    text_length = _inner_text_length(el) if lengths is None else lengths(el)
    if text_length == 0:
        return 0.0
    if node == NULL or node.type != XML_ELEMENT_NODE:
        return pure["get_link_density"](el, link_lengths, _inner_text_length if lengths is None else lengths)
    with nogil:
        status = link_length(node, &total)
    if status < 0:
        return pure["get_link_density"](el, link_lengths, _inner_text_length if lengths is None else lengths)
    return total / text_length

