"""``article.text``: the HTML standard's ``innerText`` of the article, from the lxml tree.

What a browser's ``element.innerText`` returns when the element is shown with
the default stylesheet (the "rendered text collection steps" of the HTML
standard, as Chromium runs them): whitespace collapsed as CSS collapses it,
``<pre>`` kept as it is, one line break around block-level elements and two
around ``<p>``, a line break for ``<br>``, a tab between table cells and a line
break between rows, and nothing of what the default stylesheet hides. Tested
against Chromium's own ``innerText`` (``tests/engine/text_fixtures/``).

The walk never recurses (deep trees cannot overflow the stack) and reads only
tag names and a few attributes: the article's tree has no style sheets.
"""

from __future__ import annotations

import re

from lxml import etree

from ..html.dom import Element, js_trim

# Elements the default stylesheet gives ``display: none`` (or that are never rendered).
HIDDEN_ELEMENTS = frozenset(
    {
        "area",
        "base",
        "basefont",
        "datalist",
        "head",
        "link",
        "meta",
        "noembed",
        "noframes",
        "noscript",
        "param",
        "rp",
        "script",
        "style",
        "template",
        "title",
    }
)
# Block-level by the default stylesheet: one required line break before and after.
BLOCK_ELEMENTS = frozenset(
    {
        "address",
        "article",
        "aside",
        "blockquote",
        "body",
        "caption",
        "center",
        "dd",
        "details",
        "dialog",
        "dir",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hgroup",
        "hr",
        "html",
        "legend",
        "li",
        "listing",
        "main",
        "menu",
        "nav",
        "ol",
        "optgroup",
        "option",
        "plaintext",
        "pre",
        "search",
        "section",
        "summary",
        "table",
        "ul",
        "xmp",
    }
)
# Whose text keeps its whitespace (``white-space: pre``).
PRE_ELEMENTS = frozenset({"pre", "listing", "plaintext", "xmp"})
# Replaced elements: a box of their own in the line, none of their children shown.
REPLACED_ELEMENTS = frozenset(
    {"audio", "canvas", "embed", "iframe", "img", "input", "meter", "progress", "textarea", "video"}
)
# Inline blocks: a box of their own in the line, their children laid out inside it.
INLINE_BLOCK_ELEMENTS = frozenset({"button", "marquee", "select"})
# SVG shows text only inside <text>, each one a block of its own, and nothing inside these.
SVG_TEXT_ELEMENTS = frozenset({"text"})
SVG_HIDDEN_ELEMENTS = frozenset(
    {
        "clippath",
        "defs",
        "desc",
        "filter",
        "lineargradient",
        "marker",
        "mask",
        "metadata",
        "pattern",
        "radialgradient",
        "script",
        "style",
        "symbol",
        "title",
    }
)
TABLE_SECTIONS = frozenset({"thead", "tbody", "tfoot"})
CELLS = frozenset({"td", "th"})
ROWS = frozenset({"tr"})

# CSS's collapsible white space: space, tab and line feed (the parser turns CR into LF).
_COLLAPSIBLE = re.compile(r"[ \t\n\r]+")
_NEWLINES = re.compile(r"\r\n?")


def is_hidden(el: Element) -> bool:
    """Whether the default stylesheet does not render ``el`` (``display: none``)."""
    tag = el.tag
    if tag in HIDDEN_ELEMENTS or el.get("hidden") is not None:
        return True
    if tag == "input":
        return (el.get("type") or "").strip().lower() == "hidden"
    if tag == "dialog":
        return el.get("open") is None
    if tag == "audio":
        return el.get("controls") is None
    return False


def _last_rendered(elements: list[Element]) -> Element | None:
    return next((el for el in reversed(elements) if not is_hidden(el)), None)


def _table_rows(table: Element) -> list[Element]:
    rows: list[Element] = []
    for child in table:
        if child.tag == "tr":
            rows.append(child)
        elif child.tag in TABLE_SECTIONS and not is_hidden(child):
            rows.extend(row for row in child if row.tag == "tr")
    return rows


class _Collector:
    """The rendered text collection steps, with CSS's white-space collapsing folded in.

    Collapsing needs two bits of state across element boundaries: whether the
    current line has any content yet (leading spaces are dropped) and whether
    a collapsible space is pending (it is written only when more content follows
    on the same line, so spaces before a line break disappear).
    """

    __slots__ = ("items", "line_start", "space", "last_row", "last_cell")

    def __init__(self) -> None:
        self.items: list[str | int] = []
        self.line_start = True
        self.space = False
        self.last_row: dict[Element, Element | None] = {}  # table -> its last rendered row
        self.last_cell: dict[Element, Element | None] = {}  # row -> its last rendered cell

    def text(self, text: str, pre: bool) -> None:
        if pre:
            self.content(_NEWLINES.sub("\n", text))
            return
        collapsed = _COLLAPSIBLE.sub(" ", text)
        core = collapsed.strip(" ")
        if core:
            if collapsed[0] == " ":
                self.space = True
            self.content(core)
            self.space = collapsed[-1] == " "
        elif collapsed:
            self.space = True

    def content(self, text: str) -> None:
        """Text (or an atomic box, with ``""``) on the current line, after any pending space."""
        if self.space and not self.line_start:
            self.items.append(" ")
        if text:
            self.items.append(text)
        self.line_start = self.space = False

    def line_break(self, item: str | int) -> None:
        """A forced break: spaces pending before it go, the next line starts fresh."""
        self.items.append(item)
        self.line_start = True
        self.space = False

    def new_line(self) -> None:
        """A new line without a break of its own (the start of a table cell or inline block)."""
        self.line_start = True
        self.space = False

    def join(self) -> str:
        """innerText's last steps: required breaks trimmed at the ends, runs merged."""
        out: list[str] = []
        pending = 0
        started = False
        for item in self.items:
            if isinstance(item, int):
                pending = max(pending, item)
                continue
            if pending and started:
                out.append("\n" * pending)
            pending = 0
            started = True
            out.append(item)
        return "".join(out)


def inner_text(root: Element) -> str:
    """``root.innerText`` with the default stylesheet (HTML's rendered text collection steps)."""
    out = _Collector()
    text, line_break = out.text, out.line_break
    pre_depth = int(root.tag in PRE_ELEMENTS)
    svg_depth = 0  # > 0 inside <svg>, where only <text> is shown
    svg_text_depth = 0  # > 0 inside an SVG <text>
    skipped: set[Element] = set()  # elements whose subtree is not rendered (their tail is)
    tailless: set[Element] = set()  # children of a closed <details>: their tails are hidden too
    if root.text:
        text(root.text, pre_depth > 0)
    walker = etree.iterwalk(root, events=("start", "end", "comment", "pi"))
    for event, el in walker:
        tag = el.tag
        if event == "start":
            if el is root:
                continue
            if not isinstance(tag, str) or el in skipped or is_hidden(el) or (svg_depth and tag in SVG_HIDDEN_ELEMENTS):
                skipped.add(el)
                walker.skip_subtree()
                continue
            if svg_depth:
                if tag in SVG_TEXT_ELEMENTS:
                    svg_text_depth += 1
                    line_break(1)
            elif tag in BLOCK_ELEMENTS or tag == "p":
                line_break(2 if tag == "p" else 1)
                if tag in PRE_ELEMENTS:
                    pre_depth += 1
                elif tag == "table":
                    out.last_row[el] = _last_rendered(_table_rows(el))
                elif tag == "details" and el.get("open") is None:
                    summary = next((child for child in el if child.tag == "summary"), None)
                    skipped.update(child for child in el if child is not summary)
                    tailless.update(el)
                    continue  # its own text is hidden too
            elif tag == "tr":
                out.last_cell[el] = _last_rendered([c for c in el if c.tag in CELLS])
            elif tag in CELLS:
                out.new_line()
            elif tag == "br":
                line_break("\n")
            elif tag in REPLACED_ELEMENTS or (tag == "object" and el.get("data")):
                out.content("")
                skipped.add(el)
                walker.skip_subtree()
                continue
            elif tag in INLINE_BLOCK_ELEMENTS:
                out.content("")
                out.new_line()
            elif tag == "svg":
                out.content("")
                svg_depth += 1
            if el.text and (not svg_depth or svg_text_depth):
                text(el.text, pre_depth > 0)
            continue

        if event == "end":
            if el is root:
                break
            if el in skipped:
                pass
            elif svg_depth:
                if tag in SVG_TEXT_ELEMENTS:
                    svg_text_depth -= 1
                    line_break(1)
                elif tag == "svg":
                    svg_depth -= 1
                    if not svg_depth:
                        out.content("")
            elif tag in BLOCK_ELEMENTS or tag == "p":
                line_break(2 if tag == "p" else 1)
                if tag in PRE_ELEMENTS:
                    pre_depth -= 1
            elif tag in CELLS:
                row = el.getparent()
                last = out.last_cell.get(row) is el if row is not None and row.tag == "tr" else _ends_run(el, CELLS)
                if not last:
                    out.items.append("\t")
                out.new_line()
            elif tag == "tr":
                table = _enclosing_table(el)
                last = out.last_row.get(table) is el if table is not None else _ends_run(el, ROWS)
                if not last:
                    out.items.append("\n")
                out.new_line()
            elif tag in INLINE_BLOCK_ELEMENTS:
                out.space = False  # a space at its inner end goes with it
                out.content("")
        if el.tail and (not svg_depth or svg_text_depth) and el not in tailless:
            text(el.tail, pre_depth > 0)
    return out.join()


def _ends_run(el: Element, kind: frozenset[str]) -> bool:
    """Whether ``el`` (a cell or row outside its usual parent) ends the anonymous row or table CSS wraps it in.

    CSS wraps consecutive cells (rows) in one anonymous row (table); text or
    another element ends the run, whitespace does not.
    """
    node: Element | None = el
    while node is not None:
        if node.tail and node.tail.strip(" \t\n\r"):
            return True
        node = node.getnext()
        if node is not None and isinstance(node.tag, str) and not is_hidden(node):
            return node.tag not in kind
    return True


def _enclosing_table(row: Element) -> Element | None:
    parent = row.getparent()
    if parent is not None and parent.tag in TABLE_SECTIONS:
        parent = parent.getparent()
    return parent if parent is not None and parent.tag == "table" else None


def article_text(root: Element) -> str:
    """``article.text``: the article's ``innerText``, trimmed."""
    return js_trim(inner_text(root))
