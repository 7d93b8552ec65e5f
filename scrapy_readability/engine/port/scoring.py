"""Scoring and candidate selection: the phases of Readability.js's ``_grabArticle``.

One pass of ``_grabArticle`` is, in order:

1. :func:`prepare_nodes` walks the document, drops hidden, unlikely and empty
   nodes, takes the byline out, and turns text-only ``<div>``s into paragraphs;
2. :func:`score_elements` scores paragraph-like elements and hands their score
   to five levels of ancestors;
3. :func:`select_top_candidates` keeps the best-scored candidates;
4. :func:`promote_top_candidate` climbs from the best candidate to a better
   container where the evidence says so;
5. :func:`join_siblings` gathers related siblings into the article.

The measures these phases judge nodes by are in :mod:`.measures`, the state
they share in :mod:`.state`, and the retry ladder around them in :mod:`.readability`.
"""

from __future__ import annotations

import math

from .. import _kernels
from .._kernels import kernel
from ..html.dom import (
    Element,
    Node,
    TextFinder,
    TextLengths,
    append_child,
    child_nodes,
    create_element,
    element_children,
    get_next_node,
    get_node_ancestors,
    has_ancestor_tag,
    has_child_block_element,
    has_single_tag_inside_element,
    inner_text,
    is_element_without_content,
    is_phrasing_content,
    is_whitespace_node,
    js_length,
    js_trim,
    match_string,
    normalized_length,
    remove_and_get_next,
    replace_with,
    set_child_nodes,
    set_node_tag,
    text_content,
)
from .constants import (
    ALTER_TO_DIV_EXCEPTIONS,
    DEFAULT_TAGS_TO_SCORE,
    EMPTY_CONTAINER_TAGS,
    FLAG_STRIP_UNLIKELYS,
    INITIAL_SCORES,
    MINIMUM_TOPCANDIDATES,
    REGEXPS,
    UNLIKELY_ROLES,
)
from .measures import (
    byline_match,
    get_class_weight,
    get_link_density,
    is_probably_visible,
    is_valid_byline,
    unlikely_match,
)
from .metadata import text_similarity
from .state import GrabState


def initialize_node(state: GrabState, node: Element) -> None:
    """Port of ``_initializeNode``: the tag's base score plus the class weight."""
    state.scores[node] = INITIAL_SCORES.get(str(node.tag), 0) + get_class_weight(node, state.flags)


# --- Phase 1: node prepping -------------------------------------------------


def _byline_text(node: Element) -> str:
    """``_grabArticle``'s byline: the node's text, or that of its first ``[itemprop~=name]`` descendant."""
    end = get_next_node(node, True)
    nxt = get_next_node(node)
    while nxt is not None and nxt is not end:
        itemprop = nxt.get("itemprop")
        if itemprop and "name" in itemprop:
            return js_trim(text_content(nxt))
        nxt = get_next_node(nxt)
    return js_trim(text_content(node))


def header_duplicates_title(state: GrabState, node: Element) -> bool:
    """Port of ``_headerDuplicatesTitle``: an h1/h2 that repeats the article title."""
    if node.tag not in ("h1", "h2"):
        return False
    heading = inner_text(node, False)
    return text_similarity(state.article_title or "", heading) > 0.75


def _is_unlikely_candidate(node: Element, match: str) -> bool:
    """The unlikely-candidate test of ``_grabArticle``'s walk: class and id, then where the node is."""
    return (
        unlikely_match(match)
        and not has_ancestor_tag(node, "table")
        and not has_ancestor_tag(node, "code")
        and node.tag != "body"
        and node.tag != "a"
    )


@kernel("08e5ec83ac3432a2")
def holds_phrasing_content(div: Element) -> bool:
    """Whether a ``<div>`` has a run of phrasing content for ``_grabArticle`` to wrap: text that is not blank, or
    a child that is phrasing content (without either, its blank text is all there is to clear)."""
    if div.text and js_trim(div.text):
        return True
    children = element_children(div)
    return any(map(is_phrasing_content, children)) or any(js_trim(child.tail or "") for child in children)


@kernel("c5e40ea4746c6e01", "holds_phrasing_content")
def wrap_phrasing_content(div: Element) -> None:
    """``_grabArticle``'s wrapping of a ``<div>``'s runs of phrasing content (text, inline elements) in ``<p>``s.

    Runs of blank text alone are dropped; when that is all there is to do, the
    blank text is cleared in place instead of rebuilding the children. In C the
    nodes move in libxml2's tree; a ``<div>`` whose text nodes Python keeps apart
    (``dom.keeping_text_nodes``) is wrapped here.
    """
    if not holds_phrasing_content(div):
        if div.text is not None:
            div.text = None
        for child in div:
            if child.tail is not None:
                child.tail = None
        return
    nodes = child_nodes(div)
    result: list[Node] = []
    i = 0
    while i < len(nodes):
        if not is_phrasing_content(nodes[i]):
            result.append(nodes[i])
            i += 1
            continue
        run = []
        while i < len(nodes) and is_phrasing_content(nodes[i]):
            run.append(nodes[i])
            i += 1
        start, end = 0, len(run)
        while start < end and is_whitespace_node(run[start]):
            start += 1
        while end > start and is_whitespace_node(run[end - 1]):
            end -= 1
        if start < end:
            p = create_element("p")
            set_child_nodes(p, run[start:end])
            result.append(p)
    set_child_nodes(div, result)


def _drop(state: GrabState, node: Element) -> Element | None:
    """``_removeAndGetNext``, noting when the node removed is the document element."""
    if node.getparent() is None:
        state.document_removed = True
        return None
    return remove_and_get_next(node)


_SKIP_PASSIVE = _kernels.compiled
"""Whether :func:`prepare_nodes` skips the elements it only steps past or adds to the elements to score with
:func:`prepare_step`: in C that costs less than the walk's own tests; in Python it would be the same tests twice."""
MAX_SKIPPED = 64
_ACTIVE_TAGS = frozenset({"html", "div", "h1", "h2"}) | EMPTY_CONTAINER_TAGS | DEFAULT_TAGS_TO_SCORE
"""Tags :func:`prepare_nodes` does something with whatever their attributes."""
_ACTIVE_ATTRIBUTES = frozenset({"style", "hidden", "aria-hidden", "aria-modal"})
"""Attributes that send a node to the visibility or the dialog test."""


def _passive(node: Element, byline: bool, unlikely: bool) -> bool:
    """Whether the walk would only step past ``node``: not a tag it acts on, no attribute it tests, no class or id
    (in ASCII) that says byline or unlikely candidate. A class or id in other text is left to the walk."""
    tag = node.tag
    if not isinstance(tag, str) or tag in _ACTIVE_TAGS or tag.startswith("{"):
        return False
    names = node.keys()
    if not names:
        return True
    if not _ACTIVE_ATTRIBUTES.isdisjoint(names) or any(name.startswith("{") for name in names):
        return False
    if unlikely and node.get("role") in UNLIKELY_ROLES:
        return False
    match = match_string(node)
    if not match.isascii():
        return False
    if byline and (node.get("rel") == "author" or "author" in (node.get("itemprop") or "") or byline_match(match)):
        return False
    return not (unlikely and unlikely_match(match))


WALK, PLAIN, UNLIKELY, UNLIKELY_ROLE = range(4)
"""What :func:`prepare_step` says of the element the walk is at: run the walk's tests in Python (``WALK``); none of
the attribute tests would fire (``PLAIN``); an unlikely candidate to remove (``UNLIKELY``); an unlikely role to
remove (``UNLIKELY_ROLE``)."""


_SCORED_ONLY = DEFAULT_TAGS_TO_SCORE - EMPTY_CONTAINER_TAGS - {"html", "div", "h1", "h2"}
"""Tags the walk only adds to the elements to score when none of its attribute tests acts (``p``, ``td``, ``pre``)."""


@kernel("04263b2b1bd68a6d", "_passive", "_attribute_verdict", "_is_unlikely_candidate")
def prepare_step(
    node: Element | None, to_score: list[Element], byline: bool = True, unlikely: bool = True
) -> tuple[Element | None, int]:
    """``node``, or the first element after it in ``_getNextNode``'s order that :func:`prepare_nodes`' walk does more
    with than step past it or add it to the elements to score, and what the walk's attribute tests decide on it
    (:func:`_attribute_verdict`). On the way, the elements it only adds to them (a ``<p>``, ``<td>`` or ``<pre>``
    none of its tests acts on) are appended to ``to_score``, in the walk's order; ``byline``: the byline is still
    sought; ``unlikely``: unlikely candidates are removed. ``MAX_SKIPPED`` elements at most: the next is the
    walk's to test (``WALK``), and a call from each element of a long run costs its length."""
    for _ in range(MAX_SKIPPED):
        if node is None:
            return None, WALK
        if not _passive(node, byline, unlikely):
            verdict = _attribute_verdict(node, byline, unlikely)
            if verdict != PLAIN or node.tag not in _SCORED_ONLY:
                return node, verdict
            to_score.append(node)
        node = get_next_node(node)
    return node, WALK


def _attribute_verdict(node: Element, byline: bool, unlikely: bool) -> int:
    """The walk's attribute tests on ``node``, as :func:`prepare_step` answers them: ``WALK`` where they read more
    than the tag, the attributes and the ancestors' tags (a style, ``hidden``, a dialog, a byline's text, a
    heading that may repeat the title), or where the class or id is not ASCII."""
    tag = node.tag
    if not isinstance(tag, str) or tag.startswith("{") or tag in ("html", "h1", "h2"):
        return WALK
    names = node.keys()
    if not _ACTIVE_ATTRIBUTES.isdisjoint(names) or any(name.startswith("{") for name in names):
        return WALK
    match = match_string(node)
    if not match.isascii():
        return WALK
    if byline and (node.get("rel") == "author" or "author" in (node.get("itemprop") or "") or byline_match(match)):
        return WALK
    if unlikely and _is_unlikely_candidate(node, match):
        return UNLIKELY
    if unlikely and node.get("role") in UNLIKELY_ROLES:
        return UNLIKELY_ROLE
    return PLAIN


def prepare_nodes(state: GrabState, root: Element) -> list[Element]:
    """Phase 1 of ``_grabArticle``: clean the tree and collect the elements to score."""
    strip_unlikely = state.flag_is_active(FLAG_STRIP_UNLIKELYS)
    elements_to_score: list[Element] = []
    if state.document_removed:
        return elements_to_score
    should_remove_title_header = True
    has_text = TextFinder()
    node: Element | None = root

    verdict = WALK
    while node is not None:
        if _SKIP_PASSIVE:
            byline = not state.article_byline and not state.metadata_byline
            node, verdict = prepare_step(node, elements_to_score, byline, strip_unlikely)
            if node is None:
                break
            if verdict == UNLIKELY:
                state.trace("Removing unlikely candidate - %s", match_string(node))
                node = _drop(state, node)
                continue
            if verdict == UNLIKELY_ROLE:
                state.trace("Removing content with role %s - %s", node.get("role"), match_string(node))
                node = _drop(state, node)
                continue
        tag = node.tag
        if tag == "html":
            state.article_lang = node.get("lang")
        # Most nodes have no attributes, and then none of the attribute tests can fire; the
        # others have a few, and a test reads only the attributes a node has (a name in a
        # short list is quicker to find than an attribute lxml looks for in vain). On a node
        # prepare_step found PLAIN, none of them acts.
        names = node.keys() if verdict == WALK else ()
        match = match_string(node) if "class" in names or "id" in names else " "

        if names:
            if ("style" in names or "hidden" in names or "aria-hidden" in names) and not is_probably_visible(node):
                state.trace("Removing hidden node - %s", match)
                node = _drop(state, node)
                continue

            # Users cannot see elements with both aria-modal=true and role=dialog.
            if "aria-modal" in names and node.get("aria-modal") == "true" and node.get("role") == "dialog":
                node = _drop(state, node)
                continue

            if not state.article_byline and not state.metadata_byline and is_valid_byline(node, match):
                state.article_byline = _byline_text(node)
                node = _drop(state, node)
                continue

        if should_remove_title_header and tag in ("h1", "h2") and header_duplicates_title(state, node):
            state.trace("Removing header: %s", js_trim(text_content(node)))
            should_remove_title_header = False
            node = _drop(state, node)
            continue

        if strip_unlikely and names:
            if _is_unlikely_candidate(node, match):
                state.trace("Removing unlikely candidate - %s", match)
                node = _drop(state, node)
                continue
            if "role" in names and node.get("role") in UNLIKELY_ROLES:
                state.trace("Removing content with role %s - %s", node.get("role"), match)
                node = _drop(state, node)
                continue

        if tag in EMPTY_CONTAINER_TAGS and is_element_without_content(node, has_text):
            node = _drop(state, node)
            continue

        if tag in DEFAULT_TAGS_TO_SCORE:
            elements_to_score.append(node)

        if tag == "div":
            wrap_phrasing_content(node)
            # A <div> holding a single <p> is, in practice, a paragraph.
            if has_single_tag_inside_element(node, "p") and get_link_density(node) < 0.25:
                new_node = element_children(node)[0]
                replace_with(node, new_node)
                node = new_node
                elements_to_score.append(node)
            elif not has_child_block_element(node):
                node = set_node_tag(node, "p")
                elements_to_score.append(node)
        node = get_next_node(node)

    return elements_to_score


# --- Phase 2: scoring ---------------------------------------------------------


@kernel("c9371a88167a1739")
def paragraph_measures(element: Element) -> tuple[int, int]:
    """What a paragraph's score reads of its text: ``_getInnerText``'s length, and how many pieces its commas
    split it into (neither needs the normalised text)."""
    text = text_content(element)
    return normalized_length(text), len(REGEXPS.commas.split(text))


def score_elements(state: GrabState, elements_to_score: list[Element]) -> list[Element]:
    """Phase 2 of ``_grabArticle``: score each paragraph and add the score to five levels of ancestors.

    Returns the candidates (ancestors that received a score) in the order they
    were first scored, which decides ties later on.
    """
    candidates: list[Element] = []
    scores = state.scores
    for element in elements_to_score:
        if element.getparent() is None:
            continue
        length, pieces = paragraph_measures(element)
        if length < 25:
            continue
        ancestors = get_node_ancestors(element, 5)
        if not ancestors:
            continue
        content_score = 1 + pieces + min(length // 100, 3)
        for level, ancestor in enumerate(ancestors):
            if ancestor.getparent() is None:  # the root: its parent is the document
                continue
            if ancestor not in scores:
                initialize_node(state, ancestor)
                candidates.append(ancestor)
            divider = 1 if level == 0 else 2 if level == 1 else level * 3
            scores[ancestor] += content_score / divider
    return candidates


# --- Phase 3: top candidates ----------------------------------------------------


def select_top_candidates(state: GrabState, candidates: list[Element]) -> list[Element]:
    """Phase 3 of ``_grabArticle``: scale scores by link density and keep the ``nb_top_candidates`` best."""
    scores = state.scores
    limit = state.options.nb_top_candidates
    top: list[Element] = []
    link_lengths: dict[Element, float] = {}
    lengths = TextLengths(streaming=state.big_page)
    for candidate in candidates:
        score = scores[candidate] * (1 - get_link_density(candidate, link_lengths, lengths))
        scores[candidate] = score
        state.trace("Candidate: <%s> with score %s", candidate.tag, score)
        for t in range(limit):
            if t >= len(top) or score > scores[top[t]]:
                top.insert(t, candidate)
                if len(top) > limit:
                    top.pop()
                break
    return top


# --- Phase 4: promotion -------------------------------------------------------


def promote_top_candidate(state: GrabState, top_candidates: list[Element]) -> Element:
    """Phase 4 of ``_grabArticle``: find a better container than the best-scored node, where one is evident.

    * an ancestor shared by at least three near-best candidates wins;
    * a parent whose score rises above the candidate's wins;
    * an only child hands over to its parent, to help sibling joining.
    """
    scores = state.scores
    top_candidate = _shared_ancestor(state, top_candidates)
    if top_candidate not in scores:
        initialize_node(state, top_candidate)
    top_candidate = _higher_scoring_parent(state, top_candidate)
    parent = top_candidate.getparent()
    while parent is not None and parent.tag != "body" and len(parent) == 1:
        top_candidate = parent
        parent = top_candidate.getparent()
    if top_candidate not in scores:
        initialize_node(state, top_candidate)
    return top_candidate


def _shared_ancestor(state: GrabState, top_candidates: list[Element]) -> Element:
    """The first ancestor of the best candidate that three near-best ones share, else the best."""
    scores = state.scores
    top_candidate = top_candidates[0]
    alternative_ancestors = [
        get_node_ancestors(candidate)
        for candidate in top_candidates[1:]
        if _js_ratio(scores[candidate], scores[top_candidate]) >= 0.75
    ]
    if len(alternative_ancestors) < MINIMUM_TOPCANDIDATES:
        return top_candidate
    parent = top_candidate.getparent()
    while parent is not None and parent.tag != "body":
        lists_containing = 0
        for ancestors in alternative_ancestors:
            if lists_containing >= MINIMUM_TOPCANDIDATES:
                break
            lists_containing += parent in ancestors
        if lists_containing >= MINIMUM_TOPCANDIDATES:
            return parent
        parent = parent.getparent()
    return top_candidate


def _higher_scoring_parent(state: GrabState, top_candidate: Element) -> Element:
    """A scored parent that holds more of the content than the candidate, else the candidate.

    Parents of candidates got a share of their score; climbing stops where a
    parent's score falls below a third of the candidate's.
    """
    scores = state.scores
    parent = top_candidate.getparent()
    last_score = scores[top_candidate]
    score_threshold = last_score / 3
    while parent is not None and parent.tag != "body":
        if parent not in scores:
            parent = parent.getparent()
            continue
        parent_score = scores[parent]
        if parent_score < score_threshold:
            break
        if parent_score > last_score:
            return parent
        last_score = parent_score
        parent = parent.getparent()
    return top_candidate


def _js_ratio(a: float, b: float) -> float:
    """``a / b`` with JavaScript's results for a zero divisor."""
    if b == 0:
        if a == 0 or math.isnan(a):
            return math.nan
        return math.copysign(math.inf, a) * (math.copysign(1, b))
    return a / b


def wrap_body_in_candidate(state: GrabState, page: Element) -> Element:
    """``_grabArticle`` without a usable candidate: everything in the page moves into a new ``<div>``, the candidate."""
    top_candidate = create_element("div")
    set_child_nodes(top_candidate, child_nodes(page))
    page.append(top_candidate)
    initialize_node(state, top_candidate)
    return top_candidate


# --- Phase 5: sibling joining ---------------------------------------------------


def _sibling_belongs(state: GrabState, sibling: Element, top_candidate: Element, threshold: float) -> bool:
    """Whether ``_grabArticle`` appends ``sibling`` of the top candidate to the article."""
    scores = state.scores
    if sibling is top_candidate:
        return True
    content_bonus = 0.0
    top_class = top_candidate.get("class") or ""
    # A bonus for siblings that share the top candidate's class name.
    if top_class != "" and (sibling.get("class") or "") == top_class:
        content_bonus += scores[top_candidate] * 0.2
    if sibling in scores and scores[sibling] + content_bonus >= threshold:
        return True
    if sibling.tag == "p":
        link_density = get_link_density(sibling)
        content = inner_text(sibling)
        length = js_length(content)
        if length > 80 and link_density < 0.25:
            return True
        if 0 < length < 80 and link_density == 0 and REGEXPS.sentenceEnd.search(content):
            return True
    return False


def join_siblings(state: GrabState, top_candidate: Element) -> Element:
    """Phase 5 of ``_grabArticle``: an article ``<div>`` with the top candidate and its related siblings.

    Preambles, content split by removed ads and the like sit beside the top
    candidate; siblings that score well enough, or read like paragraphs, join it.
    """
    article_content = create_element("div")
    threshold = max(10.0, state.scores[top_candidate] * 0.2)
    parent = top_candidate.getparent()
    siblings = element_children(parent) if parent is not None else [top_candidate]
    for sibling in siblings:
        if not _sibling_belongs(state, sibling, top_candidate, threshold):
            continue
        state.trace("Appending node: <%s>", sibling.tag)
        if sibling.tag not in ALTER_TO_DIV_EXCEPTIONS:
            # Not a common block element (a form, a td): a div will not be filtered out later.
            set_node_tag(sibling, "div")
        append_child(article_content, sibling)
    return article_content
