"""constants: JavaScript's whitespace classes and spot checks of the REGEXPS."""

from __future__ import annotations

import pytest

from scrapy_readability.engine.html.dom import js_trim
from scrapy_readability.engine.port.constants import (
    DEFAULT_CHAR_THRESHOLD,
    DEFAULT_MAX_ELEMS_TO_PARSE,
    DEFAULT_N_TOP_CANDIDATES,
    JS_WHITESPACE,
    REGEXPS,
)


@pytest.mark.parametrize("char", ["\u00a0", "\ufeff", "\u2028", "\u3000", "\t", "\v"])
def test_js_trim_strips_js_whitespace(char):
    assert js_trim(f"{char}word{char}") == "word"


@pytest.mark.parametrize("char", ["\x1c", "\x1d", "\x1e", "\x1f", "\x85", "\u200b"])
def test_js_trim_keeps_what_js_does_not_call_whitespace(char):
    # Python's str.strip() would remove \x1c-\x1f and \x85; String.prototype.trim() does not.
    assert js_trim(f"{char}word{char}") == f"{char}word{char}"


def test_js_whitespace_set_differs_from_python_isspace_where_js_does():
    assert "\ufeff" in JS_WHITESPACE and not "\ufeff".isspace()
    assert "\x1c" not in JS_WHITESPACE and "\x1c".isspace()
    assert "\x85" not in JS_WHITESPACE and "\x85".isspace()


def test_normalize_collapses_js_whitespace_runs_only():
    assert REGEXPS.normalize.sub(" ", "a \u00a0\ufeffb") == "a b"
    assert REGEXPS.normalize.sub(" ", "a b") == "a b"  # a single space is not a run
    assert REGEXPS.normalize.sub(" ", "a\x1c\x1cb") == "a\x1c\x1cb"


def test_has_content_is_last_character_non_whitespace():
    assert REGEXPS.hasContent.search("text")
    assert not REGEXPS.hasContent.search("text \u00a0")
    assert REGEXPS.hasContent.search(" \x1c")
    assert not REGEXPS.hasContent.search("")


def test_dollar_anchors_only_at_the_very_end_as_in_js():
    # Python's $ also matches before a final newline; JavaScript's (without the m flag) does not.
    assert not REGEXPS.hasContent.search("text\n")  # JS: /\S$/.test("text\n") === false
    assert not REGEXPS.schemaDotOrg.search("https://schema.org\n")
    assert not REGEXPS.jsonLdArticleTypes.search("APIReference\n")


def test_whitespace_regex_matches_blank_only():
    assert REGEXPS.whitespace.search("\ufeff \u00a0\n")
    assert REGEXPS.whitespace.search("")
    assert not REGEXPS.whitespace.search(" x ")


def test_tokenize_and_word_chars_are_ascii():
    # JS's \W without the u flag: "é" is a separator.
    assert [t for t in REGEXPS.tokenize.split("café au lait") if t] == ["caf", "au", "lait"]


def test_share_elements_word_boundaries():
    assert REGEXPS.shareElements.search("post share-tools")
    assert REGEXPS.shareElements.search("sharedaddy")
    assert REGEXPS.shareElements.search("x_share_y")
    assert not REGEXPS.shareElements.search("shareholder")
    # \b is ASCII in JS: "é" next to "share" is a boundary.
    assert REGEXPS.shareElements.search("éshareé")


def test_unlikely_and_ok_maybe():
    assert REGEXPS.unlikelyCandidates.search("site-Footer")
    assert REGEXPS.unlikelyCandidates.search("foo -ad- bar")
    assert not REGEXPS.unlikelyCandidates.search("story")
    assert REGEXPS.okMaybeItsACandidate.search("main-sidebar")


def test_negative_hid_forms():
    for value in ("hid", "x hid", "hid x", "a hid b", "hidden"):
        assert REGEXPS.negative.search(value), value
    assert not REGEXPS.negative.search("hide")
    assert not REGEXPS.negative.search("ahid")


def test_json_ld_article_types_anchor_quirk():
    # ^ binds to the first alternative and $ to the last, as in Readability.js.
    assert REGEXPS.jsonLdArticleTypes.search("Article")
    assert REGEXPS.jsonLdArticleTypes.search("NewsArticle")
    assert REGEXPS.jsonLdArticleTypes.search("NotANewsArticleReally")
    assert not REGEXPS.jsonLdArticleTypes.search("MyArticle")
    assert REGEXPS.jsonLdArticleTypes.search("APIReference")
    assert not REGEXPS.jsonLdArticleTypes.search("APIReferences")
    assert not REGEXPS.jsonLdArticleTypes.search("WebPage")


def test_b64_data_url():
    match = REGEXPS.b64DataUrl.search("data:image/png;base64,AAAA")
    assert match and match.group(1) == "image/png"
    match = REGEXPS.b64DataUrl.search("DATA: image/gif ; BASE64 ,R0l")
    assert match and match.group(1) == "image/gif"
    assert not REGEXPS.b64DataUrl.search("data:image/png,AAAA")


def test_srcset_url_splits_candidates():
    found = [(m.group(1), m.group(2)) for m in REGEXPS.srcsetUrl.finditer("a.jpg 1x, b.jpg 2x,c.jpg 300w")]
    assert found == [("a.jpg", " 1x"), ("b.jpg", " 2x"), ("c.jpg", " 300w")]


def test_ad_and_loading_words():
    assert REGEXPS.adWords.search("Advertisement")
    assert REGEXPS.adWords.search("广告")
    assert not REGEXPS.adWords.search("Advertisement here")
    assert REGEXPS.loadingWords.search("Loading…")
    assert REGEXPS.loadingWords.search("cargando...")
    assert not REGEXPS.loadingWords.search("loading the truck")


def test_commas_include_non_latin():
    assert len(REGEXPS.commas.split("a,b،c，d")) == 4


def test_videos_default_regex():
    assert REGEXPS.videos.search("https://www.youtube.com/embed/x")
    assert REGEXPS.videos.search("//player.vimeo.com/video/1")
    assert not REGEXPS.videos.search("https://example.com/youtube.com")


def test_defaults_match_readability_js():
    assert (DEFAULT_MAX_ELEMS_TO_PARSE, DEFAULT_N_TOP_CANDIDATES, DEFAULT_CHAR_THRESHOLD) == (0, 5, 500)
