# The compiled core's kernels of cleanup.py (_cleanup.pyx); cleanup.py's functions of the same names are their types.
from typing import Any

from lxml import etree

from .state import GrabState

MIRRORS: dict[str, str]
pure: dict[str, Any]
LONGEST_AD_OR_LOADING_WORD: int

def styled_elements(root: etree._Element) -> list[etree._Element]: ...
def next_named(node: etree._Element, end: etree._Element | None) -> etree._Element | None: ...
def descendant_counts(node: etree._Element) -> tuple[int, int, int, int]: ...
def clean_conditionally(state: GrabState, root: etree._Element, tag: str) -> None: ...
