#!/usr/bin/env python
"""Check that the compiled core gives the articles the pure-Python engine gives, byte for byte.

    python benchmarks/compiled.py [--mozilla] [--corpus [DIR]] [--limit N]
    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        python benchmarks/compiled.py --instructions compiled|pure parse|read [--every N]

Run it with the Python of an environment where the compiled core is built (``pip install -e .``
or ``pip install .`` where a C compiler is; README.md): it imports the package as installed,
checks that its engine runs the core (``scrapy_readability.engine.compiled``), and imports the
same package again under another name (``scrapy_readability_pure``) with
``SCRAPY_READABILITY_COMPILE=0``, which makes that copy pure Python. Both engines then read the
same pages: Mozilla's vendored cases (``--mozilla``, the default) and the web corpus of
``compare.py`` (``--corpus``, at ~/.cache/scrapy-readability/web-corpus unless a folder is
given). Per page it compares every field of ``parse()``'s article (``Article.to_dict()``: the
metadata, the feed's fields and every representation, Markdown and text included), and
``is_probably_readable``'s answer; the clock is fixed so that the feed's relative dates cannot
differ. It prints the first difference of each page that differs and exits 1 when any does.

``--instructions`` is for an instruction count the machine's load does not move: it imports one
engine, reads every N-th vendored page (3 by default) and parses each once (``parse``) or not
(``read``); the instructions of ``parse()`` are the ``Collected`` total of ``parse`` minus ``read``.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import os
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MOZILLA_PAGES = ROOT / "tests" / "mozilla_pages"
MOZILLA_URL = "http://fakehost/test/page.html"
DEFAULT_CORPUS = Path.home() / ".cache" / "scrapy-readability" / "web-corpus"
NOW = datetime(2026, 1, 1, tzinfo=UTC)
PURE = "scrapy_readability_pure"


VARIABLE = "SCRAPY_READABILITY_COMPILE"


def compiled_package() -> ModuleType:
    """The installed package, its engine checked to run the compiled core."""
    import scrapy_readability
    from scrapy_readability import engine

    if not engine.compiled:
        sys.exit(
            f"not compiled: the engine of {scrapy_readability.__file__} runs {engine._kernels.describe()}; "
            f"build the core: {VARIABLE}=1 pip install -e . (where a C compiler and Python's headers are)"
        )
    return scrapy_readability


def pure_package() -> ModuleType:
    """The installed package's sources imported again as ``scrapy_readability_pure``, pure Python."""
    if PURE in sys.modules:
        return sys.modules[PURE]
    import scrapy_readability

    source = Path(str(scrapy_readability.__file__)).parent
    spec = importlib.util.spec_from_file_location(
        PURE, source / "__init__.py", submodule_search_locations=[str(source)]
    )
    assert spec is not None and spec.loader is not None
    package = importlib.util.module_from_spec(spec)
    sys.modules[PURE] = package
    before = os.environ.get(VARIABLE)
    os.environ[VARIABLE] = "0"  # read once, as the copy's engine/_kernels.py is imported
    try:
        spec.loader.exec_module(package)
        engine = importlib.import_module(f"{PURE}.engine")
    finally:
        if before is None:
            del os.environ[VARIABLE]
        else:
            os.environ[VARIABLE] = before
    assert not engine.compiled, "the pure copy loaded the compiled core"
    return package


def installed_package() -> ModuleType:
    """The installed package, with the engine ``SCRAPY_READABILITY_COMPILE`` chooses (identity.py)."""
    import scrapy_readability

    return scrapy_readability


def mozilla_pages() -> Iterator[tuple[str, bytes, str]]:
    for source in sorted(MOZILLA_PAGES.glob("*/source.html")):
        yield f"mozilla/{source.parent.name}", source.read_bytes(), MOZILLA_URL


def corpus_pages(folder: Path) -> Iterator[tuple[str, bytes, str]]:
    index = folder / "index.json"
    if not index.is_file():
        sys.exit(f"no corpus at {folder}: build it with python benchmarks/corpus.py (benchmarks/README.md)")
    for entry in json.loads(index.read_text(encoding="utf-8")):
        yield f"corpus/{entry['name']}", (folder / f"{entry['name']}.html").read_bytes(), entry["url"]


def outcome(package: ModuleType, html: bytes, url: str, refine: bool = False) -> dict[str, Any]:
    """What an engine makes of a page: the article's every field (or the error it raised), and the preflight;
    ``refine``: the refined article's."""
    try:
        article = package.Readability(html, url=url, refine=refine).parse(now=NOW)
        fields: Any = None if article is None else article.to_dict()
    except Exception as error:  # an engine that raises must raise the same in both builds
        fields = f"raised {type(error).__name__}: {error}"
    return {"article": fields, "is_probably_readable": package.is_probably_readable(html)}


def first_difference(compiled: dict[str, Any], pure: dict[str, Any]) -> str | None:
    if compiled == pure:
        return None
    for key in ("is_probably_readable", "article"):
        if compiled[key] != pure[key]:
            ours, theirs = compiled[key], pure[key]
            if isinstance(ours, dict) and isinstance(theirs, dict):
                name = next(name for name in ours if ours[name] != theirs.get(name))
                return f"{name}: compiled {str(ours[name])[:120]!r}, pure {str(theirs[name])[:120]!r}"
            return f"{key}: compiled {str(ours)[:120]!r}, pure {str(theirs)[:120]!r}"
    return "differ"


def parse_pages(engine: str, work: str, every: int) -> None:
    """Every ``every``-th vendored page parsed once by one engine (``work`` ``parse``), or only read (``read``)."""
    package = compiled_package() if engine == "compiled" else pure_package()
    for _, html, url in list(mozilla_pages())[::every]:
        if work == "parse":
            package.Readability(html, url=url).parse(now=NOW)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--instructions", nargs=2, metavar=("compiled|pure", "parse|read"), help="for callgrind")
    parser.add_argument("--every", type=int, default=3, help="with --instructions: every N-th vendored page")
    parser.add_argument("--mozilla", action="store_true", help="Mozilla's vendored pages (the default)")
    parser.add_argument("--corpus", nargs="?", type=Path, const=DEFAULT_CORPUS, help="the web corpus of compare.py")
    parser.add_argument("--limit", type=int, help="at most this many pages of each set")
    args = parser.parse_args(argv)
    if args.instructions:
        engine, work = args.instructions
        if engine not in ("compiled", "pure") or work not in ("parse", "read"):
            parser.error("--instructions compiled|pure parse|read")
        parse_pages(engine, work, args.every)
        return 0
    compiled, pure = compiled_package(), pure_package()
    sets = []
    if args.mozilla or args.corpus is None:
        sets.append(("Mozilla's vendored pages", mozilla_pages()))
    if args.corpus is not None:
        sets.append((f"the web corpus ({args.corpus})", corpus_pages(args.corpus)))
    differing = 0
    for title, pages in sets:
        same = total = 0
        for name, html, url in pages:
            if args.limit is not None and total >= args.limit:
                break
            total += 1
            difference = first_difference(outcome(compiled, html, url), outcome(pure, html, url))
            if difference is None:
                same += 1
            else:
                print(f"DIFFERS {name}: {difference}")
        differing += total - same
        print(f"{title}: {same}/{total} identical, every field of the article and the preflight", flush=True)
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
