"""The fields a feed needs beyond Readability.js's: dates, lead image, authors, canonical URL, language.

Computed from the tree the engine already parsed, in two steps around
Readability.js's own phases: :func:`read_page_facts` (in ``page``) reads what the page
declares before ``_removeScripts`` and ``_prepDocument`` change the tree, and
:func:`feed_fields` fills the gaps from the article once it is grabbed (its
first large image, its byline, the language of its text). Readability.js's own
fields are not touched. One module per concern: ``dates``, ``authors``,
``images``, ``language``, ``jsonld``; limits and patterns in ``constants``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...html.dom import Element
from .authors import clean_authors
from .dates import utc_now
from .images import content_image
from .language import detect_language
from .page import PageFacts, read_page_facts

__all__ = ["FeedFields", "PageFacts", "feed_fields", "read_page_facts", "utc_now"]


@dataclass
class FeedFields:
    """The feed's fields of one article (``None``, or an empty list, where unknown)."""

    date_published: str | None = None
    date_modified: str | None = None
    image: str | None = None
    authors: list[str] = field(default_factory=list)
    canonical_url: str | None = None
    language: str | None = None


def feed_fields(facts: PageFacts, content: Element, text: str, byline: str | None, base_url: str) -> FeedFields:
    """The page's declarations, completed from the article: its ``content`` tree (URLs already
    absolute), its ``text`` and Readability.js's ``byline``."""
    authors = clean_authors(facts.authors, facts.site_names)
    if not authors and byline:
        authors = clean_authors([byline], facts.site_names)
    if not authors:
        authors = clean_authors(facts.written_by, facts.site_names)
    if not authors:
        authors = clean_authors(facts.bylines, facts.site_names)
    return FeedFields(
        date_published=facts.date_published,
        date_modified=facts.date_modified,
        image=facts.image or content_image(content, base_url),
        authors=authors,
        canonical_url=facts.canonical_url,
        language=facts.language or detect_language(text),
    )
