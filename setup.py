"""The engine's compiled core: Cython modules over libxml2's tree, built wherever a C compiler is.

Everything about the package is declared in pyproject.toml; this file only adds the extension
modules: every ``_*.pyx`` under ``scrapy_readability/engine``, each beside the pure module it mirrors
(``html/_dom.pyx`` beside ``html/dom.py``; engine/_kernels.py picks one or the other at import).
``pip install .`` and ``pip install -e .`` build them; pyproject.toml's ``[build-system]`` brings
Cython and lxml (whose wheels ship its Cython declarations and libxml2's headers) to an isolated
build. ``SCRAPY_READABILITY_COMPILE`` decides what a build that fails does:

* unset: the core when it builds; else one line says why not, and the package installs pure Python;
* ``1``: the core, or the install fails (CI, and whoever wants to know);
* ``0``: pure Python, nothing compiled.

The same variable, read at import, chooses between the two (engine/_kernels.py).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
ENGINE = ROOT / "scrapy_readability" / "engine"
VARIABLE = "SCRAPY_READABILITY_COMPILE"

DIRECTIVES = {"language_level": "3", "boundscheck": False, "wraparound": False, "cdivision": True}


def compile_requested() -> bool | None:
    """The variable's say: True (compiled or fail), False (pure Python), None (compiled where it builds)."""
    value = os.environ.get(VARIABLE, "").strip().lower()
    if value == "":
        return None
    if value in ("0", "false", "no", "off"):
        return False
    if value in ("1", "true", "yes", "on"):
        return True
    sys.exit(f"{VARIABLE}={value!r}: say 1 to build the compiled core or fail, 0 not to build it, or nothing")


def core_sources() -> list[Path]:
    """The core's Cython sources: every ``_*.pyx`` of the engine."""
    return sorted(ENGINE.rglob("_*.pyx"))


def module_name(source: Path) -> str:
    """``scrapy_readability/engine/html/_dom.pyx`` -> ``scrapy_readability.engine.html._dom``."""
    return ".".join(source.relative_to(ROOT).with_suffix("").parts)


def fallback(reason: object) -> None:
    """The one line a build without the core prints (the compiler's own words are above it)."""
    said = str(reason).strip()
    first = said.splitlines()[0] if said else type(reason).__name__
    if len(first) > 160:  # a compiler's whole command line
        first = f"{type(reason).__name__}: {first[:120]}..."
    print(
        f"scrapy-readability: compiled core not built ({first}); installing the pure-Python engine "
        f"({VARIABLE}=1 makes this an error)",
        file=sys.stderr,
    )


class BuildCore(build_ext):
    """``build_ext`` that, unless the core is required, leaves it out with one line when it does not build."""

    required = False

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # a compiler missing, headers missing, a compile error: all the same here
            if self.required:
                raise
            fallback(error)
            self.extensions = []  # an editable install's mapping and a wheel's outputs list nothing then


def extensions(required: bool) -> list[Any]:
    """The core's extension modules, Cython translated to C; none (with one line) where Cython or lxml is missing."""
    try:
        import lxml
        from Cython.Build import cythonize
    except ImportError as error:
        if required:
            sys.exit(f"{VARIABLE}=1: {error}; build with isolation (pip's default), or install Cython and lxml")
        fallback(f"{error.name or error} is not installed where the package is built")
        return []
    os.chdir(ROOT)  # the modules are named by their paths from here
    modules = [
        Extension(module_name(source), [str(source.relative_to(ROOT))], include_dirs=lxml.get_include())
        for source in core_sources()
    ]
    return list(cythonize(modules, compiler_directives=DIRECTIVES, include_path=[str(ROOT)], quiet=True))


def forget_built_core() -> None:
    """Remove the core an earlier build left in ``build/``: setuptools ships that folder whole, and a build
    that makes no core (pure Python asked for, or a compiler missing) must not ship an old one."""
    for built in ROOT.glob("build/lib*/scrapy_readability/engine/*/_*"):
        if built.suffix in (".so", ".pyd", ".c"):
            built.unlink()


def setuptools_commands() -> set[str]:
    return {arg for arg in sys.argv[1:] if not arg.startswith("-")}


def main() -> None:
    requested = compile_requested()
    forget_built_core()
    if requested is False or setuptools_commands() <= {"egg_info", "dist_info", "sdist"}:
        setup()  # pure Python, or metadata and source archives: nothing to compile
        return
    BuildCore.required = bool(requested)
    setup(ext_modules=extensions(BuildCore.required), cmdclass={"build_ext": BuildCore})


if __name__ == "__main__":  # as setuptools runs it
    main()
