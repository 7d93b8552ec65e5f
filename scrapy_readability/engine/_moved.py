"""The engine's modules under the names they had before the port, the substrate and the outputs had folders.

``import scrapy_readability.engine.dom`` keeps working for one release: it gives the module at its new name
(``scrapy_readability.engine.html.dom``) with a ``DeprecationWarning`` that names it. One import hook serves
every old name, so the folders hold no stub modules.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import warnings
from types import ModuleType
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from importlib.abc import Loader

ENGINE = __name__.rpartition(".")[0]

MOVED = {
    **{name: f"port.{name}" for name in ("cleanup", "constants", "measures", "metadata", "postprocess")},
    **{name: f"port.{name}" for name in ("prepare", "readability", "readerable", "scoring", "state")},
    **{name: f"html.{name}" for name in ("decoding", "detect", "dom", "inputs", "parsing", "serialize", "urls")},
    **{name: f"outputs.{name}" for name in ("article", "feed", "markdown", "sanitize", "text")},
}
"""An old module name below the engine (``dom``) and its new one (``html.dom``); ``feed``'s submodules follow it."""


def new_name(fullname: str) -> str | None:
    """``scrapy_readability.engine.feed.dates`` -> ``scrapy_readability.engine.outputs.feed.dates``, or None."""
    prefix = ENGINE + "."
    if not fullname.startswith(prefix):
        return None
    head, dot, rest = fullname[len(prefix) :].partition(".")
    moved = MOVED.get(head)
    return None if moved is None else f"{prefix}{moved}{dot}{rest}"


# The hook's classes follow importlib.abc's Loader and MetaPathFinder protocols without subclassing them:
# importing importlib.abc costs the engine's import a few milliseconds (it brings importlib.resources).
class _Alias:
    def __init__(self, target: str) -> None:
        self.target = target
        self.spec: importlib.machinery.ModuleSpec | None = None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        warnings.warn(
            f"{spec.name} moved to {self.target}; the old name goes in the next release",
            DeprecationWarning,
            stacklevel=2,
        )
        module = importlib.import_module(self.target)
        self.spec = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        """The module is the one at its new name, already run: only its spec, which the import set, goes back."""
        module.__spec__ = self.spec


class MovedModules:
    """Finds an old module name and hands out the module at its new one."""

    def find_spec(
        self, fullname: str, path: object = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        moved = new_name(fullname)
        return None if moved is None else importlib.machinery.ModuleSpec(fullname, cast("Loader", _Alias(moved)))


def install() -> None:
    """Put the hook first on ``sys.meta_path``, once: before the path finder, which would load a second copy."""
    if not any(isinstance(finder, MovedModules) for finder in sys.meta_path):
        sys.meta_path.insert(0, MovedModules())
