"""Write ``text_fixtures/``: Chromium's ``innerText`` of our ``content``, the oracle of ``article.text``.

For every vendored Mozilla case, the engine's ``content`` (extracted as the
Mozilla harness does) goes to ``text_fixtures/<case>/content.html`` and the
``innerText`` Chromium computes for it, shown with the default stylesheet, to
``text_fixtures/<case>/inner-text.txt``. Where Chromium's parser and ours
build different trees from that HTML, Chromium's ``innerText`` of a DOM built
node by node as our tree goes to ``inner-text-of-our-tree.txt`` too, so that
``inner_text()`` is checked on every page. The focused cases below go with their
``innerText`` to ``text_fixtures/focused.json``. The tests read these files
and need no browser; because each fixture keeps the HTML it was computed from,
a later change to ``content`` does not invalidate it.

Each page is shown as ``<!DOCTYPE html>`` (standards mode) with the HTML inside
a ``<div>``, the body's first child, and the fixture is that div's
``innerText``; the tests parse the same document with our parser and compare
``inner_text()`` of the same div.

Run after a Chromium upgrade worth following, or to add cases:
``python tests/engine/make_text_fixtures.py`` (``$CHROMIUM`` picks the browser).
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

from lxml import etree

from testkit.rendering import content_div, document
from tests.engine.chromium import Chromium, find_chromium

HERE = Path(__file__).resolve().parent
OUT = HERE / "text_fixtures"
TREE_FIXTURE = "inner-text-of-our-tree.txt"
sys.path.insert(0, str(HERE.parent))

from testkit.mozilla_harness import PAGES_DIR, list_cases, run_engine  # noqa: E402

# Focused cases: each one thing innerText does (or skips), checked against Chromium.
FOCUSED = [
    # whitespace collapsing
    " x  <b> y </b> z ",
    "a<span> </span> b",
    "<p>a <code>  x  </code> b</p>",
    "<p><span> a</span></p>",
    "a\tb\n\nc",
    "\u00a0a\u00a0 \u00a0b\u3000c\u200bd",
    "a\u00adb",
    "<sup>1</sup> x",
    # blocks and paragraphs
    "<p>a</p><p>b</p>",
    "x<p> a </p>y",
    "<p></p><p>x</p>",
    "<p>a\n</p>",
    "<div>a</div> b",
    "a <div>b</div>",
    "<span>a<div>b</div>c</span>",
    "<div><p>a</p></div><div>b</div>",
    "<h1>a</h1><h2>b</h2>c",
    "<blockquote><p>q</p>b</blockquote>after",
    "<hr>a<hr>",
    "<p>x</p>\n\n<p>y</p>",
    "<address>a</address>b",
    "<center>c</center>d",
    # line breaks
    "a<br>b<br>",
    "a <br> b",
    "a<br><br>b",
    "<p>a<br></p><p>b</p>",
    "<div><br></div>",
    "<p>a</p> <br> <p>b</p>",
    # lists
    "<ul><li>a<li>b<ul><li>c</ul></ul>",
    "<ol><li>one<ol><li>one.one<li>one.two</ol><li>two</ol>",
    "<ul><li>a<p>b</p></li><li><p>c</p>d</li></ul>",
    "<li>a <ul><li> b</li></ul> c</li>",
    "<dl><dt>t<dd>d</dl>",
    # pre
    "<pre>\n a  b\n\n c</pre>",
    "<pre>a\tb  <b> c </b>\n</pre>x",
    "<pre><code class='language-py'>def f():\n    return 1\n</code></pre>",
    "<p>a</p><pre>  x</pre><p>b</p>",
    "<listing>a  b</listing>",
    "<xmp>a  <b> b</xmp>",
    # tables
    "<table><tr><td>a<td>b</tr><tr><td>c<td>d</table>",
    "<table><caption>cap</caption><thead><tr><th>h1<th>h2</thead><tbody><tr><td>1<td>2</tbody>"
    "<tfoot><tr><td>f<td>g</tfoot></table>",
    "<table><tbody><tr><td>1</td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot>"
    "<tbody><tr><td>2</td></tr></tbody></table>x",
    "<table><tr><td> a </td> <td> b </td></tr> <tr><td><table><tr><td>i<td>j</table></td><td>k</td></tr></table>",
    "<table><tr><td>a</td><td hidden>b</td></tr></table>",
    "<table><tr><td>a</td></tr><tr hidden><td>b</td></tr></table>",
    "<table><tr><td><p>a</p><p>b</p></td><td>c</td></tr></table>",
    "<table><tr><td></td><td>b</td><td></td></tr></table>",
    # inline / block mixes, replaced elements
    "a <img src=x> b",
    "<p><img src=x> text</p>",
    "<img alt=ALT>x",
    "<figure><img src=x><figcaption>cap</figcaption></figure>",
    "<figure>\n<img src=x>\n<figcaption>\ncap\n</figcaption>\n</figure>",
    "<p><img src=x></p><p>y</p>",
    "a <button> x </button> b",
    "<select><option>o1<option>o2</select>",
    "<iframe src=x>fallback</iframe>t",
    "<video>fb</video>t",
    "<audio>fb</audio>t",
    "<audio controls>fb</audio>t",
    "<canvas>c</canvas>",
    "<object>o</object>",
    "<input value=v>",
    "<textarea>ta</textarea>",
    "a <wbr> b",
    "<q>q</q>",
    "<ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp></ruby>",
    "a <svg><text>x</text><title>T</title><desc>D</desc></svg> b",
    "<svg><g><text>a <tspan>b</tspan></text></g><text>c</text></svg>",
    "中文\n中文",
    # hidden content
    "<div hidden>h</div>v",
    "<span hidden>h</span>a",
    "a <img src=x hidden> b",
    "a<input type=hidden>b",
    "<noscript>ns</noscript>x",
    "<template>t</template>x",
    "<style>p{}</style><script>1</script>x",
    "<details><summary>s</summary>hidden</details>",
    "<details><summary>s</summary><summary>s2</summary>x</details>",
    "<details>no summary</details>",
    "<details open><summary>s</summary>body</details>",
    "<dialog>d</dialog>x",
    "<dialog open>d</dialog>x",
]


BUILD_AND_MEASURE = """(tree) => {
  const SVG = "http://www.w3.org/2000/svg";
  const build = ([tag, attrs, children], svg) => {
    svg = svg || tag === "svg";
    const el = svg ? document.createElementNS(SVG, tag) : document.createElement(tag);
    for (const [name, value] of attrs) try { el.setAttribute(name, value); } catch (e) {}
    for (const child of children) el.append(typeof child === "string" ? child : build(child, svg));
    return el;
  };
  const div = build(tree, false);
  document.body.replaceChildren(div);
  return div.innerText;
}"""


def our_tree(html: str) -> list[object]:
    """Our parse of ``document(html)``'s div as nested ``[tag, attributes, children]`` lists."""

    def convert(el: etree._Element) -> list[object]:
        children: list[object] = [el.text] if el.text else []
        for child in el:
            if isinstance(child.tag, str):
                children.append(convert(child))
            if child.tail:
                children.append(child.tail)
        return [el.tag, list(el.attrib.items()), children]

    return convert(content_div(html))


def inner_texts_of_trees(browser: Chromium, trees: list[list[object]]) -> list[str]:
    """Chromium's innerText of DOMs built node by node as our parser's trees."""
    session = browser.new_page()
    return [browser.evaluate(session, f"({BUILD_AND_MEASURE})({json.dumps(tree)})") for tree in trees]


def inner_texts(browser: Chromium, documents: list[str]) -> list[str]:
    session = browser.new_page()
    frame = browser.send("Page.getFrameTree", {}, session)["frameTree"]["frame"]["id"]
    results = []
    for html in documents:
        browser.send("Page.setDocumentContent", {"frameId": frame, "html": html}, session)
        results.append(browser.evaluate(session, "document.body.firstElementChild.innerText"))
    return results


def main() -> None:
    executable = find_chromium()
    if executable is None:
        sys.exit("no Chromium found (set CHROMIUM)")
    contents = {case: run_engine(case)[0].content for case in list_cases()}
    if OUT.exists():
        for path in OUT.iterdir():
            if path.is_dir():
                shutil.rmtree(path)
    OUT.mkdir(exist_ok=True)
    with Chromium(executable) as browser:
        version = browser.send("Browser.getVersion")["product"]
        pages = inner_texts(browser, [document(html) for html in contents.values()])
        focused = inner_texts(browser, [document(html) for html in FOCUSED])
        of_trees = inner_texts_of_trees(browser, [our_tree(html) for html in contents.values()])
    parsed_apart = []
    for (case, html), text, tree_text in zip(contents.items(), pages, of_trees, strict=True):
        folder = OUT / case
        folder.mkdir()
        (folder / "content.html").write_text(html, encoding="utf-8", newline="")
        (folder / "inner-text.txt").write_text(text, encoding="utf-8", newline="")
        if tree_text != text:  # Chromium's parse of the HTML and ours differ
            (folder / TREE_FIXTURE).write_text(tree_text, encoding="utf-8", newline="")
            parsed_apart.append(case)
    cases = [{"html": html, "inner_text": text} for html, text in zip(FOCUSED, focused, strict=True)]
    (OUT / "focused.json").write_text(
        json.dumps({"chromium": version, "cases": cases}, ensure_ascii=False, indent=1) + "\n",
        encoding="utf-8",
    )
    (OUT / "CHROMIUM").write_text(version + "\n")
    for name in ("LICENSE.md", "NOTICE"):
        shutil.copyfile(PAGES_DIR / name, OUT / name)
    print(f"{len(pages)} pages and {len(cases)} focused cases from {version}")
    print(f"pages where Chromium's parse and ours give different text: {', '.join(parsed_apart) or 'none'}")


if __name__ == "__main__":
    main()
