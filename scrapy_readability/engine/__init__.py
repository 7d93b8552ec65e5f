"""The Readability engine: a port of Mozilla's Readability.js onto lxml. It never imports Scrapy."""

from .article import Article
from .errors import InputError, ReadabilityConfigError, ReadabilityError, TooManyElementsError
from .options import Options, OutputOptions, PreflightOptions, Policy
from .readability import Readability
from .readerable import is_probably_readable

__all__ = [
    "Article",
    "InputError",
    "Options",
    "OutputOptions",
    "Policy",
    "PreflightOptions",
    "Readability",
    "ReadabilityConfigError",
    "ReadabilityError",
    "TooManyElementsError",
    "is_probably_readable",
]
