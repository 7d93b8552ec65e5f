"""benchmarks/compiled.py, the compiled build's identity check, as a user runs it.

In an environment where the package is installed from sources (this suite's), the check must refuse
to compare the pure engine with itself; the compiled build's own run is CI's ("3.11, compiled").
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # a Python in a subprocess

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "compiled.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300)


def test_the_check_refuses_an_engine_that_is_not_compiled():
    result = run("--limit", "1")
    assert result.returncode != 0
    assert "not compiled: scrapy_readability.engine." in result.stderr
    assert "SCRAPY_READABILITY_COMPILE=1 pip install ." in result.stderr
