"""Our article as Scrapy's standard article item, ``zyte_common_items.Article`` (the ``zyte`` extra).

``zyte_common_items.Article`` is the schema scrapy-poet page objects and Zyte's
article spider templates return. :class:`ReadabilityArticlePage` is a web-poet
page object that returns one, extracted by our engine, so a spider (or a
pipeline) written for that schema works unchanged::

    # settings.py
    ADDONS = {"scrapy_poet.Addon": 300}
    SCRAPY_POET_RULES = [*default_registry.get_rules(), *scrapy_readability.contrib.articlepage.RULES]

    # the spider: ask for the item, or for the page object
    async def parse(self, response, article: zyte_common_items.Article):
        yield article

:func:`to_zyte_article` converts an :class:`~scrapy_readability.Article`
already extracted (in an item pipeline, say).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar

import attrs
from web_poet import ApplyRule, WebPage
from zyte_common_items import Article as ZyteArticle
from zyte_common_items import ArticleMetadata, Author, Image

from scrapy_readability.engine import Article, Readability
from scrapy_readability.engine.outputs.feed.dates import parse_iso
from scrapy_readability.engine.outputs.feed.images import web_url

__all__ = ["RULES", "ReadabilityArticlePage", "to_zyte_article"]


def to_zyte_article(article: Article | None, url: str, *, downloaded: datetime | None = None) -> ZyteArticle:
    """``article`` in the ``zyte_common_items.Article`` schema; without one, an item whose probability is 0.

    The schema's dates carry a time (``YYYY-MM-DDThh:mm:ssZ``): a page's day
    alone becomes midnight of that day, without a zone. As the schema asks,
    ``datePublished`` falls back to ``dateModified``.
    """
    metadata = ArticleMetadata(
        probability=0.0 if article is None else 1.0,
        dateDownloaded=_zyte_date((downloaded or datetime.now(UTC)).replace(microsecond=0).isoformat()),
    )
    if article is None:
        return ZyteArticle(url=url, metadata=metadata)
    published = _zyte_date(article.date_published)
    modified = _zyte_date(article.date_modified)
    images = _content_images(article)
    main_image = article.image or (images[0] if images else None)
    return ZyteArticle(
        url=url,
        canonicalUrl=article.canonical_url,
        headline=article.title,
        datePublished=published or modified,
        datePublishedRaw=article.published_time,
        dateModified=modified,
        authors=[Author(name=name, nameRaw=name) for name in article.authors] or None,
        inLanguage=article.language,
        mainImage=Image(url=main_image) if main_image else None,
        images=[Image(url=src) for src in images] or None,
        description=article.excerpt,
        articleBody=article.text,
        articleBodyHtml=article.content,
        metadata=metadata,
    )


def _zyte_date(value: str | None) -> str | None:
    """Our ISO 8601 in the schema's shape: a time always, ``Z`` for UTC, no zone where the page gave none."""
    stamp = parse_iso(value)
    if stamp is None:
        return None
    if not isinstance(stamp, datetime):
        return f"{stamp.isoformat()}T00:00:00"
    text = stamp.isoformat()
    return text.removesuffix("+00:00") + "Z" if text.endswith("+00:00") else text


def _content_images(article: Article) -> list[str]:
    """The article's images, absolute http(s) URLs, each once, in order (none once the tree is gone: a pickled
    article has none)."""
    if article.tree is None:
        return []
    seen: dict[str, None] = {}
    for img in article.tree.iter("img"):
        url = web_url(img.get("src"), "about:blank")
        if url is not None:
            seen.setdefault(url, None)
    return list(seen)


@attrs.define
class ReadabilityArticlePage(WebPage[ZyteArticle]):
    """A web-poet page object: the response's article, extracted by our engine, as ``zyte_common_items.Article``.

    :attr:`options` are the engine's (``Readability``'s keywords); a subclass
    may change them. ``sanitize`` is on, as in a crawl's pipeline, so
    ``articleBodyHtml`` is safe to display.
    """

    options: ClassVar[dict[str, Any]] = {"sanitize": True}

    async def to_item(self) -> ZyteArticle:
        url = str(self.response.url)
        content_type = self.response.headers.get("Content-Type")
        article = Readability(bytes(self.response.body), url=url, content_type=content_type, **self.options).parse()
        return to_zyte_article(article, url)


RULES = [ApplyRule("", use=ReadabilityArticlePage, to_return=ZyteArticle)]
"""scrapy-poet rules that make our page object the one that gives a ``zyte_common_items.Article`` on every site."""
