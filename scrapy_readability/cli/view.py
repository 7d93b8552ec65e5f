"""``scrapy-readability view FEED``: a feed written as a static reader that opens offline in any browser.

    scrapy-readability view articles.jsonl            # writes articles-reader/index.html and a page an article
    scrapy-readability view articles.json -o reader --open
    scrapy-readability view default.jsonl --compare refined.jsonl   # the two side by side, page by page

The feed is what a crawl wrote (JSON lines, or a JSON array: ``-O articles.json``). The reader is plain
files: an index (title, date, authors, site, length, a record a row) and one page an article. Nothing in
it runs: every article's HTML goes through the engine's sanitiser again (a feed may have been written with
``READABILITY_SANITIZE = False``, or edited), and each page forbids scripts, frames, forms and plug-ins by
its Content-Security-Policy, so an article that slipped a script past both would still not run it. Images
load lazily from their own sites (the reader holds no copies), and every page links the source URL.

With ``--compare OTHER`` (say, the same crawl with ``--refine``), an article that OTHER holds too (the same
``url``) is shown beside OTHER's version of it, each under its feed's name: on a narrow screen one above the
other. A record that is not an object is counted and left out; a record without ``content`` is shown from its
``text`` (or ``markdown``) as plain paragraphs, so a feed written with ``--formats text`` reads too.
"""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
import unicodedata
import webbrowser
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from scrapy_readability.engine.html.parsing import parse_html
from scrapy_readability.engine.html.serialize import inner_html
from scrapy_readability.engine.outputs.sanitize import sanitize_content
from scrapy_readability.engine.port.constants import REGEXPS

__all__ = ["Feed", "main", "read_feed", "write_reader"]

EXIT_OK, EXIT_USAGE, EXIT_NOTHING = 0, 2, 3
"""0: a reader written; 2: the feed cannot be read; 3: the feed holds no article (the crawl's own codes)."""

POLICY = (
    "default-src 'none'; img-src http: https: data:; media-src http: https: data:; "
    "style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
"""No script, frame, plug-in, font or fetch; images and media from anywhere, and the reader's own style."""

STYLE = """
:root { color-scheme: light dark; --ink: #1d1d1f; --paper: #fbfbf8; --muted: #6b6b6b; --rule: #ddd; }
@media (prefers-color-scheme: dark) { :root { --ink: #e8e6e3; --paper: #1b1c1e; --muted: #a0a0a0; --rule: #3a3a3a; } }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: var(--paper); color: var(--ink);
  font: 1.0625rem/1.6 Georgia, "Noto Serif", "Times New Roman", serif; }
main { max-width: 44rem; margin: 0 auto; padding: 1.25rem 1rem 4rem; overflow-wrap: anywhere; }
header.reader { font: 0.875rem/1.4 system-ui, sans-serif; color: var(--muted); margin-bottom: 1.5rem; }
header.reader a { color: inherit; }
h1 { font-size: 1.75rem; line-height: 1.25; margin: 0 0 0.5rem; }
.meta { font: 0.875rem/1.5 system-ui, sans-serif; color: var(--muted); margin: 0 0 2rem; }
.meta a { color: inherit; word-break: break-all; }
article img, article video, article svg, article picture, article iframe, article embed
  { max-width: 100%; height: auto; }
article pre { overflow-x: auto; white-space: pre; font-size: 0.875rem; padding: 0.75rem;
  border: 1px solid var(--rule); border-radius: 4px; }
article code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
article table { display: block; max-width: 100%; overflow-x: auto; border-collapse: collapse; }
article td, article th { border: 1px solid var(--rule); padding: 0.25rem 0.5rem; vertical-align: top;
  overflow-wrap: normal; }
article blockquote { margin-left: 0; padding-left: 1rem; border-left: 3px solid var(--rule); }
article a { color: #2a62c9; }
ol.feed { list-style: none; padding: 0; margin: 0; }
ol.feed li { padding: 0.75rem 0; border-bottom: 1px solid var(--rule); }
ol.feed a.title { font-size: 1.125rem; text-decoration: none; color: var(--ink); }
ol.feed a.title:hover { text-decoration: underline; }
ol.feed .meta { margin: 0.25rem 0 0; }
main.compare { max-width: 92rem; }
.versions { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 2rem; }
.versions > section { min-width: 0; }
.versions h2 { font: 600 0.875rem/1.4 system-ui, sans-serif; color: var(--muted); margin: 0 0 1rem;
  padding-bottom: 0.25rem; border-bottom: 1px solid var(--rule); }
@media (max-width: 60rem) { .versions { grid-template-columns: minmax(0, 1fr); } }
"""

_SLUG_LENGTH = 60


@dataclass
class Feed:
    """A feed's records, and what was left out of it and why."""

    records: list[dict[str, Any]] = field(default_factory=list)
    skipped: dict[str, int] = field(default_factory=dict)

    def skip(self, reason: str) -> None:
        self.skipped[reason] = self.skipped.get(reason, 0) + 1


def read_feed(path: Path) -> Feed:
    """The records of a JSON array or of JSON lines; what cannot be read is counted by its reason."""
    text = path.read_text(encoding="utf-8-sig")
    feed = Feed()
    stripped = text.lstrip()
    if stripped.startswith("["):
        try:
            values = json.loads(stripped)
        except json.JSONDecodeError:
            values = None
        if isinstance(values, list):
            for value in values:
                _add(feed, value)
            return feed
    for line in text.splitlines():
        if line.strip():
            try:
                _add(feed, json.loads(line))
            except json.JSONDecodeError:
                feed.skip("not JSON")
    return feed


def _add(feed: Feed, value: Any) -> None:
    if not isinstance(value, dict):
        feed.skip("not an object")
    elif not any(isinstance(value.get(name), str) and value[name].strip() for name in ("content", "text", "markdown")):
        feed.skip("no article")
    else:
        feed.records.append(value)


# --- A record's fields, as a reader shows them -----------------------------------------------


def _text(record: dict[str, Any], name: str) -> str:
    value = record.get(name)
    return value.strip() if isinstance(value, str) else ""


def title_of(record: dict[str, Any]) -> str:
    return _text(record, "title") or _text(record, "url") or "Untitled"


def date_of(record: dict[str, Any]) -> str:
    """The day it was published (``2024-03-01``), from the feed's fields or Readability.js's."""
    for name in ("date_published", "published_time", "date_modified"):
        value = _text(record, name)
        if value:
            return value[:10]
    return ""


def authors_of(record: dict[str, Any]) -> str:
    authors = record.get("authors")
    if isinstance(authors, list) and authors:
        return ", ".join(str(author) for author in authors if str(author).strip())
    return _text(record, "byline")


def site_of(record: dict[str, Any]) -> str:
    return _text(record, "site_name") or urlsplit(_text(record, "url")).hostname or ""


def length_of(record: dict[str, Any]) -> int:
    length = record.get("length")
    if isinstance(length, int) and not isinstance(length, bool):
        return length
    return len(_text(record, "text") or _text(record, "markdown"))


def web_url(value: str) -> str:
    """``value`` if it is an http(s) URL, else nothing: a record's URL becomes a link."""
    return value if urlsplit(value).scheme in ("http", "https") else ""


# --- The pages ------------------------------------------------------------------------------------


def safe_content(content: str) -> str:
    """The article's HTML sanitised again, its images and frames lazy."""
    root = parse_html(f"<!DOCTYPE html><html><body><div>{content}</div></body></html>")
    container = root.find("body/div")
    if container is None:
        return ""
    sanitize_content(container, REGEXPS.videos)
    for element in container.iter("img", "iframe"):
        element.set("loading", "lazy")
        if element.tag == "img":
            element.set("decoding", "async")
    return inner_html(container)


def text_as_html(text: str) -> str:
    """Plain text as paragraphs: a blank line separates them, a line break stays one."""
    paragraphs = [part.strip("\n") for part in re.split(r"\n\s*\n", text) if part.strip()]
    return "\n".join("<p>" + html.escape(part).replace("\n", "<br>") + "</p>" for part in paragraphs)


def body_of(record: dict[str, Any]) -> str:
    content = _text(record, "content")
    if content:
        return safe_content(content)
    return text_as_html(_text(record, "text") or _text(record, "markdown"))


def _page(title: str, body: str, lang: str = "", direction: str = "", main_class: str = "") -> str:
    attributes = "".join(
        f' {name}="{html.escape(value)}"' for name, value in (("lang", lang), ("dir", direction)) if value
    )
    main = f'<main class="{main_class}">' if main_class else "<main>"
    return (
        f'<!DOCTYPE html>\n<html{attributes}>\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">\n'
        '<meta name="referrer" content="no-referrer">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n{main}\n"
        f"{body}\n</main>\n"
        "</body>\n</html>\n"
    )


def _meta_line(record: dict[str, Any]) -> str:
    length = length_of(record)
    parts = [date_of(record), authors_of(record), site_of(record), f"{length:,} characters" if length else ""]
    return " · ".join(html.escape(part) for part in parts if part)


def article_page(record: dict[str, Any], feed_name: str, other: tuple[str, dict[str, Any]] | None = None) -> str:
    """One article's page; with ``other`` (a feed's name and its record of the same URL), the two side by side."""
    url = web_url(_text(record, "url"))
    source = f'<br><a href="{html.escape(url)}" rel="noopener noreferrer">{html.escape(url)}</a>' if url else ""
    lang = _text(record, "lang") or _text(record, "language")
    direction = _text(record, "dir") if _text(record, "dir") in ("ltr", "rtl", "auto") else ""
    head = (
        f'<header class="reader"><a href="../index.html">← {html.escape(feed_name)}</a></header>\n'
        f"<h1>{html.escape(title_of(record))}</h1>\n"
        f'<p class="meta">{_meta_line(record)}{source}</p>\n'
    )
    if other is None:
        return _page(title_of(record), f"{head}<article>\n{body_of(record)}\n</article>", lang, direction)
    versions = "".join(
        f"<section><h2>{html.escape(name)}: {html.escape(title_of(version))}</h2>"
        f"<article>\n{body_of(version)}\n</article></section>\n"
        for name, version in ((feed_name, record), other)
    )
    return _page(title_of(record), f'{head}<div class="versions">\n{versions}</div>', lang, direction, "compare")


def index_page(entries: Sequence[tuple[str, dict[str, Any]]], feed_name: str, skipped: dict[str, int]) -> str:
    rows = "\n".join(
        f'<li><a class="title" href="{html.escape(href)}">{html.escape(title_of(record))}</a>'
        f'<p class="meta">{_meta_line(record)}</p></li>'
        for href, record in entries
    )
    left_out = "; ".join(f"{count} {reason}" for reason, count in sorted(skipped.items()))
    note = f" ({html.escape(left_out)} left out)" if left_out else ""
    body = (
        f"<h1>{html.escape(feed_name)}</h1>\n"
        f'<p class="meta">{len(entries):,} articles{note}</p>\n<ol class="feed">\n{rows}\n</ol>'
    )
    return _page(feed_name, body)


def slug(title: str) -> str:
    """A file name's part from a title: ASCII letters and digits, dashes between (``cafe-menus``)."""
    ascii_title = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_title.lower()).strip("-")[:_SLUG_LENGTH].strip("-") or "article"


def page_names(records: Sequence[dict[str, Any]]) -> Iterator[str]:
    width = max(4, len(str(len(records))))
    for number, record in enumerate(records, 1):
        yield f"articles/{number:0{width}d}-{slug(title_of(record))}.html"


def write_reader(feed: Feed, out: Path, feed_name: str, other: tuple[str, Feed] | None = None) -> Path:
    """The index and one page an article under ``out`` (beside ``other``'s version, by URL); the index's path."""
    (out / "articles").mkdir(parents=True, exist_ok=True)
    entries = list(zip(page_names(feed.records), feed.records, strict=True))
    others = {} if other is None else {_text(record, "url"): record for record in other[1].records}
    for name, record in entries:
        match = others.get(_text(record, "url"))
        beside = None if other is None or match is None else (other[0], match)
        (out / name).write_text(article_page(record, feed_name, beside), encoding="utf-8")
    index = out / "index.html"
    index.write_text(index_page(entries, feed_name, feed.skipped), encoding="utf-8")
    return index


# --- The command ----------------------------------------------------------------------------------


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="scrapy-readability view",
        description="Write a feed (JSON lines or a JSON array of articles) as a static reader that opens offline.",
    )
    parser.add_argument("feed", type=Path, help="the feed a crawl wrote: articles.jsonl or articles.json")
    parser.add_argument(
        "-o", "--output", type=Path, help="the folder to write the reader in (default: FEED's name with -reader)"
    )
    parser.add_argument(
        "--compare", type=Path, metavar="OTHER", help="show each article beside OTHER's version of it (the same url)"
    )
    parser.add_argument("--open", action="store_true", help="open the reader's index in the web browser")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    feed_path: Path = args.feed
    try:
        feed = read_feed(feed_path)
        other = None if args.compare is None else (args.compare.name, read_feed(args.compare))
    except (OSError, UnicodeDecodeError) as error:
        where = getattr(error, "filename", None) or feed_path
        print(f"scrapy-readability view: cannot read {where}: {error}", file=sys.stderr)
        return EXIT_USAGE
    out: Path = args.output or feed_path.with_name(feed_path.stem + "-reader")
    index = write_reader(feed, out, feed_path.name, other)
    left_out = "".join(f", {count} {reason}" for reason, count in sorted(feed.skipped.items()))
    print(f"{len(feed.records)} articles{left_out}: {index}", file=sys.stderr)
    if not feed.records:
        print(
            "scrapy-readability view: the feed holds no article (records need content, text or markdown)",
            file=sys.stderr,
        )
        return EXIT_NOTHING
    if args.open:
        webbrowser.open(index.resolve().as_uri())
    return EXIT_OK
