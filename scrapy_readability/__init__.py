"""scrapy-readability: Mozilla's Readability.js on lxml, native to Scrapy.

The engine (``Readability``, ``is_probably_readable``, ``Policy``, ``Article``)
imports without Scrapy; the Scrapy components are loaded on first use.
"""

from typing import TYPE_CHECKING

from .engine import (
    Article,
    InputError,
    Policy,
    Readability,
    ReadabilityError,
    TooManyElementsError,
    is_probably_readable,
    parse_page,
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
    "parse_page",
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

if TYPE_CHECKING:
    # What the lazy imports give, for type checkers (``as`` re-exports them under mypy --strict).
    # Without a module ``__getattr__`` in their view, a misspelt name is an error, not ``Any``.
    from .addon import Addon as Addon
    from .items import ArticleItem as ArticleItem
    from .middleware import ReadabilityMiddleware as ReadabilityMiddleware
    from .pipeline import ReadabilityPipeline as ReadabilityPipeline
    from .spidermiddleware import ReadabilitySpiderMiddleware as ReadabilitySpiderMiddleware
    from .settings import ReadabilityConfigError as ReadabilityConfigError
else:

    def __getattr__(name: str) -> object:
        module = _LAZY.get(name)
        if module is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        from importlib import import_module

        return getattr(import_module(f"{__name__}.{module}"), name)


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])
