# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""cleanup.py's walks in C, over libxml2's tree (the compiled core; engine/_kernels.py).

Most find the elements ``_prepArticle`` changes, and cleanup.py changes them, through lxml;
``clean_conditionally`` decides in C and removes what it decides to through cleanup.py's own ``remove``.
"""

from cpython.mem cimport PyMem_Free
from libc.stdlib cimport calloc, free, realloc
from lxml.includes.tree cimport (
    XML_CDATA_SECTION_NODE,
    XML_COMMENT_NODE,
    XML_ELEMENT_NODE,
    XML_ENTITY_REF_NODE,
    XML_PI_NODE,
    XML_TEXT_NODE,
    xmlAttr,
    xmlNode,
)

cimport lxml.includes.etreepublic as cetree
from libc.string cimport strcmp

from scrapy_readability.engine.html._dom cimport (
    Found,
    TagNames,
    TextScan,
    after_within,
    following,
    has_ancestor,
    is_tag,
    keep,
    name_in,
    scan_start,
    scan_text,
    tag_in,
    tag_names,
)
from scrapy_readability.engine.port._measures cimport link_length

from scrapy_readability.engine.port.constants import (
    DEPRECATED_SIZE_ATTRIBUTE_ELEMS,
    FLAG_CLEAN_CONDITIONALLY,
    HEADING_TAGS,
    PRESENTATIONAL_ATTRIBUTES,
    SVG_TAGS,
    TEXTISH_TAGS,
)

cetree.import_lxml__etree()

MIRRORS = {
    "clean_conditionally": "5c37e95ac6c39b74",
    "descendant_counts": "2cc648e0db0a5627",
    "next_named": "6aa7a31fbcdd22ba",
    # kernel: the record of its pair (tests/engine/test_kernels.py computes it; cleanup.py's @kernel holds the same)
    "styled_elements": "575f5cc19dbba29f",
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
        node = after_within(node, top)
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


cdef inline void count_tag(xmlNode* node, Py_ssize_t* counts) noexcept nogil:
    """Count ``node`` in ``counts`` if it is a ``<p>``, ``<img>``, ``<li>`` or ``<input>`` (in that order)."""
    if is_tag(node, "p"):
        counts[0] += 1
    elif is_tag(node, "img"):
        counts[1] += 1
    elif is_tag(node, "li"):
        counts[2] += 1
    elif is_tag(node, "input"):
        counts[3] += 1


cdef int count_below(xmlNode* top, Py_ssize_t* counts) noexcept nogil:
    """Count the ``<p>``, ``<img>``, ``<li>`` and ``<input>`` elements below ``top``; -1 on a node the walk does
    not read."""
    cdef xmlNode* node = top.children
    while node != NULL:
        kind = node.type
        if kind == XML_ELEMENT_NODE:
            count_tag(node, counts)
            if node.children != NULL:
                node = node.children
                continue
        elif kind != XML_TEXT_NODE and kind != XML_CDATA_SECTION_NODE and kind != XML_COMMENT_NODE \
                and kind != XML_PI_NODE:
            return -1
        node = after_within(node, top)
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


# --- _cleanConditionally: its decisions in C, its removals by cleanup.py's remove ------------------------------


cdef struct Summary:
    # An element's text as _getInnerText measures it, kept so that an ancestor's is read off its children's.
    Py_ssize_t length  # UTF-16 units, trimmed, each whitespace run counted one
    Py_ssize_t commas  # "," characters (TextLengths.count(node, ","))
    bint seen  # a character that is not whitespace
    bint lead  # whitespace before the first such character (with none: any whitespace)
    bint trail  # whitespace after the last such character (with none: as lead)


cdef struct Lengths:
    # TextLengths in C: each element's measure, taken once while the phase runs (an open addressing table keyed by
    # the node). It holds more entries than TextLengths (every element below one measured), true for the same
    # reason: all start after the node the phase tests, none an ancestor of a node it removes later.
    xmlNode** keys
    Summary* values
    Py_ssize_t used
    Py_ssize_t capacity  # a power of two, or 0


cdef inline size_t slot(xmlNode* node, Py_ssize_t capacity) noexcept nogil:
    cdef size_t h = (<size_t>node) >> 4
    h = (h ^ (h >> 16)) * <size_t>2654435761U
    return (h ^ (h >> 15)) & <size_t>(capacity - 1)


cdef int grow(Lengths* lengths) noexcept nogil:
    """Twice the room, every entry kept; -1 when memory runs out."""
    cdef Py_ssize_t capacity = lengths.capacity * 2 if lengths.capacity else 256
    cdef xmlNode** keys = <xmlNode**>calloc(capacity, sizeof(xmlNode*))
    cdef Summary* values = <Summary*>calloc(capacity, sizeof(Summary))
    cdef Py_ssize_t i
    cdef size_t j
    if keys == NULL or values == NULL:
        free(keys)
        free(values)
        return -1
    for i in range(lengths.capacity):
        if lengths.keys[i] != NULL:
            j = slot(lengths.keys[i], capacity)
            while keys[j] != NULL:
                j = (j + 1) & <size_t>(capacity - 1)
            keys[j] = lengths.keys[i]
            values[j] = lengths.values[i]
    free(lengths.keys)
    free(lengths.values)
    lengths.keys = keys
    lengths.values = values
    lengths.capacity = capacity
    return 0


cdef bint find(Lengths* table, xmlNode* node, Summary* value) noexcept nogil:
    """Whether ``node`` is a key of ``table``, its value in ``value``."""
    cdef size_t j
    if table.capacity == 0:
        return False
    j = slot(node, table.capacity)
    while table.keys[j] != NULL:
        if table.keys[j] == node:
            value[0] = table.values[j]
            return True
        j = (j + 1) & <size_t>(table.capacity - 1)
    return False


cdef int remember(Lengths* table, xmlNode* node, Summary* value) noexcept nogil:
    """Keep ``value`` for ``node``; -1 when memory runs out."""
    cdef size_t j
    if (table.used + 1) * 2 > table.capacity and grow(table) < 0:
        return -1
    j = slot(node, table.capacity)
    while table.keys[j] != NULL and table.keys[j] != node:
        j = (j + 1) & <size_t>(table.capacity - 1)
    if table.keys[j] == NULL:
        table.used += 1
    table.keys[j] = node
    table.values[j] = value[0]
    return 0


cdef void join(Summary* into, Summary* part) noexcept nogil:
    """``into`` followed by ``part``: a whitespace run between two characters counts one."""
    into.commas += part.commas
    if not part.seen:
        if into.seen:
            into.trail = into.trail or part.lead
        else:
            into.lead = into.trail = into.lead or part.lead
        return
    if into.seen:
        into.length += part.length + (1 if into.trail or part.lead else 0)
    else:
        into.length = part.length
        into.lead = into.lead or part.lead
        into.seen = True
    into.trail = part.trail


cdef int read_one(TextScan* scan, xmlNode* text) noexcept nogil:
    """Read the one text node into ``scan`` (``scan_text`` with one node's budget); -1 on bytes that are not UTF-8."""
    scan.top = text.parent
    scan.node = text
    return -1 if scan_text(scan, 1) < 0 else 0


cdef int read_text_node(xmlNode* text, Summary* part) noexcept nogil:
    """One text node's measure; -1 on bytes that are not UTF-8."""
    cdef TextScan scan
    scan_start(&scan, text)
    scan.target = 0x2C
    if read_one(&scan, text) < 0:
        return -1
    part.length = scan.length
    part.commas = scan.count
    part.seen = scan.seen
    # with no character but whitespace, lead and trail say whether it holds any
    part.trail = scan.pending if scan.seen else text.content != NULL and text.content[0] != 0
    part.lead = leading_space(text) if scan.seen else part.trail
    return 0


cdef bint leading_space(xmlNode* text) noexcept nogil:
    """Whether the text node (which holds a character that is not whitespace) starts with whitespace: in ASCII,
    read off the first byte; else the first such character's length read twice as far as it, once as if text
    came before (a leading run then counts one), once not."""
    cdef TextScan scan
    cdef Py_ssize_t alone
    cdef unsigned char first = text.content[0]
    if first < 0x80:
        return first == 0x20 or 0x09 <= first <= 0x0D
    scan_start(&scan, text)
    scan.stop_at_text = True
    read_one(&scan, text)
    alone = scan.length
    scan_start(&scan, text)
    scan.stop_at_text = scan.seen = True
    read_one(&scan, text)
    return scan.length > alone


cdef struct Open:
    # An element whose measure summarize is taking: what its children gave so far.
    xmlNode* node
    Summary text


cdef int summarize(Lengths* lengths, xmlNode* top, Summary* out) noexcept nogil:
    """``top``'s measure, and every element's below it, kept: an element's is its children's joined, each text node
    read once, an element measured before not read again; -1 on a node kind the walk does not read (as
    ``text_length``), bytes that are not UTF-8, or memory run out. No recursion: a deep nest is a long array."""
    cdef Open* open = NULL
    cdef Open* grown
    cdef Py_ssize_t depth = 0, capacity = 0
    cdef xmlNode* node = top
    cdef Summary part
    cdef int kind
    if find(lengths, top, out):
        return 0
    while True:
        if node != NULL and node != top and node.type == XML_ELEMENT_NODE and find(lengths, node, &part):
            join(&open[depth - 1].text, &part)
            node = node.next
        elif node != NULL and node.type == XML_ELEMENT_NODE:
            if depth == capacity:
                capacity = capacity * 2 + 32
                grown = <Open*>realloc(open, capacity * sizeof(Open))
                if grown == NULL:
                    free(open)
                    return -1
                open = grown
            open[depth].node = node
            open[depth].text.length = open[depth].text.commas = 0
            open[depth].text.seen = open[depth].text.lead = open[depth].text.trail = False
            depth += 1
            node = node.children
        elif node != NULL:
            kind = node.type
            if kind == XML_TEXT_NODE or kind == XML_CDATA_SECTION_NODE:
                if read_text_node(node, &part) < 0:
                    free(open)
                    return -1
                join(&open[depth - 1].text, &part)
            elif kind != XML_COMMENT_NODE and kind != XML_PI_NODE:
                free(open)
                return -1
            node = node.next
        else:  # the last open element's children are over
            depth -= 1
            remember(lengths, open[depth].node, &open[depth].text)  # not kept when memory runs out: read again
            if depth == 0:
                out[0] = open[0].text
                free(open)
                return 0
            join(&open[depth - 1].text, &open[depth].text)
            node = open[depth].node.next


cdef Py_ssize_t measured(Lengths* lengths, xmlNode* node) noexcept nogil:
    """``TextLengths(node)``: the length measured before, else measured now and kept; -1 when unread."""
    cdef Summary text
    if summarize(lengths, node, &text) < 0:
        return -1
    return text.length


cdef inline bint known(Lengths* table, xmlNode* node) noexcept nogil:
    """Whether ``node`` is one of the data tables (kept in a table of the same kind)."""
    cdef Summary ignored
    return find(table, node, &ignored)


cdef TagNames LISTS, HEADINGS, TEXTISH, EMBEDS
tag_names(&LISTS, ("ul", "ol"), _names)
tag_names(&HEADINGS, HEADING_TAGS, _names)
tag_names(&TEXTISH, sorted(TEXTISH_TAGS), _names)
tag_names(&EMBEDS, ("object", "embed", "iframe"), _names)


cdef struct Below:
    # What _cleanConditionally reads below a node, in one walk: sums of its descendants' TextLengths, the counts.
    Py_ssize_t lists  # the <ul>s' and <ol>s'
    Py_ssize_t headings
    Py_ssize_t textish
    Py_ssize_t counts[4]  # <p>, <img>, <li>, <input>
    bint data_table  # a data table below
    Found embeds  # the <object>s, <embed>s and <iframe>s, in document order


cdef int add_length(Lengths* lengths, xmlNode* node, Py_ssize_t* total) noexcept nogil:
    cdef Py_ssize_t length = measured(lengths, node)
    if length < 0:
        return -1
    total[0] += length
    return 0


cdef int read_below(xmlNode* top, Lengths* lengths, Lengths* data_tables, Below* below) noexcept nogil:
    """Fill ``below`` from every element below ``top``; -1 on what the walk does not read (a node kind an HTML
    parse never makes, an element in a namespace: lxml's tag tests decide those) or memory run out."""
    cdef xmlNode* node = top.children
    while node != NULL:
        kind = node.type
        if kind == XML_ELEMENT_NODE:
            if node.ns != NULL:
                return -1
            if tag_in(node, &LISTS) and add_length(lengths, node, &below.lists) < 0:
                return -1
            if tag_in(node, &HEADINGS) and add_length(lengths, node, &below.headings) < 0:
                return -1
            if tag_in(node, &TEXTISH) and add_length(lengths, node, &below.textish) < 0:
                return -1
            if is_tag(node, "table") and known(data_tables, node):
                below.data_table = True
            if tag_in(node, &EMBEDS) and keep(&below.embeds, node) < 0:
                return -1
            count_tag(node, below.counts)
            if node.children != NULL:
                node = node.children
                continue
        elif kind != XML_TEXT_NODE and kind != XML_CDATA_SECTION_NODE and kind != XML_COMMENT_NODE \
                and kind != XML_PI_NODE:
            return -1
        node = after_within(node, top)
    return 0


cdef int ancestors_read(xmlNode* node, Lengths* data_tables, bint* in_data_table) noexcept nogil:
    """Whether a ``<table>`` above ``node`` (any depth, as ``iterancestors`` goes) is a data table; -1 on an
    ancestor in a namespace."""
    cdef xmlNode* parent = node.parent
    while parent != NULL and parent.type == XML_ELEMENT_NODE:
        if parent.ns != NULL:
            return -1
        if is_tag(parent, "table") and known(data_tables, parent):
            in_data_table[0] = True
        parent = parent.parent
    return 0


cdef int length_and_commas(Lengths* lengths, xmlNode* node, Py_ssize_t* length, Py_ssize_t* commas) noexcept nogil:
    """``TextLengths(node)`` and ``TextLengths.count(node, ",")`` (the commas of ``textContent``); -1 when unread."""
    cdef Summary text
    if summarize(lengths, node, &text) < 0:
        return -1
    length[0] = text.length
    commas[0] = text.commas
    return 0


cdef Py_ssize_t element_children(xmlNode* node) noexcept nogil:
    """``len(node)``: lxml counts elements, comments, processing instructions and entity references."""
    cdef Py_ssize_t count = 0
    cdef xmlNode* child = node.children
    while child != NULL:
        if child.type == XML_ELEMENT_NODE or child.type == XML_COMMENT_NODE or child.type == XML_PI_NODE \
                or child.type == XML_ENTITY_REF_NODE:
            count += 1
        child = child.next
    return count


cdef bint image_list(xmlNode* node, Py_ssize_t img, Py_ssize_t items) noexcept nogil:
    """cleanup._is_image_list: no child with two children, and as many images as items."""
    cdef xmlNode* child = node.children
    while child != NULL:
        if child.type == XML_ELEMENT_NODE or child.type == XML_COMMENT_NODE or child.type == XML_PI_NODE \
                or child.type == XML_ENTITY_REF_NODE:
            if element_children(child) > 1:
                return False
        child = child.next
    return img == items


cdef struct Signals:
    # cleanup._Signals
    bint is_list
    bint is_figure_child
    Py_ssize_t weight, p, img, li, inputs, embed_count, content_length
    double link_density, heading_density, text_density


cdef bint should_remove(Signals* s, double modifier) noexcept nogil:
    """cleanup._should_remove_node: whether any of its checks fails (its reasons are only traced)."""
    if not s.is_figure_child and s.img > 1 and <double>s.p / <double>s.img < 0.5:
        return True
    if not s.is_list and s.li > s.p:
        return True
    if s.inputs > s.p // 3:
        return True
    if (
        not s.is_list and not s.is_figure_child and s.heading_density < 0.9 and s.content_length < 25
        and (s.img == 0 or s.img > 2) and s.link_density > 0
    ):
        return True
    if not s.is_list and s.weight < 25 and s.link_density > 0.2 + modifier:
        return True
    if s.weight >= 25 and s.link_density > 0.5 + modifier:
        return True
    if (s.embed_count == 1 and s.content_length < 75) or s.embed_count > 1:
        return True
    return s.img == 0 and s.text_density == 0


cdef class _Cleaner:
    """One run of ``_cleanConditionally``: the state it reads, cleanup.py's helpers, the lengths measured."""

    cdef object state, tag, helpers, kept
    cdef cetree._Element root
    cdef bint is_list_tag, table_tag
    cdef int flags
    cdef double modifier
    cdef Lengths lengths, data_tables

    def __dealloc__(self):
        free(self.lengths.keys)
        free(self.lengths.values)
        free(self.data_tables.keys)
        free(self.data_tables.values)

    cdef object element(self, xmlNode* node):
        return cetree.elementFactory(self.root._doc, node)

    cdef int decide(self, xmlNode* node) except -2:
        """cleanup._should_clean_conditionally: 1 to remove ``node``, 0 to keep it, -1 when the walks cannot read
        it (the pure test decides)."""
        cdef Below below
        cdef Signals s
        cdef bint in_data_table = False
        cdef Py_ssize_t node_length, count, i
        cdef double total = 0.0
        below.lists = below.headings = below.textish = 0
        below.counts[0] = below.counts[1] = below.counts[2] = below.counts[3] = 0
        below.data_table = False
        below.embeds.nodes = NULL
        below.embeds.size = below.embeds.capacity = 0
        try:
            if length_and_commas(&self.lengths, node, &node_length, &count) < 0:
                return -1
            if ancestors_read(node, &self.data_tables, &in_data_table) < 0:
                return -1
            if read_below(node, &self.lengths, &self.data_tables, &below) < 0:
                return -1
            if node_length and link_length(node, &total) < 0:
                return -1
            s.is_list = self.is_list_tag
            if not s.is_list:
                s.is_list = <double>below.lists / <double>node_length > 0.9 if node_length else below.lists > 0
            if self.table_tag and known(&self.data_tables, node):
                return 0
            if in_data_table or has_ancestor(node, "code") or below.data_table:
                return 0
            element = self.element(node)
            s.weight = self.helpers.get_class_weight(element, self.flags)
            if s.weight < 0:
                return 1
            if count >= 10:
                return 0
            s.p = below.counts[0]
            s.img = below.counts[1]
            s.li = below.counts[2] - 100
            s.inputs = below.counts[3]
            s.heading_density = <double>below.headings / <double>node_length if node_length else 0.0
            for i in range(below.embeds.size):
                if self.helpers._has_video(self.state, self.element(below.embeds.nodes[i])):
                    return 0
            s.embed_count = below.embeds.size
            s.content_length = node_length
            if node_length <= longest_label and self.helpers._ad_or_loading_label(element):
                return 1
            s.is_figure_child = has_ancestor(node, "figure")
            if node_length:
                s.link_density = total / <double>node_length
                s.text_density = <double>below.textish / <double>node_length
            else:
                s.link_density = s.text_density = 0.0
            if not should_remove(&s, self.modifier):
                return 0
            return not (s.is_list and image_list(node, s.img, below.counts[2]))
        finally:
            PyMem_Free(below.embeds.nodes)

    cdef run(self, tag):
        """Every ``tag`` element below the root, last to first, removed when it looks fishy."""
        cdef Found found
        cdef TagNames wanted
        cdef Py_ssize_t i
        cdef xmlNode* node
        cdef int verdict
        names = []
        found.nodes = NULL
        found.size = found.capacity = 0
        tag_names(&wanted, (tag,), names)
        try:
            if find_tagged(self.root._c_node, &wanted, &found) < 0:
                return False
            for i in range(found.size - 1, -1, -1):
                node = found.nodes[i]
                if node.parent == NULL or node.parent.type != XML_ELEMENT_NODE:
                    continue  # no parent (getparent() is None): none of these, as no removed node is met again
                verdict = self.decide(node)
                if verdict < 0:
                    verdict = self.helpers._should_clean_conditionally(
                        self.state, self.element(node), self.tag,
                        self.helpers.TextLengths(streaming=self.state.big_page), {}
                    )
                if verdict:
                    element = self.element(node)
                    self.kept.append(element)  # held to the end: no node of the tree is freed while it runs
                    self.helpers.remove(element)
            return True
        finally:
            PyMem_Free(found.nodes)


LONGEST_AD_OR_LOADING_WORD = 20
"""cleanup._LONGEST_AD_OR_LOADING_WORD (tests/engine/test_kernels.py holds them equal)."""
cdef Py_ssize_t longest_label = LONGEST_AD_OR_LOADING_WORD


cdef int find_tagged(xmlNode* top, TagNames* wanted, Found* found) noexcept nogil:
    """``iter_tags(top, tag)``: every element below ``top`` with the tag, in document order; -1 on an element of
    that name in a namespace, a node kind the walk does not read, or memory run out."""
    cdef xmlNode* node = top.children
    while node != NULL:
        kind = node.type
        if kind == XML_ELEMENT_NODE:
            if node.ns != NULL and name_in(node.name, wanted):
                return -1  # lxml's tag test decides whether it is one
            if tag_in(node, wanted) and keep(found, node) < 0:
                return -1
            if node.children != NULL:
                node = node.children
                continue
        elif kind != XML_TEXT_NODE and kind != XML_CDATA_SECTION_NODE and kind != XML_COMMENT_NODE \
                and kind != XML_PI_NODE:
            return -1
        node = after_within(node, top)
    return 0


cdef bint exact_double(object value):
    """Whether ``value`` is a float, or an int a double holds exactly: ``0.2 + value`` the same in C."""
    return type(value) is float or (type(value) is int and -2**53 <= value <= 2**53)


cdef object _helpers = None
"""cleanup.py, imported at the first call (it imports this module first)."""


def clean_conditionally(state, cetree._Element root not None, str tag not None):
    """cleanup.clean_conditionally: each ``tag`` element decided in C, last to first, and removed by cleanup.py's
    ``remove`` (which keeps Python's notes of the text nodes); the pure function runs the whole phase when the
    decision trace is on or the tree is not one the walks read, and decides a node the walks cannot read."""
    global _helpers
    cdef _Cleaner cleaner
    cdef xmlNode* node
    cdef Summary marked
    cdef xmlNode* top = root._c_node
    options = state.options
    modifier = options.link_density_modifier
    if options.debug or top == NULL or top.type != XML_ELEMENT_NODE or "{" in tag or not tag.isascii() \
            or not exact_double(modifier) or not state.flag_is_active(FLAG_CLEAN_CONDITIONALLY):
        return pure["clean_conditionally"](state, root, tag)
    if _helpers is None:
        from scrapy_readability.engine.port import cleanup
        _helpers = cleanup
    cleaner = _Cleaner()
    cleaner.state, cleaner.tag, cleaner.helpers, cleaner.kept, cleaner.root = state, tag, _helpers, [], root
    cleaner.is_list_tag = tag == "ul" or tag == "ol"
    cleaner.table_tag = tag == "table"
    cleaner.flags = state.flags
    cleaner.modifier = modifier
    marked.length = marked.commas = 0
    marked.seen = marked.lead = marked.trail = False
    for table, is_data in state.data_tables.items():
        node = (<cetree._Element?>table)._c_node
        if is_data and node != NULL and remember(&cleaner.data_tables, node, &marked) < 0:
            raise MemoryError()
    if not cleaner.run(tag):
        return pure["clean_conditionally"](state, root, tag)
    return None


def measures_below(cetree._Element root not None) -> list:
    """(length, commas) of ``root`` and of every element below it in document order, each read off the measures
    of its children as clean_conditionally reads them (root first, so every other one comes from the table):
    what tests/engine/test_kernels.py compares with ``inner_text_length`` and ``text_count``. None when unread."""
    cdef _Cleaner cleaner = _Cleaner()
    cdef Summary text
    cdef xmlNode* node = root._c_node
    if node == NULL or node.type != XML_ELEMENT_NODE or summarize(&cleaner.lengths, node, &text) < 0:
        return None
    found = []
    for el in root.iter():
        node = (<cetree._Element>el)._c_node
        if node.type != XML_ELEMENT_NODE:
            continue
        if not find(&cleaner.lengths, node, &text):
            return None
        found.append((text.length, text.commas))
    return found
