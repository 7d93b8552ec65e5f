"""The HTML substrate: what a browser gives Readability.js, rebuilt over lxml.

Bytes to text (``decoding``, ``detect``), text to a tree as an HTML5 parser builds it (``parsing``), the DOM's
properties (``dom``), ``innerHTML`` (``serialize``), WHATWG URLs (``urls``), and the pages a crawler hands over
(``inputs``). Nothing here knows Readability.js's heuristics.
"""
