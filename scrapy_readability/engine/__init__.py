"""The Readability engine: a port of Mozilla's Readability.js onto lxml. It never imports Scrapy."""

from .article import Article
from .decoding import DecodedPage, decode_page
from .errors import InputError, NotHTMLError, ReadabilityError, TooManyElementsError
from .options import OptionArgs, Options, Policy
from .readability import Readability
from .readerable import is_probably_readable

__all__ = [
    "Article",
    "DecodedPage",
    "InputError",
    "NotHTMLError",
    "OptionArgs",
    "Options",
    "Policy",
    "Readability",
    "ReadabilityError",
    "TooManyElementsError",
    "decode_page",
    "is_probably_readable",
]
