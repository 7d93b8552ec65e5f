"""benchmarks/hostile.py, the hostile-input matrix at full size, as a user runs it (a case scaled down)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # a Python in a subprocess, and one more per case

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "hostile.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize(
    ("flags", "order"),
    [((), "parse, preflight"), (("--preflight-first",), "preflight, parse")],
    ids=["default", "crawl"],
)
def test_a_scaled_case_is_measured_in_either_order(flags, order):
    result = run(*flags, "--scale", "0.02", "page_20mb")
    assert result.returncode == 0, result.stdout + result.stderr
    row = next(line for line in result.stdout.splitlines() if line.startswith("page_20mb"))
    size, parse_s, ready_s, peak, growth = re.split(r"\s+", row)[1:6]
    assert size == "0.40M"
    assert float(parse_s) > 0 and float(ready_s) > 0 and float(peak) >= float(growth) >= 0
    assert "article, " in row and "CONTRACT" not in row and "OVER BOUND" not in row
    assert row.endswith(f"; {order})")
    assert "1 of 1 cases within bounds and contract" in result.stdout
