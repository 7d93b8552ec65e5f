"""The engine's exceptions: one base class callers can catch for any bad input."""

from __future__ import annotations


class ReadabilityError(Exception):
    """Base class of every error the engine raises on purpose."""


class TooManyElementsError(ReadabilityError):
    """The document has more elements than ``max_elems_to_parse`` allows."""

    def __init__(self, count: int, limit: int) -> None:
        super().__init__(f"Aborting parsing document; {count} elements found (limit {limit})")
        self.count = count
        self.limit = limit


class InputError(ReadabilityError):
    """The input cannot be turned into an HTML document (wrong type, not markup)."""


class NotHTMLError(InputError):
    """The input is not a web page: an image, a PDF, an archive, other binary data.

    ``kind`` says what it looks like (``"a PDF document"``, ``"binary data"``).
    """

    def __init__(self, kind: str, *, given: str = "body", detail: str = "") -> None:
        super().__init__(f"not HTML: the {given} looks like {kind}{detail}")
        self.kind = kind


class ReadabilityConfigError(ReadabilityError, ValueError):
    """An option has a value it does not accept, wherever it came from (a keyword, a configuration, a command line).

    The message names where the value came from and what would have been accepted.
    """
