"""The lead image: an absolute http(s) URL, or nothing.

The page's own choice comes first (``og:image``, ``twitter:image``, JSON-LD
``image``, ``itemprop=image``, ``rel=image_src``: read by ``page``), then the
first large image of the article's content (:func:`content_image`).
"""

from __future__ import annotations

from ...html.dom import Element
from ...html.urls import InvalidURL, resolve, url_scheme, url_string
from .constants import IMAGE_MIN_SIDE, IMAGE_NOT_LEAD, MAX_URL_LENGTH


def web_url(value: object, base_url: str) -> str | None:
    """``value`` resolved against ``base_url`` when it is an http(s) URL of sensible length, else ``None``.

    So a ``javascript:`` or ``data:`` URL, however long, is never a lead image or a canonical URL.
    """
    if not isinstance(value, str) or len(value) > MAX_URL_LENGTH:
        return None
    text = url_string(value)
    if not text or url_scheme(text) not in (None, "http", "https"):
        return None
    try:
        url = resolve(text, base_url)
    except InvalidURL:
        return None
    return url if url_scheme(url) in ("http", "https") else None


def content_image(content: Element, base_url: str) -> str | None:
    """The first image of the article that is large (by its ``width``/``height``) or of unknown size,
    and does not look like a logo, an icon or a tracking pixel."""
    for img in content.iter("img"):
        src = img.get("src") or ""
        if not src or IMAGE_NOT_LEAD.search(src) or IMAGE_NOT_LEAD.search(img.get("class") or ""):
            continue
        if _too_small(img.get("width")) or _too_small(img.get("height")):
            continue
        url = web_url(src, base_url)
        if url is not None:
            return url
    return None


def _too_small(size: str | None) -> bool:
    """A ``width`` or ``height`` below :data:`IMAGE_MIN_SIDE` pixels (an unreadable one says nothing)."""
    if not size:
        return False
    digits = size.strip().removesuffix("px")
    return digits.isdigit() and digits.isascii() and int(digits) < IMAGE_MIN_SIDE
