# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""choice.py's page-wide search for the lead in C, over libxml2's tree (the compiled core; engine/_kernels.py).

The refined article looks for its lead (the page's description, shown as a block of its own) among every text
of the page: in XPath, ``contains()`` copies each text node's string to test it, which costs most of what the
search does. Here each text node is searched where it lies, as bytes: the words are UTF-8 and so is the tree,
and a UTF-8 string is found in UTF-8 text only at a character's start, so a byte search finds what a search of
the decoded text finds.
"""

from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from libc.string cimport strstr
from lxml.includes.tree cimport XML_CDATA_SECTION_NODE, XML_ELEMENT_NODE, XML_TEXT_NODE, xmlNode

cimport lxml.includes.etreepublic as cetree

from ...html._dom cimport Found, TagNames, after_within, holds_text, is_tag, keep, tag_in, tag_names

cetree.import_lxml__etree()

MIRRORS = {
    # kernel: the record of its pair (tests/engine/test_kernels.py computes it; choice.py's @kernel holds the same)
    "texts_holding": "7a6e25d3f48af4f4",
    "innermost_text_blocks": "2cae8e5dc6b011ed",
}

pure = {}
"""choice.py's functions by name, set as choice.py picks these: for a tree the walk cannot read."""


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
        node = after_within(node, top)
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


cdef struct Frame:
    # An element of innermost_text_blocks' walk, open until its children are read.
    xmlNode* node
    bint text  # a text below it holds a character that is not whitespace
    bint block_text  # a block below it does
    bint in_code  # below a <pre> or a <code> of the content


def innermost_text_blocks(cetree._Element content not None, tuple blocks not None) -> list:
    """choice.innermost_text_blocks: the ``blocks`` below ``content`` that hold text and no block that holds
    text, not inside a ``<pre>`` or a ``<code>``, in document order. One walk: each element's frame says what its
    children hold, and a block is known when its frame closes (found blocks do not nest: they close in document
    order)."""
    cdef TagNames names
    cdef list keep = []
    cdef xmlNode* top = content._c_node
    cdef xmlNode* node
    cdef Frame* frames = NULL
    cdef Frame* grown
    cdef Frame closed
    cdef Py_ssize_t depth = 0, capacity = 64
    cdef int holds
    cdef bint block
    if top == NULL or tag_names(&names, blocks, keep):
        return pure["innermost_text_blocks"](content, blocks)
    frames = <Frame*>PyMem_Malloc(capacity * sizeof(Frame))
    if frames == NULL:
        raise MemoryError()
    found = []
    try:
        frames[0].node = top
        frames[0].text = frames[0].block_text = frames[0].in_code = False
        node = top.children
        while True:
            if node != NULL:
                if node.type == XML_ELEMENT_NODE:
                    if depth + 1 == capacity:
                        grown = <Frame*>PyMem_Realloc(frames, capacity * 2 * sizeof(Frame))
                        if grown == NULL:
                            raise MemoryError()
                        frames = grown
                        capacity *= 2
                    depth += 1
                    frames[depth].node = node
                    frames[depth].text = frames[depth].block_text = False
                    frames[depth].in_code = frames[depth - 1].in_code or (
                        depth > 1 and (is_tag(frames[depth - 1].node, "pre") or is_tag(frames[depth - 1].node, "code"))
                    )
                    node = node.children
                    continue
                if node.type == XML_TEXT_NODE or node.type == XML_CDATA_SECTION_NODE:
                    holds = holds_text(node)
                    if holds < 0:
                        return pure["innermost_text_blocks"](content, blocks)
                    if holds:
                        frames[depth].text = True
                else:  # a comment, an entity: lxml's reading of the text says what it makes of it
                    return pure["innermost_text_blocks"](content, blocks)
                node = node.next
                continue
            if depth == 0:
                return found
            closed = frames[depth]
            depth -= 1
            block = tag_in(closed.node, &names)
            if block and closed.text and not closed.block_text and not closed.in_code:
                found.append(cetree.elementFactory(content._doc, closed.node))
            frames[depth].text = frames[depth].text or closed.text
            frames[depth].block_text = frames[depth].block_text or closed.block_text or (block and closed.text)
            node = closed.node.next
    finally:
        PyMem_Free(frames)
