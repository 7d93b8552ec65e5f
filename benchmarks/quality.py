"""Text quality: each extractor's article text against a ground truth built from real pages (``quality/``).

Word-level precision, recall and F1 of a page's extracted text against its expected text: both are cut into
words (``quality.truth.words``: runs of Unicode word characters, lowercased; a character of a script written
without spaces, CJK, kana, Thai..., is a word of its own), the words are compared as bags (the multiset
intersection is what was found), and the scores are averaged over pages, as the article-extraction benchmark
reports them. An empty extraction scores 0 (an empty truth and an empty extraction 1).

    python benchmarks/quality.py                      # every page available: the tables in Markdown
    python benchmarks/quality.py --list               # the pages: source, site, language, words of truth
    python benchmarks/quality.py --site fundus --limit 40 --json out.json --worst 20
    python benchmarks/quality.py --pages DIR          # DIR/<name>.html with DIR/<name>.txt, the expected text

Extractors: ``ours-default`` (``Readability(html, url).parse().text``), ``ours-refined`` (``refine=True``;
"not available" for an engine without the option), trafilatura (default, ``favor_precision``,
``favor_recall``; ``output_format="txt"``, ``include_comments=False``), ``readability-lxml``
(``Document(html).summary()``, its text). CPU time per page is each call's process time.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.quality.truth import Page, element_text, load_pages, words  # noqa: E402

EXTRACTORS = (
    "ours-default",
    "ours-refined",
    "trafilatura",
    "trafilatura-precision",
    "trafilatura-recall",
    "readability-lxml",
)
OURS = "ours-default"


class Unavailable(Exception):
    """The extractor cannot run here (the option does not exist yet, the package is missing)."""


# --- scoring ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Score:
    precision: float
    recall: float
    f1: float


def score(extracted: str, truth: str) -> Score:
    """Bag-of-words precision, recall and F1 of ``extracted`` against ``truth``."""
    got, want = Counter(words(extracted)), Counter(words(truth))
    if not got and not want:
        return Score(1.0, 1.0, 1.0)
    if not got or not want:
        return Score(0.0, 0.0, 0.0)
    found = sum((got & want).values())
    precision, recall = found / sum(got.values()), found / sum(want.values())
    f1 = 2 * precision * recall / (precision + recall) if found else 0.0
    return Score(precision, recall, f1)


def difference(extracted: str, truth: str, top: int = 15) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """The words of the truth the extraction lacks, and the words it has beyond the truth (most frequent first)."""
    got, want = Counter(words(extracted)), Counter(words(truth))
    return (want - got).most_common(top), (got - want).most_common(top)


# --- extractors ---------------------------------------------------------------------------------------


def ours(html: str, url: str, **options: Any) -> str:
    from scrapy_readability.engine import Readability

    try:
        reader = Readability(html, url, **options)
    except TypeError as error:  # an option the engine does not have (yet)
        raise Unavailable(str(error)) from None
    article = reader.parse()
    return article.text if article is not None and article.text else ""


def trafilatura_text(html: str, url: str, **options: Any) -> str:
    import trafilatura

    text = trafilatura.extract(html, url=url, output_format="txt", include_comments=False, **options)
    return text or ""


def readability_lxml(html: str, url: str) -> str:
    import lxml.html
    from readability import Document

    summary = Document(html, url=url).summary()
    return element_text(lxml.html.fromstring(summary)) if summary and summary.strip() else ""


def extractor(name: str) -> Callable[[str, str], str]:
    """The function that gives ``name``'s text of a page."""
    table: dict[str, Callable[[str, str], str]] = {
        "ours-default": ours,
        "ours-refined": lambda html, url: ours(html, url, refine=True),
        "trafilatura": trafilatura_text,
        "trafilatura-precision": lambda html, url: trafilatura_text(html, url, favor_precision=True),
        "trafilatura-recall": lambda html, url: trafilatura_text(html, url, favor_recall=True),
        "readability-lxml": readability_lxml,
    }
    return table[name]


# --- running ------------------------------------------------------------------------------------------


@dataclass
class Result:
    """One page: its scores and CPU seconds per extractor, and the texts (for ``--worst``)."""

    page: Page
    scores: dict[str, Score] = field(default_factory=dict)
    cpu: dict[str, float] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)


def run_page(page: Page, html: str, names: Sequence[str], unavailable: dict[str, str]) -> Result:
    """Every extractor on one page; an extractor found unavailable is recorded once and skipped after."""
    result = Result(page)
    for name in names:
        if name in unavailable:
            continue
        start = time.process_time()
        try:
            text = extractor(name)(html, page.url)
        except Unavailable as error:
            unavailable[name] = str(error)
            continue
        except Exception as error:  # an extractor's crash is its failure on this page: an empty text
            result.errors[name] = f"{type(error).__name__}: {error}"
            text = ""
        result.cpu[name] = time.process_time() - start
        result.scores[name] = score(text, page.truth)
        result.texts[name] = text
    return result


def local_pages(folder: Path) -> list[tuple[Page, Path]]:
    """Pages of a folder: ``<name>.html`` with its expected text ``<name>.txt`` (tests, hand-made pages)."""
    pages = []
    for html in sorted(folder.glob("*.html")):
        expected = html.with_suffix(".txt")
        if expected.is_file():
            truth = expected.read_text(encoding="utf-8")
            page = Page(
                html.stem,
                "local",
                html.stem,
                "und",
                "local",
                f"http://local.invalid/{html.name}",
                html.name,
                truth,
                str(expected),
            )
            pages.append((page, folder))
    return pages


def select(
    pages: list[tuple[Page, Path]], sites: Sequence[str], languages: Sequence[str], limit: int | None
) -> list[tuple[Page, Path]]:
    """The pages of the sites (a site's or a source's name) and languages asked, then at most ``limit``
    spread evenly over the list (every k-th), so that a small run still sees every source."""
    chosen = [
        (page, folder)
        for page, folder in pages
        if (not sites or page.site in sites or page.source in sites) and (not languages or page.language in languages)
    ]
    if limit and len(chosen) > limit:
        step = len(chosen) / limit
        chosen = [chosen[int(index * step)] for index in range(limit)]
    return chosen


# --- reports ------------------------------------------------------------------------------------------


def mean(values: Iterable[float]) -> float:
    values = list(values)
    return statistics.fmean(values) if values else float("nan")


def group_means(results: Sequence[Result], name: str) -> tuple[float, float, float]:
    scores = [result.scores[name] for result in results if name in result.scores]
    return mean(s.precision for s in scores), mean(s.recall for s in scores), mean(s.f1 for s in scores)


def groups(results: Sequence[Result], smallest: int = 1) -> list[tuple[str, list[Result]]]:
    """All pages, then by site kind, then by language (most pages first); languages with fewer than ``smallest``
    pages together as one row."""
    rows: list[tuple[str, list[Result]]] = [("all", list(results))]
    for key in ("kind", "language"):
        buckets: dict[str, list[Result]] = {}
        for result in results:
            buckets.setdefault(getattr(result.page, key), []).append(result)
        ordered = sorted(buckets.items(), key=lambda item: (-len(item[1]), item[0]))
        rows += [(f"{key}: {value}", found) for value, found in ordered if len(found) >= smallest]
        few = [(value, found) for value, found in ordered if len(found) < smallest]
        if few:
            names = ", ".join(value for value, _ in few)
            rows.append((f"{key}: {len(few)} others ({names})", [r for _, found in few for r in found]))
    return rows


def cell(results: Sequence[Result], name: str, unavailable: dict[str, str]) -> str:
    if name in unavailable:
        return "not available"
    precision, recall, f1 = group_means(results, name)
    return f"{precision:.3f} / {recall:.3f} / **{f1:.3f}**"


def quality_table(results: Sequence[Result], names: Sequence[str], unavailable: dict[str, str]) -> list[str]:
    lines = ["| pages | group | " + " | ".join(names) + " |", "|---:|---|" + "---|" * len(names)]
    for label, found in groups(results, smallest=5):
        lines.append(f"| {len(found)} | {label} | " + " | ".join(cell(found, n, unavailable) for n in names) + " |")
    return lines


def site_table(
    results: Sequence[Result], names: Sequence[str], unavailable: dict[str, str], every_site: bool = False
) -> list[str]:
    """F1 per site, sorted by source then site; a source of more than ten sites (news publishers, an extractor's
    test pages) is one row unless ``every_site``."""
    sites_of: dict[str, set[str]] = {}
    for result in results:
        sites_of.setdefault(result.page.source, set()).add(result.page.site)
    buckets: dict[tuple[str, str], list[Result]] = {}
    for result in results:
        source, site = result.page.source, result.page.site
        if not every_site and len(sites_of[source]) > 10:
            site = f"({len(sites_of[source])} sites)"
        buckets.setdefault((source, site), []).append(result)
    lines = [
        "| source | site | lang | pages | " + " | ".join(names) + " |",
        "|---|---|---|---:|" + "---:|" * len(names),
    ]
    for (source, site), found in sorted(buckets.items()):
        language = "+".join(sorted({r.page.language for r in found}))
        f1s = ["n/a" if n in unavailable else f"{group_means(found, n)[2]:.3f}" for n in names]
        lines.append(f"| {source} | {site} | {language} | {len(found)} | " + " | ".join(f1s) + " |")
    return lines


def cpu_table(results: Sequence[Result], names: Sequence[str], unavailable: dict[str, str]) -> list[str]:
    lines = [
        "| extractor | pages | CPU ms/page (mean) | median | max | × ours-default (mean) | errors |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    base = mean(result.cpu[OURS] * 1000 for result in results if OURS in result.cpu)
    for name in names:
        if name in unavailable:
            lines.append(f"| {name} | 0 | not available | | | | |")
            continue
        times = [result.cpu[name] * 1000 for result in results if name in result.cpu]
        errors = sum(name in result.errors for result in results)
        if times:
            ratio = mean(times) / base if base else float("nan")
            figures = f"{mean(times):.1f} | {statistics.median(times):.1f} | {max(times):.0f} | {ratio:.2f}"
            lines.append(f"| {name} | {len(times)} | {figures} | {errors} |")
    return lines


def worst(results: Sequence[Result], names: Sequence[str], count: int, margin: float = 0.1) -> list[dict[str, Any]]:
    """Pages where ours-default's F1 is below the best other extractor's by more than ``margin``, widest gap first,
    with the words ours lacks and the words it has beyond the truth."""
    others = [n for n in names if not n.startswith("ours-")]
    found = []
    for result in results:
        if OURS not in result.scores:
            continue
        scored = [(result.scores[n].f1, n) for n in others if n in result.scores]
        if not scored:
            continue
        best, best_name = max(scored)
        gap = best - result.scores[OURS].f1
        if gap > margin:
            missing, extra = difference(result.texts[OURS], result.page.truth)
            found.append(
                {
                    "page": result.page.id,
                    "site": result.page.site,
                    "language": result.page.language,
                    "ours": round(result.scores[OURS].f1, 3),
                    "ours_precision": round(result.scores[OURS].precision, 3),
                    "ours_recall": round(result.scores[OURS].recall, 3),
                    "best": best_name,
                    "best_f1": round(best, 3),
                    "gap": round(gap, 3),
                    "missing": missing,
                    "extra": extra,
                }
            )
    found.sort(key=lambda row: -row["gap"])
    return found[:count] if count else found


def worst_lines(rows: Sequence[dict[str, Any]], total: int) -> list[str]:
    lines = [
        f"{total} pages where {OURS}'s F1 is below the best other extractor's by more than 0.1; the widest gaps:",
        "",
    ]
    for row in rows:
        lines.append(
            f"- `{row['page']}` ({row['language']}): ours F1 {row['ours']:.3f} (P {row['ours_precision']:.3f}, "
            f"R {row['ours_recall']:.3f}), {row['best']} {row['best_f1']:.3f}"
        )
        lines.append("  - missing: " + ", ".join(f"{w}×{n}" for w, n in row["missing"]))
        lines.append("  - extra: " + ", ".join(f"{w}×{n}" for w, n in row["extra"]))
    return lines


# What ours-default keeps or loses against the truth, by the kinds of error issue 31 names. Each test is on the
# extracted text's lines (blocks) against the truth's words: heuristics to count and to find, not a verdict.
GUTTER = re.compile(r"(?:^|\n)\s*1\s*\n\s*2\s*\n\s*3\s*\n\s*4\s*(?:\n|$)")


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.split("\n") if words(line)]


def _foreign(line: str, truth: Counter[str]) -> bool:
    """A short line (30 words at most) most of whose words the truth lacks: a title, a dateline, a footer."""
    found = words(line)
    return 0 < len(found) <= 30 and sum(word not in truth for word in found) > len(found) / 2


def _lost(block: str, got: Counter[str]) -> bool:
    """A block of the truth (10 words at least) less than half of whose words the extraction has."""
    found = words(block)
    return len(found) >= 10 and sum(word in got for word in found) < len(found) / 2


def error_classes(text: str, truth: str) -> dict[str, str]:
    """The kinds of error of one extraction, each with the line that shows it: ``empty``; ``head kept`` (a first
    line the truth lacks: the title, a dateline, a table of contents' heading); ``tail kept`` (a last line the
    truth lacks: a comment heading, a licence, share or newsletter box, next/previous links); ``gutter`` (a
    code block's line numbers, 1 2 3 4 on lines of their own, that the truth lacks); ``lead lost`` and ``end
    lost`` (the truth's first or last block mostly missing); ``body lost`` (recall under 0.8) and
    ``boilerplate`` (precision under 0.8)."""
    found: dict[str, str] = {}
    if not words(text):
        return {"empty": ""}
    want, got = Counter(words(truth)), Counter(words(text))
    lines, blocks = _lines(text), _lines(truth)
    if _foreign(lines[0], want):
        found["head kept"] = lines[0]
    if len(lines) > 1 and _foreign(lines[-1], want):
        found["tail kept"] = lines[-1]
    if GUTTER.search(text) and not GUTTER.search(truth):
        found["gutter"] = GUTTER.search(text).group(0).strip().replace("\n", " ")
    if blocks and _lost(blocks[0], got):
        found["lead lost"] = blocks[0]
    if len(blocks) > 1 and _lost(blocks[-1], got):
        found["end lost"] = blocks[-1]
    measured = score(text, truth)
    if measured.recall < 0.8:
        found["body lost"] = f"recall {measured.recall:.2f}"
    if measured.precision < 0.8:
        found["boilerplate"] = f"precision {measured.precision:.2f}"
    return found


def class_lines(results: Sequence[Result]) -> list[str]:
    """Pages per kind of error of ours-default, by site kind, with the lines most often responsible."""
    kinds = sorted({result.page.kind for result in results})
    counts: dict[str, Counter[str]] = {}
    examples: dict[str, Counter[str]] = {}
    for result in results:
        if OURS not in result.texts:
            continue
        for name, line in error_classes(result.texts[OURS], result.page.truth).items():
            counts.setdefault(name, Counter())[result.page.kind] += 1
            if name not in ("body lost", "boilerplate"):  # their "line" is a figure, no example
                examples.setdefault(name, Counter())[re.sub(r"\d+", "N", line)[:60]] += 1
    total = Counter(result.page.kind for result in results)
    lines = ["| kind of error | " + " | ".join(f"{k} ({total[k]})" for k in kinds) + " | all | most frequent lines |"]
    lines.append("|---|" + "---:|" * (len(kinds) + 1) + "---|")
    for name in ("empty", "head kept", "tail kept", "gutter", "lead lost", "end lost", "body lost", "boilerplate"):
        if name not in counts:
            continue
        frequent = examples.get(name, Counter()).most_common(4)
        common = "; ".join(f"`{line}` ×{n}" for line, n in frequent if line and n > 1)
        cells = " | ".join(str(counts[name][k]) for k in kinds)
        lines.append(f"| {name} | {cells} | {sum(counts[name].values())} | {common} |")
    return lines


def page_json(result: Result) -> dict[str, Any]:
    return {
        "id": result.page.id,
        "source": result.page.source,
        "site": result.page.site,
        "language": result.page.language,
        "kind": result.page.kind,
        "truth_words": len(words(result.page.truth)),
        "scores": {n: {"precision": s.precision, "recall": s.recall, "f1": s.f1} for n, s in result.scores.items()},
        "cpu_ms": {n: round(t * 1000, 2) for n, t in result.cpu.items()},
        "errors": result.errors,
        "ours_default_errors": error_classes(result.texts[OURS], result.page.truth) if OURS in result.texts else {},
    }


# --- command line -------------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=Path, help="a folder of <name>.html with <name>.txt instead of the corpus")
    parser.add_argument("--source", action="append", default=[], help="only these sources (manifests' names)")
    parser.add_argument("--site", action="append", default=[], help="only these sites (a site's or a source's name)")
    parser.add_argument("--language", action="append", default=[], help="only these languages")
    parser.add_argument("--limit", type=int, help="at most this many pages, spread over the selection")
    parser.add_argument("--extractor", action="append", choices=EXTRACTORS, help="only these extractors")
    parser.add_argument("--list", action="store_true", help="print the pages and stop")
    parser.add_argument("--every-site", action="store_true", help="the per-site table: every site of every source")
    parser.add_argument("--worst", type=int, default=0, metavar="N", help="the N widest gaps of ours-default (0: none)")
    parser.add_argument("--json", type=Path, help="write every figure here")
    parser.add_argument(
        "--mirrors", type=Path, help="the snapshots' folder (default $REALSITES_MIRRORS or /work/.mirror)"
    )
    return parser.parse_args(argv)


def list_lines(pages: Sequence[tuple[Page, Path]]) -> list[str]:
    lines = ["| page | source | site | lang | kind | truth words | truth from |", "|---|---|---|---|---|---:|---|"]
    for page, _ in pages:
        cells = (page.id, page.source, page.site, page.language, page.kind, len(words(page.truth)), page.origin)
        lines.append("| " + " | ".join(map(str, cells)) + " |")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.pages:
        pages, missing = local_pages(args.pages), []
    else:
        pages, missing = load_pages(args.source or None, args.mirrors)
    pages = select(pages, args.site, args.language, args.limit)
    for reason in missing:
        print(f"<!-- {reason} -->", file=sys.stderr)
    if args.list:
        print("\n".join(list_lines(pages)))
        print(f"\n{len(pages)} pages", file=sys.stderr)
        return 0
    names = list(args.extractor or EXTRACTORS)
    unavailable: dict[str, str] = {}
    results = []
    if pages:  # a first call imports and compiles what each extractor needs: not a page's cost
        page, folder = pages[0]
        run_page(page, (folder / page.html).read_text(encoding="utf-8"), names, unavailable)
    for index, (page, folder) in enumerate(pages, 1):
        results.append(run_page(page, (folder / page.html).read_text(encoding="utf-8"), names, unavailable))
        if index % 50 == 0:
            print(f"{index}/{len(pages)} pages", file=sys.stderr)
    hard = worst(results, names, 0)
    out = ["## Quality (mean over pages of P / R / **F1**)", "", *quality_table(results, names, unavailable), ""]
    out += ["## Per site (mean F1)", "", *site_table(results, names, unavailable, args.every_site), ""]
    out += ["## CPU time per page", "", *cpu_table(results, names, unavailable), ""]
    out += [f"- {n}: not available ({why})" for n, why in unavailable.items()]
    if OURS in names:
        out += ["", "## What ours-default keeps and loses (pages)", "", *class_lines(results)]
    if args.worst:
        out += ["", "## Worst pages of ours-default", "", *worst_lines(hard[: args.worst], len(hard))]
    print("\n".join(out))
    if args.json:
        data = {
            "extractors": names,
            "not_available": unavailable,
            "missing_sources": missing,
            "groups": {
                label: {
                    n: dict(zip(("precision", "recall", "f1"), group_means(found, n), strict=False))
                    for n in names
                    if n not in unavailable
                }
                | {"pages": len(found)}
                for label, found in groups(results)
            },
            "worst": hard,
            "pages": [page_json(result) for result in results],
        }
        args.json.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
