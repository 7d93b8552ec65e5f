"""Text nodes as the DOM keeps them: the engine against Readability.js on pages full of comments.

``text_node_fixtures.json`` (written by ``make_text_node_fixtures.py``) holds pages that put
comments, and elements Readability.js removes, where the DOM keeps the text on either side
as two text nodes and lxml joins it, with Readability.js's result (jsdom, comments removed
first as Mozilla's harness removes them). The engine must give the same ``content`` (as a
string), ``textContent``, byline, title and excerpt.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scrapy_readability import Readability
from scrapy_readability.engine.html.dom import (
    child_nodes,
    create_element,
    has_single_tag_inside_element,
    keeping_text_nodes,
    remove,
    replace_with_text,
    set_child_nodes,
    text_nodes,
)
from scrapy_readability.engine.html.parsing import parse_html

FIXTURES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parents[1] / "text_node_fixtures.json").read_text(encoding="utf-8")
)


# What an lxml tree cannot hold (README, "Where we differ"): C0 controls but tab, LF and CR
# are dropped, form feed is a space, U+FFFE and U+FFFF are dropped.
_AS_LXML_HOLDS = str.maketrans({**dict.fromkeys([*range(1, 9), 0x0B, *range(0x0E, 0x20), 0xFFFE, 0xFFFF]), 0x0C: " "})


def _expected(case: dict[str, Any]) -> dict[str, Any]:
    """Readability.js's result; for a page with a character lxml cannot hold, as our tree holds it."""
    expected: dict[str, Any] = case["expected"]
    if case["unholdable"]:
        return {key: value.translate(_AS_LXML_HOLDS) if value else value for key, value in expected.items()}
    return expected


@pytest.mark.parametrize("case", FIXTURES, ids=[case["name"] for case in FIXTURES])
def test_the_article_is_readability_js_s(case: dict[str, Any]) -> None:
    article = Readability(case["html"], url=case["url"], classes_to_preserve=["caption"]).parse()
    assert article is not None
    expected = _expected(case)
    assert article.text_content == expected["textContent"]
    assert article.byline == expected["byline"]
    assert article.content == expected["content"]
    assert (article.title, article.excerpt) == (expected["title"], expected["excerpt"])


def test_the_fixtures_run_the_first_pass_and_the_retries_alike() -> None:
    names = [case["name"] for case in FIXTURES if not case["name"].startswith("invisible-")]
    first = {name.removesuffix("-first-pass") for name in names if name.endswith("-first-pass")}
    retried = {name.removesuffix("-retried") for name in names if name.endswith("-retried")}
    assert len(names) == len(set(names)) == len(first) + len(retried)
    assert first == retried and len(first) >= 25
    for case in (case for case in FIXTURES if case["name"] in names):
        article = Readability(case["html"], url=case["url"], classes_to_preserve=["caption"]).parse()
        assert article is not None
        assert (article.attempt == "strict") is case["name"].endswith("-first-pass"), case["name"]


def test_invisible_characters_reach_the_text_as_they_reach_readability_js_s() -> None:
    """A carriage return from ``&#13;`` stays one (libxml2 would read it back as a line feed)."""
    invisible = {case["name"]: case for case in FIXTURES if case["name"].startswith("invisible-")}
    assert len(invisible) >= 20 and sum(case["unholdable"] for case in invisible.values()) == 7
    cr = invisible["invisible-ref-cr"]
    assert "x\ry" in cr["expected"]["textContent"] and not cr["unholdable"]


def _div(html: str) -> Any:
    root = parse_html(f"<body><div>{html}</div></body>")
    return root.find(".//div")


def test_removing_an_element_leaves_two_text_nodes() -> None:
    div = _div("a<i>x</i>\n<b>y</b>")
    with keeping_text_nodes():
        remove(div.find("i"))
        assert div.text == "a\n"
        assert text_nodes(div, False) == ["a", "\n"]
        assert child_nodes(div)[:2] == ["a", "\n"]
    remove(div.find("b"))  # outside parse(): strings only
    assert text_nodes(div, False) == ["a\n"]


def test_a_rewritten_string_is_one_text_node_again() -> None:
    div = _div("a<i>x</i>b")
    with keeping_text_nodes():
        remove(div.find("i"))
        assert text_nodes(div, False) == ["a", "b"]
        div.text = "ab!"  # written by code that does not know of text nodes
        assert text_nodes(div, False) == ["ab!"]


def test_moving_text_nodes_into_an_element_keeps_them_apart() -> None:
    div = _div("a<i>x</i>b<span>c</span>")
    with keeping_text_nodes():
        remove(div.find("i"))
        p = create_element("p")
        set_child_nodes(p, child_nodes(div))
        assert text_nodes(p, False) == ["a", "b"]
        assert text_nodes(p.find("span"), True) == []


def test_a_text_node_ending_in_content_counts_though_the_string_ends_in_whitespace() -> None:
    """``_hasSingleTagInsideElement``'s ``/\\S$/`` is tested on each text node."""
    div = _div("Intro<i>x</i> <div>y</div>")
    with keeping_text_nodes():
        remove(div.find("i"))
        assert not has_single_tag_inside_element(div, "div")
    div = _div("Intro <div>y</div>")
    with keeping_text_nodes():
        assert has_single_tag_inside_element(div, "div")


def test_an_element_replaced_with_text_leaves_three_text_nodes() -> None:
    div = _div("a<i>x</i>b")
    with keeping_text_nodes():
        replace_with_text(div.find("i"), "x")
        assert text_nodes(div, False) == ["a", "x", "b"]


def test_the_command_line_gives_readability_js_s_text(tmp_path: Path) -> None:
    """What a user does: extract a page full of comments with the command line."""
    case = next(c for c in FIXTURES if c["name"] == "every-line-first-pass")
    page = tmp_path / "page.html"
    page.write_text(case["html"], encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "scrapy_readability",
            "--url",
            case["url"],
            "--no-sanitize",
            "--classes-to-preserve",
            "caption",
            "--formats",
            "html,text_content",
            str(page),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    article = json.loads(done.stdout)
    assert article["text_content"] == case["expected"]["textContent"]
    assert article["content"] == case["expected"]["content"]
