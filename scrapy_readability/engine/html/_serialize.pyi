# The compiled core's kernel of serialize.py (_serialize.pyx); serialize.inner_html is its type.
from typing import Any

from lxml import etree

MIRRORS: dict[str, str]
pure: dict[str, Any]
VOID_ELEMENTS: tuple[str, ...]
RAW_TEXT_ELEMENTS: tuple[str, ...]
TEMPLATE_CONTENT_ATTRIBUTE: str

def inner_html(root: etree._Element) -> str: ...
