"""A small website for the Scrapy tests, served on 127.0.0.1 by the ``site`` fixture (conftest.py).

The pages are written for these tests. Each article wraps its text in the
navigation, sidebar and footer a real site has, so extraction has something
to throw away.
"""

from __future__ import annotations

import html

from testkit.localserver import Page

LIGHTHOUSE_PARAGRAPHS = [
    "The logbook of the Skerry Point light runs to eleven volumes, and for most of the last century they sat "
    "in a damp cupboard under the stairs of the keeper's cottage. Last spring a group of volunteers from the "
    "harbour museum carried them, one box at a time, to a dry room above the chandlery and began to read.",
    "What they found was less a diary than a ledger of weather. Every four hours a keeper wrote the wind, the "
    "sea state, the visibility and the number of ships that passed, in a hand that grew shakier as the winter "
    "nights grew longer. Between the numbers, almost as an afterthought, are the lines that make people stop: "
    "a gannet that struck the lantern glass, a supply boat that could not land for nineteen days.",
    "The volunteers decided early that they would not correct anything. Misspelled ship names stay misspelled, "
    "and a stretch of March 1947 in which the same keeper recorded a gale on two consecutive pages with "
    "different wind directions is transcribed exactly as written, with a note rather than a fix.",
    "Transcribing the numbers turned out to be the easy part. The hard part was deciding what a column meant "
    "when its heading changed halfway through a volume, or when a new keeper arrived with his own shorthand "
    "for fog. A small glossary now sits at the front of the digital edition, and it grows every week.",
    "The museum plans to open the transcriptions to the public in the autumn, alongside scans of every page. "
    "Anyone who has ever sheltered from a storm on the point, the organisers say, will find their night in "
    "there somewhere, written down by someone who was awake so that they could sleep.",
]

STARTER_PARAGRAPHS = [
    "Anyone who keeps a sourdough starter learns its moods. In summer it doubles in a few hours and smells "
    "sharp and fruity; in January it sulks on the counter, barely rising, and the loaves that come from it are "
    "dense enough to stop a door. The culture has not died. It is simply cold, and cold yeast is slow yeast.",
    "A starter is a community of wild yeasts and lactic acid bacteria living in flour and water. Both groups "
    "slow down as the temperature falls, but not at the same rate, so a cold starter is not only sluggish but "
    "also more sour: the bacteria keep producing acid while the yeast has all but stopped producing gas.",
    "The simplest remedy is warmth. An oven with only its light switched on, a shelf above the radiator or a "
    "box with a bottle of warm water inside will all do. Aim for the temperature of a comfortable room in late "
    "spring, and feed the starter at the same time every day so that its rhythm has a chance to settle.",
    "Feeding with a little whole grain flour helps too, because the bran carries more of the wild yeasts and "
    "the nutrients they like. A spoonful of rye in each feed is usually enough to wake a tired culture within "
    "two or three days, after which it can go back to its usual diet.",
]

BRIEF_PARAGRAPHS = [
    "The county library will open on Sunday afternoons from next month, after a winter trial drew a crowd.",
    "The extra hours are funded for a year; the local history archive keeps its weekday schedule.",
]

MEMBERS_PARAGRAPHS = [
    "This week the harbour board met in closed session to discuss the dredging contract, and members of the "
    "paper can read our full account of what was said, who said it, and what it will cost the town.",
    "The account runs to several pages and includes the tender documents we obtained last month, together "
    "with the replies of the three companies that bid and the board's own notes on each of them.",
    "We also spoke to the skippers who use the channel every day, to the boatyard that would lose its slipway "
    "for a season, and to the engineer who surveyed the silt in the spring and found twice what was expected.",
]


def article_page(
    title: str,
    byline: str,
    paragraphs: list[str],
    *,
    lang: str = "en",
    site_name: str = "Harbour Notes",
    published: str = "2024-05-02T09:30:00Z",
) -> str:
    """A page of a news site around an article: header, menu, sidebar, footer."""
    body = "\n".join(f"      <p>{html.escape(text)}</p>" for text in paragraphs)
    return f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
  <meta charset="utf-8">
  <title>{html.escape(title)} | {html.escape(site_name)}</title>
  <meta name="author" content="{html.escape(byline)}">
  <meta property="og:site_name" content="{html.escape(site_name)}">
  <meta property="article:published_time" content="{published}">
</head>
<body>
  <header class="site-header"><a href="/">{html.escape(site_name)}</a>
    <nav class="menu"><a href="/">Home</a> <a href="/about.html">About</a></nav>
  </header>
  <main>
    <article>
      <h1>{html.escape(title)}</h1>
{body}
    </article>
    <aside class="sidebar"><h2>Most read</h2><ul><li><a href="/">Front page</a></li></ul></aside>
  </main>
  <footer class="footer">Copyright {html.escape(site_name)}. All rights reserved.</footer>
</body>
</html>
"""


INDEX = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Harbour Notes</title></head>
<body>
  <h1>Harbour Notes</h1>
  <ul>
    <li><a href="/articles/lighthouse.html">Reading the lighthouse logbooks</a></li>
    <li><a href="/articles/starter.html">Why starters sleep in winter</a></li>
    <li><a href="/articles/brief.html" data-readability='{"min_score": 5, "char_threshold": 100}'>Library hours</a></li>
    <li><a href="/articles/heavy.html" data-readability='{"max_elems_to_parse": 10}'>A heavy page</a></li>
    <li><a href="/articles/skipped.html" data-readability="false">Not for extraction</a></li>
    <li><a href="/broken.html">A truncated page</a></li>
    <li><a href="/members.html">Members only</a></li>
    <li><a href="/about.html">About us</a></li>
    <li><a href="/files/report.pdf">Annual report (PDF)</a></li>
  </ul>
</body>
</html>
"""

# A front page as real sites write them: before the articles, links no request can be made of,
# a fragment, a link to another site; the same article linked three times; a PDF.
LINK_LIST_INDEX = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Harbour Notes</title></head>
<body>
  <a href="#stories">Skip to the stories</a>
  <nav><a href="javascript:void(0)">Menu</a> <a href="mailto:desk@harbour.example">Write to us</a>
    <a href="tel:+15550100">Call us</a> <a href="http://offsite.example/weather">Weather</a></nav>
  <ul id="stories">
    <li><a href="/articles/lighthouse.html">Reading the lighthouse logbooks</a>
      (<a href="/articles/lighthouse.html#comments">comments</a>)</li>
    <li><a href="/articles/starter.html">Why starters sleep in winter</a></li>
    <li><a href="/files/report.pdf">Annual report (PDF)</a></li>
  </ul>
  <footer><a href="/articles/lighthouse.html">Most read</a> <a href="javascript:window.print()">Print</a></footer>
</body>
</html>
"""

ABOUT = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>About | Harbour Notes</title></head>
<body><h1>About</h1><p>A small paper for a small harbour.</p><p><a href="/">Home</a></p></body>
</html>
"""

# Readerable (the preflight only looks at each paragraph), but the text sits in a hidden block
# that a script would reveal to members: extraction finds no visible text, hence no article.
MEMBERS = (
    """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Members only | Harbour Notes</title></head>
<body>
  <h1>Members only</h1>
  <div class="locked" hidden>
"""
    + "\n".join(f"    <p>{text}</p>" for text in MEMBERS_PARAGRAPHS)
    + """
  </div>
</body>
</html>
"""
)

LIGHTHOUSE = article_page("What the lighthouse logbooks tell us", "Maren Holt", LIGHTHOUSE_PARAGRAPHS)
STARTER = article_page(
    "Why sourdough starters get sleepy in winter", "Tomás Ibarra", STARTER_PARAGRAPHS, site_name="Crumb & Crust"
)
BRIEF = article_page("The library opens on Sundays now", "Staff reporter", BRIEF_PARAGRAPHS)
# Cut off in the middle of a tag, with bytes that are not UTF-8: lxml recovers.
BROKEN = (
    article_page("A page that was cut short", "Maren Holt", STARTER_PARAGRAPHS).encode()[:-400] + b"\xff\xfe <p cla"
)

PDF = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"

PAGES: dict[str, Page] = {
    "/": Page(INDEX),
    "/about.html": Page(ABOUT),
    "/articles/lighthouse.html": Page(LIGHTHOUSE),
    "/articles/starter.html": Page(STARTER),
    "/articles/brief.html": Page(BRIEF),
    "/articles/heavy.html": Page(LIGHTHOUSE),
    "/articles/skipped.html": Page(STARTER),
    "/broken.html": Page(BROKEN),
    "/members.html": Page(MEMBERS),
    "/files/report.pdf": Page(PDF, "application/pdf"),
}
"""The site, by path; served by the ``site`` fixture of conftest.py."""
