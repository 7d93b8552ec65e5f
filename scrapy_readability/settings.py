"""The ``READABILITY_*`` settings and the per-request ``meta['readability']`` options.

Both are derived from the options' declarations (``engine/options.py`` for a
page's options, :class:`ReadabilityConfig` here for the crawl's), so a value
that is refused in ``settings.py`` is refused in ``meta`` and on the command
line too, with a message that names where it came from and what would have
been accepted. The crawl reads its settings once, when its extension is built
(``extension.py``), so a typo stops the crawl before the first request rather
than failing quietly on every page.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from scrapy_readability.engine.errors import ReadabilityConfigError
from scrapy_readability.engine.options import (
    BOOLEAN,
    PAGE_OPTIONS,
    Declared,
    Option,
    Options,
    OutputOptions,
    PreflightOptions,
    boolean,
    choice,
    declared,
    dotted_path,
    integer,
    option,
    real,
)
from scrapy_readability.runtime.jobs import ENGINE, PREFLIGHT_CHECK

__all__ = [
    "META_KEY",
    "PageOptions",
    "ReadabilityConfig",
    "ReadabilityConfigError",
    "read_settings",
    "settings_table",
]

META_KEY = "readability"
"""The key in ``Request.meta`` (and the item field) that carries per-page options and the verdict."""

PREFLIGHT_ACTIONS = ("annotate", "drop")
FAILURE_ACTIONS = ("drop", "keep")

_VERDICT_KEYS = frozenset({"readerable", "fetched"})  # written by the middleware next to the options, not options


def read_settings(options: Iterable[Option], settings: Mapping[str, Any]) -> dict[str, Any]:
    """The options that the settings define, parsed; unset (or None) ones are left out."""
    found = {}
    for spec in options:
        value = settings.get(spec.setting)
        if value is not None:
            found[spec.name] = spec.read(value, spec.setting)
    return found


_PARTS: dict[str, type[Declared]] = {"engine": Options, "preflight": PreflightOptions, "output": OutputOptions}
_PART_OF = {spec.name: part for part, cls in _PARTS.items() for spec in declared(cls)}


@dataclass(frozen=True)
class PageOptions:
    """How one page is judged (``preflight``), extracted (``engine``) and recorded (``output``).

    The defaults are the engine's, which are Readability.js's, except
    ``sanitize``: a feed of HTML from the open web should not carry scripts or
    event handlers.
    """

    engine: Options = field(default_factory=lambda: Options(sanitize=True))
    preflight: PreflightOptions = field(default_factory=PreflightOptions)
    output: OutputOptions = field(default_factory=OutputOptions)

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any]) -> PageOptions:
        return cls().changed(read_settings(PAGE_OPTIONS, settings))

    @property
    def formats(self) -> tuple[str, ...]:
        return self.output.formats

    def value(self, name: str) -> Any:
        """One option by its name (``char_threshold``, ``min_score``, ``formats``...)."""
        return getattr(getattr(self, _PART_OF[name]), name)

    def changed(self, values: Mapping[str, Any]) -> PageOptions:
        """These options with ``values`` (already parsed) in place, by option name."""
        by_part: dict[str, dict[str, Any]] = {}
        for name, value in values.items():
            by_part.setdefault(_PART_OF[name], {})[name] = value
        return replace(
            self, **{part: getattr(self, part).changed(**part_values) for part, part_values in by_part.items()}
        )

    def override(self, overrides: Mapping[str, Any] | None) -> PageOptions:
        """These options with a page's ``meta['readability']`` applied, validated like the settings.

        The ``readerable`` and ``fetched`` keys are ignored: they are the
        middleware's verdict and the page's fetch time, found there when a
        request is re-sent with the meta it came back with.
        """
        if not overrides:
            return self
        if not isinstance(overrides, Mapping):
            raise ReadabilityConfigError(
                f"meta[{META_KEY!r}] = {overrides!r} is not valid; accepted values: "
                "False (skip the page), True, or a dict of options"
            )
        by_name = {spec.name: spec for spec in PAGE_OPTIONS}
        values = {}
        for name, value in overrides.items():
            if name in _VERDICT_KEYS:
                continue
            if name not in by_name:
                raise ReadabilityConfigError(
                    f"meta[{META_KEY!r}] has an unknown option {name!r}; accepted options: {', '.join(by_name)}"
                )
            values[name] = by_name[name].read(value, f"meta[{META_KEY!r}][{name!r}]")
        return self.changed(values)

    def to_meta(self) -> dict[str, Any]:
        """The options as plain, JSON-friendly values, to show in ``meta['readability']``."""
        return {spec.name: _plain(self.value(spec.name)) for spec in PAGE_OPTIONS}


def _plain(value: Any) -> Any:
    """A value as JSON shows it: a policy by name, a pattern by its text, a tuple as a list."""
    if isinstance(value, tuple):
        return list(value)
    return getattr(value, "pattern", getattr(value, "value", value))


def _field_name(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(value)
    return value.strip()


@dataclass(frozen=True)
class ReadabilityConfig(Declared):
    """Everything the crawl reads from the ``READABILITY_*`` settings, validated once (``page``: the per-page ones)."""

    enabled: bool = option(True, boolean, BOOLEAN, "`False` disables every component.")
    preflight_action: str = option(
        "annotate",
        choice(*PREFLIGHT_ACTIONS),
        ", ".join(map(repr, PREFLIGHT_ACTIONS)),
        "What a non-readerable page gets: `annotate` (the verdict only) or `drop` (`IgnoreRequest`, counted). "
        "`drop` loses the article pages the heuristic misjudges and the links of front pages "
        "([what it costs](docs/scrapy.md#what-readability_preflight_action--drop-costs)).",
    )
    failure_action: str = option(
        "drop",
        choice(*FAILURE_ACTIONS),
        ", ".join(map(repr, FAILURE_ACTIONS)),
        "What an item with no article gets: `drop` (`DropItem` with the reason) or `keep` (article fields `null`, "
        "reason in `readability_error`).",
    )
    source_field: str = option(
        "html", _field_name, "a non-empty field name", "The item field that carries the page's HTML."
    )
    keep_source: bool = option(False, boolean, BOOLEAN, "Keep the HTML field in the item after extraction.")
    # One: a second extraction thread only contends with the first for the GIL, and costs CPU
    # doing so (benchmarks/crawl.py, 1,000 pages on 2 cores: 1 thread 55-61 pages/s at 17-20 ms
    # of CPU a page, 2 threads 45 pages/s at 25 ms, the reactor's stalls the same).
    threads: int = option(
        1,
        integer(1),
        "an integer >= 1",
        "Size of the thread pool that keeps the preflight and the extraction off the reactor thread.",
    )
    workers: int = option(
        0,
        integer(0),
        "an integer >= 0 (0: threads only)",
        "Worker processes for the preflight and the extraction, so a crawl uses every core; `0` means the thread "
        "pool only.",
    )
    # Seconds a page may take. An ordinary page takes 10-20 ms; the largest cases of the
    # hostile-input matrix (a 20 MB page, 200,000 sibling paragraphs) about 6 s on a quiet 2-core
    # machine and 16-18 s on a loaded one. 30 s lets those through and still caps a runaway page.
    timeout: float = option(
        30.0,
        real(0),
        "a number of seconds >= 0 (0: no limit)",
        "Seconds one page's extraction (or preflight) may take (failure `timeout`; its worker process is killed "
        "and replaced); `0` means no limit.",
    )
    # Megabytes of resident memory after which a worker process is replaced between pages. A
    # worker holds about 80 MB after the 106 vendored pages, and a page must be about 10 MB to
    # leave twice that behind (a 20 MB page: 437 MB while parsed, about 200 MB kept after); such
    # a page takes seconds to parse, next to which a new worker (0.3 s, 0.14 s of CPU) is cheap.
    worker_max_memory: int = option(
        160,
        integer(0),
        "a number of megabytes >= 0 (0: no limit)",
        "Megabytes of resident memory above which a worker process is replaced between pages; `0` means no limit.",
    )
    # The memory limit covers a slow leak too; a count only adds restarts.
    worker_max_pages: int = option(
        0,
        integer(0),
        "an integer >= 0 (0: no limit)",
        "Pages after which a worker process is replaced; `0` means no limit.",
    )
    # gc.freeze() while the crawl runs: what start-up built (Scrapy, Twisted, lxml, the project:
    # some hundreds of thousands of objects) stays out of the cyclic collector's full
    # collections, which otherwise stop the crawl's process, and its reactor, for tens of
    # milliseconds each (benchmarks/README.md, "Crawl throughput").
    gc_freeze: bool = option(
        True,
        boolean,
        BOOLEAN,
        "`gc.freeze()` while the crawl runs, so the garbage collector's full collections skip what start-up built "
        "and stop the reactor for a few milliseconds rather than tens "
        "([what it does to your process](docs/scrapy.md#the-garbage-collector)); `False` leaves the collector alone.",
    )
    engine: str = option(
        ENGINE,
        dotted_path,
        "a class, or its import path",
        "The engine, by import path: a class called as `Readability(html, url, content_type=..., **options)`, whose "
        "`parse()` returns an `Article` or `None` (a subclass of ours, say).",
    )
    preflight_check: str = option(
        PREFLIGHT_CHECK,
        dotted_path,
        "a function, or its import path",
        "The preflight's check, by import path: a function called as `is_probably_readable(html, **options)`.",
    )
    page: PageOptions = field(default_factory=PageOptions)

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any]) -> ReadabilityConfig:
        """Read and validate every ``READABILITY_*`` setting; ReadabilityConfigError on the first bad one."""
        return cls(page=PageOptions.from_settings(settings), **read_settings(declared(cls), settings))


def is_enabled(settings: Mapping[str, Any]) -> bool:
    """``READABILITY_ENABLED`` (default True), validated like the others."""
    return bool(read_settings(declared(ReadabilityConfig)[:1], settings).get("enabled", True))


def __getattr__(name: str) -> Any:
    """``component_enabled`` moved to ``scrapy_readability.components``: the old name works for one release."""
    if name == "component_enabled":
        import warnings

        from scrapy_readability import components

        warnings.warn(
            "scrapy_readability.settings.component_enabled moved to scrapy_readability.components.component_enabled",
            DeprecationWarning,
            stacklevel=2,
        )
        return components.component_enabled
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# --- The settings as a table: for the README, docs/scrapy.md and tests -----------------------


@dataclass(frozen=True)
class SettingRow:
    """One setting as the documentation shows it."""

    option: Option
    default: Any  # the crawl's default
    per_page: bool


def setting_rows() -> list[SettingRow]:
    """Every ``READABILITY_*`` setting, in the documentation's order: the switch, the per-page ones, the crawl's."""
    config = ReadabilityConfig()
    crawl = declared(ReadabilityConfig)
    rows = [SettingRow(crawl[0], config.enabled, False)]
    rows += [SettingRow(spec, config.page.value(spec.name), True) for spec in PAGE_OPTIONS]
    rows += [SettingRow(spec, getattr(config, spec.name), False) for spec in crawl[1:]]
    return rows


def default_settings() -> dict[str, Any]:
    """Every ``READABILITY_*`` setting with its crawl default, as Python values."""
    return {row.option.setting: row.default for row in setting_rows()}


def _shown(value: Any) -> str:
    plain = _plain(value)
    return repr(tuple(plain) if isinstance(plain, list) else plain).replace("'", '"')


def settings_table(document: str = "README.md") -> str:
    """The Markdown table of the settings that ``document`` (README.md, docs/scrapy.md) shows.

    ``docs/settings_table.py`` writes it there.

    Links to ``document`` itself become links to its own sections.
    """
    lines = ["| Setting | Default | Per page | What it does |", "|---|---|---|---|"]
    for row in setting_rows():
        per_page = "yes" if row.per_page else ""
        help = row.option.help.replace(f"]({document}#", "](#")
        lines.append(f"| `{row.option.setting}` | `{_shown(row.default)}` | {per_page} | {help} |")
    return "\n".join(lines) + "\n"
