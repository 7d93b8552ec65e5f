"""The Readability engine: a port of Mozilla's Readability.js onto lxml. It never imports Scrapy."""

from .article import Article
from .errors import InputError, ReadabilityError, TooManyElementsError
from .options import OptionArgs, Options, Policy
from .parsing import ParsedPage, parse_page
from .readability import Readability
from .readerable import is_probably_readable

__all__ = [
    "Article",
    "InputError",
    "OptionArgs",
    "Options",
    "ParsedPage",
    "Policy",
    "Readability",
    "ReadabilityError",
    "TooManyElementsError",
    "is_probably_readable",
    "parse_page",
]
