"""readerable: the port of Readability-readerable.js's isProbablyReaderable."""

from __future__ import annotations

import copy
import math

import lxml.html
import pytest
from lxml import etree

from scrapy_readability.engine import is_probably_readable
from scrapy_readability.engine.port.readerable import is_node_visible


def page(n: int, attrs: str = 'id="main"', tag: str = "p") -> str:
    return f"<html><{tag} {attrs}>{'hello there ' * n}</{tag}></html>"


VERY_SMALL = '<html><p id="main">hello there</p></html>'  # content length 11
SMALL = page(11)  # 131 once trimmed
LARGE = page(12)  # 143
VERY_LARGE = page(50)  # 599
DOCS = [VERY_SMALL, SMALL, LARGE, VERY_LARGE]


# The cases of Readability.js's test-isProbablyReaderable.js.
@pytest.mark.parametrize(
    "options, expected",
    [
        ({}, [False, False, False, True]),
        ({"min_content_length": 120, "min_score": 0}, [False, True, True, True]),
        ({"min_content_length": 200, "min_score": 0}, [False, False, False, True]),
        ({"min_content_length": 0, "min_score": 4}, [False, True, True, True]),
        ({"min_content_length": 0, "min_score": 11.5}, [False, False, True, True]),
    ],
)
def test_thresholds(options, expected):
    assert [is_probably_readable(doc, **options) for doc in DOCS] == expected


def test_score_is_the_sum_of_square_roots():
    # Two paragraphs of 143 and 599 characters once trimmed: sqrt(3) + sqrt(459) = 23.16.
    html = f"<html><p>{'hello there ' * 12}</p><p>{'hello there ' * 50}</p></html>"
    total = math.sqrt(3) + math.sqrt(459)
    assert is_probably_readable(html, min_score=total - 0.01)
    assert not is_probably_readable(html, min_score=total + 0.01)


@pytest.mark.parametrize("result", [False, True])
def test_custom_visibility_checker(result):
    seen = []

    def checker(node):
        seen.append(node.tag)
        return result

    assert is_probably_readable(VERY_LARGE, visibility_checker=checker) is result
    assert seen == ["p"]


@pytest.mark.parametrize(
    "attrs",
    ['style="display:none"', "hidden", 'aria-hidden="true"', 'class="sidebar"', 'id="comments"'],
)
def test_hidden_and_unlikely_nodes_do_not_count(attrs):
    assert not is_probably_readable(page(50, attrs))


@pytest.mark.parametrize(
    "attrs",
    ['style="visibility:hidden"', 'aria-hidden="true" class="fallback-image"', 'class="sidebar main"'],
)
def test_nodes_that_still_count(attrs):
    # readerable's visibility test ignores visibility:hidden; "main" rescues an unlikely class.
    assert is_probably_readable(page(50, attrs))


def test_is_node_visible():
    assert is_node_visible(etree.Element("p"))
    assert not is_node_visible(etree.Element("p", style="display: none !important"))
    assert is_node_visible(etree.Element("p", style="visibility: hidden"))


def test_paragraphs_inside_list_items_excluded():
    assert not is_probably_readable(f"<ul><li><p>{'hello there ' * 50}</p></li></ul>")
    assert not is_probably_readable(f"<ol><li><div><p>{'hello there ' * 50}</p></div></li></ol>")
    # Only <p> is excluded: a <pre> in a list item counts.
    assert is_probably_readable(f"<ul><li><pre>{'hello there ' * 50}</pre></li></ul>")


@pytest.mark.parametrize("tag", ["pre", "article"])
def test_pre_and_article_count(tag):
    assert is_probably_readable(page(50, tag=tag))


def test_divs_with_br_children_count_but_plain_divs_do_not():
    text = "hello there " * 25
    assert is_probably_readable(f"<div>{text}<br>{text}</div>")
    assert not is_probably_readable(f"<div>{text}{text}</div>")
    assert not is_probably_readable(f"<div>{text}<span><br></span>{text}</div>")  # div > br only


def test_text_is_trimmed_with_js_whitespace():
    # 139 characters of text, padded with non-breaking spaces that trim() removes.
    html = f"<p>\u00a0\u00a0{'x' * 139}\u00a0\u00a0</p>"
    assert not is_probably_readable(html, min_score=-1)
    assert is_probably_readable(html, min_content_length=139, min_score=-1)


def test_bytes_input_and_empty_input():
    assert is_probably_readable(VERY_LARGE.encode("utf-8"))
    assert not is_probably_readable("")
    assert not is_probably_readable(b"")


def test_parsed_tree_is_not_modified():
    doc = lxml.html.document_fromstring(
        f'<html><body><div class="sidebar"><p>{"x " * 200}</p></div><div>a<br>b</div>'
        f'<p style="display:none">hidden</p><!-- comment --><script>s()</script></body></html>'
    )
    before = etree.tostring(doc)
    snapshot = copy.deepcopy(doc)
    assert not is_probably_readable(doc)
    assert etree.tostring(doc) == before
    assert etree.tostring(doc) == etree.tostring(snapshot)


def test_parsed_tree_accepted():
    doc = lxml.html.document_fromstring(VERY_LARGE)
    assert is_probably_readable(doc)
    assert is_probably_readable(etree.ElementTree(doc))


def test_binary_bytes_are_simply_not_readerable():
    assert is_probably_readable(b"%PDF-1.4\n" + b"<p>" + b"x" * 500 + b"</p>") is False


# --- lexbor's tree: the preflight reads it without the lxml tree ------------------------------

BODY = "hello there " * 15  # 179 characters once trimmed: readerable alone at min_score 0

# Each reads the same on lexbor's tree as on the lxml tree built from it, where what an lxml
# tree cannot hold (control characters, noncharacters, a form feed) is dropped or a space.
TRICKY = [
    f"<p>{BODY}</p>",
    f"<p hidden>{BODY}</p>",
    f"<p aria-hidden>{BODY}</p>",
    f"<p aria-hidden=true class='x fallback-image'>{BODY}</p>",
    f"<p style='display : none !important'>{BODY}</p>",
    f"<p class='side\x01bar'>{BODY}</p>",  # "sidebar" once the control character goes: unlikely
    f"<p id='comment&#1;s'>{BODY}</p>",
    f"<ul><li><div><p>{BODY}</p></div></li></ul>",
    f"<div>{BODY}<br>{BODY}</div>",
    f"<div><div><br></div>{BODY}<br></div>",
    f"<article>{BODY}<template><p>{BODY * 3}</p></template></article>",
    f"<title>{BODY}</title><p>{BODY[:130] + chr(1) * 20}</p>",  # 150 characters in lexbor's text, 130 in the tree
    f"<p>{BODY[:139]}\ufffe\uffff\x0c</p>",
    f"<p>{BODY}<!-- a comment --><script>var x = 1;</script></p>",
    f"<svg><article class='sidebar'>{BODY}</article><pre>{BODY}</pre></svg>",
    f"<p>{'&#x1F600;' * 75}</p>",  # 150 UTF-16 units
    f"<table><tr><td><p>{BODY}</p></td></tr></table>",
]


@pytest.mark.parametrize("html", TRICKY)
@pytest.mark.parametrize("min_content_length", [0, 140])
def test_lexbor_tree_reads_as_the_lxml_tree(html, min_content_length):
    from scrapy_readability.engine.html.parsing import parse_html

    options = {"min_content_length": min_content_length, "min_score": 0}
    expected = is_probably_readable(parse_html(html), **options)  # the lxml tree
    assert is_probably_readable(html, **options) is expected
    assert is_probably_readable(html.encode(), **options) is expected


def test_parsed_page_serves_the_preflight_then_the_extraction():
    from scrapy_readability import Readability, parse_page

    html = f"<html><head><title>A title here</title></head><body><article><p>{BODY * 5}</p></article></body></html>"
    page = parse_page(html.encode(), "https://example.com/a", content_type="text/html; charset=utf-8")
    assert is_probably_readable(page) and is_probably_readable(page)  # never modified
    article = Readability(page).parse()
    expected = Readability(html, url="https://example.com/a").parse()
    assert article is not None and expected is not None
    assert article.to_dict() == expected.to_dict()
    # The extraction took the tree: asked again, the page parses its text afresh.
    assert is_probably_readable(page)
    again = Readability(page).parse()
    assert again is not None and again.content == expected.content


def test_parsed_page_refuses_what_is_not_html():
    from scrapy_readability import InputError, parse_page

    with pytest.raises(InputError):
        parse_page(b"%PDF-1.7\n" + b"\x00" * 200)


def test_parsed_page_of_a_page_nested_too_deep_is_libxml2s():
    from scrapy_readability.engine.html.parsing import MAX_HTML5_DEPTH, MAX_TAGS_UNCHECKED, ParsedPage

    depth = MAX_HTML5_DEPTH + 10
    filler = "<i></i>" * MAX_TAGS_UNCHECKED
    html = f"<body>{filler}{'<div>' * depth}<p>{BODY}</p>{'</div>' * depth}</body>"
    page = ParsedPage(html)
    assert isinstance(page.readerable_tree(), etree._Element)
    assert is_probably_readable(page, min_score=0)
