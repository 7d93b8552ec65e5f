#!/usr/bin/env python
"""Where ``parse()``'s instructions go, by library: the interpreter, lxml and libxml2, lexbor, libc, the core.

    python benchmarks/libraries.py [--every N] [--engine compiled|pure ...] [--keep DIR]

For each engine it runs ``benchmarks/compiled.py --instructions ENGINE parse`` and ``... read`` under
callgrind (an instruction count the machine's load does not move), sums each shared object's own
instructions (not those of the functions it calls) and takes the reading from the parsing: what is
left is ``parse()``'s, on every N-th vendored page. Each object is put in a group by its file name:
the Python binary and ``libpython`` are the interpreter; lxml's ``etree`` (which holds libxml2,
linked in) and any ``libxml2``/``libxslt`` are lxml and libxml2; selectolax's ``lexbor`` module is
lexbor; ``libc``, ``libm`` and the loader are libc; the engine's own extension modules
(``scrapy_readability/engine/**/_*.so``) are the compiled core; the rest (regex, zlib, other
extensions) is "other". Needs valgrind.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GROUPS = (
    ("the compiled core", re.compile(r"scrapy_readability/engine/.*/_[a-z]+\..*\.so$")),
    ("lxml and libxml2", re.compile(r"(lxml/.*\.so|libxml2|libxslt|libexslt)")),
    ("lexbor (selectolax)", re.compile(r"selectolax/")),
    ("libc", re.compile(r"/(libc|libm|ld-linux[^/]*)[.-][^/]*$")),
    ("the interpreter", re.compile(r"(/python3?(\.\d+)?$|libpython)")),
)
"""A shared object's group: the first whose pattern its path matches, else "other"."""


def group_of(path: str) -> str:
    for name, pattern in GROUPS:
        if pattern.search(path):
            return name
    return "other"


def self_costs(callgrind_out: Path) -> Counter[str]:
    """Each shared object's own instructions in a callgrind output file (calls' inclusive costs left out).

    Objects (``ob=``, ``cob=``) are numbered apart from files and functions: only theirs are read."""
    names: dict[str, str] = {}
    costs: Counter[str] = Counter()
    current = ""
    after_call = False
    with callgrind_out.open(encoding="utf-8", errors="replace") as lines:
        for line in lines:
            if line.startswith("ob="):
                current = _name(line[3:].strip(), names)
            elif line.startswith("cob="):
                _name(line[4:].strip(), names)  # an object named first in a call line
            elif line.startswith("calls="):
                after_call = True
            elif line[:1].isdigit() or line[:1] in "+-*":
                if after_call:
                    after_call = False  # the call's inclusive cost: the callee's, counted where it is
                    continue
                fields = line.split()
                if len(fields) >= 2:
                    costs[current] += int(fields[1])
    return costs


def _name(token: str, names: dict[str, str]) -> str:
    """callgrind's name compression: ``(3) /path`` defines, ``(3)`` refers."""
    match = re.match(r"\((\d+)\)\s*(.*)", token)
    if not match:
        return token
    key, name = match.groups()
    if name:
        names[key] = name
    return names.get(key, key)


def instructions(engine: str, work: str, every: int, keep: Path | None) -> Counter[str]:
    """The instructions by group of one run of compiled.py's ``--instructions ENGINE WORK`` under callgrind."""
    with tempfile.TemporaryDirectory() as scratch:
        out = (keep or Path(scratch)) / f"callgrind.{engine}.{work}"
        out.parent.mkdir(parents=True, exist_ok=True)
        env = {**os.environ, "PYTHONHASHSEED": "0", "SCRAPY_READABILITY_COMPILE": "1" if engine == "compiled" else "0"}
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable]
        command += [str(ROOT / "benchmarks" / "compiled.py"), "--instructions", engine, work, "--every", str(every)]
        subprocess.run(command, check=True, env=env, stderr=subprocess.DEVNULL)
        by_group: Counter[str] = Counter()
        for path, cost in self_costs(out).items():
            by_group[group_of(path)] += cost
        return by_group


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--every", type=int, default=3, help="every N-th vendored page (default 3)")
    parser.add_argument("--engine", action="append", choices=("compiled", "pure"), help="default: both")
    parser.add_argument("--keep", type=Path, help="keep callgrind's output files in this folder")
    args = parser.parse_args(argv)
    engines = args.engine or ["pure", "compiled"]
    results = {}
    for engine in engines:
        parse, read = (instructions(engine, work, args.every, args.keep) for work in ("parse", "read"))
        results[engine] = Counter({group: parse[group] - read[group] for group in parse})
    groups = [name for name, _ in GROUPS] + ["other"]
    header = "| library | " + " | ".join(f"{engine}: millions | share" for engine in engines) + " |"
    print(header)
    print("|---|" + "---:|---:|" * len(engines))
    for group in groups:
        cells = []
        for engine in engines:
            total = sum(results[engine].values())
            value = results[engine][group]
            cells.append(f"{value / 1e6:,.0f} | {value / total:.1%}")
        print(f"| {group} | " + " | ".join(cells) + " |")
    totals = " | ".join(f"**{sum(results[e].values()) / 1e6:,.0f}** | 100%" for e in engines)
    print(f"| **parse() in all** | {totals} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
