"""Code and maths as their source: line-numbered code without its gutter, a formula as the TeX it was rendered from."""

from __future__ import annotations

from ...html.dom import Element, text_content
from ..code import line_numbered_code
from .tree import replace_with

# --- Maths: the source a formula was rendered from ----------------------------------------------------------

_TEX = frozenset({"application/x-tex", "text/x-tex", "tex"})


def _maths_as_its_source(content: Element) -> None:
    """A formula rendered as MathML (KaTeX, MathJax) reads as its symbols run together ("mx¨=f(t)"), beside the
    TeX it was written in, which the renderer keeps as the MathML's annotation: the formula becomes that source,
    which a reader can read and an index can match."""
    for annotation in list(content.iter("annotation")):
        if (annotation.get("encoding") or "").lower() not in _TEX:
            continue
        formula = next(annotation.iterancestors("math"), None)
        holder = formula.getparent() if formula is not None else None
        source = (annotation.text or "").strip()
        if formula is None or holder is None or not source:
            continue
        written = formula.makeelement("span", {})
        written.text = source
        written.tail = formula.tail
        holder.replace(formula, written)


def _number_free_code(content: Element) -> None:
    """Each line-numbered code table becomes its file name (if any) and its code's ``<pre>``."""
    for table in list(content.iter("table")):
        numbered = line_numbered_code(table)
        if numbered is None or table.getparent() is None:
            continue
        replacement: list[Element] = []
        for caption in numbered.captions:
            name = text_content(caption).strip()
            if name:
                paragraph = table.makeelement("p", {})
                paragraph.text = name
                replacement.append(paragraph)
        replacement.append(numbered.pre)
        replace_with(table, replacement)
