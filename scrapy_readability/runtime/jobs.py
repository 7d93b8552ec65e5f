"""What a page can be given to do, and what comes back: plain values that cross to a worker process.

An :class:`Extraction` (the page's text or bytes, its URL, the engine's options
and the representations wanted) gets :func:`extract`, which returns
:class:`Extracted` with the article's fields or :class:`Failed` with the
reason; a :class:`Preflight` gets :func:`judge`, which returns :class:`Judged`
or :class:`Failed`. Both run through :func:`perform` with the :class:`Engines`
loaded by dotted path, and never raise.
"""

from __future__ import annotations

import importlib
import inspect
import logging
import time
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, ClassVar

from scrapy_readability.engine import NotHTMLError, ReadabilityError, TooManyElementsError
from scrapy_readability.engine.html.parsing import parse_page
from scrapy_readability.engine.options import Options, OutputOptions, PreflightOptions

ENGINE = "scrapy_readability.engine.Readability"
"""The engine class by dotted path (``READABILITY_ENGINE``): ``Readability(html, url, content_type=..., **options)``."""

PREFLIGHT_CHECK = "scrapy_readability.engine.is_probably_readable"
"""The preflight's check by dotted path (``READABILITY_PREFLIGHT_CHECK``): ``is_probably_readable(html, **options)``."""

FAILURE_REASONS = {
    "no_article": "the page has no readable content",
    "not_html": "the input is not an HTML page (binary data, a PDF, an image, ...)",
    "engine_error": "the engine refused the page",
    "too_many_elements": "the page has more elements than READABILITY_MAX_ELEMS_TO_PARSE",
    "exception": "the engine raised an unexpected exception (a bug: its traceback is logged at DEBUG level)",
    "timeout": "the page took longer than READABILITY_TIMEOUT",
    "worker_died": "the worker process died, or could not start",
}
"""Why a job fails, by the short name used in stats, messages and exit reports."""


@dataclass(frozen=True)
class Extraction:
    """One page to extract, as plain values (what a worker process is sent)."""

    html: str | bytes
    url: str | None
    options: Options = field(default_factory=Options)
    output: OutputOptions = field(default_factory=OutputOptions)
    content_type: str | None = None  # the page's Content-Type header, for the charset of bytes
    encoding: str | None = None  # an encoding that wins over every declaration (the command line's --encoding)
    fetched: datetime | None = None  # when the page was fetched: the clock its "3 hours ago" is read against

    what: ClassVar[str] = "extraction"  # for messages


@dataclass(frozen=True)
class Preflight:
    """One page to judge with the preflight's check (``is_probably_readable``), as plain values."""

    html: str | bytes
    url: str | None
    options: PreflightOptions = field(default_factory=PreflightOptions)
    content_type: str | None = None
    encoding: str | None = None

    what: ClassVar[str] = "readerable check"  # for messages


@dataclass(frozen=True)
class Extracted:
    """The page's article: ``fields`` is ``Article.to_dict(formats)``."""

    fields: dict[str, Any]
    seconds: float
    trace: tuple[logging.LogRecord, ...] = ()  # the decision trace, from a worker process that kept it


@dataclass(frozen=True)
class Judged:
    """The preflight's verdict on a page."""

    readerable: bool
    seconds: float
    trace: tuple[logging.LogRecord, ...] = ()


@dataclass(frozen=True)
class Failed:
    """No article (or no verdict): ``reason`` is a key of :data:`FAILURE_REASONS`, ``detail`` says why."""

    reason: str
    detail: str
    seconds: float = 0.0
    traceback: str | None = None  # for an unexpected exception in the engine: a bug to report
    trace: tuple[logging.LogRecord, ...] = ()


Job = Extraction | Preflight
Outcome = Extracted | Judged | Failed


@dataclass(frozen=True)
class Engines:
    """What runs the pages: the engine class (extractions) and the preflight's check (a function)."""

    engine: Callable[..., Any]
    check: Callable[..., Any]

    @classmethod
    def load(cls, engine: str = ENGINE, check: str = PREFLIGHT_CHECK) -> Engines:
        """Both by dotted path; ImportError, AttributeError or TypeError if either cannot be loaded."""
        found_engine, found_check = load_object(engine), load_object(check)
        if not isinstance(found_engine, type):
            raise TypeError(f"{engine} is not a class")
        if not callable(found_check):
            raise TypeError(f"{check} is not callable")
        return cls(found_engine, found_check)


def load_object(path: str) -> Any:
    """The object a dotted path names (``package.module.Name``), as Scrapy's ``load_object`` finds it."""
    module, _, name = path.rpartition(".")
    return getattr(importlib.import_module(module), name)


def perform(job: Job, engines: Engines) -> Outcome:
    """Run one page's job (an extraction or a preflight); never raises."""
    if isinstance(job, Preflight):
        return judge(job, engines.check)
    return extract(job, engines.engine)


def judge(job: Preflight, check: Callable[..., Any]) -> Judged | Failed:
    """The preflight's verdict on one page; never raises (an error comes back as Failed).

    Bytes with a Content-Type are parsed first, for the header's charset (into lexbor's tree, which
    the preflight reads as it is); a page that cannot be parsed at all (an image, say) fails, as
    its extraction would.
    """
    started = time.perf_counter()
    verdict: Judged | Failed
    try:
        bytes_with_a_charset = job.content_type or job.encoding
        page = (
            parse_page(job.html, job.url, content_type=job.content_type, encoding=job.encoding)
            if bytes_with_a_charset
            else job.html
        )
        verdict = Judged(bool(check(page, **job.options.values())), 0.0)
    except Exception as error:  # every failure comes back as Failed
        verdict = failure(error)
    return replace(verdict, seconds=time.perf_counter() - started)


_CLOCKS: dict[type, bool] = {}  # engine class -> whether its parse() takes now
_TYPED: dict[Callable[..., Any], bool] = {}  # engine class -> whether it takes options=Options


def _parameters(function: Any) -> Mapping[str, inspect.Parameter]:
    try:
        return inspect.signature(function).parameters
    except (TypeError, ValueError, AttributeError):
        return {}


def _reads_a_clock(engine: type) -> bool:
    """Whether the engine's ``parse`` takes ``now`` (ours does; an engine of the user's need not)."""
    if engine not in _CLOCKS:
        parameters = _parameters(getattr(engine, "parse", None))
        _CLOCKS[engine] = "now" in parameters or any(
            parameter.kind is inspect.Parameter.VAR_KEYWORD for parameter in parameters.values()
        )
    return _CLOCKS[engine]


def _options_for(engine: Callable[..., Any], options: Options) -> dict[str, Any]:
    """The engine's option keywords: ``options=`` the typed options, as they are, when it takes them (ours
    does: they are not parsed again); else one keyword an option (``char_threshold=300``...), as documented."""
    if engine not in _TYPED:
        parameter = _parameters(engine).get("options")
        _TYPED[engine] = parameter is not None and parameter.kind is inspect.Parameter.KEYWORD_ONLY
    return {"options": options} if _TYPED[engine] else options.values()


def extract(job: Extraction, engine: Callable[..., Any]) -> Extracted | Failed:
    """Run the engine on one page; never raises."""
    started = time.perf_counter()
    result: Extracted | Failed
    try:
        page = {"content_type": job.content_type, "encoding": job.encoding}
        page = {name: value for name, value in page.items() if value}  # an engine of the user's needs neither
        parser = engine(job.html, job.url, **page, **_options_for(engine, job.options))
        clock = {"now": job.fetched} if job.fetched is not None and _reads_a_clock(type(parser)) else {}
        article = parser.parse(**clock)
    except Exception as error:  # every failure comes back as Failed
        result = failure(error)
    else:
        if article is None:
            result = Failed("no_article", FAILURE_REASONS["no_article"])
        else:
            result = Extracted(article.to_dict(job.output.formats), 0.0)
    return replace(result, seconds=time.perf_counter() - started)


def failure(error: Exception) -> Failed:
    """Why a page failed: bad input the engine said so about, or a bug (with its traceback)."""
    if isinstance(error, TooManyElementsError):
        return Failed("too_many_elements", str(error))
    if isinstance(error, NotHTMLError):
        return Failed("not_html", str(error))
    if isinstance(error, ReadabilityError):
        return Failed("engine_error", f"{type(error).__name__}: {error}")
    return Failed("exception", f"{type(error).__name__}: {error}", traceback=traceback.format_exc())
