"""The import contracts between the package's layers, checked on every import statement of the repository.

1. ``scrapy_readability.engine`` is a library of its own: it imports no Scrapy,
   Twisted, parsel or other Scrapy-family package, and nothing of this package
   outside ``scrapy_readability.engine``.
2. ``scrapy_readability.runtime`` (the pool's threads and worker processes)
   imports no Scrapy component: the engine, itself, the standard library and
   the engine's dependencies only.
3. Nothing of the package outside ``scrapy_readability.contrib`` imports
   ``contrib`` (an optional layer on top, with extras of its own).
4. ``benchmarks/`` does not import ``tests`` (what both need is in ``testkit/``).

An AST walk of our own rather than import-linter: the four contracts are
"this tree does not import that", which a walk over ``import`` and ``from``
statements (nested ones, ``TYPE_CHECKING`` ones and relative ones included)
decides exactly, with no dependency to add to the two pinned environments CI
tests (.ci/oldest.txt pins every package the test extra brings). A dynamic import
(``importlib.import_module``, the engine's class by dotted path) is not an
import statement and is not checked. The last tests feed the checker
violating sources, so a checker that finds nothing fails too.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Scrapy, Twisted and what comes with them (or plugs into them): never in the engine or the runtime.
SCRAPY_FAMILY = (
    "scrapy",
    "twisted",
    "parsel",
    "itemadapter",
    "itemloaders",
    "scrapy_redis",
    "scrapy_poet",
    "web_poet",
    "zyte_common_items",
    "redis",
    "protego",
    "queuelib",
)


@dataclass(frozen=True)
class Contract:
    """Modules under ``folder`` (a path from the root) may import none of ``forbidden`` but those in ``allowed``."""

    name: str
    folder: str
    forbidden: tuple[str, ...]
    allowed: tuple[str, ...] = ()
    outside: str | None = None  # the contract covers ``folder`` minus this sub-folder

    def breaks(self, module: str) -> bool:
        return _within(module, self.forbidden) and not _within(module, self.allowed)


CONTRACTS = [
    Contract(
        "the engine imports no Scrapy and nothing of the package outside the engine",
        "scrapy_readability/engine",
        (*SCRAPY_FAMILY, "scrapy_readability"),
        allowed=("scrapy_readability.engine",),
    ),
    Contract(
        "the runtime imports no Scrapy component: only the engine and itself of the package",
        "scrapy_readability/runtime",
        (*SCRAPY_FAMILY, "scrapy_readability"),
        allowed=("scrapy_readability.engine", "scrapy_readability.runtime"),
    ),
    Contract(
        "nothing outside contrib imports contrib",
        "scrapy_readability",
        ("scrapy_readability.contrib",),
        outside="scrapy_readability/contrib",
    ),
    Contract("benchmarks do not import tests", "benchmarks", ("tests",)),
]


def _within(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == package or module.startswith(package + ".") for package in packages)


def module_name(path: Path, root: Path = ROOT) -> str:
    """``scrapy_readability/engine/port/state.py`` -> ``scrapy_readability.engine.port.state`` (a package: itself)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(source: str, module: str, is_package: bool) -> Iterator[tuple[int, str]]:
    """Every module an import statement of ``source`` names, relative ones resolved, with its line."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".") if is_package else module.split(".")[:-1]
                package = package[: len(package) - (node.level - 1)]
                base = ".".join([*package, *([node.module] if node.module else [])])
            for alias in node.names:  # a module of ``base``, or a name in it: either way ``base.name`` names it
                yield node.lineno, f"{base}.{alias.name}"


def violations(contract: Contract, root: Path = ROOT) -> list[str]:
    """``path:line imports module`` for each import statement under the contract's folder that breaks it."""
    found = []
    for path in sorted((root / contract.folder).rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        if any(part.startswith(".") for part in path.relative_to(root).parts):
            continue  # a cache (benchmarks/.cache holds downloaded sites), not ours
        if contract.outside is not None and relative.startswith(contract.outside + "/"):
            continue
        module = module_name(path, root)
        source = path.read_text(encoding="utf-8")
        for line, imported in imported_modules(source, module, path.name == "__init__.py"):
            if contract.breaks(imported):
                found.append(f"{relative}:{line} imports {imported}")
    return sorted(set(found))


@pytest.mark.parametrize("contract", CONTRACTS, ids=[contract.name for contract in CONTRACTS])
def test_the_contract_holds(contract: Contract) -> None:
    assert (ROOT / contract.folder).is_dir()
    assert violations(contract) == []


# --- The checker checked: each contract fails on a source that breaks it -----------------------------------

BREAKING = {
    "scrapy_readability/engine/port/bad.py": "from scrapy.http import Response\n",
    "scrapy_readability/engine/html/bad.py": (
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ...settings import META_KEY\n"
    ),
    "scrapy_readability/engine/outputs/bad.py": "def late():\n    import parsel\n",
    "scrapy_readability/runtime/bad.py": "from scrapy_readability import extension\n",
    "scrapy_readability/runtime/worse.py": "import twisted.internet.reactor\n",
    "scrapy_readability/pipeline.py": "from scrapy_readability.contrib.articlepage import RULES\n",
    "scrapy_readability/cli/bad.py": "from ..contrib import crashsafe\n",
    "benchmarks/bad.py": "from tests.support.engine_stubs import Slow\n",
}
KEPT = {
    "scrapy_readability/engine/port/good.py": "from ..html.dom import Element\nimport lxml.html, w3lib.encoding\n",
    "scrapy_readability/runtime/good.py": "from scrapy_readability.engine import options\nimport multiprocessing\n",
    "scrapy_readability/contrib/crashsafe/good.py": "from scrapy_readability.contrib.crashsafe import scheduler\n",
    "benchmarks/good.py": "from testkit.localserver import serve\n",
}


def write_tree(root: Path, files: dict[str, str]) -> None:
    for name, source in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source, encoding="utf-8")
        for parent in path.relative_to(root).parents:
            if parent.parts and parent.parts[0] == "scrapy_readability":
                (root / parent / "__init__.py").touch()


def test_the_checker_finds_every_kind_of_violation(tmp_path: Path) -> None:
    write_tree(tmp_path, {**BREAKING, **KEPT})
    found = [line for contract in CONTRACTS for line in violations(contract, tmp_path)]
    assert found == [
        "scrapy_readability/engine/html/bad.py:3 imports scrapy_readability.settings.META_KEY",
        "scrapy_readability/engine/outputs/bad.py:2 imports parsel",
        "scrapy_readability/engine/port/bad.py:1 imports scrapy.http.Response",
        "scrapy_readability/runtime/bad.py:1 imports scrapy_readability.extension",
        "scrapy_readability/runtime/worse.py:1 imports twisted.internet.reactor",
        "scrapy_readability/cli/bad.py:1 imports scrapy_readability.contrib.crashsafe",
        "scrapy_readability/pipeline.py:1 imports scrapy_readability.contrib.articlepage.RULES",
        "benchmarks/bad.py:1 imports tests.support.engine_stubs.Slow",
    ]


def test_a_tree_that_keeps_the_contracts_passes(tmp_path: Path) -> None:
    write_tree(tmp_path, KEPT)
    assert [line for contract in CONTRACTS for line in violations(contract, tmp_path)] == []
