"""The item that carries a page to the pipeline and the article back out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

import scrapy
from scrapy.http import TextResponse

from scrapy_readability.engine.html.inputs import decode_response
from scrapy_readability.engine.outputs.article import FIELDS, fields_for

if TYPE_CHECKING:
    from scrapy.http import Response

__all__ = ["ARTICLE_FIELDS", "ERROR_FIELD", "ArticleItem", "article_fields"]

ARTICLE_FIELDS = FIELDS
"""What the pipeline writes on an extracted item, ``None`` where the page has no value (``engine.article.FIELDS``).

In this order, so a feed reads metadata first and the long HTML and text last.
Of the representations (``content``, ``text``, ``markdown``, ``text_content``)
only those ``READABILITY_FORMATS`` chooses are written; the others are absent.
"""

article_fields = fields_for
"""The fields an extracted item gets with ``READABILITY_FORMATS = formats``, in feed order."""


ERROR_FIELD = "readability_error"
"""Why no article came out, on items kept with ``READABILITY_FAILURE_ACTION = "keep"``."""


class ArticleItem(scrapy.Item):
    """A page in (``url``, ``html``, ``readability``), an article out (:data:`ARTICLE_FIELDS`).

    The pipeline removes ``html`` (unless ``READABILITY_KEEP_SOURCE``) and
    ``readability`` once it has used them.
    """

    url = scrapy.Field()
    html = scrapy.Field()
    readability = scrapy.Field()  # the middleware's verdict and the options for this page
    vars().update((name, scrapy.Field()) for name in ARTICLE_FIELDS)  # the article's, from the one list
    readability_error = scrapy.Field()

    @classmethod
    def from_response(cls, response: Response, **fields: Any) -> Self:
        """Pack a response for the pipeline: its URL and its text.

        Its ``meta['readability']`` goes with the item through the spider
        middleware, as it does for items of every type (``carry.py``). Extra
        keyword arguments set further fields, for a subclass that declares them.
        """
        if not isinstance(response, TextResponse):
            raise TypeError(f"ArticleItem.from_response() needs a text response, got {type(response).__name__}")
        return cls(url=response.url, html=decode_response(response).text, **fields)  # as the engine decodes bytes
