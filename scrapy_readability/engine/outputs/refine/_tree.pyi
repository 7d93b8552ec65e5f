# The compiled core's kernel of tree.py (_tree.pyx); tree.marked_elements is its type.
from collections.abc import Callable
from typing import Any

from lxml import etree

MIRRORS: dict[str, str]
pure: dict[str, Any]

def marked_elements(
    content: etree._Element, attributes: tuple[str, ...], says: Callable[[str], bool], also: tuple[str, ...] = ()
) -> list[etree._Element]: ...
