"""``article.markdown``: CommonMark from the lxml tree, with GitHub's pipe tables.

One walk over the article's tree, without recursion (deep trees cannot
overflow the stack). Block containers (the article, block quotes, list items,
``<details>``) each collect their blocks and indent or prefix them when they
end; paragraphs, headings and table cells collect inline tokens, which become
Markdown when the block ends. Whitespace is collapsed as CSS collapses it, so
the Markdown reads as ``article.text`` does, and text that would read as
Markdown syntax is escaped, so a page's text never becomes markup.

Where Markdown cannot say it, HTML does (CommonMark allows both): tables with
merged cells or block content, ``<sup>``/``<sub>``, embedded media, emphasis
whose delimiters CommonMark would not see as such.
"""

from __future__ import annotations

import re
import unicodedata

from lxml import etree

from ..html.dom import Element
from ..html.serialize import inner_html, outer_html
from .code import line_numbered_code
from .text import BLOCK_ELEMENTS, PRE_ELEMENTS, inner_text, is_hidden

HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
LISTS = frozenset({"ul", "ol", "menu", "dir"})
# Inline elements and the Markdown delimiters they become.
EMPHASIS = {"em": "*", "i": "*", "strong": "**", "b": "**", "del": "~~", "s": "~~", "strike": "~~"}
_EMPHASIS_HTML = {"*": "em", "**": "strong", "~~": "del"}
CODE_ELEMENTS = frozenset({"code", "kbd", "samp", "tt"})
# Inline elements kept as HTML: Markdown has no syntax for them.
HTML_INLINE = frozenset({"sup", "sub"})
# Embedded content kept as HTML.
EMBEDDED = frozenset({"iframe", "video", "audio", "embed", "object", "canvas"})
# Whose subtree has no Markdown: their text, if any, is not shown.
SKIPPED = frozenset({"input", "select", "textarea", "meter", "progress", "svg", "math"})
_LANGUAGE = re.compile(r"(?:^|\s)(?:language|lang)-([^\s`]+)")

_WHITESPACE = re.compile(r"[ \t\n\r]+")
_ESCAPE = re.compile(
    r"[\\`*\[\]|~]"  # always
    r"|_(?![^\W_])|(?<![^\W_])_"  # "_" unless inside a word
    r"|<(?=[A-Za-z/!?])"  # what would read as an HTML tag or an autolink
    r"|&(?=#?[A-Za-z0-9]+;)"  # what would read as an entity
)
_MAY_NEED_ESCAPING = re.compile(r"[\\`*\[\]|~_<&]")
# What would start a block at the beginning of a line of a paragraph.
_LINE_START = re.compile(r"#{1,6}(?=[ \t]|$)|>|[-+](?=[ \t]|$)|=+[ \t]*$|(?:-[ \t]*)+$")  # a rule: "-- -"
_ORDERED_MARKER = re.compile(r"(\d{1,9})([.)])(?=[ \t]|$)")
_HEADING_CLOSE = re.compile(r"(^|[ \t])(#+)$")
_BLANK_LINE = re.compile(r"\n(?=[ \t]*\n)")
_BACKTICKS = re.compile(r"`+")
_DESTINATION_SPECIAL = re.compile(r"[\s<>()\\&]")
_DESTINATION_SPACE = re.compile(r"[\s<>]")
_ENTITY_AMPERSAND = re.compile(r"&(?=#?[A-Za-z0-9]+;)")
_ANGLE_BRACKET = re.compile(r"[<>]")
_UNESCAPED_PIPE = re.compile(r"(?<!\\)\|")

# Inline tokens.
TEXT, OPEN, CLOSE, RAW, BREAK, CODE = range(6)


class _Mark:
    """An inline element's delimiters in one block: Markdown, or HTML where Markdown would not hold."""

    __slots__ = ("md_open", "md_close", "html_open", "html_close", "flanking", "use_html")

    def __init__(self, md_open: str, md_close: str, html_open: str = "", html_close: str = "") -> None:
        self.md_open, self.md_close = md_open, md_close
        self.html_open, self.html_close = html_open, html_close
        self.flanking = bool(html_open) and bool(md_open)  # emphasis: CommonMark's flanking rules apply
        self.use_html = not md_open

    def render(self, opening: bool) -> str:
        if self.use_html:
            return self.html_open if opening else self.html_close
        return self.md_open if opening else self.md_close


Token = tuple[int, str] | tuple[int, _Mark]


def _mark_for(el: Element) -> _Mark | None:
    """The delimiters of an inline element, or ``None`` when it adds no markup."""
    tag = el.tag
    if tag in EMPHASIS:
        delimiter = EMPHASIS[tag]
        name = _EMPHASIS_HTML[delimiter]
        return _Mark(delimiter, delimiter, f"<{name}>", f"</{name}>")
    if tag == "a":
        href = el.get("href")
        if href is None:
            return None
        title = el.get("title")
        suffix = f' "{_escape_title(title)}"' if title else ""
        return _Mark("[", f"]({_destination(href)}{suffix})")
    if tag in HTML_INLINE or tag in CODE_ELEMENTS:
        name = "code" if tag in CODE_ELEMENTS else tag
        return _Mark("", "", f"<{name}>", f"</{name}>")
    return None


def _destination(url: str) -> str:
    """A link destination CommonMark reads back as ``url``."""
    if not _DESTINATION_SPECIAL.search(url):
        return url
    url = _ENTITY_AMPERSAND.sub(r"\\&", url.replace("\\", "\\\\"))
    if _DESTINATION_SPACE.search(url) or not _balanced(url):
        url = _ANGLE_BRACKET.sub(r"\\\g<0>", url).replace("\n", "%0A")
        return f"<{url}>"
    return url


def _balanced(url: str) -> bool:
    if url.count("(") != url.count(")"):
        return False
    depth = 0
    for char in url:
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


def _escape_title(title: str) -> str:
    return _WHITESPACE.sub(" ", title).replace("\\", "\\\\").replace('"', '\\"')


def _collapse(text: str) -> str:
    """Runs of CSS white space as one space."""
    if "  " in text or "\n" in text or "\t" in text or "\r" in text:
        return _WHITESPACE.sub(" ", text)
    return text


def escape(text: str) -> str:
    """Backslash-escape what would read as inline Markdown syntax."""
    if _MAY_NEED_ESCAPING.search(text) is None:
        return text
    return _ESCAPE.sub(r"\\\g<0>", text)


def _keep_edge_spaces(line: str) -> str:
    """Spaces left at a line's ends (no-break and other Unicode spaces) as character references.

    CSS keeps them; Markdown renderers may strip them with the line's white space.
    """
    if line and (line[0].isspace() or line[-1].isspace()):
        stripped = line.strip()
        start = line.index(stripped[0]) if stripped else len(line)
        end = start + len(stripped)
        return _char_refs(line[:start]) + stripped + _char_refs(line[end:])
    return line


def _char_refs(spaces: str) -> str:
    return "".join(f"&#x{ord(char):X};" for char in spaces)


def _escape_line_start(line: str) -> str:
    """Escape what would start a block (heading, quote, list, rule, setext line) at a line's start."""
    if not line:
        return line
    if _LINE_START.match(line):
        return "\\" + line
    marker = _ORDERED_MARKER.match(line)
    if marker:
        return f"{marker.group(1)}\\{line[len(marker.group(1)) :]}"
    return line


def _code_span(text: str) -> str:
    """``text`` as a code span, its fence longer than any run of backticks inside."""
    runs = [len(run) for run in _BACKTICKS.findall(text)]
    fence = "`" * (max(runs) + 1 if runs else 1)
    if text.startswith("`") or text.endswith("`"):
        text = f" {text} "
    return f"{fence}{text}{fence}"


def _is_whitespace(char: str | None) -> bool:
    return char is None or char.isspace() or unicodedata.category(char) == "Zs"


def _is_punctuation(char: str | None) -> bool:
    return char is not None and unicodedata.category(char)[0] in "PS"


class _Inline:
    """The inline tokens of one paragraph, heading or table cell, and their rendering."""

    __slots__ = ("tokens", "marks", "one_line", "in_table")

    def __init__(self, open_elements: list[Element], one_line: bool = False, in_table: bool = False) -> None:
        self.tokens: list[Token] = []
        self.marks: dict[Element, _Mark] = {}
        self.one_line = one_line  # a heading or table cell: breaks as <br>
        self.in_table = in_table  # a table cell: every "|" escaped
        for el in open_elements:  # inline elements a block interrupted open again here
            self.open(el)

    def open(self, el: Element, mark: _Mark | None = None) -> None:
        mark = mark or _mark_for(el)
        if mark is not None:
            self.marks[el] = mark
            self.tokens.append((OPEN, mark))

    def close(self, el: Element) -> None:
        mark = self.marks.pop(el, None)
        if mark is not None:
            self.tokens.append((CLOSE, mark))

    def text(self, text: str) -> None:
        self.tokens.append((TEXT, text))

    def raw(self, markdown: str) -> None:
        self.tokens.append((RAW, markdown))

    def code(self, code: str) -> None:
        self.tokens.append((CODE, code))

    def line_break(self) -> None:
        self.tokens.append((BREAK, ""))

    def render(self) -> str:
        for el in reversed(list(self.marks)):
            self.close(el)
        pieces = self._layout()
        if not pieces:
            return ""
        rendered = [self._rendered(pieces, i) for i in range(len(pieces))]
        if any(kind == OPEN and value.flanking for kind, value in pieces if isinstance(value, _Mark)):
            self._choose_delimiters(pieces, rendered)
        out = "".join(rendered)
        if self.in_table:
            return _keep_edge_spaces(_UNESCAPED_PIPE.sub(r"\\|", out))
        if self.one_line:
            return _keep_edge_spaces(out)
        return "\n".join(_escape_line_start(_keep_edge_spaces(line)) for line in out.split("\n"))

    def _layout(self) -> list[Token]:
        """Collapse whitespace as CSS does and move it, and line breaks, outside the delimiters.

        An opening delimiter waits for the content it opens (and goes if none
        comes); a pending space or break goes after any closing delimiter.
        """
        pieces: list[Token] = []
        waiting: list[_Mark] = []
        space = False
        breaks = 0

        def content(piece: Token) -> None:
            nonlocal space, breaks
            if breaks:
                pieces.extend([(BREAK, "")] * breaks)
                breaks, space = 0, False
            elif space and pieces:
                pieces.append((TEXT, " "))
            pieces.extend((OPEN, mark) for mark in waiting)
            waiting.clear()
            pieces.append(piece)
            space = False

        for kind, value in self.tokens:
            if kind == TEXT:
                assert isinstance(value, str)
                collapsed = _collapse(value)
                core = collapsed.strip(" ")
                if core:
                    space = space or collapsed[0] == " "
                    content((TEXT, core))
                    space = collapsed[-1] == " "
                elif collapsed:
                    space = True
            elif kind == OPEN:
                assert isinstance(value, _Mark)
                waiting.append(value)
            elif kind == CLOSE:
                assert isinstance(value, _Mark)
                if value in waiting:
                    waiting.remove(value)  # nothing inside: no delimiters
                else:
                    pieces.append((CLOSE, value))
            elif kind == CODE and pieces and pieces[-1][0] == CODE and not (space or breaks or waiting):
                pieces[-1] = (CODE, f"{pieces[-1][1]}{value}")  # touching code spans are one
            elif kind in (RAW, CODE):
                assert isinstance(value, str)
                content((kind, value))
            elif pieces:  # BREAK; leading breaks go
                breaks += 1
                space = False
        return pieces

    def _rendered(self, pieces: list[Token], i: int) -> str:
        kind, value = pieces[i]
        if kind == TEXT:
            assert isinstance(value, str)
            text = escape(value)
            if text.endswith("!") and i + 1 < len(pieces):
                following = pieces[i + 1]
                if following[0] == OPEN and isinstance(following[1], _Mark) and following[1].md_open == "[":
                    text = text[:-1] + "\\!"  # not an image
            return text
        if kind == BREAK:
            return "<br>" if self.one_line else "\\\n"
        if kind == CODE:
            assert isinstance(value, str)
            return _code_span(value)
        if kind in (OPEN, CLOSE):
            assert isinstance(value, _Mark)
            return value.render(kind == OPEN)
        assert isinstance(value, str)
        return value

    def _choose_delimiters(self, pieces: list[Token], rendered: list[str]) -> None:
        """Emphasis in HTML where CommonMark would not read the delimiters as such.

        An opening ``*`` must be left-flanking and a closing one right-flanking,
        and two runs of delimiters must not touch (they would merge). Inside
        emphasis with the same character, a delimiter must flank one way only:
        one that could both open and close could pair with the outer one. A
        pair turned into HTML changes its neighbours' surroundings, so the check
        runs until nothing changes.
        """
        changed = True
        while changed:
            changed = False
            open_marks: list[_Mark] = []  # Markdown emphasis open at this point
            for i, (kind, mark) in enumerate(pieces):
                if kind not in (OPEN, CLOSE) or not isinstance(mark, _Mark) or mark.use_html or not mark.flanking:
                    continue
                opening = kind == OPEN
                if not opening and mark in open_marks:
                    open_marks.remove(mark)
                char = mark.md_open[0]
                nested = any(other.md_open[0] == char for other in open_marks)
                before, before_is_delimiter = _neighbour(pieces, rendered, i, -1)
                after, after_is_delimiter = _neighbour(pieces, rendered, i, 1)
                fits = _flanks(opening, before, after) and not (nested and _flanks(not opening, before, after))
                if before_is_delimiter or after_is_delimiter or not fits:
                    mark.use_html = changed = True
                    for j, (other_kind, other) in enumerate(pieces):
                        if other is mark:
                            rendered[j] = mark.render(other_kind == OPEN)
                elif opening:
                    open_marks.append(mark)


def _neighbour(pieces: list[Token], rendered: list[str], i: int, step: int) -> tuple[str | None, bool]:
    """The character next to piece ``i`` on one side, and whether it is another emphasis delimiter."""
    j = i + step
    while 0 <= j < len(rendered):
        if rendered[j]:
            kind, value = pieces[j]
            delimiter = kind in (OPEN, CLOSE) and isinstance(value, _Mark) and value.flanking and not value.use_html
            return (rendered[j][-1] if step < 0 else rendered[j][0]), delimiter
        j += step
    return None, False


def _flanks(opening: bool, before: str | None, after: str | None) -> bool:
    """CommonMark's left-flanking (opening) or right-flanking (closing) rule for ``*`` and ``~``."""
    if opening:
        return not _is_whitespace(after) and (
            not _is_punctuation(after) or _is_whitespace(before) or _is_punctuation(before)
        )
    return not _is_whitespace(before) and (
        not _is_punctuation(before) or _is_whitespace(after) or _is_punctuation(after)
    )


class _Container:
    """A block container: the article, a block quote, a list item, a ``<details>``."""

    __slots__ = ("kind", "blocks", "paragraph", "marker", "opening")

    def __init__(self, kind: str, marker: str = "", opening: str = "") -> None:
        self.kind = kind
        self.blocks: list[tuple[str, str]] = []  # (kind, markdown): "p", "list..." or "other"
        self.paragraph: _Inline | None = None
        self.marker = marker  # a list item's "- " or "1. "
        self.opening = opening  # a <details>'s opening HTML

    def add(self, kind: str, markdown: str) -> None:
        if markdown:
            self.blocks.append((kind, markdown))

    def last_list(self) -> str:
        """The kind of the last block if it is a list (a list right after it needs other markers)."""
        return self.blocks[-1][0] if self.blocks and self.blocks[-1][0].startswith("list") else ""

    def body(self) -> str:
        """The blocks a blank line apart; in a list item, a list may follow a paragraph directly."""
        out: list[str] = []
        previous = ""
        for kind, markdown in self.blocks:
            if out:
                tight = self.kind == "item" and previous == "p" and kind.startswith("list") and "!" not in kind
                out.append("\n" if tight else "\n\n")
            out.append(markdown)
            previous = kind
        return "".join(out)

    def render(self) -> str:
        body = self.body()
        if self.kind == "details":
            return f"{self.opening}\n\n{body}\n\n</details>" if body else f"{self.opening}\n</details>"
        if not body:
            return self.marker.rstrip()
        lines = body.split("\n")
        if self.kind == "quote":
            return "\n".join(f"> {line}" if line else ">" for line in lines)
        indent = " " * len(self.marker)
        if self.blocks[0][0].startswith("list"):
            # A list starting an item goes on the next line: "- - -" would be a rule.
            return "\n".join([self.marker.rstrip()] + [indent + line if line else "" for line in lines])
        return "\n".join([self.marker + lines[0]] + [indent + line if line else "" for line in lines[1:]])


class _List:
    """A list being built: its marker style and its items."""

    __slots__ = ("ordered", "number", "delimiter", "kind", "items", "widths", "loose", "in_item")

    def __init__(self, ordered: bool, start: int, delimiter: str, in_item: bool = False) -> None:
        self.ordered, self.number, self.delimiter = ordered, start, delimiter
        # An ordered list starting elsewhere than 1 cannot interrupt a paragraph ("!").
        self.kind = f"list{delimiter}" + ("!" if ordered and start != 1 else "")
        self.items: list[str] = []
        self.widths: list[int] = []  # each item's marker width, its continuation indent
        self.loose = False
        self.in_item = in_item  # a list right inside a list: it goes into the item before it

    def add_item(self, marker: str, markdown: str, loose: bool) -> None:
        if not self.items and markdown.split("\n", 1)[0] == marker.rstrip() and "!" not in self.kind:
            self.kind += "!"  # nor can a first item that starts with a blank line
        self.items.append(markdown)
        self.widths.append(len(marker))
        self.loose = self.loose or loose

    def append_to_last_item(self, kind: str, markdown: str) -> None:
        indent = " " * self.widths[-1]
        tight = "!" not in kind and not self.loose
        lines = [indent + line if line else "" for line in markdown.split("\n")]
        self.items[-1] += ("\n" if tight else "\n\n") + "\n".join(lines)
        self.loose = self.loose or not tight

    def marker(self) -> str:
        if self.ordered:
            marker = f"{self.number}{self.delimiter} "
            self.number += 1
            return marker
        return f"{self.delimiter} "

    def render(self) -> str:
        return ("\n\n" if self.loose else "\n").join(self.items)


class _Line:
    """A heading (``level`` 1 to 6) or a table cell (``level`` 0): inline content on one line."""

    __slots__ = ("level", "inline")

    def __init__(self, level: int, inline: _Inline) -> None:
        self.level, self.inline = level, inline


Frame = _Container | _List | _Line


class _Converter:
    """The walk: elements open and close frames, text goes to the innermost one."""

    def __init__(self) -> None:
        self.frames: list[Frame] = [_Container("root")]
        self.pushed: dict[Element, Frame] = {}  # element -> the frame it opened
        self.open_inline: list[Element] = []  # inline elements open across block boundaries
        self.summaries: set[Element] = set()  # <summary>s already in their <details>' opening HTML

    # --- Where content goes ------------------------------------------------------

    def container(self) -> _Container:
        """The innermost container.

        Content loose in a list (outside its items) goes to the container
        around the list, after the items so far: a list item would give it a
        marker it does not have.
        """
        frame = self.frames[-1]
        if isinstance(frame, _List):
            parent = self.frames[-2]
            assert isinstance(parent, _Container)
            if frame.items:
                self.end_paragraph(parent)
                parent.add(frame.kind, frame.render())
                frame.items, frame.widths = [], []
            return parent
        assert isinstance(frame, _Container)
        return frame

    def inline(self) -> _Inline:
        frame = self.frames[-1]
        if isinstance(frame, _Line):
            return frame.inline
        container = self.container()
        if container.paragraph is None:
            container.paragraph = _Inline(self.open_inline)
        return container.paragraph

    def text(self, text: str) -> None:
        frame = self.frames[-1]
        if not text.strip(" \t\n\r") and (
            isinstance(frame, _List) or (isinstance(frame, _Container) and frame.paragraph is None)
        ):
            return  # white space that starts no paragraph
        self.inline().text(text)

    def block_boundary(self) -> None:
        """A paragraph ends here (in a heading or cell: a line break)."""
        frame = self.frames[-1]
        if isinstance(frame, _Line):
            frame.inline.line_break()
        elif isinstance(frame, _Container):
            self.end_paragraph(frame)
        elif isinstance(self.frames[-2], _Container):  # content loose in a list went around it
            self.end_paragraph(self.frames[-2])

    def end_paragraph(self, container: _Container) -> None:
        if container.paragraph is not None:
            container.add("p", container.paragraph.render())
            container.paragraph = None

    def add_block(self, kind: str, markdown: str) -> None:
        self.block_boundary()
        self.container().add(kind, markdown)

    # --- The walk ------------------------------------------------------------------

    def convert(self, root: Element) -> str:
        self.walk(root)
        while len(self.frames) > 1:
            self.pop()
        root_frame = self.frames[0]
        assert isinstance(root_frame, _Container)
        self.end_paragraph(root_frame)
        return root_frame.body()

    def walk(self, root: Element) -> None:
        """Convert ``root``'s content (not its tail) into the current frames."""
        if root.text:
            self.text(root.text)
        walker = etree.iterwalk(root, events=("start", "end", "comment", "pi"))
        skipped = None  # an element handled whole at its start: its end event comes next
        for event, el in walker:
            if el is root:
                if event == "end":
                    break
                continue
            if event == "start":
                if self.start(el):
                    skipped = el
                    walker.skip_subtree()
                continue
            if event == "end":
                if el is skipped:
                    skipped = None
                else:
                    self.end(el)
            if el.tail:
                self.text(el.tail)

    def start(self, el: Element) -> bool:
        """Handle an element's start; ``True`` when its whole subtree is handled (or not shown)."""
        tag = el.tag
        if not isinstance(tag, str) or tag in SKIPPED or is_hidden(el) or (self.summaries and el in self.summaries):
            return True
        if tag in HEADINGS:
            self.block_boundary()
            self.push(el, _Line(HEADINGS[tag], _Inline(self.open_inline, one_line=True)))
        elif tag in LISTS:
            self.start_list(el, tag)
        elif tag == "p" or tag in BLOCK_ELEMENTS:
            if self.start_block(el, tag):
                return True
        elif tag == "br":
            self.inline().line_break()
        elif tag == "img":
            src = el.get("src")
            if src:
                self.inline().raw(_image(el, src))
            return True
        elif tag in EMBEDDED:
            self.inline().raw(_one_line(outer_html(el)))
            return True
        elif tag in CODE_ELEMENTS and len(el) == 0:
            self.code_span(el.text or "")
            return True
        else:
            mark = _mark_for(el)
            if mark is not None:
                self.inline().open(el, mark)
                self.open_inline.append(el)
        if el.text:
            self.text(el.text)
        return False

    def start_block(self, el: Element, tag: str) -> bool:
        frame = self.frames[-1]
        if isinstance(frame, _Line) and tag in ("table", "hr", *PRE_ELEMENTS):
            # A heading or cell has one line: code as code spans, a table as HTML.
            frame.inline.line_break()
            if tag == "table":
                frame.inline.raw(_one_line(outer_html(el)))
            elif tag != "hr":
                for number, line in enumerate(inner_text(el).split("\n")):
                    if number:
                        frame.inline.line_break()
                    self.code_span(line)
            frame.inline.line_break()
            return True
        if tag in PRE_ELEMENTS:
            self.add_block("other", _code_block(el))
            return True
        if tag == "table":
            numbered = line_numbered_code(el)
            if numbered is None:
                self.add_block("other", _table(el))
                return True
            # Line numbers in a cell of their own: the code alone, as one fenced block (outputs/code.py).
            for caption in numbered.captions:
                self.add_block("other", _cell_markdown(caption))
            self.add_block("other", _code_block(numbered.pre))
            return True
        if tag == "hr":
            self.add_block("other", "---")
            return True
        self.block_boundary()
        if isinstance(self.frames[-1], _Line):
            return False
        if tag == "li":
            lst = self.frames[-1]
            if not isinstance(lst, _List):  # an item outside a list: a list of its own
                previous = self.container().last_list()
                lst = _List(False, 1, "*" if previous.startswith("list-") else "-")
                self.frames.append(lst)
            self.push(el, _Container("item", marker=lst.marker()))
        elif tag == "blockquote":
            self.push(el, _Container("quote"))
        elif tag == "details":
            summary = next((child for child in el if child.tag == "summary" and not is_hidden(child)), None)
            opening = "<details open>" if el.get("open") is not None else "<details>"
            if summary is not None:
                opening += f"\n<summary>{_one_line(inner_html(summary))}</summary>"
                self.summaries.add(summary)  # in the opening HTML; its tail comes as Markdown
            self.push(el, _Container("details", opening=opening))
        return False

    def start_list(self, el: Element, tag: str) -> None:
        self.block_boundary()
        frame = self.frames[-1]
        if isinstance(frame, _Line):
            return
        in_item = isinstance(frame, _List) and bool(frame.items)
        previous = "" if in_item else self.container().last_list()
        if tag == "ol":
            lst = _List(True, _start_number(el), ")" if previous.startswith("list.") else ".", in_item)
        else:
            lst = _List(False, 1, "*" if previous.startswith("list-") else "-", in_item)
        self.push(el, lst)

    def code_span(self, code: str) -> None:
        inline = self.inline()
        code = _WHITESPACE.sub(" ", code)
        core = code.strip(" ")
        if not core:
            inline.text(code)
            return
        if code[0] == " ":
            inline.text(" ")
        inline.code(core)
        if code[-1] == " ":
            inline.text(" ")

    def end(self, el: Element) -> None:
        frame = self.pushed.pop(el, None)
        if frame is not None:
            while self.frames[-1] is not frame:
                self.pop()  # an implicit list item
            self.pop()
            return
        tag = el.tag
        if tag == "p" or tag in BLOCK_ELEMENTS or tag in LISTS:
            self.block_boundary()
        elif self.open_inline and self.open_inline[-1] is el:
            self.open_inline.pop()
            self.inline().close(el)

    def push(self, el: Element, frame: Frame) -> None:
        self.pushed[el] = frame
        self.frames.append(frame)

    def pop(self) -> None:
        frame = self.frames.pop()
        if isinstance(frame, _Line):
            text = frame.inline.render()
            if text:
                text = _HEADING_CLOSE.sub(lambda m: f"{m.group(1)}\\{m.group(2)}", text)
                self.add_block("other", f"{'#' * frame.level} {text}")
        elif isinstance(frame, _List):
            parent = self.frames[-1]
            if not frame.items:
                pass
            elif frame.in_item and isinstance(parent, _List) and parent.items:
                parent.append_to_last_item(frame.kind, frame.render())
            else:
                self.add_block(frame.kind, frame.render())
        else:
            self.end_paragraph(frame)
            markdown = frame.render()
            parent = self.frames[-1]
            if frame.kind == "item" and isinstance(parent, _List):
                parent.add_item(frame.marker, markdown, "\n\n" in frame.body())
            else:
                self.add_block("other", markdown)


def _start_number(ol: Element) -> int:
    try:
        start = int((ol.get("start") or "1").strip())
    except ValueError:
        return 1
    return min(max(start, 0), 999_999_999)


def _one_line(html: str) -> str:
    return _WHITESPACE.sub(" ", html)


def _image(img: Element, src: str) -> str:
    alt = _WHITESPACE.sub(" ", img.get("alt") or "").strip()
    title = img.get("title")
    suffix = f' "{_escape_title(title)}"' if title else ""
    return f"![{escape(alt)}]({_destination(src)}{suffix})"


def _code_block(pre: Element) -> str:
    """A fenced code block, with the language of a ``language-``/``lang-`` class."""
    code = inner_text(pre)
    language = ""
    for el in (pre, *pre.iter("code")):
        match = _LANGUAGE.search(el.get("class") or "")
        if match:
            language = match.group(1)
            break
    runs = [len(run) for run in _BACKTICKS.findall(code)]
    fence = "`" * max(3, max(runs) + 1 if runs else 3)
    if not code.endswith("\n"):
        code += "\n"
    return f"{fence}{language}\n{code}{fence}"


_TABLE_PARTS = frozenset({"thead", "tbody", "tfoot"})
_NOT_IN_SIMPLE_CELLS = BLOCK_ELEMENTS | LISTS | frozenset(HEADINGS) | {"p", "table"}


def _table(table: Element) -> str:
    """A GitHub pipe table where the table is simple enough, else the table as HTML."""
    rows: list[tuple[Element, bool]] = []  # (row, in <thead>)
    caption: Element | None = None
    for child in table:
        if not isinstance(child.tag, str) or is_hidden(child):
            continue
        if child.tag == "tr":
            rows.append((child, False))
        elif child.tag in _TABLE_PARTS:
            rows.extend((row, child.tag == "thead") for row in child if row.tag == "tr" and not is_hidden(row))
        elif child.tag == "caption":
            caption = child
        elif child.tag not in ("colgroup", "col"):
            return _html_table(table)
    cells = [[cell for cell in row if cell.tag in ("td", "th") and not is_hidden(cell)] for row, _ in rows]
    width = max((len(row) for row in cells), default=0)
    in_head = [head for _, head in rows]
    if not width or any(in_head[1:]) or not _simple(cells):
        return _html_table(table)
    texts = [[_cell_markdown(cell) for cell in row] + [""] * (width - len(row)) for row in cells]
    if in_head[0] or all(cell.tag == "th" for cell in cells[0]):
        header, body = texts[0], texts[1:]
    else:
        header, body = [""] * width, texts
    lines = [_table_row(header), "|" + " --- |" * width] + [_table_row(row) for row in body]
    table_md = "\n".join(lines)
    if caption is not None:
        caption_md = _cell_markdown(caption)
        if caption_md:
            return f"{caption_md}\n\n{table_md}"
    return table_md


def _table_row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def _simple(rows: list[list[Element]]) -> bool:
    for row in rows:
        for cell in row:
            if cell.get("colspan", "1").strip() not in ("1", "") or cell.get("rowspan", "1").strip() not in ("1", ""):
                return False
            for el in cell.iterdescendants():
                if el.tag in _NOT_IN_SIMPLE_CELLS:
                    return False
    return True


def _cell_markdown(cell: Element) -> str:
    """A table cell's (or caption's) content as inline Markdown on one line."""
    converter = _Converter()
    line = _Line(0, _Inline([], one_line=True, in_table=True))
    converter.frames.append(line)
    converter.walk(cell)
    return line.inline.render()


def _html_table(table: Element) -> str:
    """The table as an HTML block: no blank line inside, which would end the block."""
    return _BLANK_LINE.sub("&#10;", outer_html(table))


def to_markdown(root: Element) -> str:
    """``root``'s content as CommonMark (with GitHub pipe tables)."""
    return _Converter().convert(root)
