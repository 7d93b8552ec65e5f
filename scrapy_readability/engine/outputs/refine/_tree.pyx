# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""tree.py's search for marked elements in C, over libxml2's tree (the compiled core; engine/_kernels.py).

The refined article looks for the elements whose class, id or label could mark a box or furniture. Read with
XPath, every attribute's value becomes a string and the union of the attributes' node-sets is sorted into
document order (most of the cost on a page of highlighted code, whose every token has a class). Here the walk
reads each value where it lies, asks ``says`` once for each distinct value, and makes a Python element only for
the elements it keeps.
"""

from lxml.includes.tree cimport XML_ELEMENT_NODE, xmlAttr, xmlNode

cimport lxml.includes.etreepublic as cetree

from ...html._dom cimport TagNames, after_within, attribute_value, name_in, tag_in, tag_names

cetree.import_lxml__etree()

MIRRORS = {
    # kernel: the record of its pair (tests/engine/test_kernels.py computes it; tree.py's @kernel holds the same)
    "marked_elements": "0a0c3713b5700abd",
}

pure = {}
"""tree.py's functions by name, set as tree.py picks these: for a tree the walk cannot read."""


def marked_elements(cetree._Element content not None, tuple attributes not None, says not None, tuple also=()):
    """tree.marked_elements: the elements below ``content`` with one of ``attributes`` whose value ``says`` yes
    to, or of a tag of ``also``, in document order."""
    cdef TagNames names
    cdef TagNames tags
    cdef list keep = []
    cdef xmlNode* top = content._c_node
    cdef xmlNode* node
    cdef xmlAttr* attribute
    cdef const unsigned char* value
    cdef bint marked
    if tag_names(&names, attributes, keep) or tag_names(&tags, also, keep) or top == NULL:
        return pure["marked_elements"](content, attributes, says, also)
    verdicts = {}  # a value's bytes -> what ``says`` said of it
    found = []
    node = top.children
    while node != NULL:
        if node.type == XML_ELEMENT_NODE:
            marked = tag_in(node, &tags)
            attribute = node.properties
            while not marked and attribute != NULL:
                if attribute.ns == NULL and attribute.name != NULL and name_in(attribute.name, &names):
                    if attribute_value(attribute, &value) < 0:
                        return pure["marked_elements"](content, attributes, says, also)
                    if value[0] != 0:
                        key = <bytes>value
                        verdict = verdicts.get(key)
                        if verdict is None:
                            try:
                                verdict = bool(says(key.decode("utf-8")))
                            except UnicodeDecodeError:  # not UTF-8: lxml's reading says what it makes of it
                                return pure["marked_elements"](content, attributes, says, also)
                            verdicts[key] = verdict
                        marked = verdict
                attribute = attribute.next
            if marked:
                found.append(cetree.elementFactory(content._doc, node))
            if node.children != NULL:
                node = node.children
                continue
        node = after_within(node, top)
    return found
