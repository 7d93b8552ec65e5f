"""The article spider on the shapes real sites have, through the command and ``scrapy crawl``, as a user runs them.

Each site here is small and made for the test, after a class of failure seen
on real sites (benchmarks/realsites/: a theme that says ``og:type website`` on
every page, short posts only the feed lists, pages linked as ``/x/`` and
``/x/index.html``, a search index announced as a JSON alternate, a template
that names two canonical URLs, a site without sitemap or feed). The corpus of
real sites itself is the benchmark's; ``test_realsites.py`` crawls a few of it.
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from testkit.crawling import article_project, crawl, crawl_command
from testkit.localserver import LocalSite, Page, PageLike, as_page, serve

pytestmark = pytest.mark.slow  # real crawls in subprocesses

QUICK = {"AUTOTHROTTLE_ENABLED": False}
PROSE = (
    "<p>The harbour board met on Tuesday evening and agreed, after a long debate about the cost of the "
    "repairs, that the north pier would reopen to fishing boats before the start of the winter season.</p>"
)
LONG = [f"storm-{n}" for n in range(6)]
SHORT = [
    "photo-dunes",
    "note-ferry",
    "tip-finder",
]  # a few lines between pictures, a tip of one line: no to the preflight
PICTURED = [slug for slug in SHORT if not slug.startswith("tip-")]
WEBSITE = '<meta property="og:type" content="website">'


def _page(title: str, body: str, head: str = "") -> str:
    nav = '<nav><a href="/">Home</a> <a href="/about/">About</a> <a href="/tags/">Tags</a></nav>'
    return (
        f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)} - A Theme Blog</title>"
        f"{WEBSITE}{head}</head><body>{nav}<main>{body}</main><footer>© A Theme Blog</footer></body></html>"
    )


def _blog(base: str) -> dict[str, PageLike]:
    """A Hugo-like blog: og:type website everywhere, teasers on the front page, a feed, a JSON search index."""
    pages: dict[str, PageLike] = {}
    for index, slug in enumerate(LONG):
        head = ""
        if index in (2, 3):  # the template names the first post's URL, then the page's own
            head = (
                f'<link rel="canonical" href="{base}/posts/storm-0/"><link rel="canonical" href="{base}/posts/{slug}/">'
            )
        body = f"<h1>Storm, part {index}</h1>" + PROSE * (5 + index) + f'<a href="/posts/{slug}/index.html">Link</a>'
        pages[f"/posts/{slug}/"] = _page(f"Storm, part {index}", body, head)
        pages[f"/posts/{slug}/index.html"] = pages[f"/posts/{slug}/"]
    for slug in SHORT:
        body = f'<h1>{slug}</h1><img src="/img/{slug}.jpg"><p>Dusk on the {slug}, from the west pier.</p>'
        if slug.startswith("tip-"):  # no picture, no sentence: the feed says it is a post
            body = f"<h1>{slug}</h1><p>From the terminal: <code>open -R FILE</code></p>"
        pages[f"/posts/{slug}/"] = _page(slug, body)
    posts = LONG + SHORT
    teasers = "".join(
        f'<article class="teaser"><h2><a href="/posts/{slug}/index.html">{slug}</a></h2>{PROSE}</article>'
        for slug in posts[:4]
    )
    older = "".join(
        f'<article class="teaser"><h2><a href="/posts/{slug}/">{slug}</a></h2>{PROSE}</article>' for slug in posts[4:]
    )
    announce = (
        '<link rel="alternate" type="application/rss+xml" href="/index.xml">'
        '<link rel="alternate" type="application/json" href="/index.json">'
    )
    more = '<a href="/page/2/">Older</a> <a href="/series/storms/">The series</a>'
    pages["/"] = _page("Home", "<h1>Latest</h1>" + teasers + more, announce)
    pages["/page/2/"] = _page("Page 2", "<h1>Older</h1>" + older)
    pages["/series/storms/"] = _page("Storms", "<h1>The storm series</h1>" + teasers)  # its URL does not tell
    pages["/about/"] = _page("About", "<h1>About</h1>" + PROSE * 4)
    pages["/tags/"] = _page("Tags", "<h1>Tags</h1><ul><li><a href='/tags/sea/'>sea</a></li></ul>")
    pages["/tags/sea/"] = _page("sea", "<h1>sea</h1>" + older)
    items = "".join(f"<item><title>{slug}</title><link>{base}/posts/{slug}/</link></item>" for slug in posts)
    pages["/index.xml"] = Page(
        f'<?xml version="1.0"?><rss version="2.0"><channel><title>Blog</title>{items}</channel></rss>',
        "application/rss+xml",
    )
    pages["/index.json"] = Page('[{"title": "Storm", "permalink": "/posts/storm-0/"}]', "application/json")
    pages["/robots.txt"] = Page("User-agent: *\nDisallow:\n", "text/plain")
    return pages


def _sections() -> dict[str, PageLike]:
    """A site of sections, no sitemap and no feed: the front page, two sections, their articles."""
    pages: dict[str, PageLike] = {}
    links = []
    for section in ("world", "business"):
        stories = [f"/{section}/story-{n}.html" for n in range(5)]
        for path in stories:
            pages[path] = _page(path, "<h1>A story</h1>" + PROSE * 6 + f"<p>{path}</p>")
        teasers = "".join(f'<div class="card"><h3><a href="{path}">{path}</a></h3>{PROSE}</div>' for path in stories)
        pages[f"/{section}/"] = _page(section, f"<h1>{section}</h1>{teasers}")
        links.append(f'<li><a href="/{section}/">{section}</a></li>')
    pages["/"] = _page("Home", "<h1>Home</h1><ul>" + "".join(links) + "</ul>" + PROSE)
    return pages


def _bad(base: str) -> dict[str, PageLike]:
    """Bad input a real site gives: another host's pages in its sitemap, relative feed entries, a canonical URL
    on another site and one with a doubled slash, ``og:type article`` and a BlogPosting on a listing, a redirect
    loop between /x and /x/, empty notes whose only text is their template's motto."""
    stories = [f"/story/{n}/" for n in range(4)]
    pages: dict[str, PageLike] = {
        path: _page(path, f"<h1>Story {path}</h1><p>This is the story at {path}, told at length.</p>" + PROSE * 6)
        for path in stories
    }
    pages["/story/0/"] = _page("0", "<h1>Story 0</h1>" + PROSE * 6, '<link rel="canonical" href="http://other.test/0">')
    doubled = f'<link rel="canonical" href="{base}//story/3/">'  # a template that joins "site/" and "/path"
    pages["/story/3/"] = _page("3", "<h1>Story 3</h1><p>This is the story at /story/3/.</p>" + PROSE * 6, doubled)
    article = (
        '<meta property="og:type" content="article">'
        '<script type="application/ld+json">{"@type": "BlogPosting"}</script>'
    )
    teasers = "".join(f'<article class="t"><h2><a href="{path}">{path}</a></h2>{PROSE}</article>' for path in stories)
    links = '<a href="/loop">Loop</a> <a href="/all">All</a> <a href="/story-1">Story 1</a>'
    pages["/"] = _page("Home", f'<div class="hero"><h1>Home</h1>{links}</div>{PROSE}')  # a landing page
    pages["/story-1"] = pages["/story/1/"]  # the same text at another address, and no canonical URL
    pages["/all"] = _page("All", "<h1>All stories</h1>" + teasers, article)
    pages["/loop"] = Page.redirect(base + "/loop/")
    pages["/loop/"] = Page.redirect(base + "/loop")
    notes = [f"/note/{n}/" for n in range(3)]
    motto = "<p>Whereof one cannot speak, thereof one must be silent.</p><p>Comments are welcome; be kind.</p>"
    pages.update({path: _page(path, f"<h1>Note {path}</h1>{motto}") for path in notes})
    pages["/robots.txt"] = Page(
        f"User-agent: *\nSitemap: {base}/sitemap.xml\nSitemap: {base}/misplaced.xml\n", "text/plain"
    )
    misplaced = "".join(f"<url><loc>https://github.com/o/r.git{path}</loc></url>" for path in stories)
    pages["/misplaced.xml"] = Page(  # a generator given the wrong address of the site
        f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{misplaced}</urlset>', "application/xml"
    )
    listed = ["http://other.test/a", base + stories[1], *(base + path for path in notes)]
    entries = "".join(f"<url><loc>{location}</loc></url>" for location in listed)
    pages["/sitemap.xml"] = Page(
        f'<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{entries}</urlset>',
        "application/xml",
    )
    feed_entries = "".join(f'<entry><title>s</title><link href="{path[1:]}"/></entry>' for path in stories[2:])
    pages["/feed.xml"] = Page(
        f'<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>f</title>{feed_entries}</feed>',
        "application/atom+xml",
    )
    return pages


@pytest.fixture(scope="module")
def blog() -> Iterator[LocalSite]:
    holder: dict[str, PageLike] = {}
    with serve(holder) as site:
        holder.update(_blog(site.url))
        yield site


@pytest.fixture(scope="module")
def sections() -> Iterator[LocalSite]:
    with serve(_sections()) as site:
        yield site


def _paths(items: list[dict[str, object]], base: str) -> list[str]:
    """The items' paths, ``/x/index.html`` as ``/x/`` (an item is written under the address it was found at)."""
    return sorted(str(item["url"])[len(base) :].removesuffix("index.html") for item in items)


def test_a_theme_that_says_website_everywhere(blog: LocalSite, tmp_path: Path) -> None:
    before = len(blog.requests)
    result = crawl_command(tmp_path, [blog.url + "/"], settings=QUICK)
    asked = blog.requests[before:]
    assert result.returncode == 0, result.log[-3000:]
    # every post once: og:type says nothing, short posts the feed lists count, /x/index.html is /x/
    assert _paths(result.items, blog.url) == sorted(f"/posts/{slug}/" for slug in LONG + SHORT)
    stats = result.stats
    # listed by the feed or by a listing page, whichever the crawl read first (a busy machine changes the order)
    listed = stats.get("readability/spider/verdict/listed_feed", 0) + stats.get(
        "readability/spider/verdict/listed_listing", 0
    )
    assert listed >= len(SHORT)
    assert stats["readability/spider/verdict/listing"] == 1  # the series page: readerable, a listing by its shape
    assert stats["readability/spider/verdict/url"] == 5  # the front page, its second page, about, the tags, a tag
    assert stats["readability/spider/invalid/canonical_conflict"] == 2
    assert asked.count("/robots.txt") == 1  # read by the spider and Scrapy's middleware, downloaded once
    fetched = [path.removesuffix("index.html") for path in asked if path.startswith("/posts/")]
    assert sorted(fetched) == sorted(set(fetched))  # each post fetched once, as /x/ or as /x/index.html
    # the JSON search index is tried quietly, and no guess is made while a real feed is announced
    assert " WARNING: " not in result.log, result.log[-3000:]
    assert "/index.json" in asked and "/feed" not in asked
    assert f"pages fetched, {len(LONG + SHORT)} articles" in result.log
    assert "readerable pages not taken" in result.log


def test_a_feed_that_comes_late_still_makes_its_short_posts_articles(tmp_path: Path) -> None:
    """A short post linked from another post only (no listing lists it) is fetched before the feed that lists it
    arrives (a few seconds late, as a busy site answers): its verdict waits for the feed, which says it is a post;
    fetched once, judged once, written."""
    pages: dict[str, PageLike] = {}
    with serve(pages) as site:
        pages.update(_blog(site.url))
        note = '<h1>note-late</h1><img src="/img/late.jpg"><p>Dusk again, from the east pier.</p>'
        pages["/posts/note-late/"] = _page("note-late", note)
        first = str(pages["/posts/storm-0/"]).replace("<a href=", '<a href="/posts/note-late/">A note</a> <a href=', 1)
        pages["/posts/storm-0/"] = pages["/posts/storm-0/index.html"] = first
        feed = as_page(pages["/index.xml"])
        entry = f"<item><title>note-late</title><link>{site.url}/posts/note-late/</link></item>"
        late = Page(str(feed.payload.decode()).replace("</channel>", entry + "</channel>"), feed.content_type)

        def late_feed() -> Page:
            time.sleep(6)  # the short post is fetched and judged in the first second or two
            return late

        pages["/index.xml"] = late_feed
        # Without the template rule, which would take the short post as built like the others.
        result = crawl_command(tmp_path, [site.url + "/", "--ignore-rules", "template"], settings=QUICK)
        asked = list(site.requests)
    assert result.returncode == 0, result.log[-3000:]
    assert _paths(result.items, site.url) == sorted(f"/posts/{slug}/" for slug in [*LONG, *SHORT, "note-late"])
    assert all(item["text"] and item["title"] for item in result.items)  # extracted, the held ones too
    stats = result.stats
    # the short posts fetched before the feed wait for it too: the feed, not a listing, says they are posts
    assert stats["readability/spider/verdict/listed_feed"] == len(SHORT) + 1
    assert "readability/spider/verdict_again" not in stats
    assert stats.get("readability/spider/verdict/not_readerable", 0) == 0
    assert asked.count("/posts/note-late/") == 1  # held, not fetched again
    assert "Held until the site's feeds are read" not in result.log  # a DEBUG line: quiet at INFO


def test_each_rule_has_an_override(blog: LocalSite, tmp_path: Path) -> None:
    result = crawl_command(tmp_path, [blog.url + "/", "--ignore-rules", "listed,template"], settings=QUICK)
    assert result.returncode == 0
    assert _paths(result.items, blog.url) == sorted(f"/posts/{slug}/" for slug in LONG)  # the short posts go
    assert result.stats["readability/spider/verdict/not_readerable"] == len(PICTURED)
    assert result.stats["readability/spider/verdict/empty"] == len(SHORT) - len(PICTURED)  # a line, no picture
    bad = crawl_command(tmp_path, [blog.url + "/", "--ignore-rules", "og_type"], feed="bad.jsonl", settings=QUICK)
    assert bad.returncode == 2 and "--ignore-rules" in bad.log


def test_a_budget_is_spent_on_pages(sections: LocalSite, tmp_path: Path) -> None:
    """No sitemap, no feed: the guesses take a quarter of --max-pages, the rest finds articles."""
    before = len(sections.requests)
    result = crawl_command(tmp_path, [sections.url + "/", "--max-pages", "10"], settings=QUICK)
    asked = sections.requests[before:]
    assert result.returncode == 0, result.log[-3000:]
    assert len(result.items) >= 1
    assert len(asked) <= 10
    assert result.stats["readability/spider/skipped/guess_budget"] > 0


def test_a_strategy_that_finds_nothing_says_so(sections: LocalSite, tmp_path: Path) -> None:
    result = crawl_command(tmp_path, [sections.url + "/", "--strategy", "sitemap"], settings=QUICK)
    assert result.returncode == 3, result.log[-3000:]
    assert result.items == []
    assert "No sitemap found: robots.txt named none" in result.log
    assert "No article written: " in result.log


def test_scrapy_crawl_article_prints_the_summary(blog: LocalSite, tmp_path: Path) -> None:
    result = crawl(
        tmp_path,
        "article",
        command="crawl",
        cwd=article_project(tmp_path),
        start_urls=[blog.url + "/"],
        settings=QUICK,
        feed="scrapy.jsonl",
    )
    assert result.returncode == 0, result.log[-3000:]
    assert len(result.items) == len(LONG + SHORT)
    assert "scrapy-readability crawl: " in result.log and f" {len(LONG + SHORT)} articles, " in result.log


def test_bad_input_is_said_and_counted(tmp_path: Path) -> None:
    holder: dict[str, PageLike] = {}
    with serve(holder) as site:
        holder.update(_bad(site.url))
        result = crawl_command(tmp_path, [site.url + "/", "-L", "INFO"], settings=QUICK)
    assert result.returncode == 0, result.log[-3000:]
    assert result.clean, result.log[-3000:]
    written = [path.replace("/story-1", "/story/1/") for path in _paths(result.items, site.url)]
    notes = [path for path in written if path.startswith("/note/")]
    assert len(notes) == 1, written  # the first empty note: its motto is the template's once another gives it
    assert sorted(set(written) - set(notes)) == [f"/story/{n}/" for n in range(4)]  # /story/0/: a canonical elsewhere
    stats = result.stats
    assert stats["readability/spider/skipped/offsite"] >= 1  # the sitemap's other host
    assert stats["readability/spider/invalid/sitemap_elsewhere"] == 1  # ... not for one in five, for four in four
    assert f"The sitemap {site.url}/misplaced.xml lists 4 of its 4 pages on other sites (https://github.com/" in (
        result.log
    )
    assert stats["readability/spider/verdict/listing"] == 1  # og:type article and a BlogPosting on a listing
    assert stats["readability/spider/verdict/listed_feed"] == 2  # relative entries, read against the feed
    assert stats["readability/spider/duplicates/content"] == 1
    assert stats["readability/spider/duplicates/template_text"] == 2
    assert "Filtered duplicate request" in result.log or stats.get("dupefilter/filtered", 0) >= 1  # the loop


def test_a_projects_download_delay_is_said(sections: LocalSite, tmp_path: Path) -> None:
    """``scrapy startproject`` writes ``DOWNLOAD_DELAY = 1``: the crawl then takes minutes, and says why."""
    args = [sections.url + "/", "--max-pages", "2", "-L", "INFO"]
    result = crawl_command(tmp_path, args, settings={**QUICK, "DOWNLOAD_DELAY": 1})
    assert "DOWNLOAD_DELAY = 1.0 (a project's or -s setting) holds the crawl to a request every 1.0 s" in result.log
    quick = crawl_command(tmp_path, [*args[:3], "-L", "INFO"], feed="quick.jsonl", settings=QUICK)
    assert "DOWNLOAD_DELAY" not in quick.log


def _docs() -> dict[str, PageLike]:
    """A documentation site: long chapters and short reference pages on one template, linked from its menu."""
    pages: dict[str, PageLike] = {}
    chapters = [f"/guide/{n}/" for n in range(4)]
    references = [f"/ref/{n}/" for n in range(4)]
    menu = "".join(f'<li><a href="{path}">{path}</a></li>' for path in references + chapters)
    for path in chapters + references:
        own = f"<p>This page, {path}, tells how often the harbour lamp blinks, and how to set it for a storm.</p>"
        text = own + PROSE * 6 if path in chapters else own
        body = f'<main class="doc"><article class="content"><h1>{path}</h1>{text}</article></main>'
        pages[path] = (
            f"<!DOCTYPE html><html><head><title>{path}</title></head><body>"
            f'<nav class="menu"><ul>{menu}</ul></nav>{body}</body></html>'
        )
    pages["/"] = _page("Docs", f'<h1>Docs</h1><nav class="menu"><ul>{menu}</ul></nav>{PROSE}')  # its menu only
    return pages


def test_short_pages_built_like_the_articles_are_articles(tmp_path: Path) -> None:
    """Reference pages of a line each, fetched before or after the chapters: each is written, counted once."""
    with serve(_docs()) as site:
        result = crawl_command(tmp_path, [site.url + "/"], settings=QUICK)
    assert result.returncode == 0, result.log[-3000:]
    assert len(result.items) == 8
    stats = result.stats
    assert stats["readability/spider/verdict/template"] == 4  # each short page once, as an article
    assert stats["readability/spider/navigation"] == 1  # the front page: a page judged again is not counted twice
    assert stats.get("readability/spider/verdict/not_readerable", 0) == 0
    assert "not readerable" not in result.log  # nor named in the summary


def _documentation_with_a_front_page(front: str) -> dict[str, PageLike]:
    """``_docs``' site whose front page is built like its chapters: an introduction, or under a hero banner."""
    pages = _docs()
    intro = "<p>Welcome: this manual tells how the harbour lamp works and how to keep it lit.</p>" + PROSE * 3
    body = f'<main class="doc"><article class="content"><h1>Harbour lamp</h1>{intro}</article></main>'
    hero = '<div class="hero"><p>The harbour lamp</p><a href="/guide/0/">Start</a></div>'
    banner = hero if front == "landing" else ""
    menu = str(pages["/guide/0/"]).split("<main")[0].split("<body>")[1]
    head = "<!DOCTYPE html><html><head><title>Harbour lamp</title></head>"
    pages["/"] = f"{head}<body>{banner}{menu}{body}</body></html>"
    return pages


@pytest.mark.parametrize("front", ["introduction", "landing"])
def test_a_documentations_introduction_is_an_article(front: str, tmp_path: Path) -> None:
    """The front page built like the chapters is the site's introduction: written once its template has articles,
    counted once; under a hero banner it is a landing page, navigation."""
    with serve(_documentation_with_a_front_page(front)) as site:
        result = crawl_command(tmp_path, [site.url + "/", "-L", "DEBUG"], settings=QUICK)
    assert result.returncode == 0, result.log[-3000:]
    written = _paths(result.items, site.url)
    stats = result.stats
    if front == "introduction":
        assert "/" in written and len(written) == 9
        assert stats["readability/spider/verdict/front_template"] == 1
        assert stats.get("readability/spider/verdict/url", 0) == 0  # its first verdict taken back
        assert "Article (front_template): " in result.log
    else:
        assert "/" not in written and len(written) == 8
        assert stats["readability/spider/verdict/url"] == 1
        assert "front_template" not in result.log


def _viewer() -> dict[str, PageLike]:
    """A site whose picture viewer is readerable by its script (the preflight reads a script's text in an
    ``<article>``) and whose article is then nothing but the site's menu; and Hexo's "Hello World", which a new
    site comes with and its owner never deleted: long enough, readerable, the same on thousands of sites."""
    script = "var layer = L.tileLayer(url, {maxZoom: 5, tileSize: 256, bounds: bounds});\n" * 14
    viewer = f'<article><h1>The harbour map</h1><div id="map"></div><script>{script}</script></article>'
    sample = (
        "<h1>Hello World</h1><p>Welcome to <a href='https://hexo.io/'>Hexo</a>! This is your very first post. Check "
        "<a href='https://hexo.io/docs/'>documentation</a> for more info. If you get any problems when using Hexo, "
        "you can find the answer in troubleshooting or you can ask me on GitHub.</p><h2>Quick Start</h2>"
        '<h3>Create a new post</h3><pre><code>$ hexo new "My New Post"</code></pre><p>More info: Writing</p>'
    )
    stories = [f"/story/{n}/" for n in range(4)]
    pages: dict[str, PageLike] = {
        path: _page(path, f"<h1>Story {path}</h1><p>This is the story at {path}, told at length.</p>" + PROSE * 6)
        for path in stories
    }
    pages["/maps/harbour/"] = _page("The harbour map", viewer)
    pages["/2023/01/hello-world/"] = _page("Hello World", sample + PROSE * 3)
    links = "".join(
        f'<li><a href="{path}">{path}</a></li>' for path in [*stories, "/maps/harbour/", "/2023/01/hello-world/"]
    )
    pages["/"] = _page("Home", f'<div class="home"><h1>Home</h1><ul>{links}</ul>{PROSE}</div>')  # its own layout
    return pages


def test_a_page_with_nothing_to_read_beyond_its_title_or_a_sample_post_is_not_written(tmp_path: Path) -> None:
    with serve(_viewer()) as site:
        result = crawl_command(tmp_path, [site.url + "/", "-L", "DEBUG"], settings=QUICK)
        kept = crawl_command(tmp_path, [site.url + "/", "--ignore-rules", "text"], feed="kept.jsonl", settings=QUICK)
    assert result.returncode == 0, result.log[-3000:]
    assert _paths(result.items, site.url) == [f"/story/{n}/" for n in range(4)]
    assert result.stats["readability/spider/skipped/no_text"] == 1
    assert result.stats["readability/spider/skipped/sample"] == 1
    assert "Nothing to read beyond its title: " + site.url + "/maps/harbour/" in result.log
    assert "A site generator's sample post, left in place: " + site.url + "/2023/01/hello-world/" in result.log
    assert "1 nothing to read beyond the title" in result.log  # the summary
    assert "1 a site generator's sample post" in result.log
    assert {"/maps/harbour/", "/2023/01/hello-world/"} <= set(_paths(kept.items, site.url))
    assert "readability/spider/skipped/no_text" not in kept.stats
    assert "readability/spider/skipped/sample" not in kept.stats


def _blog_with_other_pages(base: str) -> dict[str, PageLike]:
    """``_blog`` with what real blogs publish beside their posts, all in the sitemap: an old copy of the front page
    built like the posts (short: "Hello there!"), a person's projects (their index, and one project's write-up),
    and an old short post that only a listing lists (the feed lists the newest posts only)."""
    pages = _blog(base)
    hello = "<h1>Hello there!</h1><p>I am a student of the sea, and here I write now and then about the harbour.</p>"
    pages["/main/"] = _page("Hello", hello)
    pages["/projects/harbour-bot/"] = _page("Harbour bot", "<h1>Harbour bot</h1>" + PROSE * 6)
    index = '<h1>Projects</h1><p>What I build when the sea is calm.</p><a href="/projects/harbour-bot/">Harbour bot</a>'
    pages["/projects/"] = _page("Projects", index)
    card = (
        "<h1>Tide clock</h1><p>A clock that shows the harbour's tides, from the port authority's tables, on a "
        'small screen by the door. It runs on a Raspberry Pi.</p><p>Code: <a href="https://git.example/tide">tide</a></p>'
    )
    pages["/projects/tide-clock/"] = _page("Tide clock", card)  # a project's card, readerable
    pages["/bookclub/"] = _page("Book club", "<h1>Our book club</h1>" + PROSE * 6)  # readerable, at the top
    figure = '<h1>Storm map</h1><img src="/img/map.png"><p>Figure 3: the storm track over the harbour, 2025.</p>'
    pages["/figures/storm-map/"] = _page("Storm map", figure)  # a figure's page, built like the posts
    note = '<h1>old-note</h1><img src="/img/old.jpg"><p>The first dusk I saw from the west pier, years ago.</p>'
    pages["/posts/old-note/"] = _page("old-note", note)
    teaser = f'<article class="teaser"><h2><a href="/posts/old-note/">old-note</a></h2>{PROSE}</article>'
    pages["/page/2/"] = str(pages["/page/2/"]).replace("</main>", teaser + "</main>")
    old = '<h1>old-photo</h1><img src="/img/2019.jpg"><p>The west pier in the spring of 2019, before the storms.</p>'
    pages["/2019/05/04/old-photo/"] = _page("old-photo", old)  # older than the feed's window, in no listing
    feed = as_page(pages["/index.xml"]).payload.decode()
    pages["/index.xml"] = Page(
        feed.replace("</link></item>", "</link><pubDate>Mon, 03 Mar 2025 10:00:00 GMT</pubDate></item>"),
        "application/rss+xml",
    )
    listed = [f"/posts/{slug}/" for slug in [*LONG, *SHORT, "old-note"]] + ["/main/", "/projects/harbour-bot/"]
    listed += ["/projects/", "/projects/tide-clock/"]
    listed += ["/2019/05/04/old-photo/", "/bookclub/", "/figures/storm-map/"]
    entries = "".join(f"<url><loc>{base}{path}</loc></url>" for path in listed)
    pages["/sitemap.xml"] = Page(
        f'<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{entries}</urlset>',
        "application/xml",
    )
    pages["/robots.txt"] = Page(f"User-agent: *\nSitemap: {base}/sitemap.xml\n", "text/plain")
    return pages


@pytest.mark.parametrize("late", ["pages", "feed"])
def test_what_a_blog_publishes_beside_its_posts_is_not_written(tmp_path: Path, late: str) -> None:
    """A figure's page, built like the posts but left out of the feed that lists them and of every listing, is no
    post (``unlisted``), whatever the sitemap says; the old copy of the front page and a book club's page, at the
    site's top where none of the feed's posts are, are the site's own pages (``site_page``), however readerable;
    the index of a person's projects is none (``url``), nor is a project's card (``project_card``), but its
    write-up is; the old short post a listing lists is one, and so is the one dated before the oldest post of the
    feed (a feed of the newest posts says nothing of older ones), which nothing but the sitemap lists. The same
    whichever comes first: those pages after the feed and its posts (``late="pages"``), or the feed after those
    pages (``late="feed"``: their verdicts wait for it)."""
    pages: dict[str, PageLike] = {}
    with serve(pages) as site:
        pages.update(_blog_with_other_pages(site.url))
        posts = [f"/posts/{slug}/" for slug in LONG + SHORT]
        others = ["/main/", "/bookclub/", "/figures/storm-map/"]

        def after(page: PageLike, asked_for: list[str]) -> Callable[[], Page]:
            """``page``, answered once ``asked_for`` are asked, and a while later (read, and judged)."""

            def answer() -> Page:
                deadline = time.monotonic() + 60
                while not all(path in site.requests or path + "index.html" in site.requests for path in asked_for):
                    if time.monotonic() > deadline:
                        break
                    time.sleep(0.05)
                time.sleep(2)
                return as_page(page)

            return answer

        if late == "pages":
            for path in others:
                pages[path] = after(pages[path], ["/index.xml", *posts])  # the feed, and the posts it lists
        else:
            pages["/index.xml"] = after(pages["/index.xml"], others)
        result = crawl_command(tmp_path, [site.url + "/", "-L", "DEBUG"], settings=QUICK)
        asked = list(site.requests)
    assert result.returncode == 0, result.log[-3000:]
    assert "/main/" in asked and "/projects/harbour-bot/" in asked
    posts = [f"/posts/{slug}/" for slug in [*LONG, *SHORT, "old-note"]]
    assert _paths(result.items, site.url) == sorted([*posts, "/2019/05/04/old-photo/", "/projects/harbour-bot/"])
    assert all(item["text"] and item["title"] for item in result.items)
    assert result.stats["readability/spider/verdict/unlisted"] == 1
    assert result.stats["readability/spider/verdict/site_page"] == 2
    assert "Navigation (unlisted): " + site.url + "/figures/storm-map/" in result.log
    assert "Navigation (site_page): " + site.url + "/main/" in result.log
    assert "Navigation (url): " + site.url + "/projects/" in result.log
    assert "Article (readerable): " + site.url + "/projects/harbour-bot/" in result.log
    assert "Navigation (project_card): " + site.url + "/projects/tide-clock/" in result.log


def test_a_feed_of_undated_pages_says_nothing_of_those_it_leaves_out(tmp_path: Path) -> None:
    """The same blog, its feed's entries undated (as Hugo writes a feed of every page, Go's zero time for a date):
    a list of pages, not of posts. The figure's page it leaves out is then judged as any page the sitemap lists,
    built like the posts: an article (``listed_sitemap``); the site's own pages at the top stay its own."""
    pages: dict[str, PageLike] = {}
    with serve(pages) as site:
        pages.update(_blog_with_other_pages(site.url))
        feed = as_page(pages["/index.xml"]).payload.decode()
        undated = feed.replace("Mon, 03 Mar 2025 10:00:00 GMT", "Mon, 01 Jan 0001 00:00:00 +0000")
        pages["/index.xml"] = Page(undated, "application/rss+xml")
        result = crawl_command(tmp_path, [site.url + "/", "-L", "DEBUG"], settings=QUICK)
    assert result.returncode == 0, result.log[-3000:]
    assert "Article (listed_sitemap): " + site.url + "/figures/storm-map/" in result.log
    assert "Navigation (site_page): " + site.url + "/main/" in result.log
    assert "readability/spider/verdict/unlisted" not in result.stats


def test_a_documentations_page_about_tags_is_an_article(tmp_path: Path) -> None:
    """``/tags/`` is a tags index on a blog; in a documentation it may be the page about a program's tags: prose,
    readerable, no listing. A page of links there stays navigation."""
    pages = _docs()
    about_tags = str(pages["/guide/0/"]).replace("/guide/0/", "Interface tags")
    pages["/tags/"] = about_tags
    pages["/keywords/"] = str(pages["/ref/0/"]).replace(
        "</article>",
        "".join(f'<div class="kw"><a href="/guide/{n}/">guide {n}</a></div>' for n in range(4)) + "</article>",
    )
    pages["/"] = str(pages["/"]).replace(
        "</ul>", '<li><a href="/tags/">Tags</a></li><li><a href="/keywords/">Keywords</a></li></ul>', 1
    )
    with serve(pages) as site:
        result = crawl_command(tmp_path, [site.url + "/"], settings=QUICK)
    assert result.returncode == 0, result.log[-3000:]
    written = _paths(result.items, site.url)
    assert "/tags/" in written and "/keywords/" not in written
    assert len(written) == 9


def _wordpress_without_a_feed(base: str) -> dict[str, PageLike]:
    """A site whose feed is gone, with WordPress's sitemaps (Yoast's names): ``post-sitemap.xml`` lists its posts,
    dated folders deep, one of them a line; ``page-sitemap.xml`` its own pages at the top, readerable prose."""
    posts = [f"/2024/05/storm-{n}/" for n in range(5)] + ["/2024/06/dusk/"]
    pages: dict[str, PageLike] = {}
    for n, path in enumerate(posts[:-1]):
        pages[path] = _page(f"Storm, part {n}", f"<h1>Storm, part {n}</h1>" + PROSE.replace("Tuesday", f"day {n}") * 6)
    pages[posts[-1]] = _page("Dusk", "<h1>Dusk</h1><p>The whole harbour was orange tonight, have a look :)</p>")
    own = ["/our-history/", "/volunteers/"]
    for path in own:
        pages[path] = _page(path, f"<h1>{path}</h1>" + PROSE.replace("Tuesday", path) * 6)
    links = "".join(f'<li><a href="{path}">{path}</a></li>' for path in posts)
    menu = "".join(f'<a href="{path}">{path}</a>' for path in own)  # in the site's menu, no listing
    pages["/"] = _page("Home", f"<nav>{menu}</nav><h1>The harbour</h1><ul>{links}</ul>")

    def sitemap(paths: list[str]) -> Page:
        entries = "".join(f"<url><loc>{base}{path}</loc></url>" for path in paths)
        urlset = f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{entries}</urlset>'
        return Page(urlset, "application/xml")

    pages["/post-sitemap.xml"] = sitemap(posts)
    pages["/page-sitemap.xml"] = sitemap(["/", *own])
    index = "".join(f"<sitemap><loc>{base}/{name}</loc></sitemap>" for name in ("post-sitemap.xml", "page-sitemap.xml"))
    pages["/sitemap_index.xml"] = Page(
        f'<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{index}</sitemapindex>', "application/xml"
    )
    pages["/robots.txt"] = Page(f"User-agent: *\nSitemap: {base}/sitemap_index.xml\n", "text/plain")
    return pages


def test_a_sitemap_named_for_the_posts_says_what_a_feed_would(tmp_path: Path) -> None:
    """No feed, but a sitemap of posts: its posts are the site's (the line of one too), and the readerable pages at
    the site's top, where none of its posts are, are the site's own (``site_page``)."""
    pages: dict[str, PageLike] = {}
    with serve(pages) as site:
        pages.update(_wordpress_without_a_feed(site.url))
        result = crawl_command(tmp_path, [site.url + "/", "-L", "DEBUG"], settings=QUICK)
    assert result.returncode == 0, result.log[-3000:]
    posts = [f"/2024/05/storm-{n}/" for n in range(5)] + ["/2024/06/dusk/"]
    assert _paths(result.items, site.url) == sorted(posts)
    assert result.stats["readability/spider/read/posts_sitemap"] == 1
    assert result.stats["readability/spider/verdict/site_page"] == 2
    assert "Navigation (site_page): " + site.url + "/volunteers/" in result.log
