#!/usr/bin/env python
"""Side by side with Readability.js: our engine and Readability.js on jsdom, page by page.

    python benchmarks/compare.py --setup-oracle            # once: npm installs the oracle
    python benchmarks/compare.py                           # the web corpus (benchmarks/corpus.py)
    python benchmarks/compare.py --pages vendored          # Mozilla's 106 vendored pages
    python benchmarks/compare.py --parser libxml2 -v       # another tree builder (parsers.py)

Both sides get the same text (bytes decoded once, by us) and URL. Readability.js (the commit
the vendored test cases come from, 0.6.0 and later fixes) runs as
Mozilla's harness runs it (oracle.js): jsdom, comments removed, ``classesToPreserve:
["caption"]``; ``isProbablyReaderable`` on a fresh document. We run ``Readability(text,
url=..., classes_to_preserve=["caption"]).parse()`` and ``is_probably_readable(text)``.

Compared per page: the content DOM node for node (as tests/mozilla_harness.py compares
it, whitespace-only text nodes left out), the metadata (title, dir, lang, excerpt, siteName,
publishedTime), the byline as an exact string (``byline``), the readerable verdict, and
``textContent``: its words (``text``: whitespace runs collapsed) and the exact string, every
character and whitespace included (``textContent``). Every difference is printed with its cause:
``tree`` when our engine gives Readability.js's result on a tree built by an exact HTML5
parser (html5lib), so the difference is in the tree we built; ``controls`` when Readability.js's
text holds code points an lxml tree cannot hold (README, "Where we differ"); else ``engine``,
with the first difference. Readability.js's results are cached in the oracle folder.

node and npm are needed; they are never dependencies of the package (the oracle lives
outside the repository, by default in ~/.cache/scrapy-readability/oracle).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

import corpus  # noqa: E402

from testkit import mozilla_harness as harness  # noqa: E402

DEFAULT_ORACLE = Path.home() / ".cache" / "scrapy-readability" / "oracle"
# The vendored cases' versions: Readability.js at the commit their expected files come from
# (0.6.0 and the fixes after it, among them paragraph wrapping and en-dash titles; the npm
# release of 0.6.0 gives other results on three of them), and the jsdom its harness pins.
READABILITY_COMMIT = "ab4027a8b37669745016869a37a504727992b2ba"
ORACLE_PACKAGES = (f"github:mozilla/readability#{READABILITY_COMMIT}", "jsdom@20.0.2")
METADATA = (
    ("title", "title"),
    ("byline", "byline"),
    ("dir", "dir"),
    ("lang", "lang"),
    ("excerpt", "excerpt"),
    ("siteName", "site_name"),
    ("publishedTime", "published_time"),
)
ASPECTS = ("content", "metadata", "byline", "readerable", "text", "textContent")


@dataclass
class Page:
    name: str
    url: str
    text: str

    @property
    def key(self) -> str:
        digest = hashlib.sha256(f"{ORACLE_PACKAGES}\0{self.url}\0".encode())
        digest.update(self.text.encode("utf-8", "surrogatepass"))
        return digest.hexdigest()[:32]


@dataclass
class Outcome:
    page: Page
    problems: dict[str, str] = field(default_factory=dict)  # aspect -> first difference
    causes: dict[str, str] = field(default_factory=dict)  # aspect -> tree | engine
    ours_ms: float = 0.0
    theirs_ms: float = 0.0


# --- Pages -----------------------------------------------------------------------


def vendored_pages() -> list[Page]:
    return [Page(f"mozilla/{case}", harness.BASE_URL, harness.read_source(case)) for case in harness.CASES]


def corpus_pages(folder: Path) -> list[Page]:
    from scrapy_readability.engine.html.decoding import decode_page

    index = json.loads((folder / "index.json").read_text(encoding="utf-8"))
    return [
        Page(entry["name"], entry["url"], decode_page((folder / f"{entry['name']}.html").read_bytes()).text)
        for entry in index
    ]


# --- Readability.js --------------------------------------------------------------


def setup_oracle(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    if not (folder / "package.json").exists():
        (folder / "package.json").write_text('{"private": true}\n', encoding="utf-8")
    subprocess.run(["npm", "install", "--no-audit", "--no-fund", *ORACLE_PACKAGES], cwd=folder, check=True)


def oracle_results(pages: list[Page], folder: Path, jobs: int) -> dict[str, dict[str, Any]]:
    """Readability.js's result for every page, from the cache or from node (``jobs`` processes)."""
    if not (folder / "node_modules" / "jsdom").is_dir():
        sys.exit(f"no oracle in {folder}: run with --setup-oracle first (it needs npm)")
    cache = folder / "cache"
    cache.mkdir(exist_ok=True)
    results: dict[str, dict[str, Any]] = {}
    missing = []
    for page in pages:
        cached = cache / f"{page.key}.json"
        if cached.exists():
            results[page.name] = json.loads(cached.read_text(encoding="utf-8"))
        else:
            missing.append(page)
    if missing:
        print(f"Readability.js on {len(missing)} pages ({jobs} node processes)...", file=sys.stderr)
        chunks = [missing[i::jobs] for i in range(jobs)]
        with ThreadPoolExecutor(jobs) as pool:
            for chunk_results in pool.map(lambda chunk: _run_node(chunk, folder), chunks):
                for page, result in chunk_results:
                    (cache / f"{page.key}.json").write_text(json.dumps(result), encoding="utf-8")
                    results[page.name] = result
    return results


def _run_node(pages: list[Page], folder: Path) -> list[tuple[Page, dict[str, Any]]]:
    if not pages:
        return []
    with tempfile.TemporaryFile("w+", encoding="utf-8") as jobs:
        for i, page in enumerate(pages):
            jobs.write(json.dumps({"id": i, "html": page.text, "url": page.url}) + "\n")
        jobs.seek(0)
        done = subprocess.run(
            ["node", str(HERE / "oracle.js"), str(folder)], stdin=jobs, capture_output=True, text=True, check=True
        )
    # One JSON line per page: split at "\n" only (splitlines() also splits at U+0085 and U+2028,
    # which JSON.stringify leaves unescaped in a page's text).
    by_id = {result["id"]: result for result in map(json.loads, filter(None, done.stdout.split("\n")))}
    return [(page, by_id[i]) for i, page in enumerate(pages)]


# --- Ours ------------------------------------------------------------------------


def our_result(page: Page) -> dict[str, Any]:
    from scrapy_readability import Readability, is_probably_readable

    out: dict[str, Any] = {}
    try:
        out["readerable"] = is_probably_readable(page.text)
        started = time.perf_counter()
        article = Readability(page.text, url=page.url, classes_to_preserve=["caption"]).parse()
        out["ms"] = (time.perf_counter() - started) * 1000
        out["article"] = article and {
            **{key: getattr(article, attr) for key, attr in METADATA},
            "content": article.content,
            "textContent": article.text_content,
        }
    except Exception as error:  # noqa: BLE001 (reported as a difference)
        out["error"] = f"{type(error).__name__}: {error}"
    return out


# --- Comparing -------------------------------------------------------------------


def differences(ours: dict[str, Any], theirs: dict[str, Any]) -> dict[str, str]:
    """Aspect -> a description of its first difference; empty when the results agree."""
    found: dict[str, str] = {}
    for side, result in (("ours", ours), ("Readability.js", theirs)):
        if "error" in result:
            return {"content": f"{side} raised: {result['error'][:300]}"}
    if ours["readerable"] != theirs["readerable"]:
        found["readerable"] = f"readerable: Readability.js {theirs['readerable']}, ours {ours['readerable']}"
    mine, js = ours["article"], theirs["article"]
    if mine is None or js is None:
        if mine is not js:
            found["content"] = f"no article from {'ours' if mine is None else 'Readability.js'}"
        return found
    try:
        content = harness.compare_content(mine["content"], js["content"])
    except ValueError as error:  # our content does not even parse back (a candidate parser's)
        content = f"our content does not parse: {error}"
    if content:
        found["content"] = content
    fields = [
        f"{key}: Readability.js {js.get(key)!r}, ours {mine[key]!r}"
        for key, _ in METADATA
        if key != "byline" and mine[key] != js.get(key)
    ]
    if fields:
        found["metadata"] = "\n".join(fields)
    if mine["byline"] != js.get("byline"):
        found["byline"] = f"byline: Readability.js {js.get('byline')!r}, ours {mine['byline']!r}"
    words, their_words = (harness.collapse_ws(text).strip() for text in (mine["textContent"], js["textContent"]))
    if words != their_words:
        found["text"] = _first_text_difference(words, their_words)
    if mine["textContent"] != js["textContent"]:
        found["textContent"] = _first_text_difference(mine["textContent"], js["textContent"])
    return found


def _first_text_difference(mine: str, js: str) -> str:
    at = next((i for i, (a, b) in enumerate(zip(mine, js, strict=False)) if a != b), min(len(mine), len(js)))
    return (
        f"textContent differs at {at} (lengths: Readability.js {len(js)}, ours {len(mine)}): "
        f"Readability.js {js[max(0, at - 40) : at + 40]!r}, ours {mine[max(0, at - 40) : at + 40]!r}"
    )


# What an lxml tree cannot hold (README, "Where we differ"): C0 controls but tab, LF, CR; form feed
# (a space in our tree); U+FFFE, U+FFFF.
_UNHOLDABLE = re.compile("[\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def classify(outcome: Outcome, theirs: dict[str, Any]) -> None:
    """Say where each difference comes from: code points our tree cannot hold (``controls``), or
    the tree (``tree``: an exact HTML5 tree removes it), or else the engine (``engine``)."""
    import parsers

    from scrapy_readability.engine.html import parsing

    article = theirs.get("article") or {}
    if _UNHOLDABLE.search(article.get("textContent") or ""):
        for aspect in outcome.problems:
            outcome.causes[aspect] = "controls"
        return

    current = parsing.build_tree
    parsing.build_tree = parsers.html5lib_tree
    try:
        on_html5 = differences(our_result(outcome.page), theirs)
    finally:
        parsing.build_tree = current
    for aspect in outcome.problems:
        outcome.causes[aspect] = "engine" if aspect in on_html5 else "tree"


# --- Report ----------------------------------------------------------------------


def report(outcomes: list[Outcome], verbose: bool) -> dict[str, Any]:
    total = len(outcomes)
    same = {aspect: sum(aspect not in o.problems for o in outcomes) for aspect in ASPECTS}
    identical = sum(not o.problems for o in outcomes)
    causes = Counter(cause for o in outcomes for cause in o.causes.values())
    print(f"\n{total} pages: {identical} identical in every aspect")
    for aspect in ASPECTS:
        print(f"  {aspect:10} identical on {same[aspect]:4} / {total}")
    print(f"  differences by cause: {dict(causes) or 'none'}")
    ours_ms = sorted(o.ours_ms for o in outcomes if o.ours_ms)
    theirs_ms = sorted(o.theirs_ms for o in outcomes if o.theirs_ms)
    if ours_ms and theirs_ms:
        print(
            f"  parse() median: ours {ours_ms[len(ours_ms) // 2]:.1f} ms, "
            f"Readability.js on jsdom {theirs_ms[len(theirs_ms) // 2]:.1f} ms"
        )
    for outcome in outcomes:
        for aspect, problem in outcome.problems.items():
            cause = outcome.causes.get(aspect, "?")
            text = problem if verbose else problem.splitlines()[0]
            print(
                f"\n{outcome.page.name} [{aspect}, cause: {cause}] {outcome.page.url}\n  " + text.replace("\n", "\n  ")
            )
    return {
        "pages": total,
        "identical": identical,
        "same": same,
        "causes": dict(causes),
        "differences": [
            {"page": o.page.name, "aspect": a, "cause": o.causes.get(a), "detail": p}
            for o in outcomes
            for a, p in o.problems.items()
        ],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__
    )
    ap.add_argument("--pages", default="corpus", choices=("corpus", "vendored", "both"))
    ap.add_argument(
        "--corpus",
        type=Path,
        default=Path(os.environ.get("READABILITY_CORPUS", corpus.DEFAULT_OUT)),
        help="the folder corpus.py built (default $READABILITY_CORPUS or %(default)s)",
    )
    ap.add_argument(
        "--oracle",
        type=Path,
        default=Path(os.environ.get("READABILITY_ORACLE", DEFAULT_ORACLE)),
        help="where Readability.js and jsdom are installed (default $READABILITY_ORACLE or %(default)s)",
    )
    ap.add_argument("--setup-oracle", action="store_true", help="npm install the oracle into --oracle")
    ap.add_argument("--parser", default=None, help="build our trees with a candidate of parsers.py")
    ap.add_argument("--only", action="append", help="only pages whose name contains this (repeatable)")
    ap.add_argument("--jobs", type=int, default=2, help="node processes for the oracle (default 2)")
    ap.add_argument("--no-classify", action="store_true", help="do not look for the cause of differences")
    ap.add_argument("--json", type=Path, help="write the figures and every difference to this file")
    ap.add_argument("-v", "--verbose", action="store_true", help="print each difference in full")
    args = ap.parse_args(argv)

    if args.setup_oracle:
        setup_oracle(args.oracle)
    if args.parser:
        import parsers

        parsers.use(args.parser)
    pages = []
    if args.pages in ("vendored", "both"):
        pages += vendored_pages()
    if args.pages in ("corpus", "both"):
        pages += corpus_pages(args.corpus)
    if args.only:
        pages = [p for p in pages if any(part in p.name for part in args.only)]
    theirs = oracle_results(pages, args.oracle, args.jobs)
    outcomes = []
    for page in pages:
        ours = our_result(page)
        outcome = Outcome(
            page,
            differences(ours, theirs[page.name]),
            ours_ms=ours.get("ms", 0.0),
            theirs_ms=theirs[page.name].get("ms", 0.0),
        )
        if outcome.problems and not args.no_classify:
            classify(outcome, theirs[page.name])
        outcomes.append(outcome)
    figures = report(outcomes, args.verbose)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1, ensure_ascii=False), encoding="utf-8")
    return 0 if figures["identical"] == len(outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
