#!/usr/bin/env python
"""Time ways of counting UTF-16 code units (JavaScript's ``length``) in Python, on one run.

    python benchmarks/lengths.py [--repeat N]

Readability.js decides by ``length`` in many places, and the engine measures
text lengths thousands of times a page, so the count must cost next to nothing
for text with no character outside the BMP (nearly all text). Each way is
timed on texts of 20 to 20,000 characters stored at one byte a character
(ASCII), two (with a curly quote: most non-English and much English text) and
four (with an emoji), best of ``--repeat`` rounds, in nanoseconds a call.
"""

from __future__ import annotations

import argparse
import codecs
import re
import sys
import timeit
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scrapy_readability.engine.html.dom import js_length  # noqa: E402

_ASTRAL = re.compile("[\U00010000-\U0010ffff]")
_utf16 = codecs.utf_16_le_encode


def by_encoding(text: str) -> int:
    return len(text.encode("utf-16-le", "surrogatepass")) >> 1


def by_codec(text: str) -> int:
    return len(text) if text.isascii() else len(_utf16(text, "surrogatepass")[0]) >> 1


def by_regex(text: str) -> int:
    return len(text) + len(_ASTRAL.findall(text))


def by_scan(text: str) -> int:
    return len(text) + sum(1 for char in text if char > "\uffff")


WAYS: dict[str, Callable[[str], int]] = {
    "len() (code points: the floor)": len,
    "ours: js_length (width from sys.getsizeof, then the codec)": js_length,
    "ASCII test, then codecs.utf_16_le_encode": by_codec,
    "str.encode('utf-16-le')": by_encoding,
    "regex count of astral characters": by_regex,
    "generator over the characters": by_scan,
}
TEXTS = {
    "1 byte": "It is a plain word, and another. ",
    "2 bytes": "It\u2019s a word with a curly quote. ",
    "4 bytes": "It\u2019s a word with an emoji \U0001f600. ",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    sizes = (20, 200, 2_000, 20_000)
    print(f"{'way':60s} {'width':8s}" + "".join(f"{n:>10,}" for n in sizes))
    for name, way in WAYS.items():
        for width, unit in TEXTS.items():
            cells = []
            for size in sizes:
                text = (unit * (size // len(unit) + 1))[:size]
                expected = len(text.encode("utf-16-le")) // 2
                if way is not len and way(text) != expected:
                    raise SystemExit(f"{name} counts {way(text)} units in a {width} text, not {expected}")
                number = max(1, 2_000_000 // size)
                best = min(timeit.repeat(lambda: way(text), number=number, repeat=args.repeat)) / number  # noqa: B023
                cells.append(f"{best * 1e9:>10,.0f}")
            print(f"{name:60s} {width:8s}" + "".join(cells))


if __name__ == "__main__":
    main()
