"""Write ``text_node_fixtures.json``: Readability.js's results on pages full of comments and removed nodes.

Mozilla's harness removes a page's comments before Readability.js sees it, and the
text on either side of a removed comment stays two text nodes in the DOM; so does the
text on either side of an element Readability.js removes (a script, a hidden node, an
unlikely candidate). lxml joins such text into one string, and some of Readability.js's
steps look at one text node at a time: a whitespace-only node at either end of a run of
phrasing content is dropped when a ``<div>``'s run is wrapped in a ``<p>`` or a ``<br>``
chain becomes a ``<p>``; a node ending in non-whitespace is content to
``_hasSingleTagInsideElement``; a ``javascript:`` link of one text node becomes text.
Until a retry re-parses the page (``page.innerHTML``), when the nodes are joined again.

Each page below puts comments (or removed elements) at one such place: between blocks,
between inline elements, at the ends of a ``<div>``'s inline run, inside a ``<p>``, in
tables and lists, conditional comments, a page with a comment at the end of every line,
a byline, ``<br>`` chains, a ``<section>`` with one ``<div>``. Each comes twice: long
enough to be extracted by Readability.js's first pass (``first-pass``), and short, so
that every pass of the retry ladder runs on the re-parsed page and the longest wins
(``retried``). Pages named ``invisible-*`` hold an invisible character each (see
``INVISIBLE``). For each page the fixture keeps the HTML and Readability.js's result
(``content``, ``textContent``, ``byline``, ``title``, ``excerpt``), as Mozilla commits a
test page's ``expected.html``; ``test_text_nodes.py`` compares the engine with it and
needs no JavaScript.

Run where node is installed, with the oracle of ``benchmarks/compare.py`` (Readability.js
at the vendored cases' commit, jsdom 20.0.2; ``python benchmarks/compare.py
--setup-oracle`` installs it outside this repository)::

    python tests/engine/make_text_node_fixtures.py [--oracle ~/.cache/scrapy-readability/oracle]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "text_node_fixtures.json"
URL = "http://fakehost/test/page.html"
sys.path.insert(0, str(HERE.parent.parent / "benchmarks"))

import compare  # noqa: E402

SENTENCE = (
    "The council met on Tuesday to talk about the new bridge, and after a long debate, with "
    "many questions from the public, it voted to go ahead with the plan."
)
SIZES = {"first-pass": " ".join([SENTENCE] * 4), "retried": SENTENCE}


def page(body: str) -> str:
    return f"<!DOCTYPE html><html><head><title>Bridge plan approved</title></head><body>{body}</body></html>"


def shapes(text: str) -> dict[str, str]:
    """Name -> page body, for one paragraph length."""
    p = f"<p>{text}</p>"
    return {
        # comments between block elements
        "between-blocks-in-a-div": f"<div>{p[:-4]} the game.</p>\n<!-- ad -->\n<p>They {text}</p>\n</div>",
        "between-blocks-in-an-article": (
            f"<article><p>{text} the game.</p>\n<!-- ad -->\n<p>They {text}</p>\n</article>"
        ),
        "between-divs": f"<div><div>{text}</div>\n  <!-- /post -->\n  <div>{text}</div><!-- x --></div>",
        # between inline elements
        "between-inline-elements": f"<div>{text} <b>bold</b>\n<!-- c -->\n<i>it</i> <!-- d --> more {text}</div>",
        "between-inline-text-only": f"<div>{text}<!-- c -->{text}</div>",
        # at the start and the end of a <div>'s inline run (bug-1255978)
        "run-ends-in-a-div": f"<div>\n<!-- c -->\n{text}\n<!-- c -->\n{p}</div>",
        "run-ends-beside-blocks": f"<div><!-- c -->\n{text}<!-- c -->\n{p}\n<!-- c --></div>",
        "run-ends-caption": (
            f"<div>{p}<div class='caption'>\n  <!--copyright-->Even posh hotels\n  <!--/copyright-->\n</div>{p}</div>"
        ),
        # inside a <p>
        "inside-a-paragraph": f"<div><p>{text}<!-- c --> and <!-- d -->\n{text}</p>{p}</div>",
        "paragraph-ends": f"<div><p><!-- a -->\n{text}\n<!-- b --></p><p>\n<!-- c -->{text}</p></div>",
        # tables and lists
        "table-cells": f"<table><tr><td>{text}<!-- c -->\n</td><td>\n<!-- c -->{text}</td></tr></table>",
        "single-cell-table": f"<div>{p}<table><tr><td>\n<!-- c -->\n{text}<!-- d -->\n</td></tr></table></div>",
        "nested-lists": (
            f"<div>{p}<ul>\n<!-- c -->\n<li>{text}<ol><li>a<!-- x -->\n</li>\n<!-- y --></ol></li>\n"
            f"<!-- z -->\n<li>b</li></ul></div>"
        ),
        "table-in-a-div": (
            f"<div>{p}\n<!-- t -->\n<table><tbody>\n<!-- r -->\n<tr><td>{text}</td>\n<!-- c -->\n"
            "<td>x</td></tr></tbody></table>\n<!-- /t -->\n</div>"
        ),
        # conditional comments
        "conditional-comments": (
            f"<div>{p}\n<!--[if IE]><p>IE only</p><![endif]-->\n{p}<!--[if lt IE 9]>\n<script>x</script>"
            f"<![endif]--></div>"
        ),
        "downlevel-revealed": f"<div>{p}\n<![if !IE]>\n<span>shown</span>\n<![endif]>\n{p}</div>",
        # every line ends in a comment
        "every-line": "\n".join(
            [
                "<div class='post'><!-- post -->",
                "<h2>Bridge</h2><!-- h -->",
                f"{p}<!-- 1 -->",
                f"<span>{text}</span><!-- 2 -->",
                f"{text}<!-- 3 -->",
                "</div><!-- /post -->",
            ]
        ),
        # the byline
        "byline": (
            f"<div><div class='byline'>by Justin Yu <!-- c -->    July 30, 2013 11:25 AM PDT\n<!-- d -->\n"
            f"   <a href='/x'>Follow @malusbrutus</a></div>{p}\n<!-- c -->\n{p}</div>"
        ),
        "byline-blocks": (
            f"<div><div class='author'><span>by Jane Roe</span>\n  <!-- c -->  <div>Staff Writer</div>\n"
            f"<!-- d -->\n<div>Updated</div></div>{p}{p}</div>"
        ),
        # <br> chains
        "br-chains": f"<div>{text}<br><br>{text}<!-- c -->\n<br><br>{text}<!-- x -->\n</div>",
        "br-chain-in-a-cell": f"<table><tr><td>{text}<br><br>{text}<!-- c -->\n<p>x</p></td></tr></table>",
        # _hasSingleTagInsideElement: a text node ending in non-whitespace is content
        "section-intro": f"<div>{p}<section>Intro<!-- c --> <div>{p}{p}</div></section></div>",
        "div-with-one-paragraph": f"<div>{p}<div>Note<!-- c --> <p>{text}</p></div></div>",
        # a javascript: link of one text node becomes text; of two, a <span>
        "javascript-link": f"<div>{p}<p>See <a href='javascript:void(0)'>the<!-- c --> map</a> here.</p>{p}</div>",
        # elements Readability.js removes leave text nodes too
        "script-between-text": f"<div>{text}<script>var x;</script>\n{p}</div>",
        "style-between-text": f"<div>{text}<style>p{{}}</style>\n{p}</div>",
        "hidden-element": f"<div>{text}<span hidden>x</span>\n{p}</div>",
        "removed-widgets": f"<div>{p}<section>Intro<button>Share</button> <div>{p}{p}</div></section></div>",
    }


# Invisible characters, as text and as character references: each must reach ``textContent``
# as it reaches Readability.js's, but for those an lxml tree cannot hold (XML 1.0's
# characters), which ``UNHOLDABLE`` lists: C0 controls but tab, LF and CR are dropped, form
# feed becomes a space, U+FFFE and U+FFFF are dropped (README, "Where we differ").
INVISIBLE = {
    "form-feed": "\x0c",
    "vertical-tab": "\x0b",
    "dle": "\x10",
    "escape": "\x1b",
    "cr": "\r",
    "crlf": "\r\n",
    "bom": "\ufeff",
    "soft-hyphen": "\u00ad",
    "zero-width-space": "\u200b",
    "word-joiner": "\u2060",
    "nul": "\x00",
    "delete": "\x7f",
    "next-line": "\x85",
    "line-separator": "\u2028",
    "noncharacter-fdd0": "\ufdd0",
    "noncharacter-fffe": "\ufffe",
    "nbsp": "\xa0",
    "rtl-mark": "\u200f",
    "ref-nul": "&#0;",
    "ref-soh": "&#1;",
    "ref-form-feed": "&#12;",
    "ref-cr": "&#13;",
    "ref-128": "&#128;",
    "ref-surrogate": "&#xD800;",
    "ref-out-of-range": "&#x110000;",
}
UNHOLDABLE = ("form-feed", "vertical-tab", "dle", "escape", "noncharacter-fffe", "ref-soh", "ref-form-feed")


def invisible(char: str) -> str:
    text = SIZES["first-pass"]
    return f"<div><p>{text}</p><p>x{char}y {SENTENCE}</p><p title='t{char}'>{SENTENCE}{char}</p></div>"


def cases() -> dict[str, str]:
    built = {f"{name}-{size}": page(body) for size, text in SIZES.items() for name, body in shapes(text).items()}
    built.update({f"invisible-{name}": page(invisible(char)) for name, char in INVISIBLE.items()})
    return built


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--oracle", type=Path, default=compare.DEFAULT_ORACLE)
    args = ap.parse_args(argv)
    pages = [compare.Page(name, URL, html) for name, html in cases().items()]
    results = compare.oracle_results(pages, args.oracle, jobs=1)
    fixtures = []
    for p in pages:
        result = results[p.name]
        if "error" in result or not result.get("article"):
            sys.exit(f"{p.name}: Readability.js gave no article: {result.get('error')}")
        article = result["article"]
        fixtures.append(
            {
                "name": p.name,
                "url": p.url,
                "html": p.text,
                "unholdable": p.name.removeprefix("invisible-") in UNHOLDABLE,
                "expected": {key: article.get(key) for key in ("content", "textContent", "byline", "title", "excerpt")},
            }
        )
    OUT.write_text(json.dumps(fixtures, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(fixtures)} pages written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
