"""The result type of :meth:`Readability.parse`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import Any

from .dom import Element

FORMATS = {"html": "content", "text": "text", "markdown": "markdown", "text_content": "text_content"}
"""The representations of an article, by format name, with the field each one fills."""

DEFAULT_FORMATS = ("html", "text")
"""The representations a crawl's items (and the command line's JSON) carry unless told otherwise."""


@dataclass
class Article:
    """What Readability.js's ``parse()`` returns, with snake_case names.

    ``attempt`` is ours: which pass of the retry ladder produced the content
    (``strict``, ``moderate``, ``clean``, ``raw``, or ``longest`` when no pass
    reached ``char_threshold`` and the longest attempt was kept). So are the
    feed's fields (``date_published`` to ``language``: ``engine.feed``), and
    :attr:`text` and :attr:`markdown`, computed on first use from the tree
    ``content`` was serialised from.
    """

    title: str | None
    byline: str | None
    dir: str | None
    lang: str | None
    content: str
    text_content: str
    length: int
    """``textContent.length``: UTF-16 code units, as JavaScript counts (an emoji counts two)."""
    excerpt: str | None
    site_name: str | None
    published_time: str | None
    attempt: str = "strict"
    date_published: str | None = None
    """ISO 8601: ``2025-05-09T16:00:00+00:00``, or ``2025-05-09`` when the page gives no time (see ``engine.feed``)."""
    date_modified: str | None = None
    image: str | None = None
    """The lead image, an absolute http(s) URL."""
    authors: list[str] = field(default_factory=list)
    canonical_url: str | None = None
    language: str | None = None
    """A BCP 47 primary language tag (``en``), declared by the page or detected from the text."""
    tree: Element | None = field(default=None, repr=False, compare=False)
    """The element whose ``innerHTML`` is ``content`` (``None``: ``content`` is parsed when needed)."""

    @cached_property
    def text(self) -> str:
        """The article as plain text: the HTML standard's ``innerText`` of ``content``, trimmed."""
        from .text import article_text

        return article_text(self._content_tree())

    @cached_property
    def markdown(self) -> str:
        """The article as CommonMark (GitHub tables where a table is simple enough)."""
        from .markdown import to_markdown

        return to_markdown(self._content_tree())

    def _content_tree(self) -> Element:
        if self.tree is None:
            from .parsing import parse_html

            root = parse_html(f"<!DOCTYPE html><html><body><div>{self.content}</div></body></html>")
            self.tree = root.find("body/div")
        assert self.tree is not None
        return self.tree

    def to_dict(self, formats: Iterable[str] | None = None) -> dict[str, Any]:
        """The article's fields; with ``formats`` (names of :data:`FORMATS`), only the chosen representations.

        Without ``formats`` every representation is there, ``text`` and ``markdown`` included.
        """
        chosen = set(FORMATS) if formats is None else set(formats)
        unknown = chosen - set(FORMATS)
        if unknown:
            raise ValueError(f"unknown formats {sorted(unknown)}; choose from {', '.join(FORMATS)}")
        left_out = {FORMATS[name] for name in FORMATS if name not in chosen}
        data = {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if f.name != "tree" and f.name not in left_out
        }
        for name in ("text", "markdown"):
            if name in chosen:
                data[name] = getattr(self, name)
        return data

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the tree (lxml elements do not pickle); what was computed goes along."""
        return {**self.__dict__, "tree": None}
