"""Reading bytes (engine/decoding.py, engine/detect.py): the HTML standard's order, detection, binary data.

The pages are tests/engine/encoding_fixtures (make_encoding_fixtures.py): one article
in 15 languages, in UTF-8, UTF-16 and 23 legacy encodings, declared by ``<meta charset>``,
by ``<meta http-equiv>``, by a ``Content-Type`` header, or not at all.
"""

from __future__ import annotations

import codecs
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scrapy_readability import NotHTMLError, Readability, decode_page, is_probably_readable
from scrapy_readability.engine.errors import InputError
from scrapy_readability.engine.html import decoding
from scrapy_readability.engine.html.parsing import parse_html

FIXTURES = Path(__file__).parents[1].joinpath("encoding_fixtures")
MANIFEST: list[dict[str, Any]] = json.loads((FIXTURES / "manifest.json").read_text("utf-8"))


def source(lang: str) -> tuple[str, str, list[str]]:
    head, _, body = (FIXTURES / "texts" / f"{lang}.txt").read_text("utf-8").partition("\n\n")
    title, byline = head.splitlines()
    return title, byline, [p.strip() for p in body.split("\n\n") if p.strip()]


def body_of(entry: dict[str, Any]) -> bytes:
    return (FIXTURES / entry["page"]).read_bytes()


def header(entry: dict[str, Any]) -> str:
    return f"text/html; charset={entry['label']}"


def pages(utf16: bool | None = None, **wanted: object) -> list[Any]:
    """The fixture pages with these manifest values (and in UTF-16, or not, when ``utf16`` says)."""
    return [
        pytest.param(entry, id=Path(entry["page"]).stem)
        for entry in MANIFEST
        if all(entry[k] == v for k, v in wanted.items()) and utf16 in (None, entry["label"].startswith("utf-16"))
    ]


def assert_reads_right(article: Any, lang: str) -> None:
    _, byline, paragraphs = source(lang)
    assert article is not None
    assert article.byline == byline
    for paragraph in paragraphs:
        assert paragraph in article.text
    assert "\ufffd" not in article.text


def test_the_fixture_set_covers_the_encodings_asked_for() -> None:
    labels = {entry["label"] for entry in MANIFEST}
    assert len(labels) >= 8
    assert {
        "utf-8",
        "utf-16le",
        "utf-16be",
        "shift_jis",
        "euc-jp",
        "gbk",
        "big5",
        "euc-kr",
        "windows-1251",
        "koi8-r",
        "iso-8859-2",
        "windows-1250",
        "iso-8859-7",
        "windows-1252",
    } <= labels
    for entry in MANIFEST:  # each page is what its name says: the declaration, and bytes of that encoding
        body = body_of(entry)
        declared = {"meta": b'<meta charset="', "http-equiv": b'<meta http-equiv="Content-Type"'}.get(entry["declared"])
        ascii_view = body.decode("latin-1")
        assert (declared is not None and declared.decode() in ascii_view) == (entry["declared"] != "none")
        assert body.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) == entry["bom"]


# --- Every page, every way it can be declared ----------------------------------------------


@pytest.mark.parametrize("entry", pages(declared="meta") + pages(declared="http-equiv"))
def test_a_page_that_declares_its_encoding(entry: dict[str, Any]) -> None:
    assert_reads_right(Readability(body_of(entry)).parse(), entry["lang"])
    assert decode_page(body_of(entry)).source == "meta"


@pytest.mark.parametrize("entry", pages(declared="none"))
def test_a_page_with_a_charset_header(entry: dict[str, Any]) -> None:
    assert_reads_right(Readability(body_of(entry), content_type=header(entry)).parse(), entry["lang"])
    assert decode_page(body_of(entry), header(entry)).source == ("bom" if entry["bom"] else "content-type")


@pytest.mark.parametrize("entry", pages(declared="none"))
def test_a_page_that_declares_nothing_is_detected(entry: dict[str, Any]) -> None:
    assert_reads_right(Readability(body_of(entry)).parse(), entry["lang"])


@pytest.mark.parametrize("entry", pages(declared="none", bom=False, utf16=True))
def test_a_header_saying_utf16_without_a_byte_order(entry: dict[str, Any]) -> None:
    """``charset=utf-16`` on a page without a BOM: the byte order its NULs show (little-endian by default)."""
    article = Readability(body_of(entry), content_type="text/html; charset=utf-16").parse()
    assert_reads_right(article, entry["lang"])


@pytest.mark.parametrize("entry", pages(declared="none"))
def test_is_probably_readable_reads_bytes_as_the_text_they_are(entry: dict[str, Any]) -> None:
    body, truth = body_of(entry), decode_page(body_of(entry), header(entry)).text
    assert is_probably_readable(body) == is_probably_readable(truth)
    assert is_probably_readable(body, content_type=header(entry)) == is_probably_readable(truth)
    if entry["lang"] in ("en", "fr", "de", "ru", "el"):  # long paragraphs: readerable (CJK ones are shorter than 140)
        assert is_probably_readable(body)


def test_the_order_bom_header_meta_detection() -> None:
    text = "<meta charset='windows-1251'><p>Привет, мир</p>"
    meta_1251 = text.encode("cp1251")
    assert decode_page(meta_1251) == (text, "cp1251", "meta")
    assert decode_page(meta_1251, "text/html; charset=koi8-r").source == "content-type"  # the header wins over <meta>
    assert decode_page(codecs.BOM_UTF8 + text.encode(), "text/html; charset=koi8-r") == (text, "utf-8", "bom")
    assert decode_page(meta_1251, b"text/html; charset=koi8-r").encoding == "koi8-r"  # Scrapy's headers are bytes
    assert decode_page(b"<p>plain</p>") == ("<p>plain</p>", "utf-8", "utf-8")


def test_a_forced_encoding_wins_over_everything() -> None:
    body = codecs.BOM_UTF8 + "<meta charset='utf-8'><p>Größe</p>".encode()
    forced = decode_page(body, "text/html; charset=utf-8", encoding="latin-1")
    assert forced.source == "encoding" and forced.encoding == "cp1252"  # latin-1 is windows-1252, as browsers read it
    assert forced.text.startswith("ï»¿") and "GrÃ¶ÃŸe" in forced.text
    assert decode_page(body, encoding="utf-8").text == "<meta charset='utf-8'><p>Größe</p>"  # its own BOM goes
    german = body_of(next(entry for entry in MANIFEST if entry["page"] == "pages/de.utf-8.meta.html"))
    assert Readability(german, encoding="windows-1252").parse().byline == "Von JÃ¼rgen WeiÃŸ"
    assert is_probably_readable(german) and not is_probably_readable(german, encoding="utf-16-le")
    with pytest.raises(LookupError, match="unknown encoding: 'klingon'"):
        decode_page(body, encoding="klingon")
    with pytest.raises(LookupError):
        decode_page(body, encoding="utf-7")  # browsers dropped it: it hides markup


def test_a_meta_declaring_utf16_means_utf8() -> None:
    """The prescan reads ASCII, so a page it can read is not UTF-16: the standard reads it as UTF-8."""
    body = "<meta charset='utf-16'><p>Grüße</p>".encode()
    assert decode_page(body) == ("<meta charset='utf-16'><p>Grüße</p>", "utf-8", "meta")


def test_utf8_with_a_few_stray_bytes_stays_utf8() -> None:
    body = ("<p>" + "Grüße aus Köln. " * 10 + "</p>").encode() + b"<p>caf\xe9</p>"
    page = decode_page(body)
    assert page.encoding == "utf-8" and "Grüße aus Köln." in page.text and "caf\ufffd" in page.text


def test_utf16_is_told_by_its_nul_bytes_alone() -> None:
    assert decoding.sniff_utf16(b"") is None and decoding.sniff_utf16(b"<p>no NUL here</p>" * 10) is None
    assert decoding.sniff_utf16("<p>Привет</p>".encode("utf-16-be")) == "utf-16-be"
    assert decoding.sniff_utf16(bytes(range(256)) * 4) is None  # binary data: NULs on both sides
    assert decode_page("<p>Привет, мир</p>".encode("utf-16-le")) == ("<p>Привет, мир</p>", "utf-16-le", "detected")


def test_iso2022jp_is_told_by_its_escapes() -> None:
    text = "<p>川の最後の渡し舟。船頭は笑っていた。</p>"
    assert decode_page(text.encode("iso2022_jp")) == (text, "iso2022_jp", "detected")


# --- Binary data -------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["ru", "ja"])
@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_non_latin_utf16_is_not_taken_for_binary(lang: str, codec: str) -> None:
    """The bug of issue 21: Cyrillic or Japanese in UTF-16 has control bytes in every other byte."""
    title, byline, paragraphs = source(lang)
    html = f"<html><body><article><h1>{title}</h1><p>{'</p><p>'.join(paragraphs)}</p></article></body></html>"
    bom = codecs.BOM_UTF16_LE if codec.endswith("le") else codecs.BOM_UTF16_BE
    assert paragraphs[0] in Readability(bom + html.encode(codec)).parse().text
    assert paragraphs[0] in Readability(html.encode(codec), content_type="text/html; charset=utf-16").parse().text
    assert is_probably_readable(bom + html.encode(codec)) == is_probably_readable(html)


@pytest.mark.parametrize(
    "body, kind",
    [
        (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj", "a PDF document"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "a PNG image"),
        (b"\x1f\x8b\x08\x00\x00\x00\x00\x00", "gzip-compressed data"),
        (b"PK\x03\x04\x14\x00\x00\x00\x08\x00", "a ZIP archive (or an office document)"),
    ],
)
def test_binary_formats_raise_not_html(body: bytes, kind: str) -> None:
    with pytest.raises(NotHTMLError, match=f"^not HTML: the body looks like {re.escape(kind)}$") as raised:
        Readability(body)
    assert raised.value.kind == kind
    assert isinstance(raised.value, InputError)  # what callers caught before still catches it
    assert is_probably_readable(body) is False


JPEGS = (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00", b"\xff\xd8\xff\xe1\x2a\x3eExif\x00\x00MM\x00*")


@pytest.mark.parametrize("codec", ["utf-8", "windows-1252", "shift_jis", "gbk", "koi8-r", "euc-kr"])
@pytest.mark.parametrize("jpeg", JPEGS, ids=["JFIF", "Exif"])
def test_a_jpeg_decoded_as_text_is_still_a_jpeg(codec: str, jpeg: bytes) -> None:
    body = jpeg + bytes(range(256)) * 2
    with pytest.raises(NotHTMLError, match="^not HTML: the (body|text) looks like a JPEG image"):
        Readability(body.decode(codec, "replace"))


@pytest.mark.parametrize("page", ["<p>JFIF</p>", "JFIF and Exif are two ways to store a photo", "Exif\x00 data"])
def test_text_that_names_jpeg_markers_is_text(page: str) -> None:
    """Found by the property test below: a page whose first words were "JFIF" was refused as a JPEG."""
    assert parse_html(page.encode(), "text/html; charset=utf-8") is not None
    assert parse_html(page) is not None


def test_binary_data_says_what_it_was_read_as() -> None:
    data = bytes(range(256)) * 8
    with pytest.raises(
        NotHTMLError, match=r"^not HTML: the body looks like binary data \(\d+% control characters read as "
    ) as raised:
        Readability(data)
    assert raised.value.kind == "binary data"
    with pytest.raises(NotHTMLError, match="^not HTML: the text looks like binary data$"):
        Readability(data.decode("latin-1"))


# Every encoding a browser decodes (the WHATWG Encoding Standard's), by a label it answers to.
BROWSER_ENCODINGS = (
    "utf-8",
    "utf-16le",
    "utf-16be",
    "ibm866",
    "iso-8859-2",
    "iso-8859-3",
    "iso-8859-4",
    "iso-8859-5",
    "iso-8859-6",
    "iso-8859-7",
    "iso-8859-8",
    "iso-8859-10",
    "iso-8859-13",
    "iso-8859-14",
    "iso-8859-15",
    "iso-8859-16",
    "koi8-r",
    "koi8-u",
    "macintosh",
    "windows-874",
    "windows-1250",
    "windows-1251",
    "windows-1252",
    "windows-1253",
    "windows-1254",
    "windows-1255",
    "windows-1256",
    "windows-1257",
    "windows-1258",
    "x-mac-cyrillic",
    "gbk",
    "gb18030",
    "big5",
    "euc-jp",
    "iso-2022-jp",
    "shift_jis",
    "euc-kr",
)
_BLOCKS = (
    (0x20, 0x7E),
    (0xA0, 0x24F),
    (0x370, 0x3FF),
    (0x400, 0x4FF),
    (0x5D0, 0x5EA),
    (0x600, 0x6FF),
    (0xE01, 0xE5B),
    (0x2010, 0x2044),
    (0x3000, 0x30FF),
    (0x4E00, 0x9FFF, 37),
    (0xAC00, 0xD7A3, 11),
    (0xFF01, 0xFF9F),
)


@cache
def alphabet(label: str) -> tuple[str, ...]:
    """Printable characters of the text ``label`` can encode (every 37th ideograph, every 11th syllable)."""
    codec = decoding.encoding_for_label(label)
    assert codec is not None, label
    chars = []
    for block in _BLOCKS:
        for code in range(block[0], block[1] + 1, block[2] if len(block) > 2 else 1):
            char = chr(code)
            if char.isprintable() and _encodes(char, codec):
                chars.append(char)
    return tuple(chars)


def _encodes(char: str, codec: str) -> bool:
    try:
        char.encode(codec)
    except UnicodeEncodeError:
        return False
    return True


@st.composite
def text_in_an_encoding(draw: st.DrawFn) -> tuple[str, str, str]:
    label = draw(st.sampled_from(BROWSER_ENCODINGS))
    words = st.text(st.sampled_from(alphabet(label)), min_size=1, max_size=12)
    text = " ".join(draw(st.lists(words, min_size=1, max_size=300)))
    return label, text, draw(st.sampled_from(["<p>{}</p>", "{}", "<html><body><div>{}</div>\n</body></html>"]))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text_in_an_encoding())
def test_text_in_any_browser_encoding_is_never_taken_for_binary(case: tuple[str, str, str]) -> None:
    label, text, template = case
    codec = decoding.encoding_for_label(label)
    assert codec is not None
    body = template.format(text).encode(codec)
    declared = f"text/html; charset={label}"
    assert parse_html(body, declared) is not None  # declared: no NotHTMLError
    if label.startswith("utf-16"):
        bom = codecs.BOM_UTF16_LE if label.endswith("le") else codecs.BOM_UTF16_BE
        assert parse_html(bom + body) is not None
    else:
        assert parse_html(body) is not None  # undeclared, whatever the detector makes of it
