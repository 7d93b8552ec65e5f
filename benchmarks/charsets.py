"""Charset detectors on pages that declare no encoding: how often each reads them right, and how fast.

Two sets of undeclared pages in legacy encodings:

- ``fixtures``: tests/engine/encoding_fixtures, one article written for the tests in 14
  languages and 22 legacy encodings (the pages without a declaration);
- ``corpus``: the web corpus (benchmarks/corpus.py), each page re-encoded into the legacy
  encodings of its language (by its ``lang`` and its scripts), its declarations removed,
  characters the encoding lacks written as character references, as a legacy CMS would.

A page is read right when the candidate's encoding decodes it to the text its true
encoding gives (so windows-1253 for ISO-8859-7 Greek without an Ά is right). The time is
the detection alone (CPU time, so that other work on the machine does not count), best of
``--repeat`` runs per page, averaged over the pages.

    python benchmarks/charsets.py [--corpus DIR] [--per-encoding 25] [--repeat 3] [--json] [--wrong]

Candidates whose package is missing are skipped: ``pip install chardetng-py cchardet
chardet charset-normalizer`` for all of them.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from scrapy_readability.engine.html import decoding, detect  # noqa: E402
from scrapy_readability.engine.html.decoding import encoding_for_label  # noqa: E402

FIXTURES = HERE.parent / "tests" / "engine" / "encoding_fixtures"
DEFAULT_CORPUS = Path.home() / ".cache" / "scrapy-readability" / "web-corpus"


@dataclass
class Page:
    name: str
    label: str  # the true encoding, as a page would declare it
    body: bytes


@dataclass
class Score:
    right: int = 0
    seconds: float = 0.0
    wrong: list[str] = field(default_factory=list)


# --- Candidates: bytes -> an encoding label (or None) --------------------------------------------


def candidates() -> dict[str, Callable[[bytes], str | None]]:
    found: dict[str, Callable[[bytes], str | None]] = {
        "before: UTF-8 with U+FFFD": lambda body: "utf-8",
        "Scrapy <2.14 fallback: ascii, utf-8, cp1252": _first_that_decodes("ascii", "utf-8", "cp1252"),
    }
    try:
        import scrapy
        from scrapy.http import TextResponse
    except ImportError:
        pass
    else:
        found[f"Scrapy {scrapy.__version__} TextResponse.encoding"] = lambda body: (
            TextResponse("https://x.test/", body=body).encoding
        )
    try:
        import charset_normalizer
    except ImportError:
        pass
    else:

        def normalizer(body: bytes) -> str | None:
            match = charset_normalizer.from_bytes(body).best()
            return match.encoding if match else None

        found[f"charset-normalizer {charset_normalizer.__version__}"] = normalizer
    try:
        import chardet
    except ImportError:
        pass
    else:
        found[f"chardet {chardet.__version__}"] = lambda body: chardet.detect(body)["encoding"]
    try:
        import cchardet
    except ImportError:
        pass
    else:
        found[f"cchardet {cchardet.__version__}"] = lambda body: cchardet.detect(body)["encoding"]
    try:
        import chardetng_py
    except ImportError:
        pass
    else:
        found["chardetng-py (Firefox's chardetng)"] = lambda body: chardetng_py.detect(body, allow_utf8=False)
        found["chardetng-py on our sample"] = lambda body: chardetng_py.detect(detect._sample(body), allow_utf8=False)
    found["ours: built-in detector"] = _ours
    return found


def _first_that_decodes(*codecs: str) -> Callable[[bytes], str | None]:
    def first(body: bytes) -> str | None:
        for codec in codecs:
            try:
                body.decode(codec)
            except UnicodeDecodeError:
                continue
            return codec
        return None

    return first


def _ours(body: bytes) -> str:
    """decode_page's path for an undeclared page, with the built-in detector."""
    if decoding.sniff_utf16(body):
        return "utf-16"
    if body.isascii():
        return "iso-2022-jp" if decoding._has_iso2022jp_escapes(body) else "utf-8"
    if decoding._mostly_utf8(body):
        return "utf-8"
    return detect.detect(body) or "cp1252"


# --- The sets ------------------------------------------------------------------------------------


def fixture_pages() -> Iterator[Page]:
    for entry in json.loads((FIXTURES / "manifest.json").read_text("utf-8")):
        if entry["declared"] == "none" and not entry["label"].startswith("utf-"):
            yield Page(Path(entry["page"]).stem, entry["label"], (FIXTURES / entry["page"]).read_bytes())


# The legacy encodings of a language written in Latin letters, by its lang code.
LATIN_ENCODINGS = {
    **dict.fromkeys(("cs", "pl", "sk", "hu", "hr", "sl", "ro"), ("iso-8859-2", "windows-1250")),
    "tr": ("windows-1254",),
    **dict.fromkeys(("lv", "lt", "et"), ("windows-1257",)),
    "vi": (),  # windows-1258 writes tones as combining marks: leave it out
}
SCRIPT_ENCODINGS = {
    "hangul": ("euc-kr",),
    "kana": ("shift_jis", "euc-jp"),
    "han": ("gbk", "big5"),
    "cyrillic": ("windows-1251", "koi8-r"),
    "greek": ("iso-8859-7",),
    "hebrew": ("windows-1255",),
    "arabic": ("windows-1256",),
    "thai": ("windows-874",),
}
_DECLARATION = re.compile(r"<meta[^>]*charset[^>]*>", re.IGNORECASE)
_XML_ENCODING = re.compile(r"(<\?xml[^>]*?)\s+encoding\s*=\s*[\"'][^\"']*[\"']", re.IGNORECASE)
_LANG = re.compile(r"<html[^>]*\slang\s*=\s*[\"']?([A-Za-z]+)", re.IGNORECASE)


def corpus_pages(folder: Path, per_encoding: int) -> Iterator[Page]:
    """Up to ``per_encoding`` pages in each legacy encoding (the first, by path)."""
    taken: dict[str, int] = {}
    for path in sorted(folder.rglob("*.html")):
        text = path.read_text("utf-8", "replace")
        text = _XML_ENCODING.sub(r"\1", _DECLARATION.sub("", text))
        lang_match = _LANG.search(text)
        for label in legacy_encodings(text, lang_match.group(1).lower() if lang_match else ""):
            body = _encoded(text, label) if taken.get(label, 0) < per_encoding else None
            if body is not None:
                taken[label] = taken.get(label, 0) + 1
                yield Page(f"{path.parent.name}/{path.stem}", label, body)


SCRIPTS = {
    name: re.compile(f"[{low}-{high}]")
    for name, low, high in (
        ("latin", "\u00c0", "\u024f"),
        ("greek", "\u0370", "\u03ff"),
        ("cyrillic", "\u0400", "\u04ff"),
        ("hebrew", "\u05d0", "\u05ea"),
        ("arabic", "\u0620", "\u064a"),
        ("thai", "\u0e01", "\u0e2e"),
        ("kana", "\u3041", "\u30fa"),
        ("han", "\u4e00", "\u9fff"),
        ("hangul", "\uac00", "\ud7a3"),
    )
}
_NON_ASCII = re.compile("[^\x00-\x7f]")


def legacy_encodings(text: str, lang: str) -> tuple[str, ...]:
    """The legacy encodings a page in this language and these scripts was written in."""
    scripts = {name: len(pattern.findall(text)) for name, pattern in SCRIPTS.items()}
    letters = sum(scripts.values())
    if not letters:
        return ()
    if scripts["kana"] * 20 >= letters:
        return SCRIPT_ENCODINGS["kana"]
    top = max(scripts, key=lambda name: scripts[name])
    if top == "latin":
        return LATIN_ENCODINGS.get(lang, ("windows-1252",))
    return SCRIPT_ENCODINGS.get(top, ())


def _encoded(text: str, label: str) -> bytes | None:
    """The page in ``label``, if the encoding has nearly all its non-ASCII characters and some are there."""
    codec = label if label in ("shift_jis", "euc-kr", "gbk", "big5") else encoding_for_label(label)
    assert codec is not None
    body = text.encode(codec, "xmlcharrefreplace")
    missing = body.count(b"&#") - text.count("&#")
    if body.isascii() or missing * 20 > len(_NON_ASCII.findall(text)):
        return None
    return body


# --- Measuring -----------------------------------------------------------------------------------


def measure(pages: list[Page], detector: Callable[[bytes], str | None], repeat: int) -> Score:
    score = Score()
    for page in pages:
        best = float("inf")
        for _ in range(repeat):
            started = time.process_time()
            try:
                label = detector(page.body)
            except Exception:  # noqa: BLE001 - a detector that fails reads the page wrong
                label = None
            best = min(best, time.process_time() - started)
        score.seconds += best
        if _reads_right(page, label):
            score.right += 1
        else:
            score.wrong.append(f"{page.name} {page.label}->{label}")
    return score


def _reads_right(page: Page, label: str | None) -> bool:
    codec = encoding_for_label(label) if label else None
    if codec is None:
        return False
    truth = encoding_for_label(page.label)
    assert truth is not None
    return page.body.decode(codec, "replace") == page.body.decode(truth, "replace")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--per-encoding", type=int, default=25, help="corpus pages per legacy encoding, at most")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--wrong", action="store_true", help="list the pages each candidate reads wrong")
    parser.add_argument(
        "--only", default="", help="the candidates whose name contains one of these comma-separated words"
    )
    args = parser.parse_args()
    detect.detect(b"\xe9")  # builds the detector's table (once per process) before timing
    sets = {"fixtures": list(fixture_pages())}
    if args.corpus.is_dir():
        sets["corpus"] = list(corpus_pages(args.corpus, args.per_encoding))
    wanted = [word for word in args.only.split(",") if word]
    chosen = {name: f for name, f in candidates().items() if not wanted or any(word in name for word in wanted)}
    if not args.json:  # a row as soon as it is measured: the slow detectors take minutes on the corpus
        print("| candidate | " + " | ".join(f"{s} ({len(p)} pages): right | ms/page" for s, p in sets.items()) + " |")
        print("| --- |" + " --- | --- |" * len(sets), flush=True)
    results = {}
    for name, detector in chosen.items():
        by_set = results[name] = {set_name: measure(pages, detector, args.repeat) for set_name, pages in sets.items()}
        if not args.json:
            cells = " | ".join(
                f"{r.right} ({100 * r.right / len(sets[s]):.0f}%) | {1000 * r.seconds / len(sets[s]):.2f}"
                for s, r in by_set.items()
            )
            print(f"| {name} | {cells} |", flush=True)
    if args.json:
        print(
            json.dumps(
                {
                    name: {
                        s: {"pages": len(sets[s]), "right": r.right, "ms_per_page": 1000 * r.seconds / len(sets[s])}
                        for s, r in by_set.items()
                    }
                    for name, by_set in results.items()
                },
                indent=1,
            )
        )
    if args.wrong:
        for name, by_set in results.items():
            for set_name, score in by_set.items():
                if score.wrong:
                    print(
                        f"\n{name}, {set_name}: {len(score.wrong)} wrong\n  " + "\n  ".join(score.wrong),
                        file=sys.stderr,
                    )


if __name__ == "__main__":
    main()
