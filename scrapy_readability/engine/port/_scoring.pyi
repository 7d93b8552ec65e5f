# The compiled core's kernel of scoring.py (_scoring.pyx); scoring.paragraph_measures is its type.
from typing import Any

from lxml import etree

MIRRORS: dict[str, str]
pure: dict[str, Any]
MAX_SKIPPED: int

def paragraph_measures(element: etree._Element) -> tuple[int, int]: ...
def holds_phrasing_content(div: etree._Element) -> bool: ...
def next_to_prepare(
    node: etree._Element | None, byline: bool = True, unlikely: bool = True
) -> etree._Element | None: ...
def wrap_phrasing_content(div: etree._Element) -> None: ...
