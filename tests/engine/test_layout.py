"""The engine's three parts as folders, and its old module names kept for one release with a warning."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from scrapy_readability.engine import _moved

ENGINE = Path(importlib.import_module("scrapy_readability.engine").__file__ or "").parent
TOP_LEVEL = {"__init__", "_deprecated", "_kernels", "_moved", "errors", "options"}


def test_every_module_is_in_a_part_or_one_of_the_engines_own():
    parts = {"port", "html", "outputs"}
    for path in ENGINE.rglob("*.py"):
        relative = path.relative_to(ENGINE)
        assert relative.parts[0] in parts or relative.stem in TOP_LEVEL and len(relative.parts) == 1, relative


def test_every_old_name_is_a_module_that_moved():
    for old, new in _moved.MOVED.items():
        assert not (ENGINE / f"{old}.py").exists() and not (ENGINE / old).is_dir(), old
        folder, name = new.split(".")
        assert (ENGINE / folder / f"{name}.py").is_file() or (ENGINE / folder / name / "__init__.py").is_file(), new


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("scrapy_readability.engine.dom", "scrapy_readability.engine.html.dom"),
        ("scrapy_readability.engine.readability", "scrapy_readability.engine.port.readability"),
        ("scrapy_readability.engine.feed.dates", "scrapy_readability.engine.outputs.feed.dates"),
    ],
)
def test_an_old_name_gives_the_module_with_a_deprecation_warning(old, new):
    """In a fresh interpreter: the warning is given on the first import, which this process has had long ago."""
    script = (
        "import importlib, warnings\n"
        "with warnings.catch_warnings(record=True) as caught:\n"
        "    warnings.simplefilter('always')\n"
        f"    old = importlib.import_module({old!r})\n"
        f"assert old is importlib.import_module({new!r}), old\n"
        f"assert old.__spec__.name == {new!r}\n"
        "messages = [str(w.message) for w in caught if w.category is DeprecationWarning]\n"
        f"assert any({old!r} in m and {new!r} in m for m in messages), messages\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True)


def test_the_new_names_warn_nothing():
    script = (
        "import warnings\n"
        "warnings.simplefilter('error', DeprecationWarning)\n"
        "import scrapy_readability, scrapy_readability.engine.html.dom, scrapy_readability.engine.outputs.feed.dates\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True)
