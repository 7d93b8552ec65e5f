"""dom: the DOM operations Readability.js relies on, over lxml's text/tail model."""

from __future__ import annotations

import pytest
from lxml import etree

from scrapy_readability.engine import _kernels
from scrapy_readability.engine.html.dom import (
    append_child,
    child_nodes,
    get_next_node,
    get_node_ancestors,
    has_ancestor_tag,
    has_child_block_element,
    has_single_tag_inside_element,
    inner_text,
    inner_text_length,
    is_element_without_content,
    is_phrasing_content,
    is_single_image,
    is_whitespace_node,
    remove,
    remove_and_get_next,
    replace_with,
    set_child_nodes,
    set_node_tag,
    text_content,
)
from scrapy_readability.engine.html.parsing import parse_html
from tests.engine.engine_helpers import frag, outer

# --- child_nodes / set_child_nodes ---------------------------------------------


def test_child_nodes_lists_text_and_elements_in_order():
    div = frag("<div>a<b>b</b>c<i>i</i><u>u</u>d</div>")
    nodes = child_nodes(div)
    assert [n if isinstance(n, str) else n.tag for n in nodes] == ["a", "b", "c", "i", "u", "d"]


def test_child_nodes_of_empty_element():
    assert child_nodes(frag("<div></div>")) == []


def test_set_child_nodes_round_trip_keeps_text():
    div = frag("<div>a<b>b</b>c<i>i</i><u>u</u>d</div>")
    set_child_nodes(div, child_nodes(div))
    assert outer(div) == "<div>a<b>b</b>c<i>i</i><u>u</u>d</div>"


def test_set_child_nodes_reorders_and_merges_adjacent_text():
    div = frag("<div>a<b>b</b>c<i>i</i>d</div>")
    text_a, b, text_c, i, text_d = child_nodes(div)
    set_child_nodes(div, [i, text_a, text_c, b, "x", "y"])
    assert outer(div) == "<div><i>i</i>ac<b>b</b>xy</div>"


def test_set_child_nodes_moves_elements_without_their_tails():
    # The contract: a node list as child_nodes() gives it, where tails are entries
    # of their own; a tail left out of the list is dropped, not kept in place.
    root = frag("<div><p>one<em>e</em>tail-e</p><section>s</section></div>")
    p, section = root[0], root[1]
    em = p[0]
    set_child_nodes(section, ["x", em])
    assert outer(root) == "<div><p>one</p><section>x<em>e</em></section></div>"


def test_set_child_nodes_moves_many_siblings_in_linear_time():
    div = frag("<div>" + "<a>x</a> y " * 50_000 + "</div>")
    target = frag("<p></p>")
    set_child_nodes(target, child_nodes(div))
    assert len(target) == 50_000 and len(div) == 0
    assert target[-1].tail == " y "


# --- remove, replace_with, append_child ------------------------------------------


def test_remove_keeps_tail_after_previous_sibling():
    div = frag("<div>a<b>b</b>c<i>i</i>d</div>")
    remove(div.find("i"))
    assert outer(div) == "<div>a<b>b</b>cd</div>"


def test_remove_first_child_moves_tail_into_parent_text():
    div = frag("<div>a<b>b</b>c</div>")
    remove(div.find("b"))
    assert outer(div) == "<div>ac</div>"


def test_remove_detached_is_a_no_op():
    el = etree.Element("p")
    remove(el)
    assert el.getparent() is None


def test_remove_and_get_next_returns_next_outside_subtree():
    div = frag("<div><section><p>x</p></section><aside>y</aside></div>")
    section = div[0]
    nxt = remove_and_get_next(section)
    assert nxt.tag == "aside"
    assert outer(div) == "<div><aside>y</aside></div>"


def test_replace_with_keeps_surrounding_text():
    div = frag("<div>a<b>b</b>c</div>")
    new = etree.Element("i")
    new.text = "n"
    replace_with(div.find("b"), new)
    assert outer(div) == "<div>a<i>n</i>c</div>"


def test_replace_with_moves_new_node_from_its_old_place():
    div = frag("<div><section>s<p>p</p>after</section><b>b</b>tail</div>")
    p = div.find(".//p")
    replace_with(div.find("b"), p)
    assert outer(div) == "<div><section>safter</section><p>p</p>tail</div>"


def test_append_child_moves_without_old_tail():
    div = frag("<div><p>1</p>t1<p>2</p>t2</div>")
    target = etree.Element("section")
    append_child(target, div[0])
    assert outer(div) == "<div>t1<p>2</p>t2</div>"
    assert outer(target) == "<section><p>1</p></section>"


# --- walking ---------------------------------------------------------------------


def test_get_next_node_is_depth_first_document_order():
    body = parse_html("<div id=a><p id=b><span id=c>x</span></p><p id=d></p></div><div id=e><i id=f></i></div>").find(
        "body"
    )
    order = []
    node = get_next_node(body)
    while node is not None:
        order.append(node.get("id"))
        node = get_next_node(node)
    assert order == ["a", "b", "c", "d", "e", "f"]


def test_get_next_node_ignoring_kids_climbs_to_next_sibling_of_ancestor():
    body = parse_html("<div id=a><p id=b><span id=c>x</span></p></div><div id=e></div>").find("body")
    b = body.find(".//p")
    assert get_next_node(b, True).get("id") == "e"
    assert get_next_node(body.find(".//span"), True).get("id") == "e"
    assert get_next_node(body[1]) is None


def test_get_node_ancestors_parent_first_with_depth():
    span = parse_html("<div><p><span>x</span></p></div>").find(".//span")
    assert [a.tag for a in get_node_ancestors(span)] == ["p", "div", "body", "html"]
    assert [a.tag for a in get_node_ancestors(span, 2)] == ["p", "div"]


def test_has_ancestor_tag_depth_limit():
    # Readability.js checks parents at depth 0..maxDepth (four levels for the default 3).
    root = parse_html("<table><tr><td><div><div><div><span id=s>x</span></div></div></div></td></tr></table>")
    span = root.find(".//span")
    # ancestors: div div div td tr tbody table
    assert has_ancestor_tag(span, "td")  # 4th parent
    assert not has_ancestor_tag(span, "tr")  # 5th parent
    assert has_ancestor_tag(span, "table", -1)
    assert has_ancestor_tag(span, "table", 10)
    assert not has_ancestor_tag(span, "table", -1, lambda t: t.get("class") == "data")


# --- predicates ------------------------------------------------------------------


@pytest.mark.parametrize(
    "markup, expected",
    [
        ("<span>x</span>", True),
        ("<img>", True),
        ("<a href=x><span>y</span>z</a>", True),
        ("<a href=x><div>y</div></a>", False),
        ("<del><ins><b>x</b></ins></del>", True),
        ("<ins><p>x</p></ins>", False),
        ("<div>x</div>", False),
        ("<iframe></iframe>", False),
        ("<svg></svg>", False),
        ("<p>x</p>", False),
    ],
)
def test_is_phrasing_content(markup, expected):
    assert is_phrasing_content(frag(f"<div>{markup}</div>")[0]) is expected


def test_text_nodes_are_phrasing_and_whitespace_nodes():
    assert is_phrasing_content("any text")
    assert is_whitespace_node(" \u00a0\n")
    assert not is_whitespace_node(" x ")
    assert is_whitespace_node(etree.Element("br"))
    assert not is_whitespace_node(etree.Element("hr"))


@pytest.mark.parametrize(
    "markup, expected",
    [
        ("<div><p>x</p></div>", True),
        ("<div>  <p>x</p>\n </div>", True),
        ("<div><p>x</p><p>y</p></div>", False),
        ("<div><span>x</span></div>", False),
        ("<div>text<p>x</p></div>", False),
        ("<div><p>x</p>text</div>", False),
        # /\S$/ only looks at the last character: text ending in whitespace is not content.
        ("<div>text <p>x</p></div>", True),
        ("<div>\u00a0<p>x</p></div>", True),
    ],
)
def test_has_single_tag_inside_element(markup, expected):
    assert has_single_tag_inside_element(frag(markup), "p") is expected


def test_has_single_tag_inside_element_text_ending_in_newline_is_not_content():
    # JS: /\S$/.test("text\n") === false, so the text does not count as content.
    assert has_single_tag_inside_element(frag("<div><p>x</p>text\n</div>"), "p") is True


@pytest.mark.parametrize(
    "markup, expected",
    [
        ("<div></div>", True),
        ("<div> \n </div>", True),
        ("<div><br><hr></div>", True),
        ("<div> <br> </div>", True),
        # Direct children compared to descendant br/hr counts, as in Readability.js.
        ("<div><span><br></span></div>", True),
        ("<div><span></span></div>", False),
        ("<div><img></div>", False),
        ("<div>x</div>", False),
        ("<div><br><span></span></div>", False),
    ],
)
def test_is_element_without_content(markup, expected):
    assert is_element_without_content(frag(markup)) is expected


def test_has_child_block_element_looks_at_descendants():
    assert has_child_block_element(frag("<div><span><p>x</p></span></div>"))
    assert not has_child_block_element(frag("<div><span>x</span><a>y</a></div>"))


def test_is_single_image():
    assert is_single_image(frag("<div><span><img src=a></span></div>"))
    assert not is_single_image(frag("<div>caption<img src=a></div>"))
    assert not is_single_image(frag("<div><img src=a><img src=b></div>"))


def test_set_node_tag_renames_in_place():
    div = frag("<div class=c>a<b>b</b></div>")
    renamed = set_node_tag(div, "P")
    assert renamed is div
    assert outer(div) == '<p class="c">a<b>b</b></p>'


def test_text_content_and_inner_text():
    div = frag("<div>  a \u00a0 <b>b</b>\n\nc  </div>tail")
    assert text_content(div) == "  a \u00a0 b\n\nc  "
    assert inner_text(div) == "a b c"
    assert inner_text(div, False) == "a \u00a0 b\n\nc"


@pytest.mark.parametrize(
    "html",
    [
        "<div>  a  <b> b </b>  c </div>",
        "<div><i> </i>x<i>\u00a0</i><i></i>y</div>",
        "<div>x<img>y</div>",
        "<div>\ufeff a \x85 <span>\u2003</span>b\ufeff</div>",
        "<div><p>\U0001f600 one</p> <p>two \U0001f600</p></div>",
        "<div> <span> </span> </div>",
        "<div>a<span>b</span>c<span> </span> d</div>",
        # children with many children are read in pieces in turn, their tails after them
        "<div> x <ul>" + "<li> a </li>\n" * 70 + "</ul> tail <p>" + "<b>b</b> " * 80 + "</p>\u00a0end </div>",
        "<div>" + ("<section> s " + "<i> \U0001f600 </i>" * 65 + " </section>") * 3 + "</div>",
    ],
)
def test_streamed_length_is_inner_text_length(html):
    from scrapy_readability.engine.html.dom import TextLengths, _pieces, streamed_length

    div = parse_html(html).find("body/div")
    assert "".join(_pieces(div)) == text_content(div)
    assert streamed_length(div) == inner_text_length(div)
    body = div.getparent()  # <body> is read in pieces on a big page, for its length and for counting
    assert TextLengths(streaming=True).count(body, " ") == text_content(body).count(" ")


# --- Memos that a walk keeps: every answer checked against a fresh reading ---------------------


def _memo_pages() -> list[tuple[str, str]]:
    from testkit.hostile_inputs import CASES_BY_NAME
    from testkit.mozilla_harness import BASE_URL, CASES, PAGES_DIR

    pages = [((PAGES_DIR / case / "source.html").read_text(encoding="utf-8"), BASE_URL) for case in CASES]
    nests = [CASES_BY_NAME["nested_lists_and_quotes"].make(1.0)]
    body = "<p>" + "Words of a paragraph, long enough to be scored as one. " * 4 + "</p>"
    for inner in (body, "<br><hr>", " \u00a0 "):  # a nest with text at the bottom, and without any
        nests.append(
            "<html><body>" + "<div><section>" * 150 + inner + "</section></div>" * 150 + body + "</body></html>"
        )
    return pages + [(html, "http://hostile.example/") for html in nests]


def _phases_compiled() -> bool:
    import importlib.machinery

    from scrapy_readability.engine.port import scoring

    return str(scoring.__file__).endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


@pytest.mark.skipif(
    _phases_compiled(),
    reason="compiled phases call TextFinder and TextLengths directly: no stand-in can be swapped in "
    "(benchmarks/compiled.py checks that the compiled engine's articles are the pure one's)",
)
def test_memoised_text_tests_and_lengths_answer_as_a_fresh_reading_would(monkeypatch):
    """TextFinder (``_grabArticle``'s and ``_simplifyNestedElements``'s walks) and TextLengths
    (``_cleanConditionally``) remember answers while the tree changes under them: each answer they
    give, on every vendored page and on deep nests, is what reading the tree afresh gives."""
    from scrapy_readability import Readability
    from scrapy_readability.engine.html.dom import TextFinder, TextLengths, has_text
    from scrapy_readability.engine.port import cleanup, postprocess, scoring

    asked = {"text": 0, "length": 0}

    class CheckedFinder(TextFinder):
        def __call__(self, el):
            asked["text"] += 1
            answer = super().__call__(el)
            assert answer == has_text(el), etree.tostring(el)[:200]
            return answer

    class CheckedLengths(TextLengths):
        def __call__(self, el):
            asked["length"] += 1
            length = super().__call__(el)
            assert length == TextLengths(self.streaming)(el), etree.tostring(el)[:200]
            return length

    monkeypatch.setattr(scoring, "TextFinder", CheckedFinder)
    monkeypatch.setattr(postprocess, "TextFinder", CheckedFinder)
    monkeypatch.setattr(cleanup, "TextLengths", CheckedLengths)
    # The compiled core keeps _cleanConditionally's lengths in C, the same entries: the pure phase is checked here
    # (tests/engine/test_kernels.py checks that both leave the same trees).
    monkeypatch.setattr(cleanup, "clean_conditionally", _kernels.MIRRORED["port.cleanup.clean_conditionally"].pure)
    for html, url in _memo_pages():
        Readability(html, url).parse()
    assert asked["text"] > 10_000 and asked["length"] > 10_000  # the checks ran
