"""The pipe between a pool and a worker process: a pickle behind its length, each way.

The pool sends a job (or ``None``: stop); the worker answers :class:`Ready`
once its engine is loaded (or :class:`Broken`, and exits), then an
:class:`Answer` to each job.
"""

from __future__ import annotations

import pickle
import struct
from dataclasses import dataclass
from typing import IO

from .jobs import Outcome

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
