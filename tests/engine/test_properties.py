"""Property-based tests: random HTML trees, markup-ish text and raw bytes against the parse() contract.

The contract is the one of ``test_hostile``: an ``Article`` or ``None`` or a
``ReadabilityError``, never another exception; ``length == len(text_content)``;
``content`` parses as HTML, with our parser and with an HTML5 parser; with
``sanitize=True`` nothing executable is left in it and an HTML5 parser reads
back exactly its text (same characters, whitespace aside). Example counts are
kept small so the module runs in seconds.
"""

from __future__ import annotations

import os
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scrapy_readability import Article, Readability, ReadabilityError, is_probably_readable
from scrapy_readability.engine.html.parsing import parse_html
from scrapy_readability.engine.port.constants import REGEXPS
from testkit.xss_vectors import executable_constructs

html5lib = pytest.importorskip("html5lib")

# HOSTILE_EXAMPLES=2000 makes a longer hunt.
SETTINGS = settings(
    max_examples=int(os.environ.get("HOSTILE_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# --- Strategies ----------------------------------------------------------------------

TAGS = (
    "div p span a img table tr td th tbody thead ul ol li h1 h2 h3 pre code br hr section article "
    "aside header footer nav main form input button select option textarea iframe script style "
    "noscript template svg math mi path font b i em strong figure figcaption picture source video "
    "blockquote embed object title meta link base xmp plaintext noembed details summary center "
    "x-widget my:tag"
).split()
VOID = {"img", "br", "hr", "input", "source", "embed", "meta", "link", "base"}
WORDS = (
    "article content body main entry post text story comment sidebar share footer byline author "
    "hidden ad banner menu related caption page-1 readability"
).split()
URLS = [
    "https://a.example/x",
    "/rel/path",
    "rel",
    "#frag",
    "?q=1",
    "//cdn.example/i.png",
    "javascript:alert(1)",
    " JaVa\tScRiPt:x",
    "data:text/html,<script>alert(1)</script>",
    "data:image/png;base64,iVBOR",
    "http://[::1",
    "http://bücher.example/ä",
    "mailto:a@b.example",
    "vbscript:x",
    "",
    "http://%zz/",
    "https://www.youtube.com/embed/x",
    "https://evil.example/?//www.youtube.com/",
]
attribute = st.one_of(
    st.tuples(st.sampled_from(["class", "id"]), st.lists(st.sampled_from(WORDS), max_size=3).map(" ".join)),
    st.tuples(
        st.sampled_from(["href", "src", "srcset", "poster", "xlink:href", "action", "formaction"]),
        st.sampled_from(URLS),
    ),
    st.tuples(
        st.sampled_from(["style"]),
        st.sampled_from(["display:none", "visibility: hidden", "color:red", "background:url(javascript:x)"]),
    ),
    st.tuples(
        st.sampled_from(["hidden", "aria-hidden", "role", "dir", "lang", "itemprop", "rel"]),
        st.sampled_from(["", "true", "dialog", "menu", "rtl", "en", "author", "name"]),
    ),
    st.tuples(
        st.sampled_from(["onclick", "onerror", "onload", "srcdoc", "data-x", "weird:attr"]), st.text(max_size=20)
    ),
)
text = st.one_of(
    st.text(max_size=120),
    st.sampled_from(
        [
            "The quick brown fox, which was quick, jumped over the lazy dog again and again. " * 3,
            "A sentence, with commas, and more words, than most. ",
            "&amp; &lt;b&gt; &#0; &#x110000; &nbsp; &bogus;",
            "\u00a0\u2003 \n\t",
            "日本語のテキスト、そして句読点。",
        ]
    ),
)


def _escape(value: str) -> str:
    return value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")


@st.composite
def element(draw, children):
    tag = draw(st.sampled_from(TAGS))
    attrs = draw(st.lists(attribute, max_size=4))
    rendered = "".join(f' {name}="{_escape(value)}"' for name, value in attrs)
    if tag in VOID:
        return f"<{tag}{rendered}>"
    inner = "".join(draw(st.lists(children, max_size=5)))
    close = draw(st.booleans()) or draw(st.booleans())  # mostly closed, sometimes left open
    return f"<{tag}{rendered}>{inner}" + (f"</{tag}>" if close else "")


trees = st.recursive(text.map(_escape), lambda children: element(children), max_leaves=40)


@st.composite
def documents(draw):
    head = draw(st.sampled_from(["", "<title>A title: with parts | Site</title>", "<meta charset='utf-8'>"]))
    body = "".join(draw(st.lists(trees, min_size=1, max_size=6)))
    wrap = draw(st.sampled_from(["full", "body", "fragment"]))
    if wrap == "full":
        return f"<!DOCTYPE html><html><head>{head}</head><body>{body}</body></html>"
    if wrap == "body":
        return f"<body>{body}"
    return body


_SOUP_TOKENS = list("<>/=\"' abdivpscript&;#x0123\x00\n") + [
    "<p>",
    "</p>",
    "<div>",
    "</div>",
    "<a href=",
    "<table>",
    "<td>",
    "<tr>",
    "<!--",
    "-->",
    "<![CDATA[",
    "]]>",
    "<svg>",
    "<math>",
    "<script>",
    "</script>",
    "<style>",
    "<br>",
    "<body>",
    "<html>",
    "<head>",
    "<title>",
    "<noscript>",
    "<iframe>",
    "<template>",
    "<select>",
    "&#",
    "<?xml",
    "<!DOCTYPE html>",
]
markupish = st.lists(st.sampled_from(_SOUP_TOKENS), max_size=120).map("".join)

# --- The contract --------------------------------------------------------------------------

_WS = re.compile(r"\s+")


def contract(html: str | bytes, url: str | None = "https://a.example/dir/page.html", **kwargs) -> list[Article]:
    articles = []
    for sanitize in (False, True):
        try:
            article = Readability(html, url, sanitize=sanitize, **kwargs).parse()
        except ReadabilityError as error:
            assert str(error)
            continue
        if article is None:
            continue
        assert isinstance(article, Article)
        # textContent.length: UTF-16 units, as JavaScript counts
        assert article.length == len(article.text_content.encode("utf-16-le", "surrogatepass")) // 2
        for name in ("title", "byline", "dir", "lang", "excerpt", "site_name", "published_time"):
            assert getattr(article, name) is None or isinstance(getattr(article, name), str)
        # content re-parses as HTML, with libxml2 and with an HTML5 parser
        assert parse_html(article.content) is not None
        fragment = html5lib.parseFragment(article.content, container="div", treebuilder="etree")
        if sanitize:
            assert executable_constructs(article.content, REGEXPS.videos) == [], article.content
            reread = "".join(fragment.itertext())
            assert Counter(_WS.sub("", reread)) == Counter(_WS.sub("", article.text_content)), article.content
        articles.append(article)
    assert is_probably_readable(html) in (True, False)
    return articles


@SETTINGS
@given(documents())
def test_random_html_trees(html: str) -> None:
    contract(html)


@SETTINGS
@given(documents(), st.sampled_from(["utf-8", "utf-16", "cp1251", "shift_jis", "latin-1"]))
def test_random_html_trees_as_bytes(html: str, encoding: str) -> None:
    contract(html.encode(encoding, "replace"))


@SETTINGS
@given(markupish)
def test_random_markup_soup(html: str) -> None:
    contract(html)


@SETTINGS
@given(st.binary(max_size=3000))
def test_random_bytes(data: bytes) -> None:
    contract(data)


@SETTINGS
@given(st.text(max_size=500))
def test_random_text(data: str) -> None:
    contract(data, url=None)


@SETTINGS
@given(
    documents(),
    st.sampled_from([None, "", "not a url", "http://[::1", "javascript:x", "https://bücher.example/ä?q=%zz"]),
)
def test_random_page_urls(html: str, url: str | None) -> None:
    contract(html, url=url)
