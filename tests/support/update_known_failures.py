#!/usr/bin/env python
"""Run every Mozilla test-page case and say which ones fail, in which aspect.

    python tests/update_known_failures.py            # summary, compared with the lists
    python tests/update_known_failures.py -v         # plus each failure's message
    python tests/update_known_failures.py --case cnn --case bbc-1 -v
    python tests/update_known_failures.py --emit     # dicts to paste into
                                                     # tests/mozilla_known_failures.py

It uses the same checks as tests/test_mozilla_pages.py (tests/mozilla_harness.py). The exit status is 0
when the failures are exactly the listed ones, 1 otherwise. With ``--emit``,
listed cases keep their reason; new ones get the first line of their failure
message, to be replaced by a real one-line reason.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from testkit import mozilla_harness as pages  # noqa: E402

known = pages.known_failures()

ASPECTS = {"content": "CONTENT", "metadata": "METADATA", "readerable": "READERABLE"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--case", action="append", help="only this case (repeatable)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print failure messages")
    parser.add_argument("--emit", action="store_true", help="print the three dicts")
    args = parser.parse_args(argv)

    cases = args.case or pages.CASES
    unknown = sorted(set(cases) - set(pages.CASES))
    if unknown:
        parser.error(f"no such case: {', '.join(unknown)}")

    started = time.perf_counter()
    failures: dict[str, dict[str, str]] = {aspect: {} for aspect in ASPECTS}
    for case in cases:
        for aspect, check in pages.CHECKS.items():
            try:
                message = check(case)
            except Exception as exc:  # a crash in the comparison itself
                message = f"check crashed: {type(exc).__name__}: {exc}"
            if message is not None:
                failures[aspect][case] = message
    elapsed = time.perf_counter() - started

    clean = True
    for aspect, list_name in ASPECTS.items():
        listed = {c: r for c, r in getattr(known, list_name).items() if c in cases}
        failing = failures[aspect]
        new = sorted(set(failing) - set(listed))
        fixed = sorted(set(listed) - set(failing))
        print(
            f"{aspect}: {len(failing)} of {len(cases)} cases fail "
            f"({len(listed)} listed, {len(new)} not listed, {len(fixed)} listed but passing)"
        )
        for case in sorted(failing):
            tag = "" if case in listed else "   [NOT LISTED]"
            first = failing[case].splitlines()[0]
            print(f"  FAIL {case}: {first}{tag}")
            if args.verbose:
                for line in failing[case].splitlines()[1:]:
                    print(f"       {line}")
        for case in fixed:
            print(f"  PASS {case}   [listed in {list_name}: remove it]")
        clean = clean and not new and not fixed

    if args.emit:
        print()
        for aspect, list_name in ASPECTS.items():
            listed = getattr(known, list_name)
            print(f"{list_name}: dict[str, str] = {{")
            for case in sorted(failures[aspect]):
                reason = listed.get(case) or failures[aspect][case].splitlines()[0]
                print(f"    {case!r}: {reason!r},")
            print("}")
    print(f"\n{len(cases)} cases in {elapsed:.1f}s")
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
