# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""dom.py's text measures in C, reading libxml2's tree under lxml's elements (the compiled core).

Each function here stands for the function of the same name in dom.py, which picks it when this module
is built (``engine/_kernels.py``) and records, with ``MIRRORS`` below, that the two change together
(tests/engine/test_kernels.py). The walks read the text nodes' UTF-8 as they go: no proxy object and no
decoded string per node, whitespace as JavaScript knows it, lengths in UTF-16 units as JavaScript counts.
Where a walk meets what it does not read (a node kind an HTML parse never makes, bytes that are not
UTF-8), the function hands the element to dom.py's own (``pure``), so its answer is always the engine's.
"""

from cpython.mem cimport PyMem_Realloc
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

from scrapy_readability.engine.port.constants import DIV_TO_P_ELEMS

cetree.import_lxml__etree()

MIRRORS = {
    # kernel: the record of its pair (tests/engine/test_kernels.py computes it; dom.py's @kernel holds the same)
    "has_child_block_element": "6e2b1b034ae7daba",
    "has_text": "8c7ed7b38d399c82",
    "inner_text_length": "4f494fdd8ae1f6f1",
    "streamed_length": "00c90dfb786f515d",
    "text_count": "1d5f00164a165624",
    "text_holder": "44672fcc9fabdae4",
}

pure = {}
"""dom.py's functions by name, set as dom.py picks these: what a kernel hands an element it cannot read."""

cdef Py_ssize_t HELD = 256
"""Nodes a walk reads holding the GIL before it lets go of it: a small element costs less than releasing it."""


cdef inline bint js_space(unsigned int c) noexcept nogil:
    """Whether ``c`` is in JavaScript's ``\\s`` (constants.JS_WHITESPACE): U+0085 and U+001C..U+001F are not."""
    if c < 0x80:
        return c == 0x20 or 0x09 <= c <= 0x0D
    return (
        c == 0xA0 or c == 0x1680 or 0x2000 <= c <= 0x200A or c == 0x2028 or c == 0x2029
        or c == 0x202F or c == 0x205F or c == 0x3000 or c == 0xFEFF
    )


cdef inline bint is_comma(unsigned int c) noexcept nogil:
    """REGEXPS.commas: commas as Latin, Sindhi, Chinese and other scripts write them."""
    return (
        c == 0x2C or c == 0x60C or c == 0xFE50 or c == 0xFE10 or c == 0xFE11
        or c == 0x2E41 or c == 0x2E34 or c == 0x2E32 or c == 0xFF0C
    )


cdef int read_utf8(TextScan* scan, const unsigned char* p) noexcept nogil:
    """Count one text node's characters into ``scan``; -1 on bytes that are not UTF-8 (Python could not decode them).
    The counts are kept in locals while it reads (``scan`` is written back once), and a printable ASCII character
    that is neither a comma nor the character counted, most of any text, only adds to the length."""
    cdef unsigned int c, c1, c2, c3
    cdef Py_ssize_t length = scan.length, count = scan.count, commas = scan.commas
    cdef bint pending = scan.pending, seen = scan.seen
    cdef bint stop = scan.stop_at_text, commas_wanted = scan.commas_wanted
    cdef long target = scan.target
    cdef int result = 0
    while True:
        c = p[0]
        if c == 0:
            break
        if c < 0x80:
            p += 1
            if c > 0x20 and c != 0x2C and <long>c != target:  # no whitespace, no comma, not counted
                if pending:
                    length += 1
                    pending = False
                length += 1
                seen = True
                if stop:
                    scan.done = True
                    break
                continue
        elif c < 0xC2:
            result = -1
            break
        elif c < 0xE0:
            c1 = p[1]
            if c1 & 0xC0 != 0x80:
                result = -1
                break
            c = (c & 0x1F) << 6 | c1 & 0x3F
            p += 2
        elif c < 0xF0:
            c1 = p[1]
            if c1 & 0xC0 != 0x80:
                result = -1
                break
            c2 = p[2]
            if c2 & 0xC0 != 0x80:
                result = -1
                break
            c = (c & 0x0F) << 12 | (c1 & 0x3F) << 6 | c2 & 0x3F
            if c < 0x800 or 0xD800 <= c <= 0xDFFF:
                result = -1
                break
            p += 3
        elif c < 0xF5:
            c1 = p[1]
            if c1 & 0xC0 != 0x80:
                result = -1
                break
            c2 = p[2]
            if c2 & 0xC0 != 0x80:
                result = -1
                break
            c3 = p[3]
            if c3 & 0xC0 != 0x80:
                result = -1
                break
            c = (c & 0x07) << 18 | (c1 & 0x3F) << 12 | (c2 & 0x3F) << 6 | c3 & 0x3F
            if c < 0x10000 or c > 0x10FFFF:
                result = -1
                break
            p += 4
        else:
            result = -1
            break
        if js_space(c):
            pending = seen  # leading whitespace is trimmed; a run counts one
        else:
            if pending:
                length += 1
                pending = False
            length += 2 if c > 0xFFFF else 1  # outside the BMP: a surrogate pair
            seen = True
            if stop:
                scan.done = True
                break
        if <long>c == target:
            count += 1
        if commas_wanted and is_comma(c):
            commas += 1
    scan.length = length
    scan.count = count
    scan.commas = commas
    scan.pending = pending
    scan.seen = seen
    return result


cdef void scan_start(TextScan* scan, xmlNode* top) noexcept nogil:
    scan.length = scan.commas = scan.count = 0
    scan.target = -1
    scan.pending = scan.seen = scan.commas_wanted = scan.stop_at_text = scan.done = False
    scan.top = top
    scan.node = top.children
    scan.holder = NULL


cdef int scan_text(TextScan* scan, Py_ssize_t budget) noexcept nogil:
    """Walk on through ``scan.top``'s text nodes, ``budget`` nodes at most (< 0: no limit): 1 when the walk is
    over, 0 when the budget is spent, -1 on what it does not read (a node kind an HTML parse never makes)."""
    cdef xmlNode* node = scan.node
    cdef xmlNode* top = scan.top
    while node != NULL:
        if budget == 0:
            scan.node = node
            return 0
        budget -= 1
        kind = node.type
        if kind == XML_TEXT_NODE or kind == XML_CDATA_SECTION_NODE:  # what XPath's string() reads
            if node.content != NULL:
                if read_utf8(scan, node.content) < 0:
                    return -1
                if scan.done:
                    scan.holder = node.parent
                    scan.node = NULL
                    return 1
        elif kind == XML_ELEMENT_NODE:
            if node.children != NULL:
                node = node.children
                continue
        elif scan.stop_at_text or (kind != XML_COMMENT_NODE and kind != XML_PI_NODE):
            return -1  # has_text's itertext reads a comment's tail as text, string() does not: dom.py decides
        node = after_within(node, top)
    scan.node = NULL
    return 1


cdef int scan_all(TextScan* scan) noexcept:
    """The whole walk: its first nodes holding the GIL, the rest (a big element) without it."""
    cdef int over = scan_text(scan, HELD)
    if over == 0:
        with nogil:
            over = scan_text(scan, -1)
    return over


cdef Py_ssize_t text_length(xmlNode* top) noexcept nogil:
    """``_getInnerText(top).length``, or -1 when the walk cannot read ``top``'s text."""
    cdef TextScan scan
    scan_start(&scan, top)
    if scan_text(&scan, -1) < 0:
        return -1
    return scan.length


cdef bint is_tag(xmlNode* node, const char* name) noexcept nogil:
    """Whether ``node`` is an element of that (lowercase ASCII) name in no namespace, as lxml's tag tests match."""
    cdef const unsigned char* own = node.name
    cdef Py_ssize_t i = 0
    if node.type != XML_ELEMENT_NODE or node.ns != NULL or own == NULL:
        return False
    while name[i] != 0:
        if own[i] != <unsigned char>name[i]:
            return False
        i += 1
    return own[i] == 0


cdef bint has_ancestor(xmlNode* node, const char* tag) noexcept nogil:
    """dom.has_ancestor_tag(node, tag): the parent and three more ancestors at most, elements only (the
    kernels of _scoring and _cleanup share it: _dom.pxd)."""
    cdef xmlNode* parent = node.parent
    cdef int depth = 0
    while parent != NULL and parent.type == XML_ELEMENT_NODE:
        if depth > 3:
            return False
        if is_tag(parent, tag):
            return True
        parent = parent.parent
        depth += 1
    return False


cdef int tag_names(TagNames* found, object tags, list keep) except -1:
    """Fill ``found`` with ``tags`` (str) as UTF-8, kept alive in ``keep``: 0, or 1 when they do not fit (more
    than 64, or a name in a namespace, ``{...}a``, which the kernels leave to lxml)."""
    found.size = 0
    for tag in tags:
        if found.size == 64 or "{" in tag:
            return 1
        name = tag.encode("utf-8")
        keep.append(name)
        found.names[found.size] = name
        found.size += 1
    return 0


cdef bint tag_in(xmlNode* node, TagNames* names) noexcept nogil:
    """Whether ``node`` is an element with one of the ``names``, in no namespace."""
    cdef int i
    for i in range(names.size):
        if is_tag(node, names.names[i]):
            return True
    return False


cdef bint name_in(const unsigned char* name, TagNames* names) noexcept nogil:
    """Whether ``name`` (NUL-terminated) is one of the ``names``."""
    cdef int i
    cdef Py_ssize_t k
    if name == NULL:
        return False
    for i in range(names.size):
        k = 0
        while names.names[i][k] != 0 and name[k] == <unsigned char>names.names[i][k]:
            k += 1
        if names.names[i][k] == 0 and name[k] == 0:
            return True
    return False


cdef int attribute_value(xmlAttr* attribute, const unsigned char** value) noexcept nogil:
    """An attribute's value as lxml reads it (``""`` for none): 0, or -1 when it is not one text node (lxml joins
    those; the kernels leave such a value to lxml)."""
    cdef xmlNode* child = attribute.children
    if child == NULL:
        value[0] = <const unsigned char*>b""
        return 0
    if child.next != NULL or child.type != XML_TEXT_NODE:
        return -1
    value[0] = child.content if child.content != NULL else <const unsigned char*>b""
    return 0


cdef int holds_text(xmlNode* node) noexcept nogil:
    """Whether a text node holds a character that is not whitespace: 1 or 0, -1 on bytes that are not UTF-8."""
    cdef TextScan scan
    if node.content == NULL:
        return 0
    scan_start(&scan, node)
    scan.stop_at_text = True
    if read_utf8(&scan, node.content) < 0:
        return -1
    return scan.done


cdef TagNames BLOCKS
_blocks = []
tag_names(&BLOCKS, sorted(DIV_TO_P_ELEMS), _blocks)


cdef bint has_tag_below(xmlNode* top, TagNames* names) noexcept nogil:
    """Whether an element below ``top`` has one of the ``names``."""
    cdef xmlNode* node = top.children
    while node != NULL:
        if node.type == XML_ELEMENT_NODE:
            if tag_in(node, names):
                return True
            if node.children != NULL:
                node = node.children
                continue
        node = after_within(node, top)
    return False


cdef inline xmlNode* element_node(cetree._Element el) noexcept:
    """``el``'s node when it is an element (not a comment or a processing instruction), else NULL."""
    cdef xmlNode* node = el._c_node
    if node == NULL or node.type != XML_ELEMENT_NODE:
        return NULL
    return node


def inner_text_length(cetree._Element el not None) -> int:
    """dom.inner_text_length: the length of ``_getInnerText(el)``, read off the tree."""
    cdef TextScan scan
    cdef xmlNode* node = element_node(el)
    if node == NULL:
        return pure["inner_text_length"](el)
    scan_start(&scan, node)
    if scan_all(&scan) < 0:
        return pure["inner_text_length"](el)
    return scan.length


def streamed_length(cetree._Element el not None) -> int:
    """dom.streamed_length: the same length; read off the tree, a huge element's text is never built anyway."""
    return inner_text_length(el)


def text_count(cetree._Element el not None, str char not None, bint pieces=False) -> int:
    """dom.text_count: how many times the character ``char`` occurs in ``el.textContent``."""
    cdef TextScan scan
    cdef xmlNode* node = element_node(el)
    if node == NULL or len(char) != 1:
        return pure["text_count"](el, char, pieces)
    scan_start(&scan, node)
    scan.target = ord(char)
    if scan_all(&scan) < 0:
        return pure["text_count"](el, char, pieces)
    return scan.count


def has_text(cetree._Element el not None) -> bool:
    """dom.has_text: whether ``el.textContent.trim() !== ""``, read only as far as the first character."""
    cdef TextScan scan
    cdef xmlNode* node = element_node(el)
    if node == NULL:
        return pure["has_text"](el)
    scan_start(&scan, node)
    scan.stop_at_text = True
    if scan_all(&scan) < 0:
        return pure["has_text"](el)
    return scan.seen


cdef int text_run(TextScan* scan, xmlNode* node) noexcept nogil:
    """Read the text nodes from ``node`` up to the next node of another kind (lxml's ``.text`` or ``.tail``):
    1 when they hold a character that is not whitespace, 0 when not, -1 on bytes that are not UTF-8."""
    while node != NULL and (node.type == XML_TEXT_NODE or node.type == XML_CDATA_SECTION_NODE):
        if node.content != NULL and read_utf8(scan, node.content) < 0:
            return -1
        if scan.done:
            return 1
        node = node.next
    return 0


cdef xmlNode* first_element(xmlNode* node, bint* unread) noexcept nogil:
    """The first element from ``node`` on among its siblings, past text; NULL at the end, or with ``unread`` set
    on a node of another kind (lxml's navigation would meet it)."""
    while node != NULL:
        if node.type == XML_ELEMENT_NODE:
            return node
        if node.type != XML_TEXT_NODE and node.type != XML_CDATA_SECTION_NODE:
            unread[0] = True
            return NULL
        node = node.next
    return NULL


cdef xmlNode* next_element(xmlNode* node, xmlNode* top, bint* unread) noexcept nogil:
    """The element after ``node`` in ``top``'s subtree, in document order (``iter()``'s), or NULL; ``unread``
    set on a node of a kind ``iter()`` would yield but the walk does not read (a comment)."""
    cdef xmlNode* found = first_element(node.children, unread)
    while found == NULL and not unread[0] and node != top:
        found = first_element(node.next, unread)
        node = node.parent
    return found


cdef xmlNode* find_holder(TextScan* scan, xmlNode* top, bint* unread) noexcept nogil:
    """dom.text_holder's walk: each element in ``iter()``'s order, its text, then (below ``top``) its tail."""
    cdef xmlNode* node = top
    cdef int found
    while node != NULL:
        found = text_run(scan, node.children)
        if found:
            unread[0] = found < 0
            return node
        if node != top:
            found = text_run(scan, node.next)
            if found:
                unread[0] = found < 0
                return node.parent
        node = next_element(node, top, unread)
    return NULL


def text_holder(cetree._Element el not None):
    """dom.text_holder: the element whose own text (or, for a descendant, whose child's tail) is the first
    text that is not whitespace, looking at each element's text and then its tail as ``iter()`` meets them."""
    cdef TextScan scan
    cdef bint unread = False
    cdef xmlNode* node = element_node(el)
    cdef xmlNode* holder
    if node == NULL:
        return pure["text_holder"](el)
    scan_start(&scan, node)
    scan.stop_at_text = True
    with nogil:
        holder = find_holder(&scan, node, &unread)
    if unread:
        return pure["text_holder"](el)
    if holder == NULL:
        return None
    if holder == node:
        return el
    return cetree.elementFactory(el._doc, holder)


def has_child_block_element(cetree._Element el not None) -> bool:
    """dom.has_child_block_element: whether a descendant is one of ``DIV_TO_P_ELEMS``."""
    cdef xmlNode* node = element_node(el)
    cdef bint found
    if node == NULL:
        return pure["has_child_block_element"](el)
    with nogil:
        found = has_tag_below(node, &BLOCKS)
    return found


cdef xmlNode* following(xmlNode* node, bint* unread) noexcept nogil:
    """dom.get_next_node: the first element child, else the next sibling of the node or an ancestor; NULL at
    the end. ``unread`` on a node other than an element or text (lxml's navigation would meet it).
    The other kernel modules' walks share it (_dom.pxd)."""
    cdef xmlNode* next = first_element(node.children, unread)
    while next == NULL and not unread[0] and node != NULL and node.type == XML_ELEMENT_NODE:
        next = first_element(node.next, unread)
        node = node.parent
    return next


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
