"""Post-processing: absolute URLs, simpler nesting, and class cleaning (``_postProcessContent``)."""

from __future__ import annotations

import functools
import re
from typing import cast

from lxml import etree

from ..html.dom import (
    Element,
    TextFinder,
    child_nodes,
    create_element,
    element_children,
    get_next_node,
    has_single_tag_inside_element,
    is_element_without_content,
    iter_tags,
    remove_and_get_next,
    replace_with,
    replace_with_text,
    set_child_nodes,
    set_text_nodes,
    text_content,
    text_nodes,
)
from ..html.urls import InvalidURL, resolve
from .constants import JS_S, REGEXPS


def document_base_url(root: Element, document_url: str) -> str:
    """``document.baseURI``: the first ``<base href>`` resolved against the document URL."""
    for base in root.iter("base"):
        href = base.get("href")
        if href is None:
            continue
        try:
            return resolve(href, document_url)
        except InvalidURL:
            return document_url
    return document_url


def fix_relative_uris(article_content: Element, base_url: str, document_url: str) -> None:
    """Port of ``_fixRelativeUris``: make links and media absolute; unlink ``javascript:`` links."""

    def to_absolute(uri: str) -> str:
        # Leave hash links alone if the base URI matches the document URI.
        if base_url == document_url and uri.startswith("#"):
            return uri
        try:
            return resolve(uri, base_url)
        except InvalidURL:
            return uri  # as Readability.js leaves a URL that new URL() refuses

    for link in iter_tags(article_content, "a"):
        href = link.get("href")
        if not href:
            continue
        if href.startswith("javascript:"):
            # Scripts are gone, so such links cannot work: keep their content only.
            if len(link) == 0 and len(text_nodes(link, False)) == 1:
                replace_with_text(link, text_content(link))
            else:
                span = create_element("span")
                set_child_nodes(span, child_nodes(link))
                replace_with(link, span)
        else:
            link.set("href", to_absolute(href))

    for media in iter_tags(article_content, "img", "picture", "figure", "video", "audio", "source"):
        src = media.get("src")
        poster = media.get("poster")
        srcset = media.get("srcset")
        if src:
            media.set("src", to_absolute(src))
        if poster:
            media.set("poster", to_absolute(poster))
        if srcset:
            media.set(
                "srcset",
                REGEXPS.srcsetUrl.sub(lambda m: to_absolute(m.group(1)) + (m.group(2) or "") + m.group(3), srcset),
            )


def simplify_nested_elements(article_content: Element) -> None:
    """Port of ``_simplifyNestedElements``: empty divs/sections go, single-child wrappers collapse.

    A wrapper hands its attributes down to the child that replaces it.
    """
    has_text = TextFinder()
    node: Element | None = article_content
    while node is not None:
        if (
            node.getparent() is not None
            and node.tag in ("div", "section")
            and not (node.get("id") or "").startswith("readability")
        ):
            if is_element_without_content(node, has_text):
                node = remove_and_get_next(node)
                continue
            if has_single_tag_inside_element(node, "div") or has_single_tag_inside_element(node, "section"):
                node = _collapse_into_child(node)
                continue
        node = get_next_node(node)


def _collapse_into_child(node: Element) -> Element:
    """``_simplifyNestedElements``'s collapse: ``node``'s only child replaces it, with ``node``'s attributes."""
    child = element_children(node)[0]
    if all(_settable(name) for name in node.keys()):
        for name, value in node.items():
            child.set(name, value)
        replace_with(node, child)
        return child
    # ``node`` has an attribute name that lxml's parser accepted but its API
    # refuses to set (``rel:buzz_num``, ``"``): keep ``node`` and move the
    # child's content and attributes into it instead; the result is the same.
    for name, value in child.items():
        if name not in node.attrib and _settable(name):
            node.set(name, value)
    node.tag = child.tag
    set_text_nodes(node, False, text_nodes(child, False))
    node.remove(child)
    node.extend(list(child))
    return node


@functools.lru_cache(maxsize=4096)
def _settable(name: str) -> bool:
    """Whether lxml lets us set an attribute called ``name``."""
    try:
        create_element("div").set(name, "")
    except ValueError:
        return False
    return True


_CLASS_SPLIT = re.compile(JS_S + "+")


_WITH_CLASS = etree.XPath("descendant-or-self::*[@class]")


def clean_classes(root: Element, classes_to_preserve: frozenset[str]) -> None:
    """Port of ``_cleanClasses``: drop every class not in ``classes_to_preserve``.

    A class kept is a substring of the value: when no class to preserve is, the value is not split (most are
    not: the classes to preserve are few, ``page`` by default)."""
    preserved = tuple(classes_to_preserve)
    for el in cast(list[Element], _WITH_CLASS(root)):
        value = el.get("class") or ""
        kept = ""
        if any(name in value for name in preserved):
            kept = " ".join(c for c in _CLASS_SPLIT.split(value) if c in classes_to_preserve)
        if kept:
            el.set("class", kept)
        else:
            del el.attrib["class"]


def post_process_content(
    article_content: Element,
    base_url: str,
    document_url: str,
    keep_classes: bool,
    classes_to_preserve: frozenset[str],
) -> None:
    """Port of ``_postProcessContent``."""
    fix_relative_uris(article_content, base_url, document_url)
    simplify_nested_elements(article_content)
    if not keep_classes:
        clean_classes(article_content, classes_to_preserve)
