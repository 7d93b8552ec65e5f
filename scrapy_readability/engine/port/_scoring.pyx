# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""scoring.py's paragraph measures in C, over libxml2's tree (the compiled core; engine/_kernels.py)."""

from lxml.includes.tree cimport XML_ELEMENT_NODE, xmlNode

cimport lxml.includes.etreepublic as cetree

from scrapy_readability.engine.html._dom cimport TextScan, scan_all, scan_start

cetree.import_lxml__etree()

MIRRORS = {
    # kernel: the record of its pair (tests/engine/test_kernels.py computes it; scoring.py's @kernel holds the same)
    "paragraph_measures": "f2ffc8f012e5dba5",
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
