"""Hostile input: the engine answers with an Article, None, or a ReadabilityError; nothing else.

The inputs come from :mod:`hostile_inputs` (generated, never stored). The big
ones run here at ``UNIT_SCALE``; ``benchmarks/hostile.py`` runs them at full
size and reports time and peak memory for each. The contract checked for every
case, with ``sanitize`` off and on:

* ``parse()`` returns an ``Article`` or ``None``, or raises
  ``ReadabilityError`` (or a subclass) with a message; never ``RecursionError``,
  ``UnicodeDecodeError``, an lxml error or anything else;
* an ``Article``'s fields have their types, ``length == len(text_content)``,
  and ``content`` parses as HTML (an HTML5 parser) to a tree holding the same text;
* with ``sanitize=True`` the content holds nothing executable;
* ``is_probably_readable`` answers ``True`` or ``False``.
"""

from __future__ import annotations

import re

import pytest
from lxml import etree
from selectolax.lexbor import LexborHTMLParser

from scrapy_readability import Article, Readability, ReadabilityError, TooManyElementsError, is_probably_readable
from scrapy_readability.engine.html.parsing import parse_html
from scrapy_readability.engine.port.constants import REGEXPS
from testkit.hostile_inputs import CASES, CASES_BY_NAME, UNIT_SCALE, Case
from testkit.xss_vectors import executable_constructs

_WS = re.compile(r"\s+")


def run(html: str | bytes, url: str | None = None, **kwargs) -> Article | None:
    """``parse()``, with any exception other than a ReadabilityError turned into a test failure."""
    try:
        return Readability(html, url, **kwargs).parse()
    except ReadabilityError as error:
        assert str(error), f"{type(error).__name__} without a message"
        raise
    except BaseException as error:  # noqa: BLE001 - that is what we are testing for
        pytest.fail(f"parse() raised {type(error).__name__}: {str(error)[:300]}")


def check_article(article: Article, *, sanitized: bool) -> None:
    for name in ("title", "byline", "dir", "lang", "excerpt", "site_name", "published_time"):
        value = getattr(article, name)
        assert value is None or isinstance(value, str), (name, value)
    assert isinstance(article.content, str) and isinstance(article.text_content, str)
    assert article.length == len(article.text_content)
    assert article.attempt in ("strict", "moderate", "clean", "raw", "longest")
    assert "\x00" not in article.content
    # The content parses as HTML (lexbor's HTML5 parser, through selectolax: some contents are megabytes,
    # which html5lib takes seconds to read) and holds the article's text.
    body = LexborHTMLParser(f"<!DOCTYPE html><body><div>{article.content}</div>").body
    reparsed = body.text(deep=True, separator="") if body is not None else ""
    assert _WS.sub("", reparsed) == _WS.sub("", article.text_content) or not article.text_content.strip()
    if sanitized:
        assert executable_constructs(article.content, REGEXPS.videos) == []


def check_case(case: Case, scale: float) -> dict[bool, Article | None]:
    html = case.make(scale)
    results: dict[bool, Article | None] = {}
    for sanitize in (False, True):
        try:
            article = run(html, case.url, sanitize=sanitize, **case.kwargs)
        except ReadabilityError:
            results[sanitize] = None
            continue
        if article is not None:
            check_article(article, sanitized=sanitize)
            for text in case.expect_text:
                assert text in article.text_content or text in (article.title or ""), text
        elif case.expect_article:
            pytest.fail("parse() found no article")
        results[sanitize] = article
    try:
        readable = is_probably_readable(html)
    except BaseException as error:  # noqa: BLE001
        pytest.fail(f"is_probably_readable raised {type(error).__name__}: {str(error)[:300]}")
    assert readable in (True, False)
    return results


# The deepest nest costs seconds a parse: its own test runs the contract once, with more checks.
MATRIX = [case for case in CASES if case.name != "nested_divs_50000"]


@pytest.mark.parametrize("case", MATRIX, ids=[f"{c.group}:{c.name}" for c in MATRIX])
def test_hostile_input(case: Case) -> None:
    check_case(case, UNIT_SCALE if case.big else 1.0)


# --- What the cases must give, beyond the contract ------------------------------------------


def article_of(name: str, scale: float = 1.0, url: str | None = "", **kwargs) -> Article:
    case = CASES_BY_NAME[name]
    article = run(case.make(scale), case.url if url == "" else url, **{**case.kwargs, **kwargs})
    assert article is not None
    return article


@pytest.mark.parametrize("name", ["empty_string", "empty_bytes", "whitespace_only", "html_element_only", "no_body"])
def test_empty_documents_have_no_article(name: str) -> None:
    assert run(CASES_BY_NAME[name].make(1.0)) is None


def test_lone_text_node_is_the_article() -> None:
    article = run("just a lonely text node")
    assert article is not None and article.text_content == "just a lonely text node"


def test_nul_byte_is_dropped_from_text_as_html5_drops_it() -> None:
    article = article_of("nul_byte_in_text")
    assert "The committee published" in article.text_content


def test_windows_1251_declared_in_meta_only_decodes() -> None:
    article = article_of("windows_1251_meta_only")
    assert article.title == "Выводы комитета опубликованы"
    assert "занимающий двести страниц" in article.text_content


def test_shift_jis_declared_in_meta_only_decodes() -> None:
    article = article_of("shift_jis_meta_only")
    assert article.title == "委員会の調査結果"
    assert "二百ページに及ぶ報告書" in article.text_content


def test_utf16_bom_wins() -> None:
    assert "Zażółć gęślą jaźń" in article_of("utf16_le_with_bom").text_content
    assert "Zażółć gęślą jaźń" in article_of("utf16_be_with_bom_meta_says_utf8").text_content


def test_lying_meta_charset_gives_replacement_characters_not_errors() -> None:
    article = article_of("meta_charset_lies")
    assert "rapport \ufffdt\ufffd" in article.text_content


def test_invalid_utf8_gives_replacement_characters() -> None:
    """Declared UTF-8, bad bytes become U+FFFD; undeclared, a few bad bytes and no UTF-8 go to the detector."""
    article = article_of("invalid_utf8", content_type="text/html; charset=utf-8")
    assert "\ufffd" in article.text_content
    assert "\ufffd" not in article_of("invalid_utf8").text_content


def test_50000_nested_divs_are_cut_by_libxml2_at_its_depth_limit() -> None:
    """libxml2's HTML parser (even with ``huge_tree``) stops building the tree at depth 2,047.

    It reports "Excessive depth in document" and drops the rest of the
    document: everything nested deeper, *and* everything after it. That is
    libxml2's choice, not ours; what we promise is that the result is sane: a
    bounded tree, no recursion error, and the content that came before the
    nest (here a paragraph) as the article, or None.
    """
    case = CASES_BY_NAME["nested_divs_50000"]
    root = parse_html(case.make(1.0))
    depth = max(sum(1 for _ in el.iterancestors()) for el in root.iter(etree.Element))
    assert 2000 < depth <= 2048
    article = check_case(case, 1.0)[False]  # the contract of every hostile input, then what this one gives
    assert article is not None
    assert "Before the nest." in article.text_content
    assert "committee published its findings" in article.text_content  # the paragraph before the nest
    assert article.text_content.count("committee published") == 3  # ... and nothing from inside it


def test_2000_nested_divs_keep_their_content() -> None:
    article = article_of("nested_divs_2000")
    assert article.text_content.count("committee published") == 18


def test_max_elems_to_parse_refuses_big_pages_with_a_clear_error() -> None:
    html = CASES_BY_NAME["sibling_paragraphs_200000"].make(UNIT_SCALE)
    with pytest.raises(TooManyElementsError, match=r"elements found \(limit 1000\)") as info:
        Readability(html, max_elems_to_parse=1000).parse()
    assert isinstance(info.value, ReadabilityError) and info.value.limit == 1000


def test_json_ld_from_a_list_and_a_graph() -> None:
    assert article_of("json_ld_list").title == "From a list"
    assert article_of("json_ld_list").byline == "Ann"
    graph = article_of("json_ld_graph")
    assert graph.title == "From the graph" and graph.published_time == "2024-05-01"


def test_json_ld_with_wrong_types_falls_back_to_the_page() -> None:
    article = article_of("json_ld_wrong_types")
    assert article.title and isinstance(article.title, str)


def test_malformed_json_ld_falls_back_to_the_page_title() -> None:
    for name in ("json_ld_malformed", "json_ld_deeply_nested"):
        assert article_of(name).title == "Committee findings published - The Daily"


def test_meta_tags_with_empty_or_missing_content() -> None:
    article = article_of("meta_tags_empty_or_missing")
    assert article.title == "spaced"  # the first usable title-like meta
    assert article.excerpt and article.excerpt.startswith("The committee")  # blank description skipped


def test_javascript_links_are_unlinked_and_urls_never_crash() -> None:
    for name in (
        "invalid_base_href",
        "javascript_base_href",
        "relative_base_href",
        "relative_urls_without_page_url",
        "idn_page_url",
        "bogus_page_url",
        "broken_page_url",
        "javascript_page_url",
    ):
        article = article_of(name)
        # Readability.js unlinks hrefs that start with "javascript:" exactly, and no others.
        assert "Links: js <a" in article.content, name
        # With sanitize=True no script URL is left, however it is spelled.
        clean = article_of(name, sanitize=True)
        assert "javascript:" not in clean.content.lower() and "vbscript:" not in clean.content.lower(), name
        assert 'href="data:' not in clean.content, name


def test_relative_urls_stay_relative_without_a_page_url() -> None:
    article = article_of("relative_urls_without_page_url")
    assert 'href="../up/one"' in article.content


def test_idn_and_percent_encoded_urls() -> None:
    article = article_of("invalid_base_href", url="https://news.example/a/b.html")
    # The invalid <base> is ignored: links resolve against the page URL.
    assert 'href="https://news.example/up/one"' in article.content
    assert "http://xn--bcher-kva.example/stra%C3%9Fe?q=%C3%A4#%C3%B6" in article.content


def test_wrong_input_types_raise_input_error() -> None:
    from scrapy_readability import InputError

    for value in (None, 42, ["<p>x</p>"], {"html": "x"}):
        with pytest.raises(InputError, match="expected str, bytes or an lxml document"):
            Readability(value)
