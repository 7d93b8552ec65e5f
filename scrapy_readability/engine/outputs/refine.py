"""The refined article (``refine=True``): Readability.js's article, repaired where a reader sees it is wrong.

Readability.js decides which element is the article; the refined mode keeps that decision and then
mends what the decision leaves behind, on the article's tree before post-processing (while elements
still have their classes and their links as written). Nothing here runs unless asked: the default
article stays exactly Readability.js's. Each repair is told by structure or by a convention many sites
share (a microformat, an accessibility class, a share service's address), never by one site's names:

* **no article found** (:func:`marked_main`): where Readability.js finds none (a short page, a page of links),
  the main content the page marks unambiguously (its one ``<main>``, ``role="main"`` or ``<article>``), shown and
  holding real text, is the article, mended as below;
* **the rest of a split article**: paragraphs of prose built as the article's own (the same tag and class) that
  Readability.js left in the page around its choice (in the ``<article>`` or ``<main>`` that held it), after a
  break (an ad, a picture's box), follow it;
* **maths as its source**: a formula rendered as MathML (KaTeX, MathJax) becomes the TeX it was written in, which
  the renderer keeps as its annotation (not its symbols run together, "mx¨=f(t)", beside that TeX);
* **the article printed twice**: a run of two or more paragraphs of prose, in one box that holds none of the first,
  saying in the same order what paragraphs before them said (a template's copy for another screen) goes;
* **line-numbered code** (:mod:`.code`): the gutter goes, the code stays, as one ``<pre>``;
* **blocks that are not in the body the page declares** (JSON-LD's ``articleBody``), where the article holds
  nearly all of that body: a teaser, a subscription box, a credit, a bio; and **the declared body itself**, a
  paragraph a line, where the article holds less than half of it and the page shows it (Readability.js chose a
  byline's block, a product box, or one part of an article split in several);
* **the next story** an endless page appends below its own, in an ``<article>`` of its own;
* **captions and credits** of pictures: the text beside the image of a ``<figure>`` that credits it ("Photo by
  X/Getty Images", "Foto: Y", "©"), blocks marked as captions or credits (class, ``itemprop``), a block that
  repeats a picture's ``alt`` and credits it, and a short line that is only a credit ("© A. Writer", "Quelle: dpa");
  and **the site's copyright notice** ("Copyright © 2023 The Daily, LLC.", "... All rights reserved.");
* **the author's box**: a byline or a bio in a box whose class or id says author, byline or contributor;
* **calls to act**: a short block that asks the reader to subscribe, sign up for a newsletter, download an app,
  comment, report an error or consent to an embed's or a form's terms, in a few languages ("Subscribe now…",
  "Fehler gefunden?", "réservé aux abonnés", "Ich bin damit einverstanden"), and a paywall's or an ad blocker's
  notice ("Votre abonnement n'autorise pas...", "この記事は会員限定です", "while an ad blocker is enabled");
  and **the label of an advertisement** left without its ad ("Advertisement", "Anzeige", "Publicidad");
* **the article's tools' labels**: a line that only names tools to share, print, save or mail it ("Teilen",
  "Drucken", "E-Mail"), whose buttons Readability.js removed;
* **the comments' furniture**: a line that only names the comments and counts them ("3 Kommentare", "Join the
  Conversation"), and after the article's last paragraph, the comment section's rules ("To post a comment, log
  in...", "Die Kommentare im Forum geben nicht...");
* **"Read also" teasers**: a line that is a label such as "Read more:", "Lesen Sie auch", "À lire aussi" and a
  link to another story, or the label alone with only links after it;
* **text for screen readers only** (``sr-only``, ``visually-hidden``...), **text no reader sees** (a class that
  hides it at every screen size: ``hidden``, ``d-none``; a paywall's text for some visitors, a registration wall's
  pitch however long, where the article is far longer) and **labels** of the form
  controls Readability.js removed: "Toggle table of contents sidebar";
* **links that only jump**: a heading's permalink (``#``, ``¶``, ``§``), a footnote's way back (``↩``),
  "Back to top";
* **breadcrumbs, share buttons** (links to a share service, boxes whose class says share), **tag lists**
  (``rel="tag"``), **links to the previous and next post** (``rel="prev"``/``"next"``), a newsletter's
  **sign-up box**, **a post's meta line** (``post-meta``, ``entry-meta``: date, category, reading time), and
  links to **the page's source** on a code host ("Edit this page");
* **datelines** above or below the article: a short line that is a date (the feed's fields carry it), and inside it
  one that gives its time of day too (a dateline set below the lead); and anywhere, **a clock line**: a line that
  only says how long ago a post was made, how long a video runs or how long the article takes to read ("2 hours
  ago", "Duration 1:30", "3 Min Lesezeit"), a teaser's or a header's data;
* **a menu above the article**: a list of three or more links of a few words each, and nothing else, before its
  first paragraph of prose (the site's sections, a breadcrumb);
* **an in-page table of contents**: a list whose every link is to an element of the article itself, with
  the title above it;
* **headings left with nothing under them** at the article's end: what a removed comment form, share bar
  or list of related posts leaves behind ("Add comment", "Comments", "Related posts").

Each removal is bounded (a few hundred characters, or a list of links): a repair never takes a passage.

The ``headline`` is the title without the site's name: the part of a ``Title - Site`` title that is not
the site (named by the page's ``site_name``, or by its host), else the part that a heading of the page
repeats, else the title as it is.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain
from typing import Any
from urllib.parse import unquote, urlsplit

from lxml import etree

from ..html.dom import Element, has_text, remove, text_content
from ..html.urls import InvalidURL, resolve
from ..port.constants import HEADING_TAGS
from ..port.measures import is_probably_visible
from .code import line_numbered_code
from .feed.dates import find_text_date
from .feed.jsonld import first_value, read_json_ld_nodes

__all__ = ["Evidence", "headline", "marked_main", "read_evidence", "refine", "refine_content"]

HEADINGS = frozenset(HEADING_TAGS)
_MEDIA = ("img", "picture", "video", "audio", "iframe", "embed", "object", "svg", "math", "canvas")
_LISTS = ("ul", "ol")
_WORD = re.compile(r"\w+")


def _word_list(text: str) -> list[str]:
    """Words as the declared body and the headline's parts are compared: runs of word characters, casefolded."""
    return _WORD.findall(text.casefold())


_WRAPPERS = frozenset({"p", "div", "section", "header", "footer", "nav", "aside", "span", "li"})

# --- The article's tree ------------------------------------------------------------------------


@dataclass(frozen=True)
class Evidence:
    """What the refined article reads of the page before Readability.js's phases change it."""

    headings: list[str]
    """The text of the page's ``<h1>`` elements, for the headline."""
    declared_body: str | None
    """The JSON-LD article's ``articleBody``, when long enough to judge blocks by."""
    declared_shown: bool = False
    """Whether the page shows the declared body: nearly all of its words are in the page's text."""


def read_evidence(root: Element, scripts: list[Any] | None) -> Evidence:
    """The headings and declared body of a page as it was parsed (``scripts``: its JSON-LD, parsed)."""
    body = declared_body(scripts)
    shown = False
    if body:
        declared = set(_word_list(body))
        shown = len(declared - set(_word_list(text_content(root)))) <= (1 - _SHOWN) * len(declared)
    return Evidence([text_content(h1) for h1 in root.iter("h1")], body, shown)


def refine(
    content: Element,
    url: str,
    evidence: Evidence,
    title: str | None,
    site_name: str | None,
    around: Element | None = None,
) -> str | None:
    """Mend the article's tree (:func:`refine_content`) and give its headline; ``around``: the element of the page
    that held the block Readability.js chose (what it left there is looked at for the rest of a split article)."""
    if around is not None:
        _join_split_paragraphs(content, around)
    refine_content(content, url, evidence.declared_body, evidence.declared_shown)
    return headline(title, site_name, url, evidence.headings)


def refine_content(
    content: Element, url: str = "", declared_body: str | None = None, declared_shown: bool = False
) -> None:
    """Mend the article's tree in place (see the module's docstring for what, and why); ``url`` is the page's,
    ``declared_body`` the text its JSON-LD gives as the article's (``articleBody``), ``declared_shown`` whether
    the page shows that text.

    Repairs that would leave no text are undone: where Readability.js chose a block that is all furniture (a
    newsletter box, a theme switcher's label), an empty article would be a silent loss, and its choice is kept.
    """
    original = copy.deepcopy(content) if has_text(content) else None
    _mend(content, url, declared_body, declared_shown)
    if original is not None and not has_text(content):
        _put_back(content, original)


def _mend(content: Element, url: str, declared_body: str | None, declared_shown: bool) -> None:
    elements = list(content.iter())  # held while the passes run: each pass's walk finds the elements' proxies made
    _number_free_code(content)
    _maths_as_its_source(content)
    _drop_repeated_runs(content)
    if declared_body:
        _keep_the_declared_body(content, declared_body, declared_shown)
    _drop_next_articles(content)
    _drop_credited_figures(content)
    _drop_marked_boxes(content)
    timed = _drop_lines(content)
    _drop_furniture(content, url)
    _drop_in_page_contents(content, url)
    _drop_edge_datelines(content)
    _drop_timed_datelines(content, timed)
    _drop_edge_menus(content)
    _drop_dangling_headings(content)
    del elements


# --- No article found: the main content the page marks -----------------------------------------------------

_MIN_MARKED_TEXT = 100
"""Characters of text the page's marked main content must hold to stand for an article."""


def marked_main(root: Element) -> Element | None:
    """The page's main content where the page marks it unambiguously: its one ``<main>``, else its one element
    of ``role="main"``, else its one ``<article>``; shown (no ``hidden``, no ``display: none`` on it or above
    it) and holding real text. Where Readability.js finds no article at all (a short page, a page of links), the
    page's own mark says where the reader looks."""
    for found in (
        list(root.iter("main")),
        [element for element in root.iter() if element.get("role") == "main"],
        list(root.iter("article")),
    ):
        if not found:
            continue
        if len(found) > 1:
            return None  # two marks: the page does not say which
        element = found[0]
        if not all(is_probably_visible(node) for node in (element, *element.iterancestors())):
            return None
        return element if _visible_length(element) >= _MIN_MARKED_TEXT else None
    return None


# --- A split article: the rest of its paragraphs, beside the block Readability.js chose ------------------------

_PROSE = 12
"""Words of a paragraph of prose at least."""
_SPLIT_SCOPE = ("article", "main")


def _join_split_paragraphs(content: Element, around: Element) -> None:
    """An article split in several boxes (by an ad, a picture, a heading's box) leaves Readability.js with one of
    them. The paragraphs of the article are built alike (the same tag and class): paragraphs of prose built as the
    article's own, left in the page around it (in the ``<article>`` or ``<main>`` that held it, else in its
    parent's parent) and not in the article, are the rest of it, and follow it."""
    own = Counter(
        paragraph.get("class")
        for paragraph in content.iter("p")
        if paragraph.get("class") and _words_in(paragraph) >= _PROSE
    )
    if not own:
        return
    mark, count = own.most_common(1)[0]
    if count < 2:
        return
    scope = around if around.tag in _SPLIT_SCOPE else next(around.iterancestors(*_SPLIT_SCOPE), None)
    if scope is None:
        scope = around.getparent()
    if scope is None:
        scope = around
    found = [
        paragraph
        for paragraph in scope.iter("p")
        if paragraph.get("class") == mark and _words_in(paragraph) >= _PROSE and _shown_in_page(paragraph, scope)
    ]
    if not found:
        return
    text = " ".join(text_content(content).split())
    page = content[0] if len(content) == 1 and content[0].get("id") == "readability-page-1" else content
    for paragraph in found:
        if " ".join(text_content(paragraph).split()) not in text:
            joined = copy.deepcopy(paragraph)
            joined.tail = None
            page.append(joined)


def _shown_in_page(element: Element, scope: Element) -> bool:
    """Not hidden, and not in the page's furniture (a menu, a sidebar, a footer, a form)."""
    for node in (element, *element.iterancestors()):
        if node is scope:
            return True
        if node.tag in ("nav", "aside", "footer", "header", "form") or not is_probably_visible(node):
            return False
    return True


def _put_back(content: Element, original: Element) -> None:
    """``content`` as ``original`` has it (its copy before the repairs), in its place in the tree."""
    tail = content.tail
    content.clear()
    content.text = original.text
    content.attrib.update(original.attrib)
    content.extend(list(original))
    content.tail = tail


# --- Maths: the source a formula was rendered from ----------------------------------------------------------

_TEX = frozenset({"application/x-tex", "text/x-tex", "tex"})


def _maths_as_its_source(content: Element) -> None:
    """A formula rendered as MathML (KaTeX, MathJax) reads as its symbols run together ("mx¨=f(t)"), beside the
    TeX it was written in, which the renderer keeps as the MathML's annotation: the formula becomes that source,
    which a reader can read and an index can match."""
    for annotation in list(content.iter("annotation")):
        if (annotation.get("encoding") or "").lower() not in _TEX:
            continue
        formula = next(annotation.iterancestors("math"), None)
        holder = formula.getparent() if formula is not None else None
        source = (annotation.text or "").strip()
        if formula is None or holder is None or not source:
            continue
        written = formula.makeelement("span", {})
        written.text = source
        written.tail = formula.tail
        holder.replace(formula, written)


# --- The article twice: a copy of a run of its paragraphs ------------------------------------------------------

_MIN_RUN = 2
"""Paragraphs of prose a repeated run holds at least: one paragraph said twice is a pull quote, or the author's."""
_PARAGRAPH_OPENINGS = etree.XPath("descendant::p/descendant::text()[normalize-space()][1]", smart_strings=False)
"""Each paragraph's first text that is not white space (libxml2 finds them: no element is made)."""
_OPENING = 20
"""Characters of a paragraph's first text that make it worth comparing: two copies of a paragraph open alike, and
a run of paragraphs has one at least that opens with a few words of text (not a link, a bold name, a mark)."""


def _drop_repeated_runs(content: Element) -> None:
    """A page that prints its article twice (for two screen sizes, or a template's copy) leaves Readability.js both
    copies: paragraphs of prose, all in one box that holds none of the first, that say in the same order what two
    or more paragraphs before them said are the copy, and go. A paragraph repeated on its own (a pull quote, a note
    after each section) stays, and so do paragraphs an author wrote twice in one flow of text (around code)."""
    openings = [opening.strip() for opening in _PARAGRAPH_OPENINGS(content) if len(opening) >= _OPENING]
    if len(set(openings)) == len(openings):
        return  # no paragraph opens as another does: none is said twice (the common case, read cheaply)
    paragraphs, texts = [], []
    for paragraph in content.iter("p"):
        words = text_content(paragraph).split()
        if len(words) >= _PROSE:
            paragraphs.append(paragraph)
            texts.append(" ".join(words))
    for run in _repeated_runs(texts):
        boxes = {paragraphs[index].getparent() for index, _ in run}
        if len(boxes) > 1 or boxes & {paragraphs[source].getparent() for _, source in run}:
            continue  # not one box of its own: the same flow of text
        for index, _ in run:
            _remove_with_empty_wrappers(paragraphs[index], content)


def _repeated_runs(texts: Sequence[str]) -> list[list[tuple[int, int]]]:
    """Runs of ``_MIN_RUN`` or more consecutive texts that repeat, in order, consecutive texts before them: each
    text's index with the index where it was said first."""
    first: dict[str, int] = {}
    runs: list[list[tuple[int, int]]] = []
    run: list[tuple[int, int]] = []
    for index, text in enumerate(texts):
        source = first.setdefault(text, index)
        if source == index:
            run = []
            continue
        if run and run[-1] == (index - 1, source - 1):
            run.append((index, source))
        else:
            run = [(index, source)]
        if len(run) == _MIN_RUN:
            runs.append(run)  # the same list: what follows in the run joins it
    return runs


# --- The body the page declares: JSON-LD's articleBody -----------------------------------------------------

_MIN_BODY_WORDS = 80
_HOLDS_THE_BODY = 0.8
"""Share of the declared body's words the article must hold before blocks that are not in it are dropped."""
_HOLDS_HALF = 0.5
"""Share of the declared body's words below which the article is not the declared one."""
_SHOWN = 0.9
"""Share of the declared body's words the page's text must hold for the page to show it."""
_WHOLE_BODY = 0.6
"""The declared body's length, as a share of the article's at least: a shorter one is a teaser."""
_FOREIGN_BLOCK = 0.25
"""A block of the article whose words are this rarely in the declared body is not the article's."""
_MIN_BLOCK_WORDS = 4
_BODY_BLOCKS = ("p", "li", "figcaption", "blockquote", "dd", "div", "section", "aside", "table", "span")
_BODY_BLOCK_TAGS = frozenset(_BODY_BLOCKS)


def declared_body(scripts: list[Any] | None) -> str | None:
    """The ``articleBody`` of the page's JSON-LD article, when it is long enough to say what the article is."""
    if not scripts:
        return None
    body = first_value(read_json_ld_nodes(scripts).nodes, "articleBody")
    if not isinstance(body, str) or len(body.split()) < _MIN_BODY_WORDS:
        return None
    return body


def _keep_the_declared_body(content: Element, body: str, shown: bool = False) -> None:
    """The publisher says what its article's text is: where the article holds nearly all of it, a block of more
    than a few words that is not in it (a teaser, a subscription box, a caption's credit, a bio) goes; where the
    article holds less than half of it and the page shows it, Readability.js chose the wrong block (a byline's, a
    product box) or one part of a split article, and the declared text, which the page shows, is the article. A
    body written without spaces between words (Chinese, Japanese) cannot be matched word for word and is left."""
    if len(body.split()) < len(body) / 20:
        return
    body_words = _word_list(body)
    declared = set(body_words)
    words = _word_list(text_content(content))
    if shown and sum((Counter(words) & Counter(body_words)).values()) < _HOLDS_HALF * len(body_words):
        _replace_with_text(content, body)
        return
    if len(set(words) & declared) < _HOLDS_THE_BODY * len(declared):
        return
    if len(body_words) < _WHOLE_BODY * len(words):
        return  # a teaser or the first paragraphs only: it cannot say what the rest of the article is
    for block in _innermost_text_blocks(content):
        words = _word_list(text_content(block))
        if len(words) >= _MIN_BLOCK_WORDS and sum(word in declared for word in words) < _FOREIGN_BLOCK * len(words):
            if block.getparent() is not None:
                _remove_with_empty_wrappers(block, content)


def _replace_with_text(content: Element, body: str) -> None:
    """The article's children replaced by the declared text, a paragraph a line."""
    for child in list(content):
        content.remove(child)
    content.text = None
    for line in body.splitlines():
        if line.strip():
            paragraph = content.makeelement("p", {})
            paragraph.text = line.strip()
            content.append(paragraph)


def _innermost_text_blocks(content: Element) -> list[Element]:
    """The blocks below ``content`` that hold text and no block that holds text, but those inside code (which
    is data, not the page's furniture): the ones judged, in one pass (descendants before ancestors, each
    marking the blocks above it)."""
    holding: set[Element] = set()  # blocks with a block that holds text inside them
    codes = list(content.iter("pre", "code"))
    in_code = {element for code in codes for element in code.iterdescendants()} if codes else set()
    found = []
    for block in reversed(list(content.iter(*_BODY_BLOCKS))):
        if block in holding or block is content or not has_text(block):
            continue  # (has_text reads only as far as the first text that is not white space, in C)
        if block not in in_code:
            found.append(block)
        _mark_holding(block, holding)
    found.reverse()
    return found


def _mark_holding(block: Element, holding: set[Element]) -> None:
    """The blocks above ``block`` added to ``holding``, up to the first already there (and so every one above
    it); by ``getparent()``, which is cheaper than an ``iterancestors()`` with tags made anew for each block."""
    ancestor = block.getparent()
    while ancestor is not None:
        if ancestor.tag in _BODY_BLOCK_TAGS:
            if ancestor in holding:
                return
            holding.add(ancestor)
        ancestor = ancestor.getparent()


# --- The next article: a page that appends the following story below its own ---------------------------

_FULL_ARTICLE = 400
"""Characters of text an ``<article>`` holds to be a story of its own (a teaser or a card holds fewer)."""
_MAX_STORIES = 3
"""More full ``<article>`` elements than this are a live blog's entries, which are all the article."""
_MAIN = re.compile(r"(?:^|[\s_-])main(?:$|[\s_-])", re.IGNORECASE)


def _drop_next_articles(content: Element) -> None:
    """Two or three full ``<article>`` elements side by side, each with its heading: the page's own story is the
    one marked main, else the first; those that follow it are the next stories an endless page appended."""
    stories = [
        article
        for article in content.iter("article")
        if not any(ancestor.tag == "article" for ancestor in article.iterancestors())
        and _visible_length(article) >= _FULL_ARTICLE
    ]
    if not 2 <= len(stories) <= _MAX_STORIES:
        return
    marked = [story for story in stories if _MAIN.search(f"{story.get('id') or ''} {story.get('class') or ''}")]
    own = marked[0] if len(marked) == 1 else stories[0]
    for story in stories[stories.index(own) + 1 :]:
        if next(story.iter(*HEADINGS), None) is not None:
            _remove_with_empty_wrappers(story, content)


# --- Captions: the text an image carries, which is not the article's ----------------------------------

_CAPTION_MARKS = re.compile(r"(?:^|[\s_-])(?:caption|captions|credit|credits|copyright)(?:$|[\s_-])", re.IGNORECASE)
_CAPTION_HINT = re.compile(r"caption|credit|copyright", re.I)
"""A cheap look before ``_CAPTION_MARKS``."""
_CAPTION_PROPS = frozenset({"caption", "creditText", "copyrightHolder", "copyrightNotice", "copyrightYear"})
_MAX_CAPTION = 600
"""Characters of text a caption may hold: more, and it is a passage set beside the image."""
_NOT_CAPTIONS = ("pre", "code", "table", "blockquote", "ul", "ol")


_CREDIT = re.compile(
    r"©|\(c\)\s|\b(?:photo|photos|photograph|picture|image|foto|fotos|bild|bilder|credits?|quelle|fuente|fonte|"
    r"crédits?|kuva|zdjęcie)\s*(?::|by\b|von\b|par\b|por\b|de\b)|getty\s*images|\breuters\b|\bafp\b|"
    r"\bap photo\b|\bdpa\b|\bepa\b|shutterstock|istock|\bimago\b|keystone|picture[- ]alliance|scanpix|"
    r"\bxinhua\b|\banadolu\b|\bkyodo\b|\byonhap\b|연합뉴스|뉴시스|뉴스1|共同通信|新华社",
    re.IGNORECASE,
)
"""What a photo's credit line holds: a copyright sign, a label ("Photo:", "Foto:", "Bild:", "Photo by"), or a
picture agency's name."""


def _drop_credited_figures(content: Element) -> None:
    """An image's caption and credit line ("Photo by X/Getty Images", "Foto: Y") describe the image, which the
    text has not: the text beside the media of a ``<figure>`` that credits its picture goes (a caption an author
    writes about a figure, with no credit, stays)."""
    for figure in list(content.iter("figure")):
        if figure.getparent() is None or next(figure.iter(*_MEDIA), None) is None:
            continue
        blocks = [block for block in _beside_the_media(figure) if _visible_length(block) <= _MAX_CAPTION]
        if any(_CREDIT.search(text_content(block)) for block in blocks):
            for block in blocks:
                _remove_with_empty_wrappers(block, content)


def _is_marked_caption(element: Element, classes: str | None) -> bool:
    """A block marked as a caption or a credit (a class word, schema.org's ``itemprop``) that holds no media."""
    marked = (classes and _CAPTION_HINT.search(classes) and _CAPTION_MARKS.search(classes)) or (
        element.get("itemprop") in _CAPTION_PROPS
    )
    if not marked or next(element.iter(*_MEDIA, *_NOT_CAPTIONS), None) is not None:
        return False
    return 0 < _visible_length(element) <= _MAX_CAPTION


_MIN_ALT_WORDS = 4


def _alt_texts(content: Element) -> set[str]:
    """The ``alt`` texts of the article's pictures (of a few words at least), casefolded."""
    alts = set()
    for image in content.iter("img"):
        alt = " ".join((image.get("alt") or "").split())
        if len(alt.split()) >= _MIN_ALT_WORDS:
            alts.add(alt.casefold())
    return alts


def _is_alt_repeat(block: Element, text: str, alts: set[str]) -> bool:
    """A block that repeats a picture's ``alt`` text word for word and credits it is the picture's caption, set
    outside a ``<figure>``; an author's caption that credits no one stays."""
    return text.casefold() in alts and _CREDIT.search(text) is not None and next(block.iter(*_MEDIA), None) is None


def _drop_lines(content: Element) -> list[Element]:
    """The article's lines judged by what they say, in one pass over its innermost blocks: a call to act, an
    advertisement's label, a "Read also" teaser, a credit line, a clock line, the comments' label, a caption that
    repeats a picture's ``alt``; and after the article's last paragraph, the comments' rules. Gives the lines that
    are a date with its time of day, for :func:`_drop_timed_datelines` (after the datelines at the edges, which go
    with the byline they may share a box with)."""
    alts = _alt_texts(content)
    # the most words a line test can say yes to: a call to act's, a teaser's, a credit's, an alt's
    longest = max([_MAX_CALL_WORDS, _MAX_TITLE_WORDS * 3, _CREDIT_WORDS, *(len(alt.split()) for alt in alts)])
    rules: list[Element] = []  # the comments' rules, if no paragraph follows them
    timed: list[Element] = []
    for block in _innermost_text_blocks(content):
        if block.getparent() is None:
            continue  # removed: what this pass removes holds no other block of the list
        raw = text_content(block)
        words = raw.split(maxsplit=longest)  # a passage's words past the longest line's are not split
        if len(words) > longest and words[0][:1].isalnum():  # a passage: only the comments' rules may say yes
            if _is_comment_rules_passage(raw):
                rules.append(block)
            else:
                rules.clear()  # a paragraph follows them: rules the article itself states
            continue
        text = " ".join(words if len(words) <= longest else raw.split())
        if _is_call_to_act(text):
            _remove_with_empty_wrappers(block, content)
        elif len(words) <= _MAX_RULES_WORDS and _is_comment_rules(text):
            rules.append(block)
        else:
            if len(words) >= _PROSE_WORDS:
                rules.clear()  # a paragraph follows them: rules the article itself states
            if _is_other_furniture_line(block, text, len(words), content, alts):
                _remove_with_empty_wrappers(block, content)
            elif len(words) <= _DATELINE_WORDS and _is_timed_dateline(block, text, content):
                timed.append(block)
    for block in rules:
        _remove_with_empty_wrappers(block, content)
    return timed


def _drop_timed_datelines(content: Element, timed: list[Element]) -> None:
    """The lines that are a date with its time of day, left after the datelines at the article's edges went."""
    for block in timed:
        if block.getparent() is not None and any(ancestor is content for ancestor in block.iterancestors()):
            _remove_with_empty_wrappers(block, content)


def _is_other_furniture_line(block: Element, text: str, words: int, content: Element, alts: set[str]) -> bool:
    """A "Read also" teaser, a credit line, a clock line, the comments' label, the tools' labels, the site's
    copyright notice, a caption repeating an ``alt`` (``words``: the line's count of words)."""
    if _is_read_also(block, text) or _is_credit_line(block, text, content):
        return True
    if words <= _CLOCK_WORDS and _LABEL_LINE.match(text) is not None:  # a clock's, the comments' or a tool's
        if _is_clock_line(block, text, content) or _is_comment_label(block, text):
            return True
        if _is_tool_label(block, text, content):
            return True
    if words <= _NOTICE_WORDS and _is_copyright_notice(block, text, content):
        return True
    return bool(alts) and _is_alt_repeat(block, text, alts)


_TOOL_LABEL = re.compile(
    r"^\W*(?:(?:share|print|e-?mail|mail|save|tweet|copy link|embed|newsletter|feedback|"
    r"teilen|drucken|senden|zitieren|merken|speichern|link kopieren|fehler melden|"
    r"partager|imprimer|compartir|imprimir|condividi|stampa|"
    r"facebook|twitter|whatsapp|linkedin|telegram)\W*)+$",
    re.IGNORECASE,
)
"""The label of an article's tool, or of several side by side ("Teilen", "Drucken", "E-Mail", "Share"): a button
whose action Readability.js removed."""


def _is_tool_label(block: Element, text: str, content: Element) -> bool:
    """A line of its own that only names tools to share, print, save or mail the article (not a heading, which is
    judged as one; not in code)."""
    if _TOOL_LABEL.match(text) is None or next(block.iter(*HEADINGS), None) is not None:
        return False
    return _is_own_line(block, content) and not _in_code(block, content)


_NOTICE_WORDS = 30
_NOTICE_LENGTH = 200
"""Characters of a copyright notice at most (a script written without spaces has no words to count)."""
_COPYRIGHT_SIGNS = re.compile("©|ⓒ|opyright|OPYRIGHT")
_COPYRIGHT_OPENS = re.compile(r"^\W*(?:©|ⓒ|copyright\b)[^.!?]*\b(?:19|20)\d\d\b", re.IGNORECASE)
_RIGHTS_RESERVED = re.compile(
    r"all rights reserved|alle rechte vorbehalten|tous droits réservés|todos los derechos reservados|"
    r"tutti i diritti riservati|direitos reservados|版权所有|無断転載|무단 ?전재",
    re.IGNORECASE,
)
"""A copyright notice: it opens with its sign and a year ("© 2015 A Group", "Copyright © 2023 The Daily"), or it
reserves the rights beside its sign; a line that only mentions a copyright in passing ("first published at X.
Copyright 2015.") is the article's note on where it comes from."""


def _is_copyright_notice(block: Element, text: str, content: Element) -> bool:
    """A line of its own that is the site's copyright notice ("Copyright © 2023 The Daily, LLC.", "© 2015 A Media
    Group. All rights reserved."): the page's footer, left in the article; one in code is the code's."""
    if len(text) > _NOTICE_LENGTH or _COPYRIGHT_SIGNS.search(text) is None:
        return False  # (a cheap look first: most lines have no sign)
    if _COPYRIGHT_OPENS.match(text) is None and _RIGHTS_RESERVED.search(text) is None:
        return False
    return _is_own_line(block, content) and not _in_code(block, content)


_CLOCK_WORDS = 6
"""Words of a label line at most: a clock line, the comments' label, the article's tools' labels."""
_CLOCK_LINE = re.compile(
    r"^\W*(?:\d[\d./-]*\d\s*\W?\s*)?(?:"
    r"\d+\s*(?:min|mins|minutes?|hours?|hrs?|days?|weeks?)\.?\s*ago|"  # 2 hours ago
    r"vor \d+\s*(?:min\.?|minuten|std\.?|stunden?|tagen?)|il y a \d+\s*(?:min|minutes?|heures?|jours?)|"
    r"hace \d+\s*(?:min|minutos?|horas?|días?)|"
    r"(?:duration|dauer|durée|duración)\W*\d+(?::\d\d){1,2}|"  # a video's length
    r"\d+(?::\d\d){1,2}\s*min\.?|"
    r"\d+\s*(?:min\.?|mins|minutes?|minuten)\s*(?:read|lesezeit|lesedauer|de lecture|de lectura)|"  # reading time
    r"(?:reading time|lesezeit|lesedauer|temps de lecture|tiempo de lectura)\W*\d+\s*(?:min\.?|minutes?|minuten)"
    r")\W*(?:\d{1,2}:\d\d)?\W*$",
    re.IGNORECASE,
)
"""A line that only says how long ago a post was made, how long a video runs or how long the article takes to
read ("2 hours ago", "Duration 1:30", "26.10.2025 | 2:43 min", "3 Min Lesezeit"): a teaser's or a header's data."""


def _is_clock_line(block: Element, text: str, content: Element) -> bool:
    """A line of its own that is only an age, a running time or a reading time (``text``: its text); one with a
    ``<time>`` is a dateline's, judged with the line it may share with a byline (:func:`_drop_edge_datelines`)."""
    if _CLOCK_LINE.match(text) is None or next(block.iter("time"), None) is not None:
        return False
    return _is_own_line(block, content) and not _in_code(block, content)


_CREDIT_WORDS = 8
_CREDIT_LENGTH = 60
"""Characters of a credit line at most (scripts written without spaces have no words to count)."""


def _is_credit_line(element: Element, text: str, content: Element) -> bool:
    """A line of its own that is only a credit: "© A. Writer", "Quelle: dpa", "A. Writer/Getty Images"; the credit
    opens or closes it (a sentence that names an agency in passing is no credit line). ``text``: its text."""
    if not text or len(text.split()) > _CREDIT_WORDS or len(text) > _CREDIT_LENGTH or text[-1] in ".!?:。":
        return False
    if not any(match.start() == 0 or match.end() == len(text) for match in _CREDIT.finditer(text)):
        return False  # (the text first: it is short, and most lines are no credit)
    return next(element.iter("a", *_MEDIA), None) is None and _is_own_line(element, content)


def _beside_the_media(figure: Element) -> list[Element]:
    """The elements of ``figure`` that hold text and no media: its caption, its credit. Code, a quotation or a
    table set in a figure is its content, not a caption: such a figure gives none."""
    if next(figure.iter(*_NOT_CAPTIONS), None) is not None:
        return []
    found: list[Element] = []
    for child in figure:
        if not isinstance(child.tag, str):
            continue
        if next(child.iter(*_MEDIA), None) is not None:
            found.extend(_beside_the_media(child))
        elif text_content(child).strip():
            found.append(child)
    return found


# --- The author's box: a byline, a bio -----------------------------------------------------------------

_AUTHOR_MARKS = re.compile(r"(?:^|[\s_-])(?:author|authors|byline|bylines|contributor|contributors)(?:$|[\s_-])", re.I)
_AUTHOR_HINT = re.compile(r"author|byline|contributor", re.I)
"""A cheap look before ``_AUTHOR_MARKS`` (most elements have no such class)."""
_BOX_HINT = re.compile(r"caption|credit|copyright|author|byline|contributor", re.I)
"""``_CAPTION_HINT`` and ``_AUTHOR_HINT`` at once: a look at a class before either box's test."""
_MAX_AUTHOR_BOX = 600
"""Characters of text an author's box may hold (a name, a role, a bio of a few sentences)."""


def _drop_marked_boxes(content: Element) -> None:
    """Boxes whose class says what they are, in one pass: a caption or a credit (:func:`_is_marked_caption`), or
    the author's box (a byline, a bio: "X covers politics..."): the feed's byline says who wrote it, and the bio
    is not the article. Bounded: a box that holds a passage of the article (more than a few sentences, or most of
    it) is no author's box."""
    total: int | None = None  # the article's length, measured once an author's box is found
    for element in _WITH_ATTRIBUTES(content):  # every mark is an attribute: a class, an id, an itemprop
        classes, name = element.get("class"), element.get("id")
        if not (
            (classes and _BOX_HINT.search(classes))
            or (name and _AUTHOR_HINT.search(name))
            or element.get("itemprop") in _CAPTION_PROPS
        ):
            continue  # no mark of a caption, a credit or an author: most elements
        if element.getparent() is None:
            continue
        if _is_marked_caption(element, classes):
            _remove_with_empty_wrappers(element, content)
            continue
        if not (classes and _AUTHOR_HINT.search(classes) or name and _AUTHOR_HINT.search(name)):
            continue
        if not _AUTHOR_MARKS.search(f"{classes or ''} {name or ''}"):
            continue
        size = _visible_length(element)
        if size > _MAX_AUTHOR_BOX:
            continue
        if total is None:
            total = _visible_length(content)
        if 2 * size < total and next(element.iter("pre", "table"), None) is None:
            _remove_with_empty_wrappers(element, content)


# --- Calls to act: subscribe, sign up, download, comment, report an error ---------------------------------

_CALLS_TO_ACT = re.compile(
    r"\b(?:"
    # English
    r"subscribe (?:now|today|to (?:our|the|my) (?:newsletter|channel|podcast))|already a subscriber|"
    r"sign up (?:for|to) (?:our|the|my) (?:\w+ )?newsletter|(?:get|receive) (?:our|the) (?:\w+ )?newsletter|"
    r"download (?:our|the) (?:\w+ )?app|"
    r"to post a comment|comments? (?:are|is) (?:moderated|closed)|support (?:local|independent) journalism|"
    r"got a story\?|while an ad ?blocker is (?:enabled|active|on)|"
    # German
    r"newsletter abonnieren|jetzt abonnieren|abonniere (?:den|unseren)|zum newsletter|"
    r"fehler gefunden\?|fehler (?:auf [\w.]+ )?entdeckt\?|ist ein abonnement erforderlich|"
    r"bitte aktivieren sie (?:javascript|ihren werbeblocker)|"
    # French, Spanish, Portuguese, Italian
    r"réservée? aux abonnés|abonnez-vous|inscrivez-vous à (?:notre|la) newsletter|il vous reste \d|"
    r"votre abonnement n.autorise pas|"
    r"suscr[ií]bete|recibe las mejores|suscríbase|assine (?:já|agora)|inscreva-se|abbonati (?:ora|subito)|"
    r"iscriviti alla newsletter|"
    # consent to a form's terms, to cookies, to an embedded post's data transfer
    r"you agree (?:with|to) [^.]{0,60}(?:terms|privacy)|constitutes (?:acceptance|agreement)|"
    r"we (?:store|use|set) cookies|manage consent|"
    r"(?:ich bin|sie sind) damit einverstanden|widerrufliche einwilligung|externen? inhalte?\b|"
    r"empfohlener (?:redaktioneller )?inhalt|"
    r"(?:in|gemäß) unserer datenschutzerklärung"
    r")|会員限定"  # Japanese, written without spaces: no word boundary (members only)
)  # matched against the text lowercased: quicker than IGNORECASE
"""Phrases that ask the reader to subscribe, sign up, download an app, comment, report an error, or consent (to a
form's terms, to cookies, to an embedded post's content): a box's, not the article's."""
_MAX_CALL_WORDS = 50
_AD_LABEL = re.compile(
    r"^\W*(?:advertisements?|sponsored|anzeige|werbung|publicidad|publicité|pubblicità|publicidade|reklam|reklama|"
    r"reklame|annons|annonce|annonse|advertentie|mainos|광고|広告|广告|"
    r"(?:story|article) continues below(?: this)?(?: advertisement| ad)?|continue reading below|"
    r"advertisement\W+(?:story|article) continues below)\W*$",
    re.IGNORECASE,
)
"""A line that only labels an advertisement slot, which Readability.js kept without its ad."""


def _is_call_to_act(text: str) -> bool:
    """A short block that asks the reader to subscribe, sign up for a newsletter, get an app, or report an
    error ("Subscribe now to read the latest news", "Fehler gefunden? Jetzt melden."): the page's box, not the
    article; or a line that only labels an advertisement. A block of more than a few sentences is the
    article's, whatever it says."""
    if _AD_LABEL.match(text):
        return True
    return len(text.split()) <= _MAX_CALL_WORDS and _CALLS_TO_ACT.search(text.lower()) is not None


# --- The comments' furniture: their count, their link, their rules ----------------------------------------

_COMMENT_LABEL = re.compile(
    r"^\W*(?:\d+\s*)?(?:comments?|kommentare?|commenti|commentaires?|comentarios?|comentários?|kommentarer|"
    r"reacties|komentarze|join the conversation|leave a (?:comment|reply)|add (?:a )?comment|show comments|"
    r"kommentieren|kommentar schreiben)\s*(?:\(\d+\)|\d+)?\W*$",
    re.IGNORECASE,
)
"""A line that only names the comments, with their count: the link or the button to them ("3 Kommentare",
"Join the Conversation", "Commenti")."""
_LABEL_LINE = re.compile(
    "|".join(f"(?:{pattern.pattern})" for pattern in (_CLOCK_LINE, _COMMENT_LABEL, _TOOL_LABEL)), re.IGNORECASE
)
"""A clock line, the comments' label or a tool's, in one look (most lines are none)."""
_COMMENT_RULES = re.compile(
    r"to post a comment|your comments are subject to|community (?:rules|guidelines|standards) apply|"
    r"comments (?:and pings )?are (?:currently )?closed|"
    r"kommentare im forum|dass ihre kommentare|kommentare (?:und pings )?sind (?:derzeit )?geschlossen|"
    r"les commentaires sont modérés|charte de modération|normas de (?:participación|la comunidad)|"
    r"مراجعة التعليقات"
)  # matched against the text lowercased
"""What the rules for the comments say ("To post a comment, log into...", "Die Kommentare im Forum geben nicht
notwendigerweise die Meinung der Redaktion wieder"): the comment section's, which Readability.js kept without it."""
_MAX_RULES_WORDS = 120
"""Words of a comment section's rules at most: more, and it is a passage about comments."""
_RULES_HINT = re.compile("omment|ommunit|modér|ormas|التعليقات")
"""A part of a word every phrase of ``_COMMENT_RULES`` holds: a cheap look first."""


def _is_comment_rules(text: str) -> bool:
    """Whether ``text`` says what a comment section's rules say."""
    return _RULES_HINT.search(text) is not None and _COMMENT_RULES.search(text.lower()) is not None


def _is_comment_rules_passage(text: str) -> bool:
    """:func:`_is_comment_rules` for a passage longer than a line, of ``_MAX_RULES_WORDS`` words at most (the
    cheap look first: most passages do not name the comments)."""
    if _RULES_HINT.search(text) is None:
        return False
    words = text.split(maxsplit=_MAX_RULES_WORDS)
    return len(words) <= _MAX_RULES_WORDS and _COMMENT_RULES.search(" ".join(words).lower()) is not None


def _is_comment_label(block: Element, text: str) -> bool:
    """A line that only names the comments (a heading that does is judged as one: :func:`_drop_dangling_headings`;
    a section of documentation may be titled "Comments")."""
    return _COMMENT_LABEL.match(text) is not None and next(block.iter(*HEADINGS), None) is None


# --- "Read also": a link to another story, set in the article ------------------------------------------

_READ_ALSO = re.compile(
    r"^\W*(?:read (?:more|also|next)|also read|see also|related(?: articles| stories| posts| content)?|"
    r"more on this(?: topic| story)?|you may also like|recommended(?: for you)?|most read|"
    r"lesen sie (?:auch|mehr|hier)|lest auch|mehr zum thema|auch interessant|weitere artikel|meistgelesen|"
    r"häufig gelesen|lese-?empfehlung(?:en)?|das könnte sie auch interessieren|"
    r"(?:à )?lire aussi|sur le même sujet|lee también|leer más|te puede interesar|leia (?:também|mais)|"
    r"veja também|leggi anche|lees ook|czytaj (?:więcej|też|także)|les også|läs också|læs også|les mer)"
    r"\s*[:>»›→|-]?\s*",
    re.IGNORECASE,
)
"""Labels that send the reader to another story ("Read more:", "Lesen Sie auch", "À lire aussi"...)."""


def _is_read_also(block: Element, text: str) -> bool:
    """A line that is such a label and a link to another story ("Read more: <a>The next thing</a>"), or the label
    alone with nothing after it but links: a teaser the page set in the article, not the article's text."""
    label = _READ_ALSO.match(text)
    if label is None or len(text.split()) > _MAX_TITLE_WORDS * 3:
        return False
    rest = _visible_length(block) - sum(map(_visible_length, block.iter("a")))
    label_length = len("".join(label.group(0).split()))
    return rest <= label_length and (label_length < len("".join(text.split())) or _only_links_follow(block))


def _only_links_follow(block: Element) -> bool:
    """Whether the blocks after ``block`` (its siblings) hold links and nothing else, or nothing at all."""
    for sibling in block.itersiblings():
        if _visible_length(sibling) > sum(map(_visible_length, sibling.iter("a"))):
            return False
        if (sibling.tail or "").strip():
            return False
    return not (block.tail or "").strip()


# --- Datelines: the date a page prints above or below the article, which the feed's fields carry -----

_DATELINE_WORDS = 10
_LABEL_WORDS = 4
"""Words without a digit a dateline holds beside its date: a label, a month, "Uhr", "min read"."""
_PROSE_WORDS = 15
_PROSE_TAGS = ("p", "li", "blockquote", "pre", "td")
_DATELINE_TAGS = ("p", "div", "span", "time", "small", "li", "header", "footer", "address", "dd", "em", "strong")


def _drop_edge_datelines(content: Element) -> None:
    """A short line that is a date (and a label, a time, a reading time) before the article's first paragraph
    of prose or after its last: "Stand: 12.03.2024 14:05 Uhr", "Published December 3, 2024"."""
    elements = list(content.iter(*_PROSE_TAGS, *_DATELINE_TAGS))  # in document order
    first = _first_prose(elements, range(len(elements)))
    if first is None:
        return
    last = _first_prose(elements, range(len(elements) - 1, first - 1, -1))
    assert last is not None
    for index in chain(range(first), range(last + 1, len(elements))):
        element = elements[index]
        if element.tag not in _DATELINE_TAGS or element.getparent() is None:
            continue
        if not 0 < _words_up_to(element, _DATELINE_WORDS) <= _DATELINE_WORDS or _in_code(element, content):
            continue
        if _is_own_line(element, content) and _is_dateline(element):
            _remove_with_empty_wrappers(element, content)


def _first_prose(elements: Sequence[Element], indices: Iterable[int]) -> int | None:
    """The first of ``indices`` whose element is a paragraph of prose: only the first and the last paragraph of
    prose bound the datelines, so the paragraphs between them are never counted."""
    for index in indices:
        element = elements[index]
        if element.tag in _PROSE_TAGS and _words_up_to(element, _PROSE_WORDS) >= _PROSE_WORDS:
            return index
    return None


_DATELINE_LENGTH = 80
"""Characters of a dateline inside the article at most (a script written without spaces has no words to count)."""
_CLOCK_TIME = re.compile(r"\b\d{1,2}[:.]\d\d\b(?![.:]\d)|\buhr\b", re.IGNORECASE)
"""A time of day ("19:25", "7.57 Uhr"): what a dateline inside the article adds to its date (the publication's)."""


def _is_timed_dateline(block: Element, text: str, content: Element) -> bool:
    """A line of its own that is a date with its time of day ("Freitag, 28.04.2023, 19:25", "Publiziert heute um
    12:19 Uhr"): the publication's dateline, wherever the page set it (often below the lead); a date without a
    time inside the article may be the article's own (a changelog's entry), and stays."""
    if len(text) > _DATELINE_LENGTH or _CLOCK_TIME.search(text) is None or not _is_dateline(block):
        return False
    return _is_own_line(block, content) and not _in_code(block, content)


_MENU_LINKS = 3
_MENU_LINK_WORDS = 4
"""Words of a menu's entry at most, on average ("News", "Travel International", "Hot Topics")."""


def _drop_edge_menus(content: Element) -> None:
    """A list of links and nothing else, of short entries, above the article's first paragraph of prose: the
    site's menu or a breadcrumb that Readability.js kept with the article ("News Sport Opinion Life")."""
    menus = [listing for listing in content.iter(*_LISTS, "nav", "menu") if _is_menu(listing, content)]
    if not menus:
        return
    order = {element: index for index, element in enumerate(content.iter())}
    prose = [
        order[el]
        for el in content.iter("p", "li", "blockquote", "pre", "td")
        if _words_in(el) >= _PROSE_WORDS and 2 * sum(map(_visible_length, el.iter("a"))) < _visible_length(el)
    ]  # a menu's entry that holds its submenu is no prose
    if not prose:
        return
    first = min(prose)
    for listing in menus:
        if listing.getparent() is not None and order[listing] < first:
            _remove_with_empty_wrappers(listing, content)


def _is_menu(listing: Element, content: Element) -> bool:
    """Three links or more, of a few words each, and nothing else (not a list inside a list)."""
    links = [link for link in listing.iter("a") if text_content(link).strip()]
    if len(links) < _MENU_LINKS or _inside_list(listing, content):
        return False
    if sum(map(_visible_length, links)) != _visible_length(listing):
        return False
    return sum(_words_in(link) for link in links) <= _MENU_LINK_WORDS * len(links)


_BLOCKS = frozenset({"p", "div", "li", "header", "footer", "dd", "dt", "address", "section", "td", *HEADINGS})


def _is_own_line(element: Element, content: Element) -> bool:
    """Whether ``element`` is a line of its own, not a date inside a sentence ("updated on: <time>")."""
    block = element
    while block.tag not in _BLOCKS and block is not content:
        parent = block.getparent()
        if parent is None:
            break
        block = parent
    return block is element or _words_in(block) == _words_in(element)


def _in_code(element: Element, content: Element) -> bool:
    """Inside a code block, where a date is data ("created_at": "2023-09-06")."""
    return any(ancestor.tag in ("pre", "code") for ancestor in element.iterancestors() if ancestor is not content)


def _words_in(element: Element) -> int:
    return len(text_content(element).split())


def _words_up_to(element: Element, limit: int) -> int:
    """:func:`_words_in`, counted only until it passes ``limit`` (then any count above it): a big block's words
    are not all split to learn it is not a short line. A word may run across two text nodes (``a<b>b</b>``)."""
    count = 0
    in_word = False  # the text so far ends inside a word
    for chunk in element.itertext():
        if not chunk:
            continue
        words = len(chunk.split())
        if words and in_word and not chunk[0].isspace():
            words -= 1  # the word the last chunk left open goes on
        count += words
        if count > limit:
            return count
        in_word = not chunk[-1].isspace() if words or in_word else False
    return count


def _is_dateline(element: Element) -> bool:
    """A ``<time>``, or a line whose date is in its words: not a link's ("Update: https://x/2017/12/01/")."""
    if next(element.iter("a", "pre", "code"), None) is not None:
        return False
    if element.tag == "time" or next(element.iter("time"), None) is not None:
        return True
    text = " ".join(text_content(element).split())
    if "://" in text or sum(not any(char.isdigit() for char in word) for word in text.split()) > _LABEL_WORDS:
        return False  # a sentence that gives a date ("the packages were last updated on 12/03/2024")
    return find_text_date(text, dateline=True) is not None


# --- Furniture: what a page around the article puts in it --------------------------------------------

_SCREEN_READER_ONLY = re.compile(
    r"(?:^|\s)(?:sr-only|visually-?hidden|screen-reader-(?:text|only)|a11y-hidden|assistive-text)(?:$|\s)",
    re.IGNORECASE,
)
_HIDDEN = frozenset({"hidden", "d-none", "is-hidden", "hide", "u-hidden", "display-none"})
_SHOWN_AT_A_SIZE = re.compile(
    r"^(?:\w+:(?:block|flex|grid|inline|inline-block|inline-flex|table|contents)|"
    r"d-(?:sm|md|lg|xl|xxl)-(?:block|flex|grid|inline|inline-block|inline-flex|table))$"
)


def _hidden_by_class(classes: str) -> bool:
    """A class that hides the element from every reader (``hidden``, Bootstrap's ``d-none``): a paywall's or a
    registration wall's text that the page shows to some visitors only. Not one shown at some screen size
    (``hidden md:block``, ``d-none d-lg-block``), which a reader on a wide screen sees."""
    lowered = classes.lower()
    if "hid" not in lowered and "none" not in lowered:
        return False  # every class of _HIDDEN says one or the other
    tokens = lowered.split()
    return bool(_HIDDEN.intersection(tokens)) and not any(_SHOWN_AT_A_SIZE.match(token) for token in tokens)


_BREADCRUMBS = re.compile(r"(?:^|[\s_-])breadcrumbs?(?:$|[\s_-])", re.IGNORECASE)
_SHARE_SERVICES = re.compile(
    r"^(?:https?:)?//(?:[\w-]+\.)*(?:"
    r"facebook\.com/(?:sharer|share\.php|dialog/share)|(?:twitter|x)\.com/(?:intent|share)|"
    r"linkedin\.com/(?:shareArticle|sharing|cws/share)|reddit\.com/submit|pinterest\.\w+/pin/create|"
    r"plus\.google\.com/share|(?:api\.)?whatsapp\.com/send|wa\.me/\?|t\.me/share|telegram\.me/share|"
    r"news\.ycombinator\.com/submitlink|getpocket\.com/(?:save|edit)|tumblr\.com/(?:share|widgets/share)|"
    r"vk\.com/share\.php|weibo\.com/share|service\.weibo\.com/share|b\.hatena\.ne\.jp/(?:add|entry)|"
    r"social-plugins\.line\.me|mastodonshare\.com|bsky\.app/intent|threads\.net/intent)",
    re.IGNORECASE,
)
_TOP = frozenset({"#", "#top", "#page", "#main", "#content", "#site-top", "#__top"})
_SKIP_TARGET = re.compile(r"content|main|article", re.IGNORECASE)
"""The fragment a "Skip to content" link jumps to."""
_BOX_CLASSES = re.compile(
    r"(?:^|[\s_-])(?:newsletter|subscribe|subscription|signup|sign-up|mailchimp|mc_embed_signup|optin|"
    r"share|sharing|shares|social-share|share-buttons|sharedaddy|post-nav|post-navigation|nav-links)(?:$|[\s_-])",
    re.IGNORECASE,
)
"""Class words of the boxes a page puts in its articles: a newsletter's sign-up, share buttons, the links to
the previous and next post."""
_META_CLASSES = re.compile(r"(?:^|[\s_-])(?:post|entry|article)-meta(?:$|[\s_-])", re.IGNORECASE)
"""Class words of a post's meta line (its date, category, reading time: the feed's fields), which goes unless it
holds half the article or more (a short post's meta line is longer than the post, and then it is kept)."""
_SOURCE_VIEWS = re.compile(
    r"^(?:https?:)?//(?:www\.)?(?:"
    r"(?:github\.com|gitlab\.com|codeberg\.org|bitbucket\.org|gitee\.com)/[^/]+/[^/]+/(?:-/)?"
    r"(?:(?:edit|blame|commits|history)/|(?:blob|raw|src)/[^?#]+\.(?:md|markdown|mdx|rst|adoc|ipynb|txt)\b)|"
    r"raw\.githubusercontent\.com/[^?#]+\.(?:md|markdown|mdx|rst|adoc|ipynb|txt)\b)",
    re.IGNORECASE,
)
"""A code host's view of the page's own source document: "Edit this page", "View source", "History" (not a
link to a project's code, which an article may well be about)."""
_MAX_FURNITURE = 300
_HIDDEN_SHARE = 4
"""A box no reader sees (a class hides it) goes however long it is, if the article is this many times longer (a
registration wall's pitch); a longer one may be the article's text that a script reveals."""
"""Characters of text a piece of furniture may hold: more, and it is not furniture."""


_FURNITURE_CANDIDATES = etree.XPath(".//*[@class or @id or @aria-label or @itemtype] | .//a | .//label")
"""The elements :func:`_is_furniture` can say yes to, found by libxml2 in document order: most have none of these."""
_FURNITURE_MARKS = etree.XPath(
    "descendant::*/@class | descendant::*/@id | descendant::*/@aria-label | descendant::*/@itemtype",
    smart_strings=False,
)
"""The values of the attributes :func:`_is_furniture` reads, as plain strings (no element is made for them)."""
_WITH_ATTRIBUTES = etree.XPath(".//*[@*]")
"""The elements that carry an attribute, in document order: every mark of a box is one."""


def _drop_furniture(content: Element, url: str) -> None:
    emptied: list[Element] = []
    article_length: int | None = None  # read once, when a hidden box too long for furniture is met
    for element in _furniture_candidates(content):
        if element.getparent() is None or not _is_furniture(element, url):
            continue
        size = _visible_length(element)
        if size > _MAX_FURNITURE and _hidden_by_class(element.get("class") or ""):
            if article_length is None:
                article_length = _visible_length(content)
            if size * _HIDDEN_SHARE <= article_length:
                _remove_with_empty_wrappers(element, content)  # a registration wall no reader sees
            continue
        if size <= _MAX_FURNITURE:
            parent = element.getparent()
            _remove_with_empty_wrappers(element, content)
            if parent is not None and parent is not content and _is_tag_or_share(element):
                emptied.append(parent)
    for holder in emptied:
        if holder.getparent() is not None and _holds_only_a_label(holder):
            _remove_with_empty_wrappers(holder, content)
    _drop_meta_lines(content)


def _furniture_candidates(content: Element) -> list[Element]:
    """The elements :func:`_is_furniture` can say yes to, in document order: every link and label, and the elements
    with a class, an id, an ``aria-label`` or an ``itemtype`` only where one of those values could mark furniture
    (most articles have none, and then no element is made for them)."""
    if any(map(_may_mark_furniture, set(_FURNITURE_MARKS(content)))):
        return list(_FURNITURE_CANDIDATES(content))
    return list(content.iterdescendants("a", "label"))


@lru_cache(maxsize=4096)
def _may_mark_furniture(value: str) -> bool:
    """Whether ``value``, as any of the attributes :func:`_is_furniture` reads, would say furniture."""
    return bool(
        value
        and (
            _furniture_classes(value)
            or _BOX_CLASSES.search(value)
            or "breadcrumb" in value.lower()
            or "BreadcrumbList" in value
        )
    )


def _drop_meta_lines(content: Element) -> None:
    """A post's meta line: a box whose class says so, of a few hundred characters, under half the article (the
    box as a whole: its items are not judged one by one)."""
    boxes = [
        element
        for element in content.iter()
        if "meta" in (classes := element.get("class") or "").lower() and _META_CLASSES.search(classes)
    ]
    if not boxes:
        return
    total = _visible_length(content)
    marked = set(boxes)
    for box in boxes:
        if any(ancestor in marked for ancestor in box.iterancestors()):
            continue  # an item of the meta line (``post-meta-item``) goes with it or stays with it
        size = _visible_length(box)
        if size <= _MAX_FURNITURE and 2 * size < total:
            _remove_with_empty_wrappers(box, content)


def _holds_only_a_label(holder: Element) -> bool:
    """What held tags or share links and now holds only its label ("Tags: ,", "Share on")."""
    return (
        len(text_content(holder).split()) <= 2
        and next(holder.iter("a", *_MEDIA), None) is None
        and holder.tag in _WRAPPERS | {"ul", "ol"}
    )


def _is_furniture(element: Element, url: str) -> bool:
    attributes = element.attrib
    if attributes:  # most elements have none: only their tag is looked at
        classes = attributes.get("class")
        if classes and _furniture_classes(classes):
            return True
        if "breadcrumb" in (attributes.get("aria-label") or "").lower():
            return True
        if "BreadcrumbList" in (attributes.get("itemtype") or ""):
            return True
        if _BOX_CLASSES.search(attributes.get("id") or ""):
            return True
    if element.tag == "a":
        return _is_furniture_link(element, url)
    return element.tag == "label"  # a form's: its control is gone ("Toggle table of contents sidebar")


@lru_cache(maxsize=4096)
def _furniture_classes(classes: str) -> bool:
    """Whether a class attribute says furniture: text for screen readers only, hidden, a breadcrumb, a box
    (remembered: a page gives many elements the same classes)."""
    return bool(
        _SCREEN_READER_ONLY.search(classes)
        or _hidden_by_class(classes)
        or _BREADCRUMBS.search(classes)
        or _BOX_CLASSES.search(classes)
    )


def _is_tag_or_share(element: Element) -> bool:
    """A link to one of the page's tags (``rel="tag"``), to the previous or next post (``rel="prev"``), or a
    button to a share service or to the page's source: not a link in a sentence ("send us a tweet"), which is
    the author's."""
    if element.tag != "a":
        return False
    if {"tag", "prev", "next"} & set((element.get("rel") or "").lower().split()):
        return True
    href = (element.get("href") or "").strip()
    buttons = _SHARE_SERVICES.search(href) is not None or _SOURCE_VIEWS.search(href) is not None
    return buttons and not _in_a_sentence(element)


def _in_a_sentence(link: Element) -> bool:
    """Whether the text around ``link`` is mostly not links: prose, not a row of buttons."""
    parent = link.getparent()
    if parent is None:
        return False
    linked = sum(_visible_length(other) for other in parent.iter("a"))
    return _visible_length(parent) > 2 * linked


def _is_furniture_link(link: Element, url: str) -> bool:
    """A link that only jumps within the page, shares it, or names one of its tags."""
    if _is_tag_or_share(link):
        return True
    href = (link.get("href") or "").strip()
    text = " ".join(text_content(link).split())
    fragment = _fragment(href, url)
    if fragment is None:
        return False
    if (f"#{fragment}" in _TOP or _SKIP_TARGET.search(fragment)) and len(text.split()) <= 4:
        return True  # "Back to top", "Skip to content"
    return len(text) <= 2 and not any(char.isalnum() for char in text)  # "#", "¶", "§", "↩": a footnote's "1" stays


def _fragment(href: str, url: str) -> str | None:
    """The fragment of a link to a place in this page (``#x``, or the page's own URL with ``#x``), else None."""
    if href.startswith("#"):
        return href[1:]
    if "#" not in href or not url:
        return None
    target, _, fragment = href.partition("#")
    try:
        same = resolve(target, url) == resolve(url.partition("#")[0])
    except InvalidURL:
        return None
    return fragment if same else None


def _number_free_code(content: Element) -> None:
    """Each line-numbered code table becomes its file name (if any) and its code's ``<pre>``."""
    for table in list(content.iter("table")):
        numbered = line_numbered_code(table)
        if numbered is None or table.getparent() is None:
            continue
        replacement: list[Element] = []
        for caption in numbered.captions:
            name = text_content(caption).strip()
            if name:
                paragraph = table.makeelement("p", {})
                paragraph.text = name
                replacement.append(paragraph)
        replacement.append(numbered.pre)
        _replace(table, replacement)


def _replace(old: Element, new: Sequence[Element]) -> None:
    """``old`` replaced by ``new`` (elements taken from wherever they are), its tail kept."""
    parent = old.getparent()
    assert parent is not None
    tail = old.tail
    index = parent.index(old)
    for offset, element in enumerate(new):
        element.tail = None
        parent.insert(index + offset, element)
    new[-1].tail = tail
    parent.remove(old)


def _is_empty(element: Element) -> bool:
    """No text and no media: nothing a reader would miss."""
    return not text_content(element).strip() and next(element.iter(*_MEDIA), None) is None


def _remove_with_empty_wrappers(element: Element, content: Element) -> None:
    """``element`` removed, and each ancestor (below ``content``) that it leaves empty."""
    parent = element.getparent()
    remove(element)
    while parent is not None and parent is not content and parent.tag in _WRAPPERS and _is_empty(parent):
        grandparent = parent.getparent()
        remove(parent)
        parent = grandparent


def _ids(content: Element) -> set[str]:
    return {value for value in _ID_VALUES(content) if value}


_ID_VALUES = etree.XPath("descendant-or-self::*/@id", smart_strings=False)
"""The ``id`` of ``content`` and of every element below it, as plain strings."""


def _is_in_page_contents(listing: Element, ids: set[str], url: str) -> bool:
    """A list of links, every one to an element of the article (``#id``), and no text outside them."""
    links = list(listing.iter("a"))
    if len(links) < 1:
        return False
    for link in links:
        fragment = _fragment((link.get("href") or "").strip(), url)
        if not fragment or unquote(fragment) not in ids:
            return False
    return sum(map(_visible_length, links)) == _visible_length(listing)


_CONTENTS_TITLE = 40
"""Characters beside the list in the box that holds a table of contents: its title ("Table of Contents")."""


def _contents_box(listing: Element, content: Element) -> list[Element]:
    """The list, or the box around it that holds nothing else but a title; and the title just above it."""
    box = listing
    size = _visible_length(listing)
    parent = listing.getparent()
    while parent is not None and parent is not content and _visible_length(parent) - size <= _CONTENTS_TITLE:
        box, parent = parent, parent.getparent()
    title = box.getprevious()
    if title is None or (title.tail or "").strip() or next(title.iter("a"), None) is not None:
        return [box]
    if title.tag in (*HEADINGS, "p", "div", "strong", "b") and 0 < _visible_length(title) <= _CONTENTS_TITLE:
        return [title, box]
    return [box]


def _visible_length(element: Element) -> int:
    """Characters of text, white space left out (list items often have none between them)."""
    return sum(map(len, text_content(element).split()))


def _drop_in_page_contents(content: Element, url: str) -> None:
    """A table of contents is the article's headings again, as links."""
    ids = _ids(content)
    if not ids:
        return
    for listing in list(content.iter(*_LISTS)):
        if listing.getparent() is None or _inside_list(listing, content):
            continue
        if _is_in_page_contents(listing, ids, url):
            for element in _contents_box(listing, content):
                _remove_with_empty_wrappers(element, content)


def _inside_list(element: Element, content: Element) -> bool:
    parent = element.getparent()
    while parent is not None and parent is not content:
        if parent.tag in _LISTS:
            return True
        parent = parent.getparent()
    return False


def _last_with_text(content: Element) -> Element | None:
    """The deepest element holding the article's last text or media: of the elements below ``content`` in document
    order, the last that holds such text or is such media (an element's tail counts for its parent, and after its
    own text); found from the end, so that only the article's last elements are read."""
    for element in _backwards(content):
        if element.tail and element.tail.strip():
            parent = element.getparent()
            return parent if parent is not content else None
        if (element.text and element.text.strip()) or element.tag in _MEDIA:
            return element
    return None


def _backwards(content: Element) -> Iterator[Element]:
    """The nodes below ``content`` in the reverse of ``content.iter()``'s order: each after its descendants."""
    node = _deepest_last(content)
    while node is not content:
        yield node
        previous = node.getprevious()
        if previous is not None:
            node = _deepest_last(previous)
        else:
            parent = node.getparent()
            assert parent is not None
            node = parent


def _deepest_last(node: Element) -> Element:
    """``node``'s last descendant in document order (``node`` itself when it has no child)."""
    while len(node):
        node = node[-1]
    return node


def _drop_empty_end(content: Element) -> None:
    """Empty wrappers that now end the article (the ``<p></p>`` a heading inside a paragraph leaves)."""
    element = content
    while len(element):
        last = element[-1]
        if last.tag in _WRAPPERS and _is_empty(last) and not (last.tail and last.tail.strip()):
            remove(last)
        elif last.tail and last.tail.strip():
            return
        else:
            element = last


def _heading_of(element: Element | None, content: Element) -> Element | None:
    """The heading that ``element`` is, or is inside."""
    while element is not None and element is not content:
        if element.tag in HEADINGS:
            return element
        element = element.getparent()
    return None


def _drop_dangling_headings(content: Element) -> None:
    """A heading introduces what follows it: at the very end, with nothing after it, it introduced what
    Readability.js removed (a comment form, a share bar, related posts)."""
    while True:
        heading = _heading_of(_last_with_text(content), content)
        if heading is None or _visible_length(heading) == _visible_length(content):
            return  # a heading alone is all the article has: it stays
        if len(text_content(heading).split()) > _MAX_TITLE_WORDS:
            return  # a sentence set as a heading is the article's own last word
        _remove_with_empty_wrappers(heading, content)
        _drop_empty_end(content)


_MAX_TITLE_WORDS = 8
"""Words of a heading that titles furniture ("Add comment", "Join the conversation"): more, and it is a sentence."""

# --- The headline --------------------------------------------------------------------------------

_SEPARATOR = re.compile(r"\s+(?:[|\-–—:·»/]|::)\s+")


def _words(text: str) -> str:
    return " ".join(_word_list(text))


def _names_the_site(part: str, site_name: str | None, host: str) -> bool:
    words = _words(part)
    if not words:
        return False
    if site_name and words == _words(site_name):
        return True
    squeezed = words.replace(" ", "")
    labels = [label for label in host.casefold().split(".") if label not in ("www", "")]
    return any(squeezed == label.replace("-", "") for label in labels)


def headline(title: str | None, site_name: str | None, url: str, headings: Iterable[str]) -> str | None:
    """``title`` without the site's name: the part of ``A - Site`` that is not the site, or that a heading repeats."""
    if not title:
        return title
    parts = _SEPARATOR.split(title.strip())
    if len(parts) < 2:
        return title.strip()
    host = urlsplit(url).hostname or ""
    kept = [part for part in parts if not _names_the_site(part, site_name, host)]
    if kept and len(kept) < len(parts):
        return _rejoin(title, kept)
    repeated = {_words(text) for text in headings}
    for part in parts:
        if _words(part) in repeated:
            return part.strip()
    return title.strip()


def _rejoin(title: str, kept: list[str]) -> str:
    """The parts kept, with the separators the title had between them."""
    if len(kept) == 1:
        return kept[0].strip()
    separators = _SEPARATOR.findall(title)
    joiner = separators[0] if separators else " - "
    return joiner.join(part.strip() for part in kept)
