#!/usr/bin/env python
"""The feed fields on real pages: coverage, agreement with expected values, validity, and cost.

    python benchmarks/feedmeta.py [--pages DIR] [--mirror DIR] [--json FILE] [--cost]

On the web corpus (``corpus.py``), for each page: our article's feed fields
(``date_published``, ``date_modified``, ``image``, ``authors``,
``canonical_url``, ``language``), htmldate's date in its fast mode
(``extensive_search=False``) on the page's string and on a parsed tree, and
trafilatura's metadata (``extract_metadata``: date, author, image, URL).

The expected values come from the sources' own test data, read from git
mirrors of the pinned commits (``corpus.py --mirror``; ``fetch`` them): fundus'
per-publisher JSON (``publishing_date``, ``authors``; each parser version
matched to its page by crawl date, as fundus' tests do), newspaper4k's
``tests/data/metadata/*.json`` (``publish_date``) and Postlight Parser's
extractor tests (``date_published``, ``author``). "Same day" compares the
calendar day, in the expected value's offset when both carry one. A page's
"now" is its crawl date where the source records one (fundus), else today.

``--cost`` times ``parse()`` on the vendored pages with and without the feed
fields (their two steps replaced by no-ops), interleaved, best of 5 per page.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path, PurePosixPath
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from corpus import DEFAULT_OUT, SOURCES  # noqa: E402

from scrapy_readability import Readability  # noqa: E402

DEFAULT_MIRROR = Path("/work/.mirror")
FIELDS = ("date_published", "date_modified", "image", "authors", "canonical_url", "language")


# ---------------------------------------------------------------------------
# Expected values
# ---------------------------------------------------------------------------


@dataclass
class Expected:
    date: str | None = None
    authors: list[str] | None = None
    now: datetime | None = None
    url: str | None = None


def _git(mirror: Path, *args: str) -> bytes:
    return subprocess.run(["git", "--git-dir", str(mirror), *args], check=True, capture_output=True).stdout


def _mirror(root: Path, name: str) -> tuple[Path, str]:
    source = next(s for s in SOURCES if s.name == name)
    return root / source.repo.replace("/", "+") / "repo", source.commit


def _version_key(name: str) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", name))


def fundus_expected(mirrors: Path) -> dict[str, Expected]:
    """fundus: each parser version's JSON, matched to the pages of that publisher in crawl-date order."""
    mirror, commit = _mirror(mirrors, "fundus")
    base = "tests/resources/parser/test_data"
    files = _git(mirror, "ls-tree", "-r", "--name-only", commit, base).decode().splitlines()
    expected: dict[str, Expected] = {}
    for folder in sorted({str(PurePosixPath(f).parent) for f in files if f.endswith("meta.info")}):
        meta = json.loads(_git(mirror, "show", f"{commit}:{folder}/meta.info"))
        for test_json in (f for f in files if f.startswith(folder + "/") and f.endswith(".json")):
            publisher = PurePosixPath(test_json).stem
            data = json.loads(_git(mirror, "show", f"{commit}:{test_json}"))
            pages = sorted(
                (info["crawl_date"], name) for name, info in meta.items() if name.rsplit("_", 3)[0] == publisher
            )
            versions = sorted(data, key=_version_key)
            if len(pages) != len(versions):
                continue  # cannot tell which page is which version's
            for (crawl_date, page), version in zip(pages, versions, strict=True):
                values = data[version]
                name = f"fundus/{folder}/{page}".replace("/", "__").replace("fundus__", "fundus/", 1)
                expected[name.removesuffix(".html.gz")] = Expected(
                    date=values.get("publishing_date"),
                    authors=values.get("authors"),
                    now=datetime.fromisoformat(crawl_date).replace(tzinfo=UTC),
                    url=meta[page]["url"],
                )
    return expected


def newspaper_expected(mirrors: Path) -> dict[str, Expected]:
    mirror, commit = _mirror(mirrors, "newspaper4k")
    expected = {}
    for path in _git(mirror, "ls-tree", "-r", "--name-only", commit, "tests/data/metadata").decode().splitlines():
        data = json.loads(_git(mirror, "show", f"{commit}:{path}"))
        stem = PurePosixPath(path).stem
        expected[f"newspaper4k/tests__data__html__{stem}"] = Expected(
            date=data.get("publish_date"), authors=None, url=data.get("url")
        )
    return expected


_BLOCK = re.compile(r"readFileSync\(\s*'\./fixtures/([^']+)\.html'")


def _js_value(block: str, name: str) -> str | None:
    match = re.search(name + r",\s*(?:'((?:[^'\\]|\\.)*)'|\"([^\"]*)\"|`([^`]*)`|null)", block)
    if match is None:
        return None
    return next((g for g in match.groups() if g is not None), None)


def postlight_expected(mirrors: Path) -> dict[str, Expected]:
    mirror, commit = _mirror(mirrors, "postlight")
    expected = {}
    tests = [
        p
        for p in _git(mirror, "ls-tree", "-r", "--name-only", commit, "src/extractors/custom").decode().splitlines()
        if p.endswith("index.test.js")
    ]
    for path in tests:
        text = _git(mirror, "show", f"{commit}:{path}").decode()
        for block in text.split("describe(")[1:]:
            fixture = _BLOCK.search(block)
            if fixture is None or "/" in fixture.group(1):
                continue
            url = re.search(r"url\s*=\s*'([^']+)'", block)
            author = _js_value(block, "author")
            expected[f"postlight/fixtures__{fixture.group(1)}"] = Expected(
                date=_js_value(block, "date_published"),
                authors=_split_expected(author) if author else None,
                url=url.group(1) if url else None,
            )
    return expected


def _split_expected(byline: str) -> list[str]:
    return [p.strip() for p in re.split(r",\s*|\s+and\s+|\s*&\s*", byline) if p.strip()]


# ---------------------------------------------------------------------------
# Comparing
# ---------------------------------------------------------------------------


def _stamp(value: str | None) -> date | datetime | None:
    if not value:
        return None
    value = value.strip().replace(" ", "T", 1).replace("Z", "+00:00")
    try:
        return datetime.fromisoformat(value) if "T" in value else date.fromisoformat(value[:10])
    except ValueError:
        return None


def same_day(ours: str | None, expected: str | None) -> bool:
    """The same calendar day: as written, or in the expected value's offset when both carry one."""
    mine, theirs = _stamp(ours), _stamp(expected)
    if mine is None or theirs is None:
        return False
    if str(mine)[:10] == str(theirs)[:10]:
        return True
    if isinstance(mine, datetime) and isinstance(theirs, datetime) and mine.tzinfo and theirs.tzinfo:
        return mine.astimezone(theirs.tzinfo).date() == theirs.date()
    return False


def _norm(name: str) -> str:
    return " ".join(name.casefold().split())


def same_authors(ours: list[str], expected: list[str]) -> bool:
    return {_norm(n) for n in ours} == {_norm(n) for n in expected}


def valid(fields: dict[str, Any], now: datetime) -> list[str]:
    """The fields whose value breaks the rules: a date not ISO 8601, in the future or before 1995, a non-http(s)
    image or canonical URL, more than 50 authors, a language that is not a primary tag."""
    bad = []
    for name in ("date_published", "date_modified"):
        value = fields.get(name)
        if value is None:
            continue
        stamp = _stamp(value)
        if stamp is None or stamp.year < 1995:
            bad.append(name)
        elif isinstance(stamp, datetime) and stamp.tzinfo and stamp > now:
            bad.append(name)
    for name in ("image", "canonical_url"):
        value = fields.get(name)
        if value is not None and not re.match(r"https?://", value):
            bad.append(name)
    if len(fields.get("authors") or []) > 50:
        bad.append("authors")
    if fields.get("language") is not None and not re.fullmatch(r"[a-z]{2,3}", fields["language"]):
        bad.append("language")
    return bad


# ---------------------------------------------------------------------------
# The tools
# ---------------------------------------------------------------------------


@dataclass
class Result:
    name: str
    ours: dict[str, Any] = field(default_factory=dict)
    ours_seconds: float = 0.0
    facts_seconds: float = 0.0
    htmldate: str | None = None
    htmldate_extensive: str | None = None
    htmldate_seconds: float = 0.0
    htmldate_tree_seconds: float = 0.0
    trafilatura: dict[str, Any] = field(default_factory=dict)
    trafilatura_seconds: float = 0.0
    expected: Expected | None = None
    invalid: list[str] = field(default_factory=list)
    relative_only: str | None = None
    """The date a relative dateline gives a page whose crawl date is unknown, where it has no other."""


_FACTS_SECONDS: list[float] = []


def _time_the_page_facts() -> None:
    """Time ``read_page_facts`` (every date, image, author, canonical and language source of the page) inside
    ``parse()``: our date extractor's cost, on the tree the engine already holds."""
    from scrapy_readability.engine.port import readability as engine

    real = engine.read_page_facts

    def timed(*args: Any, **kwargs: Any) -> Any:
        facts, seconds = _timed(lambda: real(*args, **kwargs))
        _FACTS_SECONDS.append(seconds)
        return facts

    engine.read_page_facts = timed  # type: ignore[assignment]


@contextmanager
def _relative_dates(clock_known: bool) -> Iterator[None]:
    """Relative datelines ("3 hours ago", "昨天") read only on pages whose crawl date is known: on the others
    the clock is today's, and a day counted back from it would be years off (a page saved in 2020 that says
    "yesterday")."""
    from scrapy_readability.engine.outputs.feed import page

    real = page.relative_date
    if not clock_known:
        page.relative_date = lambda text, now=None, **options: None  # type: ignore[assignment]
    try:
        yield
    finally:
        page.relative_date = real


def _timed(function: Callable[[], Any]) -> tuple[Any, float]:
    start = time.perf_counter()
    value = function()
    return value, time.perf_counter() - start


def run_page(
    name: str, html: bytes, url: str, now: datetime, expected: Expected | None, peers: dict[str, Any] | None = None
) -> Result:
    """Every tool on the page's bytes (each decodes them as it does for a user); the peers' values are
    taken from ``peers`` (an earlier run's) when given."""
    import htmldate
    from trafilatura.metadata import extract_metadata
    from trafilatura.utils import load_html

    result = Result(name, expected=expected)
    _FACTS_SECONDS.clear()
    clock_known = expected is not None and expected.now is not None
    with _relative_dates(clock_known):
        article, result.ours_seconds = _timed(lambda: Readability(html, url=url).parse(now=now))
    result.facts_seconds = sum(_FACTS_SECONDS)
    if article is not None:
        result.ours = {key: getattr(article, key) for key in FIELDS}
        result.invalid = valid(result.ours, now)
        if not clock_known and article.date_published is None:
            result.relative_only = Readability(html, url=url).parse(now=now).date_published  # type: ignore[union-attr]
    if peers is not None:
        result.htmldate, result.trafilatura = peers["htmldate"], peers["trafilatura"]
        result.htmldate_extensive = peers.get("htmldate_extensive")
        return result
    max_date = now.strftime("%Y-%m-%d")
    result.htmldate, result.htmldate_seconds = _timed(
        lambda: htmldate.find_date(html, url=url, extensive_search=False, original_date=True, max_date=max_date)
    )
    result.htmldate_extensive = htmldate.find_date(
        html, url=url, extensive_search=True, original_date=True, max_date=max_date
    )
    tree = load_html(html)
    if tree is None:  # trafilatura does not take it for HTML
        return result
    _, result.htmldate_tree_seconds = _timed(
        lambda: htmldate.find_date(tree, url=url, extensive_search=False, original_date=True, max_date=max_date)
    )
    metadata, result.trafilatura_seconds = _timed(lambda: extract_metadata(load_html(html), default_url=url))
    result.trafilatura = {
        "date": metadata.date,
        "author": metadata.author,
        "image": metadata.image,
        "url": metadata.url,
    }
    return result


# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------


def _pct(part: int, whole: int) -> str:
    return f"{part} / {whole} ({100 * part / whole:.1f}%)" if whole else "-"


def report(results: list[Result]) -> str:
    articles = [r for r in results if r.ours]
    lines = [f"{len(results)} pages, {len(articles)} with an article (coverage counts over these)", ""]
    lines.append("| field | ours | trafilatura 2.3 (extract_metadata) | htmldate fast | htmldate extensive |")
    lines.append("|---|---|---|---|---|")
    trafilatura_keys = {"date_published": "date", "authors": "author", "image": "image", "canonical_url": "url"}
    for key in FIELDS:
        ours = sum(1 for r in articles if r.ours.get(key))
        theirs = "-"
        if key in trafilatura_keys:
            theirs = _pct(sum(1 for r in articles if r.trafilatura.get(trafilatura_keys[key])), len(articles))
        fast = extensive = "-"
        if key == "date_published":
            fast = _pct(sum(1 for r in articles if r.htmldate), len(articles))
            extensive = _pct(sum(1 for r in articles if r.htmldate_extensive), len(articles))
        lines.append(f"| `{key}` | {_pct(ours, len(articles))} | {theirs} | {fast} | {extensive} |")

    relative = [r.name for r in articles if r.relative_only]
    lines += [
        "",
        f"Besides, {len(relative)} pages give a date from a relative dateline only ('昨天', '3 hours ago'), which "
        f"their crawl's clock would date; it is not known here, so they are not counted: {', '.join(relative)}",
    ]
    dated = [r for r in articles if r.expected and r.expected.date]
    lines += ["", f"Publication date, on the {len(dated)} pages with an expected date (by source):", ""]
    lines.append(
        "| source | pages | ours: same day | htmldate fast: same day | htmldate extensive: same day "
        "| trafilatura: same day |"
    )
    lines.append("|---|---|---|---|---|---|")
    for source in ("fundus", "newspaper4k", "postlight", "all"):
        group = [r for r in dated if source == "all" or r.name.startswith(source + "/")]
        assert all(r.expected is not None for r in group)
        ours = sum(same_day(r.ours.get("date_published"), r.expected.date) for r in group)  # type: ignore[union-attr]
        hd = sum(same_day(r.htmldate, r.expected.date) for r in group)  # type: ignore[union-attr]
        hx = sum(same_day(r.htmldate_extensive, r.expected.date) for r in group)  # type: ignore[union-attr]
        tr = sum(same_day(r.trafilatura.get("date"), r.expected.date) for r in group)  # type: ignore[union-attr]
        lines.append(
            f"| {source} | {len(group)} | {_pct(ours, len(group))} | {_pct(hd, len(group))} "
            f"| {_pct(hx, len(group))} | {_pct(tr, len(group))} |"
        )

    authored = [r for r in articles if r.expected and r.expected.authors]
    lines += ["", f"Authors, on the {len(authored)} pages with expected authors:", ""]
    lines.append("| source | pages | ours: same names | ours: a name in common | trafilatura: same names |")
    lines.append("|---|---|---|---|---|")
    for source in ("fundus", "postlight", "all"):
        group = [r for r in authored if source == "all" or r.name.startswith(source + "/")]
        ours = sum(same_authors(r.ours.get("authors") or [], r.expected.authors or []) for r in group)  # type: ignore[union-attr]
        overlap = sum(
            bool({_norm(n) for n in r.ours.get("authors") or []} & {_norm(n) for n in r.expected.authors or []})  # type: ignore[union-attr]
            for r in group
        )
        tr = sum(
            same_authors(
                [a.strip() for a in (r.trafilatura.get("author") or "").split(";") if a.strip()],
                r.expected.authors or [],
            )
            for r in group
        )  # type: ignore[union-attr]
        lines.append(
            f"| {source} | {len(group)} | {_pct(ours, len(group))} | {_pct(overlap, len(group))} "
            f"| {_pct(tr, len(group))} |"
        )

    lines += [
        "",
        "Time per page (median, ms): "
        f"ours parse() with every field {statistics.median(r.ours_seconds for r in results) * 1000:.1f}, "
        f"of which reading the page's declarations (every date source, image, authors, canonical URL, "
        f"language) {statistics.median(r.facts_seconds for r in results) * 1000:.2f}; "
        f"htmldate fast {statistics.median(r.htmldate_seconds for r in results) * 1000:.1f} on the string, "
        f"{statistics.median(r.htmldate_tree_seconds for r in results) * 1000:.1f} on a parsed tree; "
        f"trafilatura extract_metadata {statistics.median(r.trafilatura_seconds for r in results) * 1000:.1f}",
    ]
    invalid = Counter(name for r in results for name in r.invalid)
    lines += ["", f"Invalid values: {dict(invalid) or 'none'}"]
    return "\n".join(lines)


def cost(pages: Path, repeat: int = 5) -> str:
    """parse() on the vendored pages with and without the feed fields, interleaved, best of ``repeat``."""
    from scrapy_readability.engine.outputs.feed import FeedFields, PageFacts
    from scrapy_readability.engine.port import readability as engine

    real = engine.read_page_facts, engine.feed_fields
    off = (lambda *args, **kwargs: PageFacts()), (lambda *args, **kwargs: FeedFields())
    ratios, with_fields, without = [], [], []
    for folder in sorted(p for p in pages.iterdir() if (p / "source.html").is_file()):
        html = (folder / "source.html").read_text(encoding="utf-8")
        best = {True: float("inf"), False: float("inf")}
        for _ in range(repeat):
            for on in (True, False):
                engine.read_page_facts, engine.feed_fields = real if on else off  # type: ignore[assignment]
                start = time.perf_counter()
                Readability(html, url="http://fakehost/test/page.html").parse()
                best[on] = min(best[on], time.perf_counter() - start)
        engine.read_page_facts, engine.feed_fields = real
        with_fields.append(best[True])
        without.append(best[False])
        ratios.append(best[True] / best[False])
    return (
        f"{len(ratios)} vendored pages: parse() median {statistics.median(without) * 1000:.2f} ms without the "
        f"feed fields, {statistics.median(with_fields) * 1000:.2f} ms with them "
        f"(+{(statistics.median(with_fields) / statistics.median(without) - 1) * 100:.1f}%); "
        f"per page, median ratio {statistics.median(ratios):.3f}, 90th percentile "
        f"{sorted(ratios)[int(len(ratios) * 0.9)]:.3f}"
    )


def parse_vendored(mode: str) -> None:
    """Parse every vendored page once: ``with`` the feed fields, ``without`` them, or ``none`` (read the pages only),
    for an instruction count that the machine's load does not move::

        valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/feedmeta.py --parse-vendored with

    (the total ``Collected`` of ``with`` minus ``none`` over ``without`` minus ``none`` is the cost).
    """
    from scrapy_readability.engine.outputs.feed import FeedFields, PageFacts
    from scrapy_readability.engine.port import readability as engine

    if mode == "without":
        engine.read_page_facts = lambda *args, **kwargs: PageFacts()  # type: ignore[assignment]
        engine.feed_fields = lambda *args, **kwargs: FeedFields()  # type: ignore[assignment]
    folders = sorted(p for p in (ROOT / "tests" / "mozilla_pages").iterdir() if (p / "source.html").is_file())
    for folder in folders:
        html = (folder / "source.html").read_text(encoding="utf-8")
        if mode != "none":
            Readability(html, url="http://fakehost/test/page.html").parse()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=Path, default=DEFAULT_OUT, help=f"the web corpus (default {DEFAULT_OUT})")
    parser.add_argument(
        "--mirror", type=Path, default=DEFAULT_MIRROR, help="git mirrors of the sources (owner+name/repo)"
    )
    parser.add_argument("--json", type=Path, help="write every page's values here")
    parser.add_argument("--cost", action="store_true", help="only time parse() with and without the feed fields")
    parser.add_argument(
        "--parse-vendored",
        choices=("with", "without", "none"),
        help="parse the vendored pages once (for valgrind: see parse_vendored)",
    )
    parser.add_argument("--only", help="only pages whose name contains this")
    parser.add_argument("--reuse", type=Path, help="take htmldate's and trafilatura's values from this --json file")
    args = parser.parse_args()
    if args.cost:
        print(cost(ROOT / "tests" / "mozilla_pages"))
        return
    if args.parse_vendored:
        parse_vendored(args.parse_vendored)
        return
    _time_the_page_facts()
    expected = {**fundus_expected(args.mirror), **newspaper_expected(args.mirror), **postlight_expected(args.mirror)}
    index = json.loads((args.pages / "index.json").read_text(encoding="utf-8"))
    today = datetime.now(UTC)
    reused = {r["name"]: r for r in json.loads(args.reuse.read_text())} if args.reuse else {}
    results = []
    for entry in index:
        if args.only and args.only not in entry["name"]:
            continue
        raw = (args.pages / f"{entry['name']}.html").read_bytes()
        html = gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw
        known = expected.get(entry["name"])
        url = known.url if known and known.url else entry["url"]
        now = known.now if known and known.now else today
        results.append(
            run_page(entry["name"], html, url, now, known, reused.get(entry["name"]) if args.reuse else None)
        )
    print(report(results))
    if args.json:
        args.json.write_text(
            json.dumps(
                [
                    {
                        "name": r.name,
                        "ours": r.ours,
                        "htmldate": r.htmldate,
                        "htmldate_extensive": r.htmldate_extensive,
                        "trafilatura": r.trafilatura,
                        "expected": None
                        if r.expected is None
                        else {"date": r.expected.date, "authors": r.expected.authors},
                        "invalid": r.invalid,
                    }
                    for r in results
                ],
                ensure_ascii=False,
                indent=1,
                default=str,
            ),
            encoding="utf-8",
        )


if __name__ == "__main__":
    main()
