"""What a user's type checker sees of the package: its own classes, never ``Any``.

The Scrapy components are exported lazily (a module ``__getattr__``), so that
importing the engine never imports Scrapy; a type checker must still see them.
The test type-checks a user's file with ``mypy --strict``, as a user's CI would.
Each line of the file says what mypy must report on it: ``# error: <code>``, or
``# reveals: <type>`` for ``reveal_type``; every other line must pass.
"""

from __future__ import annotations

import os
import re
import site
import subprocess
import sys
from pathlib import Path

import pytest

import scrapy_readability

pytest.importorskip("mypy", reason="mypy comes with the test extra: pip install -e '.[test]'")

pytestmark = pytest.mark.slow  # mypy

USER_FILE = """\
from scrapy.http import TextResponse
from scrapy.settings import Settings

from scrapy_readability import Addon, ArticleItem, ReadabilityConfigError
from scrapy_readability import ReadabilityMiddleware, ReadabilityPipeline, ReadabilitySpiderMiddleware
from scrapy_readability import ArticleItm  # error: attr-defined

item = ArticleItem(url="https://example.com/", html="<p>An article</p>")
reveal_type(item)  # reveals: scrapy_readability.items.ArticleItem
not_an_item: ArticleItem = Addon()  # error: assignment

addon = Addon()
reveal_type(addon)  # reveals: scrapy_readability.addon.Addon
addon.update_settings(Settings())
addon.update_setting(Settings())  # error: attr-defined


def pack(response: TextResponse) -> ArticleItem:
    reveal_type(ArticleItem.from_response(response))  # reveals: scrapy_readability.items.ArticleItem
    ArticleItem.from_response("https://example.com/")  # error: arg-type
    return ArticleItem.from_response(response)


def configure(setting: str) -> None:
    try:
        raise ReadabilityConfigError(f"{setting}: not a number")
    except ReadabilityConfigError as error:
        reveal_type(error)  # reveals: scrapy_readability.engine.errors.ReadabilityConfigError
        print(error.setting)  # error: attr-defined


def components(
    middleware: ReadabilityMiddleware, spider_middleware: ReadabilitySpiderMiddleware, pipeline: ReadabilityPipeline
) -> None:
    reveal_type(middleware)  # reveals: scrapy_readability.middleware.ReadabilityMiddleware
    reveal_type(spider_middleware)  # reveals: scrapy_readability.spidermiddleware.ReadabilitySpiderMiddleware
    reveal_type(pipeline)  # reveals: scrapy_readability.pipeline.ReadabilityPipeline
"""

EXPECTATION = re.compile(r"#\s*(error|reveals):\s*(\S+)\s*$")
REPORT = re.compile(r"^user\.py:(\d+): (error|note): (.*?)(?:  \[([\w-]+)\])?$")
REVEALED = re.compile(r'Revealed type is "(.*)"')


def expected_by_line(source: str) -> tuple[dict[int, str], dict[int, str]]:
    """The errors (line: code) and revealed types (line: type) the file's comments ask for."""
    errors: dict[int, str] = {}
    reveals: dict[int, str] = {}
    for number, line in enumerate(source.splitlines(), start=1):
        match = EXPECTATION.search(line)
        if match is None:
            continue
        kind, value = match.groups()
        if kind == "reveals":
            reveals[number] = value
        else:
            errors[number] = value
    return errors, reveals


def run_mypy(directory: Path) -> str:
    """``mypy --strict`` on the user's file only (``--follow-imports=silent``): what a user sees."""
    (directory / "mypy.ini").write_text("[mypy]\n")  # no project configuration from elsewhere
    env = dict(os.environ)
    package_parent = Path(scrapy_readability.__file__).resolve().parents[1]
    if str(package_parent) not in site.getsitepackages():
        # An editable install is found through setuptools' import hook, which mypy does not follow.
        env["MYPYPATH"] = str(package_parent)
    command = [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", "--no-error-summary"]
    command += ["--config-file", "mypy.ini", "--cache-dir", str(directory / "cache"), "user.py"]
    result = subprocess.run(command, cwd=directory, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode in (0, 1), result.stderr  # 1: errors found, anything else: mypy failed
    return result.stdout


def test_user_code_sees_the_real_classes(tmp_path: Path) -> None:
    (tmp_path / "user.py").write_text(USER_FILE)
    output = run_mypy(tmp_path)
    errors: dict[int, str] = {}
    reveals: dict[int, str] = {}
    for line in output.splitlines():
        match = REPORT.match(line)
        assert match is not None, f"unexpected mypy output: {line}\n{output}"
        number, kind, message, code = int(match[1]), match[2], match[3], match[4]
        revealed = REVEALED.match(message)
        if revealed is not None:
            reveals[number] = revealed[1]
        elif kind == "error":
            errors[number] = code
    expected_errors, expected_reveals = expected_by_line(USER_FILE)
    assert reveals == expected_reveals, output
    assert errors == expected_errors, output
