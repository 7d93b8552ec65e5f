"""scrapy-readability: Mozilla's Readability.js on lxml, native to Scrapy.

The engine (``Readability``, ``is_probably_readable``, ``Policy``, ``Article``)
imports without Scrapy; the Scrapy components are loaded on first use.
"""

from typing import Any

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

# The Scrapy components, imported on first use so that the engine never pulls in Scrapy.
_LAZY = {
    "ReadabilityMiddleware": "middleware",
    "ReadabilitySpiderMiddleware": "spidermiddleware",
    "ReadabilityPipeline": "pipeline",
    "ArticleItem": "items",
    "Addon": "addon",
    "ReadabilityConfigError": "settings",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(f"{__name__}.{module}"), name)


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])
