"""urls: WHATWG URL resolution (new URL(url, base).href), the pre-processing, the scheme and safe-URL tests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scrapy_readability.engine.html.urls import (
    ABOUT_BLANK,
    InvalidURL,
    is_absolute_url,
    resolve,
    url_scheme,
    url_string,
)

PAGE = "http://fakehost/test/page.html"
WPT = [
    case
    for case in json.loads((Path(__file__).parents[1] / "wpt" / "urltestdata.json").read_text())
    if isinstance(case, dict)
]


@pytest.mark.parametrize("case", WPT, ids=range(len(WPT)))
def test_web_platform_tests(case):
    """Every case of web-platform-tests' urltestdata.json: the href, or a failure."""
    if case.get("failure"):
        with pytest.raises(InvalidURL):
            resolve(case["input"], case["base"])
    else:
        assert resolve(case["input"], case["base"]) == case["href"]


@pytest.mark.parametrize(
    "url, expected",
    [
        # Where Python's urljoin and the old resolver differed from the standard.
        ("a//b", "http://fakehost/test/a//b"),
        ("http://h/x/./a//b/../c", "http://h/x/a//c"),
        ('/p"q<r>s`t{u}v|w^x', "http://fakehost/p%22q%3Cr%3Es%60t%7Bu%7Dv|w%5Ex"),
        ("http://0x7f.1/", "http://127.0.0.1/"),
        ("http://1.2.3/", "http://1.2.0.3/"),
        ("http://[::1]:8080/", "http://[::1]:8080/"),
        ("http://%41.com/", "http://a.com/"),
        # And where they agreed with it.
        ("foo/bar.png", "http://fakehost/test/foo/bar.png"),
        ("../../../../x", "http://fakehost/x"),
        ("//cdn.example/x.png", "http://cdn.example/x.png"),
        ("?q=1", "http://fakehost/test/page.html?q=1"),
        ("#frag", "http://fakehost/test/page.html#frag"),
        ("  spaced.png\n", "http://fakehost/test/spaced.png"),
        (" \x01/x\x1f ", "http://fakehost/x"),
        ("a\tb\nc", "http://fakehost/test/abc"),
        ("a\\b.png", "http://fakehost/test/a/b.png"),
        ("\\\\other.example\\x", "http://other.example/x"),
        ("http:foo.png", "http://fakehost/test/foo.png"),
        ("HTTP://EXAMPLE.com:080/a/./b/../c", "http://example.com/a/c"),
        ("https://EXAMPLE.com:443/", "https://example.com/"),
        ("HTTPS://Bücher.example/", "https://xn--bcher-kva.example/"),
        ("/sp ace?q r#f g", "http://fakehost/sp%20ace?q%20r#f%20g"),
        ("https://example.com/ü?ä#ö", "https://example.com/%C3%BC?%C3%A4#%C3%B6"),
        ("?a='b'", "http://fakehost/test/page.html?a=%27b%27"),
        ("/a/%2e%2E/b", "http://fakehost/b"),
        ("http://user:pa ss@host.example:8080/x", "http://user:pa%20ss@host.example:8080/x"),
        ("mailto:me@example.com", "mailto:me@example.com"),
        ("data:image/png;base64,AAA", "data:image/png;base64,AAA"),
        ("file:///c|/x", "file:///c:/x"),
    ],
)
def test_resolve(url, expected):
    assert resolve(url, PAGE) == expected


@pytest.mark.parametrize("url", ["http://[bad", "//", "http://h:65536/", "http://ex ample.com/", "https://a b/"])
def test_resolve_raises_where_new_url_throws(url):
    with pytest.raises(InvalidURL):
        resolve(url, PAGE)


def test_a_relative_url_has_no_meaning_against_about_blank():
    with pytest.raises(InvalidURL):
        resolve("relative.png", ABOUT_BLANK)
    assert resolve("#x", ABOUT_BLANK) == "about:blank#x"


def test_resolve_without_a_base_needs_an_absolute_url():
    assert resolve(" HTTP://Example.com ") == "http://example.com/"
    with pytest.raises(InvalidURL):
        resolve("/x")


@pytest.mark.parametrize(
    "text, absolute",
    [
        ("https://example.com/author", True),
        ("  http://x\n", True),
        ("mailto:me@example.com", True),
        ("urn:isbn:123", True),
        ("Jane Doe", False),
        ("/authors/jane", False),
        ("http://", False),
        ("http://?x", False),
        ("http://[bad", False),
    ],
)
def test_is_absolute_url(text, absolute):
    assert is_absolute_url(text) is absolute


def test_url_string_and_scheme():
    assert url_string(" \x00\tjava\nscript:alert(1)\r\x1f ") == "javascript:alert(1)"
    assert url_string("a b") == "a b"  # inner spaces stay: the parser encodes them
    assert url_scheme("JavaScript:alert(1)") == "javascript"
    assert url_scheme("data:image/png,") == "data"
    assert url_scheme("/a:b") is None
    assert url_scheme("1http:x") is None
