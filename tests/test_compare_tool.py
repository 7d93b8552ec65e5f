"""benchmarks/compare.py and corpus.py, the side-by-side tools, without node or the network:
the corpus manifest is whole, and the comparison sees a difference in every aspect it reports."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.slow  # runs the comparison tool on the vendored pages

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import compare  # noqa: E402
import corpus  # noqa: E402


def test_the_corpus_manifest_is_pinned_and_whole() -> None:
    manifest = json.loads(corpus.MANIFEST.read_text(encoding="utf-8"))
    sources = {source.name: source for source in corpus.SOURCES}
    assert [s["name"] for s in manifest["sources"]] == list(sources)
    assert all(len(s["commit"]) == 40 for s in manifest["sources"])
    pages = manifest["pages"]
    assert len(pages) == len({p["name"] for p in pages}) == 529
    for page in pages:
        assert page["source"] in sources and sources[page["source"]].selects(page["path"])
        assert len(page["sha256"]) == 64 and page["url"].startswith(("https://", "http://"))


def _result(**article: Any) -> dict[str, Any]:
    base = {key: None for key, _ in compare.METADATA}
    base.update(
        content='<div id="readability-page-1" class="page"><p>Some text here.</p></div>', textContent="Some text here."
    )
    base.update(article)
    return {"readerable": True, "article": base}


@pytest.mark.parametrize(
    "change, aspect",
    [
        ({"content": '<div id="readability-page-1" class="page"><p>Some <b>text</b> here.</p></div>'}, "content"),
        ({"title": "Another title"}, "metadata"),
        ({"byline": "By Jane  Doe"}, "byline"),
        ({"textContent": "Some text  here."}, "textContent"),
        ({"textContent": "Some\ttext here."}, "textContent"),
    ],
)
def test_each_aspect_is_compared(change: dict[str, str], aspect: str) -> None:
    assert compare.differences(_result(), _result()) == {}
    assert list(compare.differences(_result(**change), _result())) == [aspect]


def test_bylines_differing_in_whitespace_alone_differ() -> None:
    found = compare.differences(_result(byline="by Jane    Doe"), _result(byline="by Jane      Doe"))
    assert list(found) == ["byline"] and "'by Jane      Doe'" in found["byline"]


def test_different_words_are_a_text_and_a_textcontent_difference() -> None:
    found = compare.differences(_result(textContent="Some text there."), _result())
    assert list(found) == ["text", "textContent"]


def test_readerable_verdicts_and_missing_articles_are_compared() -> None:
    assert list(compare.differences({**_result(), "readerable": False}, _result())) == ["readerable"]
    assert compare.differences({"readerable": True, "article": None}, _result()) == {"content": "no article from ours"}
    assert "raised" in compare.differences({"error": "boom"}, _result())["content"]
