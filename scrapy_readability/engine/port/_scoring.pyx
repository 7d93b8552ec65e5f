# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""scoring.py's paragraph measures in C, over libxml2's tree (the compiled core; engine/_kernels.py)."""

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

from libc.string cimport strcmp, strstr

from scrapy_readability.engine.html._dom cimport (
    TagNames,
    TextScan,
    after_within,
    attribute_value,
    following,
    has_ancestor,
    holds_text,
    is_tag,
    name_in,
    scan_all,
    scan_start,
    tag_in,
    tag_names,
)

from scrapy_readability.engine.port.constants import (
    DEFAULT_TAGS_TO_SCORE,
    EMPTY_CONTAINER_TAGS,
    PHRASING_ELEMS,
    REGEXPS,
    SVG_TAGS,
    UNLIKELY_ROLES,
)

cetree.import_lxml__etree()

MIRRORS = {
    "holds_phrasing_content": "08e5ec83ac3432a2",
    # kernel: the record of its pair (tests/engine/test_kernels.py computes it; scoring.py's @kernel holds the same)
    "paragraph_measures": "c9371a88167a1739",
    "wrap_phrasing_content": "c5e40ea4746c6e01",
    "prepare_step": "04263b2b1bd68a6d",
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
        node = after_within(node, top)
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


# --- prepare_nodes' walk: the elements it only steps past, skipped in C ------------------------------------


MAX_SKIPPED = 64
"""scoring.MAX_SKIPPED (tests/engine/test_kernels.py holds them equal)."""
cdef Py_ssize_t SKIPPED_AT_MOST = MAX_SKIPPED
cdef TagNames ACTIVE, ACTIVE_ATTRIBUTES, ROLES, SVG
_active = []
tag_names(&ACTIVE, sorted({"html", "div", "h1", "h2"} | EMPTY_CONTAINER_TAGS | DEFAULT_TAGS_TO_SCORE), _active)
tag_names(&ACTIVE_ATTRIBUTES, ("style", "hidden", "aria-hidden", "aria-modal"), _active)
tag_names(&ROLES, sorted(UNLIKELY_ROLES), _active)
tag_names(&SVG, sorted(SVG_TAGS), _active)


cdef struct Words:
    # A regex of REGEXPS that is an alternation of lowercase ASCII words, by first letter.
    int size
    const char* words[48]


cdef int word_list(Words* found, object pattern, list keep) except -1:
    words = pattern.pattern.split("|")
    if len(words) > 48 or not all(word and word.isascii() and word == word.lower() and
                                  all(c.isalnum() or c == "-" for c in word) for word in words):
        raise ValueError(f"not an alternation of lowercase words: {pattern.pattern!r}")
    found.size = 0
    for word in words:
        data = word.encode("ascii")
        keep.append(data)
        found.words[found.size] = data
        found.size += 1
    return 0


cdef Words UNLIKELY, MAYBE, BYLINE
word_list(&UNLIKELY, REGEXPS.unlikelyCandidates, _active)
word_list(&MAYBE, REGEXPS.okMaybeItsACandidate, _active)
word_list(&BYLINE, REGEXPS.byline, _active)


cdef inline unsigned char lower(unsigned char c) noexcept nogil:
    return c + 32 if 0x41 <= c <= 0x5A else c


cdef bint has_word(const unsigned char* text, Words* words) noexcept nogil:
    """Whether ASCII ``text``, lowercased, holds one of ``words`` (measures._Words' search of ASCII text)."""
    cdef Py_ssize_t i = 0, k
    cdef int w
    cdef const char* word
    while text[i] != 0:
        for w in range(words.size):
            word = words.words[w]
            k = 0
            while word[k] != 0 and lower(text[i + k]) == <unsigned char>word[k]:
                k += 1
            if word[k] == 0:
                return True
        i += 1
    return False


cdef struct Named:
    # The attributes of an element _passive reads; a value NULL when the element does not have it.
    const unsigned char* class_
    const unsigned char* id
    const unsigned char* role
    const unsigned char* rel
    const unsigned char* itemprop


cdef bint ascii(const unsigned char* text) noexcept nogil:
    cdef Py_ssize_t i = 0
    if text == NULL:
        return True
    while text[i] != 0:
        if text[i] >= 0x80:
            return False
        i += 1
    return True


cdef bint has_words(const unsigned char* class_, const unsigned char* id, Words* words) noexcept nogil:
    """measures._Words' search of ``class_ + " " + id`` (no word has a blank in it: each is searched apart)."""
    return (class_ != NULL and has_word(class_, words)) or (id != NULL and has_word(id, words))


cdef int read_named(xmlNode* node, Named* named) noexcept nogil:
    """The attributes of ``node`` the attribute tests read, into ``named``: 1; 0 when it has an attribute in a
    namespace or one of ``ACTIVE_ATTRIBUTES`` (the walk does more with it); -1 on a value not one text node."""
    cdef xmlAttr* attribute = node.properties
    cdef const unsigned char* name
    named.class_ = named.id = named.role = named.rel = named.itemprop = NULL
    while attribute != NULL:
        name = attribute.name
        if attribute.ns != NULL or name == NULL or name_in(name, &ACTIVE_ATTRIBUTES):
            return 0
        if strcmp(<const char*>name, b"class") == 0:
            if attribute_value(attribute, &named.class_) < 0:
                return -1
        elif strcmp(<const char*>name, b"id") == 0:
            if attribute_value(attribute, &named.id) < 0:
                return -1
        elif strcmp(<const char*>name, b"role") == 0:
            if attribute_value(attribute, &named.role) < 0:
                return -1
        elif strcmp(<const char*>name, b"rel") == 0:
            if attribute_value(attribute, &named.rel) < 0:
                return -1
        elif strcmp(<const char*>name, b"itemprop") == 0:
            if attribute_value(attribute, &named.itemprop) < 0:
                return -1
        attribute = attribute.next
    return 1


cdef int passive(xmlNode* node, bint byline, bint unlikely) noexcept nogil:
    """scoring._passive: 1 or 0; -1 on an attribute value the walk does not read."""
    cdef Named named
    cdef const unsigned char* class_
    cdef int read
    if node.type != XML_ELEMENT_NODE or node.ns != NULL or tag_in(node, &ACTIVE):
        return 0
    if node.properties == NULL:
        return 1
    read = read_named(node, &named)
    if read <= 0:
        return read
    if unlikely and named.role != NULL and name_in(named.role, &ROLES):
        return 0
    class_ = NULL if tag_in(node, &SVG) else named.class_  # dom.class_string: an SVG element's is none
    if not ascii(class_) or not ascii(named.id):
        return 0
    if byline:
        if named.rel != NULL and strcmp(<const char*>named.rel, b"author") == 0:
            return 0
        if named.itemprop != NULL and strstr(<const char*>named.itemprop, b"author") != NULL:
            return 0
        if has_words(class_, named.id, &BYLINE):
            return 0
    if unlikely and has_words(class_, named.id, &UNLIKELY) and not has_words(class_, named.id, &MAYBE):
        return 0
    return 1


# --- prepare_nodes' wrapping of a <div>'s phrasing content, its edits in libxml2's tree ---------------------------


cdef object _joined_text = None
"""dom._joined_text, the text nodes Python keeps apart: read at the first wrap (dom.py imports the core first)."""


cdef object noted_slots():
    global _joined_text
    if _joined_text is None:
        from scrapy_readability.engine.html import dom
        _joined_text = dom._joined_text
    return _joined_text.get()


cdef bint holds_noted_text(cetree._Element div, dict noted) except -1:
    """Whether a text node among ``div``'s children (its text, a child's tail) is a slot Python keeps as several
    text nodes, or was (``noted``, dom's notes: the pure wrap reads them). Its owner is a key of the notes, so
    an element lxml has no proxy for cannot be one."""
    cdef xmlNode* child = div._c_node.children
    cdef xmlNode* owner
    while child != NULL:
        if child.type == XML_TEXT_NODE:
            owner = child.prev
            if owner == NULL:
                if (div, False) in noted:
                    return True
            elif owner._private != NULL and (cetree.elementFactory(div._doc, owner), True) in noted:
                return True
        child = child.next
    return False


cdef bint children_readable(xmlNode* div) noexcept nogil:
    """Whether ``div``'s children are elements and text nodes, no two text nodes side by side (lxml joins those:
    the pure wrap sees one)."""
    cdef xmlNode* child = div.children
    cdef bint after_text = False
    while child != NULL:
        if child.type == XML_TEXT_NODE:
            if after_text:
                return False
            after_text = True
        elif child.type == XML_ELEMENT_NODE:
            after_text = False
        else:
            return False
        child = child.next
    return True


cdef enum:
    NOT_PHRASING, PHRASING_NODE, BLANK_PHRASING  # BLANK_PHRASING: dom.is_whitespace_node, a blank text or a <br>


cdef int phrasing_kind(xmlNode* node) noexcept nogil:
    """What a child of the ``<div>`` is to the wrap: NOT_PHRASING, PHRASING_NODE or BLANK_PHRASING; -1 unread."""
    cdef int found
    if node.type == XML_TEXT_NODE:
        found = holds_text(node)
        return found if found < 0 else (PHRASING_NODE if found else BLANK_PHRASING)
    found = phrasing(node)
    if found <= 0:
        return found
    return BLANK_PHRASING if is_tag(node, "br") else PHRASING_NODE


cdef int kinds_readable(xmlNode* div) noexcept nogil:
    cdef xmlNode* child = div.children
    while child != NULL:
        if phrasing_kind(child) < 0:
            return False
        child = child.next
    return True


cdef void unlink(xmlNode* node) noexcept nogil:
    """``node`` out of its parent's children (libxml2's ``xmlUnlinkNode``, which the core does not link: lxml's
    wheels keep libxml2's symbols to themselves)."""
    if node.prev != NULL:
        node.prev.next = node.next
    elif node.parent != NULL:
        node.parent.children = node.next
    if node.next != NULL:
        node.next.prev = node.prev
    elif node.parent != NULL:
        node.parent.last = node.prev
    node.parent = node.next = node.prev = NULL


cdef int drop(cetree._Element div, xmlNode* node) except -1:
    """A blank node at either end of a run, out of the tree as lxml takes it out: a text node by lxml (``.text``
    or ``.tail`` set to None frees it), an element (a ``<br>``) unlinked and handed to lxml, which frees it with
    its last proxy (``Element.remove`` leaves it so)."""
    if node.type == XML_TEXT_NODE:
        if node.prev == NULL:
            cetree.setNodeText(div._c_node, None)
        else:
            cetree.setTailText(node.prev, None)
        return 0
    unlink(node)
    cetree.elementFactory(div._doc, node)
    return 0


cdef void move_run(xmlNode* start, xmlNode* end, xmlNode* p) noexcept nogil:
    """The siblings from ``start`` to ``end`` moved into the empty ``p``, which takes their place."""
    cdef xmlNode* parent = start.parent
    cdef xmlNode* node = start
    unlink(p)
    p.parent = parent
    p.prev = start.prev
    p.next = end.next
    if start.prev != NULL:
        start.prev.next = p
    else:
        parent.children = p
    if end.next != NULL:
        end.next.prev = p
    else:
        parent.last = p
    start.prev = NULL
    end.next = NULL
    p.children = start
    p.last = end
    while node != NULL:
        node.parent = p
        node = node.next


cdef int wrap_run(cetree._Element div, xmlNode* start, xmlNode* after) except -1:
    """The nodes from ``start`` up to ``after``, a run of phrasing content, in a new ``<p>`` in their place; the
    blank nodes at its ends dropped, and no ``<p>`` when nothing else is left."""
    cdef xmlNode* end
    cdef xmlNode* node
    cdef cetree._Element p
    while start != after and phrasing_kind(start) == BLANK_PHRASING:
        node = start.next
        drop(div, start)
        start = node
    if start == after:
        return 0
    end = after.prev if after != NULL else div._c_node.last
    while phrasing_kind(end) == BLANK_PHRASING:  # stops at start at the latest
        node = end.prev
        drop(div, end)
        end = node
    p = cetree.makeSubElement(div, "p", None, None, None, None)
    move_run(start, end, p._c_node)
    return 0


def wrap_phrasing_content(cetree._Element div not None):
    """scoring.wrap_phrasing_content: each run of phrasing content in a ``<p>``, the nodes moved in libxml2's tree."""
    cdef xmlNode* node = div._c_node
    cdef xmlNode* child
    cdef xmlNode* after
    cdef int found
    if node == NULL or node.type != XML_ELEMENT_NODE or not children_readable(node) or not kinds_readable(node):
        return pure["wrap_phrasing_content"](div)
    noted = noted_slots()
    if noted and holds_noted_text(div, noted):
        return pure["wrap_phrasing_content"](div)
    found = holds_phrasing(node)
    if found < 0:
        return pure["wrap_phrasing_content"](div)
    if not found:  # blank text alone: cleared by lxml, as scoring's wrap clears it
        cetree.setNodeText(node, None)
        child = node.children
        while child != NULL:
            if child.type == XML_ELEMENT_NODE:
                cetree.setTailText(child, None)
            child = child.next
        return None
    child = node.children
    while child != NULL:
        if phrasing_kind(child) == NOT_PHRASING:
            child = child.next
            continue
        after = child.next
        while after != NULL and phrasing_kind(after) != NOT_PHRASING:
            after = after.next
        wrap_run(div, child, after)
        child = after
    return None

# --- prepare_nodes' walk: the attribute tests of the element it stops at, answered in C -----------------------


cdef enum:
    VERDICT_WALK, VERDICT_PLAIN, VERDICT_UNLIKELY, VERDICT_ROLE
VERDICTS = {"WALK": VERDICT_WALK, "PLAIN": VERDICT_PLAIN, "UNLIKELY": VERDICT_UNLIKELY, "UNLIKELY_ROLE": VERDICT_ROLE}
"""scoring.WALK and the rest, by name (tests/engine/test_kernels.py holds them equal)."""
cdef TagNames HEADED
tag_names(&HEADED, ("h1", "h2", "html"), _active)


cdef int attribute_verdict(xmlNode* node, bint byline, bint unlikely) noexcept nogil:
    """scoring._attribute_verdict, on an element; -1 on an attribute value the walk does not read."""
    cdef Named named
    cdef const unsigned char* class_
    cdef int read
    if node.ns != NULL or tag_in(node, &HEADED):
        return VERDICT_WALK
    read = read_named(node, &named)
    if read < 0:
        return -1
    if read == 0:
        return VERDICT_WALK
    class_ = NULL if tag_in(node, &SVG) else named.class_  # dom.class_string: an SVG element's is none
    if not ascii(class_) or not ascii(named.id):
        return VERDICT_WALK
    if byline:
        if named.rel != NULL and strcmp(<const char*>named.rel, b"author") == 0:
            return VERDICT_WALK
        if named.itemprop != NULL and strstr(<const char*>named.itemprop, b"author") != NULL:
            return VERDICT_WALK
        if has_words(class_, named.id, &BYLINE):
            return VERDICT_WALK
    if not unlikely:
        return VERDICT_PLAIN
    if has_words(class_, named.id, &UNLIKELY) and not has_words(class_, named.id, &MAYBE):
        if not has_ancestor(node, "table") and not has_ancestor(node, "code"):
            if not is_tag(node, "body") and not is_tag(node, "a"):
                return VERDICT_UNLIKELY
    if named.role != NULL and name_in(named.role, &ROLES):
        return VERDICT_ROLE
    return VERDICT_PLAIN


cdef TagNames SCORED_ONLY
tag_names(&SCORED_ONLY, sorted(DEFAULT_TAGS_TO_SCORE - EMPTY_CONTAINER_TAGS - {"html", "div", "h1", "h2"}), _active)


def prepare_step(cetree._Element node, list to_score not None, bint byline=True, bint unlikely=True):
    """scoring.prepare_step: the next element the walk does more with than step past or add to ``to_score``, and
    the verdict of its attribute tests; the elements it only adds, appended on the way."""
    cdef xmlNode* current
    cdef xmlNode* start
    cdef bint unread = False
    cdef int found = 0, verdict = VERDICT_WALK
    cdef Py_ssize_t steps = 0, added = len(to_score)
    if node is None:
        return None, VERDICT_WALK
    start = current = node._c_node
    if current == NULL or current.type != XML_ELEMENT_NODE:
        return pure["prepare_step"](node, to_score, byline, unlikely)
    while steps < SKIPPED_AT_MOST:
        steps += 1
        found = passive(current, byline, unlikely)
        if found < 0:
            break
        if not found:
            verdict = attribute_verdict(current, byline, unlikely)
            if verdict != VERDICT_PLAIN or not tag_in(current, &SCORED_ONLY):
                break
            to_score.append(cetree.elementFactory(node._doc, current))
        current = following(current, &unread)
        if unread or current == NULL:
            break
    else:
        verdict = VERDICT_WALK  # MAX_SKIPPED steps: the walk tests the next itself
    if found < 0 or unread or (current != NULL and verdict < 0):
        del to_score[added:]
        return pure["prepare_step"](node, to_score, byline, unlikely)
    if current == NULL:
        return None, VERDICT_WALK
    if current == start:
        return node, verdict
    return cetree.elementFactory(node._doc, current), verdict
