"""Pages a crawler hands over: a Scrapy response or a parsel ``Selector``, recognised by their shape.

``Readability(response)`` in ``scrapy shell`` should just work, yet the engine
must never import Scrapy or parsel. So a response is any object with
``.url`` (text) and ``.body`` (bytes), read from ``.body`` with the charset of
its ``Content-Type`` header as any bytes are (:func:`.decoding.decode_page`), so
that a crawl, the command line and the engine read the same bytes the same way
(Scrapy's ``.text`` guesses differently for a page that declares nothing); an
encoding the response was made with (``TextResponse(..., encoding=...)``) wins.
A selector is any object whose ``.root`` is an lxml element. What is neither goes
on to :func:`parse_html` as it is.
"""

from __future__ import annotations

import copy
from typing import NamedTuple

from lxml import etree

from ..errors import InputError
from .decoding import DecodedPage, decode_page

_MARKUP = (str, bytes, bytearray, memoryview, etree._Element, etree._ElementTree)


class PageInput(NamedTuple):
    """What :func:`parse_html` takes, with the page's URL, ``Content-Type`` and forced encoding (``None``: unknown)."""

    markup: object
    url: str | None
    content_type: str | None
    encoding: str | None = None


def read_page(html: object, url: str | None = None, content_type: str | None = None, *, private: bool) -> PageInput:
    """Unwrap a response or a selector; ``url`` and ``content_type`` given by the caller win.

    With ``private``, a selector's document is copied, since the caller will
    modify the tree (``parse()`` does) and the selector belongs to its response.
    """
    if isinstance(html, _MARKUP):
        return PageInput(html, url, content_type)
    root = getattr(html, "root", None)
    if isinstance(root, etree._Element):
        return PageInput(_selector_document(html, root, private), url, content_type)
    body = getattr(html, "body", None)
    page_url = getattr(html, "url", None)
    if isinstance(body, bytes) and isinstance(page_url, str):
        return PageInput(body, url or page_url, content_type or _content_type(html), _made_with_encoding(html))
    return PageInput(html, url, content_type)


def decode_response(response: object, encoding: str | None = None) -> DecodedPage:
    """A Scrapy response's text, decoded from its ``.body`` as the engine decodes bytes.

    The Scrapy layer reads responses through this (not ``response.text``), so a crawl
    gives the text the command line and ``Readability(response)`` give.
    """
    body = getattr(response, "body", None)
    if not isinstance(body, bytes):
        raise InputError(f"expected a response with bytes in .body, got {type(response).__name__}")
    return decode_page(body, _content_type(response), encoding=encoding or _made_with_encoding(response))


def _selector_document(selector: object, root: etree._Element, private: bool) -> etree._Element:
    """The document of a parsel ``Selector`` (of any of its elements), copied when ``private``."""
    kind = getattr(selector, "type", "html")
    if kind != "html":
        raise InputError(f"expected an HTML selector, got a selector of type {kind!r}")
    document = root.getroottree().getroot()
    return copy.deepcopy(document) if private else document


def _made_with_encoding(response: object) -> str | None:
    """The encoding a Scrapy ``TextResponse`` was made with (``encoding=``, or ``replace(encoding=...)``).

    Read from its ``_encoding``, by duck typing (the engine imports no Scrapy): no public
    attribute holds it apart (``TextResponse.encoding`` mixes in the headers' and the body's
    declarations, which the engine weighs in its own order).
    """
    encoding = getattr(response, "_encoding", None)  # what TextResponse.encoding puts before all else
    return encoding if isinstance(encoding, str) and encoding else None


def _content_type(response: object) -> str | None:
    """The ``Content-Type`` header of a response's ``.headers`` (Scrapy's hold bytes), for the charset."""
    headers = getattr(response, "headers", None)
    getter = getattr(headers, "get", None)
    if getter is None:
        return None
    try:
        value = getter("Content-Type")
    except Exception:  # noqa: BLE001 - a headers object of another shape: no charset from it
        return None
    if isinstance(value, (list, tuple)):
        value = value[0] if value else None
    if isinstance(value, bytes):
        return value.decode("latin-1")
    return value if isinstance(value, str) else None
