"""benchmarks/compiled.py, the compiled core's identity check, as a user runs it.

With the pure engine chosen (``SCRAPY_READABILITY_COMPILE=0``), the check must refuse to compare the pure
engine with itself; the comparison itself is CI's (".ci/run") and benchmarks/README.md's.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # a Python in a subprocess

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "compiled.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SCRAPY_READABILITY_COMPILE": "0"}
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300, env=env)


def test_the_check_refuses_an_engine_that_is_not_compiled():
    result = run("--limit", "1")
    assert result.returncode != 0
    assert "not compiled: the engine of" in result.stderr
    assert "pure Python (SCRAPY_READABILITY_COMPILE=0)" in result.stderr
    assert "SCRAPY_READABILITY_COMPILE=1 pip install -e ." in result.stderr
