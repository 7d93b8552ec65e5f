"""Running the engine on one page: in a pool thread, or in a worker process.

Private to the pipeline, the preflight middleware and the command line, and
free of Scrapy (and Twisted) imports, so a worker process starts with the engine alone. Both ways
of running go through :func:`perform`: a :class:`Task` (the page's text, its
URL and its options as plain values) gets :func:`extract`, which returns a
:data:`Result` (:class:`Extracted` with the article's fields, or
:class:`Failed` with the reason); a :class:`Preflight` gets :func:`judge`,
which returns a :data:`Verdict` (:class:`Judged`, or :class:`Failed`).

A worker process is ``python -m scrapy_readability._worker`` (started by
``_pool.py``), so it never imports the crawl's ``__main__`` and never runs the
user's code: a crawl script without ``if __name__ == "__main__":`` is not run
again in each worker. It reads tasks from its standard input and writes
results to its standard output, each a pickle behind its length
(:func:`send`, :func:`receive`); anything else it prints goes to its
standard error, which the pool forwards to the crawl's log. Why a process of
its own rather than a fork server, and what starting one costs: benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import pickle
import signal
import struct
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import IO, Any, ClassVar, Union

from scrapy_readability.engine import Readability, ReadabilityError, TooManyElementsError, is_probably_readable
from scrapy_readability.engine.article import DEFAULT_FORMATS
from scrapy_readability.engine.parsing import parse_page

ENGINE = "scrapy_readability.engine.Readability"
"""The engine by dotted path. Tests replace it (``ReadabilityPipeline._engine``) with stubs that fail or die."""

PREFLIGHT = "scrapy_readability.engine.is_probably_readable"
"""The preflight's check by dotted path. Tests replace it (``ReadabilityMiddleware._preflight``) with stubs."""

TRACE_LOGGER = "scrapy_readability.engine"
"""The engine's decision trace (Readability.js's ``debug``): every engine module logs to it at DEBUG level."""

WORKER_NICENESS = 10  # added to a crawl's worker processes' niceness (Unix): below the reactor


@dataclass(frozen=True)
class Task:
    """One page to extract, as plain values (what a worker process is sent)."""

    html: str | bytes
    url: str | None
    options: dict[str, Any]  # the engine's keyword arguments, ``policy`` by name
    formats: tuple[str, ...] = DEFAULT_FORMATS  # the representations to compute, where the page was parsed
    content_type: str | None = None  # the page's Content-Type header, for the charset of bytes

    what: ClassVar[str] = "extraction"  # for messages


@dataclass(frozen=True)
class Preflight:
    """One page to judge with ``is_probably_readable`` (the preflight), as plain values."""

    html: str | bytes
    url: str | None
    options: dict[str, Any]  # is_probably_readable's keyword arguments
    content_type: str | None = None  # the page's Content-Type header, for the charset of bytes

    what: ClassVar[str] = "readerable check"  # for messages


@dataclass(frozen=True)
class Extracted:
    """The page's article: ``fields`` is ``Article.to_dict(formats)``."""

    fields: dict[str, Any]
    seconds: float
    trace: tuple[logging.LogRecord, ...] = ()  # the decision trace, from a worker process that kept it


@dataclass(frozen=True)
class Failed:
    """No article: ``reason`` is the short name in stats and messages, ``detail`` says why."""

    reason: str
    detail: str
    seconds: float = 0.0
    traceback: str | None = None  # for an unexpected exception in the engine: a bug to report
    trace: tuple[logging.LogRecord, ...] = ()


@dataclass(frozen=True)
class Judged:
    """The preflight's verdict on a page."""

    readerable: bool
    seconds: float
    trace: tuple[logging.LogRecord, ...] = ()


Result = Union[Extracted, Failed]
"""What an extraction gives."""

Verdict = Union[Judged, Failed]
"""What a preflight gives."""

Job = Union[Task, Preflight]
Outcome = Union[Extracted, Judged, Failed]


@dataclass(frozen=True)
class Engines:
    """What runs the pages: the engine class (extraction) and the preflight's check (a function)."""

    engine: type = Readability
    check: Callable[..., Any] = is_probably_readable

    @classmethod
    def load(cls, engine: str = ENGINE, check: str = PREFLIGHT) -> Engines:
        """Both by dotted path; ImportError, AttributeError or TypeError if either cannot be loaded."""
        found_engine, found_check = _load(engine), _load(check)
        if not isinstance(found_engine, type):
            raise TypeError(f"{engine} is not a class")
        if not callable(found_check):
            raise TypeError(f"{check} is not callable")
        return cls(found_engine, found_check)


def _load(path: str) -> Any:
    module, _, name = path.rpartition(".")
    return getattr(importlib.import_module(module), name)


def perform(job: Job, engines: Engines) -> Outcome:
    """Run one page's job (an extraction or a preflight); never raises."""
    if isinstance(job, Preflight):
        return judge(job, engines.check)
    return extract(job, engines.engine)


def judge(task: Preflight, check: Callable[..., Any] = is_probably_readable) -> Verdict:
    """The preflight's verdict on one page; never raises (an error comes back as Failed).

    Bytes with a Content-Type are parsed first, for the header's charset; a page that
    cannot be parsed at all (an image, say) fails, as its extraction would.
    """
    started = time.perf_counter()
    verdict: Verdict
    try:
        page = parse_page(task.html, task.url, content_type=task.content_type) if task.content_type else task.html
        verdict = Judged(bool(check(page, **task.options)), 0.0)
    except Exception as error:  # noqa: BLE001 - every failure comes back as Failed
        verdict = _failure(error)
    return replace(verdict, seconds=time.perf_counter() - started)


def extract(task: Task, engine: type = Readability) -> Result:
    """Run the engine on one page; never raises."""
    started = time.perf_counter()
    result: Result
    try:
        page = {"content_type": task.content_type} if task.content_type else {}
        article = engine(task.html, task.url, **page, **task.options).parse()
    except Exception as error:  # noqa: BLE001 - every failure comes back as Failed
        result = _failure(error)
    else:
        if article is None:
            result = Failed("no_article", "the page has no readable content")
        else:
            result = Extracted(article.to_dict(task.formats), 0.0)
    return replace(result, seconds=time.perf_counter() - started)


def _failure(error: Exception) -> Failed:
    """Why a page failed: bad input the engine said so about, or a bug (with its traceback, logged at DEBUG)."""
    if isinstance(error, TooManyElementsError):
        return Failed("too_many_elements", str(error))
    if isinstance(error, ReadabilityError):
        return Failed("engine_error", f"{type(error).__name__}: {error}")
    return Failed("exception", f"{type(error).__name__}: {error}", traceback=traceback.format_exc())


# The decision trace. Scrapy's default LOG_LEVEL is DEBUG, at which the engine would log some
# 80 lines a page; so during a crawl it is off unless asked for (READABILITY_DEBUG, or the
# user's own level on the logger), and a disabled trace costs one cached level check per call.


class TraceSwitch:
    """Turns the engine's trace on or off for a crawl, and back to what it was afterwards.

    On when ``wanted`` or when the user set the logger's level to DEBUG
    themselves; otherwise its level goes to INFO, unless the user set one.
    """

    def __init__(self, wanted: bool) -> None:
        self._logger = logging.getLogger(TRACE_LOGGER)
        self._previous = self._logger.level
        user_level = self._previous != logging.NOTSET
        self.enabled = wanted or (user_level and self._previous <= logging.DEBUG)
        if self.enabled and not (user_level and self._previous <= logging.DEBUG):
            self._logger.setLevel(logging.DEBUG)
        elif not self.enabled and not user_level:
            self._logger.setLevel(logging.INFO)

    def restore(self) -> None:
        self._logger.setLevel(self._previous)


class TraceCollector(logging.Handler):
    """Keeps a worker process's trace records, made picklable, to send back with the page's result."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self._records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        kept = logging.makeLogRecord(record.__dict__)
        kept.msg, kept.args, kept.exc_info = record.getMessage(), None, None
        self._records.append(kept)

    def take(self) -> tuple[logging.LogRecord, ...]:
        records, self._records = tuple(self._records), []
        return records

    @classmethod
    def install(cls) -> TraceCollector:
        logger = logging.getLogger(TRACE_LOGGER)
        collector = cls()
        logger.addHandler(collector)
        logger.setLevel(logging.DEBUG)
        logger.propagate = False  # the crawl logs them, not this process
        return collector


def replay(records: Sequence[logging.LogRecord]) -> None:
    """Log a worker's trace records in this process, as if the engine had logged them here."""
    for record in records:
        logging.getLogger(record.name).handle(record)


# The pipe between the pool and a worker process: a pickle behind its length, each way.

_LENGTH = struct.Struct("<Q")


def send(stream: IO[bytes], message: object) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_LENGTH.pack(len(data)))
    stream.write(data)
    stream.flush()


def receive(stream: IO[bytes]) -> object:
    """The next message; EOFError when the other side has gone."""
    header = stream.read(_LENGTH.size)
    if len(header) < _LENGTH.size:
        raise EOFError
    (length,) = _LENGTH.unpack(header)
    data = stream.read(length)
    if len(data) < length:
        raise EOFError
    return pickle.loads(data)


@dataclass(frozen=True)
class Ready:
    """A worker's first message: its engine is loaded."""

    pid: int


@dataclass(frozen=True)
class Broken:
    """A worker's first and last message: its engine could not be loaded."""

    detail: str
    traceback: str


@dataclass(frozen=True)
class Answer:
    """A worker's answer to a job: the outcome, and its resident memory afterwards (bytes; None if unknown)."""

    result: Outcome
    memory: int | None


def resident_memory() -> int | None:
    """This process's resident memory in bytes: current on Linux, peak elsewhere on Unix, None on Windows."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        pass
    try:
        import resource
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def _protocol_streams() -> tuple[IO[bytes], IO[bytes]]:
    """Our own copies of stdin and stdout for the messages; fd 1 then points at stderr, fd 0 at nothing.

    So whatever the engine (or a library) prints cannot corrupt a message.
    """
    tasks = os.fdopen(os.dup(0), "rb")
    results = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    return tasks, results


def _lower_priority(niceness: int) -> None:
    """Below the crawl's own process, so the reactor gets a core as soon as it has work (benchmarks/README.md)."""
    if niceness and hasattr(os, "nice"):
        try:
            os.nice(niceness)
        except OSError:
            pass


def serve(argv: Sequence[str] | None = None) -> int:
    """A worker process: load the engine, say so, then answer tasks until told to stop or the crawl is gone."""
    parser = argparse.ArgumentParser(prog="python -m scrapy_readability._worker")
    parser.add_argument("--engine", default=ENGINE)
    parser.add_argument("--preflight", default=PREFLIGHT)
    parser.add_argument("--trace", action="store_true")
    parser.add_argument("--niceness", type=int, default=WORKER_NICENESS, help="added to this process's niceness")
    args = parser.parse_args(argv)
    # Ctrl-C reaches the whole process group; stopping is the crawl's decision, and it
    # stops us once the pages in flight are done.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _lower_priority(args.niceness)
    tasks, results = _protocol_streams()
    try:
        engines = Engines.load(args.engine, args.preflight)
    except BaseException as error:  # noqa: BLE001 - said to the pool, which stops the crawl
        send(results, Broken(f"{type(error).__name__}: {error}", traceback.format_exc()))
        return 1
    collector = TraceCollector.install() if args.trace else None
    send(results, Ready(os.getpid()))
    while True:
        try:
            task = receive(tasks)
        except EOFError:  # the crawl's process has gone
            return 0
        if not isinstance(task, (Task, Preflight)):  # told to stop
            return 0
        result = perform(task, engines)
        if collector is not None:
            result = replace(result, trace=collector.take())
        try:
            _answer(results, result)
        except OSError:  # the crawl's process has gone
            return 0


def _answer(results: IO[bytes], result: Outcome) -> None:
    """Send a result; one that cannot be pickled (an engine's odd field) fails its page instead."""
    try:
        send(results, Answer(result, resident_memory()))
    except (pickle.PicklingError, TypeError, AttributeError) as error:  # raised before anything is written
        failed = Failed("exception", f"the result could not be sent: {type(error).__name__}: {error}")
        send(results, Answer(replace(failed, seconds=result.seconds), resident_memory()))


if __name__ == "__main__":
    # Run by its real name, so the classes it pickles are scrapy_readability._worker's, not __main__'s.
    from scrapy_readability._worker import serve as _serve

    sys.exit(_serve())
