"""measures: class weight, link and text density, visibility, the unlikely and byline tests."""

from __future__ import annotations

import re
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scrapy_readability.engine.html.dom import TextLengths
from scrapy_readability.engine.port import measures
from scrapy_readability.engine.port.constants import FLAG_WEIGHT_CLASSES, HEADING_TAGS, REGEXPS
from scrapy_readability.engine.port.measures import (
    get_class_weight,
    get_link_density,
    get_text_density,
    is_probably_visible,
    is_valid_byline,
    style_value,
    unlikely_match,
)
from tests.engine.engine_helpers import ALL, frag


@pytest.mark.parametrize(
    "attrs, weight",
    [
        ("", 0),
        ('class="article-body"', 25),
        ('id="sidebar"', -25),
        ('class="post comment"', 0),  # negative and positive in one name
        ('class="entry" id="main"', 50),
        ('class="footer" id="promo"', -50),
        ('class="hid"', -25),
        ('class="hide"', 0),
    ],
)
def test_class_weight(attrs, weight):
    assert get_class_weight(frag(f"<div {attrs}>x</div>"), ALL) == weight


def test_class_weight_needs_the_weight_classes_flag():
    node = frag('<div class="article" id="sidebar">x</div>')
    assert get_class_weight(node, ALL & ~FLAG_WEIGHT_CLASSES) == 0
    assert get_class_weight(node, FLAG_WEIGHT_CLASSES) == 0  # +25 - 25


def test_link_density():
    node = frag("<p>" + "t" * 80 + '<a href="/x">' + "l" * 20 + "</a></p>")
    assert get_link_density(node) == pytest.approx(20 / 100)


def test_link_density_hash_links_count_thirty_percent():
    node = frag("<p>" + "t" * 80 + '<a href="#section">' + "l" * 20 + "</a></p>")
    assert get_link_density(node) == pytest.approx(0.3 * 20 / 100)
    # A bare "#" is not a hash link for /^#.+/.
    node = frag("<p>" + "t" * 80 + '<a href="#">' + "l" * 20 + "</a></p>")
    assert get_link_density(node) == pytest.approx(0.2)


def test_link_density_uses_normalised_text_and_empty_is_zero():
    node = frag("<p>  <a href=x>ab    cd</a>   ef  </p>")  # "ab cd ef" (8), link "ab cd" (5)
    assert get_link_density(node) == pytest.approx(5 / 8)
    assert get_link_density(frag("<p> </p>")) == 0.0


@pytest.mark.parametrize(
    "attrs, visible",
    [
        ("", True),
        ('style="display:none"', False),
        ('style="color: red; DISPLAY : none !important"', False),
        ('style="display: none; display: block"', True),  # the last declaration wins
        ('style="visibility:hidden"', False),
        ('style="visibility:visible"', True),
        ("hidden", False),
        ('aria-hidden="true"', False),
        ('aria-hidden="false"', True),
        ('aria-hidden="true" class="mwe-math-fallback-image-inline"', True),
    ],
)
def test_is_probably_visible(attrs, visible):
    assert is_probably_visible(frag(f"<div {attrs}>x</div>")) is visible


@pytest.mark.parametrize(
    "html, valid",
    [
        ('<a rel="author">Jane Doe</a>', True),
        ('<span itemprop="author name">Jane</span>', True),
        ('<div class="byline">By Jane</div>', True),
        ('<div id="article-author">Jane</div>', True),
        ('<div class="byline">   </div>', False),
        ('<div class="byline">' + "x" * 100 + "</div>", False),
        ('<div class="byline">' + "x" * 99 + "</div>", True),
        ("<div>Jane</div>", False),
    ],
)
def test_is_valid_byline(html, valid):
    node = frag(html)
    match = (node.get("class") or "") + " " + (node.get("id") or "")
    assert is_valid_byline(node, match) is valid


def test_text_density_is_the_share_of_text_inside_the_tags():
    node = frag("<div><h2>" + "h" * 10 + "</h2><p>" + "p" * 30 + "</p></div>")  # "hhh… ppp…": 10 of 40
    assert get_text_density(node, HEADING_TAGS, TextLengths()) == pytest.approx(10 / 40)
    assert get_text_density(frag("<div> </div>"), HEADING_TAGS, TextLengths()) == 0.0


@pytest.mark.parametrize(
    "style, prop, value",
    [
        ("display:none", "display", "none"),
        ("DISPLAY : None !important", "display", "none"),
        ("display: none; display: block", "display", "block"),
        ("color: red", "display", ""),
        ("x-display: none", "display", ""),
    ],
)
def test_style_value_reads_the_last_declaration(style, prop, value):
    assert style_value(style, prop) == value


@pytest.mark.parametrize(
    "match, unlikely",
    [("sidebar ", True), ("sidebar main", False), (" comments", True), ("article-body ", False), (" ", False)],
)
def test_unlikely_match(match, unlikely):
    assert unlikely_match(match) is unlikely


WORD_PATTERNS = ("negative", "positive", "unlikelyCandidates", "okMaybeItsACandidate", "byline")


@pytest.mark.parametrize("name", WORD_PATTERNS)
def test_the_patterns_searched_case_sensitively_spell_their_words_in_lowercase(name):
    pattern = getattr(REGEXPS, name)
    assert pattern.flags & re.IGNORECASE
    assert not any(char.isupper() for char in re.sub(r"\\.", "", pattern.pattern))


# Class and id values: the patterns' words in any case, between ASCII letters, digits, the separators pages use,
# and a few characters that are not ASCII (some of which case-fold to ASCII letters).
WORDS = sorted(
    {word for name in WORD_PATTERNS for word in re.findall(r"[a-z][a-z0-9-]*", getattr(REGEXPS, name).pattern)}
)
CASES = (str.lower, str.upper, str.title, str.capitalize)
FILLER = st.text(alphabet=string.ascii_letters + string.digits + "-_ :/" + "ſKİı", max_size=8)
CLASS_TEXT = st.lists(
    st.one_of(FILLER, st.builds(lambda word, case: case(word), st.sampled_from(WORDS), st.sampled_from(CASES))),
    max_size=6,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(value=CLASS_TEXT, words=st.sampled_from(WORD_PATTERNS))
def test_class_and_id_tests_find_what_readabilitys_regexes_find(value, words):
    """The fast path on lowercased ASCII (measures._Words) says what the case-insensitive regex says."""
    pattern = getattr(REGEXPS, words)
    assert measures._Words(pattern).search(value) is (pattern.search(value) is not None)
    unlikely = bool(REGEXPS.unlikelyCandidates.search(value) and not REGEXPS.okMaybeItsACandidate.search(value))
    assert unlikely_match(value) is unlikely


@pytest.mark.parametrize("value", ["SideBar", "ſidebar", "KOMMENT COMMENT", "Article-Body"])
def test_class_and_id_tests_are_case_insensitive_as_readabilitys(value):
    expected = bool(REGEXPS.unlikelyCandidates.search(value) and not REGEXPS.okMaybeItsACandidate.search(value))
    assert unlikely_match(value) is expected
