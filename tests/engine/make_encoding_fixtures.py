"""Write ``encoding_fixtures/pages/``: one article in the encodings a browser reads, declared or not.

The article (``encoding_fixtures/texts/<language>.txt``: its title, its byline, a blank
line, then paragraphs separated by blank lines) was written for these tests. Each
language goes into UTF-8 and into the legacy encodings written in it (:data:`ENCODINGS`),
each page three times: with ``<meta charset>``, with ``<meta http-equiv="Content-Type">``
and with no declaration at all (served with or without a charset header, the tests
decide). Russian and Japanese go into UTF-16 too, little- and big-endian, with and
without a byte-order mark. ``encoding_fixtures/manifest.json`` lists the pages.

Run to add a language or an encoding: ``python tests/engine/make_encoding_fixtures.py``.
"""

from __future__ import annotations

import codecs
import json
import shutil
from pathlib import Path

HERE = Path(__file__).resolve().parent / "encoding_fixtures"

# The legacy encodings each language is written in, by the label a page declares.
ENCODINGS: dict[str, tuple[str, ...]] = {
    "en": ("windows-1252",),
    "fr": ("windows-1252",),
    "de": ("windows-1252",),
    "pl": ("iso-8859-2", "windows-1250"),
    "cs": ("iso-8859-2", "windows-1250"),
    "ru": ("windows-1251", "koi8-r", "iso-8859-5"),
    "el": ("iso-8859-7", "windows-1253"),
    "tr": ("windows-1254",),
    "he": ("windows-1255",),
    "ar": ("windows-1256",),
    "th": ("windows-874",),
    "ja": ("shift_jis", "euc-jp", "iso-2022-jp"),
    "zh-hans": ("gbk", "gb18030"),
    "zh-hant": ("big5",),
    "ko": ("euc-kr",),
}
PYTHON_NAMES = {"windows-874": "cp874"}  # labels Python's codecs do not answer to
UTF16_LANGUAGES = ("ru", "ja")
RIGHT_TO_LEFT = ("he", "ar")

DECLARATIONS = {
    "meta": '<meta charset="{label}">',
    "http-equiv": '<meta http-equiv="Content-Type" content="text/html; charset={label}">',
    "none": "",
}

PAGE = """<!DOCTYPE html>
<html lang="{lang}"{dir}>
<head>
{declaration}
<title>{title} | Riverside Gazette</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/static/site.css">
</head>
<body>
<header class="site-header">
<a class="logo" href="/">Riverside Gazette</a>
<nav class="menu"><a href="/">Home</a> <a href="/news/">News</a> <a href="/about/">About</a></nav>
</header>
<main>
<article>
<h1>{title}</h1>
<p class="byline">{byline}</p>
{paragraphs}
</article>
</main>
<footer class="site-footer"><p>(c) 2025 Riverside Gazette. <a href="/contact/">Contact</a></p></footer>
</body>
</html>
"""


def read_text(lang: str) -> tuple[str, str, list[str]]:
    """The article in ``lang``: its title, its byline and its paragraphs."""
    head, _, body = (HERE / "texts" / f"{lang}.txt").read_text("utf-8").partition("\n\n")
    title, byline = head.splitlines()
    return title, byline, [p.strip() for p in body.split("\n\n") if p.strip()]


def page_html(lang: str, declaration: str) -> str:
    title, byline, paragraphs = read_text(lang)
    return PAGE.format(
        lang=lang,
        dir=' dir="rtl"' if lang in RIGHT_TO_LEFT else "",
        declaration=declaration,
        title=title,
        byline=byline,
        paragraphs="\n".join(f"<p>{p}</p>" for p in paragraphs),
    )


def main() -> None:
    pages = HERE / "pages"
    shutil.rmtree(pages, ignore_errors=True)
    pages.mkdir()
    manifest = []

    def write(name: str, body: bytes, **entry: object) -> None:
        (pages / name).write_bytes(body)
        manifest.append({"page": f"pages/{name}", **entry})

    for lang, legacy in ENCODINGS.items():
        for label in ("utf-8", *legacy):
            for declared, template in DECLARATIONS.items():
                html = page_html(lang, template.format(label=label))
                body = html.encode(PYTHON_NAMES.get(label, label))  # strict: every character has its bytes
                write(f"{lang}.{label}.{declared}.html", body, lang=lang, label=label, declared=declared, bom=False)
    for lang in UTF16_LANGUAGES:
        html = page_html(lang, "")
        for label, bom in (("utf-16le", codecs.BOM_UTF16_LE), ("utf-16be", codecs.BOM_UTF16_BE)):
            body = html.encode(label)
            write(f"{lang}.{label}.bom.html", bom + body, lang=lang, label=label, declared="none", bom=True)
            write(f"{lang}.{label}.none.html", body, lang=lang, label=label, declared="none", bom=False)
    (HERE / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", "utf-8")
    print(f"{len(manifest)} pages in {pages}")


if __name__ == "__main__":
    main()
