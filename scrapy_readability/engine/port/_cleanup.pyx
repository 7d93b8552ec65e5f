# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""cleanup.py's read-only walks in C, over libxml2's tree (the compiled core; engine/_kernels.py).

They find the elements ``_prepArticle`` changes; cleanup.py changes them, through lxml.
"""

from cpython.mem cimport PyMem_Free
from lxml.includes.tree cimport (
    XML_CDATA_SECTION_NODE,
    XML_COMMENT_NODE,
    XML_ELEMENT_NODE,
    XML_PI_NODE,
    XML_TEXT_NODE,
    xmlAttr,
    xmlNode,
)

cimport lxml.includes.etreepublic as cetree
from libc.string cimport strcmp

from scrapy_readability.engine.html._dom cimport Found, TagNames, following, is_tag, keep, name_in, tag_in, tag_names

from scrapy_readability.engine.port.constants import DEPRECATED_SIZE_ATTRIBUTE_ELEMS, PRESENTATIONAL_ATTRIBUTES, SVG_TAGS

cetree.import_lxml__etree()

MIRRORS = {
    "descendant_counts": "c3ef277bd50fbe85",
    "next_named": "667dbcc743e6c5a0",
    # kernel: the record of its pair (tests/engine/test_kernels.py computes it; cleanup.py's @kernel holds the same)
    "styled_elements": "183ca22508eebb4e",
}

pure = {}
"""cleanup.py's functions by name, set as cleanup.py picks these: for a tree a kernel cannot read."""

cdef TagNames PRESENTATIONAL, SIZED, SIZES
_names = []
tag_names(&PRESENTATIONAL, PRESENTATIONAL_ATTRIBUTES, _names)
tag_names(&SIZED, sorted(DEPRECATED_SIZE_ATTRIBUTE_ELEMS), _names)
tag_names(&SIZES, ("width", "height"), _names)
cdef TagNames SVG
tag_names(&SVG, sorted(SVG_TAGS), _names)


cdef bint styled(xmlNode* node) noexcept nogil:
    """Whether ``_cleanStyles`` changes the element: an attribute (in no namespace) it drops."""
    cdef xmlAttr* attribute = node.properties
    cdef bint sized = tag_in(node, &SIZED)
    while attribute != NULL:
        if attribute.ns == NULL and (
            name_in(attribute.name, &PRESENTATIONAL) or (sized and name_in(attribute.name, &SIZES))
        ):
            return True
        attribute = attribute.next
    return False


cdef int find_styled(xmlNode* top, Found* found) noexcept nogil:
    """Every element from ``top`` (itself first) that :func:`styled` says changes, in document order, not
    inside an ``<svg>``; -1 on a node the walk does not read, or memory run out."""
    cdef xmlNode* node = top
    while node != NULL:
        kind = node.type
        if kind == XML_ELEMENT_NODE:
            if not is_tag(node, "svg"):
                if styled(node) and keep(found, node) < 0:
                    return -1
                if node.children != NULL:
                    node = node.children
                    continue
        elif kind != XML_TEXT_NODE and kind != XML_CDATA_SECTION_NODE and kind != XML_COMMENT_NODE \
                and kind != XML_PI_NODE:
            return -1
        if node == top:
            return 0
        while node.next == NULL:
            node = node.parent
            if node == top or node == NULL:
                return 0
        node = node.next
    return 0


def styled_elements(cetree._Element root not None) -> list:
    """cleanup.styled_elements: the elements ``_cleanStyles`` changes, in document order."""
    cdef Found found
    cdef int status = -1
    cdef Py_ssize_t i
    cdef xmlNode* node = root._c_node
    found.nodes = NULL
    found.size = found.capacity = 0
    try:
        if node != NULL and node.type == XML_ELEMENT_NODE:
            with nogil:
                status = find_styled(node, &found)
        if status < 0:
            return pure["styled_elements"](root)
        return [cetree.elementFactory(root._doc, found.nodes[i]) for i in range(found.size)]
    finally:
        PyMem_Free(found.nodes)


cdef int has_value(xmlNode* node, const char* name, bint* found) noexcept nogil:
    """Whether the element has the attribute (in no namespace) with a value that is not empty; -1 on a value
    that is not one text node (lxml joins such values: the pure function reads them)."""
    cdef xmlAttr* attribute = node.properties
    while attribute != NULL:
        if attribute.ns == NULL and attribute.name != NULL and strcmp(<const char*>attribute.name, name) == 0:
            if attribute.children == NULL:
                found[0] = False
                return 0
            if attribute.children.next != NULL or attribute.children.type != XML_TEXT_NODE:
                return -1
            found[0] = attribute.children.content != NULL and attribute.children.content[0] != 0
            return 0
        attribute = attribute.next
    found[0] = False
    return 0


cdef int named(xmlNode* node) noexcept nogil:
    """1 when the element's class (not on an SVG element) or id is not empty, 0 when not, -1 when unread."""
    cdef bint found = False
    if not tag_in(node, &SVG):
        if has_value(node, b"class", &found) < 0:
            return -1
        if found:
            return 1
    if has_value(node, b"id", &found) < 0:
        return -1
    return found


def next_named(cetree._Element node not None, cetree._Element end):
    """cleanup.next_named: ``node`` or the first element after it with a class or an id, up to ``end``."""
    cdef xmlNode* current = node._c_node
    cdef xmlNode* stop = NULL if end is None else end._c_node
    cdef bint unread = False
    cdef int found = 0
    if current == NULL or current.type != XML_ELEMENT_NODE:
        return pure["next_named"](node, end)
    with nogil:
        while current != NULL and current != stop:
            found = named(current)
            if found != 0:
                break
            current = following(current, &unread)
            if unread:
                break
    if found < 0 or unread:
        return pure["next_named"](node, end)
    if current == NULL:
        return None
    if current == stop:
        return end
    if current == node._c_node:
        return node
    return cetree.elementFactory(node._doc, current)


cdef int count_below(xmlNode* top, Py_ssize_t* counts) noexcept nogil:
    """Count the ``<p>``, ``<img>``, ``<li>`` and ``<input>`` elements below ``top``; -1 on a node the walk does
    not read."""
    cdef xmlNode* node = top.children
    while node != NULL:
        kind = node.type
        if kind == XML_ELEMENT_NODE:
            if is_tag(node, "p"):
                counts[0] += 1
            elif is_tag(node, "img"):
                counts[1] += 1
            elif is_tag(node, "li"):
                counts[2] += 1
            elif is_tag(node, "input"):
                counts[3] += 1
            if node.children != NULL:
                node = node.children
                continue
        elif kind != XML_TEXT_NODE and kind != XML_CDATA_SECTION_NODE and kind != XML_COMMENT_NODE \
                and kind != XML_PI_NODE:
            return -1
        while node.next == NULL:
            node = node.parent
            if node == top or node == NULL:
                return 0
        node = node.next
    return 0


def descendant_counts(cetree._Element node not None) -> tuple:
    """cleanup.descendant_counts: the ``<p>``s, ``<img>``s, ``<li>``s and ``<input>``s below ``node``."""
    cdef Py_ssize_t counts[4]
    cdef xmlNode* top = node._c_node
    cdef int status = -1
    counts[0] = counts[1] = counts[2] = counts[3] = 0
    if top != NULL and top.type == XML_ELEMENT_NODE:
        with nogil:
            status = count_below(top, counts)
    if status < 0:
        return pure["descendant_counts"](node)
    return counts[0], counts[1], counts[2], counts[3]
