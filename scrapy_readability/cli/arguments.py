"""What the command lines share: one flag builder, one error type, and the order a record is printed in.

``scrapy-readability`` (pages on disk), ``scrapy-readability crawl`` and
``scrapy readability URL`` make their flags with :func:`add_options`, from the
settings' declarations (``scrapy_readability/settings.py``, and the spider's in
``spiders/options.py``): a setting's flag is its name without its prefix
(``READABILITY_CHAR_THRESHOLD`` is ``--char-threshold``, ``READABILITY_SPIDER_MAX_PAGES``
``--max-pages``), with the option's parser, default and help. A value that does not
parse, or any other bad usage, is a :class:`UsageError`: exit status 2 and its message.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import replace
from typing import Any

from scrapy_readability.engine.outputs.article import FORMATS, METADATA_FIELDS
from scrapy_readability.settings import CRAWL_SETTINGS, PAGE_SETTINGS, PageOptions, ReadabilityConfig, Setting

__all__ = [
    "OUTPUT_FORMATS",
    "POOL_SETTINGS",
    "UsageError",
    "add_options",
    "assignments",
    "add_page_options",
    "add_worker_options",
    "option_values",
    "page_options",
    "pool_limits",
    "record_of",
]

OUTPUT_FORMATS = ("json", "jsonl", *FORMATS)
"""``-f``: a JSON record (or JSON lines), or one representation alone."""

POOL_SETTINGS = tuple(
    setting for setting in CRAWL_SETTINGS if setting.key in ("timeout", "worker_max_memory", "worker_max_pages")
)
"""The limits of the extraction pool, which the command line shares with the crawl (``READABILITY_TIMEOUT``...)."""


class UsageError(Exception):
    """Bad usage of a command line: it stops before any work with exit status 2 and this message.

    The one error type of the command lines; what Scrapy's own command classes raise
    for their options (``scrapy.exceptions.UsageError``: ``-s``, ``-a``, ``-o``) becomes
    one where they are called (``cli/crawl.py``), so the one-page command line, which
    starts without Scrapy, and the crawl report bad usage the same way.
    """


_LINK = re.compile(r"\[([^\]]+)\]\([^)]+\)")


def _plain_help(setting: Setting) -> str:
    """The option's help without Markdown links or backticks, for ``--help``."""
    return _LINK.sub(r"\1", setting.option.help).replace("`", "")


def _shown(default: Any) -> str:
    if isinstance(default, tuple):
        return ",".join(default) or "none"
    return str(getattr(default, "value", default) if default is not None else "none")


def add_options(
    group: Any,
    settings: Iterable[Setting],
    defaults: Mapping[str, Any] | None = None,
    repeated: Collection[str] = (),
) -> None:
    """One flag per setting: ``--x``/``--no-x`` for a boolean, ``--x VALUE`` for the rest.

    Each takes the setting's help and what it accepts, and its default from
    ``defaults`` (by option name) when given; an option in ``repeated`` is given once
    a value (``--allow A --allow B``). Unset flags are ``None``.
    """
    for setting in settings:
        help = _plain_help(setting)
        default = defaults.get(setting.key) if defaults is not None else None
        if isinstance(setting.option.default, bool):
            shown = f" (default: {default})" if defaults is not None else ""
            group.add_argument(
                setting.flag, dest=setting.key, action=argparse.BooleanOptionalAction, default=None, help=help + shown
            )
        elif setting.key in repeated:
            group.add_argument(
                setting.flag, dest=setting.key, action="append", metavar="REGEX", help=help + " (repeatable)"
            )
        else:
            shown = f" (default: {_shown(default)})" if defaults is not None else ""
            group.add_argument(
                setting.flag,
                dest=setting.key,
                default=None,
                metavar="VALUE",
                help=f"{help} Accepted: {setting.option.accepted}.{shown}",
            )


def add_page_options(parser: argparse.ArgumentParser, defaults: PageOptions | None = None) -> None:
    """``--policy``, ``--char-threshold``... : every per-page option."""
    page = defaults or PageOptions()
    group = parser.add_argument_group("extraction options (as the READABILITY_* settings of the same names)")
    add_options(group, PAGE_SETTINGS, {setting.key: page.value(setting.key) for setting in PAGE_SETTINGS})


def add_worker_options(parser: argparse.ArgumentParser) -> None:
    """``--timeout``, ``--worker-max-memory``, ``--worker-max-pages``: the pool's limits."""
    config = ReadabilityConfig()
    group = parser.add_argument_group("worker options (as the READABILITY_* settings of the same names)")
    add_options(group, POOL_SETTINGS, {setting.key: getattr(config, setting.key) for setting in POOL_SETTINGS})


def option_values(args: argparse.Namespace, settings: Iterable[Setting]) -> dict[str, Any]:
    """The options the flags set, parsed, by option name; ReadabilityConfigError naming the flag for a bad one."""
    found = {}
    for setting in settings:
        value = getattr(args, setting.key, None)
        if value is not None:
            found[setting.key] = setting.read(value, setting.flag)
    return found


def page_options(args: argparse.Namespace, base: PageOptions) -> PageOptions:
    """``base`` (the settings' page options) changed by the flags."""
    return base.changed(option_values(args, PAGE_SETTINGS))


def pool_limits(args: argparse.Namespace, base: ReadabilityConfig) -> ReadabilityConfig:
    """``base`` with the pool's limits the flags set."""
    return replace(base, **option_values(args, POOL_SETTINGS))


def assignments(given: Iterable[str]) -> dict[str, str]:
    """``-s NAME=VALUE`` arguments as settings, as Scrapy reads them (any setting; the text after the first ``=``)."""
    found = {}
    for assignment in given:
        name, equals, value = assignment.partition("=")
        if not equals or not name.strip():
            raise UsageError(f"-s {assignment}: expected NAME=VALUE")
        found[name.strip()] = value
    return found


def record_of(url: str | None, fields: Mapping[str, Any], **first: Any) -> dict[str, Any]:
    """What is printed for a page: its URL (and ``first``), the metadata, then the representations (or the verdict)."""
    record = {"url": url, **first, **{key: fields[key] for key in METADATA_FIELDS if key in fields}}
    record.update((key, value) for key, value in fields.items() if key not in record)
    return record


def __getattr__(name: str) -> Any:
    """``POOL_OPTIONS`` of earlier releases (the pool's options; now their settings), with a DeprecationWarning."""
    if name == "POOL_OPTIONS":
        import warnings

        warnings.warn("POOL_OPTIONS is deprecated: use POOL_SETTINGS", DeprecationWarning, stacklevel=2)
        return tuple(setting.option for setting in POOL_SETTINGS)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
