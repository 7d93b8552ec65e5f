#!/usr/bin/env python
"""Write the table of ``READABILITY_*`` settings into docs/scrapy.md, from the settings' declarations.

The article spider's own table (``READABILITY_SPIDER_*``) and its rules of what is an article go into
docs/spider.md the same way, and the command line's failure reasons and exit statuses into docs/cli.md
(from ``cli/report.py``). The documentation site shows these pages as they are.

    python docs/settings_table.py           # rewrite the tables in place
    python docs/settings_table.py --check   # exit 1 if one is out of date (tests/test_settings.py checks it too)

The table starts at its header line and ends at the first blank line after it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scrapy_readability.cli.report import exit_status_table, failure_reasons_table  # noqa: E402
from scrapy_readability.settings import settings_table  # noqa: E402
from scrapy_readability.spiders.options import spider_settings_table  # noqa: E402
from scrapy_readability.spiders.report import rules_table  # noqa: E402

DOCUMENTS = ("docs/scrapy.md",)
CLI_DOCUMENT = "docs/cli.md"
HEADER = "| Setting | Default | Per page | What it does |"
SPIDER_DOCUMENT = "docs/spider.md"
SPIDER_HEADER = "| Argument | Setting | Default | What it does |"
REASONS_HEADER = "| Reason | What it means |"
EXIT_HEADER = "| Exit status | When |"
RULES_HEADER = "| Rule | What it says |"


def with_table(text: str, table: str, header: str = HEADER) -> str:
    start = text.index(header)
    end = text.find("\n\n", start)
    return text[:start] + table.rstrip("\n") + text[end if end != -1 else len(text) :]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only say whether the tables are current")
    args = parser.parse_args()
    stale = []
    tables = [(document, settings_table(document), HEADER) for document in DOCUMENTS]
    tables.append((SPIDER_DOCUMENT, spider_settings_table(), SPIDER_HEADER))
    tables.append((SPIDER_DOCUMENT, rules_table(), RULES_HEADER))
    tables.append((CLI_DOCUMENT, failure_reasons_table(), REASONS_HEADER))
    tables.append((CLI_DOCUMENT, exit_status_table(), EXIT_HEADER))
    for document, table, header in tables:
        path = ROOT / document
        text = path.read_text(encoding="utf-8")
        updated = with_table(text, table, header)
        if updated != text:
            stale.append(f"{document} ({header})")
            if not args.check:
                path.write_text(updated, encoding="utf-8")
    if stale:
        print(("out of date: " if args.check else "updated: ") + ", ".join(stale))
    return 1 if stale and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
