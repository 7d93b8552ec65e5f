"""The readerable preflight: a port of Readability-readerable.js's ``isProbablyReaderable``.

It looks only at paragraph-like nodes and sums a score from their text length,
so it costs a fraction of a full parse. It never modifies the document, so it
can run on a tree that Scrapy (parsel) already built.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from lxml import etree

from .constants import DEFAULT_MIN_CONTENT_LENGTH, DEFAULT_MIN_SCORE
from .dom import Element, js_length, js_trim, match_string, text_content
from .errors import InputError
from .inputs import read_page
from .measures import style_value, unlikely_match
from .parsing import parse_html

# p, pre and article elements in document order, then divs holding a <br>.
_CANDIDATES = etree.XPath("//p | //pre | //article")
_DIVS_WITH_BR = etree.XPath("//div[br]")


def is_node_visible(node: Element) -> bool:
    """Port of ``isNodeVisible``: not ``display: none``, not ``hidden``, not ``aria-hidden``."""
    style = node.get("style")
    if style and style_value(style, "display") == "none":
        return False
    if node.get("hidden") is not None:
        return False
    return node.get("aria-hidden") != "true" or "fallback-image" in (node.get("class") or "")


def _inside_li(node: Element) -> bool:
    """``node.matches("li p")``."""
    if node.tag != "p":
        return False
    parent = node.getparent()
    while parent is not None:
        if parent.tag == "li":
            return True
        parent = parent.getparent()
    return False


def is_probably_readable(
    html: object,
    min_content_length: int = DEFAULT_MIN_CONTENT_LENGTH,
    min_score: float = DEFAULT_MIN_SCORE,
    visibility_checker: Callable[[Element], bool] | None = None,
    *,
    content_type: str | None = None,
    encoding: str | None = None,
) -> bool:
    """Port of ``isProbablyReaderable``: whether :meth:`Readability.parse` will probably find an article.

    ``html`` is text, bytes, a parsed lxml document, a Scrapy response or a
    parsel ``Selector``; a document or a selector is left unmodified. Bytes are
    decoded as :class:`Readability` decodes them (``content_type``, ``encoding``).
    """
    try:
        page = read_page(html, content_type=content_type, private=False)
        root = parse_html(page.markup, page.content_type, encoding or page.encoding)
    except InputError:
        return False  # an image, a PDF, binary data, no markup at all: not an article
    visible = visibility_checker or is_node_visible
    nodes = _CANDIDATES(root)
    seen = set(nodes)
    for div in _DIVS_WITH_BR(root):
        if div not in seen:
            seen.add(div)
            nodes.append(div)

    score = 0.0
    for node in nodes:
        if not visible(node):
            continue
        if unlikely_match(match_string(node)):
            continue
        if _inside_li(node):
            continue
        length = js_length(js_trim(text_content(node)))
        if length < min_content_length:
            continue
        score += math.sqrt(length - min_content_length)
        if score > min_score:
            return True
    return False
