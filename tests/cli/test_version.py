"""``scrapy-readability --version``: the package's version and which engine runs."""

from __future__ import annotations

from scrapy_readability import __version__
from scrapy_readability.cli import main
from scrapy_readability.engine import _kernels, compiled


def test_the_version_says_which_engine_runs(capsys):
    assert main(["--version"]) == 0
    said = capsys.readouterr().out.strip()
    assert said == f"scrapy-readability {__version__}, engine: {_kernels.describe()}"
    assert ("compiled core" in said) is compiled
    assert ("pure Python" in said) is not compiled
