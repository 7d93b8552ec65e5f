"""scrapy-readability: Mozilla's Readability.js on lxml, native to Scrapy.

The package's rooms, and what each may import:

- ``engine``: the port of Readability.js (and our text, Markdown and sanitiser);
  the standard library, lxml, selectolax and ada-url only, never Scrapy.
- ``runtime``: running pages in threads or worker processes; the engine, never Scrapy.
- the Scrapy components beside them (``extension``, ``middleware``,
  ``spidermiddleware``, ``pipeline``, ``items``, ``exporters``, ``addon``,
  ``settings``, ``carry``, ``commands``): the engine, the runtime and Scrapy.
- ``cli``: the ``scrapy-readability`` command line.
- ``contrib``: optional parts built on other libraries (scrapy-redis); nothing imports them.

The engine (``Readability``, ``is_probably_readable``, ``Policy``, ``Options``,
``Article``) imports without Scrapy; the Scrapy components are loaded on first use.
"""

from typing import TYPE_CHECKING

from .engine import (
    Article,
    DecodedPage,
    InputError,
    NotHTMLError,
    Options,
    Policy,
    Readability,
    ReadabilityConfigError,
    ReadabilityError,
    TooManyElementsError,
    decode_page,
    is_probably_readable,
    parse_page,
)

__version__ = "0.1.0.dev0"

__all__ = [
    "Article",
    "DecodedPage",
    "InputError",
    "NotHTMLError",
    "Options",
    "Policy",
    "Readability",
    "ReadabilityConfigError",
    "ReadabilityError",
    "TooManyElementsError",
    "decode_page",
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
    "ReadabilityExtension": "extension",
}

if TYPE_CHECKING:
    # What the lazy imports give, for type checkers (``as`` re-exports them under mypy --strict).
    # Without a module ``__getattr__`` in their view, a misspelt name is an error, not ``Any``.
    from .addon import Addon as Addon
    from .extension import ReadabilityExtension as ReadabilityExtension
    from .items import ArticleItem as ArticleItem
    from .middleware import ReadabilityMiddleware as ReadabilityMiddleware
    from .pipeline import ReadabilityPipeline as ReadabilityPipeline
    from .spidermiddleware import ReadabilitySpiderMiddleware as ReadabilitySpiderMiddleware
else:

    def __getattr__(name: str) -> object:
        module = _LAZY.get(name)
        if module is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        from importlib import import_module

        return getattr(import_module(f"{__name__}.{module}"), name)


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])
