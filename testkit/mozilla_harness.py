"""The comparison harness for the test pages of Mozilla's Readability.js.

The parametrized tests are in ``test_mozilla_pages.py``; scripts and other tests
(``update_known_failures.py``, the text and Markdown tests, the benchmarks)
import the checks from here.

Every folder under ``tests/mozilla_pages/`` is one case with ``source.html``,
``expected.html`` and ``expected-metadata.json``. Each case gives three checks (:data:`CHECKS`), each a
test in ``test_mozilla_pages.py``:

* ``test_content``: the article HTML must match ``expected.html`` node for node;
* ``test_metadata``: title, byline, excerpt and site name must be equal (``None``
  where the JSON has ``null``), and dir, lang and published time too whenever
  the JSON gives a value for them;
* ``test_readerable``: ``is_probably_readable`` must agree with the JSON's
  ``readerable``.

How the content is compared (a Python rendering of what Mozilla's own suite
checks):

1. Both our ``Article.content`` and ``expected.html`` are parsed as whole
   documents by an HTML5 parser (lexbor, through selectolax), so both sides are
   the trees a browser would build from them. (html5lib gave the same nodes on
   every expected file and every content, with and without the sanitiser, at
   six times the cost; lexbor agrees with jsdom, Mozilla's harness, where
   html5lib does not: whitespace after ``</body>``, tests/engine/html/test_parsing.py.)
2. Comments are dropped (text on either side of a dropped comment joins up),
   and text nodes that hold nothing but whitespace are ignored.
3. The remaining nodes are walked in document order, in lockstep, from the
   ``<html>`` element down. Each pair must have the same description: for an
   element its local name plus ``#id`` and ``.(class)`` when present, for text
   its content with every run of whitespace turned into one space. Elements
   must carry the same attributes with the same values (attributes whose names
   are not valid XML names are left out, as Mozilla does). Running out of
   nodes on one side first is a failure.

Mozilla pretty-prints both sides with js-beautify before parsing them. That
beautifier adds line breaks at the edges of block-level elements, and the
stored ``expected.html`` files have been through it while our output has not.
So where a text node touches a block edge (it is the first or last child of a
non-phrasing element, or its neighbour on that side is a non-phrasing
element) the whitespace on that edge is compared one way only: the expected
side may have whitespace there that we lack, but whitespace that we have there
must be in the expected text too. Everywhere else, including next to phrasing
elements such as ``<a>`` or ``<em>``, whitespace must match after collapsing.

Checked against Mozilla's own procedure (js-beautify + jsdom, run on
thousands of mutated copies of Readability.js's output): the two disagree only
where Mozilla's check is looser (it compares attribute counts, not values) or
where the beautifier happens to move whitespace at a block edge.

The harness hands the page to ``Readability`` as a ``str`` (trimmed, as
Mozilla's test helper trims it), with ``url="http://fakehost/test/page.html"``
and ``classes_to_preserve=["caption"]``.

Cases known to fail are listed in ``tests/mozilla_known_failures.py`` and run
as strict xfails, so a fix shows up as an XPASS that must be taken off the
list. ``python tests/update_known_failures.py`` prints the current state.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PAGES_DIR = Path(__file__).resolve().parents[1] / "tests" / "mozilla_pages"
BASE_URL = "http://fakehost/test/page.html"
CLASSES_TO_PRESERVE = ["caption"]

# Fields compared exactly, always: (JSON key, Article attribute).
ALWAYS_COMPARED = (
    ("title", "title"),
    ("byline", "byline"),
    ("excerpt", "excerpt"),
    ("siteName", "site_name"),
)
# Fields compared only when the expected JSON holds a truthy value.
COMPARED_WHEN_SET = (
    ("dir", "dir"),
    ("lang", "lang"),
    ("publishedTime", "published_time"),
)


def list_cases() -> list[str]:
    """Every case folder name, sorted."""
    return sorted(p.name for p in PAGES_DIR.iterdir() if p.is_dir() and (p / "source.html").is_file())


CASES = list_cases()


# ---------------------------------------------------------------------------
# A small, parser-independent node model
# ---------------------------------------------------------------------------


# HTML's phrasing ("inline") elements. Whitespace at the edge of a text node is
# significant only where the neighbour on that side is one of these (or the
# text sits inside one of these with no neighbour on that side).
PHRASING = frozenset(
    """
    a abbr acronym area audio b bdi bdo big br button canvas cite code data
    datalist del dfn em embed font i iframe img input ins kbd label map mark math
    meter noscript object output picture progress q ruby rp rt s samp select slot
    small span strike strong sub sup svg template textarea time tt u var video wbr
    """.split()
)

_WS_RUN = re.compile(r"\s+")

# XML 1.0 (fifth edition) Name production.
_NAME_START = (
    ":A-Z_a-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02ff\u0370-\u037d\u037f-\u1fff"
    "\u200c-\u200d\u2070-\u218f\u2c00-\u2fef\u3001-\ud7ff\uf900-\ufdcf"
    "\ufdf0-\ufffd\U00010000-\U000effff"
)
_NAME_CHAR = _NAME_START + r"\-.0-9\u00b7\u0300-\u036f\u203f-\u2040"
_XML_NAME = re.compile(f"[{_NAME_START}][{_NAME_CHAR}]*\\Z")


def is_xml_name(name: str) -> bool:
    return bool(_XML_NAME.match(name))


def collapse_ws(text: str) -> str:
    return _WS_RUN.sub(" ", text)


@dataclass(eq=False)
class Node:
    """An element (``name`` set) or a text node (``name`` is None)."""

    name: str | None
    attrs: dict[str, str] = field(default_factory=dict)
    text: str = ""
    parent: Node | None = None
    children: list[Node] = field(default_factory=list)

    @property
    def is_text(self) -> bool:
        return self.name is None

    def describe(self) -> str:
        if self.is_text:
            return f"#text({collapse_ws(self.text)})"
        desc = self.name
        if self.attrs.get("id"):
            desc += "#" + self.attrs["id"]
        if self.attrs.get("class"):
            desc += ".(" + self.attrs["class"] + ")"
        return desc

    def split_text(self) -> tuple[bool, str, bool]:
        """``(space_before, core, space_after)``: the text with whitespace
        runs collapsed; where the node touches a block edge (see the module
        docstring) its whitespace there is taken off ``core`` and reported in
        the flags instead."""
        core = collapse_ws(self.text)
        siblings = self.parent.children if self.parent is not None else [self]
        i = siblings.index(self)
        before = siblings[i - 1] if i > 0 else self.parent
        after = siblings[i + 1] if i + 1 < len(siblings) else self.parent
        space_before = space_after = False
        if (before is None or before.name not in PHRASING) and core.startswith(" "):
            core, space_before = core[1:], True
        if (after is None or after.name not in PHRASING) and core.endswith(" "):
            core, space_after = core[:-1], True
        return space_before, core, space_after

    def path(self) -> str:
        """Where the node is: ``html > body > div#x > p:nth-child(3)``,
        counting element and non-blank text children from 1."""
        parts = []
        node: Node | None = self
        while node is not None:
            parent = node.parent
            if parent is None:
                parts.append(node.describe())
            else:
                siblings = [c for c in parent.children if not c.is_blank()]
                index = siblings.index(node) + 1 if node in siblings else 0
                parts.append(f"{node.describe()}:nth-child({index})")
            node = parent
        return " > ".join(reversed(parts))

    def is_blank(self) -> bool:
        return self.is_text and not self.text.strip()

    def outline(self, limit: int = 300) -> str:
        """A short HTML-ish rendering, for failure messages."""
        out: list[str] = []

        def walk(n: Node) -> None:
            if n.is_text:
                out.append(collapse_ws(n.text))
                return
            attrs = "".join(f' {k}="{v}"' for k, v in n.attrs.items())
            out.append(f"<{n.name}{attrs}>")
            for c in n.children:
                walk(c)
            out.append(f"</{n.name}>")

        walk(self)
        s = "".join(out)
        return s if len(s) <= limit else s[:limit] + "…"


def parse_document(html: str) -> Node:
    """Parse ``html`` as a whole document (lexbor) and return the ``<html>``
    element as a :class:`Node` tree, comments dropped and adjacent text merged."""
    from selectolax.lexbor import LexborHTMLParser

    def add_text(parent: Node, text: str | None) -> None:
        if not text:
            return
        if parent.children and parent.children[-1].is_text:
            parent.children[-1].text += text
        else:
            parent.children.append(Node(None, text=text, parent=parent))

    def attributes(element: Any) -> dict[str, str]:
        return {name: value or "" for name, value in element.attributes.items()}

    html_element = LexborHTMLParser(html).root
    assert html_element is not None
    root = Node(html_element.tag, attrs=attributes(html_element))
    pending = [(html_element, root)]
    while pending:  # iterative: the tree may be deeper than Python's recursion limit
        source, node = pending.pop()
        child = source.child
        while child is not None:
            if child.tag == "-text":
                add_text(node, child.text_content)
            elif child.tag and child.tag[0].isalpha():  # an element (comments, processing instructions: dropped,
                # the text beside them joins up)
                element = Node(child.tag, attrs=attributes(child), parent=node)
                node.children.append(element)
                pending.append((child, element))
            child = child.next
    return root


def significant_nodes(root: Node) -> list[Node]:
    """All nodes in document order, whitespace-only text left out."""
    out: list[Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if node.is_blank():
            continue
        out.append(node)
        stack.extend(reversed(node.children))
    return out


def compared_attrs(node: Node) -> dict[str, str]:
    return {k: v for k, v in node.attrs.items() if is_xml_name(k)}


@functools.cache
def _parsed_expected(case: str) -> tuple[Node, ...]:
    html = (PAGES_DIR / case / "expected.html").read_text(encoding="utf-8")
    return tuple(significant_nodes(parse_document(html)))


def compare_content(actual_html: str, expected: str | list[Node] | tuple[Node, ...]) -> str | None:
    """Compare article HTML with the expected HTML (or its already-walked
    nodes). Return None when they match, else a message about the first
    difference."""
    if isinstance(expected, str):
        expected_nodes: Any = significant_nodes(parse_document(expected))
    else:
        expected_nodes = expected
    actual_nodes = significant_nodes(parse_document(actual_html))

    for i in range(max(len(actual_nodes), len(expected_nodes))):
        a = actual_nodes[i] if i < len(actual_nodes) else None
        e = expected_nodes[i] if i < len(expected_nodes) else None
        if a is None or e is None:
            present = a if a is not None else e
            assert present is not None
            side = "actual" if a is not None else "expected"
            return (
                f"{'actual' if a is None else 'expected'} output ran out of nodes; "
                f"{side} still has node #{i}:\n"
                f"  path:     {present.path()}\n"
                f"  node:     {present.outline()}"
            )

        def where() -> str:  # called in this iteration only
            return f"  expected at: {e.path()}\n  actual at:   {a.path()}\n"  # noqa: B023

        if a.is_text and e.is_text:
            problem = _text_problem(a, e)
            if problem:
                return (
                    f"text node #{i} differs ({problem}):\n{where()}"
                    f"  expected: {collapse_ws(e.text)!r}\n"
                    f"  actual:   {collapse_ws(a.text)!r}\n"
                    f"  expected parent: {_outline(e.parent)}\n"
                    f"  actual parent:   {_outline(a.parent)}"
                )
        elif a.describe() != e.describe():
            return (
                f"node #{i} differs:\n{where()}"
                f"  expected: {_clip(e.describe())}\n"
                f"  actual:   {_clip(a.describe())}\n"
                f"  expected parent: {_outline(e.parent)}\n"
                f"  actual parent:   {_outline(a.parent)}"
            )
        else:
            a_attrs, e_attrs = compared_attrs(a), compared_attrs(e)
            if a_attrs != e_attrs:
                diffs = []
                for name in sorted(set(a_attrs) | set(e_attrs)):
                    if a_attrs.get(name) != e_attrs.get(name):
                        diffs.append(
                            f"    {name}: expected {_clip(repr(e_attrs.get(name)))}, "
                            f"actual {_clip(repr(a_attrs.get(name)))}"
                        )
                return f"attributes of node #{i} <{e.name}> differ:\n{where()}" + "\n".join(diffs)
    return None


def _text_problem(actual: Node, expected: Node) -> str | None:
    """Why two text nodes do not match, or None if they do."""
    a_before, a_core, a_after = actual.split_text()
    e_before, e_core, e_after = expected.split_text()
    if a_core != e_core:
        return "text"
    # The beautifier only ever adds whitespace at block edges, so whitespace
    # the expected side lacks there is a real difference.
    if a_before and not e_before:
        return "extra whitespace at the start of a block"
    if a_after and not e_after:
        return "extra whitespace at the end of a block"
    return None


def _outline(node: Node | None) -> str:
    return node.outline() if node is not None else "-"


def _clip(s: str, limit: int = 400) -> str:
    return s if len(s) <= limit else s[:limit] + "…"


# ---------------------------------------------------------------------------
# Metadata
# ---------------------------------------------------------------------------


@functools.cache
def expected_metadata(case: str) -> dict[str, Any]:
    return json.loads((PAGES_DIR / case / "expected-metadata.json").read_text(encoding="utf-8"))


def compare_metadata(actual: dict[str, Any], expected: dict[str, Any]) -> list[str]:
    """``actual`` uses Readability.js key names (``siteName``...). Return one
    line per differing field."""
    problems = []
    keys = [k for k, _ in ALWAYS_COMPARED] + [k for k, _ in COMPARED_WHEN_SET if expected.get(k)]
    for key in keys:
        if actual.get(key) != expected.get(key):
            problems.append(f"{key}: expected {expected.get(key)!r}, got {actual.get(key)!r}")
    return problems


def article_metadata(article: Any) -> dict[str, Any]:
    """Our Article's metadata under Readability.js key names."""
    return {key: getattr(article, attr) for key, attr in ALWAYS_COMPARED + COMPARED_WHEN_SET}


# ---------------------------------------------------------------------------
# Running the engine (once per case)
# ---------------------------------------------------------------------------


def read_source(case: str) -> str:
    return (PAGES_DIR / case / "source.html").read_text(encoding="utf-8").strip()


@functools.cache
def run_engine(case: str) -> tuple[Any, BaseException | None]:
    """(article, error) for a case; the parse runs once per case."""
    from scrapy_readability import Readability

    try:
        article = Readability(read_source(case), url=BASE_URL, classes_to_preserve=CLASSES_TO_PRESERVE).parse()
    except Exception as exc:  # reported by each test that needs the article
        return None, exc
    return article, None


def _article(case: str) -> tuple[Any, str | None]:
    """(article, None) for a case, or (None, why there is no article)."""
    article, error = run_engine(case)
    if error is not None:
        return None, f"parse() raised {type(error).__name__}: {error}"
    if article is None:
        return None, "parse() returned None"
    return article, None


def check_content(case: str) -> str | None:
    article, problem = _article(case)
    if problem is not None:
        return problem
    return compare_content(article.content, _parsed_expected(case))


def check_metadata(case: str) -> str | None:
    article, problem = _article(case)
    if problem is not None:
        return problem
    problems = compare_metadata(article_metadata(article), expected_metadata(case))
    return "\n".join(problems) or None


def check_readerable(case: str) -> str | None:
    from scrapy_readability import is_probably_readable

    expected = expected_metadata(case)["readerable"]
    try:
        got = is_probably_readable(read_source(case))
    except Exception as exc:
        return f"is_probably_readable raised {type(exc).__name__}: {exc}"
    if got != expected:
        return f"is_probably_readable: expected {expected}, got {got}"
    return None


CHECKS = {"content": check_content, "metadata": check_metadata, "readerable": check_readerable}


def known_failures() -> Any:
    """``tests/mozilla_known_failures.py``: the cases expected to fail, per check, with their reasons."""
    from testkit import mozilla_known_failures

    return mozilla_known_failures
