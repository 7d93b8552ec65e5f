"""readerable: the port of Readability-readerable.js's isProbablyReaderable."""

from __future__ import annotations

import copy
import math

import lxml.html
import pytest
from lxml import etree

from scrapy_readability.engine import is_probably_readable
from scrapy_readability.engine.readerable import is_node_visible


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
