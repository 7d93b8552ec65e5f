"""The refined article never takes a passage: its text against the default's on every page of the real sites.

Every article page of every site of ``benchmarks/realsites/`` (the pages its ground truth names), read from
the site's snapshot and extracted twice, with the defaults and with ``refine=True``. A page whose refined
text is shorter than half its default text is listed: the repairs are bounded (furniture, datelines, a
table of contents), so such a page is a repair gone wrong unless the page is mostly that.

    python benchmarks/refine_lengths.py              # every site whose snapshot is here
    python benchmarks/refine_lengths.py --site 0x7df --json out.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.realsites import corpus  # noqa: E402
from scrapy_readability.engine import Readability  # noqa: E402


def site_pages(site: corpus.Site) -> list[tuple[str, bytes]]:
    """The site's article pages as (URL, bytes), from its snapshot; none when the snapshot is not here."""
    try:
        docroot = corpus.materialise(site)
    except corpus.NotAvailable as missing:
        print(f"skipped {site.name}: {missing}", file=sys.stderr)
        return []
    origin = site.origins[0].rstrip("/") if site.origins else "http://127.0.0.1"
    pages = []
    for path in sorted(corpus.truth_paths(site, docroot).paths):
        relative = corpus.url_path_file(site, path)
        if relative is not None and (docroot / relative).is_file():
            pages.append((origin + path, (docroot / relative).read_bytes()))
    return pages


def lengths(url: str, data: bytes) -> tuple[int, int] | None:
    """The default and the refined text's lengths, or None when the page has no article."""
    default = Readability(data, url).parse()
    if default is None:
        return None
    refined = Readability(data, url, refine=True).parse()
    assert refined is not None  # the same decision: refining starts from the default article
    return len(default.text), len(refined.text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", action="append", help="only these sites (their manifests' names)")
    parser.add_argument("--json", type=Path, help="write every page's lengths here")
    args = parser.parse_args(argv)
    rows: list[dict[str, Any]] = []
    for site in corpus.load_sites(args.site):
        for url, data in site_pages(site):
            measured = lengths(url, data)
            if measured is not None:
                rows.append({"site": site.name, "url": url, "default": measured[0], "refined": measured[1]})
    short = [row for row in rows if row["refined"] < row["default"] / 2]
    ratios = [row["refined"] / row["default"] for row in rows if row["default"]]
    print(f"{len(rows)} pages of {len({row['site'] for row in rows})} sites")
    if ratios:
        print(f"refined / default text length: median {statistics.median(ratios):.3f}, lowest {min(ratios):.3f}")
    print(f"{len(short)} pages whose refined text is shorter than half the default's")
    for row in short:
        print(f"  {row['site']}: {row['url']} ({row['default']} -> {row['refined']} characters)")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
