"""Lengths count UTF-16 code units, as JavaScript's ``length`` does, wherever they decide anything.

``utf16_oracle.json`` holds pages built so that one of Readability.js's length
decisions goes one way when an emoji counts two (UTF-16 units) and the other
when it counts one (code points), with what Readability.js 0.6.0 on jsdom made
of each page and of its twin with every emoji replaced by a BMP character
(``make_utf16_oracle.py`` writes it). The engine must agree with Readability.js
on both.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scrapy_readability import Readability, is_probably_readable
from scrapy_readability.engine.html.dom import inner_text, inner_text_length, js_length
from testkit.mozilla_harness import compare_content
from tests.engine.engine_helpers import frag

ORACLE = json.loads((Path(__file__).parents[1] / "utf16_oracle.json").read_text(encoding="utf-8"))
URL = "http://fakehost/test/page.html"
FIELDS = ("title", "byline", "excerpt", "length", "text_content")


def outcome(html: str, options: dict[str, Any]) -> dict[str, Any]:
    """What the engine makes of a page, as the fixture records Readability.js's outcome."""
    article = Readability(html, url=URL, **options).parse()
    result: dict[str, Any] = {"readerable": is_probably_readable(html)}
    if article is not None:
        result.update({name: getattr(article, name) for name in FIELDS}, content=article.content)
    return result


def check(html: str, options: dict[str, Any], expected: dict[str, Any]) -> None:
    ours = outcome(html, options)
    assert ours.keys() == expected.keys()
    assert {k: ours[k] for k in ours if k != "content"} == {k: expected[k] for k in expected if k != "content"}
    if "content" in expected:
        assert compare_content(ours["content"], expected["content"]) is None


CASES = [pytest.param(case, id=case["name"]) for case in ORACLE["cases"]]


@pytest.mark.parametrize("case", CASES)
def test_decisions_count_utf16_units_as_readability_js(case: dict[str, Any]) -> None:
    check(case["html"], case["options"], case["expected"])


@pytest.mark.parametrize("case", CASES)
def test_the_bmp_twin_decides_as_readability_js(case: dict[str, Any]) -> None:
    check(case["html"].replace(ORACLE["astral"], ORACLE["bmp"]), case["options"], case["bmp_expected"])


def test_the_fixture_holds_pages_that_flip_and_controls() -> None:
    """Every length decision Readability.js makes on text has a page that flips, and controls that do not."""
    flips = {case["name"] for case in ORACLE["cases"] if case["flips"]}
    assert flips >= {
        "paragraph-minimum",
        "score-bonus",
        "char-threshold-reached",
        "char-threshold-option",
        "link-density",
        "list-share",
        "suspiciously-short",
        "sibling-paragraph",
        "share-widget",
        "byline",
        "title-length",
        "readerable",
    }
    assert {case["name"] for case in ORACLE["cases"] if not case["flips"]} >= {
        "paragraph-minimum-control",
        "char-threshold-missed",
        "readerable-control",
    }


@pytest.mark.parametrize(
    "text, units",
    [
        ("", 0),
        ("plain ascii", 11),
        ("café", 4),
        ("日本語", 3),
        ("\U0001f600", 2),
        ("a\U0001f600b\U00020000", 6),  # an emoji and a CJK Extension B ideograph
        ("\ud800", 1),  # a lone surrogate is one unit, as in JavaScript
    ],
)
def test_js_length(text: str, units: int) -> None:
    assert js_length(text) == units


@pytest.mark.parametrize(
    "markup, units",
    [
        ("<p>  a \U0001f600  b  </p>", 6),  # "a 😀 b"
        ("<p>\U0001f600<b>\U0001f600</b>\n\n\U0001f600</p>", 7),  # "😀😀 😀"
        ("<p>\ufeff\U0001f600 \ufeff x</p>", 4),  # U+FEFF is whitespace to JavaScript, not to str.split(): "😀 x"
        ("<p>caf\u00e9\u3000\u3000au lait</p>", 12),  # U+3000 is whitespace in both
    ],
)
def test_inner_text_length_counts_utf16_units(markup: str, units: int) -> None:
    el = frag(markup)
    assert inner_text_length(el) == units
    assert js_length(inner_text(el)) == units  # the length of the string it avoids building


def test_article_length_is_text_content_length_in_utf16_units() -> None:
    case = next(c for c in ORACLE["cases"] if c["name"] == "paragraph-minimum")
    article = Readability(case["html"], url=URL).parse()
    assert article is not None
    emoji = article.text_content.count(ORACLE["astral"])
    assert emoji
    assert article.length == case["expected"]["length"] == len(article.text_content) + emoji


def test_command_line_agrees_with_readability_js(tmp_path: Path) -> None:
    """As a user runs it: the pages on disk through ``scrapy-readability``, article and preflight."""
    for case in ORACLE["cases"]:
        (tmp_path / f"{case['name']}.html").write_text(case["html"], encoding="utf-8")

    def run(*flags: str) -> dict[str, dict[str, Any]]:
        command = [sys.executable, "-m", "scrapy_readability", str(tmp_path), "-f", "jsonl", "--no-progress", *flags]
        result = subprocess.run(command, capture_output=True, text=True, encoding="utf-8", check=True, timeout=120)
        return {Path(row["path"]).stem: row for row in map(json.loads, result.stdout.splitlines())}

    articles = run("--no-sanitize", "--formats", "text_content", "--workers", "1")
    verdicts = run("--readerable")
    for case in ORACLE["cases"]:
        expected, name = case["expected"], case["name"]
        assert verdicts[name]["readerable"] == expected["readerable"], name
        if case["options"]:
            continue  # the command line passes no per-page options
        assert {field: articles[name][field] for field in FIELDS} == {field: expected[field] for field in FIELDS}, name
