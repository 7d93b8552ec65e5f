"""The headline: the title without the site's name."""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from .tree import word_list

_SEPARATOR = re.compile(r"\s+(?:[|\-–—:·»/]|::)\s+")


def _words(text: str) -> str:
    return " ".join(word_list(text))


def _names_the_site(part: str, site_name: str | None, host: str) -> bool:
    words = _words(part)
    if not words:
        return False
    if site_name and words == _words(site_name):
        return True
    squeezed = words.replace(" ", "")
    labels = [label for label in host.casefold().split(".") if label not in ("www", "")]
    return any(squeezed == label.replace("-", "") for label in labels)


def headline(title: str | None, site_name: str | None, url: str, headings: Iterable[str]) -> str | None:
    """``title`` without the site's name: the part of ``A - Site`` that is not the site, or that a heading repeats."""
    if not title:
        return title
    parts = _SEPARATOR.split(title.strip())
    if len(parts) < 2:
        return title.strip()
    host = urlsplit(url).hostname or ""
    kept = [part for part in parts if not _names_the_site(part, site_name, host)]
    if kept and len(kept) < len(parts):
        return _rejoin(title, kept)
    repeated = {_words(text) for text in headings}
    for part in parts:
        if _words(part) in repeated:
            return part.strip()
    return title.strip()


def _rejoin(title: str, kept: list[str]) -> str:
    """The parts kept, with the separators the title had between them."""
    if len(kept) == 1:
        return kept[0].strip()
    separators = _SEPARATOR.findall(title)
    joiner = separators[0] if separators else " - "
    return joiner.join(part.strip() for part in kept)
