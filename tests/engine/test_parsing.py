"""parsing: decoding str/bytes into an lxml document, and lxml documents passed through."""

from __future__ import annotations

import lxml.html
import pytest
from lxml import etree

from scrapy_readability.engine.errors import InputError, ReadabilityError
from scrapy_readability.engine.parsing import decode_html, parse_html


def body_html(root) -> str:
    body = root.find("body")
    return etree.tostring(body, encoding=str, with_tail=False)


def test_str_is_wrapped_in_html_and_body():
    root = parse_html("<p>a</p>")
    assert root.tag == "html"
    assert body_html(root) == "<body><p>a</p></body>"


@pytest.mark.parametrize("empty", ["", b"", "   \n", b"\t "])
def test_empty_input_gives_an_empty_document(empty):
    root = parse_html(empty)
    assert etree.tostring(root, encoding=str) == "<html><head/><body/></html>"


def test_utf8_bom_wins():
    root = parse_html(b"\xef\xbb\xbf<p>\xc3\xa9t\xc3\xa9</p>")
    assert root.findtext(".//p") == "été"


def test_utf16_bom():
    root = parse_html("<p>été</p>".encode("utf-16"))
    assert root.findtext(".//p") == "été"


def test_meta_charset():
    root = parse_html(b'<meta charset="iso-8859-1"><p>caf\xe9</p>')
    assert root.findtext(".//p") == "café"


def test_meta_http_equiv_charset():
    html = b'<meta http-equiv="Content-Type" content="text/html; charset=windows-1251"><p>\xcf\xf0\xe8</p>'
    assert parse_html(html).findtext(".//p") == "При"


def test_content_type_header_charset():
    assert parse_html(b"<p>caf\xe9</p>", "text/html; charset=latin-1").findtext(".//p") == "café"


def test_bytes_default_to_utf8_with_replacement():
    assert parse_html(b"<p>\xc3\xa9\xff</p>").findtext(".//p") == "é\ufffd"
    assert decode_html(b"\xc3\xa9") == "é"


def test_bytearray_and_memoryview_accepted():
    assert parse_html(bytearray(b"<p>x</p>")).findtext(".//p") == "x"
    assert parse_html(memoryview(b"<p>y</p>")).findtext(".//p") == "y"


def test_what_lxml_cannot_hold_is_scrubbed():
    root = parse_html("<p title='t\x00\x01'>a\x00b\x01c\x0cd\ufffee\tf&#1;g&#12;h\n</p>")
    p = root.find(".//p")
    assert p.text == "ab" + "c de\tfg h\n"  # HTML5 drops NUL in text; controls go, form feed is a space
    assert p.get("title") == "t\ufffd"  # and makes it U+FFFD in attributes


def test_xml_declaration_is_dropped():
    root = parse_html('<?xml version="1.0" encoding="utf-8"?>\n<html><body><p>x</p></body></html>')
    assert body_html(root) == "<body><p>x</p></body>"


def test_comments_are_dropped():
    root = parse_html("<body><p>a<!-- hidden -->b</p></body>")
    assert body_html(root) == "<body><p>ab</p></body>"


def test_late_body_attributes_are_merged():
    root = parse_html('<div>x</div><body class="late" dir="rtl"><p>y</p></body>')
    assert root.find("body").get("dir") == "rtl"
    assert root.find("body").get("class") == "late"


def test_lxml_element_passes_through_as_its_root():
    doc = lxml.html.document_fromstring("<html><body><p id='a'>x</p></body></html>")
    assert parse_html(doc) is doc
    p = doc.find(".//p")
    assert parse_html(p) is doc  # any element gives its document's root


def test_lxml_element_tree_passes_through():
    tree = etree.ElementTree(etree.fromstring("<html><body><p>x</p></body></html>", etree.HTMLParser()))
    assert parse_html(tree) is tree.getroot()


@pytest.mark.parametrize("bad", [None, 42, ["<p>"], object()])
def test_wrong_types_raise_input_error(bad):
    with pytest.raises(InputError, match="expected str, bytes or an lxml document"):
        parse_html(bad)
    assert issubclass(InputError, ReadabilityError)


@pytest.mark.parametrize("tag", ["embed", "wbr", "source", "track"])
def test_html5_void_elements_take_no_content(tag):
    root = parse_html(f"<div><{tag} src=x>after<p>para</p></div>")
    el = root.find(f".//{tag}")
    assert len(el) == 0 and el.text is None
    assert el.tail == "after"


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_utf16_without_bom_is_sniffed(codec):
    page = "<html><head><meta charset='utf-16'></head><body><p>Grüße aus Köln, zum Beispiel.</p></body></html>"
    root = parse_html(page.encode(codec))
    assert root.find(".//p").text == "Grüße aus Köln, zum Beispiel."


@pytest.mark.parametrize(
    "body, kind",
    [
        (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj", "a PDF document"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "a PNG image"),
        (b"\x1f\x8b\x08\x00\x00\x00\x00\x00", "gzip-compressed data"),
        (bytes(range(256)) * 4, "binary data"),
    ],
)
def test_plainly_binary_bodies_are_refused_with_what_they_look_like(body, kind):
    with pytest.raises(InputError, match=f"not HTML: the body looks like {kind}"):
        parse_html(body)


def test_text_bodies_are_not_taken_for_binary():
    for body in (b"<p>plain</p>", "<p>Grüße</p>".encode("utf-16"), "<p>日本語</p>".encode("shift_jis"), b""):
        parse_html(body)
