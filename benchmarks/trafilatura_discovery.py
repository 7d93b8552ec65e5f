#!/usr/bin/env python
"""trafilatura's discovery on a site served on 127.0.0.1, for the benchmarks that compare it with ours.

trafilatura's downloads refuse loopback addresses and its URL filter refuses IP hosts, so it runs in
a process of its own (this file, run as a script) with a config file that turns ``SSRF_PROTECTION``
off and ``SLEEP_TIME`` to 0, and a name resolver that sends every ``*.test`` host to 127.0.0.1: serve
the site under a ``<name>.test`` host name. Modes: its command line's ``--sitemap``, ``--feed`` (each
with ``--list``) and ``--crawl`` (which visits 30 pages), and ``focused``: its ``focused_crawler`` with
a budget of pages (``max_seen_urls``).

    python benchmarks/trafilatura_discovery.py MODE URL CONFIG [BUDGET]    # the URLs it lists, one a line
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

MODES = ("sitemap", "feed", "crawl", "focused")
CRAWL_BUDGET = 200  # pages the focused crawler may visit, unless told


def trafilatura_config(folder: Path) -> Path:
    """A copy of trafilatura's settings with SSRF protection off and no sleep between requests."""
    from trafilatura import settings

    text = Path(settings.__file__).with_name("settings.cfg").read_text(encoding="utf-8")
    text = text.replace("SSRF_PROTECTION = on", "SSRF_PROTECTION = off").replace("SLEEP_TIME = 5.0", "SLEEP_TIME = 0")
    path = folder / "trafilatura.cfg"
    path.write_text(text, encoding="utf-8")
    return path


def worker(mode: str, url: str, config: str, budget: int = CRAWL_BUDGET) -> None:
    """In a process of its own: ``*.test`` resolves to 127.0.0.1, then trafilatura runs; URLs on stdout."""
    resolve = socket.getaddrinfo

    def local(host: Any, *args: Any, **kwargs: Any) -> Any:
        return resolve("127.0.0.1" if isinstance(host, str) and host.endswith(".test") else host, *args, **kwargs)

    socket.getaddrinfo = local
    if mode == "focused":
        from trafilatura.settings import use_config
        from trafilatura.spider import focused_crawler

        _, known = focused_crawler(url, max_seen_urls=budget, config=use_config(config))
        print("\n".join(known))
        return
    from trafilatura.cli import main

    sys.argv = ["trafilatura", "--config-file", config, f"--{mode}", url, *(["--list"] if mode != "crawl" else [])]
    main()


def run(
    mode: str, url: str, folder: Path, config: Path, budget: int = CRAWL_BUDGET, timeout: float = 600
) -> tuple[list[str], float]:
    """trafilatura's ``mode`` on ``url`` (a ``*.test`` host), in a process of its own: the URLs listed, seconds."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, __file__, mode, url, str(config), str(budget)],
        capture_output=True,
        text=True,
        cwd=folder,
        timeout=timeout,
    )
    seconds = time.perf_counter() - started
    return [line.strip() for line in done.stdout.splitlines() if line.startswith("http")], seconds


def label(mode: str, budget: int = CRAWL_BUDGET) -> str:
    return f"trafilatura {f'focused_crawler(max_seen_urls={budget})' if mode == 'focused' else '--' + mode}"


if __name__ == "__main__":
    if len(sys.argv) not in (4, 5) or sys.argv[1] not in MODES:
        sys.exit(__doc__)
    worker(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) == 5 else CRAWL_BUDGET)
