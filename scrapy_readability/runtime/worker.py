"""A worker process: ``python -m scrapy_readability.runtime.worker``, started by the pool.

It never imports the crawl's ``__main__`` and never runs the user's code (a
crawl script without ``if __name__ == "__main__":`` is not run again in each
worker). It loads the engines, says :class:`Ready`, then reads jobs from its
standard input and writes :class:`Answer` s to its standard output
(``protocol``); anything else it prints goes to its standard error, which the
pool forwards to the crawl's log. Why a process of its own rather than a fork
server, and what starting one costs: benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import os
import pickle
import signal
import sys
import traceback
from collections.abc import Sequence
from dataclasses import replace
from typing import IO

from .jobs import ENGINE, PREFLIGHT_CHECK, Engines, Extraction, Failed, Outcome, Preflight, perform
from .protocol import Answer, Broken, Ready, receive, send
from .tracing import TraceCollector

MODULE = "scrapy_readability.runtime.worker"
NICENESS = 10  # added to a crawl's worker processes' niceness (Unix): below the reactor


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
    jobs = os.fdopen(os.dup(0), "rb")
    answers = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    return jobs, answers


def _lower_priority(niceness: int) -> None:
    """Below the crawl's own process, so the reactor gets a core as soon as it has work (benchmarks/README.md)."""
    if niceness and hasattr(os, "nice"):
        try:
            os.nice(niceness)
        except OSError:
            pass


def serve(argv: Sequence[str] | None = None) -> int:
    """Load the engines, say so, then answer jobs until told to stop or the crawl is gone."""
    parser = argparse.ArgumentParser(prog=f"python -m {MODULE}")
    parser.add_argument("--engine", default=ENGINE)
    parser.add_argument("--preflight-check", default=PREFLIGHT_CHECK)
    parser.add_argument("--niceness", type=int, default=NICENESS, help="added to this process's niceness")
    args = parser.parse_args(argv)
    # Ctrl-C reaches the whole process group; stopping is the crawl's decision, and it
    # stops us once the pages in flight are done.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _lower_priority(args.niceness)
    jobs, answers = _protocol_streams()
    try:
        engines = Engines.load(args.engine, args.preflight_check)
    except BaseException as error:  # said to the pool, which stops the crawl
        send(answers, Broken(f"{type(error).__name__}: {error}", traceback.format_exc()))
        return 1
    collector = TraceCollector.install()  # only pages with the debug option log to it
    send(answers, Ready(os.getpid()))
    while True:
        try:
            job = receive(jobs)
        except EOFError:  # the crawl's process has gone
            return 0
        if not isinstance(job, (Extraction, Preflight)):  # told to stop
            return 0
        outcome = replace(perform(job, engines), trace=collector.take())
        try:
            _answer(answers, outcome)
        except OSError:  # the crawl's process has gone
            return 0


def _answer(answers: IO[bytes], outcome: Outcome) -> None:
    """Send an outcome; one that cannot be pickled (an engine's odd field) fails its page instead."""
    try:
        send(answers, Answer(outcome, resident_memory()))
    except (pickle.PicklingError, TypeError, AttributeError) as error:  # raised before anything is written
        failed = Failed("exception", f"the result could not be sent: {type(error).__name__}: {error}")
        send(answers, Answer(replace(failed, seconds=outcome.seconds), resident_memory()))


if __name__ == "__main__":
    # Run by its real name, so the classes it pickles are the runtime's, not __main__'s.
    from scrapy_readability.runtime.worker import serve as _serve

    sys.exit(_serve())
