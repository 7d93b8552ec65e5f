"""The page's own schema.org objects, found wherever JSON-LD puts them.

Readability.js reads the first Article of the first script that has one. A
feed needs more: the article may sit in a ``@graph``, in an array, under a
``WebPage``'s ``mainEntity``, or beside a ``WebPage`` that carries the dates.
:func:`json_ld_nodes` walks the scripts' values (parsed once, by
``metadata.read_json_ld``) and returns the objects that describe the page,
article types first, then page types. The walk is bounded in depth and in
objects visited, so a 5 MB script costs no more than a small one.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ...port.metadata import INVALID_JSON
from .constants import (
    JSON_LD_ARTICLE_TYPES,
    JSON_LD_NESTED_KEYS,
    JSON_LD_PAGE_TYPES,
    MAX_JSON_LD_DEPTH,
    MAX_JSON_LD_NODES,
)


@dataclass
class JsonLd:
    """The objects that describe the page (:attr:`nodes`, best first) and every object by its ``@id``."""

    nodes: list[dict[str, Any]] = field(default_factory=list)
    ids: dict[str, dict[str, Any]] = field(default_factory=dict)

    def resolve(self, value: Any) -> Any:
        """An object that is only a reference (``{"@id": ...}``), replaced by the object it names."""
        if isinstance(value, dict) and isinstance(value.get("@id"), str) and len(value) == 1:
            return self.ids.get(value["@id"], value)
        return value


def read_json_ld_nodes(scripts: list[Any]) -> JsonLd:
    """The objects that describe the page: those of an article type, then those of a page type, each in order."""
    articles: list[dict[str, Any]] = []
    pages: list[dict[str, Any]] = []
    ids: dict[str, dict[str, Any]] = {}
    for node in _walk(scripts):
        identifier = node.get("@id")
        if isinstance(identifier, str) and len(node) > 1:
            ids.setdefault(identifier, node)
        types = node_types(node)
        if any(JSON_LD_ARTICLE_TYPES.search(t) for t in types):
            articles.append(node)
        elif any(JSON_LD_PAGE_TYPES.search(t) for t in types):
            pages.append(node)
    return JsonLd(articles + pages, ids)


def node_types(node: dict[str, Any]) -> list[str]:
    """``@type`` as a list of names (it is a string or an array of strings)."""
    value = node.get("@type")
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [t for t in value if isinstance(t, str)]
    return []


def _walk(scripts: list[Any]) -> Iterator[dict[str, Any]]:
    """Every object in the scripts, depth first in document order, through arrays and nesting keys."""
    budget = MAX_JSON_LD_NODES
    stack: list[tuple[Any, int]] = [(value, 0) for value in reversed(scripts) if value is not INVALID_JSON]
    while stack and budget > 0:
        value, depth = stack.pop()
        if depth > MAX_JSON_LD_DEPTH:
            continue
        if isinstance(value, list):
            stack.extend((item, depth + 1) for item in reversed(value[:MAX_JSON_LD_NODES]))
            continue
        if not isinstance(value, dict):
            continue
        budget -= 1
        yield value
        for key in reversed(JSON_LD_NESTED_KEYS):
            nested = value.get(key)
            if isinstance(nested, (dict, list)):
                stack.append((nested, depth + 1))


def first_value(nodes: list[dict[str, Any]], *keys: str) -> Any:
    """The first of ``keys`` that a node has, in the nodes' order; ``None`` when none has one."""
    for node in nodes:
        for key in keys:
            value = node.get(key)
            if value not in (None, "", [], {}):
                return value
    return None


def names(value: Any, json_ld: JsonLd) -> list[str]:
    """The names in an ``author``: a string, a ``Person``/``Organization`` (or a reference to one), or an array."""
    found: list[str] = []
    for item in value if isinstance(value, list) else [value]:
        item = json_ld.resolve(item)
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, dict):
            name = item.get("name")
            if isinstance(name, list):
                name = next((n for n in name if isinstance(n, str)), None)
            if isinstance(name, str):
                found.append(name)
            elif isinstance(item.get("givenName"), str) and isinstance(item.get("familyName"), str):
                found.append(f"{item['givenName']} {item['familyName']}")
    return found


def image_url(value: Any, json_ld: JsonLd) -> str | None:
    """The URL in an ``image``: a string, an ``ImageObject`` (or a reference to one), or an array of either."""
    for item in value if isinstance(value, list) else [value]:
        item = json_ld.resolve(item)
        if isinstance(item, str):
            return item
        if isinstance(item, dict):
            for key in ("url", "contentUrl"):
                if isinstance(item.get(key), str):
                    return str(item[key])
    return None


def language(value: Any) -> str | None:
    """``inLanguage``: a tag, or a ``Language`` with an ``alternateName`` or ``name``."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        for key in ("alternateName", "name"):
            if isinstance(value.get(key), str):
                return str(value[key])
    return None
