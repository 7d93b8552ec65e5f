"""A news site for the scrapy-redis crawls (about 320 pages by default), served by tests/localserver.py.

Sections with an index page for every ten articles, 240 articles by default that link to each other (so
crawlers sharing a dupefilter meet the same links many times), tag pages,
pages that are not articles, and a few hostile ones: a truncated page, binary
bytes served as HTML, a PDF, deep nesting, a page that answers 500, a
redirect, a slow page, links to missing pages. Every article is written so
that the preflight passes it and the engine extracts it.
"""

from __future__ import annotations

import html
import random
import time

from testkit.localserver import Page, PageLike

SECTIONS = (
    "harbour",
    "weather",
    "schools",
    "council",
    "sport",
    "arts",
    "farming",
    "transport",
    "health",
    "history",
    "business",
    "letters",
)
ARTICLES_PER_SECTION = 20
INDEX_PAGE_SIZE = 10
TAGS = tuple(f"tag{number:02d}" for number in range(30))

_SUBJECTS = (
    "The harbour board",
    "A group of volunteers",
    "The county council",
    "Local fishermen",
    "The museum",
    "Parents at the primary school",
    "The ferry company",
    "Farmers on the north road",
    "The library",
    "A retired engineer",
    "The rowing club",
    "Shopkeepers in the square",
)
_VERBS = (
    "has published",
    "argued this week for",
    "spent the winter on",
    "is still waiting for",
    "wrote to us about",
    "will vote next month on",
    "quietly finished",
    "asked the town to pay for",
)
_OBJECTS = (
    "a plan to dredge the channel",
    "new timetables for the summer",
    "the repair of the old pier",
    "a survey of the salt marsh",
    "longer opening hours",
    "a study of winter storms",
    "the archive of the weekly paper",
    "a shared bus to the hospital",
    "the restoration of the chapel roof",
)
_TAILS = (
    "and nobody expects it to be simple.",
    "after years of delay and three public meetings.",
    "which will cost more than the first estimate.",
    "to the surprise of almost everyone in the hall.",
    "while the weather keeps everyone guessing.",
    "though the details are still being argued over.",
)


def _paragraph(rng: random.Random) -> str:
    sentences = [
        f"{rng.choice(_SUBJECTS)} {rng.choice(_VERBS)} {rng.choice(_OBJECTS)}, {rng.choice(_TAILS)}"
        for _ in range(rng.randint(3, 5))
    ]
    return " ".join(sentences)


def article_path(section: str, number: int) -> str:
    return f"/{section}/{number:02d}.html"


def article_paths(per_section: int = ARTICLES_PER_SECTION) -> list[str]:
    """Every article of the site: each must reach the feeds."""
    return [article_path(section, n) for section in SECTIONS for n in range(per_section)]


def _layout(title: str, body: str) -> str:
    nav = " ".join(f'<a href="/{section}/">{section.title()}</a>' for section in SECTIONS)
    return f"""<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>{html.escape(title)} | The Valley Courier</title>
<meta property="og:site_name" content="The Valley Courier"></head>
<body>
  <header class="site-header"><a href="/">The Valley Courier</a><nav class="menu">{nav}</nav></header>
  <main>
{body}
  </main>
  <footer class="footer"><a href="/about.html">About</a> <a href="/contact.html">Contact</a>
    <a href="/login.html">Log in</a> Copyright The Valley Courier.</footer>
</body>
</html>
"""


def _article(section: str, number: int, per_section: int = ARTICLES_PER_SECTION) -> str:
    rng = random.Random(f"{section}/{number}")
    title = f"{rng.choice(_SUBJECTS)} and {rng.choice(_OBJECTS)} ({section} {number})"
    paragraphs = "\n".join(f"      <p>{html.escape(_paragraph(rng))}</p>" for _ in range(rng.randint(4, 6)))
    related = [article_path(rng.choice(SECTIONS), rng.randrange(per_section)) for _ in range(3)]
    links = " ".join(f'<a href="{path}">Related</a>' for path in related)
    tags = " ".join(f'<a href="/tags/{tag}.html">{tag}</a>' for tag in rng.sample(TAGS, 2))
    body = f"""    <article>
      <h1>{html.escape(title)}</h1>
      <p class="byline">By {rng.choice(("Maren Holt", "Tomás Ibarra", "Staff reporter"))}</p>
{paragraphs}
    </article>
    <aside class="sidebar"><h2>Read next</h2>{links}<div class="tags">{tags}</div>
      <a href="/{section}/">More {section}</a></aside>"""
    return _layout(title, body)


def index_path(section: str, page: int) -> str:
    return f"/{section}/" if page == 0 else f"/{section}/page{page + 1}.html"


def _index(section: str, page: int, per_section: int) -> str:
    first = page * INDEX_PAGE_SIZE
    items = "\n".join(
        f'      <li><a href="{article_path(section, n)}">Story {n} from {section}</a></li>'
        for n in range(first, min(first + INDEX_PAGE_SIZE, per_section))
    )
    more = (
        f'<a href="{index_path(section, page + 1)}">Older stories</a>' if first + INDEX_PAGE_SIZE < per_section else ""
    )
    return _layout(section.title(), f"    <h1>{section.title()}</h1>\n    <ul>\n{items}\n    </ul>\n    {more}")


def _tag(tag: str, per_section: int) -> str:
    rng = random.Random(tag)
    links = "".join(
        f'<li><a href="{article_path(rng.choice(SECTIONS), rng.randrange(per_section))}">A story</a></li>'
        for _ in range(5)
    )
    return _layout(f"Tagged {tag}", f"    <h1>{tag}</h1><ul>{links}</ul>")


def _front() -> str:
    sections = "".join(f'<li><a href="/{section}/">{section.title()}</a></li>' for section in SECTIONS)
    hostile = "".join(f'<li><a href="{path}">{path}</a></li>' for path in [*HOSTILE, "/hostile/slow.html"])
    missing = "".join(f'<li><a href="/gone/{number}.html">An old story</a></li>' for number in range(10))
    return _layout(
        "Front page", f"    <h1>The Valley Courier</h1><ul>{sections}</ul><ul>{hostile}</ul><ul>{missing}</ul>"
    )


def _slow() -> Page:
    time.sleep(1.0)
    return Page(_article("letters", 0).replace("letters 0", "a slow letter"))


_TRUNCATED = _article("harbour", 1).encode()[:-300] + b"\xff\xfe <p cla"
_BINARY = bytes(random.Random(7).randrange(256) for _ in range(20_000))
_DEEP = "<!DOCTYPE html><html><body>" + "<div>" * 3000 + "<p>Deep.</p>" + "</div>" * 3000 + "</body></html>"

HOSTILE: dict[str, Page] = {
    "/hostile/truncated.html": Page(_TRUNCATED),
    "/hostile/binary.html": Page(_BINARY),
    "/hostile/report.pdf": Page(b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n", "application/pdf"),
    "/hostile/deep.html": Page(_DEEP),
    "/hostile/error.html": Page("<html><body><p>Internal error</p></body></html>", status=500),
    "/hostile/moved.html": Page.redirect(article_path("weather", 3)),
    "/hostile/empty.html": Page(b""),
    "/hostile/latin1.html": Page(_article("arts", 2).encode("latin-1", "replace")),
}

OTHER: dict[str, Page] = {
    "/about.html": Page(_layout("About", "    <h1>About</h1><p>A small paper for a small valley.</p>")),
    "/contact.html": Page(_layout("Contact", '    <h1>Contact</h1><form action="/send"><input name="q"></form>')),
    "/login.html": Page(_layout("Log in", '    <h1>Log in</h1><form action="/login"><input name="user"></form>')),
}


def pages(per_section: int = ARTICLES_PER_SECTION) -> dict[str, PageLike]:
    """Every page of the site, by path (the slow one a callable that sleeps a second)."""
    site: dict[str, PageLike] = {"/": Page(_front())}
    for section in SECTIONS:
        for page in range(-(-per_section // INDEX_PAGE_SIZE)):
            site[index_path(section, page)] = Page(_index(section, page, per_section))
        for number in range(per_section):
            site[article_path(section, number)] = Page(_article(section, number, per_section))
    site.update({f"/tags/{tag}.html": Page(_tag(tag, per_section)) for tag in TAGS})
    site.update(HOSTILE)
    site.update(OTHER)
    site["/hostile/slow.html"] = _slow
    return site
