# The text walk of _dom.pyx, for the other kernel modules to cimport: no Python object, no decoded string.

from lxml.includes.tree cimport xmlAttr, xmlNode


cdef struct TextScan:
    # What a walk of an element's text content (its text nodes in document order) has found so far.
    Py_ssize_t length  # UTF-16 units of the text, trimmed and each whitespace run counted one (_getInnerText)
    Py_ssize_t commas  # characters of REGEXPS.commas
    Py_ssize_t count  # occurrences of `target`
    long target  # a code point to count, or -1
    bint pending  # whitespace since the last character counted, after one
    bint seen  # a character that is not whitespace
    bint commas_wanted
    bint stop_at_text  # stop at the first character that is not whitespace (has_text)
    bint done
    xmlNode* top  # the element whose text is read
    xmlNode* node  # where the walk resumes; NULL once it is over
    xmlNode* holder  # with stop_at_text: the element whose text node holds that character


cdef void scan_start(TextScan* scan, xmlNode* top) noexcept nogil
cdef int scan_text(TextScan* scan, Py_ssize_t budget) noexcept nogil
cdef int scan_all(TextScan* scan) noexcept
cdef Py_ssize_t text_length(xmlNode* top) noexcept nogil
cdef bint is_tag(xmlNode* node, const char* name) noexcept nogil
cdef bint has_ancestor(xmlNode* node, const char* tag) noexcept nogil


cdef struct TagNames:
    # Element (or attribute) names to match, in no namespace, at most 64.
    int size
    const char* names[64]


cdef int tag_names(TagNames* found, object tags, list keep) except -1
cdef bint tag_in(xmlNode* node, TagNames* names) noexcept nogil
cdef bint name_in(const unsigned char* name, TagNames* names) noexcept nogil
cdef int holds_text(xmlNode* node) noexcept nogil
cdef int attribute_value(xmlAttr* attribute, const unsigned char** value) noexcept nogil
cdef xmlNode* following(xmlNode* node, bint* unread) noexcept nogil


cdef inline xmlNode* after_within(xmlNode* node, xmlNode* top) noexcept nogil:
    # The node after ``node`` and its descendants in document order, below ``top``; NULL past ``top``'s last
    # descendant. Inline: every kernel's walk steps with it.
    while node.next == NULL:
        node = node.parent
        if node == top or node == NULL:
            return NULL
    return node.next


cdef struct Found:
    # Nodes a kernel's walk keeps, in a buffer it grows (PyMem; the caller frees ``nodes``).
    xmlNode** nodes
    Py_ssize_t size
    Py_ssize_t capacity


cdef int keep(Found* found, xmlNode* node) noexcept nogil
