"""``scrapy-readability`` (also ``python -m scrapy_readability``): the command line.

    scrapy-readability page.html                  # articles from pages on disk (``extract``)
    scrapy-readability crawl URL -o a.jsonl       # a site's articles, crawled (``crawl``)
    scrapy-readability view a.jsonl --open        # a feed as a static reader (``view``)

Owns the command line's subcommands, one module each, what they share with
``scrapy readability URL`` (``arguments``: the one flag builder, from the
settings' declarations, and the one error type), and what ``extract`` reads
(``inputs``: files, folders, web archives) and prints (``report``: records,
progress, and the one list of its failure reasons and exit statuses). It may
import the engine, the runtime and the settings; a subcommand that needs Scrapy
imports it itself, so extracting pages on disk starts without it.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from . import extract

__all__ = ["main", "version"]


def version() -> str:
    """``--version``: the package's, and which engine runs (the compiled core or pure Python)."""
    from .. import __version__
    from ..engine import _kernels

    return f"scrapy-readability {__version__}, engine: {_kernels.describe()}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; the exit status. ``crawl`` or ``view`` first is the subcommand (a file named so is
    ``./crawl``)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["--version"]:
        print(version())
        return 0
    if args[:1] == ["crawl"]:
        from . import crawl  # imports Scrapy: only when crawling

        return crawl.main(args[1:])
    if args[:1] == ["view"]:
        from . import view

        return view.main(args[1:])
    return extract.main(args)
