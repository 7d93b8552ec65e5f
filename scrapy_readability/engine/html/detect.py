"""Guessing the legacy encoding of a page that declares none: the built-in detector.

Each candidate encoding a browser offers decodes a sample of the page, and the
decoding that reads most like text in some language wins. "Like text" is judged
from the characters alone, with no language model: letters score, and what a
wrong decoding produces costs: C1 controls, replacement characters, private-use
and box-drawing characters, half-width katakana; symbols inside words (``±`` for
Polish ``ą``); capitals inside words (Russian in KOI8-R read as windows-1251 is
all capitals); letters of two scripts side by side; runs of accented Latin letters
(Cyrillic or CJK read as windows-1252); ideographs outside the frequent sets their
own encodings put first (a wrong CJK decoding lands all over the code space);
Thai letters count half (windows-874 reads nearly any byte as one, and Thai has
no capitals to tell right from wrong); ideographs between spaces (Korean read as GBK: Chinese and Japanese are not
written with spaces between words); accented letters no one language writes
together (Czech read as windows-1252 gives ``ø`` and ``è`` side by side).

The frequent ideographs are read out of the codecs themselves (the first level of
GB 2312, Big5 and JIS X 0208, which order characters by frequency of use), as is
Korean's common set (KS X 1001's 2,350 syllables); the alphabets are the
languages' own. So the detector carries no statistics to go stale. It judges a
page's words with non-ASCII bytes (:data:`SAMPLE_BYTES` of them), and costs about
a millisecond a page: the decodings, the classes (a table made once per process)
and the counts run in C (benchmarks/charsets.py).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from functools import cache, lru_cache

# The legacy encodings a browser decodes (the WHATWG Encoding Standard's, as Python codecs),
# in order of preference when two decodings score alike (often they give the same text).
CANDIDATES = (
    "cp1252",
    "iso8859_2",
    "cp1250",
    "cp1251",
    "koi8_u",
    "cp1253",
    "iso8859_7",
    "cp1254",
    "cp1257",
    "cp1255",
    "cp1256",
    "cp874",
    "gb18030",
    "big5hkscs",
    "cp932",
    "euc_jp",
    "cp949",
    "ibm866",
    "iso8859_5",
)

# How much of the page is judged: this many bytes of its words with non-ASCII bytes.
SAMPLE_BYTES = 2048

# Character classes, one letter each, so that a decoding's classes are one str.translate().
# (A text's characters map to their class letters: what follows counts letters and pairs of them.)
_ASCII_LOWER, _ASCII_UPPER, _SPACE, _OTHER_ASCII = "a", "A", " ", "."
_LATIN, _LATIN_UPPER = "l", "L"
_CYRILLIC, _CYRILLIC_UPPER = "c", "C"
_GREEK, _GREEK_UPPER = "g", "G"
_HEBREW, _ARABIC, _THAI, _KANA, _HANGUL = "h", "r", "t", "k", "K"
_HAN_BOTH, _HAN_JAPANESE, _HAN_CHINESE, _HAN_RARE = (
    "1",
    "2",
    "3",
    "4",
)  # frequent in: both, JIS only, GB/Big5 only, none
_RARE_HANGUL, _PUNCTUATION, _SYMBOL, _MARK, _BAD, _FOREIGN = "j", "p", "s", "m", "x", "o"

_LETTERS = "aAlLcCgGhrtkK1234j"
_SCRIPT_OF = {  # letter class -> script, to see two scripts side by side
    **dict.fromkeys("aAlL", "latin"),
    **dict.fromkeys("cC", "cyrillic"),
    **dict.fromkeys("gG", "greek"),
    "h": "hebrew",
    "r": "arabic",
    "t": "thai",
    **dict.fromkeys("k1234", "cjk"),
    **dict.fromkeys("Kj", "hangul"),
}
_HAN = _HAN_BOTH + _HAN_JAPANESE + _HAN_CHINESE + _HAN_RARE

# The alphabets' letters beyond ASCII, lower case: the decoding's accented letters should
# mostly belong to one of them.
LATIN_ALPHABETS = (
    "àâæçéèêëîïôœùûüÿ",  # French
    "äöüß",  # German
    "áéíñóúü",  # Spanish
    "áâãàçéêíóôõú",  # Portuguese
    "àèéìíîòóù",  # Italian
    "àçèéíïòóúü",  # Catalan
    "áéëïóöü",  # Dutch
    "åäöé",  # Swedish, Finnish
    "æøåé",  # Danish, Norwegian
    "áðéíóúýþæö",  # Icelandic
    "ąćęłńóśźż",  # Polish
    "áčďéěíňóřšťúůýž",  # Czech
    "áäčďéíĺľňóôŕšťúýž",  # Slovak
    "áéíóöőúüű",  # Hungarian
    "ăâîșşțţ",  # Romanian
    "čćđšž",  # Croatian, Slovenian, Bosnian
    "çğıöşüâîû",  # Turkish
    "äõöüšž",  # Estonian
    "āčēģīķļņšūž",  # Latvian
    "ąčęėįšųūž",  # Lithuanian
)
CYRILLIC_ALPHABETS = (
    "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",  # Russian
    "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя",  # Ukrainian
    "абвгдеёжзійклмнопрстуўфхцчшыьэюя",  # Belarusian
    "абвгдежзийклмнопрстуфхцчшщъьюя",  # Bulgarian
    "абвгдђежзијклљмнњопрстћуфхцчџш",  # Serbian
    "абвгдѓежзѕијклљмнњопрстќуфхцчџш",  # Macedonian
)

_UPPER_AFTER_LETTER = re.compile(f"(?<=[{_LETTERS}])[{_LATIN_UPPER}{_CYRILLIC_UPPER}{_GREEK_UPPER}]")
_UPPER_AFTER_LOWER = re.compile(
    f"(?<=[{_ASCII_LOWER}{_LATIN}{_CYRILLIC}{_GREEK}])[{_LATIN_UPPER}{_CYRILLIC_UPPER}{_GREEK_UPPER}]"
)
_SYMBOL_BY_LETTER = re.compile(f"(?<=[{_LETTERS}]){_SYMBOL}|{_SYMBOL}(?=[{_LETTERS}])")
_LATIN_RUN = re.compile(f"[{_LATIN}{_LATIN_UPPER}]{{4,}}")
_HAN_BY_SPACE = re.compile(f"(?<= )[{_HAN}]|[{_HAN}](?= )")
# A combining mark belongs after a letter, or after a letter and one mark (Thai: a vowel, then a tone).
_BAD_MARK = re.compile(f"(?<![{_HEBREW}{_ARABIC}{_THAI}])(?<![{_HEBREW}{_ARABIC}{_THAI}]{_MARK}){_MARK}")


def _scripts_side_by_side() -> re.Pattern[str]:
    """Two letters of different scripts, one after the other (kana and kanji are one script here)."""
    by_script: dict[str, str] = {}
    for cls, script in _SCRIPT_OF.items():
        by_script[script] = by_script.get(script, "") + cls
    alternatives = [
        f"[{letters}](?=[{''.join(other for name, other in by_script.items() if name != script)}])"
        for script, letters in by_script.items()
    ]
    return re.compile("|".join(alternatives))


_MIXED_SCRIPTS = _scripts_side_by_side()


def detect(body: bytes) -> str | None:
    """The legacy encoding (a Python codec) ``body`` reads best in; ``None`` when it is ASCII."""
    sample = _sample(body)
    if not sample:
        return None
    # Penalties only lower a score, so the letters' score bounds it: candidates are judged in
    # the order of their bounds until no bound can beat the best score. On a tie, the earlier
    # candidate wins (the tied decodings usually give the same text).
    bounded = []
    for rank, codec in enumerate(CANDIDATES):
        classes = _classes(sample, codec)
        bounded.append((_letters_score(classes), -rank, codec, classes))
    bounded.sort(reverse=True)
    best: tuple[float, int, str] = (float("-inf"), 0, CANDIDATES[0])
    for bound, minus_rank, codec, classes in bounded:
        if (bound, minus_rank) < best[:2]:
            break
        best = max(best, (bound - _penalties(sample.decode(codec, "replace"), classes), minus_rank, codec))
    return best[2]


# The non-ASCII part of a page's words: from a non-ASCII byte (a lead byte in every legacy
# encoding) to the word's end. No legacy encoding puts a space, a control or "<" ">" inside a
# character. (Starting at the non-ASCII byte lets the regex skip ASCII at C speed.)
_WORD = re.compile(rb"[\x80-\xff][^\x00-\x20<>]*")


def _sample(body: bytes) -> bytes:
    """The page's words with non-ASCII bytes (from the first one), :data:`SAMPLE_BYTES` of them, one space between."""
    words, size = [], 0
    for match in _WORD.finditer(body):
        words.append(match.group())
        size += match.end() - match.start() + 1
        if size >= SAMPLE_BYTES:
            break
    return b" ".join(words)


def _classes(sample: bytes, codec: str) -> str:
    """The classes of the characters ``codec`` reads in ``sample``, one letter each."""
    byte_classes = _byte_classes(codec)
    if byte_classes is not None:  # a single-byte encoding: straight from the bytes, at C speed
        return sample.translate(byte_classes).decode("ascii")
    return sample.decode(codec, "replace").translate(_class_table())


@cache
def _byte_classes(codec: str) -> bytes | None:
    """A ``bytes.translate`` table of the class of each byte's character, for a single-byte encoding; else ``None``."""
    chars = bytes(range(256)).decode(codec, "replace")
    if len(chars) != 256:
        return None
    return chars.translate(_class_table()).encode("ascii")


def _letters_score(classes: str) -> float:
    """What a decoding's characters score one by one, per byte: letters score, what a wrong decoding makes costs.

    A CJK character is two bytes in every legacy encoding: it counts twice, or a
    single-byte decoding of the same bytes (twice the letters) would always win.
    """
    count = classes.count
    kana, han = count(_KANA), sum(count(c) for c in _HAN)
    japanese = kana * 10 >= kana + han  # kana in one CJK letter of ten
    rare_han = count(_HAN_RARE) + count(_HAN_CHINESE if japanese else _HAN_JAPANESE)
    alphabetic = sum(count(c) for c in "lLcCgGhr")
    cjk = kana + han + count(_HANGUL) - rare_han
    costs = 2 * (rare_han + count(_RARE_HANGUL) + count(_FOREIGN)) + 5 * count(_BAD) + count(_SYMBOL)
    # windows-874 reads nearly every byte as a Thai letter, and Thai has no capitals to check:
    # its letters count half, or any CJK page with little text in it would read as Thai
    return alphabetic + count(_THAI) / 2 + 2 * cjk - costs


def _penalties(text: str, classes: str) -> float:
    """What a decoding's characters cost side by side."""
    penalty: float = 2 * len(_SYMBOL_BY_LETTER.findall(classes))
    penalty += len(_UPPER_AFTER_LETTER.findall(classes)) + len(_UPPER_AFTER_LOWER.findall(classes))
    penalty += 2 * len(_MIXED_SCRIPTS.findall(classes))
    penalty += sum(len(run) - 3 for run in _LATIN_RUN.findall(classes))
    penalty += len(_HAN_BY_SPACE.findall(classes))
    penalty += len(_BAD_MARK.findall(classes))
    penalty += _uncased(classes)
    # a letter no alphabet of the others has costs more than a symbol: ¯ is not Ż
    penalty += 3 * _outside_alphabet(text, _LATIN, LATIN_ALPHABETS)
    penalty += 3 * _outside_alphabet(text, _CYRILLIC, CYRILLIC_ALPHABETS)
    return penalty


def _uncased(classes: str) -> float:
    """Cyrillic or Greek without a capital: Hebrew or Arabic read as one of them (sentences start with capitals)."""
    lower = classes.count(_CYRILLIC) + classes.count(_GREEK)
    upper = classes.count(_CYRILLIC_UPPER) + classes.count(_GREEK_UPPER)
    return lower / 2 if lower >= 50 and not upper else 0


def _outside_alphabet(text: str, script: str, alphabets: tuple[str, ...]) -> int:
    """How many of ``text``'s letters of one script (their class) the alphabet that has most of them lacks."""
    table = _class_table()
    counts = Counter(text.lower())
    letters = {char: n for char, n in counts.items() if ord(char) < 0x10000 and table[ord(char)] == script}
    if not letters:
        return 0
    return sum(letters.values()) - max(sum(letters.get(c, 0) for c in alphabet) for alphabet in alphabets)


# Where the classes are worked out character by character; elsewhere in the BMP, a block's
# class is set at once (ideographs, syllables, private use), or a letter of another script.
_CLASSIFIED_BLOCKS = (
    (0x0080, 0x06FF),  # Latin-1 to Arabic
    (0x0E00, 0x0E7F),  # Thai
    (0x1E00, 0x1EFF),  # Latin Extended Additional
    (0x2000, 0x2BFF),  # punctuation, symbols, box drawing
    (0x3000, 0x33FF),  # CJK symbols and punctuation, kana, compatibility jamo
    (0xFE30, 0xFFFF),  # CJK compatibility forms, full- and half-width forms, specials
)


@lru_cache(maxsize=1)
def _class_table() -> str:
    """Every BMP character's class, indexed by code point (made on first use: some 30 ms)."""
    table = bytearray(_FOREIGN.encode() * 0x10000)
    for code in range(0x80):
        table[code] = ord(_ascii_class(chr(code)))
    for low, high in _CLASSIFIED_BLOCKS:
        for code in range(low, high + 1):
            table[code] = ord(_other_class(chr(code), code))
    for low, high in ((0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF)):
        table[low : high + 1] = _HAN_RARE.encode() * (high + 1 - low)
    frequent_chinese, frequent_japanese, common_hangul = _frequent_sets()
    for char in frequent_chinese | frequent_japanese:
        if table[ord(char)] != ord(_HAN_RARE):
            continue  # not an ideograph (the rows of Big5 read hold some kana)
        japanese, chinese = char in frequent_japanese, char in frequent_chinese
        table[ord(char)] = ord(_HAN_BOTH if japanese and chinese else _HAN_JAPANESE if japanese else _HAN_CHINESE)
    table[0xAC00:0xD7A4] = _RARE_HANGUL.encode() * (0xD7A4 - 0xAC00)
    for char in common_hangul:
        table[ord(char)] = ord(_HANGUL)
    table[0xD800:0xF900] = _BAD.encode() * (0xF900 - 0xD800)  # surrogates, private use
    return table.decode("ascii")


@lru_cache(maxsize=1)
def _frequent_sets() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """Frequent ideographs of Chinese (GB 2312, Big5: first levels) and Japanese (JIS X 0208); KS X 1001's syllables."""
    chinese = _decoded_range("gb2312", range(0xB0, 0xD8)) | _decoded_range("big5", range(0xA4, 0xC7), big5=True)
    return chinese, _decoded_range("euc_jp", range(0xB0, 0xD0)), _decoded_range("euc_kr", range(0xB0, 0xC9))


def _ascii_class(char: str) -> str:
    if char.islower():
        return _ASCII_LOWER
    if char.isupper():
        return _ASCII_UPPER
    if char == " ":
        return _SPACE
    if char in "\t\n\r\f" or char.isprintable():
        return _OTHER_ASCII
    return _BAD


# Non-ASCII characters ordinary text uses besides letters.
_ORDINARY_PUNCTUATION = frozenset(
    "\u00a0\u00ab\u00bb\u00b7\u00a9\u00ae\u00b0\u20ac\u2013\u2014\u2018\u2019\u201a\u201c\u201d\u201e\u2022\u2026\u30fb\u060c\u061b\u061f"
)


def _other_class(char: str, code: int) -> str:
    category = unicodedata.category(char)
    if 0x3040 <= code <= 0x30FF and category[0] == "L" or code == 0x30FC:
        return _KANA
    if 0x0E01 <= code <= 0x0E4F and category[0] != "M":
        return _THAI
    if category in ("Cc", "Cn", "Co", "Cs") or code == 0xFFFD or 0xFF61 <= code <= 0xFF9F or 0x2500 <= code <= 0x259F:
        return _BAD
    if char in _ORDINARY_PUNCTUATION or 0x3000 <= code <= 0x303F or 0xFF01 <= code <= 0xFF5E:
        return _PUNCTUATION
    if category[0] == "M":
        return _MARK
    if category[0] != "L":
        return _SYMBOL
    if 0x00C0 <= code <= 0x024F or 0x1E00 <= code <= 0x1EFF:
        return _LATIN_UPPER if char.isupper() else _LATIN
    if 0x0400 <= code <= 0x04FF:
        return _CYRILLIC_UPPER if char.isupper() else _CYRILLIC
    if 0x0370 <= code <= 0x03FF:
        return _GREEK_UPPER if char.isupper() else _GREEK
    if 0x05D0 <= code <= 0x05F2:
        return _HEBREW
    if 0x0620 <= code <= 0x06FF:
        return _ARABIC
    return _FOREIGN


def _decoded_range(codec: str, leads: range, *, big5: bool = False) -> frozenset[str]:
    """The characters of a double-byte codec's rows ``leads`` (trail bytes 0xA1-0xFE; Big5's from 0x40 too)."""
    trails = [*range(0x40, 0x7F), *range(0xA1, 0xFF)] if big5 else range(0xA1, 0xFF)
    chars = set()
    for lead in leads:
        for trail in trails:
            try:
                chars.add(bytes((lead, trail)).decode(codec))
            except UnicodeDecodeError:
                pass
    return frozenset(chars)
