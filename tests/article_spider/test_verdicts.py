"""What is an article: the rules of ``verdicts.py`` one at a time, and the page shapes they read."""

from __future__ import annotations

import pytest
from lxml import etree, html

from scrapy_readability.spiders.verdicts import (
    RULES,
    Evidence,
    Shape,
    Verdict,
    is_landing_page,
    is_sample_post,
    judge,
    listing_shape,
    reads_beyond_title,
)

PROSE = "The committee met on Tuesday and agreed the harbour would reopen after the storm repairs. " * 4
ARTICLE_SHAPE = Shape(text=2000, in_blocks=0, blocks=0, unlinked=1900, images=0)
LISTING_SHAPE = Shape(text=2000, in_blocks=1800, blocks=10, unlinked=400, images=0)
SHORT_SHAPE = Shape(text=200, in_blocks=0, blocks=0, unlinked=150, images=0)
EMPTY_SHAPE = Shape(text=10, in_blocks=0, blocks=0, unlinked=10, images=0)
LINE_SHAPE = Shape(text=60, in_blocks=0, blocks=0, unlinked=40, images=0)  # a post of one line


def evidence(**given: object) -> Evidence:
    values: dict[str, object] = {
        "readerable": True,
        "not_article_url": False,
        "types": frozenset(),
        "shape": ARTICLE_SHAPE,
        "listed": None,
    }
    values.update(given)
    return Evidence(**values)  # type: ignore[arg-type]


def is_site_page(href: str) -> bool:
    return href.startswith("/") and href != "/here/"


@pytest.mark.parametrize(
    ("given", "article", "reason"),
    [
        ({}, True, "readerable"),
        ({"not_article_url": True}, False, "url"),
        ({"types": frozenset({"collectionpage"})}, False, "declared"),
        ({"types": frozenset({"collectionpage", "blogposting"})}, True, "readerable"),
        ({"shape": LISTING_SHAPE}, False, "listing"),
        ({"shape": LISTING_SHAPE, "listed": "feed"}, False, "listing"),  # a listing the feed names is still one
        ({"readerable": False}, False, "not_readerable"),
        ({"readerable": False, "shape": SHORT_SHAPE, "listed": "feed"}, True, "listed_feed"),
        ({"readerable": False, "shape": SHORT_SHAPE, "listed": "sitemap", "like_articles": 1}, True, "listed_sitemap"),
        ({"readerable": False, "shape": SHORT_SHAPE, "listed": "sitemap"}, False, "not_readerable"),  # a figure's page
        ({"readerable": False, "shape": SHORT_SHAPE, "listed": "listing"}, True, "listed_listing"),
        # ... but a page the sitemap lists too, built unlike the site's articles, by a listing alone: a gallery's figure
        ({"readerable": False, "shape": SHORT_SHAPE, "listed": "sitemap", "in_listing": True}, False, "not_readerable"),
        ({"readerable": False, "shape": EMPTY_SHAPE, "listed": "feed"}, False, "empty"),
        ({"readerable": False, "shape": LINE_SHAPE, "listed": "feed"}, True, "listed_feed"),  # a tip of one line
        ({"readerable": False, "shape": LINE_SHAPE}, False, "empty"),
        ({"readerable": False, "shape": LINE_SHAPE, "like_articles": 3}, True, "template"),  # built like the posts
        ({"readerable": False, "shape": EMPTY_SHAPE, "like_articles": 3}, False, "empty"),  # ... not a title alone
        ({"readerable": False, "shape": SHORT_SHAPE, "types": frozenset({"blogposting"})}, True, "declared_article"),
        ({"not_article_url": True, "about_subject": True}, True, "readerable"),  # /tags/ in a documentation
        ({"not_article_url": True, "about_subject": True, "shape": LISTING_SHAPE}, False, "listing"),
    ],
)
def test_the_rules_in_order(given: dict[str, object], article: bool, reason: str) -> None:
    verdict = judge(evidence(**given))
    assert (verdict.article, verdict.reason) == (article, reason)


def test_each_rule_can_be_left_out() -> None:
    assert judge(evidence(not_article_url=True), frozenset({"url"})).article
    assert judge(evidence(types=frozenset({"aboutpage"})), frozenset({"declared"})).article
    assert judge(evidence(shape=LISTING_SHAPE), frozenset({"listing"})).article
    short = evidence(readerable=False, shape=SHORT_SHAPE, listed="feed")
    assert not judge(short, frozenset({"listed"})).article
    assert judge(evidence(readerable=False, shape=SHORT_SHAPE), frozenset({"preflight"})).reason == "no_preflight"
    assert set(RULES) == {"url", "declared", "listing", "listed", "template", "preflight", "text"}


def test_og_type_is_no_evidence() -> None:
    """Themes put og:type website on every page, posts too: a readerable post that says so is an article."""
    page = html.fromstring(f'<html><head><meta property="og:type" content="website"></head><body><p>{PROSE}</p></body>')
    shape = listing_shape(page, is_site_page)
    assert judge(evidence(shape=shape)).article


def test_a_listing_of_teasers_is_a_listing_and_lists_its_items() -> None:
    teasers = "".join(
        f'<article class="post"><h2><a href="/posts/{n}/">Post {n}</a></h2><p>{PROSE[:160]}</p></article>'
        for n in range(6)
    )
    page = html.fromstring(f"<html><body><nav><a href='/'>Home</a></nav><h1>Posts</h1>{teasers}</body></html>")
    shape = listing_shape(page, is_site_page)
    assert shape.is_listing and shape.blocks == 6
    assert shape.items == tuple(f"/posts/{n}/" for n in range(6))


def test_cards_whose_link_covers_them_are_a_listing() -> None:
    """PaperMod's post list: the title is no link, an empty link laid over the card at its end is (``entry-link``)."""
    cards = "".join(
        f'<article class="post-entry"><header><h2>Post {n}</h2></header><div class="entry-content"><p>{PROSE}</p></div>'
        f'<footer>27 September 2024</footer><a class="entry-link" aria-label="post link to Post {n}" '
        f'href="/posts/{n}/"></a></article>'
        for n in range(4)
    )
    shape = listing_shape(
        html.fromstring(f"<html><body><main><h1>Posts</h1>{cards}</main></body></html>"), is_site_page
    )
    assert shape.is_listing and shape.items == tuple(f"/posts/{n}/" for n in range(4))
    prose = "".join(f'<p>{PROSE} See <a href="/posts/{n}/">this</a>.</p>' for n in range(4))  # links with words
    assert not listing_shape(html.fromstring(f"<html><body>{prose}</body></html>"), is_site_page).is_listing


@pytest.mark.parametrize("posts", [1, 2])
def test_one_or_two_cards_under_the_pages_heading_are_a_listing(posts: int) -> None:
    """PaperMod's section of two posts, its archive of one post a month: a card (a heading, an excerpt, the link
    laid over it) under the page's heading is a teaser, as a linked title is."""
    cards = "".join(
        f'<div class="archive-month"><h3>Month {n}</h3><div class="archive-entry"><h3 class="entry-title">Post {n}'
        f'</h3><div class="meta">27 September 2024</div><p>{PROSE[:120]}</p>'
        f'<a class="entry-link" href="/posts/{n}/"></a></div></div>'
        for n in range(posts)
    )
    page = html.fromstring(f"<html><body><main><h1>Archive</h1>{cards}</main></body></html>")
    shape = listing_shape(page, is_site_page)
    assert shape.is_listing and shape.teasers == posts
    assert sorted(shape.items) == [f"/posts/{n}/" for n in range(posts)]
    post = (
        f'<article><h1>Post</h1><p>{PROSE}</p><a class="share" href="/share/"></a></article>'  # no heading of its own
    )
    assert not listing_shape(html.fromstring(f"<html><body><main>{post}</main></body></html>"), is_site_page).is_listing


def test_a_list_laid_out_in_an_aside_is_the_pages_own() -> None:
    """Ananke's list of posts sits in an ``<aside>``: with no text elsewhere, the aside is the page's."""
    teasers = "".join(
        f'<div class="card"><h1><a href="/post/{n}/">Post {n}</a></h1><div><p>{PROSE}</p></div></div>' for n in range(4)
    )
    page = html.fromstring(f"<html><body><main><article><aside>{teasers}</aside></article></main></body></html>")
    shape = listing_shape(page, is_site_page)
    assert shape.is_listing and shape.blocks == 4
    sidebar = f"<aside>{teasers}</aside>"  # beside a text of the page's own, an aside stays the site's
    post = html.fromstring(f"<html><body><main><article><p>{PROSE}</p></article>{sidebar}</main></body></html>")
    assert not listing_shape(post, is_site_page).is_listing


def test_a_front_page_of_excerpts_one_after_another_is_a_listing() -> None:
    """No block of their own (a heading, paragraphs, a "Read more" link, the next post's heading): the excerpts'
    links to the rest of their posts (``#more``) say it, in any language."""
    excerpts = "".join(
        f'<h1><a href="/2014/{n}.html">Post {n}</a></h1><p>{PROSE}</p>'
        f'<p><a class="readmore" href="/2014/{n}.html#more">続きを読む</a></p><div class="separator"></div>'
        for n in range(2)
    )
    page = html.fromstring(f"<html><body><article>{excerpts}</article></body></html>")
    shape = listing_shape(page, is_site_page)
    assert shape.blocks == 0 and shape.excerpts == 2 and shape.is_listing
    one = html.fromstring(f'<html><body><p>{PROSE}</p><p>Before: <a href="/2014/1.html#more-7">the start</a></p>')
    assert not listing_shape(one, is_site_page).is_listing  # a post that links another's rest


def test_an_article_with_related_posts_is_not_a_listing() -> None:
    related = "".join(f'<li><a href="/posts/{n}/">Related {n}</a></li>' for n in range(4))
    page = html.fromstring(
        f"<html><body><article><h1>Storm</h1>{'<p>' + PROSE + '</p>' * 3}</article><ul>{related}</ul></body></html>"
    )
    shape = listing_shape(page, is_site_page)
    assert not shape.is_listing and shape.has_content


def test_navigation_sidebars_and_tables_of_contents_are_left_out() -> None:
    """A short reference page with a long menu in a div: the menu is the site's, not the page's."""
    menu = "".join(f'<li><a href="/ref/{n}/">Reference {n}</a></li>' for n in range(80))
    toc = "".join(f'<li><a href="#s{n}">Section {n}</a></li>' for n in range(5))
    page = html.fromstring(
        f'<html><body><div class="sidebar"><ul>{menu}</ul></div><div id="toc"><ul>{toc}</ul></div>'
        f"<main><h1>flag</h1><p>{PROSE[:200]}</p></main></body></html>"
    )
    shape = listing_shape(page, is_site_page)
    assert shape.blocks == 0 and shape.has_content


def test_a_short_post_with_related_posts_is_not_a_listing() -> None:
    """Chirpy's related posts under a post of two lines: cards that are each one link, more text than the post."""
    cards = "".join(
        f'<a href="/posts/{n}/" class="card-wrapper"><div class="card"><h3>Post {n}</h3><p>{PROSE[:150]}</p></div></a>'
        for n in range(3)
    )
    page = html.fromstring(
        f"<html><body><main><article><h1>Zoom on Ubuntu</h1><p>{PROSE[:200]}</p></article>"
        f'<div id="related-posts"><h2>Further reading</h2><div class="cards">{cards}</div></div></main></body></html>'
    )
    shape = listing_shape(page, is_site_page)
    assert not shape.is_listing and shape.blocks == 0 and shape.has_content


def test_links_to_the_page_itself_or_its_anchors_make_no_block() -> None:
    items = "".join(f'<li><a href="#part{n}">Part {n}</a> {PROSE[:50]}</li>' for n in range(5))
    items += "".join(f'<li><a href="/here/">Here</a> {PROSE[:50]}</li>' for n in range(5))
    page = html.fromstring(f"<html><body><ul>{items}</ul></body></html>")
    assert listing_shape(page, is_site_page).blocks == 0


def test_a_photo_post_has_content_and_a_page_of_icons_has_not() -> None:
    photos = '<h1>Dunes</h1><img src="a.jpg"><img src="b.jpg"><p>Dusk on the dunes, from the west pier.</p>'
    assert listing_shape(html.fromstring(f"<html><body>{photos}</body></html>"), is_site_page).has_content
    icons = '<img src="menu.svg"><strong>Tags</strong><img src="search.svg">'
    assert not listing_shape(html.fromstring(f"<html><body>{icons}</body></html>"), is_site_page).has_content


def test_deep_nesting_costs_no_recursion() -> None:
    page = html.fromstring("<html><body></body></html>")
    node = page.find("body")
    for _ in range(5000):  # deeper than Python's recursion limit (the HTML parser stops at 256)
        node = etree.SubElement(node, "div")
    etree.SubElement(node, "p").text = PROSE
    assert listing_shape(page, is_site_page).unlinked > 0


def test_a_list_of_prose_with_links_mid_sentence_is_not_a_listing() -> None:
    """A getting-started page: each item a sentence that links somewhere along the way."""
    items = "".join(f'<li>{PROSE[:120]} See <a href="/guide/{n}/">the guide</a> for more.</li>' for n in range(6))
    page = html.fromstring(f"<html><body><main><h1>Getting started</h1><ul>{items}</ul></main></body></html>")
    assert listing_shape(page, is_site_page).blocks == 0


def test_a_teaser_may_open_with_its_date() -> None:
    items = "".join(f'<li><span>2024-05-0{n}</span> <a href="/posts/{n}/">Post {n}</a></li>' for n in range(1, 6))
    page = html.fromstring(f"<html><body><main><h1>Archive</h1><ul>{items}</ul></main></body></html>")
    shape = listing_shape(page, is_site_page)
    assert shape.blocks == 5 and shape.is_listing


def teaser(n: int) -> str:
    return (
        f'<div class="section post"><h2><a href="/posts/{n}/">Post {n}</a></h2><ul><li>2017-09-0{n}</li>'
        f'<li><a href="/tag/noise/">noise</a></li></ul><p>{PROSE[:200]}</p>'
        f'<p><a href="/posts/{n}/"><em>Read more ...</em></a></p></div>'
    )


@pytest.mark.parametrize("posts", [1, 2])
def test_a_years_archive_of_one_or_two_teasers_is_a_listing(posts: int) -> None:
    """ABlog's "Posted in 2017": the page's heading, then a post's teaser (its title, a line, "Read more")."""
    teasers = "".join(teaser(n) for n in range(1, posts + 1))
    page = html.fromstring(f'<html><body><div role="main"><h1>Posted in 2017</h1>{teasers}</div></body></html>')
    shape = listing_shape(page, is_site_page)
    assert shape.is_listing and shape.teasers == posts
    assert shape.items == tuple(f"/posts/{n}/" for n in range(1, posts + 1))


def test_an_articles_category_above_its_title_and_among_its_tags_is_no_teaser() -> None:
    """CNET's article body: a kicker heading that links to its topic, the same words again among its tags."""
    body = (
        '<h1>Zuckerberg on acquisitions</h1><div class="article"><h6><a href="/topics/tech/">Tech Industry</a></h6>'
        f'<p>{PROSE}</p><p>{PROSE}</p><p>Tags: <a href="/topics/tech/">Tech Industry</a></p></div>'
    )
    shape = listing_shape(html.fromstring(f"<html><body>{body}</body></html>"), is_site_page)
    assert not shape.is_listing and shape.teasers == 0


def test_a_short_post_that_links_the_site_twice_is_not_a_teaser() -> None:
    """The site's name in a heading at the top and again at the bottom, a tag above and below: a post's page."""
    post = (
        '<div id="page"><div id="top"><h1><a href="/">Notes</a></h1></div>'
        f'<div class="post"><h2>Dark mode</h2><p><a href="/tag/css/">css</a></p><p>{PROSE[:200]}</p>'
        '<p>Filed under <a href="/tag/css/">css</a></p></div>'
        '<div id="bottom"><a href="/">Notes</a></div></div>'
    )
    shape = listing_shape(html.fromstring(f"<html><body>{post}</body></html>"), is_site_page)
    assert not shape.is_listing and shape.teasers == 0 and shape.has_content


def test_a_post_opening_with_a_link_to_another_post_in_its_heading_is_not_a_listing() -> None:
    """A follow-up whose title links to the first part, linked again in its text: no heading of the page's above."""
    post = (
        '<article><h1><a href="/posts/part-1/">Part 1</a>, revisited</h1>'
        f'<p>{PROSE}</p><p>As <a href="/posts/part-1/">part 1</a> said, {PROSE[:100]}</p></article>'
    )
    shape = listing_shape(html.fromstring(f"<html><body>{post}</body></html>"), is_site_page)
    assert not shape.is_listing


def card(name: str, href: str) -> str:
    return (
        f'<div class="card"><a href="{href}"><h3>{name}</h3><p>{name} does one thing well, and it is free to use for '
        "anything at all.</p><span>Read more</span></a><span>design</span></div>"
    )


def test_a_directory_of_links_to_other_sites_is_a_listing() -> None:
    """A page of cards, each one link (to another site's tool): three quarters of its text in links."""
    cards = "".join(card(f"Tool {n}", f"https://tool{n}.example/") for n in range(6))
    intro = "<h1>Design tools</h1><p>Tools we like, each tried on a real project of ours for a month or more.</p>"
    page = html.fromstring(f"<html><body><main>{intro}{cards}</main></body></html>")
    shape = listing_shape(page, is_site_page)
    assert shape.directory and not shape.is_listing and shape.blocks == 0
    assert judge(evidence(shape=shape)) == Verdict(False, "listing")
    assert judge(evidence(shape=shape, listed="feed")) == Verdict(True, "listed_feed")  # a post of links stays


def test_a_post_of_links_with_a_line_each_is_no_directory() -> None:
    """A link dump: each link with the author's own line about it, outside the link."""
    items = "".join(f'<li><a href="https://site{n}.example/">Site {n}</a>: {PROSE[:90]}</li>' for n in range(6))
    page = html.fromstring(f"<html><body><article><h1>Links</h1><ul>{items}</ul></article></body></html>")
    assert not listing_shape(page, is_site_page).directory


@pytest.mark.parametrize(
    ("unlinked", "listed", "article", "reason"),
    [
        (300, None, False, "project_card"),  # a description and a link to its code
        (2500, None, True, "readerable"),  # a write-up about the project
        (300, "feed", True, "listed_feed"),  # the feed says it is a post
    ],
)
def test_a_projects_card_is_no_article_and_its_write_up_is(
    unlinked: int, listed: str | None, article: bool, reason: str
) -> None:
    shape = Shape(text=unlinked + 40, in_blocks=0, blocks=0, unlinked=unlinked, images=0)
    assert judge(evidence(shape=shape, project_page=True, listed=listed)) == Verdict(article, reason)
    assert judge(evidence(shape=shape, project_page=True), frozenset({"url"})).article


def test_the_template_is_what_the_text_sits_in() -> None:
    def page(body: str) -> str | None:
        root = html.fromstring(
            '<html><body><div id="help" style="display: none"><p>Press a key</p><p>Press another</p></div>'
            f'<div class="wrapper post-42"><main class="content"><article class="doc">{body}</article></main></div>'
            "</body></html>"
        )
        return listing_shape(root, is_site_page).template

    long, short = page("<p>" + PROSE * 3 + "</p>"), page("<p>Short.</p>")
    assert long == short == "div.wrapper > main.content > article.doc"  # post-42 says nothing of the template
    assert page("<ul><li>An index of children</li></ul>") == long  # no paragraph: its list
    assert page("") == "div.wrapper > main.content"


def test_a_short_page_built_like_the_articles_is_one() -> None:
    short = evidence(readerable=False, shape=SHORT_SHAPE, like_articles=3)
    assert (judge(short).article, judge(short).reason) == (True, "template")
    assert not judge(evidence(readerable=False, shape=SHORT_SHAPE, like_articles=2)).article
    assert not judge(short, frozenset({"template"})).article


POST_TEMPLATE = {"readerable": False, "shape": SHORT_SHAPE, "like_articles": 9, "like_feed_articles": 3}


@pytest.mark.parametrize(
    ("given", "article", "reason"),
    [
        ({}, False, "unlisted"),  # built like the feed's posts, listed by neither the feed nor a listing
        ({"listed": "sitemap"}, False, "unlisted"),  # the sitemap lists every page
        ({"listed": "feed"}, True, "listed_feed"),
        ({"listed": "sitemap", "in_listing": True}, True, "listed_sitemap"),  # a listing of the site lists it
        ({"listed": "listing", "in_listing": True}, True, "listed_listing"),
        ({"types": frozenset({"blogposting"})}, True, "declared_article"),  # the page says it is a post
        ({"readerable": True}, True, "readerable"),  # the feed's silence is no evidence against a readerable page
        ({"like_feed_articles": 2}, True, "template"),  # the feed has not said what its posts are built like
        ({"before_feed": True, "listed": "sitemap"}, True, "listed_sitemap"),  # older than the feed's newest posts
    ],
)
def test_a_short_page_the_feed_leaves_out_of_its_posts(given: dict[str, object], article: bool, reason: str) -> None:
    """Built like the posts the feed lists (three or more), and listed by neither the feed nor a listing."""
    verdict = judge(evidence(**{**POST_TEMPLATE, **given}))
    assert (verdict.article, verdict.reason) == (article, reason)
    assert judge(evidence(**POST_TEMPLATE), frozenset({"listed"})).reason == "template"


@pytest.mark.parametrize(
    ("given", "article", "reason"),
    [
        ({}, False, "site_page"),  # readerable, at the top, where none of the feed's posts are
        ({"in_listing": True}, True, "readerable"),  # a listing lists it: a post
        ({"listed": "feed"}, True, "listed_feed"),
        ({"before_feed": True}, True, "readerable"),  # older than the feed's window
        ({"top_beside_posts": False}, True, "readerable"),
    ],
)
def test_a_page_at_the_top_beside_the_feeds_posts(given: dict[str, object], article: bool, reason: str) -> None:
    verdict = judge(evidence(**{"top_beside_posts": True, **given}))
    assert (verdict.article, verdict.reason) == (article, reason)
    assert judge(evidence(top_beside_posts=True), frozenset({"listed"})).reason == "readerable"


def test_a_front_page_built_like_the_articles_is_the_sites_introduction() -> None:
    front = evidence(front=True, like_articles=3)
    assert (judge(front).article, judge(front).reason) == (True, "front_template")
    assert judge(evidence(front=True, like_articles=2)).reason == "url"  # built otherwise: a front page
    assert judge(evidence(front=True, like_articles=3, landing=True)).reason == "url"
    assert judge(evidence(front=True, like_articles=3, shape=LISTING_SHAPE)).reason == "listing"
    assert judge(evidence(front=True, like_articles=3, shape=EMPTY_SHAPE)).reason == "empty"
    assert judge(evidence(front=True, like_articles=3), frozenset({"template"})).reason == "url"
    assert judge(evidence(front=True, like_articles=0), frozenset({"url"})).reason == "readerable"


@pytest.mark.parametrize(
    ("body", "landing"),
    [
        ('<div class="hero"><h1>Pybot</h1><a href="/start/">Get started</a></div><p>' + PROSE + "</p>", True),
        ('<section class="row td-cover-block"><h1>Mitwelten</h1></section><p>' + PROSE + "</p>", True),
        ("<article><h2>First post</h2><p>" + PROSE + "</p></article><article><h2>Second</h2></article>", True),
        ('<article class="md-content__inner"><h1>Introduction</h1><p>' + PROSE + "</p></article>", False),
        ('<div class="heroic-deeds"><p>' + PROSE + "</p></div>", False),  # a word, not a part of one
    ],
)
def test_a_landing_page_presents_the_site(body: str, landing: bool) -> None:
    assert is_landing_page(html.fromstring(f"<html><body>{body}</body></html>")) is landing


@pytest.mark.parametrize(
    ("text", "pictures", "reads"),
    [
        ("Toggle table of contents sidebar", False, False),  # a control's label
        ("Pybot\n\nSetting up the board\n\nStarting the search", False, False),  # the title, its site, a search box
        ("Setting up the board\n\n" + "Plug the board in, then hold its button for five seconds. " * 2, False, True),
        ("More boards are coming soon, stay tuned!", False, True),  # a short post: a sentence
        ("The whole album is great, by the way :)", False, True),  # ... ended by a smiley
        ("Someone wrote an omnibox for the browser :-)))", False, True),
        ("Pictures from the trip 😀", False, True),
        ("Sort by: Date", False, False),  # a control's label, a colon in it
        ("Nested board sections\nBoards >\nReference >", False, False),  # breadcrumbs
        ("Dusk on the west pier, from the dunes", True, True),  # a photo post's caption
        ("Dusk.", True, False),
        ("", False, False),
    ],
)
def test_an_article_must_hold_text_beyond_its_title(text: str, pictures: bool, reads: bool) -> None:
    assert reads_beyond_title(text, ["Setting up the board - Pybot", None], pictures) is reads


def test_a_line_the_feed_lists_is_a_post() -> None:
    """A tip of one command, no sentence: the feed's word makes it a post; the label of a control stays none."""
    tip = "From the terminal: open -R <FILE>"
    assert not reads_beyond_title(tip, ["Show a file in the Finder"], False)
    assert reads_beyond_title(tip, ["Show a file in the Finder"], False, listed=True)
    assert not reads_beyond_title("Dusk.", ["Dusk"], False, listed=True)


@pytest.mark.parametrize(
    ("text", "sample"),
    [
        (
            "Contents Quick Start Welcome to Hexo! This is your very first post. Check documentation for more info.",
            True,
        ),
        ("You’ll find this post in your `_posts` directory. Go ahead and edit it and re-build the site.", True),
        ("Welcome to WordPress. This is your first post. Edit or delete it, then start writing!", True),
        ("This is a post written in plain Markdown (*.md) instead of R Markdown (*.Rmd).", True),
        ("I moved the blog to Hexo. Welcome to my blog! This is my very first post here, about the move.", False),
        (PROSE * 12 + "Welcome to Hexo! This is your very first post.", False),  # quoted far below the opening
    ],
)
def test_a_site_generators_sample_post_is_told_by_its_opening(text: str, sample: bool) -> None:
    assert is_sample_post(text) is sample
