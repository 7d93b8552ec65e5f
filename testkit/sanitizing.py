"""The sanitiser's own rewrites undone, to compare its output with Mozilla's expected pages.

Shared by tests/engine/outputs/test_sanitize.py and benchmarks/sanitizers.py.
"""

from __future__ import annotations

from scrapy_readability.engine.html.parsing import parse_html
from scrapy_readability.engine.html.serialize import inner_html
from scrapy_readability.engine.outputs.sanitize import NAMED_PROPERTY_PREFIX

_REFERENCE_ATTRIBUTES = ("href", "headers", "itemref", "aria-labelledby", "aria-describedby", "fill", "clip-path")


def without_rewrites(html: str) -> str:
    """``html`` with what the sanitiser does to every page undone, to compare it with Mozilla's output.

    Ids and names lose their prefix (and references to them), iframes their
    sandbox, and ``rel`` its ``noopener``/``noreferrer``, on both sides.
    """
    root = parse_html(f"<div>{html}</div>").find("body")
    assert root is not None
    for el in root.iter("*"):
        for key in ("id", "name", *_REFERENCE_ATTRIBUTES):
            value = el.get(key)
            if value is not None and NAMED_PROPERTY_PREFIX in value:
                el.set(key, value.replace(NAMED_PROPERTY_PREFIX, ""))
        if el.tag == "iframe" and "sandbox" in el.attrib:
            del el.attrib["sandbox"]
        rel = el.get("rel")
        if rel is not None:
            tokens = [t for t in rel.split() if t.lower() not in ("noopener", "noreferrer")]
            if tokens:
                el.set("rel", " ".join(tokens))
            else:
                del el.attrib["rel"]
    return inner_html(root)
