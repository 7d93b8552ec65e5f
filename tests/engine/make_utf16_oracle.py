"""Write ``utf16_oracle.json``: what Readability.js decides on pages where UTF-16 units matter.

JavaScript's ``String.prototype.length`` counts UTF-16 code units, so a character
outside the Basic Multilingual Plane (an emoji, some CJK) counts two. Each page
below puts such characters where one of Readability.js's length decisions can
go either way: the 25-character paragraph minimum, the bonus per 100
characters, ``charThreshold``, link density, the length of a list's text,
sibling paragraphs, the byline check, share widgets, "suspiciously short"
containers, the title's length and the readerable preflight's
``minContentLength``.

For each page the fixture keeps the HTML, the options, and Readability.js's
outcome (the article's content, text, length, title, byline and excerpt, and
``isProbablyReaderable``), both for the page and for the same page with every
astral character replaced by one BMP character (what counting code points
would see). A page marked ``flips`` must give different outcomes for the two;
the controls must not. ``test_utf16_lengths.py`` checks the engine against
both and needs no JavaScript.

Run where node is installed, with Readability.js and jsdom in a folder of
their own (outside this repository)::

    mkdir /tmp/oracle && cd /tmp/oracle && npm install @mozilla/readability@0.6.0 jsdom
    python tests/engine/make_utf16_oracle.py /tmp/oracle/node_modules
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OUT = HERE / "utf16_oracle.json"
URL = "http://fakehost/test/page.html"

ASTRAL = "\U0001f600"  # 😀: two UTF-16 units, one code point
BMP = "\u263a"  # ☺: what the same text looks like when every character counts one

PROSE = (
    "The ferry leaves the harbour at eight and the crossing takes an hour and a half in calm "
    "weather, longer when the wind is up and the boat has to keep to the sheltered side. "
)


def emoji(n: int) -> str:
    return ASTRAL * n


def page(body: str, title: str = "A test page about lengths and emoji") -> str:
    return f"<!DOCTYPE html><html><head><title>{title}</title></head><body>{body}</body></html>"


def prose_paragraphs(n: int) -> str:
    return f"<p>{PROSE * 2}</p>" * n


def char_threshold_page(units: int) -> str:
    """An article of exactly ``units`` UTF-16 units once the strict pass drops its ``extra`` box."""
    head = "Counting the characters of this article. "
    fill = units - len(head) - 2 * 200
    odd = "z" * (fill % 2)
    body = (
        f'<article><p>{head}{"x" * 200}</p><div class="extra"><p>{"Boxed text. " * 20}</p></div>'
        f"<p>{emoji(fill // 2)}{odd}{'y' * 200}</p></article>"
    )
    return page(body)


# name -> (decision it targets, html, options, whether units and code points must disagree)
CASES: dict[str, tuple[str, str, dict[str, Any], bool]] = {
    "paragraph-minimum": (
        "_grabArticle: a paragraph under 25 characters is not scored",
        page(
            f'<div id="emoji"><p>{emoji(13)}</p><p>{emoji(13)}</p><p>{emoji(13)}</p><p>{emoji(13)}</p></div>'
            '<div id="words"><p>Plain words without any commas</p><p>More plain words without commas</p></div>'
        ),
        {},
        True,
    ),
    "paragraph-minimum-control": (
        "_grabArticle: 12 emoji are 24 units, under the minimum either way",
        page(
            f'<div id="emoji"><p>{emoji(12)}</p><p>{emoji(12)}</p><p>{emoji(12)}</p><p>{emoji(12)}</p></div>'
            '<div id="words"><p>Plain words without any commas</p><p>More plain words without commas</p></div>'
        ),
        {},
        False,
    ),
    "score-bonus": (
        "_grabArticle: one point per 100 characters of a paragraph",
        page(
            f'<div id="emoji"><p>{emoji(60)}</p><p>tiny</p></div>'
            '<div id="words"><p>Words, with one comma and more</p><p>tiny</p></div>'
        ),
        {},
        True,
    ),
    "char-threshold-reached": (
        "_grabArticle: the strict pass is long enough at charThreshold (500) units",
        char_threshold_page(500),
        {},
        True,
    ),
    "char-threshold-missed": (
        "_grabArticle: 499 units, one short of charThreshold either way",
        char_threshold_page(499),
        {},
        False,
    ),
    "char-threshold-option": (
        "_grabArticle: a charThreshold of its own",
        page(f'<article><p>{"Plain text here. " * 3}{emoji(20)}</p><div class="extra"><p>Boxed.</p></div></article>'),
        {"char_threshold": 80},
        True,
    ),
    "link-density": (
        "_cleanConditionally: a little linky (link density over 0.2)",
        page(
            f"<article>{prose_paragraphs(3)}<div><p>{'Some plain words ' * 3}</p>"
            f'<p>and a <a href="/more">{emoji(12)}</a> link</p></div>{prose_paragraphs(1)}</article>'
        ),
        {},
        True,
    ),
    "list-share": (
        "_cleanConditionally: a node whose lists hold more than 90% of its text counts as a list",
        page(
            f'<article>{prose_paragraphs(3)}<div><ul><li>{emoji(30)} <a href="/a">{emoji(20)}</a></li></ul>'
            f"<p>{'w' * 8}</p></div>{prose_paragraphs(1)}</article>"
        ),
        {},
        True,
    ),
    "suspiciously-short": (
        "_cleanConditionally: under 25 characters with a link",
        page(
            f'<article>{prose_paragraphs(3)}<div><p>{emoji(12)}</p><p><a href="/x">x</a></p></div>'
            f"{prose_paragraphs(1)}</article>"
        ),
        {},
        True,
    ),
    "sibling-paragraph": (
        "_grabArticle: a sibling paragraph over 80 characters joins the article",
        page(f'<div id="main">{prose_paragraphs(3)}</div><p>So {emoji(40)} indeed</p>'),
        {},
        True,
    ),
    "share-widget": (
        "_prepArticle: share widgets under 500 characters go",
        page(f'<div id="main">{prose_paragraphs(3)}<p class="share">{emoji(260)}</p>{prose_paragraphs(1)}</div>'),
        {},
        True,
    ),
    "byline": (
        "_isValidByline: under 100 characters",
        page(f'<div class="byline">By {emoji(49)}</div><div id="main">{prose_paragraphs(4)}</div>'),
        {},
        True,
    ),
    "title-length": (
        "_getArticleTitle: a title under 15 or over 150 characters gives way to the only <h1>",
        page(f'<h1>The heading of the page</h1><div id="main">{prose_paragraphs(4)}</div>', title=emoji(8)),
        {},
        True,
    ),
    "readerable": (
        "isProbablyReaderable: paragraphs of at least minContentLength (140) characters",
        page(f"<p>{emoji(120)}</p>" * 3),
        {},
        True,
    ),
    "readerable-control": (
        "isProbablyReaderable: 70 emoji are 140 units, which adds nothing to the score",
        page(f"<p>{emoji(70)}</p>" * 3),
        {},
        False,
    ),
}

# Readability.js on jsdom, as Mozilla's test harness runs it; our own few lines.
RUNNER = r"""
const fs = require("fs");
const { JSDOM } = require("jsdom");
const { Readability, isProbablyReaderable } = require("@mozilla/readability");
const jsOptions = o => ({ charThreshold: o.char_threshold });
const out = {};
for (const [name, c] of Object.entries(JSON.parse(fs.readFileSync(process.argv[2], "utf8")))) {
  const doc = new JSDOM(c.html, { url: c.url }).window.document;
  const a = new Readability(doc, jsOptions(c.options)).parse();
  const readerable = isProbablyReaderable(new JSDOM(c.html, { url: c.url }).window.document);
  out[name] = a ? {
    title: a.title, byline: a.byline, excerpt: a.excerpt, length: a.length,
    text_content: a.textContent, content: a.content, readerable,
  } : { readerable };
}
fs.writeFileSync(process.argv[3], JSON.stringify(out));
"""


def decisions(outcome: dict[str, Any]) -> dict[str, Any]:
    """An outcome with the BMP stand-in read as the astral character, and without ``length``.

    Equal for a page and its BMP twin exactly when every decision went the same way.
    """
    return {
        key: value.replace(BMP, ASTRAL) if isinstance(value, str) else value
        for key, value in outcome.items()
        if key != "length"
    }


def run_readability_js(node_modules: Path, pages: dict[str, dict[str, Any]]) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        runner, pages_file, out_file = Path(tmp, "run.js"), Path(tmp, "pages.json"), Path(tmp, "out.json")
        runner.write_text(RUNNER)
        pages_file.write_text(json.dumps(pages))
        subprocess.run(
            ["node", str(runner), str(pages_file), str(out_file)],
            check=True,
            env={"NODE_PATH": str(node_modules), "PATH": "/usr/bin:/usr/local/bin:/bin"},
        )
        result: dict[str, Any] = json.loads(out_file.read_text())
        return result


def main(node_modules: Path) -> None:
    pages = {}
    for name, (_decision, html, options, _flips) in CASES.items():
        pages[name] = {"html": html, "url": URL, "options": options}
        pages[name + "/bmp"] = {"html": html.replace(ASTRAL, BMP), "url": URL, "options": options}
    outcomes = run_readability_js(node_modules, pages)
    fixture = []
    for name, (decision, html, options, flips) in CASES.items():
        expected, bmp_expected = outcomes[name], outcomes[name + "/bmp"]
        if (decisions(expected) != decisions(bmp_expected)) != flips:
            raise SystemExit(f"{name}: units and code points {'agree' if flips else 'disagree'}; fix the page")
        fixture.append(
            {
                "name": name,
                "decision": decision,
                "flips": flips,
                "options": options,
                "html": html,
                "expected": expected,
                "bmp_expected": bmp_expected,
            }
        )
    version = json.loads((node_modules / "@mozilla" / "readability" / "package.json").read_text())["version"]
    jsdom = json.loads((node_modules / "jsdom" / "package.json").read_text())["version"]
    OUT.write_text(
        json.dumps(
            {"oracle": f"Readability.js {version} on jsdom {jsdom}", "astral": ASTRAL, "bmp": BMP, "cases": fixture},
            ensure_ascii=False,
            indent=1,
        )
        + "\n",
        encoding="utf-8",
    )
    print(f"{len(fixture)} cases ({sum(c['flips'] for c in fixture)} that flip) -> {OUT}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    main(Path(sys.argv[1]).resolve())
