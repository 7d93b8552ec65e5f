"""Which class a component setting names: the one load-and-compare helper of the Scrapy layer.

Scrapy's own ``BaseSettings.setdefault_in_component_priority_dict`` adds a
component unless the dict names it already; what it has no helper for is the
question "is this class, or a subclass of it, enabled?", which a component
asks before it switches itself on (a project may subclass our pipeline, or
scrapy-redis's dupefilter).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scrapy.utils.conf import build_component_list
from scrapy.utils.misc import load_object

if TYPE_CHECKING:
    from scrapy.settings import BaseSettings

__all__ = ["component_enabled", "is_subclass_of"]


def is_subclass_of(component: Any, base: type) -> bool:
    """Whether a component given by class or by import path is ``base`` or a subclass of it.

    A path that does not load is not ours: Scrapy reports it when it builds the components.
    """
    try:
        loaded = load_object(component) if isinstance(component, str) else component
    except (ImportError, NameError, ValueError):
        return False
    return isinstance(loaded, type) and issubclass(loaded, base)


def component_enabled(settings: BaseSettings, name: str, cls: type) -> bool:
    """Whether ``cls`` (or a subclass) is enabled in the component priority dict ``name`` (``ITEM_PIPELINES``...)."""
    return any(is_subclass_of(component, cls) for component in build_component_list(settings.getwithbase(name)))
