# The compiled core's kernel of scoring.py (_scoring.pyx); scoring.paragraph_measures is its type.
from typing import Any

from lxml import etree

MIRRORS: dict[str, str]
pure: dict[str, Any]

def paragraph_measures(element: etree._Element) -> tuple[int, int]: ...
def holds_phrasing_content(div: etree._Element) -> bool: ...
