"""Four news sites for the article spider's tests and benchmarks/discovery.py, each a different shape.

The article bodies are real: the content of Mozilla's vendored test pages
(``tests/mozilla_pages/*/expected.html``) that Readability.js calls readerable
and that weigh 2 to 30 KB, each wrapped in its publisher's own header, footer
and metadata (the synthetic cases ``missing-paragraphs``, ``social-buttons``
and ``svg-parsing`` and a second copy of the lifehacker article are left out).
Navigation pages are generated here.

- ``gazette``: only a sitemap index (two gzipped sitemaps, a news sitemap, a
  sitemap of its other pages) named in robots.txt; its pages are JavaScript
  shells that link to no article.
- ``weekly``: only an RSS and an Atom feed, announced by ``<link rel=alternate>``.
- ``daily``: a hand-made blog without sitemap, feed or metadata: categories
  with pagination, tag and author pages, and an article linked only from another.
- ``times``: traps: a calendar without end, an archive whose pagination never
  ends, search pages, session IDs in links, tracking parameters, print and AMP
  views whose ``rel=canonical`` names the article (one article is linked only
  through its print view); two sections at URLs that do not say so (``/world``,
  ``/culture``), readerable for their long teasers, which their metadata calls
  a website and a collection.

Every site also has an about page (long enough to pass the preflight), a
contact page, a login page, a search page and a PDF. :func:`build` returns a
:class:`Publisher`: its pages, its fallback for pages made on demand, the
articles' canonical URLs (the truth recall and precision are measured on),
and one more article that :meth:`Publisher.publish_new` adds, for the second,
incremental crawl.
"""

from __future__ import annotations

import gzip
import html
import json
import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from testkit.localserver import Page, PageLike

MOZILLA_PAGES = Path(__file__).resolve().parents[1] / "tests" / "mozilla_pages"
LEFT_OUT = {"missing-paragraphs", "social-buttons", "svg-parsing", "lifehacker-post-comment-load"}
PUBLISHERS = ("gazette", "weekly", "daily", "times")
FIRST_DATE = datetime(2025, 1, 6, 8, 0, tzinfo=UTC)
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
ABOUT_TEXT = [
    "We started as a weekly sheet pinned to the notice board of the market hall, written by two volunteers "
    "who wanted their neighbours to know what the council had decided before the decisions took effect.",
    "Today a small newsroom of reporters, editors and photographers covers the region every day. We are "
    "funded by our readers and by a foundation that has no say in what we publish, and we correct our mistakes "
    "in public, at the foot of the article concerned.",
    "Our reporters follow a code of practice that we publish in full: we name our sources unless that would "
    "put them at risk, we give the people we write about a chance to reply, and we keep news and opinion apart.",
]


@dataclass(frozen=True)
class Story:
    """One article: its Mozilla case, title, byline, language, date and body (Readability.js's content)."""

    case: str
    title: str
    byline: str
    lang: str
    date: datetime
    body: str

    @property
    def slug(self) -> str:
        return self.case

    @property
    def excerpt(self) -> str:
        text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", self.body)).strip()
        return text[:200].rsplit(" ", 1)[0] + "…"


def stories() -> list[Story]:
    """The article bodies, in a fixed order, each dated a few days after the one before."""
    found = []
    for folder in sorted(MOZILLA_PAGES.iterdir()):
        if not folder.is_dir() or folder.name in LEFT_OUT:
            continue
        metadata = json.loads((folder / "expected-metadata.json").read_text(encoding="utf-8"))
        body = (folder / "expected.html").read_text(encoding="utf-8")
        if metadata.get("readerable") and 2000 <= len(body.encode()) <= 30000:
            found.append((folder.name, metadata, body))
    return [
        Story(
            name,
            meta.get("title") or name,
            meta.get("byline") or "Staff",
            (meta.get("lang") or "en")[:2],
            FIRST_DATE + timedelta(days=3 * index),
            body,
        )
        for index, (name, meta, body) in enumerate(found)
    ]


@dataclass
class Publisher:
    """A site: its pages by path, a fallback for pages made on demand, and the truth about its articles."""

    name: str
    base: str
    pages: dict[str, PageLike] = field(default_factory=dict)
    articles: dict[str, Story] = field(default_factory=dict)  # canonical URL -> story
    new_article: str = ""  # the canonical URL publish_new() makes reachable
    routes: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Page]]] = field(default_factory=list)
    published_new: bool = False

    def fallback(self, path: str) -> PageLike | None:
        for pattern, make in self.routes:
            found = pattern.fullmatch(path)
            if found:
                return make(found)
        return None

    def publish_new(self) -> None:
        """Make the extra article reachable the way this site announces articles."""
        self.published_new = True

    def truth(self) -> set[str]:
        """The canonical URLs of the articles a crawl should find now."""
        return {url for url in self.articles if url != self.new_article or self.published_new}

    def url(self, path: str) -> str:
        return self.base + path


# --- Page templates ---------------------------------------------------------------------------


def _page(site: str, title: str, body: str, *, head: str = "", lang: str = "en", nav: str = "") -> str:
    footer = (
        '<a href="/about">About us</a> · <a href="/contact">Contact</a> · <a href="/login">Log in</a> · '
        '<a href="/search?q=news">Search</a> · <a href="/files/annual-report.pdf">Annual report (PDF)</a>'
    )
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>{html.escape(title)}</title>{head}'
        f'</head><body><header class="site-header"><a class="logo" href="/">{site}</a><nav>{nav}</nav></header>'
        f'<main>{body}</main><footer class="site-footer">{footer}</footer></body></html>'
    )


def _article_head(url: str, story: Story, *, metadata: bool, canonical: str | None = None) -> str:
    head = f'<link rel="canonical" href="{canonical or url}">'
    if metadata:
        ld = {
            "@context": "https://schema.org",
            "@type": "NewsArticle",
            "headline": story.title,
            "datePublished": story.date.isoformat(),
            "author": {"@type": "Person", "name": story.byline},
        }
        head += (
            '<meta property="og:type" content="article">'
            f'<meta property="og:title" content="{html.escape(story.title)}">'
            f'<meta property="article:published_time" content="{story.date.isoformat()}">'
            f'<script type="application/ld+json">{json.dumps(ld)}</script>'
        )
    return head


def _article(
    site: str,
    url: str,
    story: Story,
    *,
    metadata: bool = True,
    canonical: str | None = None,
    aside: str = "",
    head: str = "",
    nav: str = "",
) -> str:
    body = (
        f'<article><h1>{html.escape(story.title)}</h1><p class="byline">By {html.escape(story.byline)}, '
        f'<time datetime="{story.date.isoformat()}">{story.date:%d %B %Y}</time></p>{story.body}</article>{aside}'
    )
    return _page(
        site,
        story.title,
        body,
        head=_article_head(url, story, metadata=metadata, canonical=canonical) + head,
        lang=story.lang,
        nav=nav,
    )


def _teaser(path: str, story: Story) -> str:
    title, excerpt = html.escape(story.title), html.escape(story.excerpt)
    return f'<article class="teaser"><h3><a href="{path}">{title}</a></h3><p>{excerpt}</p></article>'


def _common_pages(site: str, *, og: bool = False) -> dict[str, PageLike]:
    website = '<meta property="og:type" content="website">' if og else ""
    about = "".join(f"<p>{text}</p>" for text in ABOUT_TEXT)
    return {
        "/about": _page(site, f"About {site}", f"<h1>About {site}</h1>{about}", head=website),
        "/contact": _page(site, "Contact", "<h1>Contact</h1><p>Newsroom: 1 Market Square. Tips: tips@example.org.</p>"),
        "/login": _page(
            site,
            "Log in",
            '<h1>Log in</h1><form method="post"><input name="user"><input name="password" '
            'type="password"><button>Log in</button></form>',
        ),
        "/search?q=news": _page(
            site,
            "Search: news",
            '<h1>Results for "news"</h1><p>No results.</p>'
            '<a href="/search?q=news&amp;page=2">More results</a> <a href="/search?q=weather">weather</a>',
        ),
        "/files/annual-report.pdf": Page(PDF, "application/pdf"),
    }


# --- gazette: a sitemap index, nothing else ----------------------------------------------------


def _gazette(base: str, items: list[Story]) -> Publisher:
    site = "The Harbour Gazette"
    pub = Publisher("gazette", base)
    *old, new = items
    paths = {story.case: f"/{story.date:%Y/%m/%d}/{story.slug}.html" for story in items}
    for story in items:
        url = base + paths[story.case]
        pub.articles[url] = story
        pub.pages[paths[story.case]] = _article(site, url, story)
    pub.new_article = base + paths[new.case]
    shell = (
        '<div id="app" data-api="/api/v1/home">Loading the latest news…</div>'
        "<noscript>This site needs JavaScript.</noscript>"
    )
    nav = '<a href="/sections/world">World</a> <a href="/sections/business">Business</a>'
    pub.pages.update(_common_pages(site, og=True))
    pub.pages["/"] = _page(site, site, shell, nav=nav, head='<meta property="og:type" content="website">')
    for section in ("world", "business"):
        pub.pages[f"/sections/{section}"] = _page(site, section.title(), shell, nav=nav)
    pub.pages["/robots.txt"] = Page(
        f"User-agent: *\nDisallow: /drafts/\n\nSitemap: {base}/sitemap_index.xml\n", "text/plain"
    )

    def url_entry(path: str, lastmod: datetime | None = None) -> str:
        mod = f"<lastmod>{lastmod:%Y-%m-%d}</lastmod>" if lastmod else ""
        return f"<url><loc>{html.escape(base + path)}</loc>{mod}</url>"

    def posts(part: int) -> Callable[[], Page]:
        def make() -> Page:
            shown = [s for s in items if s is not new or pub.published_new]
            half = (len(items) + 1) // 2
            chosen = shown[:half] if part == 1 else shown[half:]
            xml = _urlset("".join(url_entry(paths[s.case], s.date) for s in chosen))
            return Page(gzip.compress(xml.encode()), "application/x-gzip")

        return make

    def news() -> Page:
        shown = [s for s in items if s is not new or pub.published_new][-4:]
        entries = "".join(
            f"<url><loc>{base}{paths[s.case]}</loc><news:news><news:publication><news:name>{site}</news:name>"
            f"<news:language>{s.lang}</news:language></news:publication><news:publication_date>{s.date.isoformat()}"
            f"</news:publication_date><news:title>{html.escape(s.title)}</news:title></news:news></url>"
            for s in shown
        )
        return Page(_urlset(entries, ' xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"'), "application/xml")

    other = [
        "/",
        "/sections/world",
        "/sections/business",
        "/about",
        "/contact",
        "/login",
        "/files/annual-report.pdf",
        "/drafts/next-week.html",
    ]
    pub.pages["/sitemaps/posts-1.xml.gz"] = posts(1)
    pub.pages["/sitemaps/posts-2.xml.gz"] = posts(2)
    pub.pages["/sitemaps/news.xml"] = news
    pub.pages["/sitemaps/pages.xml"] = Page(_urlset("".join(url_entry(p) for p in other)), "application/xml")
    children = ("/sitemaps/posts-1.xml.gz", "/sitemaps/posts-2.xml.gz", "/sitemaps/news.xml", "/sitemaps/pages.xml")
    index = "".join(f"<sitemap><loc>{base}{child}</loc></sitemap>" for child in children)
    pub.pages["/sitemap_index.xml"] = Page(
        f'<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{index}</sitemapindex>',
        "application/xml",
    )
    pub.pages["/drafts/next-week.html"] = _article(
        site, base + "/drafts/next-week.html", old[0]
    )  # robots.txt forbids it
    return pub


def _urlset(entries: str, namespaces: str = "") -> str:
    return (
        f'<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"{namespaces}>'
        f"{entries}</urlset>"
    )


# --- weekly: an RSS feed and an Atom feed -------------------------------------------------------


def _weekly(base: str, items: list[Story]) -> Publisher:
    site = "Fenland Weekly"
    pub = Publisher("weekly", base)
    *old, new = items
    feeds = (
        '<link rel="alternate" type="application/rss+xml" title="RSS" href="/feeds/rss.xml">'
        '<link rel="alternate" type="application/atom+xml" title="Atom" href="/feeds/atom.xml">'
    )
    for story in items:
        path = f"/posts/{story.slug}/"
        pub.articles[base + path] = story
        pub.pages[path] = _article(site, base + path, story, head=feeds)
    pub.new_article = f"{base}/posts/{new.slug}/"
    pub.pages.update(_common_pages(site))
    pub.pages["/"] = _page(site, site, "<h1>Fenland Weekly</h1><p>Read us in your feed reader.</p>", head=feeds)
    pub.pages["/robots.txt"] = Page("User-agent: *\nAllow: /\n", "text/plain")

    def shown() -> list[Story]:
        return [s for s in items if s is not new or pub.published_new]

    def rss() -> Page:
        chosen = shown()[: len(old) * 2 // 3]
        if pub.published_new:
            chosen.append(new)
        entries = "".join(
            f"<item><title>{html.escape(s.title)}</title><link>{base}/posts/{s.slug}/</link>"
            f'<guid isPermaLink="false">{s.case}</guid><pubDate>{s.date:%a, %d %b %Y %H:%M:%S} +0000</pubDate></item>'
            for s in chosen
        )
        return Page(
            f'<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>{site}</title>'
            f"<link>{base}/</link><description>Weekly</description>{entries}</channel></rss>",
            "application/rss+xml; charset=utf-8",
        )

    def atom() -> Page:
        chosen = shown()[len(old) // 3 :]
        entries = "".join(
            f'<entry><title>{html.escape(s.title)}</title><link rel="alternate" href="{base}/posts/{s.slug}/"/>'
            f"<id>urn:weekly:{s.case}</id><published>{s.date.isoformat()}</published><updated>{s.date.isoformat()}</updated></entry>"
            for s in chosen
        )
        return Page(
            f'<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>{site}</title>'
            f'<link href="{base}/"/><id>urn:weekly</id><updated>{FIRST_DATE.isoformat()}</updated>{entries}</feed>',
            "application/atom+xml",
        )

    pub.pages["/feeds/rss.xml"] = rss
    pub.pages["/feeds/atom.xml"] = atom
    return pub


# --- daily: categories, pagination, tags and authors; no sitemap, no feed, no metadata ----------

PER_PAGE = 3  # teasers on a page of a category, tag or author listing: most have two pages or more


def _daily(base: str, items: list[Story]) -> Publisher:
    site = "Daily Almanac"
    pub = Publisher("daily", base)
    *old, new = items
    orphan = old[-1]  # linked only from the article before it
    listed = old[:-1]
    categories = ("world", "science", "culture")
    tags = ("climate", "technology", "elections", "health")
    category_of = {s.case: categories[i % 3] for i, s in enumerate(items)}
    tags_of = {s.case: (tags[i % 4], tags[(i + 1) % 4]) for i, s in enumerate(items)}
    nav = "".join(f'<a href="/category/{c}/">{c.title()}</a> ' for c in categories)

    def visible() -> list[Story]:
        return [*listed, *([new] if pub.published_new else [])][::-1]  # newest first

    def related(story: Story) -> str:
        index = items.index(story)
        links = (
            [f'<a href="/{items[index - 1].slug}/">Previous: {html.escape(items[index - 1].title)}</a>']
            if index
            else []
        )
        if story is listed[-1]:
            links.append(f'<a href="/{orphan.slug}/">Also read: {html.escape(orphan.title)}</a>')
        links += [f'<a href="/tag/{t}/">#{t}</a>' for t in tags_of[story.case]]
        links.append(f'<a href="/author/{_slug(story.byline)}/">More by {html.escape(story.byline)}</a>')
        return '<aside class="related"><ul>' + "".join(f"<li>{link}</li>" for link in links) + "</ul></aside>"

    for story in items:
        path = f"/{story.slug}/"
        pub.articles[base + path] = story
        pub.pages[path] = _article(site, base + path, story, metadata=False, aside=related(story), nav=nav)
    pub.new_article = f"{base}/{new.slug}/"
    pub.pages.update(_common_pages(site))

    def listing(title: str, chosen: list[Story], prefix: str, page: int) -> Page:
        shown = chosen[(page - 1) * PER_PAGE : page * PER_PAGE]
        if not shown and page > 1:
            return Page(_page(site, "Not found", "<p>Nothing here.</p>"), status=404)
        more = len(chosen) > page * PER_PAGE
        pager = (
            f'<a href="{prefix}page/{page - 1}/">Newer</a> '
            if page > 2
            else f'<a href="{prefix}">Newer</a> '
            if page == 2
            else ""
        )
        pager += f'<a href="{prefix}page/{page + 1}/">Older</a>' if more else ""
        body = (
            f"<h1>{title}</h1>"
            + "".join(_teaser(f"/{s.slug}/", s) for s in shown)
            + f'<nav class="pager">{pager}</nav>'
        )
        return Page(_page(site, title, body, nav=nav))

    def front() -> Page:
        body = "<h1>Latest</h1>" + "".join(_teaser(f"/{s.slug}/", s) for s in visible()[:3])
        body += "<h2>Topics</h2>" + "".join(f'<a href="/tag/{t}/">{t}</a> ' for t in tags)
        return Page(_page(site, site, body, nav=nav))

    def route(kind: str, values: tuple[str, ...]) -> Callable[[re.Match[str]], Page]:
        def make(found: re.Match[str]) -> Page:
            name, page = found.group(1), int(found.group(2) or 1)
            if name not in values:
                return Page(_page(site, "Not found", "<p>Nothing here.</p>"), status=404)
            if kind == "author":
                chosen = [s for s in visible() if _slug(s.byline) == name]
            elif kind == "tag":
                chosen = [s for s in visible() if name in tags_of[s.case]]
            else:
                chosen = [s for s in visible() if category_of[s.case] == name]
            return listing(f"{kind.title()}: {name}", chosen, f"/{kind}/{name}/", page)

        return make

    authors = tuple(sorted({_slug(s.byline) for s in items}))
    pub.pages["/"] = front
    for kind, values in (("category", categories), ("tag", tags), ("author", authors)):
        pub.routes.append((re.compile(rf"/{kind}/([\w-]+)/(?:page/(\d+)/)?"), route(kind, values)))
    return pub


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "staff"


# --- times: traps, duplicates, canonical links ----------------------------------------------------

ARCHIVE_PER_PAGE = 4
ARCHIVE_PAGES = 3  # pages of the archive that list articles (11 stories); it goes on without end after them


def _times(base: str, items: list[Story]) -> Publisher:
    site = "The Trap Street Times"
    pub = Publisher("times", base)
    *old, new = items
    print_only = old[0]  # linked only through its print view
    amp_linked = old[1:3]
    rng = random.Random(7)
    nav = (
        '<a href="/world">World</a> <a href="/culture">Culture</a> <a href="/archive">Archive</a> '
        '<a href="/calendar/2025/05/">Calendar</a> <a href="/events?date=2025-05-14">Events</a>'
    )

    for story in items:
        url = f"{base}/news/{story.slug}"
        pub.articles[url] = story
        share = f'<a href="https://social.example/share?url={url}">Share</a>'
        aside = f'<aside class="tools"><a href="/print/news/{story.slug}">Print</a> {share}</aside>'
        pub.pages[f"/news/{story.slug}"] = _article(site, url, story, aside=aside, nav=nav)
        pub.pages[f"/print/news/{story.slug}"] = _article(site, url, story, canonical=url)
        pub.pages[f"/amp/news/{story.slug}"] = _article(site, url, story, canonical=url)
    pub.new_article = f"{base}/news/{new.slug}"
    pub.pages.update(_common_pages(site, og=True))
    pub.pages["/robots.txt"] = Page("User-agent: *\nDisallow: /login\n", "text/plain")

    def visible() -> list[Story]:
        return [*old, *([new] if pub.published_new else [])][::-1]

    def front() -> Page:
        links = []
        for index, story in enumerate(visible()[:8]):
            if story is print_only:
                href = f"/print/news/{story.slug}"
            elif story in amp_linked:
                href = f"/amp/news/{story.slug}"
            elif index % 3 == 0:
                href = f"/news/{story.slug};jsessionid={rng.getrandbits(64):016X}"
            elif index % 3 == 1:
                href = (
                    f"/news/{story.slug}?utm_source=frontpage&amp;utm_medium=web&amp;fbclid=IwAR{rng.getrandbits(32):x}"
                )
            else:
                href = f"/news/{story.slug}?sid={rng.getrandbits(48):x}"
            links.append(_teaser(href, story))
        if print_only not in visible()[:8]:
            links.append(_teaser(f"/print/news/{print_only.slug}", print_only))
        body = "<h1>Front page</h1>" + "".join(links) + '<p><a href="/search?q=weather">Weather</a></p>'
        return Page(_page(site, site, body, nav=nav, head='<meta property="og:type" content="website">'))

    def archive(found: re.Match[str]) -> Page:
        page = int(found.group(1) or 1)
        chosen = [s for s in visible() if s is not print_only][(page - 1) * ARCHIVE_PER_PAGE : page * ARCHIVE_PER_PAGE]
        teasers = "".join(_teaser(f"/news/{s.slug}?utm_source=archive", s) for s in chosen) or "<p>No more stories.</p>"
        pager = f'<a href="/archive?page={page + 1}">Older stories</a>'  # never ends
        return Page(_page(site, f"Archive, page {page}", f"<h1>Archive</h1>{teasers}{pager}", nav=nav))

    def month(found: re.Match[str]) -> Page:
        year, number = int(found.group(1)), int(found.group(2))
        first = datetime(year, number, 1)
        before = (first - timedelta(days=1)).replace(day=1)
        after = (first + timedelta(days=32)).replace(day=1)
        days = "".join(f'<a href="/calendar/{year}/{number:02d}/{day:02d}/">{day}</a> ' for day in range(1, 29))
        body = (
            f'<h1>{first:%B %Y}</h1><p>{days}</p><a href="/calendar/{before:%Y/%m}/">Previous month</a> '
            f'<a href="/calendar/{after:%Y/%m}/">Next month</a>'
        )
        return Page(_page(site, f"Calendar {first:%B %Y}", body, nav=nav))

    def day(found: re.Match[str]) -> Page:
        moment = datetime(int(found.group(1)), int(found.group(2)), int(found.group(3)))
        following = moment + timedelta(days=1)
        body = (
            f"<h1>{moment:%d %B %Y}</h1><p>No events on this day.</p>"
            f'<a href="/calendar/{following:%Y/%m/%d}/">Next day</a>'
        )
        return Page(_page(site, f"{moment:%d %B %Y}", body, nav=nav))

    def search(found: re.Match[str]) -> Page:
        words = ("rain", "storm", "tide", "wind", "frost")
        links = "".join(f'<a href="/search?q={found.group(1)}+{w}">{w}</a> ' for w in words)
        return Page(_page(site, "Search", f"<h1>Search</h1><p>No results.</p>{links}"))

    def events(found: re.Match[str]) -> Page:
        moment = datetime.fromisoformat(found.group(1)) + timedelta(days=1)
        return Page(
            _page(site, "Events", f'<h1>Events</h1><p>None.</p><a href="/events?date={moment:%Y-%m-%d}">Next day</a>')
        )

    def section(name: str, head: str) -> Callable[[], Page]:
        def make() -> Page:  # readerable (long teasers), at a URL that does not say it is a section
            chosen = [s for s in visible() if s is not print_only][(0 if name == "World" else 4) :][:4]
            body = f"<h1>{name}</h1>" + "".join(_teaser(f"/news/{s.slug}", s) for s in chosen)
            return Page(_page(site, f"{name} | {site}", body, nav=nav, head=head))

        return make

    collection = json.dumps({"@context": "https://schema.org", "@type": "CollectionPage", "name": "Culture"})
    pub.pages["/world"] = section("World", '<meta property="og:type" content="website">')
    pub.pages["/culture"] = section("Culture", f'<script type="application/ld+json">{collection}</script>')
    pub.pages["/"] = front
    pub.routes += [
        (re.compile(r"/archive(?:\?page=(\d+))?"), archive),
        (re.compile(r"/calendar/(\d{4})/(\d{2})/"), month),
        (re.compile(r"/calendar/(\d{4})/(\d{2})/(\d{2})/"), day),
        (re.compile(r"/search\?q=([\w+]+)(?:&.*)?"), search),
        (re.compile(r"/events\?date=(\d{4}-\d{2}-\d{2})"), events),
    ]
    return pub


BUILDERS = {"gazette": _gazette, "weekly": _weekly, "daily": _daily, "times": _times}


def build(name: str, base: str) -> Publisher:
    """The publisher ``name`` at ``base`` (its server's URL): its share of the stories, one in four."""
    everything = stories()
    share = everything[PUBLISHERS.index(name) :: len(PUBLISHERS)]
    return BUILDERS[name](base, share)


def served(name: str, host: str | None = None, extra: Callable[[str], Mapping[str, PageLike]] | None = None) -> Any:
    """A context manager: ``with served("gazette") as (publisher, site):`` serves the publisher on 127.0.0.1.

    With ``host`` (a name under ``.test``: tests/support/resolver.py) the publisher's URLs are
    ``http://HOST:PORT``; ``extra(PORT)`` gives more pages to serve beside it."""
    from contextlib import contextmanager

    from testkit.localserver import serve

    @contextmanager
    def running() -> Any:
        pages: dict[str, PageLike] = {}
        holder: list[Publisher] = []
        with serve(pages, fallback=lambda path: holder[0].fallback(path) if holder else None) as site:
            port = site.url.rsplit(":", 1)[1]
            publisher = build(name, f"http://{host}:{port}" if host else site.url)
            pages.update(publisher.pages)
            pages.update(extra(port) if extra else {})
            holder.append(publisher)
            yield publisher, site

    return running()


@dataclass(frozen=True)
class Score:
    """How a crawl did on a publisher: its articles found, what else it emitted, and what it cost."""

    articles: int  # the publisher's articles, as of the crawl
    found: int  # of them, in the feed
    emitted: int  # items in the feed (a duplicate counts as one more)
    requests: int  # requests the site answered

    @property
    def recall(self) -> float:
        return self.found / self.articles if self.articles else 1.0

    @property
    def precision(self) -> float:
        return self.found / self.emitted if self.emitted else 1.0

    @property
    def requests_per_article(self) -> float:
        return self.requests / self.found if self.found else float("inf")


def score(truth: set[str], urls: list[str], requests: int) -> Score:
    """Recall and precision of a crawl's item URLs against ``truth`` (the canonical URLs, exactly), and its requests."""
    return Score(len(truth), len(truth & set(urls)), len(urls), requests)


def article_paths(publisher: Publisher) -> set[str]:
    """The paths that serve an article: its canonical page and its print and AMP views."""
    paths = {url.removeprefix(publisher.base) for url in publisher.articles}
    return paths | {f"/{view}{path}" for path in paths for view in ("print", "amp")}


def requested_articles(publisher: Publisher, requests: list[str]) -> list[str]:
    """The requests (paths as the server saw them) for a page that serves an article."""
    known = article_paths(publisher)
    return [path for path in requests if re.split(r"[?;]", path)[0] in known]
