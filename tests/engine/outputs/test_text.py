"""``engine/text.py``: our ``innerText`` against Chromium's, and ``article.text``.

The expected values were computed by Chromium (``make_text_fixtures.py``) from
the HTML kept beside them; these tests parse that HTML with our parser and
need no browser.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scrapy_readability import Readability
from scrapy_readability.engine.outputs.text import article_text, inner_text
from testkit.mozilla_harness import list_cases, run_engine
from testkit.rendering import content_div
from tests.engine.make_text_fixtures import FOCUSED, OUT, TREE_FIXTURE

# Vendored pages whose text differs from Chromium's, with the reason. Only shrinks (it is empty
# since we parse as HTML5 does: the four pages where libxml2's tree and Chromium's differed agree).
# A difference that comes back gets, from tests/engine/make_text_fixtures.py, Chromium's innerText of a DOM
# built node for node as our tree, to show whether only the parsers differ.
KNOWN_DIFFERENCES: dict[str, str] = {}
# Pages whose content does not parse back into the tree it was serialised from, with the reason.
ROUND_TRIP_DIFFERENCES = {
    "hukumusume": "the article is a <td> moved into a <div>: parsed again, as a browser parses content, "
    "the stray <td> tag is dropped (a tab less)",
}

FOCUSED_CASES = json.loads((OUT / "focused.json").read_text(encoding="utf-8"))["cases"]


def ours(html: str) -> str:
    return inner_text(content_div(html))


def test_every_focused_case_has_a_fixture() -> None:
    assert [case["html"] for case in FOCUSED_CASES] == FOCUSED


@pytest.mark.parametrize("case", FOCUSED_CASES, ids=lambda case: case["html"][:40])
def test_focused(case: dict[str, str]) -> None:
    assert ours(case["html"]) == case["inner_text"]


def _params(cases: list[str], known: dict[str, str]) -> list[object]:
    return [
        pytest.param(case, marks=pytest.mark.xfail(strict=True, reason=known[case])) if case in known else case
        for case in cases
    ]


@pytest.mark.parametrize("case", _params(list_cases(), KNOWN_DIFFERENCES))
def test_vendored_page(case: str) -> None:
    folder: Path = OUT / case
    html = (folder / "content.html").read_text(encoding="utf-8")
    expected = (folder / "inner-text.txt").read_text(encoding="utf-8")
    assert ours(html) == expected


def test_every_vendored_page_has_a_fixture() -> None:
    assert sorted(p.name for p in OUT.iterdir() if p.is_dir()) == list_cases()


def test_tree_fixtures_are_the_known_differences() -> None:
    assert sorted(p.parent.name for p in OUT.glob(f"*/{TREE_FIXTURE}")) == sorted(KNOWN_DIFFERENCES)


@pytest.mark.parametrize("case", _params(list_cases(), ROUND_TRIP_DIFFERENCES))
def test_article_text_is_inner_text_of_content(case: str) -> None:
    """``article.text`` is our innerText of ``article.content``, trimmed, whatever content is now."""
    article, error = run_engine(case)
    assert error is None
    assert article.text == article_text(content_div(article.content))
    assert article.text == article.text.strip()


def test_article_text_reads_like_text() -> None:
    html = (
        "<html><body><article><h1>Title</h1><p>First   paragraph with <b>bold</b>\n text, long enough"
        " to count.</p><p>Second paragraph<br>with a break.</p><table><tr><td>a</td><td>b</td></tr>"
        "<tr><td>c</td><td>d</td></tr></table><ul><li>one</li><li>two</li></ul><div hidden>gone</div>"
        "</article></body></html>"
    )
    article = Readability(html, char_threshold=10).parse()
    assert article is not None
    assert article.text == (
        "Title\n\nFirst paragraph with bold text, long enough to count.\n\n"
        "Second paragraph\nwith a break.\n\na\tb\nc\td\none\ntwo"
    )
