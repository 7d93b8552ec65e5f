#!/usr/bin/env python
"""Check that a change to the engine leaves every output as it was: a snapshot before, a comparison after.

    python benchmarks/identity.py save before.json [--corpus [DIR]]   # on the revision before the change
    python benchmarks/identity.py check before.json                    # on the change: exits 1 on any difference
    python benchmarks/identity.py save before.json --refine --quality  # the refined articles, the quality pages too

The snapshot holds, for each page, what ``compiled.py`` compares between the two builds: every field
of ``parse()``'s article (``Article.to_dict()``: metadata, the feed's fields, HTML, text, Markdown,
``text_content``), or the error it raised, and ``is_probably_readable``'s answer, under a fixed
clock. The pages are Mozilla's vendored cases, the web corpus of ``compare.py`` when it is built
(``--corpus``), and the hostile inputs of ``testkit/hostile_inputs.py`` at the unit tests'
scale; with ``--quality``, the 1,011 pages of ``quality.py`` whose sources are here (built as it builds them).
``--refine`` snapshots the refined articles (``refine=True``) instead: what a change to the refined mode's code must
keep. ``check`` reads the same sets and mode as the snapshot and prints the first difference of each page.

It runs the installed package with the engine ``SCRAPY_READABILITY_COMPILE`` chooses (0: pure Python;
unset or 1: the compiled core): a snapshot saved on one and checked on the other compares the two builds.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.append(str(ROOT))  # for tests/: the package itself as installed

import compiled  # noqa: E402  (its page sets, its clock and what it compares)


def hostile_pages() -> Iterator[tuple[str, bytes, str]]:
    from testkit.hostile_inputs import CASES, UNIT_SCALE

    for case in CASES:
        html = case.make(UNIT_SCALE if case.big else 1.0)
        data = html.encode("utf-8", "surrogatepass") if isinstance(html, str) else html
        yield f"hostile/{case.name}", data, case.url or "http://hostile.example/page.html"


def quality_pages() -> Iterator[tuple[str, bytes, str]]:
    from quality.truth import load_pages

    found, missing = load_pages()
    for line in missing:
        print(f"not available: {line}", file=sys.stderr)
    for page, folder in found:
        yield f"quality/{page.id}", (folder / page.html).read_bytes(), page.url


def pages(sets: list[str], corpus: Path) -> Iterator[tuple[str, bytes, str]]:
    if "quality" in sets:
        yield from quality_pages()
    if "mozilla" in sets:
        yield from compiled.mozilla_pages()
    if "hostile" in sets:
        yield from hostile_pages()
    if "corpus" in sets:
        yield from compiled.corpus_pages(corpus)


def digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("save", "check"))
    parser.add_argument("snapshot", type=Path)
    parser.add_argument("--corpus", nargs="?", type=Path, const=compiled.DEFAULT_CORPUS, help="the web corpus too")
    parser.add_argument("--quality", action="store_true", help="the pages of quality.py too (save)")
    parser.add_argument("--refine", action="store_true", help="the refined articles (save; check reads the snapshot)")
    args = parser.parse_args(argv)
    package = compiled.installed_package()
    print(f"engine: {package.engine._kernels.describe()}", file=sys.stderr)
    if args.action == "save":
        sets = ["mozilla", "hostile"] + (["corpus"] if args.corpus else []) + (["quality"] if args.quality else [])
        corpus = args.corpus or compiled.DEFAULT_CORPUS
        saved = {"sets": sets, "corpus": str(corpus), "refine": args.refine, "pages": {}}
        for name, html, url in pages(sets, corpus):
            saved["pages"][name] = compiled.outcome(package, html, url, args.refine)
        args.snapshot.write_text(json.dumps(saved, ensure_ascii=False), encoding="utf-8")
        print(f"{len(saved['pages'])} pages saved in {args.snapshot}")
        return 0
    saved = json.loads(args.snapshot.read_text(encoding="utf-8"))
    differing = total = 0
    for name, html, url in pages(saved["sets"], Path(args.corpus or saved["corpus"])):
        total += 1
        before = saved["pages"].get(name)
        now = compiled.outcome(package, html, url, saved.get("refine", False))
        if before is None or digest(before) != digest(now):
            differing += 1
            what = "new page" if before is None else compiled.first_difference(now, before)
            print(f"{name}: {what}".replace("compiled", "now").replace("pure", "before"))
    print(f"{total - differing}/{total} pages identical to {args.snapshot}")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
