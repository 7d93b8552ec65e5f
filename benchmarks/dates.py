#!/usr/bin/env python
"""Publication dates on real pages others made, apart from the web corpus: ours, htmldate fast, trafilatura.

    python benchmarks/dates.py [--mirror DIR] [--set new|old|both] [--json FILE] [--reuse FILE] [--misses]

Two sets of pages, each with the publication date a reader sees:

* ``new``: a ground truth kept apart from the web corpus (which stays the regression check of
  ``feedmeta.py``), read from git mirrors of the pinned commits below (``fetch`` them; laid out as
  ``corpus.py --mirror`` reads them, ``DIR/owner+name/repo``):

  - metascraper's integration tests (``packages/metascraper/test/integration/<site>/``): the page
    (``input.html``), its URL (``index.js``) and the date its snapshot expects (``snapshots/index.js.md``).
    metascraper prefers a page's modification date: where the page declares or shows another
    publication date, the hand-checked one in ``METASCRAPER_FIXES`` replaces it; pages that are not
    dated articles (a site's front page, a profile, an encyclopedia entry, a post that only a script
    shows) are left out there too.
  - static sites that keep their sources beside the pages they built: a post's front matter ``date:``
    (Hugo) or its file name's day (Jekyll's ``_posts/2019-03-03-x.md``) against the built HTML, the
    first ``STATIC_PAGES`` posts of each site in path order.

* ``old``: the web corpus with the expected values ``feedmeta.py`` reads (fundus, newspaper4k, Postlight).

For each set: pages with an expected date; ours (same day as expected, wrong, none), htmldate 1.11's fast
mode and trafilatura 2.3's ``extract_metadata``, compared as ``feedmeta.py`` does ("same day" in the
expected value's offset when both carry one). A page's clock is its crawl date where the source records
one, else today (relative datelines are then not read: see ``feedmeta.py``). ``--misses`` lists our
misses with the element that holds the expected day (its tag, class, id, its ancestors' classes and its
text), found by our own text and attribute readers.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from corpus import DEFAULT_OUT  # noqa: E402
from feedmeta import (  # noqa: E402
    DEFAULT_MIRROR,
    Expected,
    Result,
    _git,
    fundus_expected,
    newspaper_expected,
    postlight_expected,
    run_page,
    same_day,
)


@dataclass(frozen=True)
class Site:
    """A source of the new set: a repository pinned by commit."""

    name: str
    repo: str
    commit: str
    licence: str
    what: str


METASCRAPER = Site(
    "metascraper",
    "microlinkhq/metascraper",
    "20423f52ef9b4a07d3b25e56e34d2756b3291250",
    "MIT",
    "pages of 90 sites (metascraper's integration tests), 2015-2025",
)
STATIC_SITES = (
    Site(
        "hugo-ja",
        "0shim4/tech.blog",
        "afbcfee107e414616183c21d738b8c363196a212",
        "(none stated)",
        "a Japanese Hugo blog (content/ja/post -> docs/post)",
    ),
    Site(
        "jekyll-en",
        "0x43434343/bruce30262.github.io",
        "1d7c80a73ad11e31439ad87984b3fd299c84bff1",
        "(none stated)",
        "an English Jekyll blog, Minimal Mistakes theme (_posts -> _site/<slug>/)",
    ),
)
STATIC_PAGES = 8

METASCRAPER_FIXES: dict[str, str | None] = {
    # metascraper's snapshot has the page's modification date (dateModified, article:modified_time) where the
    # page declares another publication date: the publication date the reader sees (or, where no dateline is
    # shown, the page's datePublished, which its URL does not contradict), each checked by hand
    "atlasobscura": "2017-06-21",  # datePublished 2017-06-21T09:51:00-04:00; dateModified 2025
    "bfi": "2021-01-13",  # the dateline "Jan 13, 2021" above the headline (datePublished: 2021-01-14T02:58 UTC)
    "engadget": "2019-01-07",  # "Mon, Jan 7 2019 15:37:00 EST", the URL's 2019/01/07; the 2021 update
    "fortune": "2015-10-05",  # datePublished 2015-10-05T20:52:17+00:00, the URL's 2015/10/05
    "marketing-land": "2016-02-23",  # datePublished, article:published_time; the 24th is the modification
    "mashable": "2021-10-21",  # the dateline <time datetime="Fri, 22 Oct 2021 00:44:09 +0000">October 21, 2021
    "medium": "2017-06-19",  # the dateline "Jun 19, 2017 · 3 min read", datePublished
    "nytimes-opinion": "2020-11-19",  # the URL's 2020/11/19; the snapshot's 2021-06-08 is dateModified
    "postplanner": "2020-12-18",  # datePublished, and the dateline's "Dec 18, 2020"
    "pr-newswire": "2016-04-25",  # datePublished and <meta name=date>; the snapshot's 2018 is dateModified
    "the-guardian": "2017-07-03",  # the URL's 2017/jul/03; the snapshot's 07-04 is the modification
    "the-register": "2016-05-03",  # the URL's 2016/05/03
    "theflip": "2021-01-14",  # the dateline "January 14, 2021", datePublished
    "vimeo": "2019-01-17",  # uploadDate and the <time> say 2019-01-17; the snapshot has dateModified
    # the page's sources disagree and it shows no dateline: left out
    "cio": None,  # dateFirstPublished 2025-09-01, <meta name=date> "September 5, 2025"
    "computerworld": None,  # dateFirstPublished 2025-09-02, <meta name=date> "September 3, 2025", snapshot 09-05
    "los-angeles-times": None,  # datePublished 2016-04-30, the URL's 20160429, snapshot 05-02
    # not dated articles
    "milanocittastato": None,  # the site's front page (its date is the home page's modification)
    "wikipedia": None,  # an encyclopedia entry: no publication date
    "linkedin-company": None,  # a company profile
    "twitter-gif": None,  # the snapshot's date is its crawl's; the page shows the post by script only
    "twitter-image": None,  # likewise
}


def _mirror(root: Path, site: Site) -> Path:
    return root / site.repo.replace("/", "+") / "repo"


def _ls(mirror: Path, commit: str, under: str) -> list[str]:
    return _git(mirror, "ls-tree", "-r", "--name-only", commit, under).decode().splitlines()


@dataclass
class Page:
    name: str
    html: bytes
    url: str
    expected: Expected


def metascraper_pages(mirrors: Path) -> Iterator[Page]:
    site = METASCRAPER
    mirror = _mirror(mirrors, site)
    base = "packages/metascraper/test/integration"
    folders = sorted({PurePosixPath(p).parts[4] for p in _ls(mirror, site.commit, base)})
    for folder in folders:
        show = f"{site.commit}:{base}/{folder}"
        try:
            snapshot = _git(mirror, "show", f"{show}/snapshots/index.js.md").decode()
            test = _git(mirror, "show", f"{show}/index.js").decode()
        except Exception:  # noqa: BLE001 (a folder without a test)
            continue
        dates = {}
        for section in snapshot.split("\n## ")[1:]:
            match = re.search(r"^\s+date: '([^']+)'", section, re.MULTILINE)
            dates[section.split("\n", 1)[0].strip()] = match.group(1) if match else None
        url = None
        for block in re.split(r"\btest\(", test):
            url = next(iter(re.findall(r"\burl\s*=\s*['\"`](https?://[^'\"`]+)", block)), url)
            title = re.match(r"\s*['\"`]([^'\"`]+)", block)
            file = re.search(r"resolve\(__dirname,\s*['\"`]([^'\"`]+)", block)
            if title is None or file is None or url is None or title.group(1) not in dates:
                continue
            name = folder if len(dates) == 1 else f"{folder}-{PurePosixPath(file.group(1)).stem}"
            expected = METASCRAPER_FIXES.get(name, dates[title.group(1)])
            if expected is None:
                continue
            html = _git(mirror, "show", f"{show}/{file.group(1)}")
            yield Page(f"metascraper/{name}", html, url, Expected(date=expected, url=url))


_FRONT_DATE = re.compile(r"^date:\s*['\"]?([0-9][^'\"\n]*)", re.MULTILINE)


def static_pages(mirrors: Path) -> Iterator[Page]:
    for site in STATIC_SITES:
        mirror = _mirror(mirrors, site)
        found = 0
        if site.name == "hugo-ja":
            sources = [p for p in _ls(mirror, site.commit, "content/ja/post") if not p.endswith("_index.md")]
            pairs = [(p, f"docs/post/{PurePosixPath(p).stem}/index.html") for p in sources]
        else:
            sources = _ls(mirror, site.commit, "_posts")
            pairs = [(p, f"_site/{PurePosixPath(p).stem[11:]}/index.html") for p in sources]
        for source, built in sorted(pairs):
            if found == STATIC_PAGES:
                break
            text = _git(mirror, "show", f"{site.commit}:{source}").decode()
            match = _FRONT_DATE.search(text.split("\n---", 1)[0])
            expected = match.group(1).strip() if match else PurePosixPath(source).stem[:10]
            expected = re.sub(r"\s+([+-]\d\d:?\d\d)\Z", r"\1", expected)  # "2014-09-25 06:32:00 +0000"
            try:
                html = _git(mirror, "show", f"{site.commit}:{built}")
            except Exception:  # noqa: BLE001 (a post not built)
                continue
            found += 1
            url = f"https://{site.repo.split('/')[1]}/{PurePosixPath(built).parent.name}/"
            yield Page(f"{site.name}/{PurePosixPath(built).parent.name}", html, url, Expected(date=expected, url=url))


def new_pages(mirrors: Path) -> list[Page]:
    return [*metascraper_pages(mirrors), *static_pages(mirrors)]


def old_pages(mirrors: Path, pages: Path) -> list[Page]:
    expected = {**fundus_expected(mirrors), **newspaper_expected(mirrors), **postlight_expected(mirrors)}
    index = json.loads((pages / "index.json").read_text(encoding="utf-8"))
    found = []
    for entry in index:
        known = expected.get(entry["name"])
        if known is None or not known.date:
            continue
        html = (pages / f"{entry['name']}.html").read_bytes()
        found.append(Page(entry["name"], html, known.url or entry["url"], known))
    return found


# ---------------------------------------------------------------------------
# Where the expected day is
# ---------------------------------------------------------------------------


def where_the_date_is(html: bytes, expected: str) -> str:
    """The first element whose short text or date attribute gives the expected day, described."""
    from lxml import html as lxml_html

    from scrapy_readability.engine.outputs.feed.dates import find_text_date, parse_date_value

    try:
        root = lxml_html.document_fromstring(html)
    except Exception:  # noqa: BLE001
        return "(unparsable)"
    now = datetime.now(UTC)
    for element in root.iter():
        if not isinstance(element.tag, str) or element.tag in ("script", "style"):
            continue
        for name in ("datetime", "content", "title", "data-time", "data-timestamp"):
            value = element.get(name)
            if value and same_day(parse_date_value(value, now), expected):
                return _describe(element, f"@{name}={value!r}")
        own = " ".join(" ".join(t for t in element.itertext() if t).split())
        if len(own) <= 160 and same_day(find_text_date(own, now), expected):
            inner = [
                child
                for child in element
                if isinstance(child.tag, str) and " ".join("".join(child.itertext()).split()) == own  # no comment
            ]
            if not inner:
                return _describe(element, repr(own))
    return "(not found in the page)"


def _describe(element: Any, what: str) -> str:
    def name(e: Any) -> str:
        cls = " ".join((e.get("class") or "").split())
        return f"{e.tag}" + (f"#{e.get('id')}" if e.get("id") else "") + (f".{cls.replace(' ', '.')}" if cls else "")

    ancestors = " > ".join(name(a) for a in reversed(list(element.iterancestors())) if a.get("class") or a.get("id"))
    return f"{name(element)} {what[:120]}  [in {ancestors[-200:]}]"


# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------


def _counts(values: list[tuple[str | None, str]]) -> tuple[int, int, int]:
    right = sum(same_day(value, expected) for value, expected in values)
    none = sum(value is None for value, _ in values)
    return right, len(values) - right - none, none


def report(title: str, results: list[Result]) -> list[str]:
    lines = [f"{title}: {len(results)} pages with an expected date", ""]
    lines.append("| tool | same day | wrong | none |")
    lines.append("|---|---|---|---|")
    columns = (
        ("ours", lambda r: r.ours.get("date_published")),
        ("htmldate fast", lambda r: r.htmldate),
        ("trafilatura", lambda r: r.trafilatura.get("date")),
    )
    for label, value in columns:
        right, wrong, none = _counts([(value(r), r.expected.date) for r in results])  # type: ignore[union-attr]
        lines.append(f"| {label} | {right} ({100 * right / max(1, len(results)):.1f}%) | {wrong} | {none} |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mirror", type=Path, default=DEFAULT_MIRROR, help="git mirrors (owner+name/repo)")
    parser.add_argument("--pages", type=Path, default=DEFAULT_OUT, help="the web corpus, for --set old")
    parser.add_argument("--set", choices=("new", "old", "both"), default="both")
    parser.add_argument("--json", type=Path, help="write every page's values here")
    parser.add_argument("--reuse", type=Path, help="the peers' values from this --json file (ours run again)")
    parser.add_argument("--misses", action="store_true", help="list our misses and where the date is")
    parser.add_argument("--only", help="only pages whose name contains this")
    args = parser.parse_args()
    reused = {r["name"]: r for r in json.loads(args.reuse.read_text())} if args.reuse else {}
    today = datetime.now(UTC)
    sets = []
    if args.set in ("new", "both"):
        sets.append(("new set (unseen pages)", new_pages(args.mirror)))
    if args.set in ("old", "both"):
        sets.append(("old set (web corpus)", old_pages(args.mirror, args.pages)))
    lines: list[str] = []
    dump = []
    for title, pages in sets:
        results = []
        for page in pages:
            if args.only and args.only not in page.name:
                continue
            peers = reused.get(page.name)
            now = page.expected.now or today
            result = run_page(page.name, page.html, page.url, now, page.expected, peers)
            results.append(result)
            dump.append(
                {
                    "name": page.name,
                    "expected": page.expected.date,
                    "ours": result.ours.get("date_published"),
                    "htmldate": result.htmldate,
                    "trafilatura": {"date": result.trafilatura.get("date")},
                }
            )
        lines += report(title, results) + [""]
        if args.misses:
            byname = {p.name: p for p in pages}
            for r in results:
                ours = r.ours.get("date_published")
                if not same_day(ours, r.expected.date):  # type: ignore[union-attr]
                    where = where_the_date_is(byname[r.name].html, r.expected.date)  # type: ignore[union-attr, arg-type]
                    peers = "htmldate " + ("ok" if same_day(r.htmldate, r.expected.date) else "-")  # type: ignore[union-attr]
                    peers += ", trafilatura " + ("ok" if same_day(r.trafilatura.get("date"), r.expected.date) else "-")  # type: ignore[union-attr]
                    lines.append(f"- {r.name}: expected {r.expected.date}, ours {ours} ({peers}); {where}")  # type: ignore[union-attr]
            lines.append("")
    print("\n".join(lines))
    if args.json:
        args.json.write_text(json.dumps(dump, ensure_ascii=False, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
