# The compiled core's kernel of choice.py (_choice.pyx); choice.texts_holding is its type.
from typing import Any

from lxml import etree

MIRRORS: dict[str, str]
pure: dict[str, Any]

def texts_holding(body: etree._Element, words: str) -> list[tuple[str, etree._Element]]: ...
