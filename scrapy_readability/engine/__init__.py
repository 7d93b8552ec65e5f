"""The Readability engine: a port of Mozilla's Readability.js onto lxml.

Owns everything about one page, in three parts: ``port`` (Readability.js's phases, one module each, and
the preflight), ``html`` (the substrate: decoding and parsing a page as a browser does, the DOM, URLs) and
``outputs`` (the article, its text and Markdown, the sanitiser, the feed's fields); the options are
declared once, in ``options``. It may
import the standard library, lxml, selectolax, ada-url and w3lib only: never Scrapy,
Twisted or the rest of this package, so it works on its own and in a worker
process that loads nothing else.

``compiled`` says which engine runs: the compiled core (Cython over libxml2's tree, built where a C compiler
is) or pure Python (engine/_kernels.py; ``SCRAPY_READABILITY_COMPILE`` chooses).
"""

from . import _moved
from ._kernels import compiled
from .errors import InputError, NotHTMLError, ReadabilityConfigError, ReadabilityError, TooManyElementsError
from .html.decoding import DecodedPage, decode_page
from .html.parsing import ParsedPage, parse_page
from .options import Options, OutputOptions, Policy, PreflightOptions
from .outputs.article import Article
from .port.readability import Readability
from .port.readerable import is_probably_readable

_moved.install()

__all__ = [
    "Article",
    "DecodedPage",
    "InputError",
    "NotHTMLError",
    "Options",
    "OutputOptions",
    "ParsedPage",
    "Policy",
    "PreflightOptions",
    "Readability",
    "ReadabilityConfigError",
    "ReadabilityError",
    "TooManyElementsError",
    "compiled",
    "decode_page",
    "is_probably_readable",
    "parse_page",
]
