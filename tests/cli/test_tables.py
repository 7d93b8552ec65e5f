"""The tables of the command line's failure reasons and exit statuses are the code's own lists."""

from __future__ import annotations

import re
import signal
from pathlib import Path

from scrapy_readability.cli.report import (
    EXIT_STATUSES,
    FAILURE_REASONS,
    PIPE_CLOSED,
    exit_status_table,
    failure_reasons_table,
)
from scrapy_readability.runtime import jobs

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "scrapy_readability"


def given_reasons(folder: Path) -> set[str]:
    """Every reason a ``Failed(...)`` in the code under ``folder`` is made with."""
    found: set[str] = set()
    for path in folder.rglob("*.py"):
        found.update(re.findall(r'(?<![A-Za-z_])Failed\(\s*"([a-z_]+)"', path.read_text(encoding="utf-8")))
    return found


def test_every_reason_the_code_gives_is_listed_and_every_listed_one_given() -> None:
    assert given_reasons(PACKAGE / "runtime") == set(jobs.FAILURE_REASONS)  # an extraction's, also a crawl's
    assert given_reasons(PACKAGE) == set(FAILURE_REASONS)  # and the command line's own
    assert {"unreadable", "bad_warc"} <= set(FAILURE_REASONS) - set(jobs.FAILURE_REASONS)


def test_the_documentation_shows_the_tables_of_the_code() -> None:
    readme = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    for table in (failure_reasons_table(), exit_status_table()):
        assert table in readme, "run python docs/settings_table.py"
        for row in table.splitlines()[2:]:
            assert row.count("|") == 3, f"a | inside a cell ends it: {row}"
    assert re.findall(r"^\| `([a-z_]+)` \| ", failure_reasons_table(), re.M) == list(FAILURE_REASONS)
    assert re.findall(r"^\| (\d+) \| ", exit_status_table(), re.M) == [str(status) for status in EXIT_STATUSES]


def test_a_closed_pipe_is_reported_as_a_shell_reports_sigpipe() -> None:
    if hasattr(signal, "SIGPIPE"):
        assert PIPE_CLOSED == 128 + signal.SIGPIPE
