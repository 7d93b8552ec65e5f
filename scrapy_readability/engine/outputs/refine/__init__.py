"""The refined article (``refine=True``): Readability.js's article, repaired where a reader sees it is wrong.

Readability.js decides which element is the article; the refined mode keeps that decision and then
mends what the decision leaves behind, on the article's tree before post-processing (while elements
still have their classes and their links as written). Nothing here runs unless asked: the default
article stays exactly Readability.js's. Each repair is told by structure or by a convention many sites
share (a microformat, an accessibility class, a share service's address), never by one site's names:

* **no article found** (:func:`marked_main`): where Readability.js finds none (a short page, a page of links),
  the main content the page marks unambiguously (its one ``<main>``, ``role="main"`` or ``<article>``), shown and
  holding real text, is the article, mended as below;
* **what a browser shows that the markup hides** (:func:`show_what_a_browser_shows`), shown before Readability.js's
  passes (which drop hidden blocks, and blocks hidden from screen readers): the segments a React page streams after
  its shell as hidden ``<div id="S:…">`` blocks, which its script shows, and paragraphs of prose marked
  ``aria-hidden`` (hidden from screen readers only: a paywall's script marks those it checks), so that the article
  they hold can be chosen;
* **the rest of a split article**: paragraphs of prose built as the article's own (the same tag and class) that
  Readability.js left in the page around its choice (in the ``<article>`` or ``<main>`` that held it), after a
  break (an ad, a picture's box), follow it;
* **the lead set apart**: the page's description (``description``, ``og:description``, JSON-LD's), where the page
  shows it word for word as a block of its own (a standfirst in the article's header, a summary above its columns;
  not a heading ``<h1>``, a link, a menu or a hidden block) and the article does not hold it, opens the article;
* **maths as its source**: a formula rendered as MathML (KaTeX, MathJax) becomes the TeX it was written in, which
  the renderer keeps as its annotation (not its symbols run together, "mx¨=f(t)", beside that TeX);
* **the article printed twice**: a run of two or more paragraphs of prose, in one box that holds none of the first,
  saying in the same order what paragraphs before them said (a template's copy for another screen) goes;
* **line-numbered code** (:mod:`.code`): the gutter goes, the code stays, as one ``<pre>``;
* **blocks that are not in the body the page declares** (JSON-LD's ``articleBody``; else the story an Arc XP page
  renders from its state, ``Fusion.globalContent``, which its script shows), where the article holds
  nearly all of that body: a teaser, a subscription box, a credit, a bio; and **the declared body itself**, a
  paragraph a line, where the article holds less than half of it and the page shows it (Readability.js chose a
  byline's block, a product box, or one part of an article split in several);
* **the next story** an endless page appends below its own, in an ``<article>`` of its own;
* **captions and credits** of pictures: the text beside the image of a ``<figure>`` that credits it ("Photo by
  X/Getty Images", "Foto: Y", "©"), blocks marked as captions or credits (class, ``itemprop``), a block that
  repeats a picture's ``alt`` and credits it, and a short line that is only a credit ("© A. Writer", "Quelle: dpa");
  and **the site's copyright notice** ("Copyright © 2023 The Daily, LLC.", "... All rights reserved.");
* **the author's box**: a byline or a bio in a box whose class or id says author, byline or contributor (a word
  of its own or in a compound: ``author-bio``, ``authorProfile``, ``textauthor``);
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
  one that gives its time of day too (a dateline set below the lead), and one whose class says it is a date
  ("timestamp", "article-date"); and anywhere, **a clock line**: a line that
  only says how long ago a post was made, how long a video runs or how long the article takes to read ("2 hours
  ago", "Duration 1:30", "3 Min Lesezeit"), a teaser's or a header's data;
* **a menu above the article**: a list of three or more links of a few words each, and nothing else, before its
  first paragraph of prose (the site's sections, a breadcrumb);
* **other stories listed below the article**: a list of links to the site's own pages and nothing else, after its
  last paragraph of prose ("Popular", "More on this topic"; a list of links to other sites, its references, stays);
* **teasers with their kickers**: a list whose every item is a kicker and one link to another story of the site
  ("Demenz: <a>Ab wann Gedächtnislücken besorgniserregend sind</a>"), anywhere in the article;
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
from dataclasses import dataclass
from typing import Any

from ...html.dom import Element, has_text, text_content
from .choice import (
    _SHOWN,
    _drop_next_articles,
    _drop_repeated_runs,
    _join_split_paragraphs,
    _keep_the_declared_body,
    _put_back,
    _put_the_lead_first,
    arc_body,
    declared_body,
    marked_main,
    show_what_a_browser_shows,
    shown_lead,
)
from .code import _maths_as_its_source, _number_free_code
from .edges import (
    _drop_dangling_headings,
    _drop_edge_datelines,
    _drop_edge_link_lists,
    _drop_edge_menus,
    _drop_teaser_lists,
)
from .furniture import _drop_furniture, _drop_in_page_contents
from .headline import headline
from .lines import _drop_credited_figures, _drop_lines, _drop_marked_boxes, _drop_timed_datelines
from .tree import word_list

__all__ = [
    "Evidence",
    "arc_body",
    "headline",
    "marked_main",
    "read_evidence",
    "refine",
    "refine_content",
    "show_what_a_browser_shows",
]


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
    lead: str | None = None
    """The page's description where the page shows it as a block of its own: its lead (:func:`shown_lead`)."""


def read_evidence(
    root: Element, scripts: list[Any] | None, description: str | None = None, rendered: str | None = None
) -> Evidence:
    """The headings, declared body and lead of a page as it was parsed (``scripts``: its JSON-LD, parsed;
    ``description``: the description its metadata gives; ``rendered``: the story its script renders,
    :func:`arc_body`, which the page shows once that runs)."""
    body = declared_body(scripts)
    shown = False
    if body is None and rendered:
        body, shown = rendered, True
    elif body:
        declared = set(word_list(body))
        shown = len(declared - set(word_list(text_content(root)))) <= (1 - _SHOWN) * len(declared)
    return Evidence([text_content(h1) for h1 in root.iter("h1")], body, shown, shown_lead(root, description))


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
    if evidence.lead:
        _put_the_lead_first(content, evidence.lead)
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
    _drop_edge_link_lists(content, url)
    _drop_teaser_lists(content, url)
    _drop_dangling_headings(content)
    del elements
