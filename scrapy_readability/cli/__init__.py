"""``scrapy-readability`` (also ``python -m scrapy_readability``): the command line.

    scrapy-readability page.html                  # articles from pages on disk (``extract``)

Owns the command line's subcommands, one module each, and the flags they share
with ``scrapy readability URL`` (``arguments``). It may import the engine, the
runtime and the settings; a subcommand that needs Scrapy imports it itself, so
extracting pages on disk starts without it.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from . import extract

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    return extract.main(args)
