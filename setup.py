"""The engine's hot modules compiled with mypyc, when asked: ``SCRAPY_READABILITY_COMPILE=1``.

Everything about the package is declared in pyproject.toml; this file only adds the compiled
modules. Without the variable (the default) the package is pure Python, built in seconds, and
runs anywhere. With it, ``pip install .`` (or ``python -m build --wheel``) compiles
``COMPILED`` for the Python that builds, and the wheel is for that Python and platform only. The
build needs a C compiler; it names mypy and the engine's typed requirements as build requirements,
so that an isolated build environment (pip's and build's default) has them. A compilation that
fails stops the build: it was asked for. benchmarks/README.md, "The compiled build", says what it gains.
"""

from __future__ import annotations

import os
import re
import sys
import tomllib
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent

COMPILED = (
    "html.dom",
    "html.parsing",
    "html.serialize",
    "port.cleanup",
    "port.measures",
    "port.metadata",
    "port.postprocess",
    "port.prepare",
    "port.readerable",
    "port.scoring",
    "port.state",
)
"""The modules of ``scrapy_readability/engine`` compiled (dotted below it): Readability.js's phases and what they share.

The rest stays interpreted: it costs little per page; ``readability`` holds the ``Readability`` class,
which a user may subclass and override (``READABILITY_ENGINE``), and a compiled class allows neither;
mypyc cannot compile ``markdown``.
"""

TYPED_REQUIREMENTS = ("lxml", "selectolax", "ada-url", "w3lib")
"""The requirements whose types mypy reads to compile those modules (at pyproject.toml's bounds)."""

COMPILER = ("mypy>=1.11", "types-lxml")


def compile_requested() -> bool:
    value = os.environ.get("SCRAPY_READABILITY_COMPILE", "").strip().lower()
    if value in ("", "0", "false", "no", "off"):
        return False
    if value in ("1", "true", "yes", "on"):
        return True
    sys.exit(f"SCRAPY_READABILITY_COMPILE={value!r}: say 1 to compile the engine, 0 (or nothing) not to")


def build_requirements() -> list[str]:
    """mypy, lxml's stubs, and the engine's typed requirements at pyproject.toml's bounds."""
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    name = re.compile(r"[^A-Za-z0-9._-]")
    typed = [spec for spec in declared if name.split(spec, maxsplit=1)[0].lower() in TYPED_REQUIREMENTS]
    return [*COMPILER, *typed]


def setuptools_commands() -> set[str]:
    return {arg for arg in sys.argv[1:] if not arg.startswith("-")}


def main() -> None:
    if not compile_requested():
        setup()
        return
    commands = setuptools_commands()
    if commands <= {"egg_info", "dist_info", "sdist"}:
        # Metadata or a source archive compile nothing; an isolated build asks for its build
        # requirements this way (setuptools' get_requires_for_build_wheel reads setup_requires).
        setup(setup_requires=build_requirements())
        return
    if commands & {"editable_wheel", "develop"}:
        sys.exit(
            "SCRAPY_READABILITY_COMPILE=1 builds a wheel, not an editable install: compiled modules beside "
            "the sources would shadow them. Use `pip install .` or `python -m build --wheel`."
        )
    try:
        from mypyc.build import mypycify
    except ImportError:
        sys.exit(
            "SCRAPY_READABILITY_COMPILE=1: mypyc is not installed in the build environment; build with "
            f"isolation (pip's and build's default), or install {', '.join(build_requirements())}"
        )
    os.chdir(ROOT)  # mypycify names the modules by their paths relative to here
    modules = [f"scrapy_readability/engine/{module.replace('.', '/')}.py" for module in COMPILED]
    # The Scrapy layer is not in the build environment: mypy reads what the engine imports and is
    # silent about the rest (the package's __init__ names the Scrapy components for type checkers).
    extensions = mypycify(["--follow-imports=silent", *modules], opt_level="3", group_name="scrapy_readability_engine")
    setup(ext_modules=extensions)


if __name__ == "__main__":  # as setuptools runs it
    main()
