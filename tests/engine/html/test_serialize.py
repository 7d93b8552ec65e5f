"""serialize: innerHTML/outerHTML as browsers produce them."""

from __future__ import annotations

import sys

import pytest
from lxml import etree

from scrapy_readability.engine.html.parsing import parse_html
from scrapy_readability.engine.html.serialize import RAW_TEXT_ELEMENTS, VOID_ELEMENTS, inner_html, outer_html


def E(tag, text=None, tail=None, **attrs):
    el = etree.Element(tag)
    for name, value in attrs.items():
        el.set(name, value)
    el.text, el.tail = text, tail
    return el


def test_void_elements_have_no_end_tag():
    root = E("div")
    for tag in ("br", "img", "hr", "input", "wbr", "source", "embed", "meta", "link", "col", "area", "track"):
        root.append(E(tag))
    root.append(E("span"))
    root.append(E("iframe"))
    assert inner_html(root) == (
        "<br><img><hr><input><wbr><source><embed><meta><link><col><area><track><span></span><iframe></iframe>"
    )
    assert {"br", "img", "embed", "source", "wbr"} <= VOID_ELEMENTS
    assert "iframe" not in VOID_ELEMENTS


def test_text_escaping():
    root = E("p", 'x < y > z & \u00a0 "q" \'s')
    assert inner_html(root) == 'x &lt; y &gt; z &amp; &nbsp; "q" \'s'


def test_attribute_escaping_and_order():
    root = E("div")
    img = E("img")
    img.set("src", "a b.png?x=1&y=2")  # no URL escaping, unlike lxml's own HTML serialiser
    img.set("alt", "say \"hi\"\u00a0& 'bye'")
    root.append(img)
    assert inner_html(root) == '<img src="a b.png?x=1&amp;y=2" alt="say &quot;hi&quot;&nbsp;&amp; \'bye\'">'


def test_empty_attribute_value():
    root = E("div")
    root.append(E("input", disabled=""))
    assert inner_html(root) == '<input disabled="">'


@pytest.mark.parametrize("tag", sorted(RAW_TEXT_ELEMENTS))
def test_raw_text_elements_not_escaped(tag):
    root = E("div")
    root.append(E(tag, "a < b && c > d", tail=" & after"))
    assert inner_html(root) == f"<{tag}>a < b && c > d</{tag}> &amp; after"


def test_raw_text_root_and_escaped_rcdata():
    assert inner_html(E("script", "if (a < b) {}")) == "if (a < b) {}"
    # textarea and title are escapable raw text: escaped.
    root = E("div")
    root.append(E("textarea", "<t>&"))
    assert inner_html(root) == "<textarea>&lt;t&gt;&amp;</textarea>"


def test_mixed_content_with_tails():
    div = parse_html("<div>a<b>b<i>i</i>c</b>d<br>e</div>").find("body/div")
    assert inner_html(div) == "a<b>b<i>i</i>c</b>d<br>e"
    assert outer_html(div) == "<div>a<b>b<i>i</i>c</b>d<br>e</div>"


def test_outer_html_of_void_and_empty():
    assert outer_html(E("img", src="x")) == '<img src="x">'
    assert outer_html(E("p", id="a")) == '<p id="a"></p>'
    assert inner_html(E("p")) == ""


def test_comments_serialised():
    root = E("div", "a")
    root.append(etree.Comment(" c "))
    root[-1].tail = "b"
    assert inner_html(root) == "a<!-- c -->b"


def test_tail_of_root_not_included():
    root = E("div", "in", tail="out")
    assert inner_html(root) == "in"
    assert outer_html(root) == "<div>in</div>"


def test_deep_nesting_without_recursion():
    depth = sys.getrecursionlimit() * 5
    root = E("div")
    node = root
    for _ in range(depth):
        child = E("span")
        node.append(child)
        node = child
    node.text = "deep"
    html = inner_html(root)
    assert html == "<span>" * depth + "deep" + "</span>" * depth
    assert outer_html(root) == f"<div>{html}</div>"


def test_a_big_article_is_serialised_as_a_small_one() -> None:
    """Over a few MiB the compiled core hands the article to the pure function (its peak stays lower): the same."""
    from scrapy_readability.engine._kernels import MIRRORED

    pure = MIRRORED["html.serialize.inner_html"].pure
    paragraph = "<p class='x'>Caf\u00e9 &amp; <b>bold</b>\u00a0text &lt;here&gt; " + "word " * 40 + "</p>"
    root = parse_html(f"<html><body><div>{paragraph * 20000}</div></body></html>")
    body = root.find("body")
    assert body is not None
    markup = inner_html(body)
    assert len(markup.encode("utf-8")) > 4 * 1024 * 1024
    assert markup == pure(body)
