# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""page.py's page-wide search for datelines in C, over libxml2's tree (the compiled core; engine/_kernels.py).

The search tests every element's class and id and every text node below the page's ``<body>`` for a few
dozen words: done in Python (or in XPath, which copies a node's string for each test), it is most of the
time the feed's fields take. Here each attribute value and text node is searched where it lies, as bytes:
the words are UTF-8 and so is the tree, and a UTF-8 word is found in UTF-8 text only at a character's start,
so a byte search finds what a search of the decoded text finds (XPath's ``contains()`` searches bytes too).
"""

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.string cimport strcmp, strstr
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

from scrapy_readability.engine.html._dom cimport after_within, attribute_value

cetree.import_lxml__etree()

MIRRORS = {
    # kernel: the record of its pair (tests/engine/test_kernels.py computes it; page.py's @kernel holds the same)
    "classed_datelines": "7207da9e54bf71a6",
    "labelled_datelines": "26c7ee2bdc3c883b",
}

pure = {}
"""page.py's functions by name, set as page.py picks these: for a tree the walk cannot read."""


cdef struct Words:
    int size
    const char* words[64]


cdef Words HINTS, WHOLE, ANY_LABELS, HAN_LABELS
cdef Py_ssize_t LIMIT = 0
cdef bint ready = False
_kept = []  # the words' bytes, which the structs point into


cdef int fill(Words* words, object values) except -1:
    words.size = 0
    for value in values:
        if words.size == 64:
            raise ValueError("more than 64 words")
        data = value.encode("utf-8")
        if not data or b"\0" in data:
            raise ValueError(f"no word to search for: {value!r}")
        _kept.append(data)
        words.words[words.size] = data
        words.size += 1
    return 0


cdef int prepare() except -1:
    """Read the words from the feed's constants, on the first call (page.py, which imports this module's
    functions through the engine's loader, is imported by the same package as those constants)."""
    global LIMIT, ready
    from scrapy_readability.engine.outputs.feed import constants

    fill(&HINTS, constants.PAGE_DATELINE_CLASSES)
    fill(&WHOLE, constants.PAGE_DATELINE_CLASS_WORDS)
    fill(&ANY_LABELS, constants.PAGE_DATELINE_ANY_LABELS)
    fill(&HAN_LABELS, (*constants.PAGE_DATELINE_ANY_LABELS, *constants.PAGE_DATELINE_LABELS))
    LIMIT = constants.MAX_PAGE_DATELINES
    ready = True
    return 0


cdef inline bint blank(unsigned char c) noexcept nogil:
    """XPath's blanks (``normalize-space``): space, tab, line feed, carriage return."""
    return c == 0x20 or c == 0x09 or c == 0x0A or c == 0x0D


cdef bint holds_any(const char* text, Words* words) noexcept nogil:
    cdef int i
    for i in range(words.size):
        if strstr(text, words.words[i]) != NULL:
            return True
    return False


cdef bint holds_whole(const char* text, Words* words) noexcept nogil:
    """Whether one of ``words`` is in ``text`` with a blank or an end on either side."""
    cdef int i
    cdef const char* at
    cdef const char* word
    cdef Py_ssize_t size
    for i in range(words.size):
        word = words.words[i]
        size = 0
        while word[size] != 0:
            size += 1
        at = strstr(text, word)
        while at != NULL:
            if (at == text or blank(<unsigned char>at[-1])) and (at[size] == 0 or blank(<unsigned char>at[size])):
                return True
            at = strstr(at + 1, word)
    return False


cdef int says_date(xmlNode* node) noexcept nogil:
    """Whether the element's class or id (in no namespace) says date: 1 or 0, -1 on a value that is not one text
    node (lxml joins such values: the pure function reads them)."""
    cdef xmlAttr* attribute = node.properties
    cdef const char* value
    while attribute != NULL:
        if attribute.ns == NULL and attribute.name != NULL and (
            strcmp(<const char*>attribute.name, b"class") == 0 or strcmp(<const char*>attribute.name, b"id") == 0
        ):
            if attribute_value(attribute, <const unsigned char**>&value) < 0:
                return -1
            if value[0] != 0 and (holds_any(value, &HINTS) or holds_whole(value, &WHOLE)):
                return 1
        attribute = attribute.next
    return 0


cdef int labelled(xmlNode* node, Words* labels) noexcept nogil:
    """Whether one of the element's own text nodes holds a label: 1 or 0, -1 on a child of a kind an HTML
    parse never makes."""
    cdef xmlNode* child = node.children
    while child != NULL:
        kind = child.type
        if kind == XML_TEXT_NODE or kind == XML_CDATA_SECTION_NODE:
            if child.content != NULL and holds_any(<const char*>child.content, labels):
                return 1
        elif kind != XML_ELEMENT_NODE and kind != XML_COMMENT_NODE and kind != XML_PI_NODE:
            return -1
        child = child.next
    return 0


cdef Py_ssize_t search(xmlNode* top, Words* labels, xmlNode** found, Py_ssize_t limit) noexcept nogil:
    """page._dateline_candidates' walk: ``top`` by its text, then each element below it by its class, id or
    text, in document order, ``limit`` at most; how many it found, or -1 on what it does not read."""
    cdef Py_ssize_t size = 0
    cdef xmlNode* node = top
    cdef int hit
    while node != NULL and size < limit:
        if node.type == XML_ELEMENT_NODE:
            hit = 0 if node == top else says_date(node)
            if hit == 0:
                hit = labelled(node, labels)
            if hit < 0:
                return -1
            if hit:
                found[size] = node
                size += 1
            if node.children != NULL:
                node = node.children
                continue
        if node == top:
            break
        node = after_within(node, top)
    return size


cdef object candidates(cetree._Element body, Words* labels, str name):
    cdef xmlNode* top = body._c_node
    cdef xmlNode** found
    cdef Py_ssize_t size = -1, i
    if not ready:
        prepare()
    if top == NULL or top.type != XML_ELEMENT_NODE:
        return pure[name](body)
    found = <xmlNode**>PyMem_Malloc((LIMIT + 1) * sizeof(xmlNode*))
    if found == NULL:
        raise MemoryError()
    try:
        with nogil:
            size = search(top, labels, found, LIMIT)
        if size < 0:
            return pure[name](body)
        return [body if found[i] == top else cetree.elementFactory(body._doc, found[i]) for i in range(size)]
    finally:
        PyMem_Free(found)


def classed_datelines(cetree._Element body not None) -> list:
    """page.classed_datelines: the elements below ``body`` whose class or id says date, or whose text has a
    label that says a date follows, and ``body`` by its text."""
    return candidates(body, &ANY_LABELS, "classed_datelines")


def labelled_datelines(cetree._Element body not None) -> list:
    """page.labelled_datelines: the same, with the labels of a page in Chinese or Japanese."""
    return candidates(body, &HAN_LABELS, "labelled_datelines")
