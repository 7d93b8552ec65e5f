#!/usr/bin/env python
"""Text and Markdown: what they cost next to ``parse()``, and our converter against its peers.

    python benchmarks/formats.py [--pages DIR] [--repeat N] [--tools NAME,...] [--json [FILE]]

For every page, ``Readability(html, url=...).parse()`` runs once to get the
article; then each tool turns that article into text or Markdown:

    ours-text          article_text(article.tree): innerText of the tree parse() holds
    ours-markdown      to_markdown(article.tree): our Markdown, from the same tree
    html-to-markdown   html_to_markdown.convert(article.content) (Rust), escaping on
    markdownify        markdownify(article.content), ATX headings, escaping on
    html2text          HTML2Text().handle(article.content), no wrapping, escape_snob on

The peers take ``content`` (HTML), so they pay a second parse; ours walks the
tree the engine already has, as ``article.text``/``article.markdown`` do. Per
page each tool runs ``--repeat`` times and the best time counts; the report
gives the median and 95th percentile per page, and the median as a share of
``parse()``'s median (timed the same way).

The round trip, for the Markdown tools: each page's Markdown is rendered by
markdown-it (CommonMark with GitHub tables) and the text a reader sees of it
(innerText, as ``article.text`` is made) is compared with ``article.text``:
the same words in the same order; the same lines (block structure); the same
headings and list items. ``escaping`` is how many of the tricky texts of
``tests/engine/outputs/test_markdown.py`` (Markdown syntax as plain text) read back as
themselves. Peers need ``pip install html-to-markdown markdownify html2text``;
a peer that is not installed is skipped with a note.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]
DEFAULT_PAGES = ROOT / "tests" / "mozilla_pages"
URL = "http://fakehost/test/page.html"


def _ours_text() -> Callable[[Any], str]:
    from scrapy_readability.engine.outputs.text import article_text

    return lambda article: article_text(article.tree)


def _ours_markdown() -> Callable[[Any], str]:
    from scrapy_readability.engine.outputs.markdown import to_markdown

    return lambda article: to_markdown(article.tree)


def _html_to_markdown() -> Callable[[Any], str]:
    import html_to_markdown

    options = html_to_markdown.ConversionOptions(
        escape_asterisks=True, escape_underscores=True, escape_misc=True, extract_metadata=False
    )
    return lambda article: html_to_markdown.convert(article.content, options).content


def _markdownify() -> Callable[[Any], str]:
    from markdownify import markdownify

    return lambda article: markdownify(article.content, heading_style="ATX", bullets="-", escape_misc=True)


def _html2text() -> Callable[[Any], str]:
    import html2text

    def convert(article: Any) -> str:
        converter = html2text.HTML2Text()
        converter.body_width = 0
        converter.escape_snob = True
        return converter.handle(article.content)

    return convert


TOOLS: dict[str, Callable[[], Callable[[Any], str]]] = {
    "ours-text": _ours_text,
    "ours-markdown": _ours_markdown,
    "html-to-markdown": _html_to_markdown,
    "markdownify": _markdownify,
    "html2text": _html2text,
}
TEXT_TOOLS = {"ours-text"}


@dataclass
class Result:
    name: str
    times: list[float] = field(default_factory=list)
    words: int = 0
    lines: int = 0
    structure: int = 0
    escaping: int = 0
    pages: int = 0


def best_time(run: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - started)
    return best


def load_pages(pages_dir: Path) -> list[tuple[str, str]]:
    return [
        (folder.name, (folder / "source.html").read_text(encoding="utf-8").strip())
        for folder in sorted(pages_dir.iterdir())
        if (folder / "source.html").is_file()
    ]


def round_trip(article: Any, markdown: str) -> tuple[bool, bool, bool]:
    """(same words, same lines, same headings and list items) once ``markdown`` is rendered."""
    from scrapy_readability.engine.outputs.text import article_text
    from testkit.rendering import lines, render_markdown, structure

    root = render_markdown(markdown)
    back = article_text(root)
    return (
        article.text.split() == back.split(),
        lines(article.text) == lines(back),
        structure(article.tree) == structure(root),
    )


def escaping_score(convert: Callable[[Any], str]) -> int:
    """How many tricky texts (Markdown syntax as plain text) read back as themselves."""
    from scrapy_readability.engine.outputs.article import Article
    from scrapy_readability.engine.outputs.text import article_text
    from testkit.markdown_texts import TRICKY_TEXTS, escape_html
    from testkit.rendering import content_div, rendered_text

    passed = 0
    for text in TRICKY_TEXTS:
        html = f"<p>{escape_html(text)}</p>"
        tree = content_div(html)
        article = Article(None, None, None, None, html, text, len(text), None, None, None, tree=tree)
        if rendered_text(convert(article)) == article_text(tree):
            passed += 1
    return passed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=Path, default=DEFAULT_PAGES)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--tools", default=",".join(TOOLS))
    parser.add_argument("--json", nargs="?", const="-", default=None, metavar="FILE")
    args = parser.parse_args()

    from scrapy_readability import Readability

    pages = load_pages(args.pages)
    articles = []
    parse_times = []
    for _name, html in pages:
        article = Readability(html, url=URL).parse()
        if article is None:
            continue
        articles.append(article)
        parse_times.append(best_time(lambda html=html: Readability(html, url=URL).parse(), args.repeat))
    parse_median = statistics.median(parse_times)

    results: list[Result] = []
    for name in args.tools.split(","):
        try:
            convert = TOOLS[name]()
        except ImportError as error:
            print(f"skipped {name}: {error}", file=sys.stderr)
            continue
        result = Result(name)
        for article in articles:
            result.times.append(best_time(lambda: convert(article), args.repeat))  # noqa: B023 - timed now
            if name not in TEXT_TOOLS:
                words, same_lines, same_structure = round_trip(article, convert(article))
                result.words += words
                result.lines += same_lines
                result.structure += same_structure
            result.pages += 1
        if name not in TEXT_TOOLS:
            result.escaping = escaping_score(convert)
        results.append(result)

    report(results, parse_median, len(articles), args)


def report(results: list[Result], parse_median: float, pages: int, args: argparse.Namespace) -> None:
    from testkit.markdown_texts import TRICKY_TEXTS

    rows = []
    for r in results:
        median = statistics.median(r.times)
        p95 = statistics.quantiles(r.times, n=20)[-1] if len(r.times) > 1 else median
        row = {
            "tool": r.name,
            "median_ms": round(median * 1e3, 3),
            "p95_ms": round(p95 * 1e3, 3),
            "share_of_parse": round(median / parse_median, 4),
        }
        if r.name not in TEXT_TOOLS:
            row.update(words=r.words, lines=r.lines, structure=r.structure, escaping=r.escaping)
        rows.append(row)
    if args.json is not None:
        data = {
            "python": platform.python_version(),
            "pages": pages,
            "parse_median_ms": round(parse_median * 1e3, 3),
            "tools": rows,
        }
        text = json.dumps(data, indent=2)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).write_text(text + "\n")
        return
    print(f"{pages} pages, parse() median {parse_median * 1e3:.2f} ms, best of {args.repeat}\n")
    tricky = len(TRICKY_TEXTS)
    print("| tool | median ms | p95 ms | ÷ parse() | same words | same lines | same headings, items | escaping |")
    print("|---|---|---|---|---|---|---|---|")
    for row in rows:
        share = f"{row['share_of_parse']:.1%}"
        if "words" in row:
            trip = (
                f"{row['words']}/{pages} | {row['lines']}/{pages} | {row['structure']}/{pages} | "
                f"{row['escaping']}/{tricky}"
            )
        else:
            trip = "| | |"
        print(f"| {row['tool']} | {row['median_ms']:.3f} | {row['p95_ms']:.3f} | {share} | {trip} |")


if __name__ == "__main__":
    main()
