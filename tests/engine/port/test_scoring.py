"""scoring: the five phases of _grabArticle, on small synthetic pages."""

from __future__ import annotations

import pytest
from lxml import etree

from scrapy_readability.engine.html.parsing import parse_html
from scrapy_readability.engine.port.constants import FLAG_STRIP_UNLIKELYS
from scrapy_readability.engine.port.readability import Readability
from scrapy_readability.engine.port.scoring import (
    header_duplicates_title,
    initialize_node,
    join_siblings,
    prepare_nodes,
    promote_top_candidate,
    score_elements,
    select_top_candidates,
)
from tests.engine.engine_helpers import ALL, body_html, frag, state

# A paragraph text of 255 characters with two commas: 1 + 3 + min(255 // 100, 3) = 6 points.
TEXT6 = "a" * 120 + ", " + "b" * 130 + ", c"
# 30 characters, no comma: 1 + 1 + 0 = 2 points.
TEXT2 = "x" * 30


def test_header_duplicates_title():
    s = state(title="The Great Article Title")
    assert header_duplicates_title(s, frag("<h1>The Great Article Title</h1>"))
    assert header_duplicates_title(s, frag("<h2>Great Article Title</h2>"))
    assert not header_duplicates_title(s, frag("<h3>The Great Article Title</h3>"))
    assert not header_duplicates_title(s, frag("<h2>Something else entirely</h2>"))


def test_initialize_node_tag_bonus_plus_class_weight():
    s = state()
    for html, score in [
        ("<div class=content>x</div>", 30),
        ("<td>x</td>", 3),
        ("<ul><li>x</li></ul>", -3),
        ("<h2>x</h2>", -5),
        ("<article>x</article>", 0),
    ]:
        node = frag(html) if not html.startswith("<td") else parse_html(f"<table><tr>{html}</tr></table>").find(".//td")
        initialize_node(s, node)
        assert s.scores[node] == score, html


# --- Phase 1: prepare_nodes ----------------------------------------------------------


def test_prepare_nodes_removes_hidden_unlikely_and_empty_nodes():
    root = parse_html(
        '<div style="display:none"><p>hidden</p></div>'
        '<div aria-modal="true" role="dialog">dialog</div>'
        "<div class=sidebar><p>side</p></div>"
        "<div class=main-sidebar>ok maybe</div>"
        "<div role=navigation>nav</div>"
        "<table><tr><td><div class=sidebar>in table</div></td></tr></table>"
        "<a class=footer href=/f>footer link</a>"
        "<section> </section><h3><br></h3>"
    )
    prepare_nodes(state(), root)
    assert body_html(root) == (
        "<body><p>ok maybe</p>"
        "<table><tbody><tr><td><p>in table</p></td></tr></tbody></table>"
        '<a class="footer" href="/f">footer link</a></body>'
    )


def test_prepare_nodes_without_strip_unlikelys_keeps_unlikely_nodes():
    root = parse_html("<div class=sidebar><p>side</p></div><div role=navigation>nav</div>")
    prepare_nodes(state(ALL & ~FLAG_STRIP_UNLIKELYS), root)
    assert body_html(root) == "<body><p>side</p><p>nav</p></body>"


@pytest.mark.parametrize(
    "html, metadata_byline, byline, body",
    [
        # The [itemprop~=name] descendant's text, and the byline node goes.
        (
            '<div class="byline">By <span itemprop="name"> Jane Doe </span> on Monday</div><p>text</p>',
            None,
            "Jane Doe",
            "<body><p>text</p></body>",
        ),
        # The whole (trimmed) text of the first byline only.
        (
            '<p class="author">  By Jane  </p><p class="author">By Joe</p>',
            None,
            "By Jane",
            '<body><p class="author">By Joe</p></body>',
        ),
        # The metadata has a byline: the node stays.
        ('<p class="byline">By Jane</p>', "From meta", None, '<body><p class="byline">By Jane</p></body>'),
    ],
)
def test_prepare_nodes_takes_the_byline_out(html, metadata_byline, byline, body):
    s = state()
    s.metadata_byline = metadata_byline
    root = parse_html(html)
    prepare_nodes(s, root)
    assert s.article_byline == byline
    assert body_html(root) == body


def test_prepare_nodes_removes_first_header_duplicating_the_title():
    root = parse_html("<h1>The Great Article Title</h1><h2>The Great Article Title</h2><p>x</p>")
    prepare_nodes(state(title="The Great Article Title"), root)
    assert body_html(root) == "<body><h2>The Great Article Title</h2><p>x</p></body>"


def test_prepare_nodes_div_to_p():
    root = parse_html(
        '<div id="text">Some text <b>bold</b> here</div>'  # phrasing only: wrapped, then unwrapped
        '<div id="single"><p>a</p></div>'  # single p: replaced by it
        '<div id="mixed">t<p>q</p> <i>u</i> </div>'  # runs of phrasing content become paragraphs
        '<div id="linky"><a href="/x">mostly link text that is long</a> and a bit</div>'
    )
    elements = prepare_nodes(state(), root)
    assert body_html(root) == (
        "<body><p>Some text <b>bold</b> here</p><p>a</p>"
        '<div id="mixed"><p>t</p><p>q</p><p><i>u</i></p></div>'
        '<div id="linky"><p><a href="/x">mostly link text that is long</a> and a bit</p></div></body>'
    )
    assert [e.tag for e in elements] == ["p", "p", "p", "p", "p", "p"]
    assert all(e.getparent() is not None for e in elements)


def test_prepare_nodes_div_without_block_children_becomes_p():
    root = parse_html('<div class="x"><span>a</span><br><span>b</span><div><img src=i.png></div></div>')
    elements = prepare_nodes(state(), root)
    # The outer div holds a block (the inner div): its phrasing run is wrapped.
    # The inner div's image is wrapped in a p, and the div then replaced by it.
    assert body_html(root) == (
        '<body><div class="x"><p><span>a</span><br><span>b</span></p><p><img src="i.png"></p></div></body>'
    )
    assert [e.tag for e in elements] == ["p", "p"]
    # Phrasing only: wrapped in a p, which then replaces the div (attributes lost).
    root = parse_html('<div class="x"><span>a</span><br><span>b</span></div>')
    prepare_nodes(state(), root)
    assert body_html(root) == "<body><p><span>a</span><br><span>b</span></p></body>"
    # No phrasing content and no block: the div itself is renamed, attributes kept.
    root = parse_html('<div class="x"><h3>Heading text</h3><iframe src="v"></iframe></div>')
    elements = prepare_nodes(state(), root)
    assert body_html(root) == '<body><p class="x"><h3>Heading text</h3><iframe src="v"></iframe></p></body>'
    assert elements == [root.find("body/p"), root.find(".//h3")]


def test_prepare_nodes_collects_tags_to_score_and_lang():
    s = state()
    root = parse_html(
        '<html lang="fr"><body><section><h2>t</h2><p>p</p><pre>c</pre><ul><li>l</li></ul></section></body></html>'
    )
    elements = prepare_nodes(s, root)
    assert [e.tag for e in elements] == ["section", "h2", "p", "pre"]
    assert s.article_lang == "fr"


# --- Phase 2: score_elements ------------------------------------------------------


def test_score_elements_content_score_and_ancestor_dividers():
    s = state()
    root = parse_html(f'<div id="a"><section><article><div id="d"><p>{TEXT6}</p></div></article></section></div>')
    p = root.find(".//p")
    candidates = score_elements(s, [p])
    ids = [c.get("id") or c.tag for c in candidates]
    # Five ancestors at most; <html> (whose parent is the document) gets none.
    assert ids == ["d", "article", "section", "a", "body"]
    scores = {c.get("id") or c.tag: s.scores[c] for c in candidates}
    assert scores == {
        "d": 5 + 6,  # div bonus + 6 / 1
        "article": 0 + 6 / 2,
        "section": 0 + 6 / 6,  # level 2: divided by 2 * 3
        "a": 5 + 6 / 9,
        "body": 0 + 6 / 12,
    }


def test_score_elements_skips_short_and_detached_elements():
    s = state()
    root = parse_html(f"<div><p>{'x' * 24}</p><p>{TEXT2}</p></div>")
    short, ok = root.findall(".//p")
    detached = etree.Element("p")
    detached.text = TEXT6
    candidates = score_elements(s, [short, detached, ok])
    assert [c.tag for c in candidates] == ["div", "body"]
    assert s.scores[candidates[0]] == 5 + 2


def test_score_elements_counts_non_latin_commas_and_caps_length_bonus():
    s = state()
    root = parse_html("<div><p>" + "字，" * 300 + "</p></div>")  # 600 chars, 300 full-width commas
    score_elements(s, [root.find(".//p")])
    assert s.scores[root.find(".//div")] == 5 + 1 + 301 + 3


# --- Phase 3: select_top_candidates ---------------------------------------------------


def test_select_top_candidates_scales_by_link_density_and_keeps_n_best():
    s = state(nb_top_candidates=2)
    root = parse_html(
        f'<div id="a"><p>{TEXT6}</p></div>'
        f'<div id="b"><p>{TEXT6}</p><p>{TEXT2}</p></div>'
        f'<div id="c"><p><a href="/x">{TEXT6}</a></p></div>'
    )
    candidates = score_elements(s, root.findall(".//p"))
    top = select_top_candidates(s, candidates)
    assert [t.get("id") for t in top] == ["b", "a"]
    assert s.scores[root.find(".//div[@id='c']")] == 0  # all links
    assert s.scores[root.find(".//div[@id='b']")] == 5 + 6 + 2


def test_select_top_candidates_first_wins_ties():
    s = state()
    root = parse_html(f'<div id="a"><p>{TEXT6}</p></div><div id="b"><p>{TEXT6}</p></div>')
    top = select_top_candidates(s, score_elements(s, root.findall(".//p")))
    assert [t.get("id") or t.tag for t in top] == ["a", "b", "body"]


# --- Phase 4: promote_top_candidate -------------------------------------------------


def test_promote_to_ancestor_shared_by_three_near_top_candidates():
    s = state()
    # The wrapper scores low (negative class) but holds four equally good candidates.
    root = parse_html(
        '<div id="wrap" class="comment">' + "".join(f'<div id="c{i}"><p>{TEXT6}</p></div>' for i in range(4)) + "</div>"
    )
    top = select_top_candidates(s, score_elements(s, root.findall(".//p")))
    assert top[0].get("id") == "c0"
    assert promote_top_candidate(s, top).get("id") == "wrap"


def test_no_promotion_with_only_two_alternatives():
    s = state()
    root = parse_html(
        '<div id="wrap" class="comment">' + "".join(f'<div id="c{i}"><p>{TEXT6}</p></div>' for i in range(3)) + "</div>"
    )
    top = select_top_candidates(s, score_elements(s, root.findall(".//p")))
    assert promote_top_candidate(s, top).get("id") == "c0"


def test_promote_to_higher_scoring_grandparent():
    s = state()
    root = parse_html(
        f'<div id="g"><p>{TEXT2}</p><section id="s"><p>{TEXT2}</p><div id="a"><p>{TEXT6}</p></div></section></div>'
    )
    top = select_top_candidates(s, score_elements(s, root.findall(".//p")))
    scores = {t.get("id"): s.scores[t] for t in top if t.get("id")}
    assert scores == {"a": 11, "g": 5 + 2 + 1 + 1, "s": 3 + 2}
    assert top[0].get("id") == "a"
    # s (5) is above a third of a's score (11 / 3) but below it; g (9) beats s.
    assert promote_top_candidate(s, top).get("id") == "g"


def test_promote_only_child_to_parent():
    s = state()
    root = parse_html(f'<div id="outer"><div id="inner"><div id="a"><p>{TEXT6}</p></div></div></div><p>x</p>')
    top = select_top_candidates(s, score_elements(s, root.findall(".//p")))
    assert top[0].get("id") == "a"
    promoted = promote_top_candidate(s, top)
    assert promoted.get("id") == "outer"
    assert promoted in s.scores


# --- Phase 5: join_siblings -----------------------------------------------------------


def test_join_siblings():
    s = state()
    long_text = "A sentence that runs long enough to pass the eighty character bar for siblings."
    root = parse_html(
        f'<div id="top" class="story"><p>{TEXT6}</p></div>tail'
        f"<p>{long_text} More.</p>"
        f'<p>Short one. </p><p>Short without end</p><p>Link <a href="/l">heavy</a></p>'
        f'<div class="story" id="same-class"><p>{TEXT2}</p></div>'
        f'<form id="f" class="content"><p>{TEXT6}</p></form>'
        f"<aside><p>{TEXT2}</p></aside>"
    )
    candidates = score_elements(s, root.findall(".//p"))
    top = root.find(".//div[@id='top']")
    assert s.scores[top] == 5 + 25 + 6
    article = join_siblings(s, top)
    assert etree.tostring(article, encoding=str, method="html") == (
        '<div><div id="top" class="story"><p>' + TEXT6 + "</p></div>"
        f"<p>{long_text} More.</p>"
        "<p>Short one. </p>"
        # Same class: +20% of the top score (7.2) on its own 5 + 25 + 2 = 32.
        f'<div class="story" id="same-class"><p>{TEXT2}</p></div>'
        # A scored form (-3 + 25 + 6 = 28 >= 10) joins, renamed to a div.
        f'<div id="f" class="content"><p>{TEXT6}</p></div></div>'
    )
    assert candidates  # scored
    assert root.find("body").text == "tail"  # tails stay behind


def test_unlikely_html_element_ends_the_walk_and_later_passes_walk_nothing():
    # Readability.js removes <html> itself when its class looks unlikely: the walk
    # stops there, and retries find no documentElement, so nothing is ever scored.
    body = "".join(f"<div class='menu'><p>{'Words of a paragraph, with commas. ' * 4}</p></div>" for _ in range(3))
    html = f"<html class='sidebar-visible'><body>{body}</body></html>"
    article = Readability(html).parse()
    assert article is not None
    # The menus were never walked, so never removed as unlikely: they are all there.
    assert article.content.count("<p>") == 3
    assert article.attempt == "longest"
