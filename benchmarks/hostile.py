"""The hostile-input matrix at full size: time and peak memory per case, each against a bound.

Every case of ``testkit/hostile_inputs.py`` runs in a fresh subprocess
(so one case's memory does not hide another's), at scale 1.0, through
``Readability(html, url, sanitize=True).parse()`` (what the Scrapy pipeline
does) and ``is_probably_readable(html)``. For each we report

* the input size, and the outcome (article length, ``None``, or the error);
* the wall time of ``parse()`` and of ``is_probably_readable``;
* peak RSS of the process (``ru_maxrss``) and how much of it came after the
  input was built, i.e. what parsing it cost (libxml2's memory included,
  which tracemalloc would not see);
* whether the case stayed within its bound (``BOUNDS``). A case over its
  time bound three times is killed and reported as such.

Run: ``python benchmarks/hostile.py [--scale X] [--preflight-first] [case ...]``; exit status 1 if a case
breaks its bound or the contract. ``--scale`` makes the big cases bigger or smaller:
``--scale 1.5 page_20mb`` is the 30 MB page of benchmarks/README.md ("A huge page").
By default the preflight runs after ``parse()``, the article still held (the harder case);
``--preflight-first`` runs them in a crawl's order: the middleware's preflight, then the extraction.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests" / "engine"

# (seconds for parse + readerable, MB of RSS growth while parsing). Default for the rest.
DEFAULT_BOUND = (5.0, 300)
BOUNDS = {
    "page_20mb": (30.0, 1500),
    "sibling_paragraphs_200000": (30.0, 1500),
    "text_node_5mb": (10.0, 400),
    "huge_class_value": (10.0, 400),
    "huge_attribute_value": (10.0, 400),
    "json_ld_enormous": (10.0, 400),
    "many_links": (20.0, 800),
    "br_chains": (20.0, 800),
    "nested_divs_50000": (5.0, 200),
    "many_void_elements": (5.0, 200),
    "unclosed_tags_everywhere": (10.0, 200),
    "meta_property_blank_run": (5.0, 100),
    "style_blank_run": (5.0, 100),
    "style_word_run": (5.0, 100),
    "lazy_image_extension_run": (5.0, 100),
}


def child(name: str, scale: float = 1.0, preflight_first: bool = False) -> None:
    """Run one case in this process and print a JSON line about it."""
    import resource

    sys.path.insert(0, str(ROOT))
    from scrapy_readability import Readability, ReadabilityError, is_probably_readable
    from testkit.hostile_inputs import CASES_BY_NAME

    case = CASES_BY_NAME[name]
    html = case.make(scale)
    size = len(html.encode("utf-8", "surrogatepass") if isinstance(html, str) else html)
    baseline = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    result: dict = {"name": name, "size": size}

    def parse() -> object:
        cpu = time.process_time()
        started = time.perf_counter()
        article = None
        try:
            article = Readability(html, case.url, sanitize=True).parse()
            result["outcome"] = "None" if article is None else f"article, {article.length:,} chars"
            result["ok"] = article is not None or not case.expect_article
            if article is not None:
                result["ok"] = result["ok"] and article.length == len(article.text_content)
        except ReadabilityError as error:
            result["outcome"] = f"{type(error).__name__}: {error}"[:80]
            result["ok"] = not case.expect_article
        except BaseException as error:  # noqa: BLE001 - the contract is what we measure
            result["outcome"] = f"CONTRACT BROKEN {type(error).__name__}: {error}"[:120]
            result["ok"] = False
        result["parse_s"] = time.perf_counter() - started
        result["parse_cpu_s"] = time.process_time() - cpu  # steadier than wall time on a busy machine
        return article

    def preflight() -> object:
        started = time.perf_counter()
        try:
            is_probably_readable(html)
            error = None
        except BaseException as raised:  # noqa: BLE001
            error = f"; readerable raised {type(raised).__name__}"
        result["readerable_s"] = time.perf_counter() - started
        return error

    # By default the article is held while the preflight runs after it, as the matrix has always measured;
    # --preflight-first runs them in a crawl's order: the middleware's preflight, then the pipeline's parse().
    steps = (preflight, parse) if preflight_first else (parse, preflight)
    returned = {step: step() for step in steps}  # in order, each result held while the next step runs
    result["order"] = ", ".join(step.__name__ for step in steps)
    if returned[preflight]:
        result["outcome"] += returned[preflight]
        result["ok"] = False
    del returned
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    result["peak_mb"] = peak / 1024
    result["growth_mb"] = (peak - baseline) / 1024
    print(json.dumps(result))


def main(names: list[str], scale: float = 1.0, preflight_first: bool = False) -> int:
    sys.path.insert(0, str(ROOT))
    from testkit.hostile_inputs import CASES

    selected = [c for c in CASES if not names or c.name in names]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    print(f"{'case':34} {'input':>9} {'parse s':>8} {'ready s':>8} {'peak MB':>8} {'+MB':>7} {'bound':>12}  outcome")
    failures = 0
    for case in selected:
        seconds, megabytes = BOUNDS.get(case.name, DEFAULT_BOUND)
        try:
            done = subprocess.run(
                [sys.executable, __file__, "--child", case.name, "--scale", str(scale)]
                + ["--preflight-first"] * preflight_first,
                capture_output=True,
                text=True,
                timeout=seconds * 3 + 30,
                env=env,
                check=False,
            )
        except subprocess.TimeoutExpired:
            print(f"{case.name:34} {'':>9} {'KILLED':>8}   (over {seconds * 3 + 30:.0f} s)")
            failures += 1
            continue
        lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
        if done.returncode or not lines:
            print(f"{case.name:34} CRASHED (exit {done.returncode}): {done.stderr.strip()[-300:]}")
            failures += 1
            continue
        r = json.loads(lines[-1])
        total = r["parse_s"] + r["readerable_s"]
        within = total <= seconds and r["growth_mb"] <= megabytes
        flag = "" if within and r["ok"] else "  <-- " + ("OVER BOUND" if not within else "CONTRACT")
        failures += not (within and r["ok"])
        print(
            f"{case.name:34} {r['size'] / 1e6:8.2f}M {r['parse_s']:8.2f} {r['readerable_s']:8.2f} "
            f"{r['peak_mb']:8.0f} {r['growth_mb']:7.0f} {f'{seconds:.0f}s/{megabytes}MB':>12}  {r['outcome']}{flag}"
            f" (parse CPU {r['parse_cpu_s']:.2f} s; {r['order']})"
        )
    print(f"\n{len(selected) - failures} of {len(selected)} cases within bounds and contract")
    return 1 if failures else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="The hostile-input matrix at full size (see the module's docstring).")
    parser.add_argument("cases", nargs="*", help="cases to run (default: all)")
    parser.add_argument("--scale", type=float, default=1.0, help="make the big cases bigger or smaller")
    parser.add_argument("--preflight-first", action="store_true", help="the preflight, then parse(): a crawl's order")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)  # one case, in this process
    args = parser.parse_args()
    if args.child:
        child(args.cases[0], args.scale, args.preflight_first)
    else:
        sys.exit(main(args.cases, args.scale, args.preflight_first))
