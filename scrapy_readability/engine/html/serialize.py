"""HTML serialisation as browsers do it (``Element.innerHTML``).

lxml's own HTML serialiser URL-escapes ``href``/``src`` values (a space becomes
``%20``) and knows nothing of HTML5's void and raw-text elements; Readability's
``content`` is the browser's ``innerHTML``, so we serialise it ourselves.
"""

from __future__ import annotations

from typing import cast

from lxml import etree

from .._kernels import kernel
from .dom import Element

VOID_ELEMENTS = frozenset(
    {
        "area",
        "base",
        "basefont",
        "bgsound",
        "br",
        "col",
        "embed",
        "frame",
        "hr",
        "img",
        "input",
        "keygen",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    }
)
RAW_TEXT_ELEMENTS = frozenset({"style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext"})

# Where parsing keeps a <template>'s content, serialised (see parsing.py).
TEMPLATE_CONTENT_ATTRIBUTE = "data-readability-template-content"


def _escape_text(text: str) -> str:
    """Text as ``innerHTML`` escapes it. A search for each character to escape is a fast
    scan, and most text holds none of them (``str.translate`` looked up every character)."""
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "\u00a0" in text:
        text = text.replace("\u00a0", "&nbsp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    return text


def _escape_attribute(value: str) -> str:
    """An attribute value as ``innerHTML`` escapes it."""
    value = _escape_text(value)
    return value.replace('"', "&quot;") if '"' in value else value


def _start_tag(el: Element) -> str:
    tag = _name(el)
    if not el.attrib:
        return f"<{tag}>"
    attrs = "".join(
        f' {name}="{_escape_attribute(value)}"' for name, value in el.items() if name != TEMPLATE_CONTENT_ATTRIBUTE
    )
    if tag == "template" and TEMPLATE_CONTENT_ATTRIBUTE in el.attrib:
        return f"<{tag}{attrs}>{el.get(TEMPLATE_CONTENT_ATTRIBUTE)}"
    return f"<{tag}{attrs}>"


def _name(el: Element) -> str:
    """An element's tag: always ``str`` in the trees the engine builds (lxml's stubs allow bytes)."""
    return cast(str, el.tag)


@kernel("8779ac1523137f9e")
def inner_html(root: Element) -> str:
    """``root.innerHTML``: its children serialised, without recursion (the compiled core writes it in C)."""
    out: list[str] = []
    chunks: list[str] = []  # the pieces joined a few thousand at a time: far fewer objects at once on a big page
    append = out.append
    raw_depth = 0  # > 0 while inside a raw-text element, whose text is not escaped
    if root.text:
        append(root.text if root.tag in RAW_TEXT_ELEMENTS else _escape_text(root.text))
    for event, el in etree.iterwalk(root, events=("start", "end", "comment", "pi")):
        if el is root:
            continue
        tag = el.tag
        if event in ("comment", "pi"):
            if event == "comment":
                append(f"<!--{el.text or ''}-->")
            if el.tail:
                append(el.tail if raw_depth else _escape_text(el.tail))
            continue
        if event == "start":
            append(_start_tag(el))
            if tag in RAW_TEXT_ELEMENTS:
                raw_depth += 1
            if el.text:
                append(el.text if raw_depth else _escape_text(el.text))
        else:
            if tag in RAW_TEXT_ELEMENTS:
                raw_depth -= 1
            if tag not in VOID_ELEMENTS:
                append(f"</{_name(el)}>")
            if el.tail:
                append(el.tail if raw_depth else _escape_text(el.tail))
            if len(out) > 4096:
                chunks.append("".join(out))
                out.clear()
    chunks.append("".join(out))
    return "".join(chunks)


def outer_html(el: Element) -> str:
    """``el.outerHTML``."""
    if el.tag in VOID_ELEMENTS:
        return _start_tag(el)
    return f"{_start_tag(el)}{inner_html(el)}</{_name(el)}>"
