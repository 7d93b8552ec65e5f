"""Turning a page's bytes into text, in the HTML standard's order, and telling text from binary data.

:func:`decode_page` is the one way the package decodes a page (the engine's
``bytes`` input, the command line, a crawl), so the same bytes always give the
same text. Its order is the HTML standard's ("determining the character
encoding"), with an encoding the caller forces first:

1. ``encoding=``, when the caller forces one (the command line's ``--encoding``);
2. a byte-order mark (UTF-8, UTF-16LE/BE);
3. the charset of the transport's ``Content-Type`` header;
4. the page's own ``<meta charset>`` or ``<meta http-equiv="Content-Type">`` (the prescan);
5. for a page that declares nothing: UTF-16 by the NUL bytes of its ASCII markup,
   ISO-2022-JP by its escape sequences, UTF-8 when the bytes are UTF-8, and
   otherwise :mod:`.detect`, our own detector (how it compares with chardet,
   cchardet, charset-normalizer, Scrapy's own and Firefox's: benchmarks/charsets.py).

Whether bytes are binary data (an image, a PDF, an archive) is decided by the
signatures of such formats, and then, once the text is decoded, by the share of
control characters in it: text in any encoding, read in that encoding, has none
(counting control bytes before decoding took UTF-16 text for binary data).
"""

from __future__ import annotations

import codecs
import re
from typing import NamedTuple

from w3lib.encoding import html_body_declared_encoding, http_content_type_encoding, read_bom, resolve_encoding

from . import detect


class DecodedPage(NamedTuple):
    """A page's text, the encoding it was read in (a Python codec name) and what said so.

    ``source`` is ``"encoding"`` (forced by the caller), ``"bom"``, ``"content-type"``,
    ``"meta"``, ``"utf-8"`` (undeclared, and valid UTF-8 or ASCII) or ``"detected"``.
    """

    text: str
    encoding: str
    source: str


def decode_page(body: bytes, content_type: str | bytes | None = None, *, encoding: str | None = None) -> DecodedPage:
    """Decode a page's bytes as a browser does; ``encoding`` forces an encoding (a label like ``"shift_jis"``).

    ``content_type`` is the page's ``Content-Type`` header (``str``, or ``bytes`` as
    Scrapy's headers hold it). Bytes the encoding cannot decode become U+FFFD. An
    unknown ``encoding`` label raises ``LookupError``.
    """
    body = bytes(body)
    if encoding:
        codec = encoding_for_label(encoding)
        if codec is None:
            raise LookupError(f"unknown encoding: {encoding!r}")
        return _decoded(body, _utf16_byte_order(encoding, codec, body), "encoding")
    bom_codec, bom = read_bom(body)
    if bom_codec and bom:
        return DecodedPage(body[len(bom) :].decode(bom_codec, "replace"), bom_codec, "bom")
    header = content_type.decode("latin-1") if isinstance(content_type, bytes) else content_type
    codec = http_content_type_encoding(header) if header else None
    if codec:
        return _decoded(body, _utf16_byte_order(_charset_label(header or "") or codec, codec, body), "content-type")
    codec = html_body_declared_encoding(body)
    if codec:  # an ASCII declaration cannot be in UTF-16: the standard reads such a page as UTF-8
        return _decoded(body, "utf-8" if codec.startswith("utf-16") else codec, "meta")
    codec, source = detect_encoding(body)
    return _decoded(body, codec, source)


def encoding_for_label(label: str) -> str | None:
    """The Python codec for an encoding label, as browsers read it (``latin1`` is windows-1252); ``None`` if unknown."""
    codec = _LABELS_PYTHON_LACKS.get(label.strip().lower()) or resolve_encoding(label)
    return None if codec in (None, "utf-7") else codec  # UTF-7 hides markup from a browser's eyes


# Labels of the Encoding Standard that Python's codecs do not know by that name.
_LABELS_PYTHON_LACKS = {
    "x-mac-cyrillic": "mac_cyrillic",
    "x-mac-ukrainian": "mac_cyrillic",
    "iso-8859-8-i": "iso8859_8",
    "csiso88598i": "iso8859_8",
    "logical": "iso8859_8",
}


def detect_encoding(body: bytes) -> tuple[str, str]:
    """The encoding of a page that declares none, and ``"utf-8"`` or ``"detected"`` (:class:`DecodedPage`'s source)."""
    utf16 = sniff_utf16(body)
    if utf16:
        return utf16, "detected"
    if body.isascii():
        return ("iso2022_jp", "detected") if _has_iso2022jp_escapes(body) else ("utf-8", "utf-8")
    if _mostly_utf8(body):
        return "utf-8", "utf-8"
    return detect.detect(body) or "cp1252", "detected"


def _decoded(body: bytes, codec: str, source: str) -> DecodedPage:
    bom_codec, bom = read_bom(body)
    if bom and bom_codec and codecs.lookup(bom_codec).name == codecs.lookup(codec).name:
        body = body[len(bom) :]
    return DecodedPage(body.decode(codec, "replace"), codec, source)


def _utf16_byte_order(label: str, codec: str, body: bytes) -> str:
    """``codec`` for the ``label`` a page or its caller gave; for UTF-16 without a byte order (``utf-16``), the one
    its NUL bytes show, else little-endian (the standard's). The label is read as given: w3lib from 2.6 resolves
    ``utf-16`` to ``utf-16-le`` as the Encoding Standard does, which would hide that no order was named."""
    try:
        unordered = codecs.lookup(label.strip()).name == "utf-16"
    except LookupError:
        unordered = codecs.lookup(codec).name == "utf-16"
    if not unordered:
        return codec
    return sniff_utf16(body) or "utf-16-le"


def _charset_label(content_type: str) -> str | None:
    """The ``charset`` parameter of a ``Content-Type`` header, as written."""
    match = _CHARSET.search(content_type)
    return match.group(1) if match else None


_CHARSET = re.compile(r"charset\s*=\s*[\"']?([^\s;\"']+)", re.IGNORECASE)


def sniff_utf16(body: bytes) -> str | None:
    """UTF-16 without a BOM: the NUL bytes of its ASCII characters (markup, spaces) are on one side.

    Text in any other encoding has no NUL at all, and binary data has them on both sides.
    """
    head = body[:1024]
    if b"\x00" not in head:
        return None
    even_nuls, odd_nuls = head[0::2].count(0), head[1::2].count(0)
    if odd_nuls * 32 >= len(head) and even_nuls * 4 <= odd_nuls:
        return "utf-16-le"
    if even_nuls * 32 >= len(head) and odd_nuls * 4 <= even_nuls:
        return "utf-16-be"
    return None


def _has_iso2022jp_escapes(body: bytes) -> bool:
    """ISO-2022-JP is 7-bit: its escape sequences (to JIS X 0208, or to JIS X 0201 Roman) are its signature."""
    return b"\x1b$B" in body or b"\x1b$@" in body or b"\x1b(J" in body


def _mostly_utf8(body: bytes) -> bool:
    """UTF-8, or UTF-8 with stray bytes (a page pasted together). A legacy encoding makes valid UTF-8
    sequences by chance only: none in Latin, Cyrillic, Greek, Hebrew or Arabic text, and in CJK text
    one for two to seven invalid ones (measured on tests/engine/encoding_fixtures)."""
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        pass
    else:
        return True
    text = body.decode("utf-8", "replace")
    errors = text.count("\ufffd") - body.count(b"\xef\xbf\xbd")
    ascii_bytes = len(body.translate(None, _HIGH_BYTES))
    valid = len(text) - ascii_bytes - errors
    return valid >= errors


_HIGH_BYTES = bytes(range(0x80, 0x100))

# --- Binary data -----------------------------------------------------------------------

# Signatures of common non-HTML bodies a crawler meets.
SIGNATURES = (
    (b"%PDF-", "a PDF document"),
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"GIF87a", "a GIF image"),
    (b"GIF89a", "a GIF image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"RIFF", "a RIFF file (WebP, WAV, AVI)"),
    (b"PK\x03\x04", "a ZIP archive (or an office document)"),
    (b"\x1f\x8b", "gzip-compressed data"),
    (b"BZh", "bzip2-compressed data"),
    (b"\xfd7zXZ\x00", "xz-compressed data"),
    (b"(\xb5/\xfd", "zstd-compressed data"),
    (b"%!PS", "a PostScript document"),
    (b"\x00\x00\x01\x00", "an icon"),
    (b"OggS", "an Ogg stream"),
    (b"ID3", "an MP3 file"),
    (b"wOFF", "a web font"),
    (b"wOF2", "a web font"),
    (b"\x7fELF", "an executable"),
)

# Below this, a few stray control characters are not evidence of binary data.
MIN_SNIFF_LENGTH = 128
# The MIME Sniffing standard's "binary data bytes": C0 controls but tab, LF, FF, CR and ESC
# (ISO-2022-JP's escape sequences).
# A JPEG's start decoded: its markers (FF D8 FF Ex, non-ASCII whatever the decoder), the segment's length,
# then "JFIF" or "Exif" and a NUL. Text that names JFIF is not an image.
_JPEG_HEAD = re.compile(r"[^\x00-\x7f]{1,6}[\s\S]{0,3}?(?:JFIF|Exif)\x00")
_BINARY_CONTROLS = frozenset([*range(0x00, 0x09), 0x0B, *range(0x0E, 0x1B), *range(0x1C, 0x20)])
_KEEP_BINARY_CONTROLS = {code: None for code in range(0x80) if code not in _BINARY_CONTROLS}


def sniff_binary(body: bytes) -> str | None:
    """What ``body`` is when its first bytes are the signature of a binary format."""
    for signature, kind in SIGNATURES:
        if body.startswith(signature):
            return kind
    if body[4:8] == b"ftyp":
        return "an MP4/QuickTime/HEIF file"
    return None


def sniff_binary_text(text: str) -> str | None:
    """What a decoded body is when it is plainly not text (a signature, or control characters).

    Decoders turn the signature bytes into other characters (U+FFFD, or Latin-1
    letters), so the ASCII parts of the signatures are looked for; replacement
    characters are not counted as binary, as a page in a mis-declared legacy
    encoding is full of them.
    """
    head = text[:1024].lstrip("\ufeff")
    if not head:
        return None
    ascii_head = head[:16].encode("ascii", "replace")
    for signature, kind in SIGNATURES:
        if signature.isascii() and len(signature) > 2 and ascii_head.startswith(signature):
            return kind
    if "PNG\r\n\x1a\n" in head[:12]:
        return "a PNG image"
    if _JPEG_HEAD.match(head):
        return "a JPEG image"
    if head[4:8] == "ftyp":
        return "an MP4/QuickTime/HEIF file"
    if len(head) >= MIN_SNIFF_LENGTH and control_share(head) > 0.1:  # text has next to none; binary about one in ten
        return "binary data"
    return None


def control_share(text: str) -> float:
    """The share of ``text``'s characters that are control characters no text has."""
    ascii_text = text.encode("ascii", "ignore").decode("ascii")
    return len(ascii_text.translate(_KEEP_BINARY_CONTROLS)) / len(text) if text else 0.0
