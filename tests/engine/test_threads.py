"""The engine used from several threads at once, as the Scrapy pipeline and preflight do.

lxml parsers must not be shared between threads (a shared one corrupted memory
under load); each thread must get the same results it gets alone.
"""

from __future__ import annotations

import threading
from pathlib import Path

from scrapy_readability import Readability, is_probably_readable

PAGES = sorted((Path(__file__).resolve().parents[1] / "mozilla_pages").glob("*/source.html"))[::4]


def extract(html: str) -> tuple:
    article = Readability(html, url="http://fakehost/test/page.html").parse()
    return (article.content, article.title) if article else None


def test_threads_get_the_results_one_thread_gets():
    pages = [page.read_text(encoding="utf-8") for page in PAGES]
    expected = [extract(html) for html in pages]
    expected_readerable = [is_probably_readable(html) for html in pages]
    results: dict[int, list] = {}
    errors: list[BaseException] = []

    def extractor(n: int) -> None:
        try:
            results[n] = [extract(html) for html in (pages if n % 2 else pages[::-1])]
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    def preflight() -> None:
        try:
            for _ in range(3):
                assert [is_probably_readable(html) for html in pages] == expected_readerable
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=extractor, args=(n,)) for n in range(3)]
    threads.append(threading.Thread(target=preflight))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors
    for n, got in results.items():
        assert got == (expected if n % 2 else expected[::-1])
    assert len(results) == 3
