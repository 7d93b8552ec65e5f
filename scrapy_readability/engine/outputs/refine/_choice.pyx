# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""choice.py's page-wide search for the lead in C, over libxml2's tree (the compiled core; engine/_kernels.py).

The refined article looks for its lead (the page's description, shown as a block of its own) among every text
of the page: in XPath, ``contains()`` copies each text node's string to test it, which costs most of what the
search does. Here each text node is searched where it lies, as bytes: the words are UTF-8 and so is the tree,
and a UTF-8 string is found in UTF-8 text only at a character's start, so a byte search finds what a search of
the decoded text finds.
"""

from cpython.mem cimport PyMem_Free, PyMem_Realloc
from libc.string cimport strstr
from lxml.includes.tree cimport XML_CDATA_SECTION_NODE, XML_ELEMENT_NODE, XML_TEXT_NODE, xmlNode

cimport lxml.includes.etreepublic as cetree

cetree.import_lxml__etree()

MIRRORS = {
    # kernel: the record of its pair (tests/engine/test_kernels.py computes it; choice.py's @kernel holds the same)
    "texts_holding": "b766c53a0481a142",
}

pure = {}
"""choice.py's functions by name, set as choice.py picks these: for a tree the walk cannot read."""


cdef struct Found:
    xmlNode** nodes
    Py_ssize_t size
    Py_ssize_t capacity


cdef int keep(Found* found, xmlNode* node) noexcept nogil:
    """Append ``node``; -1 when memory runs out."""
    cdef xmlNode** grown
    if found.size == found.capacity:
        with gil:
            grown = <xmlNode**>PyMem_Realloc(found.nodes, (found.capacity * 2 + 16) * sizeof(xmlNode*))
        if grown == NULL:
            return -1
        found.nodes = grown
        found.capacity = found.capacity * 2 + 16
    found.nodes[found.size] = node
    found.size += 1
    return 0


cdef int search(xmlNode* top, const char* words, Found* found) noexcept nogil:
    """The text nodes below ``top`` that hold ``words``, in document order; -1 on a node other than an element or
    a text (lxml's parent of a text would be such a node), or memory run out."""
    cdef xmlNode* node = top.children
    while node != NULL:
        kind = node.type
        if kind == XML_ELEMENT_NODE:
            if node.children != NULL:
                node = node.children
                continue
        elif kind == XML_TEXT_NODE or kind == XML_CDATA_SECTION_NODE:
            if node.content != NULL and strstr(<const char*>node.content, words) != NULL and keep(found, node) < 0:
                return -1
        else:
            return -1
        while node.next == NULL:
            node = node.parent
            if node == top or node == NULL:
                return 0
        node = node.next
    return 0


cdef xmlNode* holder(xmlNode* text) noexcept nogil:
    """lxml's parent of a text node: the element it follows (a tail), else the element it is in."""
    cdef xmlNode* before = text.prev
    while before != NULL:
        if before.type == XML_ELEMENT_NODE:
            return before
        before = before.prev
    return text.parent


def texts_holding(cetree._Element body not None, str words not None) -> list:
    """choice.texts_holding: the texts below ``body`` that hold ``words``, each with its lxml parent."""
    cdef Found found
    cdef int status = -1
    cdef Py_ssize_t i
    cdef xmlNode* top = body._c_node
    cdef xmlNode* parent
    cdef bytes wanted
    cdef const char* needle
    try:
        wanted = words.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: lxml's own reading says what it makes of it
        return pure["texts_holding"](body, words)
    needle = wanted
    found.nodes = NULL
    found.size = found.capacity = 0
    try:
        if top != NULL and top.type == XML_ELEMENT_NODE and b"\0" not in wanted:
            with nogil:
                status = search(top, needle, &found)
        if status < 0:
            return pure["texts_holding"](body, words)
        texts = []
        for i in range(found.size):
            try:
                text = (<bytes>found.nodes[i].content).decode("utf-8")
            except UnicodeDecodeError:  # bytes that are not UTF-8: lxml's reading says what it makes of them
                return pure["texts_holding"](body, words)
            parent = holder(found.nodes[i])
            texts.append((text, body if parent == top else cetree.elementFactory(body._doc, parent)))
        return texts
    finally:
        PyMem_Free(found.nodes)
