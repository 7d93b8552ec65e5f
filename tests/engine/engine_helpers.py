"""Helpers the engine's tests share: small trees, their markup, a grab state."""

from __future__ import annotations

from typing import Any

from lxml import etree

from scrapy_readability.engine.html.dom import Element
from scrapy_readability.engine.html.parsing import parse_html
from scrapy_readability.engine.options import Options
from scrapy_readability.engine.port.constants import FLAG_CLEAN_CONDITIONALLY, FLAG_STRIP_UNLIKELYS, FLAG_WEIGHT_CLASSES
from scrapy_readability.engine.port.state import GrabState

ALL = FLAG_STRIP_UNLIKELYS | FLAG_WEIGHT_CLASSES | FLAG_CLEAN_CONDITIONALLY
"""Every heuristic on: the flags of the first pass."""


def state(flags: int = ALL, title: str = "", **options: Any) -> GrabState:
    """A fresh ``_grabArticle`` state with ``options`` and ``title`` as the article title."""
    return GrabState(flags=flags, options=Options.build(**options), article_title=title)


def frag(html: str) -> Element:
    """The first element of ``<body>`` after parsing ``html``."""
    return parse_html(html).find("body")[0]


def article(html: str) -> Element:
    """A ``<div>`` holding ``html``, as join_siblings builds it."""
    return parse_html(f"<div id=article>{html}</div>").find("body/div")


def detached(html: str) -> Element:
    """An article ``<div>`` with no parent, as parse() hands it to post-processing."""
    div = parse_html(f"<div>{html}</div>").find("body/div")
    div.getparent().remove(div)
    return div


def outer(el: Element) -> str:
    """``el`` as XML markup, without its tail."""
    return etree.tostring(el, encoding=str, with_tail=False)


def inner(el: Element) -> str:
    """``el``'s content as lxml's HTML serialiser writes it."""
    text = etree.tostring(el, encoding=str, with_tail=False, method="html")
    return text[text.index(">") + 1 : text.rindex("<")]


def body_html(root: Element) -> str:
    """The ``<body>`` of a document as lxml's HTML serialiser writes it."""
    return etree.tostring(root.find("body"), encoding=str, with_tail=False, method="html")
