# The link walk of _measures.pyx, for _cleanup.pyx's _cleanConditionally to cimport.

from lxml.includes.tree cimport xmlNode


cdef int link_length(xmlNode* top, double* total) noexcept nogil
