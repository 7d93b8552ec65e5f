"""prepare: _prepDocument (styles, <br> chains, fonts), _unwrapNoscriptImages, _removeScripts."""

from __future__ import annotations

import pytest
from lxml import etree

from scrapy_readability.engine.html.parsing import parse_html
from scrapy_readability.engine.port.prepare import prep_document, remove_scripts, unwrap_noscript_images


def body_after(step, html: str) -> str:
    root = parse_html(html)
    step(root)
    body = etree.tostring(root.find("body"), encoding=str, with_tail=False)
    return body.removeprefix("<body>").removesuffix("</body>")


@pytest.mark.parametrize(
    "html, expected",
    [
        # A single <br> stays.
        ("<div>a<br>b</div>", "<div>a<br/>b</div>"),
        # Two <br>s start a paragraph that takes the phrasing content after them.
        ("<div>a<br><br>b <i>c</i></div>", "<div>a<p>b <i>c</i></p></div>"),
        # Whitespace between chained <br>s does not break the chain; the leftover space stays.
        ("<div>foo<br>bar<br> <br><br>abc</div>", "<div>foo<br/>bar<p> abc</p></div>"),
        # The paragraph ends at the next chain; single <br>s inside it stay.
        ("<div>a<br><br>b<br>c<br><br>d</div>", "<div>a<p>b<br/>c</p><p>d</p></div>"),
        # ... and at the first non-phrasing node.
        ("<div>a<br><br>b<div>block</div>c</div>", "<div>a<p>b</p><div>block</div>c</div>"),
        # Trailing whitespace nodes are trimmed from the new paragraph.
        ("<div>a<br><br> <br></div>", "<div>a<p/></div>"),
        # A <p> holding the new <p> becomes a <div>.
        ("<p class=x>a<br><br>b</p>", '<div class="x">a<p>b</p></div>'),
    ],
)
def test_br_chains_become_paragraphs(html, expected):
    assert body_after(prep_document, html) == expected


def test_brs_outside_body_untouched_and_fonts_become_spans():
    root = parse_html("<div><font color=red size=3>x<font>y</font></font></div>")
    prep_document(root)
    assert etree.tostring(root.find("body/div"), encoding=str) == (
        '<div><span color="red" size="3">x<span>y</span></span></div>'
    )


def test_styles_removed_everywhere_keeping_tails():
    root = parse_html("<html><head><style>p{}</style></head><body><div>x<style>a{}</style>y</div></body></html>")
    prep_document(root)
    assert root.find(".//style") is None
    assert root.find("body/div").text == "xy"


@pytest.mark.parametrize(
    "html, expected",
    [
        ("<div><img>x</div>", "<div>x</div>"),
        ("<div><img alt=a class=b></div>", "<div/>"),
        ('<div><img title="pic.webp"></div>', '<div><img title="pic.webp"/></div>'),
        ("<div><img data-srcset=s></div>", '<div><img data-srcset="s"/></div>'),
        ("<div><img src=''></div>", '<div><img src=""/></div>'),  # the attribute exists
    ],
)
def test_placeholder_images_removed(html, expected):
    assert body_after(unwrap_noscript_images, html) == expected


def test_noscript_image_replaces_previous_image_keeping_old_sources():
    html = (
        '<div><img src="lazy.gif" data-src="big.jpg" alt=x class=c>'
        '<noscript><img src="real.jpg" alt=y></noscript>tail</div>'
    )
    assert body_after(unwrap_noscript_images, html) == (
        '<div><img src="real.jpg" alt="y" data-old-src="lazy.gif" data-src="big.jpg"/>'
        '<noscript><img src="real.jpg" alt="y"/></noscript>tail</div>'
    )


def test_noscript_same_source_not_duplicated():
    html = '<div><img src="real.jpg"><noscript><img src="real.jpg"></noscript></div>'
    assert body_after(unwrap_noscript_images, html) == (
        '<div><img src="real.jpg"/><noscript><img src="real.jpg"/></noscript></div>'
    )


def test_noscript_replaces_a_wrapper_holding_a_single_image():
    html = '<div><span><img data-lazy="x.png"></span><noscript><img src="real.jpg"></noscript></div>'
    assert body_after(unwrap_noscript_images, html) == (
        '<div><img src="real.jpg" data-lazy="x.png"/><noscript><img src="real.jpg"/></noscript></div>'
    )


def test_noscript_placeholder_removed_first_so_noscript_is_not_unwrapped():
    # The placeholder goes; nothing precedes the noscript any more.
    html = '<div><img class=ph><noscript><img src="real.jpg"></noscript></div>'
    assert body_after(unwrap_noscript_images, html) == '<div><noscript><img src="real.jpg"/></noscript></div>'


@pytest.mark.parametrize(
    "html",
    [
        '<div><p>text</p><noscript><img src="real.jpg"></noscript></div>',  # previous is no image
        '<div><img src="a.gif"><noscript><p>no</p></noscript></div>',  # noscript holds no image
        '<div><img src="a.gif"><noscript>caption <img src="b.jpg"></noscript></div>',  # and text
    ],
)
def test_noscript_left_alone(html):
    root = parse_html(html)
    before = etree.tostring(root, encoding=str)
    unwrap_noscript_images(root)
    assert etree.tostring(root, encoding=str) == before


def test_remove_scripts_keeps_tails():
    assert body_after(remove_scripts, "<div>a<script>x</script>b<noscript>y</noscript>c</div>") == "<div>abc</div>"
