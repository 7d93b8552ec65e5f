# The compiled core's kernels of page.py (_page.pyx); page.py's functions of the same names are their types.
from typing import Any

from lxml import etree

MIRRORS: dict[str, str]
pure: dict[str, Any]

def classed_datelines(body: etree._Element) -> list[etree._Element]: ...
def labelled_datelines(body: etree._Element) -> list[etree._Element]: ...
