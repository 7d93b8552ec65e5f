"""What a fetched page is to the article spider: an article or navigation, from all the evidence, with a reason.

The evidence, each piece a rule a user can switch off (``ignore_rules``):

- ``url``: the page's address says it is never an article (``not_articles``:
  the front page, about, contact, tag and author listings, pagination);
- ``declared``: its JSON-LD says it is a listing, a search, a profile, an about
  page (and names no article type);
- ``listing``: its shape says it is a listing: most of its text sits in
  repeated blocks (teasers, list items) that each link to another page of the
  site (:func:`listing_shape`);
- ``listed``: the site's own feed or sitemap lists it, or one of its listing
  pages lists it among its items, so a short post (a few lines between
  pictures) is still an article;
- ``preflight``: Readability.js's ``isProbablyReaderable`` (the downloader
  middleware's verdict), which was made to decide whether to offer a reader
  view, and reads paragraph lengths only.

``og:type`` is not evidence: many themes put ``website`` on every page, posts
included, and ``article`` on listings. :func:`judge` weighs the rules in the
order of :data:`RULES`; the reason it gives is the stat the spider counts
(``readability/spider/verdict/<reason>``) and what its summary names.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from lxml import etree

__all__ = [
    "ARTICLE_TYPES",
    "OTHER_TYPES",
    "REASONS",
    "RULES",
    "Evidence",
    "Shape",
    "Verdict",
    "judge",
    "ld_types",
    "listing_shape",
]

RULES = {
    "url": "the page's URL is one of `not_articles` (front page, about, tag and author listings, pagination...)",
    "declared": "its JSON-LD declares a listing, search, profile, about, contact or FAQ page (and no article)",
    "listing": "most of its text is in repeated blocks that each link to another page of the site",
    "listed": "the site's own feed, sitemap or a listing page lists it: a short page is still an article",
    "preflight": "Readability.js's isProbablyReaderable says it is not readerable",
}
"""The rules, in the order :func:`judge` weighs them: the one list behind ``ignore_rules``, the docs and the summary."""

REASONS = {
    "readerable": "the preflight calls it readerable",
    "listed_feed": "the site's feed lists it",
    "listed_sitemap": "the site's sitemap lists it",
    "listed_listing": "a listing page of the site lists it among its items",
    "declared_article": "its JSON-LD declares an article",
    "no_preflight": "no rule said otherwise (preflight ignored)",
    "url": "its URL is one of not_articles",
    "declared": "its JSON-LD declares another kind of page",
    "listing": "a listing (its text is mostly links to other pages)",
    "not_readerable": "not readerable, and not listed by the site's feed or sitemap",
    "empty": "no text",
}
"""Every reason a verdict gives (article reasons first), as the summary words it."""

ARTICLE_TYPES = frozenset(
    {
        "article",
        "newsarticle",
        "blogposting",
        "report",
        "scholarlyarticle",
        "techarticle",
        "analysisnewsarticle",
        "opinionnewsarticle",
        "reportagenewsarticle",
        "reviewnewsarticle",
        "backgroundnewsarticle",
        "askpublicnewsarticle",
        "liveblogposting",
        "satiricalarticle",
        "review",
    }
)
"""schema.org types (lowercased) of a page that is an article."""

OTHER_TYPES = frozenset(
    {"collectionpage", "itemlist", "searchresultspage", "profilepage", "aboutpage", "contactpage", "faqpage"}
)
"""schema.org types of a page that is not: a listing, a search, a profile, an about or contact page."""

LISTING_SHARE = 0.5
"""A page whose text is at least this share in link blocks (:func:`listing_shape`) is a listing."""

LISTING_BLOCKS = 3
"""... and has at least this many of them: two teasers and a lead are not a listing."""

MIN_TEXT = 80
"""Characters of text (outside links and boilerplate) below which a page holds nothing to read, images aside."""

# Subtrees that are the site's, not the page's: their text and links are neither article nor listing.
BOILERPLATE_TAGS = frozenset({"nav", "header", "footer", "aside", "script", "style", "noscript", "template", "form"})
BOILERPLATE_ROLES = frozenset({"navigation", "banner", "contentinfo", "complementary", "search", "menu", "menubar"})
BOILERPLATE_WORDS = frozenset(
    {"sidebar", "sidenav", "navbar", "menu", "toc", "breadcrumb", "breadcrumbs", "pagination", "pager", "footer"}
)
_WORDS = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class Shape:
    """How a page's text is laid out: in all, in link blocks, outside links; how many blocks, images."""

    text: int
    in_blocks: int
    blocks: int
    unlinked: int
    images: int
    items: tuple[str, ...] = ()  # each link block's first link elsewhere: the pages a listing lists

    @property
    def share(self) -> float:
        return self.in_blocks / self.text if self.text else 0.0

    @property
    def is_listing(self) -> bool:
        return self.blocks >= LISTING_BLOCKS and self.share >= LISTING_SHARE

    @property
    def has_content(self) -> bool:
        return self.unlinked >= MIN_TEXT or self.images > 0


@dataclass(frozen=True)
class Evidence:
    """What the spider knows of a fetched page when it decides."""

    readerable: bool
    not_article_url: bool
    types: frozenset[str]
    shape: Shape
    listed: str | None  # "feed", "sitemap", "listing" or None


@dataclass(frozen=True)
class Verdict:
    article: bool
    reason: str

    @property
    def words(self) -> str:
        return REASONS[self.reason]


def judge(evidence: Evidence, ignored: frozenset[str] = frozenset()) -> Verdict:
    """Article or navigation, and why: the rules of :data:`RULES` in order, those in ``ignored`` left out."""

    def rule(name: str) -> bool:
        return name not in ignored

    if rule("url") and evidence.not_article_url:
        return Verdict(False, "url")
    declared_article = bool(evidence.types & ARTICLE_TYPES)
    if rule("declared") and evidence.types & OTHER_TYPES and not declared_article:
        return Verdict(False, "declared")
    if rule("listing") and evidence.shape.is_listing:
        return Verdict(False, "listing")
    listed = evidence.listed if rule("listed") else None
    if listed == "feed":
        return Verdict(True, "listed_feed") if evidence.shape.has_content else Verdict(False, "empty")
    if evidence.readerable:
        return Verdict(True, "readerable")
    if not evidence.shape.has_content:
        return Verdict(False, "empty")
    if listed in ("sitemap", "listing"):
        return Verdict(True, f"listed_{listed}")
    if rule("declared") and declared_article:
        return Verdict(True, "declared_article")
    if not rule("preflight"):
        return Verdict(True, "no_preflight")
    return Verdict(False, "not_readerable")


# --- The page's shape ---------------------------------------------------------------------


def listing_shape(root: etree._Element, links_elsewhere: Callable[[str], bool]) -> Shape:
    """The layout of the page's text: how much of it sits in link blocks, and how much is not in links.

    A link block is one of at least three siblings of the same tag and class
    (teasers, list items, cards) that links to another page of the site
    (``links_elsewhere(href)``); blocks inside a counted block are not counted
    again. The site's own furniture (navigation, header, footer, sidebars,
    tables of contents) is left out of every figure.
    """
    body = root.find("body")
    if body is None:
        body = root
    lengths: dict[etree._Element, int] = {}
    unlinked = _measure(body, lengths)
    items: list[str] = []
    in_blocks = _link_blocks(body, lengths, links_elsewhere, items)
    images = sum(1 for image in body.iter("img") if not _inside_boilerplate(image, body))
    return Shape(lengths.get(body, 0), in_blocks, len(items), unlinked, images, tuple(items))


def _measure(body: etree._Element, lengths: dict[etree._Element, int]) -> int:
    """Fill ``lengths`` with each element's text length (boilerplate left out); return the text outside links."""
    order: list[tuple[etree._Element, bool]] = []  # elements before their descendants, and whether in a link
    stack = [(body, False)]
    while stack:
        element, in_link = stack.pop()
        linked = in_link or element.tag == "a"
        order.append((element, linked))
        stack.extend((child, linked) for child in element if isinstance(child.tag, str) and not _is_boilerplate(child))
    unlinked = 0
    for element, linked in reversed(order):  # descendants first
        own = len((element.text or "").strip()) + sum(len((child.tail or "").strip()) for child in element)
        lengths[element] = own + sum(lengths.get(child, 0) for child in element)
        unlinked += 0 if linked else own
    return unlinked


def _link_blocks(
    body: etree._Element, lengths: dict[etree._Element, int], links_elsewhere: Callable[[str], bool], items: list[str]
) -> int:
    """Text in link blocks; each block's link in ``items``. Nothing inside a counted block is counted again."""
    text = 0
    stack = [body]
    while stack:
        element = stack.pop()
        groups: dict[tuple[str, str], list[etree._Element]] = {}
        for child in element:
            if child in lengths:
                groups.setdefault((str(child.tag), child.get("class") or ""), []).append(child)
        counted: set[etree._Element] = set()
        for members in groups.values():
            if len(members) < LISTING_BLOCKS:
                continue
            linking = [(member, _link_elsewhere(member, links_elsewhere)) for member in members]
            linked = [(member, href) for member, href in linking if href is not None]
            if len(linked) >= LISTING_BLOCKS:
                counted.update(member for member, _ in linked)
                text += sum(lengths[member] for member, _ in linked)
                items.extend(href for _, href in linked if href)
        stack.extend(child for child in element if child in lengths and child not in counted)
    return text


def _link_elsewhere(element: etree._Element, links_elsewhere: Callable[[str], bool]) -> str | None:
    """The first link in ``element`` to another page of the site, or ``None``."""
    anchors = [element] if element.tag == "a" else element.iter("a")
    return next((href for anchor in anchors if links_elsewhere(href := (anchor.get("href") or "").strip())), None)


def _is_boilerplate(element: etree._Element) -> bool:
    if element.tag in BOILERPLATE_TAGS or (element.get("role") or "").lower() in BOILERPLATE_ROLES:
        return True
    if element.get("hidden") is not None or element.get("aria-hidden") == "true":
        return True
    names = f"{element.get('class') or ''} {element.get('id') or ''}".lower()
    return bool(names.strip()) and not BOILERPLATE_WORDS.isdisjoint(_WORDS.findall(names))


def _inside_boilerplate(element: etree._Element, body: etree._Element) -> bool:
    node = element.getparent()
    while node is not None and node is not body:
        if _is_boilerplate(node):
            return True
        node = node.getparent()
    return False


# --- Declared types ---------------------------------------------------------------------


def ld_types(script: str) -> Iterator[str]:
    """The ``@type`` values of a JSON-LD script: its object, its list, its ``@graph``."""
    try:
        data = json.loads(script)
    except ValueError:
        return
    stack, seen = [data], 0
    while stack and seen < 100:  # the top of the document is enough
        node = stack.pop()
        seen += 1
        if isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, dict):
            kind = node.get("@type")
            if isinstance(kind, str):
                yield kind
            elif isinstance(kind, list):
                yield from (k for k in kind if isinstance(k, str))
            if isinstance(node.get("@graph"), list):
                stack.extend(node["@graph"])
