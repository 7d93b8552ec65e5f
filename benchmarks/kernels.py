#!/usr/bin/env python
"""Each kernel of the compiled core against the pure function it mirrors, on the same trees.

    python benchmarks/kernels.py [--pages DIR] [--repeat N]

For every pair ``engine/_kernels.py`` knows, the kernel and the pure function (of the package imported
again in pure Python, as ``compiled.py`` does, so that what it calls is pure too) are called on every
element of every vendored page (the tree the engine's phases walk: the page's, comments removed), with the
arguments tests/engine/test_kernels.py uses; the CPU time of all the calls, best of ``--repeat``,
and the ratio. The calls are the same whatever the phases would ask, so the figures say what a
kernel does per call, not what it is worth to ``parse()`` (benchmarks/phases.py says that).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.append(str(ROOT))  # tests/ for the kernels' arguments; the package as installed

import compiled  # noqa: E402  (the pure copy of the package)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=Path, default=ROOT / "tests" / "mozilla_pages")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    from scrapy_readability.engine import _kernels
    from testkit.kernels import calls, engine_tree, pairs

    if not _kernels.compiled:
        sys.exit(f"the compiled core is not running: {_kernels.WHY_PURE}")
    trees = [engine_tree(path.read_text(encoding="utf-8")) for path in sorted(args.pages.glob("*/source.html"))]
    elements = [el for tree in trees for el in tree.iter()]
    print(f"{len(elements)} elements of {len(trees)} pages, CPU time of one call on each, best of {args.repeat}")
    print(f"{'kernel':<36} {'pure ms':>9} {'compiled ms':>12} {'ratio':>7}")
    pure_engine = compiled.pure_package().engine._kernels
    for name, _, kernel in pairs():
        pure = pure_engine.MIRRORED[name].pure
        short = name.rpartition(".")[2]
        work = [arguments for el in elements for arguments in calls(el).get(short, [(el,)])[:1]]
        best = []
        for function in (pure, kernel):
            times = []
            for _ in range(args.repeat):
                start = time.thread_time_ns()
                for arguments in work:
                    function(*arguments)
                times.append(time.thread_time_ns() - start)
            best.append(min(times) / 1e6)
        print(f"{name:<36} {best[0]:9.1f} {best[1]:12.1f} {best[0] / best[1]:6.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
