"""The Readability engine: a port of Mozilla's Readability.js onto lxml.

Owns everything about one page: decoding and parsing it as a browser does, Readability.js's
phases (one module each, with the measures, URLs and constants they share),
the options (declared once, in ``options``), the article and its
representations (text, Markdown), the sanitiser and the preflight. It may
import the standard library, lxml, selectolax, ada-url and w3lib only: never Scrapy,
Twisted or the rest of this package, so it works on its own and in a worker
process that loads nothing else.
"""

from .article import Article
from .decoding import DecodedPage, decode_page
from .errors import InputError, NotHTMLError, ReadabilityConfigError, ReadabilityError, TooManyElementsError
from .options import Options, OutputOptions, Policy, PreflightOptions
from .parsing import ParsedPage, parse_page
from .readability import Readability
from .readerable import is_probably_readable

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
    "decode_page",
    "is_probably_readable",
    "parse_page",
]
