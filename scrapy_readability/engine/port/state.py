"""What one ``_grabArticle`` run carries from phase to phase and pass to pass."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from ..html.dom import Element
from ..options import Options

TRACE_LOGGER = "scrapy_readability.engine"
"""The logger of the engine's decision trace (Readability.js's ``debug``), at DEBUG level."""

log = logging.getLogger(TRACE_LOGGER)


@dataclass
class GrabState:
    """The state of one ``_grabArticle`` run: flags, metadata it needs, scores, data tables.

    ``scores`` is Readability.js's ``node.readability.contentScore``; it
    survives a retry only for nodes that survive it (``<body>`` and ``<html>``),
    as in the original, where ``page.innerHTML`` replaces everything else.
    ``data_tables`` is ``table._readabilityDataTable``.
    """

    flags: int
    options: Options
    article_title: str = ""
    metadata_byline: str | None = None
    article_byline: str | None = None
    article_lang: str | None = None
    article_dir: str | None = None
    # Readability.js can remove <html> itself (a class like "sidebar-visible" makes
    # it an unlikely candidate): the walk ends there, and later passes find no
    # documentElement to walk at all.
    document_removed: bool = False
    # A page of more markup than readability.BIG_PAGE: its big elements are measured a
    # text node at a time, so that no copy of the whole text is ever made to count it.
    big_page: bool = False
    scores: dict[Element, float] = field(default_factory=dict)
    data_tables: dict[Element, bool] = field(default_factory=dict)

    def trace(self, message: str, *args: Any) -> None:
        """Port of ``_log``: the decision trace, only with the ``debug`` option."""
        if self.options.debug:
            log.debug(message, *args)

    def flag_is_active(self, flag: int) -> bool:
        """Port of ``_flagIsActive``."""
        return bool(self.flags & flag)
