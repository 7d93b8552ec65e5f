"""What engine/options.py gave before the engine lost the Scrapy layer's vocabulary: kept for one release.

``scrapy_readability.engine.options.PREFIX``, ``Option.setting``, ``Option.flag`` and
``option(..., setting=...)`` keep working with a DeprecationWarning. A setting's name
now belongs to the Scrapy layer, which declares each one literally
(``scrapy_readability/settings.py``) and tells this module the names it gave, so
``Option.setting`` answers as before. This module goes in the next release; it is
the one place under ``engine/`` that still spells a setting's prefix.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .options import Option

PREFIX = "READABILITY_"
OPTION_ATTRIBUTES = frozenset({"setting", "flag"})
MODULE_NAMES = frozenset({"PREFIX"})

_NAMED: dict[int, tuple[Option, str]] = {}  # id(option) -> (the option, kept alive; its setting's name)


def _warn(what: str, instead: str) -> None:
    warnings.warn(f"{what} is deprecated: {instead}", DeprecationWarning, stacklevel=4)


def remember(option: Option, setting: str) -> None:
    """The name the Scrapy layer (or a deprecated ``setting=``) gave ``option``, for ``Option.setting``."""
    _NAMED[id(option)] = (option, setting)


def setting_keyword(given: dict[str, Any]) -> str:
    """``option(..., setting=NAME)``: NAME, with a DeprecationWarning; any other keyword is a TypeError."""
    unknown = sorted(given.keys() - {"setting"})
    if unknown:
        raise TypeError(f"option() got an unexpected keyword argument {unknown[0]!r}")
    _warn("option(..., setting=...)", "declare the setting with scrapy_readability.settings.declare()")
    return str(given["setting"])


_IRREGULAR = {"disable_json_ld": "READABILITY_DISABLE_JSONLD"}
"""The one setting whose name was not the option's in capitals (earlier releases hard-coded it here)."""


def _setting_of(option: Option) -> str:
    option_and_name = _NAMED.get(id(option))
    if option_and_name is not None:
        return option_and_name[1]
    return _IRREGULAR.get(option.name, PREFIX + option.name.upper())


def option_attribute(option: Option, name: str) -> str:
    """``Option.setting`` or ``Option.flag`` as earlier releases derived them."""
    _warn(f"Option.{name}", "use the Setting of scrapy_readability.settings (Setting.name, Setting.flag)")
    setting = _setting_of(option)
    if name == "setting":
        return setting
    return "--" + setting.removeprefix(PREFIX).lower().replace("_", "-")


def module_attribute(name: str) -> str:
    """``scrapy_readability.engine.options.PREFIX``."""
    _warn(f"scrapy_readability.engine.options.{name}", "setting names are declared in scrapy_readability.settings")
    return PREFIX
