"""Our article as Scrapy's standard article item, ``zyte_common_items.Article`` (the ``zyte`` extra).

``zyte_common_items.Article`` is the schema scrapy-poet page objects and Zyte's
article spider templates return. :class:`ReadabilityArticlePage` is a web-poet
page object that returns one, so a spider (or a pipeline) written for that
schema works unchanged. Its article comes from the crawl's own extraction, as
the pipeline's does: :class:`ReadabilityExtractionProvider`, a scrapy-poet
provider, runs it in the crawl's pool of threads or worker processes (never on
the reactor thread) with every ``READABILITY_*`` setting (the engine, the
timeout, the formats, the per-page options) and the response's
``meta['readability']`` (the preflight's verdict, per-request options, ``False``
to skip the page)::

    # settings.py
    ADDONS = {"scrapy_poet.Addon": 300, "scrapy_readability.Addon": 0}
    SCRAPY_POET_RULES = [*default_registry.get_rules(), *scrapy_readability.contrib.articlepage.RULES]
    SCRAPY_POET_PROVIDERS = scrapy_readability.contrib.articlepage.PROVIDERS

    # the spider: ask for the item, or for the page object
    async def parse(self, response, article: zyte_common_items.Article):
        yield article

:func:`to_zyte_article` converts an :class:`~scrapy_readability.Article`
already extracted (in an item pipeline, say).
"""

from __future__ import annotations

import logging
import warnings
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any

import attrs
from scrapy.crawler import Crawler  # at run time: scrapy-poet reads the provider's annotations
from scrapy.http import Response
from scrapy.utils.defer import maybe_deferred_to_future
from scrapy_poet.page_input_providers import PageObjectInputProvider
from twisted.internet.threads import deferToThread
from web_poet import ApplyRule, WebPage
from zyte_common_items import Article as ZyteArticle
from zyte_common_items import ArticleMetadata, Author, Image

from scrapy_readability.engine import Article
from scrapy_readability.engine.errors import ReadabilityConfigError
from scrapy_readability.engine.html.dom import Element
from scrapy_readability.engine.html.parsing import parse_html
from scrapy_readability.engine.outputs.feed.dates import parse_iso
from scrapy_readability.engine.outputs.feed.images import web_url
from scrapy_readability.extension import ReadabilityExtension
from scrapy_readability.pipeline import fetched_time
from scrapy_readability.runtime.jobs import Extraction, Failed
from scrapy_readability.settings import META_KEY

logger = logging.getLogger(__name__)

__all__ = [
    "PROVIDERS",
    "RULES",
    "ReadabilityArticlePage",
    "ReadabilityExtraction",
    "ReadabilityExtractionProvider",
    "to_zyte_article",
]


def to_zyte_article(article: Article | None, url: str, *, downloaded: datetime | None = None) -> ZyteArticle:
    """``article`` in the ``zyte_common_items.Article`` schema; without one, an item whose probability is 0.

    The schema's dates carry a time (``YYYY-MM-DDThh:mm:ssZ``): a page's day
    alone becomes midnight of that day, without a zone. As the schema asks,
    ``datePublished`` falls back to ``dateModified``.
    """
    if article is None:
        return _zyte_article(None, [], url, downloaded)
    return _zyte_article(article.to_dict(("html", "text")), _content_images(article.tree), url, downloaded)


def _zyte_article(
    fields: Mapping[str, Any] | None, images: list[str], url: str, downloaded: datetime | None
) -> ZyteArticle:
    """The schema's item from an article's fields (``Article.to_dict()``; a representation left out is ``None``)."""
    metadata = ArticleMetadata(
        probability=0.0 if fields is None else 1.0,
        dateDownloaded=_zyte_date((downloaded or datetime.now(UTC)).replace(microsecond=0).isoformat()),
    )
    if fields is None:
        return ZyteArticle(url=url, metadata=metadata)
    published = _zyte_date(fields.get("date_published"))
    modified = _zyte_date(fields.get("date_modified"))
    main_image = fields.get("image") or (images[0] if images else None)
    return ZyteArticle(
        url=url,
        canonicalUrl=fields.get("canonical_url"),
        headline=fields.get("title"),
        datePublished=published or modified,
        datePublishedRaw=fields.get("published_time"),
        dateModified=modified,
        authors=[Author(name=name, nameRaw=name) for name in fields.get("authors") or ()] or None,
        inLanguage=fields.get("language"),
        mainImage=Image(url=main_image) if main_image else None,
        images=[Image(url=src) for src in images] or None,
        description=fields.get("excerpt"),
        articleBody=fields.get("text"),
        articleBodyHtml=fields.get("content"),
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


def _content_images(tree: Element | None) -> list[str]:
    """The article's images, absolute http(s) URLs, each once, in order (none without its tree)."""
    if tree is None:
        return []
    seen: dict[str, None] = {}
    for img in tree.iter("img"):
        url = web_url(img.get("src"), "about:blank")
        if url is not None:
            seen.setdefault(url, None)
    return list(seen)


def content_images(content: str | None) -> list[str]:
    """The images of an article's ``content`` HTML, parsed again (the pool's outcome is plain values, no tree)."""
    if not content:
        return []
    return _content_images(parse_html(f"<!DOCTYPE html><html><body><div>{content}</div></body></html>"))


@attrs.define
class ReadabilityExtraction:
    """One page's article as the crawl extracted it (through its pool, with its settings): a page object's input.

    ``fields`` is ``Article.to_dict(READABILITY_FORMATS)``, or ``None`` when the
    page gave no article (``failure`` says why: a reason as the pipeline's
    ``readability/failed/<reason>`` stats name it, or ``skipped`` for
    ``meta['readability'] = False``). ``images`` are the article's images,
    found off the reactor thread too.
    """

    fields: dict[str, Any] | None = None
    images: list[str] = attrs.Factory(list)
    failure: str | None = None
    fetched: datetime | None = None


class ReadabilityExtractionProvider(PageObjectInputProvider):
    """Provide :class:`ReadabilityExtraction` from the crawl's pool, as the pipeline extracts an item's page.

    Needs the crawl's extension (enabled by ``scrapy_readability.Addon``).
    Counts what the pipeline counts (``readability/extracted``,
    ``readability/failed/<reason>``, ``readability/skipped``).
    """

    provided_classes = {ReadabilityExtraction}
    name = "readability_extraction"  # scrapy-poet's cache needs one

    async def __call__(self, to_provide: set[Callable[..., Any]], response: Response, crawler: Crawler) -> list[Any]:
        extension = ReadabilityExtension.of(crawler, type(self).__name__)
        return [await extract_page(extension, response)]


async def extract_page(extension: ReadabilityExtension, response: Response) -> ReadabilityExtraction:
    """The page's article, extracted in the crawl's pool with its settings and its ``meta['readability']``."""
    verdict = response.meta.get(META_KEY) if response.request is not None else None
    fetched = fetched_time(verdict)
    stats = extension.stats
    if verdict is False:
        stats.inc_value("readability/skipped")
        return ReadabilityExtraction(failure="skipped", fetched=fetched)
    try:
        options = extension.config.page.override(None if verdict is True else verdict)
    except ReadabilityConfigError as error:
        return _failed(extension, "invalid_options", str(error), fetched)
    content_type = response.headers.get("Content-Type")
    job = Extraction(
        bytes(response.body),
        response.url,
        options.engine,
        options.output.changed(formats=tuple(dict.fromkeys((*options.formats, "html")))),  # images: the content's
        content_type=content_type.decode("latin-1") if content_type else None,
        fetched=fetched,
    )
    outcome = await extension.run(job)
    if isinstance(outcome, Failed):
        return _failed(extension, outcome.reason, outcome.detail, fetched)
    stats.inc_value("readability/extracted")
    stats.inc_value(f"readability/attempt/{outcome.fields.get('attempt')}")
    fields = dict(outcome.fields)
    images = await maybe_deferred_to_future(deferToThread(content_images, fields.get("content")))
    if "html" not in options.formats:  # READABILITY_FORMATS left the HTML out: so does the item
        fields.pop("content", None)
    return ReadabilityExtraction(fields, images, None, fetched)


def _failed(
    extension: ReadabilityExtension, reason: str, detail: str, fetched: datetime | None
) -> ReadabilityExtraction:
    """Count a page without an article; the page object gives an item of probability 0 (the schema's "none")."""
    logger.debug("No article: %s: %s", reason, detail)
    extension.stats.inc_value("readability/failed")
    extension.stats.inc_value(f"readability/failed/{reason}")
    return ReadabilityExtraction(failure=f"{reason}: {detail}", fetched=fetched)


@attrs.define
class ReadabilityArticlePage(WebPage[ZyteArticle]):
    """A web-poet page object: the response's article, as the crawl extracted it, as ``zyte_common_items.Article``.

    The extraction is an input (:class:`ReadabilityExtraction`) that
    :class:`ReadabilityExtractionProvider` gives in a crawl, so the
    ``READABILITY_*`` settings decide it, as they do the pipeline's:
    ``READABILITY_SANITIZE`` (on by default) keeps ``articleBodyHtml`` safe to
    display; ``READABILITY_FORMATS`` without ``html`` or ``text`` leaves
    ``articleBodyHtml`` or ``articleBody`` out.
    """

    extraction: ReadabilityExtraction

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A subclass's ``options`` (the engine's keywords, before the crawl's pool extracted) are ignored: say so."""
        super().__init_subclass__(**kwargs)
        if "options" in vars(cls):
            warnings.warn(
                f"{cls.__name__}.options is ignored: the page object's article comes from the crawl's pool, with the "
                "READABILITY_* settings and meta['readability'] (set the options there)",
                DeprecationWarning,
                stacklevel=2,
            )

    async def to_item(self) -> ZyteArticle:
        extraction = self.extraction
        return _zyte_article(extraction.fields, extraction.images, str(self.response.url), extraction.fetched)


RULES = [ApplyRule("", use=ReadabilityArticlePage, to_return=ZyteArticle)]
"""scrapy-poet rules that make our page object the one that gives a ``zyte_common_items.Article`` on every site."""

PROVIDERS = {ReadabilityExtractionProvider: 500}
"""``SCRAPY_POET_PROVIDERS`` for our page object: its extraction, from the crawl's pool."""
