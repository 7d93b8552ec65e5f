"""What a fetched page is to the article spider: an article or navigation, from all the evidence, with a reason.

The evidence, each piece a rule a user can switch off (``ignore_rules``):

- ``url``: the page's address says it is never an article (``not_articles``:
  the front page, about, contact, tag and author listings, pagination); but a
  front page built like the site's articles (``template``) is its introduction,
  and a readerable page of prose at a tags or topics index is about its subject;
  a project's page at the site's top is its card unless it holds a write-up;
- ``declared``: its JSON-LD says it is a listing, a search, a profile, an about
  page (and names no article type);
- ``listing``: its shape says it is a listing: most of its text sits in
  repeated blocks (teasers, list items) that each link to another page of the
  site (:func:`listing_shape`);
- ``listed``: the site's own feed lists it, or one of its listing pages
  lists it among its items, or its sitemap (which lists everything: figure
  pages too) and it is built like one of the site's articles, so a short
  post (a few lines between pictures) is still an article; but a short page
  built like the posts the feed lists, that neither the feed nor a listing
  lists, is none (the feed says which of those pages are posts);
- ``template``: it is built like the site's articles (the same blocks around
  its text, :func:`page_template`) and holds some text: a documentation
  site's short reference page beside its long ones;
- ``preflight``: Readability.js's ``isProbablyReaderable`` (the downloader
  middleware's verdict), which was made to decide whether to offer a reader
  view, and reads paragraph lengths only.
- ``text``: once extracted, the article holds something to read beyond its
  title (:func:`reads_beyond_title`): the preflight reads the whole page, and
  a page readerable by its scripts or its menus can give an empty article; and
  it is not a site generator's sample post (:func:`is_sample_post`).

``og:type`` is not evidence: many themes put ``website`` on every page, posts
included, and ``article`` on listings. :func:`judge` weighs the rules in the
order of :data:`RULES`; the reason it gives is the stat the spider counts
(``readability/spider/verdict/<reason>``) and what its summary names.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable, Container, Iterable, Iterator
from dataclasses import dataclass

from lxml import etree

__all__ = [
    "ARTICLE_TYPES",
    "MEDIA_TAGS",
    "OTHER_TYPES",
    "REASONS",
    "RULES",
    "Evidence",
    "Shape",
    "Verdict",
    "is_landing_page",
    "is_sample_post",
    "judge",
    "page_template",
    "ld_types",
    "listing_shape",
    "reads_beyond_title",
]

RULES = {
    "url": "the page's URL is one of `not_articles` (front page, about, tag and author listings, pagination...)",
    "declared": "its JSON-LD declares a listing, search, profile, about, contact or FAQ page (and no article)",
    "listing": "most of its text is in repeated blocks that each link to another page of the site (or, three quarters"
    " of its text in links, to any site: a directory)",
    "listed": "the site's own feed, sitemap or a listing page lists it: a short page is still an article",
    "template": "it is built like the site's articles (the same blocks around its text): a short one is still one",
    "preflight": "Readability.js's isProbablyReaderable says it is not readerable",
    "text": "after extraction: the article holds nothing to read beyond its title (a control's label, a search box), or"
    " is a site generator's sample post (Hexo's \"Hello World\")",
}
"""The rules, in the order they are weighed (:func:`judge`; ``text`` once the page is extracted): the one list
behind ``ignore_rules``, the docs and the summary."""

REASONS = {
    "readerable": "the preflight calls it readerable",
    "listed_feed": "the site's feed (or its sitemap of posts) lists it",
    "listed_sitemap": "the site's sitemap lists it, and it is built like an article of the site",
    "listed_listing": "a listing page of the site lists it among its items",
    "declared_article": "its JSON-LD declares an article",
    "template": "built like the site's articles",
    "front_template": "the front page, built like the site's articles (a documentation's introduction)",
    "no_preflight": "no rule said otherwise (preflight ignored)",
    "url": "its URL is one of not_articles",
    "declared": "its JSON-LD declares another kind of page",
    "listing": "a listing (its text is mostly links to other pages)",
    "unlisted": "short, built like the posts the site's feed lists, and neither the feed nor a listing lists it",
    "site_page": "at the site's top, where none of the posts its feed lists are, and no feed or listing lists it",
    "project_card": "a project's page at the site's top (/projects/x) with a description and links, no write-up",
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

EXCERPTS = 2
"""Links to this many other pages' rest (``#more``) make a page a listing of excerpts (:func:`count_excerpts`)."""

_MORE = re.compile(r"#more(?:-\d+)?$")  # the excerpt's link to the rest of its post: WordPress's more tag, Hexo's...

DIRECTORY_LINKED = 0.75
"""A page with this share of its text inside links, most of it in link blocks to anywhere (other sites too), is a
directory of links: cards that are each one link, a list of tools or of communities."""

LEAD_TEXT = 40
"""Characters of a block's text that may come before its link for it to be a listing's item."""

TEMPLATE_ARTICLES = 3
"""Articles built on a page's template (:func:`page_template`) after which a short page on it is one too."""

PROJECT_WRITE_UP = 1000
"""Characters of its own text (outside links and boilerplate) from which a project's page at the site's top is a
write-up, an article; below, it is the project's card (a description, its links)."""

MIN_TEXT = 80
"""Characters of text (outside links and boilerplate) below which a page holds nothing to read, images aside."""

MIN_CAPTION = 20
"""... and with pictures or an embedded video, a line (a photo post's caption; a page of icons and a title has
less)."""

# Subtrees that are the site's, not the page's: their text and links are neither article nor listing.
BOILERPLATE_TAGS = frozenset({"nav", "aside", "script", "style", "noscript", "template", "form"})
PAGE_TAGS = frozenset({"header", "footer"})  # the page's, unless inside one of SECTIONS, whose own they then are
SECTIONS = frozenset({"article", "section", "main"})
BOILERPLATE_ROLES = frozenset({"navigation", "banner", "contentinfo", "complementary", "search", "menu", "menubar"})
# ... and so are blocks named so, when mostly links (a post's related posts: cards that outweigh a short post's text)
BOILERPLATE_WORDS = frozenset(
    "sidebar sidenav navbar menu toc breadcrumb breadcrumbs pagination pager footer related".split()
)
_WORDS = re.compile(r"[a-z0-9]+")
_ANY_WORD = re.compile(r"\w+")
_DIGIT = re.compile(r"\d")
# A sentence's end: its mark, or a smiley closing a casual post ("a great album :)"), which no control's label has.
_SENTENCE_END = re.compile(r"(?:[.!?…。！？؟।]|[:;=]-?[()DPp]|[\U0001F600-\U0001F64F])\W*$")
TEMPLATE_DEPTH = 3
TEXT_BLOCKS = ("li", "dd", "pre", "blockquote", "td")
HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
MEDIA_TAGS = ("img", "video", "audio", "iframe", "embed", "object")  # a picture, or a video a post embeds
_PRECEDING_HEADINGS = etree.XPath("preceding::*[" + " or ".join(f"self::{tag}" for tag in sorted(HEADINGS)) + "]")


@dataclass(frozen=True)
class Shape:
    """How a page's text is laid out: in all, in link blocks, outside links; how many blocks, images."""

    text: int
    in_blocks: int
    blocks: int
    unlinked: int
    images: int
    items: tuple[str, ...] = ()  # each link block's first link elsewhere: the pages a listing lists
    template: str | None = None  # page_template: what the page's text sits in
    teasers: int = 0  # of the blocks, teasers counted alone (:func:`_is_teaser`): a year's archive of one post
    directory: bool = False  # a directory of links, to other sites too (:data:`DIRECTORY_LINKED`)
    excerpts: int = 0  # other pages whose rest it links to (:func:`count_excerpts`): a front page of excerpts

    @property
    def share(self) -> float:
        return self.in_blocks / self.text if self.text else 0.0

    @property
    def is_listing(self) -> bool:
        return (
            (self.blocks >= LISTING_BLOCKS or self.teasers > 0) and self.share >= LISTING_SHARE
        ) or self.excerpts >= EXCERPTS

    @property
    def has_content(self) -> bool:
        return self.unlinked >= MIN_TEXT or (self.images > 0 and self.unlinked >= MIN_CAPTION)

    @property
    def has_line(self) -> bool:
        """A line of text (:data:`MIN_CAPTION`), half the page's or more: a post of one sentence, not a list of two
        links and their dates."""
        return self.unlinked >= MIN_CAPTION and self.unlinked * 2 >= self.text


@dataclass(frozen=True)
class Evidence:
    """What the spider knows of a fetched page when it decides."""

    readerable: bool
    not_article_url: bool
    types: frozenset[str]
    shape: Shape
    listed: str | None  # "feed", "sitemap", "listing" or None
    like_articles: int = 0  # articles of the site built on the page's template (page_template)
    like_feed_articles: int = 0  # ... of them, those the site's feed lists
    in_listing: bool = False  # a listing page of the site lists it among its items (``listed`` may say "sitemap")
    about_subject: bool = False  # at a tags or topics index (urls.SUBJECT_INDEX), yet readerable prose: about tags
    before_feed: bool = False  # dated before the oldest post the feed lists: a feed of the newest posts is silent on it
    top_beside_posts: bool = False  # at the site's top (a folder below its start) where none of the feed's posts are
    front: bool = False  # the site's front page, or a language's (``not_article_url`` by that alone)
    project_page: bool = False  # a project's page at the site's top (/projects/x below the start URL's folder)
    landing: bool = False  # ... that presents the site rather than opens its text (:func:`is_landing_page`)

    @property
    def built_like_articles(self) -> bool:
        """Built on the template of :data:`TEMPLATE_ARTICLES` or more of the site's articles."""
        return self.like_articles >= TEMPLATE_ARTICLES

    @property
    def named_by_a_list(self) -> bool:
        """The site's feed or one of its listing pages lists it (the sitemap, which lists every page, is no word)."""
        return self.listed == "feed" or self.in_listing

    @property
    def unlisted_post(self) -> bool:
        """Built like :data:`TEMPLATE_ARTICLES` or more of the posts the site's feed lists, yet listed by neither
        the feed nor a listing page: what the feed leaves out of those pages is no post (an old copy of the
        front page, a figure's page), whatever the sitemap, which lists every page, says. A page dated before the
        oldest post the feed lists is none of those: a feed holds the newest posts only (jekyll-feed's ten)."""
        return self.like_feed_articles >= TEMPLATE_ARTICLES and not self.named_by_a_list and not self.before_feed

    @property
    def project_card(self) -> bool:
        """A project's page at the site's top that holds less than :data:`PROJECT_WRITE_UP` characters of its own:
        the project's card (what it does, where its code is), not a write-up about it."""
        return self.project_page and self.shape.unlinked < PROJECT_WRITE_UP

    @property
    def site_page(self) -> bool:
        """At the site's top while the posts its feed lists all live deeper (``/posts/x/``, ``/2024/05/x``), and
        listed by neither the feed nor a listing: the site's own page (consulting, a project, a book club), however
        readerable, not a post; unless it is dated before the feed's oldest post."""
        return self.top_beside_posts and not self.named_by_a_list and not self.before_feed


@dataclass(frozen=True)
class Verdict:
    """Article or not, and the reason (a key of :data:`REASONS`)."""

    article: bool
    reason: str


def judge(evidence: Evidence, ignored: frozenset[str] = frozenset()) -> Verdict:
    """Article or navigation, and why: the rules of :data:`RULES` in order, those in ``ignored`` left out."""

    def rule(name: str) -> bool:
        return name not in ignored

    front_page = rule("url") and evidence.front
    if rule("url") and evidence.not_article_url and not evidence.about_subject:
        return Verdict(False, "url")
    if front_page and (evidence.landing or not (rule("template") and evidence.built_like_articles)):
        return Verdict(False, "url")
    declared_article = bool(evidence.types & ARTICLE_TYPES)
    if rule("declared") and evidence.types & OTHER_TYPES and not declared_article:
        return Verdict(False, "declared")
    if rule("listing") and evidence.shape.is_listing:
        return Verdict(False, "listing")
    if rule("listing") and evidence.shape.directory and evidence.listed != "feed":  # a feed's post of links stays
        return Verdict(False, "listing")
    if front_page:  # a documentation's introduction; a blog's front page is a listing, or built otherwise
        return Verdict(True, "front_template") if evidence.shape.has_content else Verdict(False, "empty")
    listed = evidence.listed if rule("listed") else None
    if listed == "feed":
        has_text = evidence.shape.has_content or evidence.shape.has_line  # a short post the feed lists: a line
        return Verdict(True, "listed_feed") if has_text else Verdict(False, "empty")
    if rule("listed") and evidence.site_page:
        return Verdict(False, "site_page")
    if rule("url") and evidence.project_card:
        return Verdict(False, "project_card")
    if evidence.readerable:
        return Verdict(True, "readerable")
    if not (
        evidence.shape.has_content or (rule("template") and evidence.built_like_articles and evidence.shape.has_line)
    ):
        return Verdict(False, "empty")
    unlisted = rule("listed") and evidence.unlisted_post
    if listed == "listing" or (listed == "sitemap" and evidence.like_articles and not unlisted):
        return Verdict(True, f"listed_{listed}")
    if rule("declared") and declared_article:
        return Verdict(True, "declared_article")
    if unlisted:
        return Verdict(False, "unlisted")
    if rule("template") and evidence.built_like_articles:
        return Verdict(True, "template")
    if not rule("preflight"):
        return Verdict(True, "no_preflight")
    return Verdict(False, "not_readerable")


def reads_beyond_title(text: str, titles: Iterable[str | None], pictures: bool, listed: bool = False) -> bool:
    """Whether an extracted article holds something to read besides its title: :data:`MIN_TEXT` characters, or
    :data:`MIN_CAPTION` that are a sentence, go with pictures (a short post, a photo's caption) or belong to a page
    the site's feed lists (a tip of one command), its lines that only repeat the title (or a part of it: the site's
    name) left out.

    The preflight reads the page, not the article: an image viewer's script or a search box can make a page
    readerable whose article is then a control's label ("Toggle table of contents sidebar"), which ends no sentence.
    """
    folded = [title.casefold() for title in titles if title]
    stripped = (line.strip() for line in text.splitlines())
    lines = [line for line in stripped if line and not any(line.casefold() in title for title in folded)]
    length = sum(len(line) for line in lines)
    return length >= MIN_TEXT or (
        length >= MIN_CAPTION and (pictures or listed or any(_SENTENCE_END.search(line) for line in lines))
    )


# --- The page's shape ---------------------------------------------------------------------


SAMPLE_POSTS = (
    "welcome to hexo this is your very first post",  # Hexo's hello-world.md
    "you ll find this post in your _posts directory",  # Jekyll's welcome-to-jekyll.markdown
    "welcome to wordpress this is your first post edit or delete it",  # WordPress's "Hello world!"
    "this is a post written in plain markdown md instead of r markdown rmd",  # blogdown's Hugo themes
    "this is my first post on my new fake blog",  # gatsby-starter-blog's hello-world
    "docusaurus blogging features are powered by the blog plugin",  # Docusaurus's welcome post
)
"""The words (case folded, punctuation dropped) of the posts a site generator's new site comes with, which their
owners leave in place: the same on thousands of sites, written by none of them."""

SAMPLE_OPENING = 1000
"""Characters of an article's text in which a sample post's words are looked for (a table of contents may come
first)."""


def is_sample_post(text: str) -> bool:
    """Whether an extracted article is a site generator's sample post (:data:`SAMPLE_POSTS`), by its opening."""
    words = " ".join(_ANY_WORD.findall(text[:SAMPLE_OPENING].casefold()))
    return any(sample in words for sample in SAMPLE_POSTS)


def listing_shape(root: etree._Element, links_elsewhere: Callable[[str], bool]) -> Shape:
    """The layout of the page's text: how much of it sits in link blocks, and how much is not in links.

    A link block is one of at least three siblings of the same tag and first
    class word (teasers, list items, cards) that links to another page of the site
    (``links_elsewhere(href)``); blocks inside a counted block are not counted
    again. The site's own furniture is left out of every figure: navigation,
    header, footer and aside elements (by tag or role), and the blocks whose
    class or id names a sidebar, a menu or a table of contents and whose text
    is mostly links (a class name alone is no proof: ``has-sidebar`` marks a
    page's main column in some themes). When that leaves no text at all, the
    page's asides are its own (a theme that lays its list of posts out in one).
    """
    body = root.find("body")
    if body is None:
        body = root
    lengths: dict[etree._Element, int] = {}
    unlinked = _measure(body, lengths)
    if not lengths.get(body):  # every text in an <aside> (Ananke's list of posts): the page's, not the site's
        lengths.clear()
        unlinked = _measure(body, lengths, asides=True)
    items: list[str] = []
    teasers: list[str] = []
    in_blocks = _link_blocks(body, lengths, links_elsewhere, items, teasers)
    images = sum(1 for image in body.iter(*MEDIA_TAGS) if image in lengths)
    template = page_template(root, lengths)
    text = lengths.get(body, 0)
    directory = _is_directory(body, lengths, text, unlinked) if text and in_blocks * 2 < text else False
    excerpts = count_excerpts(body, lengths, links_elsewhere)
    return Shape(
        text, in_blocks, len(items), unlinked, images, tuple(items), template, len(teasers), directory, excerpts
    )


def count_excerpts(
    body: etree._Element, lengths: Container[etree._Element], links_elsewhere: Callable[[str], bool]
) -> int:
    """How many other pages of the site the page links to the rest of (``post#more``, ``?p=7#more-7``): the
    convention of an excerpt's "Read more" link, in any language, however the excerpts are laid out (flat, one
    after the other, with no block of their own)."""
    pages = set()
    for link in body.iter("a"):
        href = (link.get("href") or "").strip()
        if "#more" in href and _MORE.search(href) and link in lengths and links_elsewhere(href):
            pages.add(href.partition("#")[0])
    return len(pages)


def _is_directory(body: etree._Element, lengths: dict[etree._Element, int], text: int, unlinked: int) -> bool:
    """Whether the page is a directory of links: :data:`DIRECTORY_LINKED` of its text inside links, and half of it
    in link blocks that open with a link to anywhere (another site's tools, communities, projects)."""
    if unlinked > text * (1 - DIRECTORY_LINKED):
        return False
    items: list[str] = []
    in_blocks = _link_blocks(body, lengths, _links_somewhere, items, [])
    return len(items) >= LISTING_BLOCKS and in_blocks * 2 >= text


def _links_somewhere(href: str) -> bool:
    """A link to a page (on this site or another), not to a place in this one, a mail or a script."""
    return bool(href) and not href.startswith("#") and not href.lower().startswith(("mailto:", "javascript:", "tel:"))


def _measure(body: etree._Element, lengths: dict[etree._Element, int], asides: bool = False) -> int:
    """Fill ``lengths`` with each kept element's text length; return the kept text outside links. ``asides``: keep
    ``<aside>`` elements (a theme that lays the page's own list out in one)."""
    order: list[tuple[etree._Element, bool]] = []  # elements before their descendants, and whether in a link
    stack = [(body, False, False)]
    while stack:
        element, in_link, in_section = stack.pop()
        linked = in_link or element.tag == "a"
        sectioned = in_section or element.tag in SECTIONS
        order.append((element, linked))
        stack.extend(
            (child, linked, sectioned)
            for child in element
            if isinstance(child.tag, str)
            and not (_furniture_tag(child, sectioned) and not (asides and child.tag == "aside"))
        )
    texts: dict[etree._Element, int] = {}  # its own text and its children's tails
    own: dict[etree._Element, int] = {}  # the same, outside links
    total: dict[etree._Element, int] = {}
    in_links: dict[etree._Element, int] = {}
    for element, linked in reversed(order):  # descendants first
        text = len((element.text or "").strip()) + sum(len((child.tail or "").strip()) for child in element)
        texts[element] = text
        own[element] = 0 if linked else text
        total[element] = text + sum(total.get(child, 0) for child in element)
        in_links[element] = (text if linked else 0) + sum(in_links.get(child, 0) for child in element)
    furniture = {
        element
        for element, _ in order
        if element is not body and _furniture_name(element) and in_links[element] * 2 >= total[element]
    }
    unlinked = 0
    for element, _ in order:  # the kept elements: none of their ancestors is furniture
        parent = element.getparent()
        if element is not body and (element in furniture or parent not in lengths and parent is not None):
            continue
        lengths[element] = 0  # marked kept; measured below
        unlinked += own[element]
    for element, _ in reversed(order):
        if element in lengths:
            lengths[element] = texts[element] + sum(lengths.get(child, 0) for child in element)
    return unlinked


def _link_blocks(
    body: etree._Element,
    lengths: dict[etree._Element, int],
    links_elsewhere: Callable[[str], bool],
    items: list[str],
    teasers: list[str],
) -> int:
    """Text in link blocks; each block's link in ``items`` (and in ``teasers`` for a teaser counted alone, in a
    group of fewer than :data:`LISTING_BLOCKS`). Nothing inside a counted block is counted again."""
    text = 0
    titled = _titled_blocks(body)
    stack = [body]
    while stack:
        element = stack.pop()
        groups: dict[tuple[str, str], list[etree._Element]] = {}
        for child in element:
            if child in lengths:
                groups.setdefault((str(child.tag), _class_words(child)), []).append(child)
        counted: set[etree._Element] = set()
        for members in groups.values():
            if len(members) < LISTING_BLOCKS:  # too few for a listing's blocks: only a teaser counts
                members = [member for member in members if member in titled]
                if not members:
                    continue
            linking = [(member, _link_elsewhere(member, links_elsewhere)) for member in members]
            linked = [(member, href) for member, href in linking if href is not None]
            if len(linked) < LISTING_BLOCKS:
                linked = [(member, href) for member, href in linked if _is_teaser(member, href, lengths)]
                if not linked:
                    continue
                teasers.extend(href for _, href in linked)
            counted.update(member for member, _ in linked)
            text += sum(lengths[member] for member, _ in linked)
            items.extend(href for _, href in linked)
        stack.extend(child for child in element if child in lengths and child not in counted)
    return text


def _titled_blocks(body: etree._Element) -> set[etree._Element]:
    """The elements that hold a heading with a link in it: the only ones that may be a teaser (:func:`_is_teaser`),
    found from the page's few headings rather than by a walk below every element."""
    titled: set[etree._Element] = set()
    for heading in body.iter(*HEADINGS):
        if heading.find(".//a") is not None:
            titled.update(itertools.takewhile(lambda node: node is not body, heading.iterancestors()))
        elif (card := _card_of(heading)) is not None:
            titled.add(card)
    return titled


def _card_of(heading: etree._Element) -> etree._Element | None:
    """The card that holds ``heading`` (:func:`_is_card`), if any: the nearest of its three closest ancestors with
    an empty ``<a>`` child."""
    for node in itertools.islice(heading.iterancestors(), 3):
        if any(_is_empty_link(link) and link.get("href") for link in node.iterchildren("a")):
            return node
    return None


def _is_teaser(element: etree._Element, href: str, lengths: Container[etree._Element]) -> bool:
    """Whether ``element``, which opens with a link to ``href`` (:func:`_link_elsewhere`), is a teaser of that
    page under the page's own heading: the link in a heading (the teaser's title), the page linked again further
    on in other words ("Read more ...", its picture), and a heading of the page's before ``element`` (a year's
    archive of one post: "Posted in 2017", then the post's teaser). A post's own heading links to no other page,
    and what it links twice with the same words (its category above its title and among its tags, a breadcrumb)
    is no teaser. A card (:func:`_is_card`) under the page's heading is one."""
    links = [link for link in element.iter("a") if (link.get("href") or "").strip() == href]
    if _is_card(element, links):  # its title and excerpt under the one link laid over it
        return any(node in lengths for node in _PRECEDING_HEADINGS(element))
    title = _words(links[0])
    if not any(_words(link) != title for link in links[1:]):
        return False
    heading = next((node for node in links[0].iterancestors() if node.tag in HEADINGS or node is element), None)
    if heading is None or heading is element:
        return False
    return any(node in lengths for node in _PRECEDING_HEADINGS(element))


def _is_card(element: etree._Element, links: list[etree._Element]) -> bool:
    """Whether ``element`` is a card: a heading, and its one link to the page an empty ``<a>`` laid over it."""
    return (
        len(links) == 1
        and links[0].getparent() is element
        and _is_empty_link(links[0])
        and next(element.iter(*HEADINGS), None) is not None
    )


def _is_empty_link(link: etree._Element) -> bool:
    """An ``<a>`` with neither text nor children: one laid over its block by the style sheet."""
    return len(link) == 0 and not (link.text or "").strip()


def _words(element: etree._Element) -> str:
    """Its text, whitespace collapsed and case folded: what a link says."""
    return " ".join("".join(element.itertext()).split()).casefold()


def _link_elsewhere(element: etree._Element, links_elsewhere: Callable[[str], bool]) -> str | None:
    """The link to another page of the site that ``element`` opens with (a teaser's title), or ``None``.

    A list item whose link comes mid-sentence ("see the tutorial") is prose,
    not an item of a listing: at most :data:`LEAD_TEXT` characters (a date, an
    icon's label) may come before the link.
    """
    before = 0
    for event, node in etree.iterwalk(element, events=("start", "end")):
        if event == "start":
            if node.tag == "a" and links_elsewhere(href := (node.get("href") or "").strip()):
                return href
            before += len((node.text or "").strip())
        elif node is not element:
            before += len((node.tail or "").strip())
        if before > LEAD_TEXT:  # no opening link: the walk has not seen them all, a covering one may come
            return _covering_link(element, links_elsewhere)
    return None


def _covering_link(element: etree._Element, links_elsewhere: Callable[[str], bool]) -> str | None:
    """The link laid over the whole block, a card's (PaperMod's ``entry-link``, Bootstrap's ``stretched-link``): an
    empty ``<a>`` of the block's own, wherever it sits, to another page of the site; or ``None``."""
    for link in element.iterchildren("a"):
        if _is_empty_link(link) and links_elsewhere(href := (link.get("href") or "").strip()):
            return href
    return None


def _class_words(element: etree._Element) -> str:
    """Its first class word without digits: teasers differ by the rest (WordPress's ``post-123 category-news``)."""
    return next((word for word in (element.get("class") or "").split() if not _DIGIT.search(word)), "")


def _furniture_tag(element: etree._Element, sectioned: bool) -> bool:
    """Navigation, the page's header and footer, aside, scripts, forms, hidden blocks: never the page's text.

    A header or footer inside an article, a section or ``<main>`` is that block's own (a post's title).
    """
    if element.tag in PAGE_TAGS:
        return not sectioned
    if element.tag in BOILERPLATE_TAGS or (element.get("role") or "").lower() in BOILERPLATE_ROLES:
        return True
    if element.get("hidden") is not None or element.get("aria-hidden") == "true":
        return True
    style = (element.get("style") or "").replace(" ", "").lower()
    return "display:none" in style or "visibility:hidden" in style


def _furniture_name(element: etree._Element) -> bool:
    """A class or id that names a sidebar, menu, table of contents, related posts (as a word: ``td-sidebar``,
    ``toc``, ``related-posts``)."""
    names = f"{element.get('class') or ''} {element.get('id') or ''}".lower()
    return bool(names.strip()) and not BOILERPLATE_WORDS.isdisjoint(_WORDS.findall(names))


def page_template(root: etree._Element, kept: Container[etree._Element] | None = None) -> str | None:
    """What a page's text sits in: the blocks from ``<body>`` to the element whose paragraphs hold the most text
    (its list items and the like, on a page without paragraphs: a section's index).

    Each block by its tag and its class words without digits (``post-123``
    says nothing of the template), sections and unnamed blocks left out; the
    first :data:`TEMPLATE_DEPTH` of them. ``None`` for a page without
    paragraphs. The paragraphs are those of the page's ``<main>`` when it has
    one (a help box's or a footer's are not the page's) and, with ``kept``
    (:func:`listing_shape`'s), those of the page's own text.
    """
    main = next((element for element in root.iter("main") if kept is None or element in kept), None)
    texts: dict[etree._Element, int] = {}
    for tags in (("p",), TEXT_BLOCKS):  # paragraphs; on a page without, its lists and the like
        for block in (main if main is not None else root).iter(*tags):
            parent = block.getparent()
            if parent is not None and (kept is None or block in kept):
                texts[parent] = texts.get(parent, 0) + len("".join(block.itertext()))
        if texts:
            break
    if not texts and main is None:
        return None
    node: etree._Element | None = max(texts, key=texts.__getitem__) if texts else main
    chain: list[str] = []
    while node is not None and node.tag not in ("body", "html"):
        words = f"{node.get('class') or ''} #{node.get('id')}" if node.get("id") else node.get("class") or ""
        names = sorted(word for word in words.lower().split() if not _DIGIT.search(word) and word != "#")
        if node.tag != "section" and (names or node.tag in ("main", "article")):
            chain.append(".".join([str(node.tag), *names]))
        node = node.getparent()
    return " > ".join(reversed(chain[-TEMPLATE_DEPTH:])) or None


LANDING_CLASSES = frozenset({"hero", "splash", "jumbotron", "cover"})
"""Class words of the banner that opens a landing page (Starlight's ``hero``, Docsy's ``td-cover-block``...)."""

_CLASS_WORDS = re.compile(r"[a-z]+")


def is_landing_page(root: etree._Element) -> bool:
    """A front page that presents the site rather than opens its text: under a banner (a hero, a cover), or a
    blog's front page of several posts, each an ``<article>``. A documentation's introduction is neither."""
    if next(itertools.islice(root.iter("article"), 1, None), None) is not None:
        return True
    return any(not LANDING_CLASSES.isdisjoint(_CLASS_WORDS.findall(value.lower())) for value in root.xpath("//@class"))


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
