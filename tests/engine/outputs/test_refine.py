"""``engine/outputs/refine/``: the refined article's repairs, and the default left exactly as it was."""

from __future__ import annotations

import json
from typing import Any

import lxml.html
import pytest

from scrapy_readability import Readability
from scrapy_readability.engine.html.serialize import inner_html
from scrapy_readability.engine.outputs.refine import headline, read_evidence, refine_content
from scrapy_readability.engine.outputs.refine.tree import marked_elements
from testkit.rendering import content_div

BODY = "<p>" + "The story goes on for a while, with enough words to count as an article. " * 8 + "</p>"


def refined(html: str) -> str:
    div = content_div(html)
    refine_content(div)
    return inner_html(div)


def test_a_heading_with_nothing_under_it_at_the_end_goes() -> None:
    assert refined(BODY + "<h3>Comments</h3><p><h3>Add comment</h3></p>") == BODY
    assert refined(BODY + "<div><h2>Related posts</h2></div>") == BODY


def test_a_heading_with_something_under_it_stays() -> None:
    html = BODY + "<h3>Notes</h3><p>One note.</p>"
    assert refined(html) == html
    with_image = BODY + '<h3>Figure</h3><img src="a.png">'
    assert refined(with_image) == with_image


def test_an_article_that_is_a_heading_alone_keeps_it() -> None:
    assert refined("<h2>Only this</h2>") == "<h2>Only this</h2>"


@pytest.mark.parametrize(
    "furniture",
    [
        "<p>Subscribe now to read the latest news in your city.</p>",
        '<div class="sr-only">Skip to content</div><p>Sign up for our weekly newsletter and get the best stories.</p>',
    ],
)
def test_an_article_that_is_all_furniture_keeps_it(furniture: str) -> None:
    """Readability.js chose the wrong block: an empty article would be a silent loss, so its choice stays."""
    assert refined(furniture) == furniture


def test_an_in_page_table_of_contents_goes() -> None:
    toc = '<nav><ul><li><a href="#intro">Intro</a></li><li><a href="#use">Use</a></li></ul></nav>'
    sections = f'<h2 id="intro">Intro</h2>{BODY}<h2 id="use">Use</h2>{BODY}'
    assert refined(toc + sections) == sections


@pytest.mark.parametrize(
    "listing",
    [
        '<ul><li><a href="#intro">Intro</a></li><li><a href="https://x.example/">Elsewhere</a></li></ul>',
        '<ul><li><a href="#nowhere">Missing</a></li></ul>',  # no such element in the article
        '<ul><li><a href="#intro">Intro</a>, and why it matters</li></ul>',  # text beside the links
    ],
)
def test_other_lists_stay(listing: str) -> None:
    html = f'{listing}<h2 id="intro">Intro</h2>{BODY}'
    assert refined(html) == html


def test_line_numbers_leave_the_code() -> None:
    table = (
        "<table><tbody><tr><th>app.py</th></tr><tr><td><pre>1\n2</pre></td>"
        "<td><pre>a = 1\nb = 2</pre></td></tr></tbody></table>"
    )
    assert refined(BODY + table + BODY) == BODY + "<p>app.py</p><pre>a = 1\nb = 2</pre>" + BODY


@pytest.mark.parametrize(
    ("title", "site", "url", "headings", "expected"),
    [
        ("OpenMP 1 - 0x7df", None, "https://0x7df.github.io/openmp-1.html", [], "OpenMP 1"),
        ("MQTT :: ODA Documentation Site", None, "http://127.0.0.1:8000/docs/mqtt/", ["ODA", "MQTT"], "MQTT"),
        ("How we ship | The Gazette", "The Gazette", "https://gazette.example/ship", [], "How we ship"),
        ("The Gazette — How we ship", "The Gazette", "https://gazette.example/ship", [], "How we ship"),
        ("A: the first letter", None, "https://x.example/a", [], "A: the first letter"),  # no spaced separator
        ("Left - Right", None, "https://x.example/a", [], "Left - Right"),  # nothing names the site
        (None, "S", "https://x.example/a", [], None),
    ],
)
def test_the_headline_is_the_title_without_the_sites_name(
    title: str | None, site: str | None, url: str, headings: list[str], expected: str | None
) -> None:
    assert headline(title, site, url, headings) == expected


PAGE = (
    "<html><head><title>Diffusion - 0x7df</title></head><body><div class='post'><h1>Diffusion</h1>"
    f"{BODY}<table><tr><td><pre>1\n2\n3</pre></td><td><pre>x = 1\ny = 2\nz = 3</pre></td></tr></table>{BODY}"
    "<h3>Add comment</h3></div></body></html>"
)


def test_refine_is_off_by_default_and_changes_nothing_of_the_default() -> None:
    default = Readability(PAGE, "https://0x7df.github.io/diffusion.html").parse()
    again = Readability(PAGE, "https://0x7df.github.io/diffusion.html", refine=False).parse()
    assert default is not None and again is not None
    assert default.headline is None and default.to_dict() == again.to_dict()
    assert default.text.endswith("Add comment") and "1\n2\n3" in default.text


def test_refined_article() -> None:
    article = Readability(PAGE, "https://0x7df.github.io/diffusion.html", refine=True).parse()
    default = Readability(PAGE, "https://0x7df.github.io/diffusion.html").parse()
    assert article is not None and default is not None
    assert article.headline == "Diffusion" and article.title == default.title  # Readability.js's title stays
    assert not article.text.endswith("Add comment") and "1\n2\n3" not in article.text
    assert "x = 1\ny = 2\nz = 3" in article.text
    assert article.length < default.length


@pytest.mark.parametrize(
    ("furniture", "why"),
    [
        ('<span class="sr-only">Open the menu</span>', "text for screen readers only"),
        ('<div class="visually-hidden">Toggle table of contents sidebar</div>', "the same, another convention"),
        ('<label for="__toc">Toggle table of contents</label>', "a label whose control is gone"),
        ('<a href="#">Back to top</a>', "a jump to the top"),
        ('<nav aria-label="Breadcrumb"><a href="/">Home</a> / <a href="/docs/">Docs</a></nav>', "breadcrumbs"),
        ('<ol class="breadcrumbs"><li><a href="/">Home</a></li></ol>', "breadcrumbs by class"),
        (
            '<p><a href="https://twitter.com/intent/tweet?url=x">Tweet</a> '
            '<a href="https://www.facebook.com/sharer/sharer.php?u=x">Share</a></p>',
            "share buttons",
        ),
        ('<p>Tags: <a rel="tag" href="/tag/rust.html">rust</a>, <a rel="tag" href="/tag/c.html">c</a></p>', "tags"),
        (
            '<p><a rel="prev" href="/a.html">← Previous Post</a> <a rel="next" href="/c.html">Next Post →</a></p>',
            "prev",
        ),
        ('<div class="newsletter-signup"><p>Get the best posts in your inbox</p></div>', "a sign-up box"),
        ('<div class="share-buttons"><span>Share</span><span>Copy link</span></div>', "share buttons by class"),
        (
            '<p><a href="https://github.com/o/site/edit/main/posts/a.md">Edit this page</a></p>',
            "an edit view",
        ),
        ('<p><a href="https://raw.githubusercontent.com/o/site/main/_posts/a.md">source</a></p>', "the raw source"),
        ('<a href="#main-content">Skip to content</a>', "a skip link"),
        (
            '<div class="post-meta"><span class="post-meta-item">Posted on 2025-05-22</span>'
            '<span class="post-meta-item">Category: notes</span><span>Words: 66</span></div>',
            "a post's meta line",
        ),
        ('<p class="entry-meta">By A. Writer in News, 3 comments</p>', "an entry's meta line"),
    ],
)
def test_furniture_in_the_article_goes(furniture: str, why: str) -> None:
    assert refined(BODY + furniture + BODY) == BODY + BODY, why


def test_permalinks_and_footnote_back_links_go_and_footnote_references_stay() -> None:
    html = (
        '<h2 id="use">Use<a class="headerlink" href="#use">¶</a></h2>'
        f'<p>A claim.<sup id="r1"><a href="#fn1">1</a></sup></p>{BODY}'
        '<ol><li id="fn1">The source. <a href="#r1">↩</a></li></ol>'
    )
    assert refined(html) == (
        f'<h2 id="use">Use</h2><p>A claim.<sup id="r1"><a href="#fn1">1</a></sup></p>{BODY}'
        '<ol><li id="fn1">The source. </li></ol>'
    )


def test_furniture_that_holds_a_passage_is_no_furniture() -> None:
    html = f'<div class="sr-only">{BODY}</div>{BODY}'
    assert refined(html) == html


def test_a_table_of_contents_linked_by_the_pages_own_address_goes_with_its_title() -> None:
    url = "https://blog.example/posts/veritas/"
    toc = (
        f'<h2>Table of Contents</h2><ul><li><a href="{url}#what">What</a></li><li><a href="{url}#how">How</a></li></ul>'
    )
    sections = f'<h2 id="what">What</h2>{BODY}<h2 id="how">How</h2>{BODY}'
    div = content_div(toc + sections)
    refine_content(div, url)
    assert inner_html(div) == sections
    elsewhere = content_div(toc + sections)
    refine_content(elsewhere, "https://blog.example/posts/other/")  # another page's contents: links, not ours
    assert inner_html(elsewhere) == toc + sections


def test_a_link_to_a_projects_code_or_a_share_link_in_a_sentence_stays() -> None:
    html = (
        f'{BODY}<p><a href="https://github.com/o/project/tree/main/src">To access the source code click here</a>.</p>'
        '<p>Liked it? <a href="https://twitter.com/intent/tweet?text=x">Send us a tweet</a> and tell us why.</p>'
        f"{BODY}"
    )
    assert refined(html) == html


@pytest.mark.parametrize(
    "dateline",
    [
        "<p>Stand: 12.03.2024 14:05 Uhr</p>",
        "<p>Published December 3, 2024</p>",
        '<div><time datetime="2024-12-03">3 Dec</time> · 4 min read</div>',
        "<p>Sist oppdatert torsdag 09. mai 2024 - 20:24</p>",  # the dash is no word of a label
        "<p>Do 25.04.24 | 14:07 Uhr | Von</p>",
    ],
)
def test_a_dateline_above_or_below_the_article_goes(dateline: str) -> None:
    assert refined(dateline + BODY) == BODY
    assert refined(BODY + dateline) == BODY


@pytest.mark.parametrize(
    "line",
    [
        "<p>The flood of 12 March 2024 closed the pier for a week and more.</p>",  # a sentence, not a dateline
        '<p>Update: <a href="https://x.example/2017/12/01/">the first post</a></p>',  # a link's date
        '<pre><code>{"created_at": "2023-09-06T17:24:02Z"}</code></pre>',  # data in code
        "<p>The packages were last updated on: <span>12/03/2024</span>.</p>",  # a date inside a sentence
    ],
)
def test_other_short_lines_with_dates_stay(line: str) -> None:
    assert refined(BODY + line) == BODY + line


def _page_with_declared_body(body: str, extra: str) -> str:
    script = json.dumps({"@context": "https://schema.org", "@type": "NewsArticle", "articleBody": body})
    paragraphs = "".join(f"<p>{sentence}.</p>" for sentence in body.split(". ") if sentence)
    return (
        f'<html><head><title>Harbour news</title><script type="application/ld+json">{script}</script></head>'
        f"<body><article><h1>Harbour news</h1>{paragraphs}{extra}</article></body></html>"
    )


STORY = ". ".join(
    f"The harbour board met on day {n} and agreed that the north pier would reopen to fishing boats soon"
    for n in range(1, 9)
)


def test_blocks_that_are_not_in_the_declared_body_go() -> None:
    box = "<p>Unlimited access to every story and our weekly crossword puzzle, for a dollar a week.</p>"
    html = _page_with_declared_body(STORY, box)
    refined = Readability(html, "https://news.example/harbour", refine=True).parse()
    default = Readability(html, "https://news.example/harbour").parse()
    assert refined is not None and default is not None
    assert "Unlimited access" in default.text and "Unlimited access" not in refined.text
    assert "north pier would reopen" in refined.text


def test_without_a_whole_declared_body_that_the_article_holds_the_box_stays() -> None:
    box = "<p>Unlimited access to every story and our weekly crossword puzzle, for a dollar a week.</p>"
    paragraphs = "".join(f"<p>{sentence}.</p>" for sentence in STORY.split(". "))
    page = "<html><head><title>Harbour news</title>{}</head><body><article>{}</article></body></html>"
    teaser = ". ".join(STORY.split(". ")[:5])  # the first paragraphs only
    for declared in ("", "A different story that the page does not show at all. " * 12, teaser):
        script = json.dumps({"@type": "NewsArticle", "articleBody": declared}) if declared else ""
        head = f'<script type="application/ld+json">{script}</script>' if script else ""
        html = page.format(head, paragraphs + paragraphs.replace("day", "night") + box)
        refined = Readability(html, "https://news.example/harbour", refine=True).parse()
        assert refined is not None and "Unlimited access" in refined.text, declared[:30]


@pytest.mark.parametrize(
    ("figure", "kept"),
    [
        (
            '<figure><img src="a.jpg"><figcaption>Rain over the harbour (Photo: A. Writer)</figcaption></figure>',
            '<figure><img src="a.jpg"></figure>',
        ),
        (
            '<figure><img src="a.jpg"><p>The old bridge at dusk.</p><p>Photo by A. Writer/Getty Images</p></figure>',
            '<figure><img src="a.jpg"></figure>',
        ),
        (
            '<figure><div><img src="a.jpg"><span>© A. Writer</span></div><figcaption>Dusk</figcaption></figure>',
            '<figure><div><img src="a.jpg"></div></figure>',
        ),
    ],
)
def test_a_credited_figures_caption_goes_and_its_image_stays(figure: str, kept: str) -> None:
    assert refined(BODY + figure + BODY) == BODY + kept + BODY


def test_a_block_marked_as_a_caption_or_a_credit_goes() -> None:
    credit = '<span itemprop="creditText">A. Writer</span>'
    caption = '<div class="image-caption">The old bridge at dusk.</div>'
    assert refined(BODY + credit + caption + BODY) == BODY + BODY


@pytest.mark.parametrize(
    "figure",
    [
        # an author's own caption, crediting no one: the figure is theirs to explain
        '<figure><img src="a.png"><figcaption>The old bridge at dusk, seen from the east bank.</figcaption></figure>',
        # code or a quotation set in a figure is the figure's content
        '<figure><pre>print("Photo: 1")</pre><figcaption>Photo: the script</figcaption></figure>',
        '<figure><img src="a.png"><blockquote>Quelle: the archive</blockquote></figure>',
    ],
)
def test_other_figures_keep_their_text(figure: str) -> None:
    assert refined(BODY + figure + BODY) == BODY + figure + BODY


@pytest.mark.parametrize(
    "box",
    [
        '<div class="author-bio"><p>A. Writer covers the harbour and the city council.</p></div>',
        '<p class="byline">By A. Writer, Staff Reporter</p>',
        '<div id="article-contributors"><p>A. Writer</p><p>Reporter since 2019.</p></div>',
        '<div class="authorProfile"><p>ABOUT THE AUTHOR</p><p>A. Writer covers the harbour.</p></div>',
        '<p class="textauthor">von A. Writer, Hafenredaktion</p>',
    ],
)
def test_the_authors_box_goes(box: str) -> None:
    assert refined(BODY + box) == BODY
    assert refined(box + BODY) == BODY


@pytest.mark.parametrize("classes", ["ArticleNewsletterTeaser", "inlineSignupBox", "newsletter-box"])
def test_a_newsletter_s_box_goes_whatever_its_class_compounds(classes: str) -> None:
    box = f'<div class="{classes}"><p>The Morning</p><p>Every day the stories of the harbour.</p></div>'
    assert refined(BODY + box + BODY) == BODY + BODY


def test_a_box_marked_author_that_holds_the_article_stays() -> None:
    html = f'<div class="author-content">{BODY}</div>'
    assert refined(html) == html
    authority = '<p class="authority-note">The port authority approved the plan.</p>'
    assert refined(BODY + authority) == BODY + authority


@pytest.mark.parametrize(
    "box",
    [
        '<div class="wall hidden"><p>Subscribe now to read the rest.</p></div>',
        '<p class="d-none">Register for free to keep reading.</p>',
    ],
)
def test_a_box_hidden_by_its_class_goes(box: str) -> None:
    assert refined(BODY + box) == BODY


@pytest.mark.parametrize(
    "box",
    [
        '<p class="hidden md:block">Shown on a wide screen.</p>',
        '<p class="d-none d-lg-block">Shown on a wide screen.</p>',
        '<p class="hidden-xs">Hidden on a phone only.</p>',
    ],
)
def test_a_box_shown_at_some_screen_size_stays(box: str) -> None:
    assert refined(BODY + box) == BODY + box


@pytest.mark.parametrize(
    "line", ["<p>© A. Writer</p>", "<p>Quelle: dpa</p>", "<div>A. Writer/Getty Images</div>", "<p>Photo: Archive</p>"]
)
def test_a_credit_line_goes(line: str) -> None:
    assert refined(BODY + line + BODY) == BODY + BODY


@pytest.mark.parametrize(
    "line",
    [
        "<p>Reuters reported it first, and others followed.</p>",  # a sentence that names an agency
        "<p>Photos from the trip are below:</p>",
        '<p>Quelle: <a href="https://x.example/">the report</a></p>',  # a source the reader can follow
    ],
)
def test_other_short_lines_naming_a_credit_stay(line: str) -> None:
    assert refined(BODY + line + BODY) == BODY + line + BODY


def test_a_menu_above_the_article_goes() -> None:
    entries = "".join(f'<li><a href="/{name}/">{name}</a></li>' for name in ("News", "Sport", "Opinion", "Life"))
    menu = f"<nav><ul>{entries}</ul></nav>"
    assert refined(menu + BODY) == BODY
    # a menu whose entries hold their submenus, long as a paragraph, is no paragraph of prose
    submenus = f'<ul><li><a href="/news/">News</a><ul>{entries * 4}</ul></li>{entries}</ul>'
    assert refined(submenus + BODY) == BODY


@pytest.mark.parametrize(
    "listing",
    [
        '<ul><li><a href="/a/">One</a></li><li><a href="/b/">Two</a></li></ul>',  # two links: no menu
        '<ul><li><a href="/a/">One</a>, the first</li><li><a href="/b/">Two</a></li>'
        '<li><a href="/c/">Three</a></li></ul>',
        '<ol><li><a href="/a/">The first part of this series, on how it began</a></li>'
        '<li><a href="/b/">The second part of this series, on what came next</a></li>'
        '<li><a href="/c/">The third part of this series, on how it ended</a></li></ol>',  # titles, not a menu
    ],
)
def test_other_lists_above_the_article_stay(listing: str) -> None:
    assert refined(listing + BODY) == listing + BODY
    menu_below = (
        '<ul><li><a href="/a/">News</a></li><li><a href="/b/">Sport</a></li><li><a href="/c/">Life</a></li></ul>'
    )
    between = BODY + menu_below + BODY  # below the first paragraph: no menu above (and not after the last either)
    assert refined(between) == between


@pytest.mark.parametrize(
    "box",
    [
        "<p>Subscribe now to read the latest news in your city.</p>",
        "<div><p>Sign up for our weekly newsletter and get the best stories.</p></div>",
        "<p>Fehler gefunden? Jetzt melden.</p>",
        "<p>Il vous reste 57% de cet article à lire. La suite est réservée aux abonnés.</p>",
        "<p>Recibe las mejores publicaciones directamente a tu correo.</p>",
        "<p>By subscribing, you agree with the Terms of Service and Privacy Policy.</p>",
        "<p>An dieser Stelle findest du einen externen Inhalt, der den Artikel ergänzt.</p>",
        "<p>Ich bin damit einverstanden, dass mir Inhalte von Dritten angezeigt werden.</p>",
        "<p>Get more stories like this by signing up to The Gazette's free evening newsletter.</p>",
        "<p>Der Abendbrief: Unser Newsletter informiert Sie jeden Abend über den Tag.</p>",
        "<div><p>Newsletter</p><p>Newsletter: Harbour inside</p></div>",
        "<p>Kurz und knapp aufs Handy? Hier geht es zur neuen News-App.</p>",
        "<p>Follow The Gazette on Google News and add us as a preferred source.</p>",
        "<p>If you can, please support us by making a contribution.</p>",
        "<p>Hat Ihnen der Text gefallen? Unterstützen Sie uns mit einer Spende.</p>",
        "<div><p>🦞 12 likes on Bluesky</p><p>Like this post on Bluesky to see your face on this page</p></div>",
    ],
)
def test_a_call_to_subscribe_or_report_goes(box: str) -> None:
    assert refined(BODY + box + BODY) == BODY + BODY


def test_a_passage_that_mentions_subscribing_stays() -> None:
    passage = "<p>" + "Readers who subscribe now to the paper get the print edition, and so on. " * 6 + "</p>"
    assert refined(BODY + passage) == BODY + passage
    code = "<pre>Subscribe now to read the latest news</pre>"
    assert refined(BODY + code) == BODY + code
    newsletter = "<p>The newsletter went out on Monday.</p>"
    assert refined(BODY + newsletter + BODY) == BODY + newsletter + BODY
    likes = "<p>The post got 300 likes on Mastodon by the evening.</p>"
    assert refined(BODY + likes + BODY) == BODY + likes + BODY


@pytest.mark.parametrize("label", ["Advertisement", "Anzeige", "Publicidad", "Story continues below advertisement"])
def test_an_advertisements_label_goes(label: str) -> None:
    assert refined(f"{BODY}<div><span>{label}</span></div>{BODY}") == BODY + BODY


def test_a_sentence_about_advertisements_stays() -> None:
    line = "<p>Advertisement revenue fell.</p>"
    assert refined(BODY + line + BODY) == BODY + line + BODY


def test_an_article_that_holds_less_than_half_the_declared_body_becomes_it() -> None:
    body = STORY.replace(". ", ".\n")
    div = content_div("<p>By A. Writer and B. Writer, 12 March</p>")
    refine_content(div, declared_body=body, declared_shown=True)
    assert [p.text for p in div] == body.splitlines()
    # a page that does not show its declared body (a paywall's full text in the metadata) keeps its article
    div = content_div("<p>By A. Writer and B. Writer, 12 March</p>")
    refine_content(div, declared_body=body, declared_shown=False)
    assert inner_html(div) == "<p>By A. Writer and B. Writer, 12 March</p>"


def test_the_declared_body_is_shown_when_the_pages_text_holds_it() -> None:
    page = "".join(f"<p>{sentence}.</p>" for sentence in STORY.split(". "))
    scripts: list[Any] = [{"@type": "NewsArticle", "articleBody": STORY}]
    assert read_evidence(content_div(page), scripts).declared_shown
    teaser = "".join(f"<p>{sentence}.</p>" for sentence in STORY.split(". ")[:1])
    assert not read_evidence(content_div(teaser + "<p>Subscribe to read on.</p>"), scripts).declared_shown


@pytest.mark.parametrize(
    "teaser",
    [
        '<p>Read more: <a href="/other-story/">The council votes on the pier</a></p>',
        '<p><strong>Lesen Sie auch:</strong> <a href="/andere/">Der Hafen im Winter</a></p>',
        '<p>MORE : <a href="/pier/">The pier reopens on Monday</a></p>',
        '<p>【関連記事】 <a href="/kou/">港の冬</a></p>',
        '<p>À lire aussi</p><ul><li><a href="/a/">Le port</a></li><li><a href="/b/">La jetée</a></li></ul>',
    ],
)
def test_a_read_also_teaser_goes(teaser: str) -> None:
    kept = refined(BODY + teaser)  # a label alone goes when nothing but links follows it
    assert all(label not in kept for label in ("Read more", "Lesen Sie", "lire aussi", "MORE", "関連記事"))
    if "<ul>" not in teaser:
        assert refined(BODY + teaser + BODY) == BODY + BODY


@pytest.mark.parametrize(
    "line",
    [
        "<p>Read more about the harbour in the council's own report, which came out on Monday.</p>",
        '<p>Related: the <a href="/pier/">pier</a> reopened after the council voted for it.</p>',
    ],
)
def test_a_sentence_that_opens_like_a_teaser_stays(line: str) -> None:
    assert refined(BODY + line + BODY) == BODY + line + BODY


def test_a_credited_caption_that_repeats_the_pictures_alt_goes() -> None:
    alt = "The harbour at dawn, seen from the pier. Photo: A. Writer"
    picture = f'<div><p><img src="a.jpg" alt="{alt}"></p><p>{alt}</p></div>'
    assert refined(BODY + picture + BODY) == f'{BODY}<div><p><img src="a.jpg" alt="{alt}"></p></div>{BODY}'
    uncredited = "The harbour at dawn, seen from the pier."
    kept = f'<div><p><img src="a.jpg" alt="{uncredited}"></p><p>{uncredited}</p></div>'
    assert refined(BODY + kept + BODY) == BODY + kept + BODY


MARKED_MAIN = (
    "<main><h1>Downloads</h1><div><p>You can also download the EPUB version:</p>"
    '<p><a href="https://example.org/book.epub">https://example.org/book.epub</a></p>'
    '<p>An online version is available at:</p><p><a href="https://example.org/book/">https://example.org/book/</a></p>'
    '</div><footer><a rel="next" href="/next/">Next chapter</a></footer></main>'
)
PROMO = "<div><aside><p>" + "Printed, in paper, in colour, with notes, order it now, " * 6 + "</p></aside></div>"


def marked_page(main: str = MARKED_MAIN) -> str:
    """A page Readability.js finds no article in: its best-scored block is a promotion in an ``<aside>``, which
    the article's cleaning then removes, and the page's own paragraphs are too short to score."""
    return f"<html><head><title>Downloads</title></head><body>{main}{PROMO}</body></html>"


def test_where_no_article_is_found_the_marked_main_content_is_the_refined_one() -> None:
    url = "https://example.org/downloads/"
    assert Readability(marked_page(), url).parse() is None  # the default stays Readability.js's
    article = Readability(marked_page(), url, refine=True).parse()
    assert article is not None
    assert article.attempt == "marked"
    assert article.title == "Downloads"
    assert article.text.startswith("Downloads\n\nYou can also download the EPUB version:")
    assert "https://example.org/book/" in article.text and "Next chapter" not in article.text  # repaired too


@pytest.mark.parametrize(
    "main",
    [
        MARKED_MAIN + MARKED_MAIN.replace("Downloads", "Other"),  # two marks: which one?
        MARKED_MAIN.replace("<main>", "<main hidden>"),  # not shown
        "<main><h1>Downloads</h1><p>Too short.</p></main>",  # no real text
    ],
)
def test_a_main_content_that_is_ambiguous_hidden_or_empty_is_not_an_article(main: str) -> None:
    assert Readability(marked_page(main), "https://example.org/downloads/", refine=True).parse() is None


def _story_paragraph(number: int) -> str:
    sentence = "The council met on Monday, and heard from residents, about the harbour. "
    return f'<p class="text">{number}. ' + sentence * 3 + "</p>"


def test_the_rest_of_a_split_article_built_like_its_paragraphs_joins_it() -> None:
    rest = "After the break the story goes on, and the mayor said the work would start in May."
    teaser = "Another story about the zoo and its new elephants, which arrived here this week."
    page = (
        "<html><head><title>Harbour</title></head><body><article><h1>Harbour</h1>"
        '<div class="part"><div class="box">' + "".join(map(_story_paragraph, range(8))) + "</div>"
        '<div class="meta"><img src="a.png"></div></div>'
        '<div class="ad"><iframe src="https://ads.example/x"></iframe></div>'
        f'<div class="part2"><div class="box"><p class="text">{rest}</p></div><div><img src="b.png"></div></div>'
        f'<div class="part2"><div class="box"><p class="teaser">{teaser}</p></div><div><img src="c.png"></div></div>'
        '<nav><p class="text">A menu entry written as long as a paragraph of the story, but in the menu.</p></nav>'
        "</article></body></html>"
    )
    default = Readability(page, "https://example.org/a").parse()
    refined = Readability(page, "https://example.org/a", refine=True).parse()
    assert default is not None and refined is not None
    assert rest not in default.text  # Readability.js keeps the first part only
    assert refined.text.endswith(rest)  # the paragraph built like the article's follows it
    assert teaser not in refined.text and "menu entry" not in refined.text  # another class, the menu: not the story's


def test_a_meta_line_that_holds_half_the_article_or_more_stays() -> None:
    html = '<div class="post-meta">Posted on 2024-01-28, updated on 2025-07-26, in notes</div><p>A short tip.</p>'
    assert refined(html) == html  # a short post's meta line is longer than the post: taking it would take most
    items = (
        '<div class="post-meta"><span class="post-meta-item">Posted on 2024-01-28</span>'
        '<span class="post-meta-item">in notes, a category</span></div><p>A short tip.</p>'
    )
    assert refined(items) == items  # nor item by item


FIRST = "<p>The harbour opened at dawn and the boats went out one by one into the grey water.</p>"
SECOND = "<p>By noon the wind had turned and the crews came back with nets full of small silver fish.</p>"


def test_a_copy_of_the_articles_paragraphs_in_a_box_of_its_own_goes() -> None:
    """A page that prints its article twice (a template's copy for another screen) leaves both copies."""
    article = f"<div>{FIRST}{SECOND}</div>"
    assert refined(article + f"<div>{FIRST}{SECOND}</div>") == article


@pytest.mark.parametrize(
    "html",
    [
        f"{FIRST}{SECOND}<blockquote>{FIRST}</blockquote>",  # a pull quote: one paragraph said again
        f"{FIRST}{SECOND}<pre>make all</pre>{FIRST}{SECOND}",  # the author's words twice, in one flow of text
    ],
)
def test_paragraphs_said_again_in_the_articles_flow_stay(html: str) -> None:
    assert refined(html) == html


@pytest.mark.parametrize("line", ["2 hours ago", "Duration 1:30", "26.10.2025 | 2:43 min", "3 Min Lesezeit"])
def test_a_line_that_is_only_an_age_a_running_time_or_a_reading_time_goes(line: str) -> None:
    """A video teaser's length, a post's age, a header's reading time: data of a box, not the article's text."""
    assert refined(f"{FIRST}<p>{line}</p>{SECOND}") == FIRST + SECOND


@pytest.mark.parametrize(
    "html",
    [
        "<p>The ferry left 2 hours ago.</p>",  # a sentence that says how long ago
        "<p>It ran for <span>3 min read</span> aloud, no more.</p>",  # inside a sentence
        "<pre>elapsed: 2:43 min</pre>",  # a program's output
    ],
)
def test_sentences_and_code_with_times_stay(html: str) -> None:
    assert refined(FIRST + html + SECOND) == FIRST + html + SECOND


RULES = (
    "<p>Log in with your account first. Your comments are subject to our terms of use, and posts that insult"
    " other readers are taken down by the moderators without notice.</p>"
)


@pytest.mark.parametrize(
    "tail",
    [
        "<p>12 Comments</p>",
        "<div><a href='#c'>Join the Conversation</a></div>",
        RULES,
        "<p>Comments are moderated.</p>",
        "<p>Comments and pings are currently closed.</p>",
        "<p>You must be logged in to post a comment.</p>",
    ],
)
def test_the_comments_label_and_their_rules_at_the_end_go(tail: str) -> None:
    """What a comment section leaves behind when Readability.js drops it: its link, its count, its rules."""
    assert refined(FIRST + SECOND + tail) == FIRST + SECOND


@pytest.mark.parametrize(
    "html",
    [
        f"{FIRST}{RULES}{SECOND}",  # a terms page states the rules, and goes on
        f"{FIRST}<p>Comments are moderated.</p>{SECOND}",  # ... or a post about running a forum
        f"{FIRST}<h2>Comments</h2>{SECOND}",  # a section of a tutorial on code comments
        f"{FIRST}{SECOND}<p>Tell me what you think in the comments below.</p>",  # the author's last word
    ],
)
def test_the_articles_own_words_on_comments_stay(html: str) -> None:
    assert refined(html) == html


@pytest.mark.parametrize(
    "notice",
    [
        "<p>Votre abonnement n’autorise pas la lecture de cet article</p>",
        "<p>Für die kommerzielle Nutzung ist ein Abonnement erforderlich.</p>",
        "<p>Some features may not work while an ad blocker is enabled.</p>",
        "<p>［有料会員限定］この記事は会員限定です。</p>",
        "<p>Empfohlener redaktioneller Inhalt</p>",  # an embed's consent placeholder
    ],
)
def test_a_paywalls_or_an_ad_blockers_notice_goes(notice: str) -> None:
    assert refined(FIRST + notice + SECOND) == FIRST + SECOND


def test_an_article_on_subscriptions_keeps_its_sentences() -> None:
    html = FIRST + "<p>The publisher said a subscription is now required to read its archive.</p>" + SECOND
    assert refined(html) == html


def test_a_long_box_no_reader_sees_goes_where_the_article_is_far_longer() -> None:
    """A registration wall's pitch, hidden by a class until a script shows it to some visitors."""
    pitch = "Create an account to read more stories from our reporters. " * 8
    wall = f'<div class="sign-in hidden"><p>{pitch}</p></div>'
    article = BODY * 6
    assert refined(article + wall) == article


def test_a_hidden_box_that_holds_the_article_stays() -> None:
    """The article's own text, hidden until a script reveals it: not furniture however it is marked."""
    html = FIRST + '<div class="hidden">' + BODY * 2 + "</div>"
    assert refined(html) == html


@pytest.mark.parametrize("line", ["Freitag, 28.04.2023, 19:25", "Publiziert 12. Mai 2024, 12:19 Uhr"])
def test_a_date_with_its_time_of_day_goes_inside_the_article_too(line: str) -> None:
    """The publication's dateline, which a page often sets below the lead: the feed's fields carry it."""
    assert refined(f"{FIRST}<p>{line}</p>{SECOND}") == FIRST + SECOND


@pytest.mark.parametrize(
    "html",
    [
        "<p>March 3, 2024</p>",  # a changelog's entry: a date without a time of day
        "<p>The polls closed on 12 May 2024 at 18:00.</p>",  # a sentence that gives a date and a time
    ],
)
def test_dates_of_the_articles_own_inside_it_stay(html: str) -> None:
    assert refined(FIRST + html + SECOND) == FIRST + html + SECOND


def test_a_rendered_formula_becomes_the_tex_it_was_written_in() -> None:
    """KaTeX keeps the source as the MathML's annotation: the text reads "x^2 + 1", not "x2+1" beside it."""
    formula = (
        '<span class="katex"><span class="katex-mathml"><math><semantics><mrow><msup><mi>x</mi><mn>2</mn></msup>'
        '<mo>+</mo><mn>1</mn></mrow><annotation encoding="application/x-tex">x^2 + 1</annotation></semantics>'
        "</math></span></span>"
    )
    assert refined(f"<p>The sum {formula} grows.</p>") == (
        '<p>The sum <span class="katex"><span class="katex-mathml"><span>x^2 + 1</span></span></span> grows.</p>'
    )


def test_a_formula_without_its_source_stays() -> None:
    html = "<p>The sum <math><mrow><mi>x</mi><mo>+</mo><mn>1</mn></mrow></math> grows.</p>"
    assert refined(html) == html


@pytest.mark.parametrize(
    "notice", ["Copyright © 2023 The Harbour Times, LLC.", "™ & © 2013 A Network, Inc. All rights reserved."]
)
def test_the_sites_copyright_notice_goes(notice: str) -> None:
    assert refined(f"{FIRST}{SECOND}<p>{notice}</p>") == FIRST + SECOND


@pytest.mark.parametrize(
    "html",
    [
        "<p>This story first appeared in The Harbour Times. Copyright 2015.</p>",  # where the article comes from
        "<pre>copyright: '© 2016 All rights reserved'</pre>",  # a configuration file's value
    ],
)
def test_a_copyright_mentioned_by_the_article_stays(html: str) -> None:
    assert refined(FIRST + SECOND + html) == FIRST + SECOND + html


@pytest.mark.parametrize("label", ["Teilen", "Drucken Senden", "E-Mail", "Share"])
def test_a_line_that_only_names_the_articles_tools_goes(label: str) -> None:
    assert refined(f"{FIRST}<p>{label}</p>{SECOND}") == FIRST + SECOND


@pytest.mark.parametrize("html", ["<h2>Newsletter</h2>", "<pre>print</pre>", "<p>Share the load.</p>"])
def test_a_heading_code_or_a_sentence_with_a_tools_name_stays(html: str) -> None:
    assert refined(FIRST + html + SECOND) == FIRST + html + SECOND


def test_a_paragraph_written_without_spaces_that_gives_a_date_and_time_stays() -> None:
    """Chinese has no spaces to count words by: a paragraph is one "word", and its length tells it from a line."""
    sentence = "会议于 2024年5月9日 12:00 开始，各方代表就合作细节进行了深入讨论并达成了一致意见。"
    html = f"{FIRST}<p>{sentence * 2}</p>{SECOND}"
    assert refined(html) == html


def test_a_copy_laid_out_with_other_white_space_goes_too() -> None:
    article = f"<div>{FIRST}{SECOND}</div>"
    copy = "<div>\n  " + FIRST.replace("<p>", "<p>\n    ") + "\n  " + SECOND + "\n</div>"
    assert refined(article + copy) == article


LEAD = "The harbour will reopen in May after two years of repairs, the council said on Monday evening."


def _page_with_lead(shown_lead: str, description: str = LEAD) -> str:
    return (
        f'<html><head><title>Harbour</title><meta name="description" content="{description}"></head><body>'
        f'<article><div class="story-header"><h1>Harbour</h1>{shown_lead}</div>'
        '<div class="story-body">' + "".join(map(_story_paragraph, range(6))) + "</div></article></body></html>"
    )


def test_the_lead_the_page_shows_apart_opens_the_article() -> None:
    page = _page_with_lead(f'<p class="summary">{LEAD}</p>')
    default = Readability(page, "https://example.org/a").parse()
    refined = Readability(page, "https://example.org/a", refine=True).parse()
    assert default is not None and refined is not None
    assert LEAD not in default.text  # Readability.js keeps the body's box, not its header
    assert refined.text.strip().startswith(LEAD)


@pytest.mark.parametrize(
    "shown",
    [
        f'<nav><p><a href="/b">{LEAD}</a></p></nav>',  # a link to a page: a teaser, not this page's lead
        f'<p class="summary" hidden>{LEAD}</p>',  # not shown
        f"<div>{LEAD} {BODY}</div>",  # a block that holds the description and far more: not a lead
        "<p>A line that is not the description at all, shown above the story.</p>",
    ],
)
def test_a_description_not_shown_as_a_block_of_its_own_is_not_a_lead(shown: str) -> None:
    page = _page_with_lead(shown)
    refined = Readability(page, "https://example.org/a", refine=True).parse()
    assert refined is not None and LEAD not in refined.text


def test_a_lead_the_article_holds_is_not_repeated() -> None:
    first = _story_paragraph(0)
    description = first.removeprefix('<p class="text">').removesuffix("</p>").strip()
    page = _page_with_lead("", description=description)
    refined = Readability(page, "https://example.org/a", refine=True).parse()
    assert refined is not None and refined.text.count(description) == 1


def test_a_lead_its_description_cuts_short_opens_the_article() -> None:
    cut = LEAD[:60].rsplit(" ", 1)[0] + " rep…"  # the description ends inside a word, with an ellipsis
    page = _page_with_lead(f'<p class="summary">{LEAD}</p>', description=cut)
    refined = Readability(page, "https://example.org/a", refine=True).parse()
    assert refined is not None and refined.text.strip().startswith(LEAD)


def test_a_block_that_opens_with_a_cut_description_but_holds_far_more_is_not_a_lead() -> None:
    cut = LEAD[:60].rsplit(" ", 1)[0] + " rep…"
    longer = f'<div class="summary">{LEAD} {LEAD} {LEAD}</div>'
    refined = Readability(_page_with_lead(longer, description=cut), "https://example.org/a", refine=True).parse()
    assert refined is not None and LEAD not in refined.text


def _streamed_page(segment_attributes: str) -> str:
    """A React page whose shell holds a placeholder and a loading line, its article streamed after it."""
    story = "".join(map(_story_paragraph, range(6)))
    return (
        "<html><head><title>Harbour</title></head><body><header><a href='/'>Home</a></header>"
        '<main><template id="B:1"></template><p>Loading…</p></main>'
        f"<div {segment_attributes}><article><h1>Harbour</h1>{story}</article></div>"
        '<script>$RC("B:1","S:1")</script></body></html>'
    )


def test_the_article_a_react_page_streams_in_is_read() -> None:
    page = _streamed_page('hidden id="S:1"')
    default = Readability(page, "https://example.org/a").parse()
    refined = Readability(page, "https://example.org/a", refine=True).parse()
    story = _story_paragraph(3).removeprefix('<p class="text">').removesuffix("</p>").strip()
    assert default is None or story not in default.text  # Readability.js drops the hidden segment
    assert refined is not None and story in refined.text


@pytest.mark.parametrize("attributes", ['hidden id="panel"', 'hidden id="S:1" class="x" style="display: none"'])
def test_a_hidden_block_that_is_no_streamed_segment_stays_hidden(attributes: str) -> None:
    refined = Readability(_streamed_page(attributes), "https://example.org/a", refine=True).parse()
    story = _story_paragraph(3).removeprefix('<p class="text">').removesuffix("</p>").strip()
    assert refined is None or story not in refined.text


def test_a_list_of_links_to_the_site_s_own_stories_after_the_article_goes() -> None:
    teasers = (
        '<ul><li><a href="/2024/05/harbour-fees">Harbour fees will rise next year</a></li>'
        '<li><a href="https://www.example.org/ferry">The ferry timetable changes in June</a></li></ul>'
    )
    div = content_div(BODY + teasers)
    refine_content(div, "https://example.org/story")
    assert inner_html(div) == BODY


@pytest.mark.parametrize(
    "listing",
    [
        '<ul><li><a href="https://other.example/paper">A paper</a></li><li><a href="/notes">Notes</a></li></ul>',
        '<ul><li><a href="/a">One story</a> and what it says</li><li><a href="/b">Another</a></li></ul>',
        '<ul><li><a href="/a">Only one link</a></li></ul>',
    ],
)
def test_references_a_list_with_text_or_a_single_link_after_the_article_stay(listing: str) -> None:
    div = content_div(BODY + listing)
    refine_content(div, "https://example.org/story")
    assert inner_html(div) == BODY + listing


@pytest.mark.parametrize("line", ["3 of 10", "2 / 8", "Previous", "Next Post →", "« Zurück"])
def test_a_pager_s_counter_or_button_goes(line: str) -> None:
    assert refined(f"{BODY}<div><span>{line}</span></div>{BODY}") == BODY + BODY


def test_a_heading_or_a_sentence_that_names_the_next_step_stays() -> None:
    html = f"{BODY}<h3>Next</h3><p>Next, the council will vote.</p>{BODY}"
    assert refined(html) == html


def test_a_list_of_teasers_with_their_kickers_inside_the_article_goes() -> None:
    teasers = (
        '<ul><li><strong>Harbour:</strong> <a href="/2024/harbour-fees">Why the fees will rise next year</a></li>'
        '<li><strong>Ferry:</strong> <a href="https://example.org/ferry">The timetable changes again in June</a>'
        "</li></ul>"
    )
    div = content_div(BODY + teasers + BODY)
    refine_content(div, "https://example.org/story")
    assert inner_html(div) == BODY + BODY


@pytest.mark.parametrize(
    "listing",
    [  # a series' parts without kickers; a list that says more than a kicker; another site's pages
        '<ul><li><a href="/part-1">Part one of the series</a></li><li><a href="/part-2">Part two of it</a></li></ul>',
        '<ul><li>Harbour: <a href="/a">why the fees rise</a>, and why now</li>'
        '<li>Ferry: <a href="/b">the timetable changes</a> in June</li></ul>',
        '<ul><li>Paper: <a href="https://other.example/a">A study of harbours</a></li>'
        '<li>Data: <a href="https://other.example/b">The fees over ten years</a></li></ul>',
    ],
)
def test_other_lists_of_links_inside_the_article_stay(listing: str) -> None:
    div = content_div(BODY + listing + BODY)
    refine_content(div, "https://example.org/story")
    assert inner_html(div) == BODY + listing + BODY


@pytest.mark.parametrize(
    "line",
    ['<div class="article-date">28.04.2023 | 17:52 Uhr</div>', '<span class="timestamp">Jan. 2 2015 8:53 PM</span>'],
)
def test_a_line_marked_as_a_date_goes_wherever_it_is(line: str) -> None:
    assert refined(f"{BODY}<div>{line}</div>{BODY}") == BODY + BODY


def test_a_sentence_marked_as_a_date_stays() -> None:
    line = '<p class="date">The council met on 28 April 2023, and again the week after, to vote on it.</p>'
    assert refined(BODY + line + BODY) == BODY + line + BODY


def _arc_page(state: dict[str, Any]) -> str:
    """A page of Arc XP's that a browser without scripts sees as a consent wall: its story is in its state."""
    wall = "".join(
        f"<p>{n}. We and our partners use cookies to store and read information on your device.</p>" for n in range(4)
    )
    return (
        "<html><head><title>Harbour</title>"
        f'<script id="fusion-metadata">window.Fusion={{}};Fusion.globalContent={json.dumps(state)};'
        "Fusion.spa=false;</script></head>"
        f'<body><div class="consent">{wall}</div></body></html>'
    )


ARC_PARAGRAPHS = [
    f"{n}. The council met on Monday, and heard from residents, about the harbour. " * 3 for n in range(6)
]


@pytest.mark.parametrize("wrapped", [False, True])
def test_the_story_an_arc_page_renders_from_its_state_is_the_article(wrapped: bool) -> None:
    elements = [{"type": "text", "content": f"<b>{text}</b>"} for text in ARC_PARAGRAPHS]
    elements.insert(1, {"type": "image", "caption": "A photo of the pier"})
    state: dict[str, Any] = {"content_elements": elements}
    page = _arc_page({"result": state} if wrapped else state)
    refined = Readability(page, "https://example.org/a", refine=True).parse()
    assert refined is not None
    assert refined.text.split() == " ".join(ARC_PARAGRAPHS).split()


def test_an_arc_state_without_its_story_changes_nothing() -> None:
    page = _arc_page({"content_elements": [{"type": "text", "content": "A short line."}]})
    default = Readability(page, "https://example.org/a").parse()
    refined = Readability(page, "https://example.org/a", refine=True).parse()
    assert default is not None and refined is not None and refined.text == default.text


def test_paragraphs_of_prose_hidden_from_screen_readers_only_are_read() -> None:
    story = "".join(map(_story_paragraph, range(6)))
    hidden = '<p class="paywall" aria-hidden="true">' + "The rest of the story, which a paywall's script checks. " * 3
    page = f"<html><body><article><h1>Harbour</h1>{story}{hidden}</p></article></body></html>"
    default = Readability(page, "https://example.org/a").parse()
    refined = Readability(page, "https://example.org/a", refine=True).parse()
    assert default is not None and "paywall's script" not in default.text  # Readability.js drops it
    assert refined is not None and "paywall's script" in refined.text


def test_a_short_line_hidden_from_screen_readers_stays_out() -> None:
    story = "".join(map(_story_paragraph, range(6)))
    page = f'<html><body><article>{story}<p aria-hidden="true">Slide 2 of 8, the harbour</p></article></body></html>'
    refined = Readability(page, "https://example.org/a", refine=True).parse()
    assert refined is not None and "Slide 2" not in refined.text


@pytest.mark.parametrize("odd", ["", "\x0b"])  # a control character XPath's strings cannot hold: looked at in Python
def test_marked_elements_are_found_in_document_order(odd: str) -> None:
    root = lxml.html.fromstring(
        f'<div><p class="credit{odd}">a</p><span class="n">1</span><a href="/x">b</a>'
        f'<span id="credit{odd}">c</span><span class="n">2</span><label>d</label></div>'
    )
    found = marked_elements(root, ("class", "id"), lambda value: "credit" in value, also=("a", "label"))
    assert [element.text for element in found] == ["a", "b", "c", "d"]
    assert [element.text for element in marked_elements(root, ("class",), lambda value: False, also=("a",))] == ["b"]
    assert marked_elements(root, ("class",), lambda value: False) == []
