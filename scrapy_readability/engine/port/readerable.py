"""The readerable preflight: a port of Readability-readerable.js's ``isProbablyReaderable``.

It looks only at paragraph-like nodes and sums a score from their text length,
so it costs a fraction of a full parse. It never modifies the document, so it
can run on a tree that Scrapy (parsel) already built.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import NamedTuple

from lxml import etree
from selectolax.lexbor import LexborHTMLParser, LexborNode

from ..errors import InputError
from ..html.dom import Element, js_length, js_trim, match_string, text_content
from ..html.inputs import read_page
from ..html.parsing import ParsedPage, markup_text, parse_html, scrub_text
from .constants import DEFAULT_MIN_CONTENT_LENGTH, DEFAULT_MIN_SCORE, SVG_TAGS
from .measures import style_value, unlikely_match

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

    ``html`` is text, bytes, a :class:`~.parsing.ParsedPage` (:func:`~.parsing.parse_page`),
    a parsed lxml document, a Scrapy response or a parsel ``Selector``; a document,
    a selector or a parsed page is left unmodified. Bytes are decoded as
    :class:`Readability` decodes them (``content_type``, ``encoding``).

    Text and bytes are judged on lexbor's tree, before (and without) the lxml tree
    the extraction needs: the same tree, node for node, read without the round trip
    through libxml2. A ``visibility_checker`` is given lxml elements, so with one the
    lxml tree is built.
    """
    try:
        if isinstance(html, ParsedPage):
            page = html
        else:
            markup = read_page(html, content_type=content_type, private=False)
            if not isinstance(markup.markup, (str, bytes, bytearray, memoryview)):
                return _readable(_nodes(parse_html(markup.markup)), min_content_length, min_score, visibility_checker)
            page = ParsedPage(markup_text(markup.markup, markup.content_type, encoding or markup.encoding))
    except InputError:
        return False  # an image, a PDF, binary data, no markup at all: not an article
    tree = page.readerable_tree()
    if isinstance(tree, LexborHTMLParser) and visibility_checker is None:
        return _readable(_lexbor_nodes(tree), min_content_length, min_score, None)
    root = tree if isinstance(tree, etree._Element) else ParsedPage(page.text).take_tree()
    return _readable(_nodes(root), min_content_length, min_score, visibility_checker)


class _Node(NamedTuple):
    """What the preflight reads of a node, whichever tree it comes from."""

    element: Element | None  # the lxml element, for a visibility checker
    visible: bool
    match: str  # className + " " + id
    inside_li: bool  # matches "li p"
    text: Callable[[], str]  # textContent, read only for the nodes that get that far


def _readable(
    nodes: Iterable[_Node],
    min_content_length: int,
    min_score: float,
    visibility_checker: Callable[[Element], bool] | None,
) -> bool:
    """The loop of ``isProbablyReaderable`` over the candidate nodes, in order."""
    score = 0.0
    for node in nodes:
        if visibility_checker is not None and node.element is not None:
            if not visibility_checker(node.element):
                continue
        elif not node.visible:
            continue
        if unlikely_match(node.match):
            continue
        if node.inside_li:
            continue
        length = js_length(js_trim(node.text()))
        if length < min_content_length:
            continue
        score += math.sqrt(length - min_content_length)
        if score > min_score:
            return True
    return False


def _nodes(root: Element) -> Iterator[_Node]:
    """``p, pre, article`` in document order, then the ``div``s holding a ``<br>``, from an lxml tree."""
    nodes = _CANDIDATES(root)
    seen = set(nodes)
    for div in _DIVS_WITH_BR(root):
        if div not in seen:
            seen.add(div)
            nodes.append(div)
    for node in nodes:
        # Lazily: most pages are decided before their last paragraph.
        yield _lxml_node(node)


def _lxml_node(node: Element) -> _Node:
    return _Node(node, is_node_visible(node), match_string(node), _inside_li(node), partial(text_content, node))


def _lexbor_nodes(document: LexborHTMLParser) -> Iterator[_Node]:
    """The same nodes from lexbor's tree, with what :func:`~.parsing.build_tree` would make of them.

    An lxml tree holds neither a form feed (a space there) nor the control characters
    and noncharacters it drops, in text and attribute values alike (:func:`scrub_text`);
    an attribute without a value is the empty string there.
    """
    nodes = document.css("p, pre, article")
    seen = {node.mem_id for node in nodes}
    for br in document.css("div > br"):
        div = br.parent
        if div is not None and div.mem_id not in seen:
            seen.add(div.mem_id)
            nodes.append(div)
    for node in nodes:
        attributes = node.attributes
        if attributes:
            values = {name: scrub_text(value or "") for name, value in attributes.items()}
            style, cls = values.get("style"), values.get("class") or ""
            visible = not (
                (style and style_value(style, "display") == "none")
                or "hidden" in values
                or (values.get("aria-hidden") == "true" and "fallback-image" not in cls)
            )
            match = (cls if node.tag not in SVG_TAGS else "") + " " + (values.get("id") or "")
        else:
            visible, match = True, " "
        inside_li = node.tag == "p" and any(parent.tag == "li" for parent in _lexbor_ancestors(node))
        yield _Node(None, visible, match, inside_li, partial(_lexbor_text, node))


def _lexbor_text(node: LexborNode) -> str:
    return scrub_text(node.text(deep=True))


def _lexbor_ancestors(node: LexborNode) -> Iterator[LexborNode]:
    parent = node.parent
    while parent is not None:
        yield parent
        parent = parent.parent
