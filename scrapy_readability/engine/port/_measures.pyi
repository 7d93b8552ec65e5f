# The compiled core's kernel of measures.py (_measures.pyx); measures.get_link_density is its type.
from collections.abc import Callable
from typing import Any

from lxml import etree

MIRRORS: dict[str, str]
pure: dict[str, Any]

def get_link_density(
    el: etree._Element,
    link_lengths: dict[etree._Element, float] | None = None,
    lengths: Callable[[etree._Element], int] | None = None,
) -> float: ...
