"""``engine/markdown.py``: ``article.markdown``, checked by rendering it back.

The round trip: our Markdown rendered by markdown-it (CommonMark with GitHub's
tables) must read as ``article.text`` does: the same words in the same order,
the same lines (block structure), the same headings and list items.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from scrapy_readability import Readability
from scrapy_readability.engine.outputs.markdown import escape, to_markdown
from scrapy_readability.engine.outputs.text import article_text
from testkit.markdown_texts import TRICKY_TEXTS, escape_html
from testkit.mozilla_harness import list_cases, run_engine
from testkit.rendering import content_div, lines, render_markdown, rendered_text, structure

# Vendored pages whose Markdown does not read back as their text, with the reason. Only shrinks.
KNOWN_DIFFERENCES: dict[str, str] = {}


def markdown(html: str) -> str:
    return to_markdown(content_div(html))


def round_trip_problems(tree_text: str, tree: object, md: str) -> list[str]:
    root = render_markdown(md)
    back = article_text(root)
    problems = []
    if tree_text.split() != back.split():
        problems.append("words")
    if lines(tree_text) != lines(back):
        problems.append("lines")
    ours, theirs = structure(tree), structure(root)  # type: ignore[arg-type]
    if ours[0] != theirs[0]:
        problems.append(f"headings: {ours[0]} != {theirs[0]}")
    if ours[1] != theirs[1]:
        problems.append(f"list items: {ours[1]} != {theirs[1]}")
    return problems


def _params() -> list[object]:
    return [
        pytest.param(case, marks=pytest.mark.xfail(strict=True, reason=KNOWN_DIFFERENCES[case]))
        if case in KNOWN_DIFFERENCES
        else case
        for case in list_cases()
    ]


@pytest.mark.parametrize("case", _params())
def test_vendored_page_round_trip(case: str) -> None:
    article, error = run_engine(case)
    assert error is None
    assert round_trip_problems(article.text, article.tree, article.markdown) == []


# --- What each construct becomes -------------------------------------------------------

CASES = [
    ("<h2>Title</h2><p>Para <em>em</em> and <strong>strong</strong>.</p>", "## Title\n\nPara *em* and **strong**."),
    ("<h3>Ends with #</h3>", "### Ends with \\#"),
    ("<p>a <b> spaced </b> b</p>", "a **spaced** b"),
    ("<p><b></b>empty<i> </i>marks</p>", "empty marks"),
    ("<p>in<em>side</em>word</p>", "in*side*word"),
    ('<p><b>"q"</b>word</p>', '<strong>"q"</strong>word'),
    ("<p><b><i>both</i></b></p>", "<strong>*both*</strong>"),
    ("<p><del>gone</del> <s>too</s></p>", "~~gone~~ ~~too~~"),
    (
        '<p><a href="http://x.test/a">link</a> <a href="http://x.test/b" title="T &quot;q&quot;">t</a></p>',
        '[link](http://x.test/a) [t](http://x.test/b "T \\"q\\"")',
    ),
    ('<p><a href="http://x.test/a b(c">odd</a></p>', "[odd](<http://x.test/a b(c>)"),
    ('<p><a name="anchor">no href</a></p>', "no href"),
    ('<p>Wow!<a href="http://x.test/">link</a></p>', "Wow\\![link](http://x.test/)"),
    ('<p><img src="http://x.test/i.png" alt="An [image]" title="T"></p>', '![An \\[image\\]](http://x.test/i.png "T")'),
    (
        '<figure><img src="http://x.test/i.png" alt="A"><figcaption>The <em>caption</em></figcaption></figure>',
        "![A](http://x.test/i.png)\n\nThe *caption*",
    ),
    ("<p>one<br>two<br></p>", "one\\\ntwo"),
    ("<ul><li>a</li><li>b<ul><li>c</li></ul></li></ul>", "- a\n- b\n  - c"),
    ('<ol start="3"><li>x</li><li>y<ol><li>z</li></ol></li></ol>', "3. x\n4. y\n   1. z"),
    ("<ol><li><p>p1</p><p>p2</p></li><li>q</li></ol>", "1. p1\n\n   p2\n\n2. q"),
    ("<ul><li>a</li></ul><ul><li>b</li></ul><ol><li>c</li></ol><ol><li>d</li></ol>", "- a\n\n* b\n\n1. c\n\n1) d"),
    ("<ol><li>a</li><ol><li>nested</li></ol><li>b</li></ol>", "1. a\n   1. nested\n2. b"),
    ("<ul>loose<li>a</li></ul>", "loose\n\n- a"),
    ("<blockquote><p>q1</p><p>q2</p><blockquote>inner</blockquote></blockquote>", "> q1\n>\n> q2\n>\n> > inner"),
    (
        '<pre><code class="language-python">def f():\n    return "`x`"\n</code></pre>',
        '```python\ndef f():\n    return "`x`"\n```',
    ),
    ("<pre>a ``` b</pre>", "````\na ``` b\n````"),
    ("<p>Use <code>a*b</code> or <code>x`y</code>.</p>", "Use `a*b` or ``x`y``."),
    ("<p>x<sup>2</sup> H<sub>2</sub>O</p>", "x<sup>2</sup> H<sub>2</sub>O"),
    (
        "<table><tr><th>h1</th><th>h2</th></tr><tr><td>a|b</td><td><em>c</em></td></tr></table>",
        "| h1 | h2 |\n| --- | --- |\n| a\\|b | *c* |",
    ),
    ("<table><tr><td>a</td><td>b</td></tr></table>", "|  |  |\n| --- | --- |\n| a | b |"),
    (
        "<table><caption>Cap</caption><tr><th>h</th></tr><tr><td>1<br>2</td></tr></table>",
        "Cap\n\n| h |\n| --- |\n| 1<br>2 |",
    ),
    (
        '<table><tr><td colspan="2">a</td></tr><tr><td>b</td><td>c</td></tr></table>',
        '<table><tbody><tr><td colspan="2">a</td></tr><tr><td>b</td><td>c</td></tr></tbody></table>',
    ),
    (
        "<table><tr><td><p>a</p>\n\n<p>b</p></td></tr></table>",
        "<table><tbody><tr><td><p>a</p>&#10;\n<p>b</p></td></tr></tbody></table>",
    ),
    ("<p>a</p><hr><p>b</p>", "a\n\n---\n\nb"),
    (
        "<details><summary>More <b>info</b></summary><p>hidden</p></details>",
        "<details>\n<summary>More <b>info</b></summary>\n\nhidden\n\n</details>",
    ),
    ("<p>seen<span hidden>unseen</span></p><div hidden>gone</div>", "seen"),
    (
        '<p>a <iframe src="https://www.youtube.com/embed/x"></iframe> b</p>',
        'a <iframe src="https://www.youtube.com/embed/x"></iframe> b',
    ),
]


@pytest.mark.parametrize(("html", "expected"), CASES, ids=[html[:40] for html, _ in CASES])
def test_markdown_of(html: str, expected: str) -> None:
    assert markdown(html) == expected


@pytest.mark.parametrize(("html", "expected"), CASES, ids=[html[:40] for html, _ in CASES])
def test_each_case_round_trips(html: str, expected: str) -> None:
    tree = content_div(html)
    assert round_trip_problems(article_text(tree), tree, to_markdown(tree)) == []


# --- Escaping: a page's text never becomes markup -----------------------------------


@pytest.mark.parametrize("text", TRICKY_TEXTS)
def test_text_reads_back_as_itself(text: str) -> None:
    html = f"<p>{escape_html(text)}</p>"
    assert rendered_text(markdown(html)) == article_text(content_div(html))


@pytest.mark.parametrize("text", TRICKY_TEXTS)
@pytest.mark.parametrize(
    "wrapper",
    [
        "<p>a<br>{}<br>{}</p>",
        "<h2>{} and {}</h2>",
        "<ul><li>{}</li><li><p>x</p><p>{}</p></li></ul>",
        "<blockquote><p>{}</p><p>{}</p></blockquote>",
        "<table><tr><th>{}</th></tr><tr><td>{}</td></tr></table>",
        '<p><a href="http://x.test/">{}</a> <em>{}</em></p>',
    ],
)
def test_text_reads_back_as_itself_anywhere(text: str, wrapper: str) -> None:
    html = wrapper.format(escape_html(text), escape_html(text))
    tree = content_div(html)
    assert round_trip_problems(article_text(tree), tree, to_markdown(tree)) == []


_SYNTAX = st.sampled_from(list("*_`[]()#!-+=>|~\\<&;:.1 \n\t") + ["word", "a_b", "&amp;", "<b>", "1.", "\u00a0"])
_INLINE = st.sampled_from(["", "em", "strong", "code", "a", "del", "sup"])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.lists(_SYNTAX, max_size=6).map("".join), _INLINE), min_size=1, max_size=8))
@example(runs=[("-- -", "")])  # a thematic break, in a paragraph and in a list item
def test_any_text_reads_back_as_itself(runs: list[tuple[str, str]]) -> None:
    parts = []
    for text, tag in runs:
        text = escape_html(text)
        if tag == "a":
            parts.append(f'<a href="http://x.test/p?q=1&amp;r=(2)">{text}</a>')
        elif tag:
            parts.append(f"<{tag}>{text}</{tag}>")
        else:
            parts.append(text)
    html = "<p>" + "".join(parts) + "</p><ul><li>" + "<br>".join(parts) + "</li></ul>"
    tree = content_div(html)
    md = to_markdown(tree)
    assert round_trip_problems(article_text(tree), tree, md) == [], md


_TEXT = st.lists(_SYNTAX, min_size=1, max_size=5).map("".join).map(escape_html)


def _wrap(tag: str) -> object:
    return lambda children: "".join(children) if not tag else f"<{tag}>{''.join(children)}</{tag}>"


_BLOCK = st.recursive(
    _TEXT | st.just("<br>") | _TEXT.map(lambda t: f"<pre>{t}</pre>") | _TEXT.map(lambda t: f"<code>{t}</code>"),
    lambda inner: st.one_of(
        *(
            st.lists(inner, min_size=1, max_size=3).map(_wrap(tag))  # type: ignore[arg-type]
            for tag in ("", "p", "div", "em", "strong", "blockquote", "figure", "figcaption")
        ),
        st.lists(_TEXT | st.just("<br>") | _TEXT.map(lambda t: f"<em>{t}</em>"), min_size=1, max_size=3).map(
            _wrap("h2")  # type: ignore[arg-type]
        ),
        st.lists(st.lists(inner, min_size=1, max_size=2).map(_wrap("li")), min_size=1, max_size=3).map(
            lambda items: f"<ul>{''.join(items)}</ul>"  # type: ignore[arg-type]
        ),
        st.lists(st.lists(inner, min_size=1, max_size=2).map(_wrap("li")), min_size=1, max_size=3).map(
            lambda items: f"<ol>{''.join(items)}</ol>"  # type: ignore[arg-type]
        ),
        st.lists(_TEXT, min_size=2, max_size=4).map(
            lambda cells: "<table><tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr></table>"
        ),
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_BLOCK, min_size=1, max_size=4).map("".join))
def test_any_structure_reads_back_as_itself(html: str) -> None:
    tree = content_div(html)
    md = to_markdown(tree)
    assert round_trip_problems(article_text(tree), tree, md) == [], md


def test_escape() -> None:
    assert escape("a*b_c d_ [x] `y` <p> &amp; |") == "a\\*b_c d\\_ \\[x\\] \\`y\\` \\<p> \\&amp; \\|"
    assert escape("plain text, 3 < 4") == "plain text, 3 < 4"


# --- Through the engine ---------------------------------------------------------------


def test_markdown_of_an_article_has_absolute_urls() -> None:
    paragraph = "<p>" + "Words of the article, long enough to be one. " * 12 + "</p>"
    html = (
        f'<html><body><article><h1>Title</h1>{paragraph}<p>See <a href="/next">the next page</a> and '
        f'<img src="img/a.png" alt="a picture">.</p>{paragraph}</article></body></html>'
    )
    article = Readability(html, url="https://news.example/2025/story").parse()
    assert article is not None
    assert "[the next page](https://news.example/next)" in article.markdown
    assert "![a picture](https://news.example/2025/img/a.png)" in article.markdown


def test_markdown_keeps_the_language_class_when_content_keeps_classes() -> None:
    code = '<pre><code class="language-rust">fn main() {}</code></pre>'
    html = f"<html><body><article><p>{'Text of the article. ' * 30}</p>{code}</article></body></html>"
    kept = Readability(html, keep_classes=True).parse()
    dropped = Readability(html).parse()
    assert kept is not None and dropped is not None
    assert "```rust\nfn main() {}\n```" in kept.markdown
    assert "```\nfn main() {}\n```" in dropped.markdown
