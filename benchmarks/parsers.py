"""Ways to build the engine's lxml tree as an HTML5 parser builds it: the candidates measured.

Each candidate is a function from a page's text to the ``<html>`` element of an lxml tree
(comments kept, tags without namespaces), as ``engine.parsing.build_tree`` returns it.
``compare.py --parser NAME`` runs the engine on one of them; ``python benchmarks/parsers.py``
times them, interleaved page by page.

    lexbor       the engine's: selectolax's lexbor builds the HTML5 tree; its serialisation,
                 where libxml2 would close an element early made safe, is parsed by libxml2
                 (engine/parsing.py)
    libxml2      the engine's before: lxml's HTML parser (libxml2) and fix-ups of its tree
                 (engine/parsing.py as of LIBXML2_COMMIT, read from git history)
    html5lib     html5lib (pure Python) builds an ElementTree, copied into lxml node by node
    markupever   markupever (html5ever) builds the tree and serialises it as XML, which
                 lxml's XML parser reads (falls back to html5lib where that XML is not
                 well-formed: names XML refuses, "--" in comments)
    lexbor-walk  selectolax's tree copied into lxml node by node in Python

The first two need only the package's dependencies; the others need html5lib, markupever.
"""

from __future__ import annotations

import functools
import importlib.util
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lxml import etree

from scrapy_readability.engine.html import parsing

Builder = Callable[[str], etree._Element]

ROOT = Path(__file__).resolve().parent.parent
# The last commit whose engine parsed with libxml2 and fixed its tree up.
LIBXML2_COMMIT = "146fb38"


@functools.cache
def _libxml2_parsing() -> Any:
    """engine/parsing.py as it was at LIBXML2_COMMIT, loaded beside today's."""
    try:
        source = subprocess.run(
            ["git", "show", f"{LIBXML2_COMMIT}:scrapy_readability/engine/parsing.py"],
            cwd=ROOT,
            check=True,
            capture_output=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        sys.exit(f"the libxml2 candidate needs this repository's git history (commit {LIBXML2_COMMIT})")
    path = Path(tempfile.mkdtemp()) / "parsing_libxml2.py"
    path.write_bytes(source)
    name = "scrapy_readability.engine._parsing_libxml2"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "scrapy_readability.engine"
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def libxml2_tree(text: str) -> etree._Element:
    old = _libxml2_parsing()
    if not text.strip():
        return old.empty_document()
    return old.parse_html(text)


def _local(name: str) -> str:
    return name.rsplit("}", 1)[1] if name.startswith("{") else name


_ATTRIBUTE_PREFIXES = {
    "http://www.w3.org/1999/xlink": "xlink",
    "http://www.w3.org/XML/1998/namespace": "xml",
    "http://www.w3.org/2000/xmlns/": "xmlns",
}


def _attribute_name(name: str) -> str:
    if not name.startswith("{"):
        return name
    namespace, local = name[1:].split("}", 1)
    prefix = _ATTRIBUTE_PREFIXES.get(namespace)
    return f"{prefix}:{local}" if prefix and local != prefix else local


_NOT_IN_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def _clean(text: str) -> str:
    """What an lxml tree can hold of ``text``, as engine/parsing.py scrubs it."""
    return _NOT_IN_XML.sub(lambda m: " " if m.group() == "\x0c" else "", text)


class _Copier:
    """Builds an lxml tree from start/end/text events, as parsing's scrub would leave the text."""

    def __init__(self) -> None:
        self.builder = etree.TreeBuilder(insert_comments=True)
        self.texts: list[str] = []
        self.open: list[str] = []

    def text(self, text: str) -> None:
        self.texts.append(text)

    def _flush(self) -> None:
        if self.texts:
            self.builder.data(_clean("".join(self.texts)))
            self.texts.clear()

    def start(self, tag: str, attributes: dict[str, str | None]) -> None:
        self._flush()
        clean: dict[str, str] = {}
        for name, value in attributes.items():
            name = _attribute_name(name)
            try:
                etree.Element("x").set(name, "")  # refuses names an lxml tree cannot hold
            except ValueError:
                continue
            clean[name] = _clean(value or "")
        name = _local(tag)
        try:
            etree.Element(name)
        except ValueError:  # a tag name lxml refuses
            name = "span"
        self.builder.start(name, clean)
        self.open.append(name)

    def end(self, tag: str) -> None:
        self._flush()
        self.builder.end(self.open.pop())

    def comment(self, text: str) -> None:
        """Kept, as parse_html keeps them (parse() removes them as Mozilla's harness does)."""
        self._flush()
        text = _clean(text)
        while "--" in text:  # what an XML comment cannot hold; no text of the page is lost
            text = text.replace("--", "- -")
        self.builder.comment(text + " " if text.endswith("-") else text)

    def close(self) -> etree._Element:
        self._flush()
        return self.builder.close()


# --- html5lib ------------------------------------------------------------------


def html5lib_tree(text: str) -> etree._Element:
    from xml.etree import ElementTree

    import html5lib

    document = html5lib.parse(text, treebuilder="etree", namespaceHTMLElements=False)
    copier = _Copier()
    stack: list[tuple[Any, bool]] = [(document, False)]
    while stack:
        node, done = stack.pop()
        if not isinstance(node.tag, str) or node.tag == "<!DOCTYPE>":
            if not done:
                if node.tag is ElementTree.Comment:
                    copier.comment(node.text or "")
                stack.append((node, True))
            elif node.tail:
                copier.text(node.tail)
            continue
        if done:
            copier.end(node.tag)
            if node.tail:
                copier.text(node.tail)
            continue
        copier.start(node.tag, dict(node.attrib))
        if node.text:
            copier.text(node.text)
        stack.append((node, True))
        stack.extend((child, False) for child in reversed(node))
    root = copier.close()
    return _finish(root)


def _finish(root: etree._Element) -> etree._Element:
    parsing._set_aside_template_contents(root)
    return root


# --- lexbor, copied node by node -----------------------------------------------


def lexbor_walk_tree(text: str) -> etree._Element:
    from selectolax.lexbor import LexborHTMLParser

    tree = LexborHTMLParser(text.encode("utf-8", "replace"))
    parsing._set_aside_lexbor_templates(tree)
    copier = _Copier()
    html = tree.root
    stack: list[tuple[Any, bool]] = [(html, False)]
    while stack:
        node, done = stack.pop()
        if done:
            copier.end(node.tag)
            continue
        tag = node.tag
        if tag == "-text":
            copier.text(node.text_content or "")
            continue
        if tag == "-comment":
            copier.comment(node.comment_content or "")
            continue
        if tag is None or tag.startswith("-"):
            continue
        copier.start(tag, dict(node.attributes))
        stack.append((node, True))
        stack.extend((child, False) for child in reversed(list(node.iter(include_text=True))))
    return _finish(copier.close())


# --- markupever: HTML5 tree, XML text, lxml's XML parser ---------------------------


_XML_PARSER = etree.XMLParser(remove_comments=False, remove_pis=True, huge_tree=True, resolve_entities=False)
_NAMESPACE_DECLARATIONS = tuple(
    f' xmlns="{uri}"'.encode()
    for uri in ("http://www.w3.org/1999/xhtml", "http://www.w3.org/2000/svg", "http://www.w3.org/1998/Math/MathML")
)


def markupever_tree(text: str) -> etree._Element:
    import markupever

    data = markupever.parse(text).serialize_bytes(is_html=False)
    for declaration in _NAMESPACE_DECLARATIONS:  # un-namespaced tags, as the engine expects
        data = data.replace(declaration, b"")
    try:
        root = etree.fromstring(data, _XML_PARSER)
    except etree.XMLSyntaxError:
        markupever_tree.fallbacks += 1  # type: ignore[attr-defined]
        return html5lib_tree(text)
    return _finish(root)


markupever_tree.fallbacks = 0  # type: ignore[attr-defined]


CANDIDATES: dict[str, Builder] = {
    "lexbor": parsing.build_tree,
    "libxml2": libxml2_tree,
    "html5lib": html5lib_tree,
    "markupever": markupever_tree,
    "lexbor-walk": lexbor_walk_tree,
}


def use(name: str) -> None:
    """Make ``parse_html`` (and so ``Readability``) build its trees with candidate ``name``."""
    parsing.build_tree = CANDIDATES[name]


# --- Timing ------------------------------------------------------------------------------


def _time(fn: Callable[[], Any], repeat: int) -> float:
    import time

    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - started)
    return best * 1000


def time_candidates(names: list[str], repeat: int) -> dict[str, dict[str, float]]:
    """Median over the vendored pages of the best of ``repeat`` runs, candidates interleaved
    page by page (so a load change on the machine touches them all alike): the tree alone,
    and ``Readability(html, url=...).parse()`` on it."""
    import statistics

    sys.path.insert(0, str(ROOT))
    from scrapy_readability import Readability
    from testkit import mozilla_harness as harness

    pages = [harness.read_source(case) for case in harness.CASES]
    tree: dict[str, list[float]] = {name: [] for name in names}
    whole: dict[str, list[float]] = {name: [] for name in names}
    for html in pages:
        for name in names:
            tree[name].append(_time(lambda: CANDIDATES[name](html), repeat))  # noqa: B023 - timed now
            use(name)
            whole[name].append(_time(lambda: Readability(html, url=harness.BASE_URL).parse(), repeat))  # noqa: B023
    use("lexbor")
    return {name: {"tree": statistics.median(tree[name]), "parse": statistics.median(whole[name])} for name in names}


def main() -> None:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--candidates", default="libxml2,lexbor", help="comma-separated (default %(default)s)")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    names = args.candidates.split(",")
    figures = time_candidates(names, args.repeat)
    base = figures[names[0]]
    print(
        f"{'candidate':12} {'tree ms':>8} {'parse() ms':>11} {'parse() ratio':>14}"
        "   (medians on the 106 vendored pages)"
    )
    for name, row in figures.items():
        print(f"{name:12} {row['tree']:8.2f} {row['parse']:11.2f} {row['parse'] / base['parse']:13.2f}x")


if __name__ == "__main__":
    main()
