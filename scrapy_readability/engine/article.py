"""The result type of :meth:`Readability.parse`."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass
class Article:
    """What Readability.js's ``parse()`` returns, with snake_case names.

    ``attempt`` is ours: which pass of the retry ladder produced the content
    (``strict``, ``moderate``, ``clean``, ``raw``, or ``longest`` when no pass
    reached ``char_threshold`` and the longest attempt was kept).
    """

    title: str | None
    byline: str | None
    dir: str | None
    lang: str | None
    content: str
    text_content: str
    length: int
    excerpt: str | None
    site_name: str | None
    published_time: str | None
    attempt: str = "strict"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)
