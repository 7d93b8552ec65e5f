"""Document preparation: what Readability.js does to the page before scoring it.

Noscript images are unwrapped, scripts and styles removed, ``<br>`` chains
turned into paragraphs and ``<font>`` into ``<span>``.
"""

from __future__ import annotations

import copy

from ..html.dom import (
    Element,
    Node,
    child_nodes,
    create_element,
    element_children,
    is_phrasing_content,
    is_single_image,
    is_whitespace_node,
    js_trim,
    previous_element_sibling,
    remove,
    replace_with,
    set_child_nodes,
    set_node_tag,
)
from .constants import REGEXPS

_IMAGE_SOURCE_ATTRIBUTES = frozenset({"src", "srcset", "data-src", "data-srcset"})


def _might_hold_image(img: Element) -> bool:
    """``_unwrapNoscriptImages``'s test of a placeholder: an attribute that could hold an image source."""
    return any(name in _IMAGE_SOURCE_ATTRIBUTES or REGEXPS.imageExtension.search(value) for name, value in img.items())


def _set_attribute(el: Element, name: str, value: str) -> None:
    try:
        el.set(name, value)
    except ValueError:  # a name libxml2 accepted when parsing but lxml refuses to set
        pass


def unwrap_noscript_images(root: Element) -> None:
    """Port of ``_unwrapNoscriptImages``: prefer the real image a ``<noscript>`` holds.

    Placeholder images with nothing that looks like a source are removed first,
    so that they are not mistaken for the image the noscript replaces.
    """
    for img in list(root.iter("img")):
        if not _might_hold_image(img):
            remove(img)

    for noscript in list(root.iter("noscript")):
        if not is_single_image(noscript):
            continue
        prev_element = previous_element_sibling(noscript)
        if prev_element is None or not is_single_image(prev_element):
            continue
        replacement = copy.deepcopy(element_children(noscript)[0])
        replacement.tail = None
        prev_img = prev_element if prev_element.tag == "img" else next(prev_element.iter("img"))
        new_img = next(replacement.iter("img"))
        for name, value in prev_img.items():
            if value == "":
                continue
            if name in ("src", "srcset") or REGEXPS.imageExtension.search(value):
                if new_img.get(name) == value:
                    continue
                attr_name = f"data-old-{name}" if name in new_img.attrib else name
                _set_attribute(new_img, attr_name, value)
        replace_with(prev_element, replacement)


def remove_scripts(root: Element) -> None:
    """Port of ``_removeScripts``."""
    for node in list(root.iter("script", "noscript")):
        remove(node)


def prep_document(root: Element) -> None:
    """Port of ``_prepDocument``: drop styles, turn ``<br>`` chains into paragraphs, fonts into spans."""
    for style in list(root.iter("style")):
        remove(style)
    body = root.find("body")
    if body is not None:
        replace_brs(body)
    for font in list(root.iter("font")):
        set_node_tag(font, "span")


def replace_brs(elem: Element) -> None:
    """Port of ``_replaceBrs``: two or more ``<br>``s become the start of a ``<p>``.

    ``<div>foo<br>bar<br> <br><br>abc</div>`` becomes ``<div>foo<br>bar<p>abc</p></div>``.
    Each parent is rewritten once, in one left-to-right pass over its child
    nodes, which is what processing the ``<br>``s one by one in document order does.
    """
    parents: dict[Element, None] = {}
    for br in elem.iter("br"):
        parent = br.getparent()
        if parent is not None:
            parents[parent] = None
    for parent in parents:
        _replace_brs_in(parent)


def _next_non_blank(nodes: list[Node], index: int) -> int:
    """Port of ``_nextNode`` over a node list: skip whitespace-only text."""
    while index < len(nodes):
        node = nodes[index]
        if not isinstance(node, str) or js_trim(node):
            break
        index += 1
    return index


def _is_br(node: Node) -> bool:
    return not isinstance(node, str) and node.tag == "br"


def _replace_brs_in(parent: Element) -> None:
    """``_replaceBrs`` for the ``<br>`` children of one parent, in one pass over its child nodes."""
    nodes = child_nodes(parent)
    changed = False
    i = 0
    while i < len(nodes):
        if not _is_br(nodes[i]):
            i += 1
            continue
        # Remove the <br>s that follow this one (whitespace between them stays).
        replaced = False
        k = _next_non_blank(nodes, i + 1)
        while k < len(nodes) and _is_br(nodes[k]):
            replaced = True
            del nodes[k]
            k = _next_non_blank(nodes, k)
        if not replaced:
            i += 1
            continue
        # The first <br> becomes a <p> holding the phrasing content that
        # follows, up to the next <br><br> chain.
        changed = True
        p = create_element("p")
        content: list[Node] = []
        m = i + 1
        while m < len(nodes):
            node = nodes[m]
            if _is_br(node):
                after = _next_non_blank(nodes, m + 1)
                if after < len(nodes) and _is_br(nodes[after]):
                    break
            if not is_phrasing_content(node):
                break
            content.append(node)
            del nodes[m]
        while content and is_whitespace_node(content[-1]):
            content.pop()
        set_child_nodes(p, content)
        nodes[i] = p
        i += 1
    if changed:
        set_child_nodes(parent, nodes)
        if parent.tag == "p":
            set_node_tag(parent, "div")
