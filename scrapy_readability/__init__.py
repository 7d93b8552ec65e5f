"""scrapy-readability: Mozilla's Readability.js on lxml, native to Scrapy.

The engine (``Readability``, ``is_probably_readable``, ``Policy``, ``Article``)
imports without Scrapy; the Scrapy components are loaded on first use.
"""

from .engine import (
    Article,
    InputError,
    Policy,
    Readability,
    ReadabilityError,
    TooManyElementsError,
    is_probably_readable,
)

__version__ = "0.1.0.dev0"

__all__ = [
    "Article",
    "InputError",
    "Policy",
    "Readability",
    "ReadabilityError",
    "TooManyElementsError",
    "is_probably_readable",
]
