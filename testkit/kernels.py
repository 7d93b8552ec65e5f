"""The compiled core's kernels beside their pure functions: what tests/engine/test_kernels.py and
benchmarks/kernels.py both call them with."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lxml import etree

from scrapy_readability.engine import _kernels
from scrapy_readability.engine.html.dom import get_next_node
from scrapy_readability.engine.html.parsing import build_tree, remove_comments
from scrapy_readability.engine.outputs.refine.choice import BODY_BLOCKS
from scrapy_readability.engine.outputs.refine.furniture import _may_mark_furniture
from scrapy_readability.engine.outputs.refine.lines import _may_mark_a_box


def pairs() -> list[tuple[str, Callable[..., Any], Callable[..., Any]]]:
    """(name, pure, kernel) for every mirrored function."""
    found = []
    for name, mirror in sorted(_kernels.MIRRORED.items()):
        core = _kernels.LOADED[mirror.kernel_module]
        found.append((name, mirror.pure, getattr(core, name.rpartition(".")[2])))
    return found


def calls(el: etree._Element) -> dict[str, list[tuple[Any, ...]]]:
    """The arguments each kernel is called with for ``el`` (by default, ``el`` alone)."""
    return {
        "text_count": [(el, ","), (el, "e"), (el, "\u060c"), (el, "😀"), (el, ",", True)],
        "next_named": [(el, None), (el, get_next_node(el, True))],
        "prepare_step": [],  # it adds to a list: tests/engine/test_kernels.py compares the lists too
        "wrap_phrasing_content": [],  # it edits the tree: tests/engine/test_kernels.py compares the trees it leaves
        "clean_conditionally": [],  # the same
        "texts_holding": [(el, "the"), (el, "e "), (el, "😀"), (el, "\ufeff")],
        "innermost_text_blocks": [(el, BODY_BLOCKS), (el, ("p", "li")), (el, ("span", "div", "pre"))],
        "marked_elements": [
            (el, ("class", "id", "aria-label", "itemtype"), _may_mark_furniture, ("a", "label")),
            (el, ("class", "id", "itemprop"), _may_mark_a_box),
            (el, ("class",), _says_nothing, ("p",)),
        ],
    }


def _says_nothing(value: str) -> bool:
    return False


def engine_tree(html: str) -> etree._Element:
    """The tree the engine's phases walk: the page's, without comments (``parse()`` removes them first)."""
    root = build_tree(html)
    remove_comments(root)
    return root
