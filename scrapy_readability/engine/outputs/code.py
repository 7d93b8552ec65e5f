"""Code blocks with line numbers, as highlighters write them: a table whose first cell is the gutter.

Pygments (``linenos="table"``), Rouge, Hugo's Chroma (``lineNos=table``) and MkDocs Material put the
numbers in one cell and the code in the next, each in a ``<pre>``, so that selecting the code leaves the
numbers behind. Read as text or Markdown, the table is the numbers, then the code. It is told by its
shape, not its classes (Readability.js's post-processing drops them): one row of a gutter cell, whose
text is consecutive numbers, one a line of the code beside it, and a cell holding a ``<pre>``; rows
above it may name the file (one cell each).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..html.dom import Element, text_content

__all__ = ["NumberedCode", "line_numbered_code"]

_TABLE_SECTIONS = ("thead", "tbody", "tfoot")
_GUTTER_TAGS = frozenset({"td", "th", "div", "pre", "span", "a", "code"})


@dataclass(frozen=True)
class NumberedCode:
    """A line-numbered code table: what names the code (a file name, or nothing) and its ``<pre>``."""

    captions: list[Element]
    pre: Element


def _rows(table: Element) -> list[Element] | None:
    """The table's rows, or None when it holds more than rows (a caption, columns, nested sections)."""
    rows: list[Element] = []
    for child in table:
        if child.tag == "tr":
            rows.append(child)
        elif child.tag in _TABLE_SECTIONS:
            if any(row.tag != "tr" for row in child):
                return None
            rows.extend(child)
        else:
            return None
    return rows


def _cells(row: Element) -> list[Element]:
    return [cell for cell in row if cell.tag in ("td", "th")]


def _numbers(cell: Element) -> int:
    """How many consecutive line numbers the cell holds, or 0 when it holds anything else."""
    if any(el.tag not in _GUTTER_TAGS for el in cell.iterdescendants()):
        return 0
    words = text_content(cell).split()
    if not words or not all(word.isdigit() and word.isascii() for word in words):
        return 0
    numbers = [int(word) for word in words]
    consecutive = all(later == earlier + 1 for earlier, later in zip(numbers, numbers[1:], strict=False))
    return len(numbers) if consecutive else 0


def _code_lines(pre: Element) -> int:
    return len(text_content(pre).rstrip("\n").split("\n"))


def line_numbered_code(table: Element) -> NumberedCode | None:
    """The code of a line-numbered code table, or None when ``table`` is not one."""
    rows = _rows(table)
    if not rows:
        return None
    *captions, code_row = rows
    cells = _cells(code_row)
    if len(cells) != 2 or any(len(_cells(row)) != 1 for row in captions):
        return None
    gutter, code = cells
    pre = next(code.iter("pre"), None)
    numbers = _numbers(gutter)
    if pre is None or not numbers or abs(numbers - _code_lines(pre)) > 1:
        return None
    return NumberedCode([_cells(row)[0] for row in captions], pre)
