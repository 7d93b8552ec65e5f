#!/usr/bin/env python
"""Finding a site's articles on real websites: the article spider on the corpus of ``benchmarks/realsites/sites/``.

    python benchmarks/realsites.py                          # every site whose snapshot is here
    python benchmarks/realsites.py --site oda-docs --site 0x7df --json out.json --keep runs/
    python benchmarks/realsites.py --list                   # the sites, and whether each can be served
    python benchmarks/realsites.py --trafilatura            # trafilatura's discovery on the same sites too
    python benchmarks/realsites.py -- --strategy sitemap    # flags after -- go to scrapy-readability crawl

Each site (its built HTML, pinned to a commit of a public repository: ``realsites/README.md``) is
extracted once from its snapshot into ``benchmarks/.cache/realsites/``, served on 127.0.0.1 as GitHub
Pages would (its absolute URLs rewritten to the local server), and crawled by ``scrapy-readability
crawl START -O feed.jsonl -s AUTOTHROTTLE_ENABLED=False -s ROBOTSTXT_OBEY=True`` (the default strategy,
``full``). The articles written are compared with the site's ground truth by ``url_key`` (``/x/index.html``
and ``/x/`` one page): recall, precision (truth pages written / items written), duplicates (items whose
URL an earlier item had), pages of the same text as an earlier item's, the requests the server answered,
and per article found; a site meets the targets (✓) with recall and precision of 95% or more and no
duplicate.

With ``--trafilatura``, trafilatura's ``--sitemap``, ``--feed`` and ``focused_crawler`` list URLs on the
same site (served under ``<name>.test``, as ``trafilatura_discovery.py`` explains), scored the same way.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import trafilatura_discovery  # noqa: E402
from benchmarks.realsites.corpus import (  # noqa: E402
    CACHE_DIR,
    LocalSite,
    ManifestError,
    NotAvailable,
    Site,
    availability,
    load_sites,
    materialise,
    mirrors_dir,
    page_key,
    score,
    serve,
    truth_paths,
)

TRAFILATURA_MODES = ("sitemap", "feed", "focused")
SUMMARY = "scrapy-readability crawl: "  # how the command's summary line begins
STATS_KEPT = re.compile(r"^(?:readability/|robotstxt/|downloader/response_status_count/|finish_reason|offsite/)")


@dataclass
class Listing:
    """trafilatura's URLs for one mode, scored."""

    tool: str
    listed: int
    found: int
    recall: float
    precision: float
    requests: int
    seconds: float


@dataclass
class Result:
    name: str
    repo: str
    commit: str
    generator: str
    language: str
    kind: str
    status: str = "ok"  # or "not available: fetch github:owner/name", or "error: ..."
    truth: int = 0
    written: int = 0
    found: int = 0
    recall: float = 0.0
    precision: float = 0.0
    duplicates: int = 0
    same_text: int = 0
    requests: int = 0
    seconds: float = 0.0
    exit_status: int | None = None
    summary: str = ""
    stats: dict[str, Any] = field(default_factory=dict)
    truth_problems: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)
    trafilatura: list[Listing] = field(default_factory=list)

    @property
    def per_article(self) -> float | None:
        return self.requests / self.found if self.found else None


# --- a crawl --------------------------------------------------------------------------------------------


def parse_stats(log: str) -> dict[str, Any]:
    """The Scrapy stats the crawl dumped at its end (``-L INFO``): names and numbers, and ``finish_reason``."""
    at = log.rfind("Dumping Scrapy stats:")
    if at < 0:
        return {}
    lines = log[at:].splitlines()[1:]
    block = "\n".join(lines[: next((i for i, line in enumerate(lines) if not line.startswith(("{", " "))), None)])
    stats: dict[str, Any] = {}
    for name, value in re.findall(r"'([^']+)':\s*(-?\d+(?:\.\d+)?|'[^']*')", block):
        stats[name] = value.strip("'") if value.startswith("'") else float(value) if "." in value else int(value)
    return stats


def crawl(local: LocalSite, folder: Path, extra: list[str], timeout: float) -> tuple[list[dict[str, Any]], str, int]:
    """``scrapy-readability crawl`` on the site: the feed's items, the log, the exit status."""
    feed = folder / "feed.jsonl"
    feed.unlink(missing_ok=True)
    command = [
        sys.executable,
        "-m",
        "scrapy_readability",
        "crawl",
        local.url,
        "-O",
        str(feed),
        "-s",
        "AUTOTHROTTLE_ENABLED=False",
        "-s",
        "ROBOTSTXT_OBEY=True",
        "-L",
        "INFO",
        *extra,
    ]
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    try:
        done = subprocess.run(command, capture_output=True, text=True, cwd=folder, env=environment, timeout=timeout)
        log, status = done.stderr, done.returncode
    except subprocess.TimeoutExpired as error:
        log = (error.stderr.decode(errors="replace") if isinstance(error.stderr, bytes) else error.stderr or "") + (
            f"\n(killed after {timeout:.0f} s)"
        )
        status = -1
    items = []
    if feed.exists():
        for line in feed.read_text(encoding="utf-8").split("\n"):
            if line.strip():
                items.append(json.loads(line))
    return items, log, status


def run_site(
    site: Site, mirrors: Path | None, extra: list[str], timeout: float, keep: Path | None, trafilatura: Path | None
) -> Result:
    result = Result(site.name, site.repo, site.commit, site.generator, site.language, site.kind)
    try:
        docroot = materialise(site, mirrors)
    except NotAvailable as error:
        result.status = str(error)
        return result
    truth = truth_paths(site, docroot)
    result.truth_problems = [f"not served: {link}" for link in truth.missing] + [
        f"offsite: {link}" for link in truth.offsite
    ]
    with tempfile.TemporaryDirectory(prefix=f"realsites-{site.name}-") as temporary:
        folder = Path(temporary)
        with serve(site, docroot) as local:
            started = time.perf_counter()
            items, log, status = crawl(local, folder, extra, timeout)
            result.seconds = time.perf_counter() - started
            requests = local.requests
            origin = local.origin
        scored = score(origin, truth.paths, items)
        result.truth, result.written, result.found = scored.truth, scored.written, scored.found
        result.recall, result.precision, result.duplicates = scored.recall, scored.precision, scored.duplicates
        result.same_text = scored.same_text
        result.requests, result.exit_status = len(requests), status
        result.missed = scored.missed
        result.extra = [url.removeprefix(origin) for url in scored.extra]
        stats = parse_stats(log)
        result.stats = {name: value for name, value in sorted(stats.items()) if STATS_KEPT.match(name)}
        result.summary = next((line for line in reversed(log.splitlines()) if line.startswith(SUMMARY)), "")
        if keep is not None:
            out = keep / site.name
            out.mkdir(parents=True, exist_ok=True)
            if (folder / "feed.jsonl").exists():
                (out / "feed.jsonl").write_bytes((folder / "feed.jsonl").read_bytes())
            (out / "crawl.log").write_text(log, encoding="utf-8")
            (out / "requests.txt").write_text(
                "".join(f"{r.status} {r.method} {r.path}\n" for r in requests), encoding="utf-8"
            )
            (out / "truth.txt").write_text("".join(f"{path}\n" for path in sorted(truth.paths)), encoding="utf-8")
            (out / "missed.txt").write_text("".join(f"{path}\n" for path in result.missed), encoding="utf-8")
            (out / "extra.txt").write_text("".join(f"{path}\n" for path in result.extra), encoding="utf-8")
        if trafilatura is not None:
            for mode in TRAFILATURA_MODES:
                result.trafilatura.append(run_trafilatura(site, docroot, truth.paths, mode, folder, trafilatura))
    return result


def run_trafilatura(site: Site, docroot: Path, truth: set[str], mode: str, folder: Path, config: Path) -> Listing:
    budget = max(trafilatura_discovery.CRAWL_BUDGET, 3 * len(truth))
    with serve(site, docroot, public_host=f"{site.name}.test") as local:
        urls, seconds = trafilatura_discovery.run(mode, local.url, folder, config, budget=budget, timeout=1800)
        requests = len(local.requests)
        origin = local.origin
    unique: dict[str, str] = {}
    for url in urls:
        unique.setdefault(page_key(url), url)
    scored = score(origin, truth, [{"url": url} for url in unique.values()])
    label = trafilatura_discovery.label(mode, budget)
    return Listing(label, scored.written, scored.found, scored.recall, scored.precision, requests, seconds)


# --- the report -----------------------------------------------------------------------------------------


def percent(part: int, whole: int) -> str:
    return f"{part}/{whole} ({part / whole:.0%})" if whole else "-"


def meets_targets(result: Result) -> bool:
    """Recall and precision of 95% or more, and no page written twice."""
    return result.recall >= 0.95 and result.precision >= 0.95 and result.duplicates == 0


def table(results: list[Result]) -> str:
    lines = [
        "| site | generator | lang | kind | truth | written | recall | precision | dups | same text | requests "
        "| req/article | s | targets |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    done = [result for result in results if result.status == "ok"]
    for r in done:
        per = f"{r.per_article:.2f}" if r.per_article is not None else "-"
        name = r.name.replace("|", "\\|")  # a fix's flags may hold a pipe
        lines.append(
            f"| {name} | {r.generator} | {r.language} | {r.kind} | {r.truth} | {r.written} | "
            f"{percent(r.found, r.truth)} | {percent(r.found, r.written)} | {r.duplicates} | {r.same_text} | "
            f"{r.requests} | {per} | {r.seconds:.0f} | {'✓' if meets_targets(r) else ''} |"
        )
    if done:
        truth, found, written = sum(r.truth for r in done), sum(r.found for r in done), sum(r.written for r in done)
        requests = sum(r.requests for r in done)
        mean = sum(r.recall for r in done) / len(done)
        lines.append(
            f"| **total** ({len(done)} sites; mean recall {mean:.0%}) | | | | {truth} | {written} | "
            f"{percent(found, truth)} | {percent(found, written)} | {sum(r.duplicates for r in done)} | "
            f"{sum(r.same_text for r in done)} | {requests} | {requests / found if found else 0:.2f} | "
            f"{sum(r.seconds for r in done):.0f} | {sum(meets_targets(r) for r in done)} of {len(done)} |"
        )
    for r in results:
        if r.status != "ok":
            lines.append(f"\n{r.name}: {r.status}")
    return "\n".join(lines)


def trafilatura_table(results: list[Result]) -> str:
    lines = ["| site | tool | recall | precision | requests | s |", "|---|---|---|---|---|---|"]
    for r in results:
        for listing in r.trafilatura:
            lines.append(
                f"| {r.name} | {listing.tool} | {percent(listing.found, r.truth)} | "
                f"{percent(listing.found, listing.listed)} | {listing.requests} | {listing.seconds:.0f} |"
            )
    return "\n".join(lines)


def details(results: list[Result]) -> str:
    lines = []
    for r in results:
        if r.status != "ok":
            continue
        lines.append(f"- **{r.name}** (exit {r.exit_status}): {r.summary.removeprefix(SUMMARY)}")
        spider = {
            k.removeprefix("readability/spider/").removeprefix("readability/"): v
            for k, v in r.stats.items()
            if k.startswith(("readability/spider/", "readability/preflight/"))
        }
        if spider:
            lines.append("  stats: " + ", ".join(f"{k} {v}" for k, v in spider.items()))
        if r.truth_problems:
            lines.append(f"  truth: {len(r.truth_problems)} listed URLs left out ({r.truth_problems[0]}...)")
        if r.missed:
            lines.append(
                f"  missed ({len(r.missed)}): " + ", ".join(r.missed[:5]) + (" ..." if len(r.missed) > 5 else "")
            )
        if r.extra:
            lines.append(f"  extra ({len(r.extra)}): " + ", ".join(r.extra[:5]) + (" ..." if len(r.extra) > 5 else ""))
    return "\n".join(lines)


def list_sites(sites: list[Site], mirrors: Path) -> str:
    lines = []
    for site in sites:
        reason = availability(site, mirrors)
        where = "cached" if (CACHE_DIR / f"{site.name}-{site.commit[:12]}" / ".complete").exists() else "snapshot"
        state = where if reason is None else reason
        lines.append(f"{site.name:24} {state:9} {site.kind:8} {site.repo}@{site.commit[:12]}  {site.generator}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    extra: list[str] = []
    if "--" in argv:
        at = argv.index("--")
        argv, extra = argv[:at], argv[at + 1 :]
    parser = argparse.ArgumentParser(
        description=(__doc__ or "").split("\n\n")[0], epilog="Flags after -- go to scrapy-readability crawl."
    )
    parser.add_argument("--site", action="append", metavar="NAME", help="a site (repeatable, or comma-separated)")
    parser.add_argument("--mirrors", metavar="DIR", help="the snapshots (default: $REALSITES_MIRRORS, /work/.mirror)")
    parser.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    parser.add_argument("--trafilatura", action="store_true", help="trafilatura's discovery on each site too")
    parser.add_argument("--keep", metavar="DIR", help="keep each site's feed, log, requests, truth, missed, extra")
    parser.add_argument("--list", action="store_true", help="list the sites and whether each is here; no crawl")
    parser.add_argument("--timeout", type=float, default=1800, help="seconds a crawl may take (default 1800)")
    parser.add_argument(
        "--fixes", action="store_true", help="crawl the sites whose manifest names a fix once more, with its flags"
    )
    args = parser.parse_args(argv)
    names = [name for value in args.site or [] for name in value.split(",") if name] or None
    try:
        sites = load_sites(names)
    except ManifestError as error:
        print(f"realsites: {error}", file=sys.stderr)
        return 2
    mirrors = mirrors_dir(args.mirrors)
    if args.list:
        print(list_sites(sites, mirrors))
        return 0
    keep = Path(args.keep) if args.keep else None
    results: list[Result] = []
    with tempfile.TemporaryDirectory() as temporary:
        config = trafilatura_discovery.trafilatura_config(Path(temporary)) if args.trafilatura else None
        for site in sites:
            try:
                result = run_site(site, mirrors, extra, args.timeout, keep, config)
            except Exception as error:  # one broken site (a manifest's truth, a git failure) must not stop the rest
                result = Result(site.name, site.repo, site.commit, site.generator, site.language, site.kind)
                result.status = f"error: {type(error).__name__}: {error}"
            results.append(result)
            if result.status == "ok":
                print(table([result]).splitlines()[2], file=sys.stderr)
            else:
                print(f"{site.name}: {result.status}", file=sys.stderr)
        fixed: list[Result] = []
        for site in sites if args.fixes else []:
            if site.fix:
                result = run_site(site, mirrors, [*extra, *site.fix], args.timeout, None, None)
                result.name = f"{site.name} with `{' '.join(site.fix)}`"
                fixed.append(result)
    print(table(results))
    if fixed:
        print("\nWith the flag each manifest's `fix` names (what the defaults get wrong there, and what mends it):\n")
        print(table(fixed))
        for site in sites:
            if site.fix:
                print(f"- {site.name}: {site.fix_why}")
    print()
    print(details(results))
    if args.trafilatura:
        print()
        print(trafilatura_table(results))
    if args.json:
        Path(args.json).write_text(json.dumps([asdict(r) for r in results], indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
