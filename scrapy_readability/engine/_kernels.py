"""Which engine runs: the compiled core (Cython over libxml2's tree) when it is built, else pure Python.

The core is a few extension modules, each beside the pure module it mirrors (``html/_dom.pyx`` beside
``html/dom.py``: the same folder, the same name with an underscore). A pure function that has a kernel
says so with :func:`kernel`, which hands back the kernel when the core is loaded and the function
itself when it is not, so the rest of the engine calls the same names either way. The pure engine is
the fallback and the oracle: every output is the same on both (tests/engine/test_kernels.py).

``SCRAPY_READABILITY_COMPILE`` chooses, as it does for the build (setup.py): unset, the core when it
imports, else pure Python; ``0``, pure Python; ``1``, the core, or an ImportError saying why not. The
core is loaded whole or not at all: the engine is one or the other.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

VARIABLE = "SCRAPY_READABILITY_COMPILE"

MODULES = (
    "html._dom",
    "html._serialize",
    "outputs.feed._page",
    "outputs.refine._choice",
    "outputs.refine._tree",
    "port._cleanup",
    "port._measures",
    "port._scoring",
)
"""The core's extension modules, dotted below ``scrapy_readability.engine`` (setup.py builds every ``_*.pyx``)."""

_PACKAGE = __name__.rpartition(".")[0]


def _requested() -> bool | None:
    """The variable's say: True (compiled or fail), False (pure), None (compiled when built)."""
    value = os.environ.get(VARIABLE, "").strip().lower()
    if value in ("0", "false", "no", "off"):
        return False
    if value in ("1", "true", "yes", "on"):
        return True
    return None


def _import(name: str) -> ModuleType:
    """Import a kernel module; one whose package is not imported yet, without running the package's
    ``__init__`` first: that may import the pure module beside the kernel (``outputs/feed/__init__.py`` imports
    ``page``), whose ``@kernel`` needs the core loaded."""
    package = name.rpartition(".")[0]
    if name in sys.modules or package in sys.modules:
        return importlib.import_module(name)
    folder = Path(__file__).parent.joinpath(*package.removeprefix(_PACKAGE).split(".")[1:])
    loaders = (importlib.machinery.ExtensionFileLoader, importlib.machinery.EXTENSION_SUFFIXES)
    spec = importlib.machinery.FileFinder(str(folder), loaders).find_spec(name)
    if spec is None or spec.loader is None:
        raise ModuleNotFoundError(f"No module named {name!r}", name=name)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def _load() -> tuple[dict[str, ModuleType], str]:
    """The core's modules by name (all or none), and why they are not loaded when they are not."""
    requested = _requested()
    if requested is False:
        return {}, f"{VARIABLE}=0"
    loaded = {}
    for name in MODULES:
        try:
            loaded[name] = _import(f"{_PACKAGE}.{name}")
        except ImportError as error:
            if requested:
                raise ImportError(
                    f"{VARIABLE}=1 but the compiled core does not import ({error}): install the package again "
                    "where a C compiler and Python's headers are (README.md, 'The compiled core')"
                ) from error
            if isinstance(error, ModuleNotFoundError) and error.name == f"{_PACKAGE}.{name}":
                return {}, "the compiled core is not built"
            return {}, f"the compiled core does not import: {error}"
    return loaded, ""


LOADED, WHY_PURE = _load()

compiled = bool(LOADED)
"""Whether the engine runs the compiled core (``scrapy_readability.engine.compiled``)."""


def describe() -> str:
    """Which engine runs, in words (``scrapy-readability --version``)."""
    if compiled:
        return "compiled core (Cython over libxml2's tree)"
    return f"pure Python ({WHY_PURE})"


_F = TypeVar("_F", bound=Callable[..., Any])


@dataclass(frozen=True)
class Mirror:
    """A pure function with a kernel: what the test of the pair reads."""

    pure: Callable[..., Any]
    kernel_module: str  # dotted below the engine: "html._dom" for html/dom.py
    record: str  # the pair's record, as the pure side holds it
    helpers: tuple[str, ...]  # the pure module's functions the pure function's answer also depends on


MIRRORED: dict[str, Mirror] = {}
"""Every pure function that has a kernel, by ``module.name`` below the engine (``html.dom.has_text``)."""


def kernel(record: str, *helpers: str) -> Callable[[_F], _F]:
    """Mark a pure function as mirrored by the kernel of the same name in the module beside its own.

    ``record`` is the pair's record (tests/engine/test_kernels.py computes it from both sources, and the
    kernel module's ``MIRRORS`` holds it too): a change to either side without the other fails that test.
    ``helpers`` names the functions of the pure module the answer also depends on.
    """

    def pick(pure: _F) -> _F:
        folder, _, module = pure.__module__.removeprefix(f"{_PACKAGE}.").rpartition(".")
        kernel_module = f"{folder}._{module}"
        MIRRORED[f"{folder}.{module}.{pure.__name__}"] = Mirror(pure, kernel_module, record, helpers)
        core = LOADED.get(kernel_module)
        if core is None:
            return pure
        core.pure[pure.__name__] = pure  # what the kernel falls back on
        compiled_function: _F | None = getattr(core, pure.__name__, None)
        if compiled_function is None:
            raise ImportError(
                f"the compiled core is older than its sources (no {kernel_module}.{pure.__name__}): build it again "
                f"(pip install -e .), or run the pure engine ({VARIABLE}=0)"
            )
        return compiled_function

    return pick


def source_of(function: Callable[..., Any]) -> str:
    """A function's source without its decorators (the record's pure half)."""
    import inspect  # the tests' need, not the engine's: inspect's imports cost every start-up

    lines = inspect.getsource(function).splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.lstrip().startswith(("def ", "async def ")))
    return "".join(lines[start:])
