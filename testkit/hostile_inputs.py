"""Generators of hostile inputs for the engine, shared by the tests and ``benchmarks/hostile.py``.

Each case is a function of ``scale`` (1.0 = the full-size case of the issue)
returning ``str`` or ``bytes``. The unit tests run the big ones scaled down
(``UNIT_SCALE``); the benchmark runs them at full size, one subprocess each,
and reports time and peak memory. Nothing here is stored as a fixture.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field

SENTENCE = (
    "The committee published its findings on Thursday, and the report, which runs to "
    "two hundred pages, has already drawn comment from all sides. "
)
PARAGRAPH = f"<p>{SENTENCE * 3}</p>"
ARTICLE_BODY = PARAGRAPH * 6


def page(body: str = ARTICLE_BODY, head: str = "", *, title: str = "Committee findings published - The Daily") -> str:
    return (
        f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{title}</title>{head}</head>"
        f"<body><div id='nav'><a href='/'>Home</a></div><article>{body}</article>"
        "<div class='footer'>Footer</div></body></html>"
    )


@dataclass(frozen=True)
class Case:
    name: str
    group: str
    make: Callable[[float], str | bytes]
    # Full size is slow or big: the unit test runs it at UNIT_SCALE instead.
    big: bool = False
    url: str | None = "https://news.example/2024/05/findings.html"
    # Text that must appear in text_content when an article comes back.
    expect_text: tuple[str, ...] = ()
    # An article is required (not None) for this case.
    expect_article: bool = False
    kwargs: dict = field(default_factory=dict)


UNIT_SCALE = 0.05
CASES: list[Case] = []


def case(group: str, **options) -> Callable[[Callable[[float], str | bytes]], Callable[[float], str | bytes]]:
    def register(make: Callable[[float], str | bytes]) -> Callable[[float], str | bytes]:
        CASES.append(Case(make.__name__, group, make, **options))
        return make

    return register


def n(count: int, scale: float, minimum: int = 1) -> int:
    return max(minimum, int(count * scale))


# --- Bad input ------------------------------------------------------------------


@case("bad-input")
def empty_string(scale: float) -> str:
    return ""


@case("bad-input")
def empty_bytes(scale: float) -> bytes:
    return b""


@case("bad-input")
def whitespace_only(scale: float) -> str:
    return " \t\r\n\f\u00a0\u2003 \n"


@case("bad-input", expect_text=("lonely",))
def lone_text_node(scale: float) -> str:
    return "just a lonely text node"


@case("bad-input")
def html_element_only(scale: float) -> str:
    return "<html></html>"


@case("bad-input")
def doctype_only(scale: float) -> str:
    return "<!DOCTYPE html>"


@case("bad-input")
def comment_only(scale: float) -> str:
    return "<!-- nothing but a comment -->"


@case("bad-input")
def no_body(scale: float) -> str:
    return "<html><head><title>Headless</title><meta name='description' content='d'></head></html>"


@case("bad-input", expect_article=True, expect_text=("committee published",))
def fragment_without_html(scale: float) -> str:
    return ARTICLE_BODY


@case("bad-input", expect_article=True, expect_text=("committee published",))
def body_without_html(scale: float) -> str:
    return f"<body class='x'>{ARTICLE_BODY}</body>"


@case("bad-input")
def frameset_page(scale: float) -> str:
    return "<html><frameset><frame src='a.html'><noframes>" + ARTICLE_BODY + "</noframes></frameset></html>"


# --- Not HTML at all -------------------------------------------------------------


@case("not-html")
def pdf_bytes(scale: float) -> bytes:
    stream = zlib.compress(SENTENCE.encode() * 20)
    return (
        b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n"
        b"4 0 obj\n<< /Length "
        + str(len(stream)).encode()
        + b" /Filter /FlateDecode >>\nstream\n"
        + stream
        + b"\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"
    )


@case("not-html")
def png_bytes(scale: float) -> bytes:
    raw = zlib.compress(bytes(range(256)) * 8)
    return (
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06\x00\x00\x00"
        + raw
        + b"IEND\xaeB`\x82"
    )


@case("not-html")
def gzip_bytes(scale: float) -> bytes:
    return b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03" + zlib.compress(page().encode())


@case("not-html")
def json_body(scale: float) -> str:
    return json.dumps({"title": "<b>not html</b>", "items": [{"html": PARAGRAPH}] * 5, "n": None})


@case("not-html")
def xml_with_namespaces(scale: float) -> str:
    return (
        '<?xml version="1.0" encoding="ISO-8859-1"?>\n'
        '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" '
        'xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom">'
        "<channel><title>Feed</title><atom:link href='https://news.example/feed' rel='self'/>"
        "<item><title>One</title><dc:creator>Jo Bloggs</dc:creator>"
        f"<content:encoded><![CDATA[{ARTICLE_BODY}]]></content:encoded>"
        f"<description>{SENTENCE * 4}</description></item></channel></rss>"
    )


@case("not-html", expect_text=("committee published",))
def xhtml_with_namespaces(scale: float) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<html xmlns="http://www.w3.org/1999/xhtml" xmlns:svg="http://www.w3.org/2000/svg" '
        'xmlns:og="http://ogp.me/ns#" xml:lang="en"><head><title>X</title>'
        '<meta property="og:title" content="Namespaced"/></head>'
        f"<body><article>{ARTICLE_BODY}<svg:svg><svg:circle r='3'/></svg:svg></article></body></html>"
    )


@case("not-html", expect_article=True, expect_text=("The committee published",))
def nul_byte_in_text(scale: float) -> str:
    body = ARTICLE_BODY.replace("committee", "comm\x00ittee", 1)
    return page(body)


@case("not-html", expect_article=True)
def nul_byte_in_bytes(scale: float) -> bytes:
    return page(ARTICLE_BODY.replace("report", "rep\x00ort", 1)).encode()


@case("not-html")
def control_characters(scale: float) -> str:
    return page("".join(chr(c) for c in range(32)) + ARTICLE_BODY + "\ufffe\uffff\ud800\udfff")


@case("not-html", expect_article=True)
def control_character_references(scale: float) -> str:
    # libxml2 decodes these into characters an lxml tree cannot hold (found by hypothesis: "&#1").
    refs = "&#1;&#x1F;&#0;&#xD800;&#xFFFE;&#12;&#x0B;&#0000008&#x110000;"
    body = ARTICLE_BODY.replace("<p>", f"<p title='{refs}'>{refs}", 2)
    return page(f"<div>{refs}<br><br>{body}</div>{refs}")


@case("not-html")
def control_character_reference_alone(scale: float) -> str:
    return "&#1"


@case("not-html")
def random_binary(scale: float) -> bytes:
    import random

    rng = random.Random(4)
    return bytes(rng.randrange(256) for _ in range(n(200_000, scale, 5_000)))


# --- Encodings -------------------------------------------------------------------


@case("encoding", expect_article=True, expect_text=("committee published",))
def invalid_utf8(scale: float) -> bytes:
    body = page(ARTICLE_BODY.replace("drawn", "dr\xc3\x28wn", 1)).replace("<meta charset='utf-8'>", "")
    raw = body.encode("utf-8", "surrogateescape")
    return raw.replace(b"report", b"rep\xff\xfe\xc3ort").replace(b"Thursday", b"Thurs\xed\xa0\x80day")


@case("encoding", expect_article=True, expect_text=("committee published",))
def meta_charset_lies(scale: float) -> bytes:
    # Declared UTF-8, written in latin-1: the accented letters are not valid UTF-8.
    return page(ARTICLE_BODY.replace("report", "rapport \xe9t\xe9")).encode("latin-1")


@case("encoding", expect_article=True)
def meta_charset_unknown(scale: float) -> bytes:
    return page(ARTICLE_BODY).replace("charset='utf-8'", "charset='x-no-such-charset'").encode()


@case("encoding", expect_article=True, expect_text=("Zażółć gęślą jaźń",))
def utf16_le_with_bom(scale: float) -> bytes:
    return page(ARTICLE_BODY.replace("report", "report Zażółć gęślą jaźń", 1)).encode("utf-16")


@case("encoding", expect_article=True, expect_text=("Zażółć gęślą jaźń",))
def utf16_be_with_bom_meta_says_utf8(scale: float) -> bytes:
    return b"\xfe\xff" + page(ARTICLE_BODY.replace("report", "report Zażółć gęślą jaźń", 1)).encode("utf-16-be")


@case("encoding", expect_article=True, expect_text=("Комитет опубликовал",))
def utf8_bom_meta_says_latin1(scale: float) -> bytes:
    html = page(
        "<p>" + "Комитет опубликовал свои выводы в четверг, и доклад вызвал споры. " * 8 + "</p>" + ARTICLE_BODY
    )
    return b"\xef\xbb\xbf" + html.replace("charset='utf-8'", "charset='iso-8859-1'").encode()


_RU = "Комитет опубликовал свои выводы в четверг, и доклад, занимающий двести страниц, уже вызвал споры. "
_JA = "委員会は木曜日に調査結果を発表し、二百ページに及ぶ報告書にはすでに各方面から意見が寄せられている。"


@case("encoding", expect_article=True, expect_text=("Комитет опубликовал свои выводы", "Выводы комитета"))
def windows_1251_meta_only(scale: float) -> bytes:
    html = page(
        ("<p>" + _RU * 3 + "</p>") * 6,
        title="Выводы комитета опубликованы",
    ).replace("<meta charset='utf-8'>", "<meta http-equiv='Content-Type' content='text/html; charset=windows-1251'>")
    return html.encode("cp1251")


@case("encoding", expect_article=True, expect_text=("委員会は木曜日に調査結果を発表し", "調査結果"))
def shift_jis_meta_only(scale: float) -> bytes:
    html = page(("<p>" + _JA * 3 + "</p>") * 6, title="委員会の調査結果").replace(
        "<meta charset='utf-8'>", "<meta charset='Shift_JIS'>"
    )
    return html.encode("shift_jis")


@case("encoding", expect_article=True, expect_text=("委員会は木曜日に調査結果を発表し",))
def shift_jis_meta_late(scale: float) -> bytes:
    # The declaration comes after 1,000 bytes of comment: browsers look at the first 1,024.
    html = page(("<p>" + _JA * 3 + "</p>") * 6).replace(
        "<meta charset='utf-8'>", "<!--" + "x" * 1000 + "--><meta charset='shift_jis'>"
    )
    return html.encode("shift_jis")


# --- Structure ---------------------------------------------------------------------


@case("structure", expect_article=True, expect_text=("Before the nest.",))
def nested_divs_50000(scale: float) -> str:
    # Not scaled: it is cheap, and the depth is the point. libxml2 stops at depth 2,047.
    depth = 50_000
    return page("<p>Before the nest. " + SENTENCE * 3 + "</p>" + "<div>" * depth + ARTICLE_BODY + "</div>" * depth)


@case("structure", expect_article=True)
def nested_divs_2000(scale: float) -> str:
    return page("<div>" * 2000 + ARTICLE_BODY + "</div>" * 2000)


@case("structure", big=True, expect_article=True)
def sibling_paragraphs_200000(scale: float) -> str:
    count = n(200_000, scale, 100)
    return page("".join(f"<p>{i}: {SENTENCE}</p>" for i in range(count)))


@case("structure", big=True, expect_article=True)
def comments_between_words_100000(scale: float) -> str:
    # Every comment's text joins the same string, as one text node more (parsing.remove_comments).
    count = n(100_000, scale, 100)
    return page(ARTICLE_BODY + "<div>" + "".join(f"w{i} <!--c-->" for i in range(count)) + "</div>")


@case("structure", big=True, expect_article=True)
def page_20mb(scale: float) -> str:
    unit = (
        "<div class='post'><h2>Heading of a section</h2>"
        + PARAGRAPH * 4
        + "<ul><li><a href='/a'>a link</a></li><li><a href='/b'>another</a></li></ul>"
        + "<img src='/i.png' alt='pic'><table><tr><td>cell</td><td>cell</td></tr></table></div>\n"
    )
    return page(unit * max(1, int(20_000_000 * scale) // len(unit)))


@case("structure", big=True, expect_article=True)
def text_node_5mb(scale: float) -> str:
    words = "word, " * (int(5_000_000 * scale) // 6)
    return page(f"<p>{words}</p>")


@case("structure", big=True, expect_article=True)
def attributes_10000(scale: float) -> str:
    # Scaled in the unit test only because html5lib, which checks the output, is slow on them.
    attributes = " ".join(f'data-a{i}="{i}"' for i in range(n(10_000, scale, 1000)))
    return page(f"<div {attributes} onclick='x()'>{ARTICLE_BODY}</div>")


@case("structure", big=True, expect_article=True)
def huge_class_value(scale: float) -> str:
    classes = " ".join(f"c{i}" for i in range(n(1_000_000, scale, 1000)))
    return page(f"<div class='{classes} comment sidebar'>{ARTICLE_BODY}</div>")


@case("structure", big=True, expect_article=True)
def huge_attribute_value(scale: float) -> str:
    return page(f"<div title='{'x' * n(5_000_000, scale, 1000)}'>{ARTICLE_BODY}</div>")


@case("structure", big=True)
def unclosed_tags_everywhere(scale: float) -> str:
    soup = "<div><p><span><b><i><u><a href='/x'><em><strong><section><ul><li><font>"
    return "<html><body>" + (soup + SENTENCE) * n(300, scale, 60)


@case("structure")
def unclosed_inline_10000(scale: float) -> str:
    return page("<b><i>" * 5000 + ARTICLE_BODY)


@case("structure")
def table_soup(scale: float) -> str:
    soup = (
        "<table><tr><td>" + SENTENCE + "<table><td><tr><th>x<caption>c</caption>"
        "<tbody><td><p>" + SENTENCE + "</table></td><col><colgroup><tr><div>loose</div>"
    )
    return page(soup * 200 + "</table>" * 10)


@case("structure")
def nested_tables_1000(scale: float) -> str:
    return page("<table><tr><td>" * 1000 + ARTICLE_BODY + "</td></tr></table>" * 1000)


@case("structure")
def nested_headings(scale: float) -> str:
    return page("<h1>a<h2>b<h3>c" * 1000 + ARTICLE_BODY)


@case("structure")
def nested_lists_and_quotes(scale: float) -> str:
    return page("<ul><li><blockquote><ol><li>" * 400 + ARTICLE_BODY)


@case("structure", big=True)
def br_chains(scale: float) -> str:
    return page("<div>" + (SENTENCE + "<br><br>") * n(100_000, scale, 500) + "</div>")


@case("structure", big=True)
def many_void_elements(scale: float) -> str:
    # libxml2 does not know these are void: each one nests what follows, to its depth limit.
    return page("<embed><wbr><source><track><keygen>" * n(2000, scale, 100) + ARTICLE_BODY)


@case("structure", big=True, expect_article=True)
def many_links(scale: float) -> str:
    return page(ARTICLE_BODY + "<div>" + "<a href='/x'>link</a> " * n(200_000, scale, 1000) + "</div>")


@case("structure")
def script_and_style_only(scale: float) -> str:
    return "<html><body>" + "<script>var x = '</p>';</script><style>p{}</style>" * 1000 + "</body></html>"


# --- Metadata ------------------------------------------------------------------------


def _with_json_ld(*scripts: str) -> str:
    head = "".join(f'<script type="application/ld+json">{s}</script>' for s in scripts)
    return page(head=head)


@case("metadata", expect_article=True)
def json_ld_malformed(scale: float) -> str:
    return _with_json_ld(
        '{"@context": "https://schema.org", "@type": "Article", "name": ',
        "{'single': 'quotes'}",
        '{"@context": "https://schema.org", "@type": "NewsArticle", "headline": "x"}}}',
        "<!-- not json -->",
        "",
        "NaN",
        '"just a string"',
    )


@case("metadata", big=True, expect_article=True)
def json_ld_enormous(scale: float) -> str:
    huge = json.dumps(
        {
            "@context": "https://schema.org",
            "@type": "NewsArticle",
            "headline": "Enormous",
            "articleBody": "word " * n(1_000_000, scale, 1000),
            "author": [{"@type": "Person", "name": f"Author {i}"} for i in range(n(10_000, scale, 10))],
        }
    )
    return _with_json_ld(huge)


@case("metadata", expect_article=True)
def json_ld_deeply_nested(scale: float) -> str:
    return _with_json_ld("[" * 100_000 + "]" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000)


@case("metadata", expect_article=True)
def json_ld_list(scale: float) -> str:
    return _with_json_ld(
        json.dumps([None, {"@context": "https://schema.org", "@type": "Article", "name": "Skipped: null first"}]),
        json.dumps(
            [
                1,
                "x",
                [],
                {"@type": "WebSite"},
                {
                    "@context": "https://schema.org",
                    "@type": "Article",
                    "name": "From a list",
                    "author": {"name": "Ann"},
                },
            ]
        ),
    )


@case("metadata", expect_article=True)
def json_ld_graph(scale: float) -> str:
    return _with_json_ld(
        json.dumps(
            {
                "@context": "https://schema.org",
                "@graph": [
                    {"@type": "WebPage", "name": "page"},
                    {"@type": "NewsArticle", "headline": "From the graph", "datePublished": "2024-05-01"},
                ],
            }
        ),
        json.dumps({"@context": "https://schema.org", "@graph": [None, 3, {"@type": 5}]}),
        json.dumps({"@context": "https://schema.org", "@graph": "not a list", "@type": None}),
    )


@case("metadata", expect_article=True)
def json_ld_wrong_types(scale: float) -> str:
    return _with_json_ld(
        json.dumps({"@context": None, "@type": "Article", "name": "n"}),
        json.dumps({"@context": 5, "@type": "Article"}),
        json.dumps({"@context": ["https://schema.org"], "@type": "Article"}),
        json.dumps({"@context": {"@vocab": 7}, "@type": "Article"}),
        json.dumps({"@context": "https://schema.org", "@type": ["Article", "NewsArticle"], "name": "t"}),
        json.dumps(
            {
                "@context": "https://schema.org",
                "@type": "Article",
                "name": {"@value": "dict"},
                "headline": ["list"],
                "author": [None, 5, "str", {"name": 7}, {"name": "Real Name"}],
                "description": 12,
                "publisher": "just a string",
                "datePublished": {"y": 2024},
            }
        ),
        json.dumps({"@context": "https://schema.org", "@type": "Article", "author": {"name": None}, "publisher": []}),
        json.dumps({"@context": "https://schema.org", "@type": "Article", "name": True, "headline": 1.5e308}),
    )


@case("metadata", expect_article=True)
def meta_tags_empty_or_missing(scale: float) -> str:
    head = (
        '<meta property="og:title" content=""><meta name="author"><meta content="orphan">'
        '<meta property="" content="x"><meta name="" content="y"><meta name="description" content="   ">'
        '<meta property="article:author" content="https://x.example/">'
        '<meta property="og:site_name" content="&amp;&#0;&#xD800;&#99999999;&bogus;">'
        '<meta name="twitter:title" content="' + "t" * 100_000 + '">'
        '<meta property="   og  :  title  " content="spaced">'
        "<title></title><title>second</title>"
    )
    return page(head=head)


@case("metadata", big=True, expect_article=True)
def meta_property_blank_run(scale: float) -> str:
    # A leading \s* in the property regex once made this quadratic.
    blanks = " " * n(100_000, scale, 2000)
    return page(head=f'<meta property="{blanks}x" content="c"><meta property="og{blanks}" content="d">')


@case("structure", big=True, expect_article=True)
def style_blank_run(scale: float) -> str:
    blanks = " " * n(100_000, scale, 2000)
    return page(f'<div style="display{blanks}:{blanks}block{blanks}!{blanks}importan">{ARTICLE_BODY}</div>')


@case("structure", big=True, expect_article=True)
def style_word_run(scale: float) -> str:
    # One long "word" and no colon: the declaration regex retries it from every position.
    return page(f'<div style="{"a" * n(100_000, scale, 2000)}">{ARTICLE_BODY}</div>')


@case("structure", big=True, expect_article=True)
def lazy_image_extension_run(scale: float) -> str:
    # A lazy-image attribute of ".jpg" repeated and no match at the end: the lazy-src regex backtracks.
    value = ".jpg" * n(25_000, scale, 500) + " x"
    return page(ARTICLE_BODY.replace("<p>", f'<p><img data-lazy="{value}">', 1))


@case("metadata", expect_article=True)
def title_pathologies(scale: float) -> str:
    title = " | ".join(["x"] * 5000) + ": " + "word " * 5000
    return page(title=title)


# --- URLs ----------------------------------------------------------------------------------

_LINKS = (
    '<p>Links: <a href="javascript:alert(1)">js</a> <a href=" JAVASCRIPT:void(0)">js2</a> '
    '<a href="data:text/html,<script>alert(1)</script>">data</a> <a href="vbscript:x">vb</a> '
    '<a href="../up/one">up</a> <a href="//cdn.example/x">proto-relative</a> <a href="#frag">frag</a> '
    '<a href="http://bücher.example/straße?q=ä#ö">idn</a> <a href="http://xn--bcher-kva.example/%E4%zz%">pct</a> '
    '<a href="http://[::1">bad ipv6</a> <a href="http://exa mple.com/">space</a> <a href="http://a:99999/">port</a> '
    '<a href="http://%zz/">bad host</a> <a href="https://xn--/">bad punycode</a> <a href="http://\u2028x/">sep</a> '
    '<a href="http:">empty</a> <a href="file://c|/x">drive</a> <a href="\\\\server\\share">unc</a> '
    '<a href="' + "a" * 100_000 + '">long</a></p>'
    '<p><img src="javascript:alert(1)"><img src="data:image/png;base64,iVBORw0KGgo="> '
    '<img src="rel.png" srcset="a.png 1x, javascript:b 2x, ,,, data:image/gif;base64,R0lGOD 3x"> '
    '<img src="http://ünïcode.example/ï.png"><video poster="javascript:x" src="v.mp4"></video></p>'
)


@case("urls", expect_article=True)
def invalid_base_href(scale: float) -> str:
    return page(ARTICLE_BODY + _LINKS, head='<base href="http://[::1"><base href="/second">')


@case("urls", expect_article=True)
def javascript_base_href(scale: float) -> str:
    return page(ARTICLE_BODY + _LINKS, head='<base href="javascript:alert(1)//">')


@case("urls", expect_article=True)
def relative_base_href(scale: float) -> str:
    return page(ARTICLE_BODY + _LINKS, head='<base href="../relative/">')


@case("urls", expect_article=True, url=None)
def relative_urls_without_page_url(scale: float) -> str:
    return page(ARTICLE_BODY + _LINKS)


@case("urls", expect_article=True, url="http://bücher.example/Straße/%E4%zz?q=ü#x")
def idn_page_url(scale: float) -> str:
    return page(ARTICLE_BODY + _LINKS)


@case("urls", expect_article=True, url="not a url at all")
def bogus_page_url(scale: float) -> str:
    return page(ARTICLE_BODY + _LINKS)


@case("urls", expect_article=True, url="http://[::1")
def broken_page_url(scale: float) -> str:
    return page(ARTICLE_BODY + _LINKS)


@case("urls", expect_article=True, url="javascript:alert(1)")
def javascript_page_url(scale: float) -> str:
    return page(ARTICLE_BODY + _LINKS)


CASES_BY_NAME = {c.name: c for c in CASES}
