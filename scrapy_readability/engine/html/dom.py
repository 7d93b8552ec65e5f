"""DOM helpers: the bits of the browser DOM that Readability.js leans on, over lxml.

lxml has no text nodes: text lives in ``element.text`` (before the first child)
and ``child.tail`` (after a child). Readability walks ``childNodes`` in a few
places, so :func:`child_nodes` and :func:`set_child_nodes` convert between the
two models: a node list holds elements and ``str`` text nodes. Where a DOM holds
several text nodes side by side (a node between them was removed), lxml holds one
string; :func:`text_nodes` gives them back (see "Text nodes" below).

All walks here iterate; none recurses, so deep documents cannot overflow the stack.
"""

from __future__ import annotations

import codecs
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import cast

from lxml import etree

from .._kernels import kernel
from ..port.constants import DIV_TO_P_ELEMS, JS_WHITESPACE, PHRASING_ELEMS, REGEXPS, SVG_TAGS

Element = etree._Element
Node = etree._Element | str

_make_element = etree.Element


def js_trim(text: str) -> str:
    """``String.prototype.trim``: strips JavaScript's whitespace set, not Python's."""
    return text.strip(JS_WHITESPACE)


# PEP 393: CPython stores a str that holds a character outside the BMP at four
# bytes a character, any other at one or two, and sys.getsizeof tells which in
# O(1). Four bytes a character or more (a str can carry a cached UTF-8 copy too)
# means "may hold one", never a wrong "holds none". Without getsizeof (PyPy),
# every str may. Measured: benchmarks/README.md, "Counting as JavaScript counts".
_getsizeof: Callable[[object], int] = sys.getsizeof
try:
    _UCS4_EMPTY = _getsizeof(chr(0x10000)) - 4  # the size of a four-byte str of no characters
except TypeError:  # pragma: no cover
    _getsizeof, _UCS4_EMPTY = (lambda _text: 1 << 62), 0

_utf16_encode = codecs.utf_16_le_encode


def js_length(text: str) -> int:
    """``String.prototype.length``: UTF-16 code units, so a character outside the BMP (an emoji) counts two.

    Text that cannot hold such a character (ASCII, or stored at one or two
    bytes a character) is answered in O(1); other text is encoded.
    """
    length = len(text)
    if text.isascii() or _getsizeof(text) < _UCS4_EMPTY + 4 * length:
        return length
    return len(_utf16_encode(text, "surrogatepass")[0]) >> 1


# XPath's string() is the fastest way to an element's text content in lxml.
_string_value = cast(Callable[[Element], str], etree.XPath("string()"))


def text_content(el: Element) -> str:
    """``Node.textContent``: all descendant text, without the element's own tail."""
    return _string_value(el)


def inner_text(el: Element, normalize_spaces: bool = True) -> str:
    """Port of ``_getInnerText``: trimmed text content, runs of whitespace collapsed."""
    text = js_trim(_string_value(el))
    if normalize_spaces:
        return REGEXPS.normalize.sub(" ", text)
    return text


@kernel("4f494fdd8ae1f6f1", "normalized_length", "_collapsed_length", "js_length", "js_trim")
def inner_text_length(el: Element) -> int:
    """``_getInnerText(el).length``, without building the normalised string."""
    return normalized_length(_string_value(el))


def normalized_length(text: str) -> int:
    """``_getInnerText``'s length for ``text``: trimmed, every whitespace run counted as one character.

    That is what collapsing runs of two or more gives. ``str.split()`` knows the
    same whitespace as JavaScript except U+FEFF and U+0085 (U+001C..U+001F never
    reach the tree), so text holding those takes the exact path. Counted in
    UTF-16 units as JavaScript counts: whitespace is never outside the BMP, so
    the characters that count twice are those of the whole text.
    """
    if "\ufeff" in text or "\x85" in text:
        return js_length(REGEXPS.normalize.sub(" ", js_trim(text)))
    length = _collapsed_length(text)
    return length if not length or text.isascii() else length + js_length(text) - len(text)


# Text longer than this is split a slice at a time: the words of a whole 30 MB page
# would be millions of objects at once.
_SPLIT_SLICE = 1 << 20


def _collapsed_length(text: str) -> int:
    """Characters of ``text`` with Python's whitespace trimmed and each run of it counted as one."""
    if len(text) <= _SPLIT_SLICE:
        words = text.split()
        return sum(map(len, words)) + len(words) - 1 if words else 0
    chars = count = 0
    in_word = False  # whether the previous slice ended inside a word
    for start in range(0, len(text), _SPLIT_SLICE):
        piece = text[start : start + _SPLIT_SLICE]
        words = piece.split()
        if words:
            chars += sum(map(len, words))
            count += len(words) - (in_word and not piece[0].isspace())
        in_word = not piece[-1].isspace()
    return chars + count - 1 if count else 0


@kernel("00c90dfb786f515d", "normalized_length", "_collapsed_length", "js_length", "js_trim", "_pieces")
def streamed_length(el: Element) -> int:
    """:func:`inner_text_length`, read a piece at a time: a huge element's text is never built whole.

    The pieces are the element's own text, each child's text content and tail, and, for a child with
    many children, its pieces in turn: a few thousand calls into lxml where a text node at a time made
    hundreds of thousands of Python steps, and no piece much longer than one of the page's parts.
    """
    length = 0
    gap = False  # whitespace since the last text that was not blank
    for text in _pieces(el):
        piece = normalized_length(text)
        if not piece:
            gap = gap or bool(text)
            continue
        if length and (gap or text[0] in JS_WHITESPACE):
            length += 1
        length += piece
        gap = text[-1] in JS_WHITESPACE
    return length


def _pieces(el: Element) -> Iterator[str]:
    """``el``'s text content in consecutive pieces, which together make the whole, in order (a stack, not
    recursion: a hostile page may nest such elements hundreds deep)."""
    if el.text:
        yield el.text
    stack: list[tuple[Iterator[Element], Element | None]] = [(iter(el), None)]
    while stack:
        children, owner = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
            if owner is not None and owner.tail:
                yield owner.tail
        elif len(child) >= _MANY_CHILDREN:
            if child.text:
                yield child.text
            stack.append((iter(child), child))
        else:
            yield _string_value(child)
            if child.tail:
                yield child.tail


# On a big page, an element with this many children (or <body>, <html>) is measured a piece at a time.
_MANY_CHILDREN = 64


@kernel("1d5f00164a165624", "_pieces")
def text_count(el: Element, char: str, pieces: bool = False) -> int:
    """How many times ``char`` occurs in ``el.textContent`` (read ``pieces`` at a time: :func:`_pieces`)."""
    if pieces:
        return sum(piece.count(char) for piece in _pieces(el))
    return _string_value(el).count(char)


class TextLengths:
    """Memoised :func:`inner_text_length` for a phase that removes nodes as it goes.

    Removing a node changes the text of its ancestors only: a phase that removes nodes
    keeps every entry true by measuring no ancestor of a node before it removes the node
    (``_cleanConditionally`` goes last to first); nested containers then measure each
    descendant once instead of once per ancestor.
    With ``streaming`` (a big page), the elements that hold much are read a piece at a time (:func:`_pieces`).
    (A plain class, not a ``dict`` subclass: compiled by mypyc, a callable
    ``dict`` subclass crashes.)
    """

    def __init__(self, streaming: bool = False) -> None:
        self._known: dict[Element, int] = {}
        self.streaming = streaming

    def __call__(self, el: Element) -> int:
        length = self._known.get(el)
        if length is None:
            length = self._known[el] = streamed_length(el) if self._streams(el) else inner_text_length(el)
        return length

    def count(self, el: Element, char: str) -> int:
        """How many times ``char`` occurs in ``el.textContent``."""
        return text_count(el, char, self._streams(el))

    def _streams(self, el: Element) -> bool:
        """Whether ``el`` is read a piece at a time: on a big page, the elements that hold
        much (pieces cost more than the whole text for a small one)."""
        return self.streaming and (len(el) >= _MANY_CHILDREN or el.tag in ("body", "html"))


def class_string(el: Element) -> str:
    """``node.className`` as the class regexes see it: never anything for SVG elements."""
    return "" if el.tag in SVG_TAGS else (el.get("class") or "")


def match_string(el: Element) -> str:
    """``node.className + " " + node.id``, the string the class/id regexes test.

    For SVG elements ``className`` is an ``SVGAnimatedString`` that stringifies to
    ``[object SVGAnimatedString]``, which none of the regexes match: we use "".
    """
    return class_string(el) + " " + (el.get("id") or "")


def create_element(tag: str) -> Element:
    """``document.createElement(tag)``."""
    return _make_element(tag)


# --- Tree walking ---------------------------------------------------------


# parse() strips comments and processing instructions before anything else, so
# every child is an element and lxml's own navigation is DOM's element
# navigation: nothing below (or in the phases) filters other node kinds.


def previous_element_sibling(el: Element) -> Element | None:
    """``Element.previousElementSibling``."""
    return el.getprevious()


def element_children(el: Element) -> list[Element]:
    """``Element.children`` (a slice: lxml makes it in C, twice as fast as ``list(el)``)."""
    return el[:]


def get_next_node(node: Element, ignore_self_and_kids: bool = False) -> Element | None:
    """Port of ``_getNextNode``: the next element in depth-first order.

    With ``ignore_self_and_kids`` the walk skips ``node``'s subtree, as when it
    is about to be removed.
    """
    if not ignore_self_and_kids and len(node):
        return node[0]
    current: Element | None = node
    while current is not None:
        sibling = current.getnext()
        if sibling is not None:
            return sibling
        current = current.getparent()
    return None


# --- Text nodes -------------------------------------------------------------

# Removing a node from a DOM (a comment, a script, an unlikely candidate) leaves the text
# on either side of it as two text nodes side by side; lxml joins them into one string.
# Some of Readability.js's tests look at one text node at a time (a whitespace-only node
# at either end of a run of phrasing content is dropped; a node ending in non-whitespace
# is content), so while parse() runs, the text nodes of such a string are noted by the
# slot that holds it: (element, False) for its text, (element, True) for its tail. They
# last as long as the DOM's do: until ``page.innerHTML`` re-parses the page for a retry.
TextSlot = tuple[Element, bool]
# slot -> (the string when its nodes were noted, the nodes): a slot rewritten since is one node.
_joined_text: ContextVar[dict[TextSlot, tuple[str, list[str]]] | None] = ContextVar("joined_text", default=None)


@contextmanager
def keeping_text_nodes() -> Iterator[None]:
    """Note the text nodes a DOM would keep apart while the block runs (``parse()`` runs in one)."""
    token = _joined_text.set({})
    try:
        yield
    finally:
        _joined_text.reset(token)


def text_nodes(owner: Element, tail: bool) -> list[str]:
    """The DOM's text nodes where ``owner``'s text (or tail) is: none, one, or several side by side."""
    text = owner.tail if tail else owner.text
    if not text:
        return []
    joined = _joined_text.get()
    if joined:
        noted = joined.get((owner, tail))
        if noted is not None and noted[0] == text:
            return noted[1]
    return [text]


def set_text_nodes(owner: Element, tail: bool, nodes: Iterable[str]) -> None:
    """Make ``owner``'s text (or tail) the text nodes ``nodes``, side by side."""
    kept = [node for node in nodes if node]
    text = "".join(kept)
    _set_text(owner, tail, text)
    _note(owner, tail, text, kept)


def _set_text(owner: Element, tail: bool, text: str) -> None:
    if tail:
        owner.tail = text or None
    else:
        owner.text = text or None


def _note(owner: Element, tail: bool, text: str, nodes: list[str]) -> None:
    joined = _joined_text.get()
    if joined is not None:
        if len(nodes) > 1:
            joined[(owner, tail)] = (text, nodes)
        else:
            joined.pop((owner, tail), None)


def append_text_before(el: Element, text: str) -> None:
    """Add ``text`` to the text just before ``el``: the previous sibling's tail, or the parent's text."""
    _append_text_nodes_before(el, [text])


def _append_text_nodes_before(el: Element, nodes: list[str]) -> None:
    """Add the text nodes ``nodes`` after those just before ``el``.

    The nodes already there are extended in place, so that removing many siblings one
    by one costs what joining their strings does.
    """
    prev = el.getprevious()
    owner, tail = (prev, True) if prev is not None else (el.getparent(), False)
    if owner is None:
        return
    before = (owner.tail if tail else owner.text) or ""
    text = before + "".join(nodes)
    _set_text(owner, tail, text)
    joined = _joined_text.get()
    if joined is None:  # outside parse(): no text nodes to keep apart
        return
    if not before:
        _note(owner, tail, text, list(nodes))
        return
    noted = joined.get((owner, tail))
    kept = noted[1] if noted is not None and noted[0] == before else [before]
    kept.extend(nodes)
    joined[(owner, tail)] = (text, kept)


def remove(el: Element) -> None:
    """``Node.remove()``: detach ``el``; the text that followed it joins the text before it (as a node of its own)."""
    parent = el.getparent()
    if parent is None:
        return
    if el.tail:
        _append_text_nodes_before(el, text_nodes(el, True))
    el.tail = None
    parent.remove(el)


def replace_with_text(el: Element, text: str) -> None:
    """``el.parentNode.replaceChild(document.createTextNode(text), el)``."""
    set_text_nodes(el, True, [text, *text_nodes(el, True)])
    remove(el)


def remove_and_get_next(node: Element) -> Element | None:
    """Port of ``_removeAndGetNext``."""
    next_node = get_next_node(node, True)
    remove(node)
    return next_node


def replace_with(old: Element, new: Element) -> None:
    """``parent.replaceChild(new, old)``: ``new`` takes ``old``'s place; text around stays put."""
    parent = old.getparent()
    if parent is None:
        return
    if new.getparent() is not None:
        remove(new)
    set_text_nodes(new, True, text_nodes(old, True))
    old.tail = None
    parent.replace(old, new)


def append_child(parent: Element, child: Element) -> None:
    """``parent.appendChild(child)``: moves ``child`` (without its old tail) to the end."""
    if child.getparent() is not None:
        remove(child)
    child.tail = None
    parent.append(child)


def get_node_ancestors(node: Element, max_depth: int = 0) -> list[Element]:
    """Port of ``_getNodeAncestors``: parent first, up to ``max_depth`` levels (0 = all)."""
    ancestors = []
    parent = node.getparent()
    while parent is not None:
        ancestors.append(parent)
        if max_depth and len(ancestors) == max_depth:
            break
        parent = parent.getparent()
    return ancestors


def has_ancestor_tag(
    node: Element, tag: str, max_depth: int = 3, filter_fn: Callable[[Element], bool] | None = None
) -> bool:
    """Port of ``_hasAncestorTag``. ``max_depth`` <= 0 means unlimited."""
    depth = 0
    parent = node.getparent()
    while parent is not None:
        if max_depth > 0 and depth > max_depth:
            return False
        if parent.tag == tag and (filter_fn is None or filter_fn(parent)):
            return True
        parent = parent.getparent()
        depth += 1
    return False


def iter_tags(root: Element, *tags: str) -> list[Element]:
    """``getElementsByTagName``/``querySelectorAll`` for tag names: descendants in document order.

    A list, never a live view, so callers may mutate the tree while iterating.
    """
    return list(root.iterdescendants(*tags))


def has_descendant(root: Element, *tags: str) -> bool:
    """``root.querySelector(tags) !== null`` for tag names."""
    for _ in root.iterdescendants(*tags):
        return True
    return False


# --- Node lists with text nodes -------------------------------------------


def child_nodes(el: Element) -> list[Node]:
    """``el.childNodes`` as a list of elements and ``str`` text nodes."""
    nodes: list[Node] = []
    if _joined_text.get():  # some strings hold several text nodes
        nodes.extend(text_nodes(el, False))
        for child in el:
            nodes.append(child)
            nodes.extend(text_nodes(child, True))
        return nodes
    if el.text:
        nodes.append(el.text)
    for child in el:
        nodes.append(child)
        if child.tail:
            nodes.append(child.tail)
    return nodes


def set_child_nodes(el: Element, nodes: Iterable[Node]) -> None:
    """Replace ``el``'s content with ``nodes``, a node list as :func:`child_nodes` gives it.

    Tails are entries of their own in such a list, so an element is moved
    without its old tail (keeping it in the old place, as :func:`remove` does,
    would make moving many siblings quadratic).
    """
    nodes = list(nodes)
    for child in list(el):
        child.tail = None
        el.remove(child)
    el.text = None
    texts: list[str] = []
    last: Element | None = None
    for node in nodes:
        if isinstance(node, str):
            texts.append(node)
            continue
        _flush_text(el, last, texts)
        parent = node.getparent()
        node.tail = None
        if parent is not None:
            parent.remove(node)
        el.append(node)
        last = node
    _flush_text(el, last, texts)


def _flush_text(el: Element, last: Element | None, texts: list[str]) -> None:
    if texts:
        if last is None:
            set_text_nodes(el, False, texts)
        else:
            set_text_nodes(last, True, texts)
        texts.clear()


def is_whitespace_node(node: Node) -> bool:
    """Port of ``_isWhitespace``: a blank text node or a ``<br>``."""
    if isinstance(node, str):
        return not js_trim(node)
    return node.tag == "br"


def is_phrasing_content(node: Node) -> bool:
    """Port of ``_isPhrasingContent``, without recursion."""
    if isinstance(node, str):
        return True
    tag = node.tag
    if tag in PHRASING_ELEMS:
        return True
    if tag not in ("a", "del", "ins"):
        return False
    stack: list[Node] = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, str):
            continue
        tag = current.tag
        if tag in PHRASING_ELEMS:
            continue
        if tag in ("a", "del", "ins"):
            stack.extend(c for c in current)
            continue
        return False
    return True


def has_single_tag_inside_element(el: Element, tag: str) -> bool:
    """Port of ``_hasSingleTagInsideElement``.

    Like the original, a text node counts as content only if its *last*
    character is not whitespace (``/\\S$/``).
    """
    children = element_children(el)
    if len(children) != 1 or children[0].tag != tag:
        return False
    return not _holds_content(el, False) and not _holds_content(children[0], True)


def _holds_content(owner: Element, tail: bool) -> bool:
    """Whether one of the text nodes in ``owner``'s text (or tail) ends in non-whitespace."""
    text = owner.tail if tail else owner.text
    if not text:
        return False
    has_content = REGEXPS.hasContent.search
    # When the string ends in non-whitespace, so does its last text node.
    return bool(has_content(text)) or any(has_content(node) for node in text_nodes(owner, tail))


@kernel("8c7ed7b38d399c82")
def has_text(el: Element) -> bool:
    """``el.textContent.trim() !== ""``, read only as far as the first text that is not whitespace.

    Containers are tested for content at every level of a nest, so building
    each one's whole text made the test cost the text times the depth.
    """
    for text in el.itertext():
        if text.strip(JS_WHITESPACE):
            return True
    return False


@kernel("44672fcc9fabdae4")
def text_holder(el: Element) -> Element | None:
    """The element (``el`` or a descendant) whose own text nodes hold the first text of
    ``el.textContent`` found that is not whitespace, or None when there is none."""
    for node in el.iter():
        text = node.text
        if text and text.strip(JS_WHITESPACE):
            return node
        if node is not el:
            tail = node.tail
            if tail and tail.strip(JS_WHITESPACE):
                return node.getparent()
    return None


class TextFinder:
    """:func:`has_text` for a walk in document order that changes only the node it is at.

    Such a walk (``_grabArticle``'s, ``_simplifyNestedElements``'s) asks about each container,
    and about the containers inside it next: in a nest, each answer read the same text at the
    bottom again (or, in a nest without text, the whole nest), so the walk cost the nodes times
    the depth. The text found for a node answers for every element between that node and the
    element holding the text, and a node without text for every element inside it: they are
    the node's descendants, which the walk has not changed yet; when it removes a node, those
    inside go with it (and the walk never comes back to them); when it replaces a node by its
    child or wraps children in a ``<p>``, an element that held the text still does, and no
    walk adds text.
    """

    def __init__(self) -> None:
        self._holding: set[Element] = set()  # the last text's holder and its ancestors up to the node asked
        self._blank: set[Element] = set()  # the last node found without text, and its descendants

    def __call__(self, el: Element) -> bool:
        if el in self._holding:
            return True
        if el in self._blank:
            return False
        holder = text_holder(el)
        if holder is None:
            self._blank = set(el.iter())
            return False
        holding = {holder}
        if holder is not el:
            for ancestor in holder.iterancestors():
                holding.add(ancestor)
                if ancestor is el:
                    break
        self._holding = holding
        return True


def is_element_without_content(node: Element, has_text: Callable[[Element], bool] = has_text) -> bool:
    """Port of ``_isElementWithoutContent`` (``has_text``: a :class:`TextFinder` in a walk)."""
    if has_text(node):
        return False
    children = element_children(node)
    if not children:
        return True
    return len(children) == sum(1 for _ in node.iterdescendants("br", "hr"))


@kernel("6e2b1b034ae7daba")
def has_child_block_element(el: Element) -> bool:
    """Port of ``_hasChildBlockElement``: any descendant in ``DIV_TO_P_ELEMS``."""
    for _ in el.iterdescendants(*DIV_TO_P_ELEMS):
        return True
    return False


def set_node_tag(node: Element, tag: str) -> Element:
    """Port of ``_setNodeTag``: lxml can rename in place, so identity and scores survive."""
    node.tag = tag.lower()
    return node


def is_single_image(node: Element | None) -> bool:
    """Port of ``_isSingleImage``."""
    while node is not None:
        if node.tag == "img":
            return True
        children = element_children(node)
        if len(children) != 1 or has_text(node):
            return False
        node = children[0]
    return False
