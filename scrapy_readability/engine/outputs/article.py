"""The result type of :meth:`Readability.parse`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import Any

from ..html.dom import Element

FORMATS = {"html": "content", "text": "text", "markdown": "markdown", "text_content": "text_content"}
"""The representations of an article, by format name, with the field each one fills."""

DEFAULT_FORMATS = ("html", "text")
"""The representations a crawl's items (and the command line's JSON) carry unless told otherwise."""


@dataclass(kw_only=True)
class Article:
    """What Readability.js's ``parse()`` returns, with snake_case names.

    The fields are declared in the order a feed shows them: the metadata, then
    the representations (:data:`FORMATS`); :data:`FIELDS` is that list, from
    which the Scrapy item, the command line's records and :meth:`to_dict` are
    derived. ``attempt`` is ours: which pass of the retry ladder produced the
    content (``strict``, ``moderate``, ``clean``, ``raw``, or ``longest`` when
    no pass reached ``char_threshold`` and the longest attempt was kept). So are
    the feed's fields (``date_published`` to ``language``: ``engine.feed``), and
    :attr:`text` and :attr:`markdown`, computed on first use from the tree
    ``content`` was serialised from.
    """

    title: str | None = None
    headline: str | None = None
    """The title without the site's name; with ``refine=True`` only (``engine.outputs.refine``)."""
    byline: str | None = None
    site_name: str | None = None
    published_time: str | None = None
    lang: str | None = None
    dir: str | None = None
    excerpt: str | None = None
    length: int = 0
    """``textContent.length``: UTF-16 code units, as JavaScript counts (an emoji counts two)."""
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
    content: str = ""
    text_content: str = ""
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
            from ..html.parsing import parse_html

            root = parse_html(f"<!DOCTYPE html><html><body><div>{self.content}</div></body></html>")
            self.tree = root.find("body/div")
        assert self.tree is not None
        return self.tree

    def to_dict(self, formats: Iterable[str] | None = None) -> dict[str, Any]:
        """The article's fields; with ``formats`` (names of :data:`FORMATS`), only the chosen representations.

        Without ``formats`` every representation is there, ``text`` and ``markdown`` included.
        """
        return {name: getattr(self, name) for name in fields_for(FORMATS if formats is None else formats)}

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the tree (lxml elements do not pickle); what was computed goes along."""
        return {**self.__dict__, "tree": None}


METADATA_FIELDS = tuple(f.name for f in fields(Article) if f.name not in ("tree", *FORMATS.values()))
"""The article's metadata, in feed order."""

FIELDS = METADATA_FIELDS + tuple(FORMATS.values())
"""Every field of an article record, in feed order: the metadata, then the representations."""


def fields_for(formats: Iterable[str]) -> tuple[str, ...]:
    """The fields of a record with only the representations ``formats`` names (of :data:`FORMATS`), in feed order."""
    if isinstance(formats, str):
        raise TypeError(f"formats must be a list of names, not a string: {formats!r}")
    chosen = set(formats)
    unknown = chosen - set(FORMATS)
    if unknown:
        raise ValueError(f"unknown formats {sorted(unknown)}; choose from {', '.join(FORMATS)}")
    left_out = {FORMATS[name] for name in FORMATS if name not in chosen}
    return tuple(name for name in FIELDS if name not in left_out)
