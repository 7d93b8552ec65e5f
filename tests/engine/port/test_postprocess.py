"""postprocess: _fixRelativeUris, _simplifyNestedElements and _cleanClasses."""

from __future__ import annotations

from lxml import etree

from scrapy_readability.engine.html.parsing import parse_html
from scrapy_readability.engine.html.serialize import inner_html
from scrapy_readability.engine.html.urls import ABOUT_BLANK
from scrapy_readability.engine.port.postprocess import (
    clean_classes,
    document_base_url,
    fix_relative_uris,
    post_process_content,
    simplify_nested_elements,
)
from tests.engine.engine_helpers import detached, inner

PAGE = "http://fakehost/test/page.html"


# --- document_base_url ---------------------------------------------------------------


def test_document_base_url():
    assert document_base_url(parse_html("<p>x</p>"), PAGE) == PAGE
    root = parse_html('<html><head><base target="_blank"><base href="/base/"><base href="/other/"></head></html>')
    assert document_base_url(root, PAGE) == "http://fakehost/base/"
    root = parse_html('<html><head><base href="http://[bad"></head></html>')
    assert document_base_url(root, PAGE) == PAGE


# --- fix_relative_uris -------------------------------------------------------------------


def fixed(html: str, base: str = PAGE, document: str = PAGE) -> str:
    div = detached(html)
    fix_relative_uris(div, base, document)
    return inner(div)


def test_links_resolved_and_hash_links_kept():
    assert fixed('<a href="foo.html">rel</a><a href="#sec">hash</a><a href=" s.html ">s</a><a href="">e</a>') == (
        '<a href="http://fakehost/test/foo.html">rel</a><a href="#sec">hash</a>'
        '<a href="http://fakehost/test/s.html">s</a><a href="">e</a>'
    )


def test_hash_links_resolved_against_a_different_base():
    assert fixed('<a href="foo.html">rel</a><a href="#sec">hash</a>', base="http://fakehost/base/") == (
        '<a href="http://fakehost/base/foo.html">rel</a><a href="http://fakehost/base/#sec">hash</a>'
    )


def test_javascript_links_unwrapped():
    assert (
        fixed(
            'a<a href="javascript:void(0)">js text</a>b'
            '<a href="javascript:x()"><b>bold</b> and text</a>'
            '<a href="javascript:y()"></a>tail'
        )
        == "ajs textb<span><b>bold</b> and text</span><span></span>tail"
    )


def test_javascript_prefix_is_case_sensitive_as_in_js():
    assert fixed('<a href="JavaScript:x()">t</a>') == '<a href="javascript:x()">t</a>'


def test_media_sources_posters_and_srcsets():
    div = detached(
        '<img src="i.png" srcset="a.jpg 1x, /b.jpg 2x,c.jpg 300w">'
        '<video poster="p.jpg"><source src="v.mp4"></video>'
        '<picture><source srcset="s.webp 1.5x"><img src="//cdn.example/x.png"></picture>'
        '<figure src="f.jpg"></figure><audio src="a.mp3"></audio>'
    )
    fix_relative_uris(div, PAGE, PAGE)
    assert inner_html(div) == (
        '<img src="http://fakehost/test/i.png" srcset="http://fakehost/test/a.jpg 1x, '
        'http://fakehost/b.jpg 2x,http://fakehost/test/c.jpg 300w">'
        '<video poster="http://fakehost/test/p.jpg"><source src="http://fakehost/test/v.mp4"></video>'
        '<picture><source srcset="http://fakehost/test/s.webp 1.5x"><img src="http://cdn.example/x.png"></picture>'
        '<figure src="http://fakehost/test/f.jpg"></figure><audio src="http://fakehost/test/a.mp3"></audio>'
    )


def test_unresolvable_uris_left_as_they_are():
    assert fixed('<a href="http://[bad">x</a><img src="rel.png">', base=ABOUT_BLANK, document=ABOUT_BLANK) == (
        '<a href="http://[bad">x</a><img src="rel.png">'
    )


# --- simplify_nested_elements ------------------------------------------------------------


def test_simplify_nested_elements():
    div = detached(
        '<div class="a" id="x"><section><div class="b" data-k="v"><p>text</p></div></section></div>'
        "<div> <br> </div><section></section>"
        '<div id="readability-keep"><div><p>k</p></div></div>'
        "<div><p>a</p><div>b</div></div>"
        # Text ending in whitespace is not content for /\S$/: the wrapper collapses, text and all.
        "<div>txt <div>inner</div></div>"
    )
    simplify_nested_elements(div)
    assert inner(div) == (
        '<div class="a" data-k="v" id="x"><p>text</p></div>'
        '<div id="readability-keep"><div><p>k</p></div></div>'
        "<div><p>a</p><div>b</div></div><div>inner</div>"
    )


def test_simplify_keeps_wrapper_with_real_text():
    div = detached("<div>txt<div>inner</div></div>")
    simplify_nested_elements(div)
    assert inner(div) == "<div>txt<div>inner</div></div>"


# --- clean_classes ---------------------------------------------------------------------------


def test_clean_classes_keeps_only_preserved_ones():
    div = detached('<p class="keep other  page" id="a"><span class="x">t</span><b class="">b</b></p>')
    div.set("class", "page root")
    clean_classes(div, frozenset({"page", "keep"}))
    assert etree.tostring(div, encoding=str, method="html") == (
        '<div class="page"><p class="keep page" id="a"><span>t</span><b>b</b></p></div>'
    )


def test_post_process_content_keep_classes():
    div = detached('<p class="x"><a href="a.html" class="y">t</a></p>')
    post_process_content(div, PAGE, PAGE, keep_classes=True, classes_to_preserve=frozenset({"page"}))
    assert inner(div) == '<p class="x"><a href="http://fakehost/test/a.html" class="y">t</a></p>'
    div = detached('<p class="x"><a href="a.html" class="y">t</a></p>')
    post_process_content(div, PAGE, PAGE, keep_classes=False, classes_to_preserve=frozenset({"y"}))
    assert inner(div) == '<p><a href="http://fakehost/test/a.html" class="y">t</a></p>'
