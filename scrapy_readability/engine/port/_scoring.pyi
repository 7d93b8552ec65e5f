# The compiled core's kernel of scoring.py (_scoring.pyx); scoring.paragraph_measures is its type.
from typing import Any

from lxml import etree

MIRRORS: dict[str, str]
pure: dict[str, Any]
MAX_SKIPPED: int
VERDICTS: dict[str, int]

def paragraph_measures(element: etree._Element) -> tuple[int, int]: ...
def holds_phrasing_content(div: etree._Element) -> bool: ...
def wrap_phrasing_content(div: etree._Element) -> None: ...
def prepare_step(
    node: etree._Element | None, to_score: list[etree._Element], byline: bool = True, unlikely: bool = True
) -> tuple[etree._Element | None, int]: ...
