"""cleanup: _prepArticle and its cleaners, on small article fragments."""

from __future__ import annotations

import pytest

from scrapy_readability.engine.port.cleanup import (
    clean,
    clean_conditionally,
    clean_headers,
    clean_styles,
    fix_lazy_images,
    mark_data_tables,
    prep_article,
    remove_brs_before_paragraphs,
    remove_empty_paragraphs,
    unwrap_single_cell_tables,
)
from scrapy_readability.engine.port.constants import (
    FLAG_CLEAN_CONDITIONALLY,
)
from tests.engine.engine_helpers import ALL, article, inner, state

PARA = "<p>" + "Plain paragraph text, with a comma. " * 4 + "</p>"


# --- Data tables ------------------------------------------------------------------


def rows(n: int, cols: int, cell: str = "c") -> str:
    return "".join("<tr>" + f"<td>{cell}</td>" * cols + "</tr>" for _ in range(n))


@pytest.mark.parametrize(
    "table, is_data",
    [
        (f'<table role="presentation" summary="s">{rows(3, 3)}</table>', False),
        (f'<table datatable="0"><thead></thead>{rows(3, 3)}</table>', False),
        (f'<table summary="Quarterly figures">{rows(1, 1)}</table>', True),
        (f"<table><caption>Figures</caption>{rows(1, 1)}</table>", True),
        (f"<table><caption></caption>{rows(1, 1)}</table>", False),
        (f"<table><colgroup><col></colgroup>{rows(1, 1)}</table>", True),
        (f"<table><tr><th>h</th></tr>{rows(1, 1)}</table>", True),
        (f"<table><tfoot><tr><td>f</td></tr></tfoot>{rows(1, 1)}</table>", True),
        (f"<table>{rows(3, 3)}<tr><td><table>{rows(3, 3)}</table></td></tr></table>", False),
        (f"<table>{rows(20, 1)}</table>", False),  # single column
        (f"<table>{rows(1, 20)}</table>", False),  # single row
        (f"<table>{rows(10, 2)}</table>", True),  # ten rows
        (f"<table>{rows(2, 5)}</table>", True),  # more than four columns
        (f"<table>{rows(3, 4)}</table>", True),  # 12 cells > 10
        (f"<table>{rows(2, 4)}</table>", False),  # 8 cells
        # rowspan is read from the <tr> (as Readability.js does), colspan from the cells.
        ('<table><tr rowspan="5"><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>', True),
        ('<table><tr><td colspan="3">a</td><td colspan="x">b</td></tr><tr><td>c</td></tr></table>', False),
        ('<table><tr><td colspan="4">a</td><td>b</td></tr><tr><td>c</td></tr></table>', True),
    ],
)
def test_mark_data_tables(table, is_data):
    s = state()
    root = article(table)
    mark_data_tables(s, root)
    assert s.data_tables[root.find("table")] is is_data


# --- Lazy images ------------------------------------------------------------------


def lazy(html: str) -> str:
    root = article(html)
    fix_lazy_images(root)
    return inner(root)


SMALL_B64 = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"
BIG_B64 = "data:image/png;base64," + "A" * 133


def test_lazy_data_src_copied_to_src():
    assert lazy('<img data-src="/big.jpg" alt="a">') == '<img data-src="/big.jpg" alt="a" src="/big.jpg">'


def test_lazy_srcset_like_values_go_to_srcset():
    assert lazy('<img data-srcset="a.jpg 1x, b.jpg 2x">') == (
        '<img data-srcset="a.jpg 1x, b.jpg 2x" srcset="a.jpg 1x, b.jpg 2x">'
    )


def test_lazy_image_with_src_untouched_unless_class_lazy():
    assert lazy('<img src="s.gif" data-src="big.jpg">') == '<img src="s.gif" data-src="big.jpg">'
    assert lazy('<img src="s.gif" data-src="big.jpg" class="Image-LAZY">') == (
        '<img src="big.jpg" data-src="big.jpg" class="Image-LAZY">'
    )
    # An empty src attribute still counts: img.src resolves to the page URL.
    assert lazy('<img src="" data-src="big.jpg">') == '<img src="" data-src="big.jpg">'


def test_small_base64_placeholder_removed_when_another_attribute_has_the_image():
    assert lazy(f'<img src="{SMALL_B64}" data-src="real.png">') == '<img data-src="real.png" src="real.png">'


def test_base64_kept_when_large_svg_or_alone():
    assert lazy(f'<img src="{BIG_B64}" data-src="real.png">') == f'<img src="{BIG_B64}" data-src="real.png">'
    svg = "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="
    assert lazy(f'<img src="{svg}" data-src="real.png">') == f'<img src="{svg}" data-src="real.png">'
    assert lazy(f'<img src="{SMALL_B64}" alt="x">') == f'<img src="{SMALL_B64}" alt="x">'


def test_lazy_picture_and_figure():
    assert lazy('<picture data-src="p.webp"></picture>') == '<picture data-src="p.webp" src="p.webp"></picture>'
    # A figure without an image gets one.
    assert lazy('<figure data-original="f.jpg"><figcaption>c</figcaption></figure>') == (
        '<figure data-original="f.jpg"><figcaption>c</figcaption><img src="f.jpg"></figure>'
    )
    # A figure with an image does not.
    assert lazy('<figure data-original="f.jpg"><img src="i.png"></figure>') == (
        '<figure data-original="f.jpg"><img src="i.png"></figure>'
    )


def test_lazy_non_image_values_ignored():
    assert lazy('<img data-src="/image?id=3" title="a photo.jpg of us">') == (
        '<img data-src="/image?id=3" title="a photo.jpg of us">'
    )


# --- clean_conditionally ----------------------------------------------------------------


def cleaned(html: str, tag: str = "div", flags: int = ALL, **options) -> str:
    s = state(flags, **options)
    root = article(html)
    mark_data_tables(s, root)
    clean_conditionally(s, root, tag)
    return inner(root)


def test_link_heavy_div_removed():
    links = '<div class="x"><span><a href="/1">One link here</a> and <a href="/2">another link</a> text</span></div>'
    assert cleaned(PARA + links) == PARA


def test_link_heavy_div_kept_with_modifier_or_without_the_flag():
    # Link density is 25 / 35 = 0.71: kept when the modifier lifts the bar above it.
    links = '<div class="x"><span><a href="/1">One link here</a> and <a href="/2">another link</a> text</span></div>'
    assert cleaned(PARA + links, link_density_modifier=0.5) == PARA
    assert cleaned(PARA + links, link_density_modifier=0.52) == PARA + links
    assert cleaned(PARA + links, flags=ALL & ~FLAG_CLEAN_CONDITIONALLY) == PARA + links


def test_negative_weight_removed_unless_weights_are_off():
    html = f'<div class="sidebar">{PARA}</div>'
    assert cleaned(html) == ""
    assert cleaned(html, flags=FLAG_CLEAN_CONDITIONALLY) == html


def test_many_commas_kept():
    html = '<div class="x"><a href="/l">' + "link, " * 10 + "</a></div>"
    assert cleaned(html) == html


def test_ad_and_loading_words_removed():
    assert cleaned(PARA + "<div> Advertisement </div><div>Loading…</div>") == PARA


def test_too_many_images_per_paragraph_removed_but_kept_in_figure():
    imgs = '<div><img src="a.png"><img src="b.png"><img src="c.png"><p>only one p</p></div>'
    assert cleaned(imgs) == ""
    assert cleaned(f"<figure>{imgs}</figure>") == f"<figure>{imgs}</figure>"


def test_no_useful_content_removed():
    assert cleaned('<div class="x"><h3>Only a heading</h3></div>') == ""


def test_embeds_suspicious_unless_allowed_video():
    html = '<div><iframe src="https://evil.example/x"></iframe>Short</div>'
    assert cleaned(html) == ""
    video = '<div><iframe src="https://www.youtube.com/embed/x"></iframe>Short</div>'
    assert cleaned(video) == video
    custom = '<div><iframe src="https://mycustomdomain.com/v"></iframe>Short</div>'
    assert cleaned(custom, allowed_video_regex=r"mycustomdomain\.com") == custom


def test_inside_or_holding_a_data_table_kept():
    data = f"<table>{rows(3, 4, '<div>x</div>')}</table>"
    serialised = data.replace("<table>", "<table><tbody>").replace("</table>", "</tbody></table>")
    assert cleaned(data) == serialised  # divs inside the data table
    assert cleaned(f'<div class="sidebar">{data}</div>') == f'<div class="sidebar">{serialised}</div>'  # holds one


def test_inside_code_kept():
    html = '<pre><code><div class="sidebar">x</div></code></pre>'
    assert cleaned(html) == html


def test_list_of_images_kept():
    html = '<ul><li><img src="a.png"></li><li><img src="b.png"></li><li><img src="c.png"></li></ul>'
    assert cleaned(html, "ul") == html


def test_list_with_too_many_images_and_rich_items_removed():
    html = '<ul><li><img src="a.png"><img src="b.png"></li><li><img src="c.png"></li></ul>'
    assert cleaned(html, "ul") == ""


def test_inputs_per_paragraph():
    assert cleaned(f"<div>{PARA}<input><input></div>") == ""
    assert cleaned(f"<div>{PARA * 3}<input></div>") == f"<div>{PARA * 3}<input></div>"


# --- Single-cell tables, share elements, and the rest of _prepArticle ---------------------


@pytest.mark.parametrize(
    "html, expected",
    [
        ("<table><tr><td>just <b>text</b></td></tr></table>", "<p>just <b>text</b></p>"),
        (
            '<table class="t"><tr><td class="c"><div>block</div></td></tr></table>',
            '<div class="c"><div>block</div></div>',
        ),
        ("<table><tr><td>a</td><td>b</td></tr></table>", "<table><tbody><tr><td>a</td><td>b</td></tr></tbody></table>"),
        (
            "<table><tr><td>a</td></tr><tr><td>b</td></tr></table>",
            "<table><tbody><tr><td>a</td></tr><tr><td>b</td></tr></tbody></table>",
        ),
        ("<table><tr><th>a</th></tr></table>", "<table><tbody><tr><th>a</th></tr></tbody></table>"),
    ],
)
def test_unwrap_single_cell_tables(html, expected):
    root = article(html)
    unwrap_single_cell_tables(root)
    assert inner(root) == expected


def test_unwrap_nested_single_cell_tables():
    root = article("<table><tr><td><table><tr><td>inner</td></tr></table></td></tr></table>tail")
    unwrap_single_cell_tables(root)
    assert inner(root) == "<div><p>inner</p></div>tail"


def test_share_elements_removed_except_top_level_children():
    s = state(flags=0)  # no conditional cleaning: share removal is unconditional
    root = article(
        f'<div class="share">{PARA}<div class="post-share">Share this</div>'
        f'<div class="sharedaddy">x</div><div class="shareholder">kept</div>'
        f'<div class="share">{"long " * 120}</div></div>'
    )
    prep_article(s, root)
    html = inner(root)
    assert html.startswith('<div class="share"><p>Plain paragraph')
    assert "Share this" not in html and "sharedaddy" not in html
    assert "kept" in html and "long long" in html


def test_clean_styles_keeps_svg_attributes():
    root = article(
        '<div style="color:red" align="center" class="k"><table width="5" height="3" border="1"><tr>'
        '<td width="9">x</td></tr></table><img width="4" height="2">'
        '<svg width="1" style="s"><rect style="fill:red" width="2"/></svg></div>'
    )
    clean_styles(root)
    assert inner(root) == (
        '<div class="k"><table><tbody><tr><td>x</td></tr></tbody></table><img width="4" height="2">'
        '<svg width="1" style="s"><rect style="fill:red" width="2"></rect></svg></div>'
    )


def test_clean_keeps_allowed_videos():
    s = state()
    root = article(
        '<p>x</p><iframe src="https://player.vimeo.com/video/1"></iframe>'
        '<iframe src="https://ads.example/x"></iframe><object data="https://www.youtube.com/v/1"></object>'
        '<embed src="https://x.example/y.swf"><footer>f</footer>'
    )
    for tag in ("iframe", "object", "embed", "footer"):
        clean(s, root, tag)
    assert inner(root) == (
        '<p>x</p><iframe src="https://player.vimeo.com/video/1"></iframe>'
        '<object data="https://www.youtube.com/v/1"></object>'
    )


def test_clean_headers_with_negative_weight():
    s = state()
    root = article('<h1 class="comment-title">c</h1><h2>ok</h2><h2 id="related">r</h2><h3 class="meta">kept</h3>')
    clean_headers(s, root)
    assert inner(root) == '<h2>ok</h2><h3 class="meta">kept</h3>'


def test_remove_empty_paragraphs_and_brs_before_paragraphs():
    root = article('<p> </p><p><img src="a.png"></p><p><iframe></iframe></p><p>\u00a0</p>x<br> <p>t</p><br>y<p>u</p>')
    remove_empty_paragraphs(root)
    remove_brs_before_paragraphs(root)
    assert inner(root) == '<p><img src="a.png"></p><p><iframe></iframe></p>x <p>t</p><br>y<p>u</p>'


def test_prep_article_turns_h1_into_h2_and_drops_forms_and_buttons():
    s = state()
    root = article(f"<h1>Heading</h1>{PARA}<form><input><button>Go</button></form><p>a<button>b</button>c</p>")
    prep_article(s, root)
    assert inner(root) == f"<h2>Heading</h2>{PARA}<p>ac</p>"
