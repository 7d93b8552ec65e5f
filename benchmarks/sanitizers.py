"""Which sanitiser for ``sanitize=True``: ours (an allow-list pass on the lxml tree), nh3 or lxml-html-clean.

For every Mozilla test page the article is extracted once (``sanitize=False``);
then each sanitiser cleans that article, and we measure

* time: the sanitiser's own work, and what it costs inside ``parse()``, where
  the article is an lxml tree and ``text_content`` must come from the cleaned
  tree (nh3 works on strings, so it needs the tree serialised and the result
  parsed again; lxml-html-clean needs ``lxml.html`` elements, so the same);
* fidelity: how many articles still match Mozilla's expected output;
* safety: how many of the XSS vectors of ``testkit/xss_vectors.py``
  leave something executable, and how many leave something that reaches
  into the embedding page (clobbering ids, ``target``, remote SVG loads,
  unsandboxed frames), each vector embedded in an article.

Run: ``python benchmarks/sanitizers.py`` (needs nh3, lxml_html_clean, html5lib).
``--baseline REF`` adds our sanitiser as it was at a git revision (its
``sanitize.py`` loaded from ``git show``), to compare two versions in one run.
"""

from __future__ import annotations

import argparse
import copy
import statistics
import subprocess
import sys
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

import lxml.html  # noqa: E402
from lxml import etree  # noqa: E402

from scrapy_readability import Readability  # noqa: E402
from scrapy_readability.engine.html.dom import text_content  # noqa: E402
from scrapy_readability.engine.html.parsing import parse_html  # noqa: E402
from scrapy_readability.engine.html.serialize import inner_html  # noqa: E402
from scrapy_readability.engine.outputs.sanitize import sanitize_content  # noqa: E402
from scrapy_readability.engine.port.constants import REGEXPS  # noqa: E402
from testkit import mozilla_harness as harness  # noqa: E402
from testkit.sanitizing import without_rewrites  # noqa: E402
from testkit.xss_vectors import VECTORS, embedding_hazards, executable_constructs  # noqa: E402

REPEAT = 5


def article_tree(content: str) -> etree._Element:
    """The article as ``parse()`` holds it before serialising: a ``<div>`` holding the content."""
    root = parse_html(f"<div>{content}</div>")
    return root.find("body")[0]


# --- The three candidates: each takes the article tree, returns (content, text) -----------


def ours(tree: etree._Element) -> tuple[str, str]:
    sanitize_content(tree, REGEXPS.videos)
    return inner_html(tree), text_content(tree)


def _nh3_attribute_filter(element: str, attribute: str, value: str) -> str | None:
    if element == "iframe" and attribute == "src":
        return value if value.startswith(("http://", "https://")) and REGEXPS.videos.search(value) else None
    return value


def nh3_clean(tree: etree._Element) -> tuple[str, str]:
    import nh3

    tags = set(nh3.ALLOWED_TAGS) | {"iframe", "figure", "figcaption", "picture", "source", "video", "audio"}
    attributes = {k: set(v) for k, v in nh3.ALLOWED_ATTRIBUTES.items()}
    attributes.setdefault("iframe", set()).update({"src", "width", "height", "allowfullscreen", "frameborder"})
    attributes.setdefault("img", set()).update({"srcset", "sizes"})
    attributes["*"] = set(attributes.get("*", set())) | {"id", "class"}
    html = nh3.clean(
        inner_html(tree),
        tags=tags,
        attributes=attributes,
        attribute_filter=_nh3_attribute_filter,
        url_schemes={"http", "https", "mailto", "tel", "ftp"},
        link_rel=None,
    )
    cleaned = parse_html(f"<div>{html}</div>").find("body")[0]  # text_content needs the tree
    return html, text_content(cleaned)


def lxml_html_clean(tree: etree._Element) -> tuple[str, str]:
    from lxml_html_clean import Cleaner

    cleaner = Cleaner(
        scripts=True,
        javascript=True,
        comments=True,
        style=True,
        inline_style=True,
        links=True,
        meta=True,
        page_structure=False,
        processing_instructions=True,
        embedded=True,
        frames=True,
        forms=True,
        annoying_tags=True,
        remove_unknown_tags=False,
        safe_attrs_only=True,
        host_whitelist=("www.youtube.com", "youtube.com", "player.vimeo.com", "www.dailymotion.com"),
    )
    doc = lxml.html.fragment_fromstring(inner_html(tree), create_parent="div")
    cleaner(doc)
    html = "".join(lxml.html.tostring(child, encoding="unicode") for child in doc)
    html = (doc.text or "") + html
    return html, doc.text_content()


CANDIDATES = {"ours (lxml allow-list)": ours, "nh3": nh3_clean, "lxml-html-clean": lxml_html_clean}


def sanitizer_at(ref: str):
    """``sanitize_content`` as it was at git revision ``ref``."""
    # Before the engine had folders the sanitiser was engine/sanitize.py; its imports resolve through the old names.
    for package in ("scrapy_readability.engine.outputs", "scrapy_readability.engine"):
        shown = subprocess.run(
            ["git", "-C", str(ROOT), "show", f"{ref}:{package.replace('.', '/')}/sanitize.py"],
            capture_output=True,
            text=True,
        )
        if shown.returncode == 0:
            break
    shown.check_returncode()
    source = shown.stdout
    module = types.ModuleType(f"{package}._sanitize_at_" + ref.replace("-", "_"))
    module.__package__ = package  # its relative imports resolve against today's package
    exec(compile(source, f"{ref}:sanitize.py", "exec"), module.__dict__)
    sanitize = module.sanitize_content

    def clean(tree: etree._Element) -> tuple[str, str]:
        sanitize(tree, REGEXPS.videos)
        return inner_html(tree), text_content(tree)

    return clean


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", metavar="REF", help="also time our sanitiser at this git revision")
    args = parser.parse_args()
    if args.baseline:
        CANDIDATES[f"ours at {args.baseline}"] = sanitizer_at(args.baseline)
    articles = {}
    for case in harness.CASES:
        article = Readability(
            harness.read_source(case), url=harness.BASE_URL, classes_to_preserve=harness.CLASSES_TO_PRESERVE
        ).parse()
        if article is not None:
            articles[case] = article.content
    total_chars = sum(len(c) for c in articles.values())
    print(f"{len(articles)} Mozilla articles, {total_chars / 1e6:.1f} M characters of content\n")

    trees = {case: article_tree(content) for case, content in articles.items()}
    expected = {
        case: without_rewrites((harness.PAGES_DIR / case / "expected.html").read_text(encoding="utf-8"))
        for case in trees
    }
    print(
        f"{'sanitiser':24} {'total ms':>9} {'median µs/page':>15} {'pages match':>12} {'XSS left':>9} "
        f"{'hazards left':>13}"
    )
    for name, clean in CANDIDATES.items():
        runs = []
        for _ in range(REPEAT):
            copies = {case: copy.deepcopy(tree) for case, tree in trees.items()}
            per_page = []
            for tree in copies.values():
                started = time.perf_counter()
                clean(tree)
                per_page.append(time.perf_counter() - started)
            runs.append(per_page)
        best = min(runs, key=sum)
        matching = 0
        for case, tree in trees.items():
            html, _text = clean(copy.deepcopy(tree))
            # Ids prefixed, frames sandboxed, rel=noopener: what every page gets is not counted.
            matching += harness.compare_content(without_rewrites(html), expected[case]) is None
        unsafe, hazards = [], []
        for vector_name, snippet in VECTORS:
            tree = article_tree(f"<p>Some words around it.</p>{snippet}<p>And after it.</p>")
            html, _text = clean(tree)
            if executable_constructs(html, REGEXPS.videos):
                unsafe.append(vector_name)
            if embedding_hazards(html):
                hazards.append(vector_name)
        print(
            f"{name:24} {sum(best) * 1e3:9.1f} {statistics.median(best) * 1e6:15.0f} "
            f"{matching:5d}/{len(trees):<6d} {len(unsafe):4d}/{len(VECTORS)} {len(hazards):7d}/{len(VECTORS)}"
        )
        if unsafe:
            print(f"{'':24}   unsafe after cleaning: {', '.join(unsafe)}")

    # Inside parse() the content is serialised and its text read anyway: what
    # sanitize=True adds there is sanitize_content alone.
    runs = []
    for _ in range(REPEAT):
        copies = [copy.deepcopy(tree) for tree in trees.values()]
        started = time.perf_counter()
        for tree in copies:
            sanitize_content(tree, REGEXPS.videos)
        runs.append(time.perf_counter() - started)
    serialise = []
    for _ in range(REPEAT):
        started = time.perf_counter()
        for tree in trees.values():
            inner_html(tree), text_content(tree)
        serialise.append(time.perf_counter() - started)
    print(
        f"\nsanitize_content alone: {min(runs) * 1e3:.1f} ms for all pages "
        f"(serialising them and reading their text: {min(serialise) * 1e3:.1f} ms)"
    )


if __name__ == "__main__":
    main()
