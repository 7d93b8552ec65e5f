"""benchmarks/quality.py scores text as it says: bag-of-words P/R/F1 per page, CJK by character, means over pages.

Two synthetic pages written here (no corpus, no network, no cache): one whose truth is exactly its article, one
whose truth has as many words again that the page does not show (recall 0.5, precision 1).
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[1] / "benchmarks" / "quality.py"


@pytest.fixture(scope="module")
def quality():
    spec = importlib.util.spec_from_file_location("quality_tool", TOOL)
    module = importlib.util.module_from_spec(spec)
    sys.modules["quality_tool"] = module
    spec.loader.exec_module(module)
    return module


PARAGRAPHS = [
    "Rivers carry sediment from the mountains to the sea, and the shape of a delta records how much they carried "
    "in each season of the year, layer after layer, for the patient geologist who reads them.",
    "Engineers who build dams change that record: the reservoir keeps the sediment, the delta starves, and the coast "
    "retreats by several metres in a decade, which the villages along it notice long before the maps do.",
    "A river that floods spreads silt over its fields; farmers once counted on it, and the yields of the valley "
    "followed the height of the water as closely as any measurement the surveyors made.",
]
ELSEWHERE = " ".join(f"unseen{index}" for index in range(sum(len(p.split()) for p in PARAGRAPHS)))


def page(title: str) -> str:
    body = "".join(f"<p>{paragraph}</p>" for paragraph in PARAGRAPHS)
    head = f"<head><title>{title}</title></head>"
    return f"<html>{head}<body><nav><a href='/'>Home</a></nav><article>{body}</article></body></html>"


def test_scores(quality):
    assert quality.score("a b c", "c b a") == quality.Score(1.0, 1.0, 1.0)
    assert quality.score("", "a b") == quality.Score(0.0, 0.0, 0.0)
    assert quality.score("", "") == quality.Score(1.0, 1.0, 1.0)
    half = quality.score("a b", "a b c d")
    assert (half.precision, half.recall) == (1.0, 0.5) and half.f1 == pytest.approx(2 / 3)
    assert quality.score("A, a! B", "a a c").recall == pytest.approx(2 / 3)  # a multiset: 'a' twice counts twice
    assert quality.score("the the the", "the").precision == pytest.approx(1 / 3)


def test_words(quality):
    assert quality.words("Ça va, WORLD_2 ok") == ["ça", "va", "world_2", "ok"]
    assert quality.words("東京は晴れ 한국어 문장") == ["東", "京", "は", "晴", "れ", "한국어", "문장"]  # Hangul by word


def test_difference(quality):
    missing, extra = quality.difference("a a x", "a b b")
    assert missing == [("b", 2)] and extra == [("a", 1), ("x", 1)]


def test_runs_on_a_folder_of_pages(quality, tmp_path, capsys):
    (tmp_path / "whole.html").write_text(page("Deltas"), encoding="utf-8")
    (tmp_path / "whole.txt").write_text("\n\n".join(PARAGRAPHS), encoding="utf-8")
    (tmp_path / "half.html").write_text(page("Deltas again"), encoding="utf-8")
    (tmp_path / "half.txt").write_text("\n\n".join(PARAGRAPHS) + "\n\n" + ELSEWHERE, encoding="utf-8")
    out = tmp_path / "out.json"
    args = ["--pages", str(tmp_path), "--extractor", "ours-default", "--extractor", "ours-refined"]
    assert quality.main([*args, "--json", str(out), "--worst", "5"]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    scores = {p["id"]: p["scores"].get("ours-default") for p in data["pages"]}
    assert scores["whole"] == {"precision": 1.0, "recall": 1.0, "f1": 1.0}
    assert scores["half"]["precision"] == 1.0 and scores["half"]["recall"] == pytest.approx(0.5)
    overall = data["groups"]["all"]
    assert overall["pages"] == 2 and overall["ours-default"]["recall"] == pytest.approx(0.75)
    report = capsys.readouterr().out
    assert "| 2 | all |" in report and "## Per site" in report and "## CPU time per page" in report
    # The refined column fills in when the engine takes refine=True; until then it says so.
    assert ("ours-refined" in data["not_available"]) != ("ours-refined" in data["groups"]["all"])


def test_list(quality, tmp_path, capsys):
    (tmp_path / "one.html").write_text(page("One"), encoding="utf-8")
    (tmp_path / "one.txt").write_text(PARAGRAPHS[0], encoding="utf-8")
    assert quality.main(["--pages", str(tmp_path), "--list"]) == 0
    assert "| one | local | one |" in capsys.readouterr().out


def test_error_classes(quality):
    truth = "Deltas grow where rivers slow down and drop their silt.\n\nThe end of the story is here for now."
    kept = "Deltas - My Blog\n" + truth.replace("\n\n", "\n") + "\nAdd comment"
    found = quality.error_classes(kept, truth)
    assert found["head kept"] == "Deltas - My Blog" and found["tail kept"] == "Add comment"
    assert "lead lost" not in found and "body lost" not in found
    code = "1\n2\n3\n4\nprint('hi')\n" + truth
    assert "gutter" in quality.error_classes(code, truth + "\n\nprint('hi')")
    assert quality.error_classes("", truth) == {"empty": ""}
    assert "lead lost" in quality.error_classes("The end of the story is here for now.", truth)
