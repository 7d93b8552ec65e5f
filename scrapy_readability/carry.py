"""How a page's ``meta['readability']`` travels from its response to the items built from it.

The spider middleware hands each item that carries a page the options (or the
skip, ``False``) of the response it came from; the pipeline takes them back.
An item that can hold them keeps them in its ``readability`` field: a dict, or
a type that declares the field (``ArticleItem``); the pipeline removes the
field once used. Any other item (a dataclass, attrs or pydantic model, or a
``scrapy.Item`` without the field) is never given a field it does not
declare: its options wait beside it, in a table by identity, so no helper field
can reach the feed. The table never keeps an item alive: an entry goes when its
item does (a weak reference), whether it was dropped by another pipeline,
failed or never reached the pipelines. An item that cannot be weakly referenced
(a ``@dataclass(slots=True)``) is held until it leaves the pipelines (the
``item_scraped``, ``item_dropped`` and ``item_error`` signals), and at the
latest until the spider closes. The table is the crawl's: its extension
(``extension.py``) owns it.
"""

from __future__ import annotations

import weakref
from typing import Any

from itemadapter import ItemAdapter

from scrapy_readability.settings import META_KEY

__all__ = ["CarriedOptions", "carries_page", "single_value"]


def carries_page(adapter: ItemAdapter, source_field: str) -> bool:
    """Whether the item is one for the pipeline: it has the source field (``READABILITY_SOURCE_FIELD``)."""
    return source_field in adapter.field_names()


def single_value(value: Any) -> Any:
    """The value of a one-element list, as an ``ItemLoader`` without output processors stores fields."""
    if isinstance(value, (list, tuple)) and len(value) == 1:
        return value[0]
    return value


class CarriedOptions:
    """One crawler's ``meta['readability']`` values on their way to the pipeline, for items of every type."""

    def __init__(self) -> None:
        # id(item) -> (what keeps the entry honest, the value): a weakref.finalize that removes the
        # entry when the item dies, or the item itself when it cannot be weakly referenced.
        self._beside: dict[int, tuple[object, Any]] = {}

    def carry(self, item: Any, value: Any) -> None:
        """Give ``item`` the ``meta['readability']`` of its page, unless it has a value of its own (which wins)."""
        adapter = ItemAdapter(item)
        if single_value(adapter.get(META_KEY)) is not None:
            return
        try:
            adapter[META_KEY] = value  # a dict, or a type that declares the field
        except (KeyError, AttributeError, TypeError, ValueError):  # no such field (or a frozen or validated one)
            self._put_beside(item, value)

    def take(self, item: Any) -> Any:
        """The value carried beside ``item`` (``None`` if none), forgotten from now on."""
        holder, value = self._beside.pop(id(item), (None, None))
        if isinstance(holder, weakref.finalize):
            holder.detach()
        return value

    def forget(self, item: Any) -> None:
        """Signal handler: the item has left the pipelines (stored, dropped or failed)."""
        self.take(item)

    def forget_held(self) -> None:
        """Signal handler: the spider has closed; release the items held without a weak reference."""
        for key, (holder, _value) in list(self._beside.items()):
            if not isinstance(holder, weakref.finalize):
                self._beside.pop(key, None)

    def __len__(self) -> int:
        return len(self._beside)

    def _put_beside(self, item: Any, value: Any) -> None:
        self.take(item)  # one entry per item
        key = id(item)
        holder: object
        try:
            holder = weakref.finalize(item, self._beside.pop, key, None)
        except TypeError:  # not weakly referenceable: held (so its id cannot be reused) until it leaves
            holder = item
        self._beside[key] = (holder, value)
