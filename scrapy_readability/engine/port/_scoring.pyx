# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""scoring.py's paragraph measures in C, over libxml2's tree (the compiled core; engine/_kernels.py)."""

from lxml.includes.tree cimport (
    XML_CDATA_SECTION_NODE,
    XML_COMMENT_NODE,
    XML_ELEMENT_NODE,
    XML_PI_NODE,
    XML_TEXT_NODE,
    xmlNode,
)

cimport lxml.includes.etreepublic as cetree

from scrapy_readability.engine.html._dom cimport (
    TagNames,
    TextScan,
    holds_text,
    is_tag,
    scan_all,
    scan_start,
    tag_in,
    tag_names,
)

from scrapy_readability.engine.port.constants import PHRASING_ELEMS

cetree.import_lxml__etree()

MIRRORS = {
    "holds_phrasing_content": "ece609a49d8ac7af",
    # kernel: the record of its pair (tests/engine/test_kernels.py computes it; scoring.py's @kernel holds the same)
    "paragraph_measures": "05b144e3f9f32f31",
}

pure = {}
"""scoring.py's functions by name, set as scoring.py picks these: for an element a kernel cannot read."""


def paragraph_measures(cetree._Element element not None) -> tuple:
    """scoring.paragraph_measures: ``_getInnerText``'s length and the pieces ``REGEXPS.commas`` splits the
    text into (one more than its commas), in one walk of the text."""
    cdef TextScan scan
    cdef xmlNode* node = element._c_node
    if node == NULL or node.type != XML_ELEMENT_NODE:
        return pure["paragraph_measures"](element)
    scan_start(&scan, node)
    scan.commas_wanted = True
    if scan_all(&scan) < 0:
        return pure["paragraph_measures"](element)
    return scan.length, scan.commas + 1


cdef TagNames PHRASING
_phrasing = []
tag_names(&PHRASING, sorted(PHRASING_ELEMS), _phrasing)


cdef inline bint is_link_like(xmlNode* node) noexcept nogil:
    return is_tag(node, "a") or is_tag(node, "del") or is_tag(node, "ins")


cdef int phrasing(xmlNode* top) noexcept nogil:
    """dom.is_phrasing_content for an element: 1 or 0; -1 on a node the walk does not read. An ``<a>``,
    ``<del>`` or ``<ins>`` is phrasing when every element inside is, down to phrasing elements (a comment,
    an element to lxml, is not)."""
    cdef xmlNode* node
    if tag_in(top, &PHRASING):
        return 1
    if not is_link_like(top):
        return 0
    node = top.children
    while node != NULL:
        kind = node.type
        if kind == XML_ELEMENT_NODE:
            if is_link_like(node) and not tag_in(node, &PHRASING):
                if node.children != NULL:
                    node = node.children
                    continue
            elif not tag_in(node, &PHRASING):
                return 0
        elif kind == XML_COMMENT_NODE or kind == XML_PI_NODE:
            return 0
        elif kind != XML_TEXT_NODE and kind != XML_CDATA_SECTION_NODE:
            return -1
        while node.next == NULL:
            node = node.parent
            if node == top or node == NULL:
                return 1
        node = node.next
    return 1


cdef int holds_phrasing(xmlNode* div) noexcept nogil:
    cdef xmlNode* child = div.children
    cdef int found
    while child != NULL:
        kind = child.type
        if kind == XML_TEXT_NODE or kind == XML_CDATA_SECTION_NODE:
            found = holds_text(child)
        elif kind == XML_ELEMENT_NODE:
            found = phrasing(child)
        elif kind == XML_COMMENT_NODE or kind == XML_PI_NODE:
            found = 0  # not phrasing content to is_phrasing_content
        else:
            found = -1
        if found:
            return found
        child = child.next
    return 0


def holds_phrasing_content(cetree._Element div not None) -> bool:
    """scoring.holds_phrasing_content: text that is not blank, or a child that is phrasing content."""
    cdef xmlNode* node = div._c_node
    cdef int found = -1
    if node != NULL and node.type == XML_ELEMENT_NODE:
        with nogil:
            found = holds_phrasing(node)
    if found < 0:
        return pure["holds_phrasing_content"](div)
    return found == 1
