"""The command-line flags both entry points share, derived from the options' declarations.

``scrapy-readability`` (pages on disk) and ``scrapy readability URL`` (one page
fetched by Scrapy) take the per-page options as flags named after their
settings (``READABILITY_CHAR_THRESHOLD`` is ``--char-threshold``), with the
settings' parsers, defaults and help; and they print records in the order a
feed has them.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from scrapy_readability.engine.options import PAGE_OPTIONS, Option, declared
from scrapy_readability.engine.outputs.article import FORMATS, METADATA_FIELDS
from scrapy_readability.settings import PageOptions, ReadabilityConfig

__all__ = [
    "OUTPUT_FORMATS",
    "POOL_OPTIONS",
    "add_options",
    "add_page_options",
    "add_worker_options",
    "option_values",
    "page_options",
    "pool_limits",
    "record_of",
]

OUTPUT_FORMATS = ("json", "jsonl", *FORMATS)
"""``-f``: a JSON record (or JSON lines), or one representation alone."""

POOL_OPTIONS = tuple(
    spec for spec in declared(ReadabilityConfig) if spec.name in ("timeout", "worker_max_memory", "worker_max_pages")
)
"""The limits of the extraction pool, which the command line shares with the crawl (``READABILITY_TIMEOUT``...)."""

_LINK = re.compile(r"\[([^\]]+)\]\([^)]+\)")


def _plain_help(spec: Option) -> str:
    """The option's help without Markdown links or backticks, for ``--help``."""
    return _LINK.sub(r"\1", spec.help).replace("`", "")


def _shown(default: Any) -> str:
    if isinstance(default, tuple):
        return ",".join(default) or "none"
    return str(getattr(default, "value", default) if default is not None else "none")


def add_options(group: Any, options: Iterable[Option], defaults: Mapping[str, Any]) -> None:
    """One flag per option: ``--no-x``/``--x`` for a boolean, ``--x VALUE`` for the rest, with help and default."""
    for spec in options:
        default = defaults[spec.name]
        if isinstance(default, bool):
            group.add_argument(
                spec.flag,
                dest=spec.name,
                action=argparse.BooleanOptionalAction,
                default=None,
                help=f"{_plain_help(spec)} (default: {default})",
            )
        else:
            group.add_argument(
                spec.flag,
                dest=spec.name,
                default=None,
                metavar="VALUE",
                help=f"{_plain_help(spec)} Accepted: {spec.accepted}. (default: {_shown(default)})",
            )


def add_page_options(parser: argparse.ArgumentParser, defaults: PageOptions | None = None) -> None:
    """``--policy``, ``--char-threshold``... : every per-page option."""
    page = defaults or PageOptions()
    group = parser.add_argument_group("extraction options (as the READABILITY_* settings of the same names)")
    add_options(group, PAGE_OPTIONS, {spec.name: page.value(spec.name) for spec in PAGE_OPTIONS})


def add_worker_options(parser: argparse.ArgumentParser) -> None:
    """``--timeout``, ``--worker-max-memory``, ``--worker-max-pages``: the pool's limits."""
    config = ReadabilityConfig()
    group = parser.add_argument_group("worker options (as the READABILITY_* settings of the same names)")
    add_options(group, POOL_OPTIONS, {spec.name: getattr(config, spec.name) for spec in POOL_OPTIONS})


def option_values(args: argparse.Namespace, options: Iterable[Option]) -> dict[str, Any]:
    """The options the flags set, validated as the settings are (ReadabilityConfigError names the flag)."""
    found = {}
    for spec in options:
        value = getattr(args, spec.name, None)
        if value is not None:
            found[spec.name] = spec.read(value, spec.flag)
    return found


def page_options(args: argparse.Namespace, base: PageOptions) -> PageOptions:
    """``base`` (the settings' page options) changed by the flags."""
    return base.changed(option_values(args, PAGE_OPTIONS))


def pool_limits(args: argparse.Namespace, base: ReadabilityConfig) -> ReadabilityConfig:
    """``base`` with the pool's limits the flags set."""
    return replace(base, **option_values(args, POOL_OPTIONS))


def record_of(url: str | None, fields: Mapping[str, Any], **first: Any) -> dict[str, Any]:
    """What is printed for a page: its URL (and ``first``), the metadata, then the representations (or the verdict)."""
    record = {"url": url, **first, **{key: fields[key] for key in METADATA_FIELDS if key in fields}}
    record.update((key, value) for key, value in fields.items() if key not in record)
    return record
