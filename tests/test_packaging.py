"""The declared requirements: what the package imports is declared, and CI tests every lower bound.

``.ci/oldest.txt`` pins the oldest supported set that ``.ci/run`` tests in a
venv of its own; each lower bound of ``pyproject.toml`` must be pinned there at
exactly that version, or CI would test another set than the one declared.
"""

from __future__ import annotations

import ast
import functools
import os
import re
import subprocess
import sys
import tomllib
from glob import glob
from importlib.metadata import packages_distributions
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "scrapy_readability"


def project() -> dict[str, Any]:
    table: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return table


def requirements(*extras: str) -> list[Requirement]:
    """The core requirements and those of the given extras."""
    extra_tables = project()["optional-dependencies"]
    return [Requirement(text) for text in [*project()["dependencies"], *(r for e in extras for r in extra_tables[e])]]


def lower_bounds(requirements: list[Requirement]) -> dict[str, Version]:
    return {
        canonicalize_name(requirement.name): Version(spec.version)
        for requirement in requirements
        for spec in requirement.specifier
        if spec.operator == ">="
    }


def oldest_set() -> dict[str, Version]:
    """``.ci/oldest.txt``: one ``name==version`` per line, comments and blank lines aside."""
    pins = {}
    for line in (ROOT / ".ci" / "oldest.txt").read_text(encoding="utf-8").splitlines():
        pin = line.split("#", 1)[0].strip()
        if pin:
            name, equals, version = pin.partition("==")
            assert equals and version, f"not an exact pin: {line!r}"
            pins[canonicalize_name(name)] = Version(version)
    return pins


def runtime_imports(tree: ast.AST) -> set[str]:
    """The top-level modules a module imports when it runs (``if TYPE_CHECKING:`` blocks aside)."""
    modules: set[str] = set()
    nodes = [tree]
    while nodes:
        node = nodes.pop()
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            nodes.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            modules.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules.add(node.module.split(".")[0])
        nodes.extend(ast.iter_child_nodes(node))
    return modules - set(sys.stdlib_module_names) - {"scrapy_readability"}


@functools.cache
def providers() -> dict[str, list[str]]:
    """Which installed distributions provide each top-level module (read once: it reads every distribution)."""
    return dict(packages_distributions())


# Where an optional import comes from when its extra is not installed (the oldest set has no language extra).
NOT_INSTALLED_PROVIDERS = {"gcld3": ["cld3-py"]}


def imported_distributions(path: Path) -> set[str]:
    """The installed distributions that the modules ``path`` imports come from."""
    modules = runtime_imports(ast.parse(path.read_text(encoding="utf-8")))
    known = {**NOT_INSTALLED_PROVIDERS, **providers()}
    return {canonicalize_name(dist) for module in modules for dist in known.get(module, [module])}


def test_every_lower_bound_is_what_ci_tests():
    declared = lower_bounds(requirements("test", "redis"))
    pinned = oldest_set()
    assert {name: pinned.get(name) for name in declared} == declared


def test_the_oldest_set_pins_the_whole_environment_once():
    names = [line.split("==")[0] for line in (ROOT / ".ci" / "oldest.txt").read_text().splitlines() if "==" in line]
    assert len({canonicalize_name(name) for name in names}) == len(names)
    assert "scrapy-readability" not in {canonicalize_name(name) for name in names}


def test_what_the_package_imports_is_declared():
    """Twisted, say, comes with Scrapy, but the pipeline imports it: its bound is ours to state."""
    # optional imports, with a message when missing
    extras_of = {
        "contrib/crashsafe/__init__.py": ("redis",),
        "contrib/crashsafe/scheduler.py": ("redis",),
        "contrib/crashsafe/contract.py": ("redis",),
        "contrib/articlepage.py": ("zyte",),
        "cli/extract.py": ("warc",),
        "cli/inputs.py": ("warc",),
        "engine/outputs/feed/language.py": ("language",),
    }
    for path in sorted(PACKAGE.rglob("*.py")):
        extras = extras_of.get(path.relative_to(PACKAGE).as_posix(), ())
        declared = {canonicalize_name(r.name) for r in requirements(*extras)}
        assert imported_distributions(path) <= declared, path.relative_to(ROOT)


def setup_script() -> Any:
    """setup.py as a module (it builds only when run as a script)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("scrapy_readability_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_build_brings_cython_and_lxml_at_our_bound():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]["requires"]
    asked = {canonicalize_name(r.name): r for r in map(Requirement, declared)}
    assert {"setuptools", "cython", "lxml"} <= set(asked)
    lxml = next(r for r in requirements() if canonicalize_name(r.name) == "lxml")
    assert asked["lxml"].specifier == lxml.specifier


def test_each_module_of_the_compiled_core_sits_beside_the_pure_module_it_mirrors():
    sources = setup_script().core_sources()
    assert sources
    for source in sources:
        assert source.with_name(source.name.removeprefix("_")).with_suffix(".py").is_file(), source
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    package = ROOT / "scrapy_readability"
    patterns = data["scrapy_readability"]
    shipped = {package / name for pattern in patterns for name in glob(pattern, root_dir=package, recursive=True)}
    for source in sources:  # an sdist carries them, and the wheel the stubs mypy reads, at every depth
        assert source in shipped, source
        assert source.with_suffix(".pyi") in shipped, source


@pytest.mark.parametrize(
    ("value", "compiles"), [("", None), (" ", None), ("0", False), ("off", False), ("1", True), ("yes", True)]
)
def test_the_compile_variable(monkeypatch, value, compiles):
    monkeypatch.setenv("SCRAPY_READABILITY_COMPILE", value)
    assert setup_script().compile_requested() is compiles


def test_an_unknown_compile_value_stops_the_build(monkeypatch):
    monkeypatch.setenv("SCRAPY_READABILITY_COMPILE", "maybe")
    with pytest.raises(SystemExit, match="say 1 to build the compiled core"):
        setup_script().compile_requested()


def build_without_a_compiler(tmp_path: Path, variable: str) -> subprocess.CompletedProcess[str]:
    """setup.py's build_ext with a C compiler that always fails (``CC=false``), into ``tmp_path``.

    Run by this environment's setuptools (pip builds in an environment of its own, with a newer one):
    pyproject.toml's licence expression needs setuptools 77 (the oldest set pins 68)."""
    pytest.importorskip("setuptools", minversion="77", reason="setuptools older than 77 cannot read pyproject.toml")
    env = {**os.environ, "CC": "false", "SCRAPY_READABILITY_COMPILE": variable}
    command = [sys.executable, "setup.py", "-q", "build_ext", "-b", str(tmp_path / "lib"), "-t", str(tmp_path / "t")]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.slow
def test_a_build_without_a_compiler_falls_back_to_pure_python_with_one_line(tmp_path):
    result = build_without_a_compiler(tmp_path, "")
    assert result.returncode == 0, result.stderr
    said = [line for line in result.stderr.splitlines() if "compiled core not built" in line]
    assert len(said) == 1 and "pure-Python engine" in said[0] and "SCRAPY_READABILITY_COMPILE=1" in said[0]
    assert not list((tmp_path / "lib").rglob("*.so"))


@pytest.mark.slow
def test_a_build_without_a_compiler_fails_when_the_core_is_required(tmp_path):
    assert build_without_a_compiler(tmp_path, "1").returncode != 0


# --- The documentation's installation and command-line sections----------------------------------------------------


# README.md, the landing page, and the documentation's pages (docs/*.md), which hold the rest.
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def documentation() -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in DOCUMENTS)


def readme_shell_lines() -> list[str]:
    """The commands of the documentation's ``bash`` blocks, one a line (comments left out)."""
    text = documentation()
    blocks = [block.split("```", 1)[0] for block in text.split("```bash\n")[1:]]
    return [line.split("  #", 1)[0].strip() for block in blocks for line in block.splitlines() if line.strip()]


def test_the_readmes_extras_are_the_packages_and_quoted_for_every_shell() -> None:
    """Every extra the documentation installs exists; every ``pip install`` with brackets has them in double quotes."""
    extras = set(project()["optional-dependencies"])
    commands = [command.strip() for line in readme_shell_lines() for command in line.split("&&")]
    installs = [command for command in commands if command.startswith("pip install") and "[" in command]
    assert installs
    for line in installs:
        for spec in re.findall(r"\S*\[[^\]]*\]\S*", line):
            assert spec.startswith('"') and spec.endswith('"'), f"unquoted in {line!r}: {spec}"
            named = set(re.search(r"\[([^\]]*)\]", spec).group(1).split(","))  # type: ignore[union-attr]
            assert named <= extras, f"{line!r} names extras the package does not have: {named - extras}"
    install = (ROOT / "docs" / "install.md").read_text(encoding="utf-8")
    assert all(f"`{extra}`" in install for extra in extras), "every extra is explained in docs/install.md"


def test_the_wheel_the_readme_installs_is_the_one_a_build_makes() -> None:
    """The wheel's name in the documentation is the package's name and version as a build names it (PEP 427)."""
    wheel = f"{canonicalize_name(project()['name']).replace('-', '_')}-{Version(project()['version'])}-py3-none-any.whl"
    named = {name for line in readme_shell_lines() for name in re.findall(r"[\w.-]+\.whl", line)}
    assert named == {wheel}


def test_the_readme_shows_every_flag_of_the_command_line() -> None:
    """``--no-progress`` and the rest: a flag ``scrapy-readability --help`` lists is in the documentation."""
    from scrapy_readability.cli import crawl, extract

    readme = documentation()
    scrapys = _scrapy_global_options()
    for parser in (extract.build_parser(), crawl.build_parser()):
        # an option is shown by one of its names (``-o``/``--output``; ``--debug`` for ``--no-debug`` too)
        missing = sorted(
            "/".join(action.option_strings)
            for action in parser._actions
            if action.option_strings and "--help" not in action.option_strings
            if not set(action.option_strings) <= scrapys  # Scrapy's global options: Scrapy documents them
            if not any(re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", readme) for name in action.option_strings)
        )
        assert not missing, f"not in README.md nor docs/: {missing}"
    assert "`path`" in readme  # the field of multi-page output that says where a page came from


def _scrapy_global_options() -> set[str]:
    """The options every Scrapy command has (``--logfile``, ``--pdb``...), which ``crawl`` gets from Scrapy's class."""
    import argparse

    from scrapy.commands import ScrapyCommand
    from scrapy.settings import Settings

    class Bare(ScrapyCommand):
        def short_desc(self) -> str:
            return ""

        def run(self, args: list[str], opts: argparse.Namespace) -> None:
            pass

    command = Bare()
    command.settings = Settings()
    parser = argparse.ArgumentParser()
    command.add_options(parser)
    return {name for action in parser._actions for name in action.option_strings}
