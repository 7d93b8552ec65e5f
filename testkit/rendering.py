"""Helpers shared by the tests of ``article.text`` and ``article.markdown`` (and their fixture script).

Light on purpose: ``make_text_fixtures.py`` imports it without pytest.
"""

from __future__ import annotations

import copy

from lxml import etree

from scrapy_readability.engine.html.parsing import parse_html
from scrapy_readability.engine.outputs.text import article_text, inner_text, is_hidden


def document(html: str) -> str:
    """The page a fixture's HTML is shown in: standards mode, ``html`` inside the body's first ``<div>``."""
    return f'<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><div>{html}</div></body></html>'


def content_div(html: str) -> etree._Element:
    """Our parse of :func:`document`'s ``<div>``: the element whose ``innerHTML`` is ``html``."""
    body = parse_html(document(html)).find("body")
    assert body is not None
    return body[0]


def commonmark() -> object:
    """markdown-it as CommonMark with GitHub's tables and strikethrough.

    Every link is allowed: markdown-it refuses ``file:`` and most ``data:``
    URLs by default, a policy for showing untrusted Markdown, not syntax.
    """
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark").enable(["table", "strikethrough"])
    md.validateLink = lambda url: True
    return md


_MARKDOWN_IT = None


def render_markdown(markdown: str) -> etree._Element:
    """``markdown`` rendered to HTML by markdown-it, parsed back into a tree."""
    global _MARKDOWN_IT
    if _MARKDOWN_IT is None:
        _MARKDOWN_IT = commonmark()
    return content_div(_MARKDOWN_IT.render(markdown))  # type: ignore[attr-defined]


def rendered_text(markdown: str) -> str:
    """What a reader sees of ``markdown``: the innerText of its rendering, as ``article.text`` is made."""
    return article_text(render_markdown(markdown))


def lines(text: str) -> list[str]:
    """The non-blank lines of ``text``, white space collapsed: its block structure, blank lines aside."""
    return [" ".join(line.split()) for line in text.split("\n") if line.strip()]


def _block_boundary(tail: str | None) -> etree._Element:
    """An empty ``<div>``: what a nested list leaves of its item's own text (a line break)."""
    div = etree.Element("div")
    div.tail = tail
    return div


def structure(root: etree._Element) -> tuple[list[tuple[str, str]], list[str]]:
    """The headings (tag, text) and list items (own text, nested lists left out) shown in ``root``."""
    headings: list[tuple[str, str]] = []
    items: list[str] = []
    for el in root.iter("h1", "h2", "h3", "h4", "h5", "h6", "li"):
        if any(is_hidden(node) for node in (el, *el.iterancestors())):
            continue
        if el.tag == "li":
            own = copy.deepcopy(el)
            for nested in own.xpath(".//ul|.//ol"):
                nested.getparent().replace(nested, _block_boundary(nested.tail))
            items.append(" ".join(inner_text(own).split()))
        else:
            text = " ".join(inner_text(el).split())
            if text:  # an empty heading has no Markdown
                headings.append((el.tag, text))
    return headings, items
