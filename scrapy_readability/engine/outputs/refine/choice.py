"""Readability.js's choice, mended: the page's marked main content where it found none, the rest of a split
article, the body the page declares (JSON-LD's ``articleBody``), the next story an endless page appends, the
article printed twice."""

from __future__ import annotations

import copy
import html
import json
import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from lxml import etree

from ..._kernels import kernel
from ...html.dom import Element, has_text, text_content
from ...port.measures import is_probably_visible
from ..feed.jsonld import first_value, read_json_ld_nodes
from .tree import HEADINGS, remove_with_empty_wrappers, visible_length, word_list, words_in

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
        return element if visible_length(element) >= _MIN_MARKED_TEXT else None
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
        if paragraph.get("class") and words_in(paragraph) >= _PROSE
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
        if paragraph.get("class") == mark and words_in(paragraph) >= _PROSE and _shown_in_page(paragraph, scope)
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
            remove_with_empty_wrappers(paragraphs[index], content)


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
BODY_BLOCKS = ("p", "li", "figcaption", "blockquote", "dd", "div", "section", "aside", "table", "span")


def declared_body(scripts: list[Any] | None) -> str | None:
    """The ``articleBody`` of the page's JSON-LD article, when it is long enough to say what the article is."""
    if not scripts:
        return None
    body = first_value(read_json_ld_nodes(scripts).nodes, "articleBody")
    if not isinstance(body, str) or len(body.split()) < _MIN_BODY_WORDS:
        return None
    return body


_ARC_STATE = "Fusion.globalContent="
"""Where Arc XP's pages (a news publishers' platform) set the story they render: its content elements, as JSON."""
_ARC_TEXT = frozenset({"text", "paragraph"})
"""The content elements that are the story's paragraphs (not its images, embeds, headings or dividers)."""
_TAG = re.compile(r"<[^>]*>")


def arc_body(root: Element) -> str | None:
    """The text of the story an Arc XP page renders from its state (``Fusion.globalContent``), a paragraph a line:
    the body the page declares in its script, which it shows once the script runs (a page served to a browser
    without scripts may show a consent wall in its place). Read before the page's scripts are removed."""
    for script in root.iter("script"):
        if script.get("id") == "fusion-metadata" and script.text and _ARC_STATE in script.text:
            return _arc_paragraphs(script.text)
    return None


def _arc_paragraphs(script: str) -> str | None:
    """The paragraphs of the story in the state ``script`` sets (some sites wrap it in a ``result``), joined."""
    try:
        state, _ = json.JSONDecoder().raw_decode(script, script.index(_ARC_STATE) + len(_ARC_STATE))
    except ValueError:
        return None
    if isinstance(state, dict) and "content_elements" not in state and isinstance(state.get("result"), dict):
        state = state["result"]
    elements = state.get("content_elements") if isinstance(state, dict) else None
    if not isinstance(elements, list):
        return None
    paragraphs = [
        " ".join(html.unescape(_TAG.sub("", element["content"])).split())
        for element in elements
        if isinstance(element, dict) and element.get("type") in _ARC_TEXT and isinstance(element.get("content"), str)
    ]
    body = "\n".join(paragraph for paragraph in paragraphs if paragraph)
    return body if len(body.split()) >= _MIN_BODY_WORDS else None


def _keep_the_declared_body(content: Element, body: str, shown: bool = False) -> None:
    """The publisher says what its article's text is: where the article holds nearly all of it, a block of more
    than a few words that is not in it (a teaser, a subscription box, a caption's credit, a bio) goes; where the
    article holds less than half of it and the page shows it, Readability.js chose the wrong block (a byline's, a
    product box) or one part of a split article, and the declared text, which the page shows, is the article. A
    body written without spaces between words (Chinese, Japanese) cannot be matched word for word and is left."""
    if len(body.split()) < len(body) / 20:
        return
    body_words = word_list(body)
    declared = set(body_words)
    words = word_list(text_content(content))
    if shown and sum((Counter(words) & Counter(body_words)).values()) < _HOLDS_HALF * len(body_words):
        _replace_with_text(content, body)
        return
    if len(set(words) & declared) < _HOLDS_THE_BODY * len(declared):
        return
    if len(body_words) < _WHOLE_BODY * len(words):
        return  # a teaser or the first paragraphs only: it cannot say what the rest of the article is
    for block in innermost_text_blocks(content, BODY_BLOCKS):
        words = word_list(text_content(block))
        if len(words) >= _MIN_BLOCK_WORDS and sum(word in declared for word in words) < _FOREIGN_BLOCK * len(words):
            if block.getparent() is not None:
                remove_with_empty_wrappers(block, content)


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


@kernel("2cae8e5dc6b011ed", "_inside_code", "_mark_holding")
def innermost_text_blocks(content: Element, blocks: tuple[str, ...]) -> list[Element]:
    """The ``blocks`` below ``content`` that hold text and no block that holds text, but those inside code (which
    is data, not the page's furniture): the ones judged, in one pass (descendants before ancestors, each
    marking the blocks above it)."""
    holding: set[Element] = set()  # blocks with a block that holds text inside them
    names = frozenset(blocks)
    has_code = next(content.iter("pre", "code"), None) is not None
    found = []
    for block in reversed(list(content.iter(*blocks))):
        if block in holding or block is content or not has_text(block):
            continue  # (has_text reads only as far as the first text that is not white space, in C)
        if not (has_code and _inside_code(block, content)):
            found.append(block)
        _mark_holding(block, names, holding)
    found.reverse()
    return found


def _inside_code(block: Element, content: Element) -> bool:
    """Below a ``<pre>`` or a ``<code>`` of ``content`` (its parents read up to ``content``: a page of highlighted
    code has thousands of tokens below its code blocks, and few blocks)."""
    ancestor = block.getparent()
    while ancestor is not None and ancestor is not content:
        if ancestor.tag == "pre" or ancestor.tag == "code":
            return True
        ancestor = ancestor.getparent()
    return False


def _mark_holding(block: Element, blocks: frozenset[str], holding: set[Element]) -> None:
    """The ``blocks`` above ``block`` added to ``holding``, up to the first already there (and so every one above
    it); by ``getparent()``, which is cheaper than an ``iterancestors()`` with tags made anew for each block."""
    ancestor = block.getparent()
    while ancestor is not None:
        if ancestor.tag in blocks:
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
        and visible_length(article) >= _FULL_ARTICLE
    ]
    if not 2 <= len(stories) <= _MAX_STORIES:
        return
    marked = [story for story in stories if _MAIN.search(f"{story.get('id') or ''} {story.get('class') or ''}")]
    own = marked[0] if len(marked) == 1 else stories[0]
    for story in stories[stories.index(own) + 1 :]:
        if next(story.iter(*HEADINGS), None) is not None:
            remove_with_empty_wrappers(story, content)


# --- What a browser shows that the markup hides: React's streamed segments, prose hidden from screen readers -----

_STREAMED_SEGMENT = re.compile(r"S:[0-9a-z]+", re.I)
"""React's id of a streamed segment (``S:1a``), which its ``$RC`` script moves to its placeholder and shows."""
_PROSE_HIDDEN_WORDS = 15
"""Words of a paragraph hidden from screen readers at least, to be shown: prose, not an icon's or a slide's label."""


def show_what_a_browser_shows(root: Element) -> None:
    """Show what a browser shows of the page but its markup hides from Readability.js's passes (which drop hidden
    blocks, and blocks hidden from screen readers): without this the article, or part of it, is lost."""
    body = root.find("body")
    if body is None:
        return
    _show_streamed_segments(body)
    _show_prose_hidden_from_screen_readers(body)


def _show_streamed_segments(body: Element) -> None:
    """What a React page streams after its shell (a Next.js page's article, for one): each segment is sent as a
    hidden ``<div id="S:…">`` at the end of the body, that a script moves where it belongs and shows."""
    for segment in body.iterchildren("div"):
        if segment.get("hidden") is not None and _STREAMED_SEGMENT.fullmatch(segment.get("id") or ""):
            del segment.attrib["hidden"]


def _show_prose_hidden_from_screen_readers(body: Element) -> None:
    """A paragraph of prose marked ``aria-hidden="true"`` is hidden from screen readers only: a browser shows it (a
    paywall's script marks the paragraphs it will check before it lets a reader read them)."""
    for paragraph in body.iter("p"):  # (lxml filters the tag in C: quicker than an XPath of the attribute too)
        if paragraph.get("aria-hidden") != "true":
            continue
        if len(text_content(paragraph).split(maxsplit=_PROSE_HIDDEN_WORDS)) >= _PROSE_HIDDEN_WORDS:
            del paragraph.attrib["aria-hidden"]


# --- The lead set apart: the page's description, shown above the article -----------------------------------

_LEAD_WORDS = 8
"""Words of a description at least, to be looked for as the page's lead (a shorter one is a label, a slogan)."""
_LEAD_CLIMB = 3
"""Elements above a text of the lead's opening words that may hold the lead as a whole (its inline marks)."""
_LEAD_CUT = 2
"""How much longer than the description its lead may be, where the description is its opening cut short."""
_LEAD_FURNITURE = frozenset({"h1", "nav", "aside", "footer", "form", "a", "button", "option", "label", "figcaption"})
_TEXTS_HOLDING = etree.XPath("descendant::text()[contains(., $words)]", smart_strings=True)
"""The texts below an element that hold a few words (libxml2 looks: only the texts found are Python's)."""


def shown_lead(root: Element, description: str | None) -> str | None:
    """The lead a news page sets apart from its body (a standfirst in the article's header, a summary above its
    columns), which Readability.js's choice, a block of the body, leaves out. The page says what its lead is: the
    description its metadata gives (``description``, ``og:description``, JSON-LD's) is that lead, word for word
    (or its opening, where the description is cut short), where the page also shows it as a block of its own.
    Read on the page as parsed, before the phases remove its headers."""
    if not description:
        return None
    wanted = " ".join(html.unescape(description).split())  # some pages escape the description twice
    words = wanted.split(" ")
    if len(words) < _LEAD_WORDS:
        return None
    opening = " ".join(words[:-1]).rstrip(".…")  # a description cut short ends inside a word, or with "…"
    first_words = " ".join(words[:4])
    body = root.find("body")
    if body is None:
        return None
    for found, holder in texts_holding(body, " ".join(words[:2])):
        if not " ".join(found.split()).startswith(first_words):
            continue
        lead = _lead_block(holder, wanted, opening)
        if lead is not None:
            return lead
    return None


@kernel("7a6e25d3f48af4f4")
def texts_holding(body: Element, words: str) -> list[tuple[str, Element]]:
    """The texts below ``body`` that hold ``words``, in document order, each with the element lxml gives as its
    parent: the one it is the text of, or the one it follows (a tail). The page-wide search the lead needs: the
    compiled core searches each text where it lies, as bytes (XPath copies every text to test it)."""
    return [(str(found), found.getparent()) for found in _TEXTS_HOLDING(body, words=words)]


def _lead_block(element: Element | None, wanted: str, opening: str) -> str | None:
    """The text of the shown block, at or above ``element``, that is the description, or that opens with it and is
    not much longer (a lead the description cuts short); None where the block that holds it holds more."""
    for _ in range(_LEAD_CLIMB):
        if element is None:
            return None
        text = " ".join(text_content(element).split())
        if text == wanted or (text.startswith(opening) and len(text) <= _LEAD_CUT * len(wanted)):
            return text if _shown_as_lead(element) else None
        if len(text) >= len(opening):
            return None
        element = element.getparent()
    return None


def _shown_as_lead(element: Element) -> bool:
    """Shown, and not in the page's furniture (a menu, a sidebar, a footer, a form, a link to another page)."""
    return all(
        node.tag not in _LEAD_FURNITURE and is_probably_visible(node) for node in (element, *element.iterancestors())
    )


def _put_the_lead_first(content: Element, lead: str) -> None:
    """The lead the page shows apart (:func:`shown_lead`), where the article does not hold it, opens it."""
    if lead in " ".join(text_content(content).split()):
        return
    page = content[0] if len(content) == 1 and content[0].get("id") == "readability-page-1" else content
    paragraph = etree.Element("p")
    paragraph.text = lead
    page.insert(0, paragraph)
