# The compiled core's kernel of cleanup.py (_cleanup.pyx); cleanup.styled_elements is its type.
from typing import Any

from lxml import etree

MIRRORS: dict[str, str]
pure: dict[str, Any]

def styled_elements(root: etree._Element) -> list[etree._Element]: ...
def next_named(node: etree._Element, end: etree._Element | None) -> etree._Element | None: ...
def descendant_counts(node: etree._Element) -> tuple[int, int, int, int]: ...
