"""The Readability API: Readability.js's "Readability API" tests that apply, plus our policies.

Ported from the "#constructor" and "#parse" cases of Readability.js's
test-readability.js; debug, custom serializer and mock-based cases have no
counterpart here, so options are checked through the output instead.
"""

from __future__ import annotations

import re

import lxml.html
import pytest
from lxml import etree

from scrapy_readability.engine import (
    Article,
    Policy,
    Readability,
    ReadabilityError,
    TooManyElementsError,
)
from scrapy_readability.engine.html.parsing import parse_html
from scrapy_readability.engine.outputs.article import FIELDS
from scrapy_readability.engine.port.constants import REGEXPS

URL = "http://fakehost/test/page.html"
LOREM = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt. "
P = f"<p>{LOREM * 3}</p>"  # 273 characters once trimmed
LINKY = (
    "<p>Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod "
    '<a href="/x">tempor incididunt ut labore et dolore</a> magna aliqua ut enim ad minim veniam quis.</p>'
)

LONG_ARTICLE = (
    '<html lang="en"><head><title>A long article about things | Example Site</title>'
    '<meta name="author" content="Jane Doe"><meta property="og:site_name" content="Example">'
    '<meta property="article:published_time" content="2024-05-06"></head>'
    f'<body><div class="article-body" dir="ltr">{P * 5}</div></body></html>'
)
# Pages that only the later passes of the ladder extract.
NEEDS_MODERATE = f'<html><body><div class="extra">{P * 5}</div></body></html>'  # an unlikely class
NEEDS_CLEAN = f'<html><body><div class="comment">{P * 5}</div></body></html>'  # unlikely and negative
NEEDS_RAW = f"<html><body><div><div>{LINKY * 8}</div><div>{LINKY * 8}</div></div></body></html>"  # linky
SHORT = "<html><body><p>Just a short paragraph of text here, not enough.</p></body></html>"


# --- #constructor -------------------------------------------------------------------


def test_nb_top_candidates_option():
    assert Readability("<html><div>yo</div></html>").options.nb_top_candidates == 5
    assert Readability("<html><div>yo</div></html>", nb_top_candidates=42).options.nb_top_candidates == 42


def test_max_elems_to_parse_option():
    assert Readability("<html><div>yo</div></html>").options.max_elems_to_parse == 0
    assert Readability("<html><div>yo</div></html>", max_elems_to_parse=42).options.max_elems_to_parse == 42


def test_keep_classes_option():
    assert Readability("<html><div>yo</div></html>").options.keep_classes is False
    assert Readability("<html><div>yo</div></html>", keep_classes=True).options.keep_classes is True
    assert Readability("<html><div>yo</div></html>", keep_classes=False).options.keep_classes is False


def test_allowed_video_regex_option_or_default():
    assert Readability("<html><div>yo</div></html>").options.video_regex is REGEXPS.videos
    custom = re.compile(r"\/\/mydomain.com\/.*'")
    assert Readability("<html><div>yo</div></html>", allowed_video_regex=custom).options.video_regex is custom


def test_bad_options_raise_value_error():
    with pytest.raises(ValueError, match="nb_top_candidates"):
        Readability("<p>x</p>", nb_top_candidates=-1)
    with pytest.raises(ValueError, match="policy"):
        Readability("<p>x</p>", policy="fastest")


# --- #parse ----------------------------------------------------------------------------


def test_oversized_documents_not_parsed():
    html = "<html><div>yo</div></html>"
    count = sum(1 for _ in parse_html(html).iter(etree.Element))
    assert count == 4  # html, the implied head and body, div: as getElementsByTagName("*") counts in a browser
    with pytest.raises(TooManyElementsError) as caught:
        Readability(html, max_elems_to_parse=1).parse()
    assert str(caught.value) == f"Aborting parsing document; {count} elements found (limit 1)"
    assert (caught.value.count, caught.value.limit) == (count, 1)
    assert isinstance(caught.value, ReadabilityError)
    # At the limit, parsing goes ahead.
    assert Readability(html, max_elems_to_parse=count).parse() is not None


CLASSY = (
    '<html><body><div class="article-body main"><p class="lead intro">'
    f'{LOREM * 4}</p><p class="second">{LOREM * 4}</p></div></body></html>'
)


def test_classes_cleaned_by_default_and_with_keep_classes_false():
    for parser in (Readability(CLASSY), Readability(CLASSY, keep_classes=False)):
        content = parser.parse().content
        assert content.startswith('<div id="readability-page-1" class="page"><div><p>Lorem')
        assert "lead" not in content and "second" not in content and "article-body" not in content


def test_classes_kept_with_keep_classes_true():
    content = Readability(CLASSY, keep_classes=True).parse().content
    assert content.startswith(
        '<div id="readability-page-1" class="page"><div class="article-body main"><p class="lead intro">Lorem'
    )
    assert '<p class="second">' in content


def test_classes_to_preserve():
    content = Readability(CLASSY, classes_to_preserve=["intro", "second"]).parse().content
    assert '<p class="intro">' in content and '<p class="second">' in content


def test_custom_video_regex():
    html = (
        "<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit. Nunc mollis leo lacus, vitae semper nisl "
        "ullamcorper ut.</p>"
        '<iframe src="https://mycustomdomain.com/some-embeds"></iframe>'
    )
    expected = (
        '<div id="readability-page-1" class="page">'
        "<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit. Nunc mollis leo lacus, vitae semper nisl "
        "ullamcorper ut.</p>"
        '<iframe src="https://mycustomdomain.com/some-embeds"></iframe>'
        "</div>"
    )
    article = Readability(html, char_threshold=20, allowed_video_regex=".*mycustomdomain.com.*").parse()
    assert article.content == expected
    # Without the custom regex the iframe is cleaned away.
    assert Readability(html, char_threshold=20).parse().content == expected.replace(
        '<iframe src="https://mycustomdomain.com/some-embeds"></iframe>', ""
    )


# --- Policies and the retry ladder -------------------------------------------------------


def test_auto_long_article_is_strict():
    article = Readability(LONG_ARTICLE, url=URL).parse()
    assert article.attempt == "strict"
    assert article.length == len(article.text_content) == 5 * 273


@pytest.mark.parametrize(
    "html, attempt",
    [(NEEDS_MODERATE, "moderate"), (NEEDS_CLEAN, "clean"), (NEEDS_RAW, "raw"), (SHORT, "longest")],
)
def test_auto_walks_the_ladder(html, attempt):
    article = Readability(html).parse()
    assert article.attempt == attempt


def test_longest_attempt_when_no_pass_reaches_the_threshold():
    article = Readability(SHORT).parse()
    assert article.content == (
        '<div id="readability-page-1" class="page"><p>Just a short paragraph of text here, not enough.</p></div>'
    )
    assert article.length == 48


@pytest.mark.parametrize(
    "policy, expected",
    [
        # One pass with fixed flags: no fallback to later passes.
        (Policy.STRICT, [None, None, None]),
        (Policy.MODERATE, ["moderate", None, None]),
        (Policy.CLEAN, ["clean", "clean", None]),
        (Policy.RAW, ["raw", "raw", "raw"]),
        (Policy.AUTO, ["moderate", "clean", "raw"]),
    ],
)
def test_policies_on_pages_needing_the_ladder(policy, expected):
    results = [Readability(html, policy=policy).parse() for html in (NEEDS_MODERATE, NEEDS_CLEAN, NEEDS_RAW)]
    assert [r.attempt if r else None for r in results] == expected


@pytest.fixture
def pass_flags(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The flags of every pass of ``_grabArticle`` that runs, in order."""
    calls: list[int] = []
    original = Readability._grab_once

    def spy(self, state, *args, **kwargs):
        calls.append(state.flags)
        return original(self, state, *args, **kwargs)

    monkeypatch.setattr(Readability, "_grab_once", spy)
    return calls


@pytest.mark.parametrize("policy", ["strict", "moderate", "clean", "raw"])
def test_single_pass_policies_run_one_pass(policy, pass_flags):
    article = Readability(SHORT, policy=policy).parse()
    assert pass_flags == [Policy(policy).flags]
    # Below the threshold, a single pass keeps its own name, not "longest".
    assert article.attempt == policy


def test_auto_runs_four_passes_when_none_is_long_enough(pass_flags):
    Readability(SHORT).parse()
    assert pass_flags == [7, 6, 4, 0]
    pass_flags.clear()
    Readability(LONG_ARTICLE).parse()
    assert pass_flags == [7]


def test_no_content_gives_none():
    assert Readability("").parse() is None
    assert Readability("<html><body></body></html>").parse() is None


# --- Inputs and the Article -------------------------------------------------------------------


def test_parsed_lxml_document_accepted():
    expected = Readability(LONG_ARTICLE, url=URL).parse()
    doc = lxml.html.document_fromstring(LONG_ARTICLE)
    assert Readability(doc, url=URL).parse() == expected
    tree = etree.ElementTree(etree.fromstring(LONG_ARTICLE, etree.HTMLParser()))
    assert Readability(tree, url=URL).parse() == expected


def test_bytes_with_content_type():
    html = f"<html><body><div>{P * 2}<p>Caf\xe9 cr\xe8me.</p></div></body></html>".encode("latin-1")
    article = Readability(html, content_type="text/html; charset=iso-8859-1").parse()
    assert "Café crème." in article.text_content


def test_article_fields_and_to_dict():
    article = Readability(LONG_ARTICLE, url=URL).parse()
    assert isinstance(article, Article)
    data = article.to_dict()
    assert list(data) == [  # in feed order: the metadata, then the representations
        "title",
        "headline",
        "byline",
        "site_name",
        "published_time",
        "lang",
        "dir",
        "excerpt",
        "length",
        "attempt",
        "date_published",
        "date_modified",
        "image",
        "authors",
        "canonical_url",
        "language",
        "content",
        "text",
        "markdown",
        "text_content",
    ]
    assert tuple(data) == FIELDS
    assert data["title"] == "A long article about things"
    assert data["byline"] == "Jane Doe"
    assert data["dir"] == "ltr"
    assert data["lang"] == "en"
    assert data["excerpt"] == (LOREM * 3).strip()  # the first paragraph, trimmed
    assert data["site_name"] == "Example"
    assert data["published_time"] == "2024-05-06"
    assert data["attempt"] == "strict"
    assert data["content"] == article.content
    assert data["content"].startswith('<div id="readability-page-1" class="page"><div dir="ltr"><p>Lorem ipsum')
    assert data["length"] == 1365


def test_links_made_absolute_against_the_url():
    html = f'<html><body><div>{P * 2}<p>See <a href="/other.html">this other page</a> for more.</p></div></body></html>'
    content = Readability(html, url="https://news.example/a/b.html").parse().content
    assert '<a href="https://news.example/other.html">this other page</a>' in content
    # Without a URL (about:blank), relative links cannot be resolved and stay.
    assert '<a href="/other.html">' in Readability(html).parse().content


def test_the_url_is_read_as_a_browser_reads_it():
    """document.documentURI is the URL as parsed: a <base> naming the same page keeps hash links as they are."""
    html = (
        f'<html><head><base href="/a/b.html"></head><body><div>{P * 2}<p><a href="#n">note</a></p></div></body></html>'
    )
    content = Readability(html, url="HTTPS://News.Example/a/b.html").parse().content
    assert '<a href="#n">note</a>' in content
    # A URL that does not parse resolves nothing, as about:blank would.
    content = Readability(html.replace("#n", "c.html"), url="not a url").parse().content
    assert '<a href="c.html">note</a>' in content


def test_length_counts_utf16_units_as_in_js():
    html = f"<html><body><article>{('<p>' + LOREM * 2 + chr(0x1F600) + '</p>') * 3}</article></body></html>"
    article = Readability(html).parse()
    assert article.length == len(article.text_content.encode("utf-16-le")) // 2
    assert article.length == len(article.text_content) + 3  # each emoji counts two


def test_text_after_a_removed_embed_survives():
    # <embed> is void: what follows is its sibling, so removing the embed keeps it (as in a browser).
    html = (
        f"<html><body><article><h2>Intro</h2>{P}"
        '<div>Flash: <embed src="movie.swf"> if you can see it.</div>'
        f"{P * 3}</article></body></html>"
    )
    content = Readability(html).parse().content
    assert "<p>Flash:  if you can see it.</p>" in content
    assert "embed" not in content


# A big page (more markup than BIG_PAGE) is prepared again from its markup for a retry, not
# copied, and its big elements are measured a text node at a time: the same article either way.
# Pages that retry, and long pages.
BIG_PAGE_CASES = ["aclu", "cnn", "firefox-nightly-blog", "hukumusume", "lazy-image-3", "ol", "wikipedia", "yahoo-2"]


@pytest.mark.parametrize("name", BIG_PAGE_CASES)
def test_big_page_paths_give_the_same_article(name, monkeypatch):
    import pathlib

    import scrapy_readability.engine.port.readability as readability

    source = pathlib.Path(__file__).parents[1] / "mozilla_pages" / name / "source.html"
    html = source.read_text(encoding="utf-8")
    expected = Readability(html, url=URL).parse()
    monkeypatch.setattr(readability, "BIG_PAGE", 0)
    article = Readability(html, url=URL).parse()
    from_bytes = Readability(html.encode(), url=URL).parse()
    assert expected is not None and article is not None and from_bytes is not None
    assert article.to_dict() == expected.to_dict() == from_bytes.to_dict()


@pytest.mark.parametrize("name", BIG_PAGE_CASES)
def test_a_retry_prepares_the_page_again_as_its_copy_had_it(name, monkeypatch):
    # A page given as a tree is copied before the first pass; one given as markup is prepared again at its first
    # retry, from lexbor's serialisation kept for it or else from the markup: the same article each way.
    import pathlib

    import scrapy_readability.engine.port.readability as readability

    html = (pathlib.Path(__file__).parents[1] / "mozilla_pages" / name / "source.html").read_text(encoding="utf-8")
    copied = Readability(parse_html(html), url=URL).parse()
    read_again = Readability(html, url=URL).parse()
    monkeypatch.setattr(readability, "read_again", lambda serialisation: None)
    parsed_again = Readability(html, url=URL).parse()
    assert copied is not None and read_again is not None and parsed_again is not None
    assert read_again.to_dict() == copied.to_dict() == parsed_again.to_dict()


def test_a_retry_reads_again_the_serialisation_kept(monkeypatch):
    import scrapy_readability.engine.port.readability as readability

    html = f"<html><body><div class='sidebar'>{P}</div><div>{LINKY}</div></body></html>"
    reads: list[bytes] = []
    original = readability.read_again

    def recording(serialisation: bytes) -> etree._Element | None:
        reads.append(serialisation)
        return original(serialisation)

    monkeypatch.setattr(readability, "read_again", recording)
    article = Readability(html, url=URL).parse()
    assert article is not None and article.attempt != "strict"
    assert len(reads) == 1  # once, at the first retry; the retries after it copy what it made
    assert Readability(html, url=URL).parse().to_dict() == article.to_dict()


def test_a_retry_of_a_big_page_prepares_its_markup_again(monkeypatch):
    import scrapy_readability.engine.port.readability as readability

    monkeypatch.setattr(readability, "BIG_PAGE", 0)
    html = f"<html><body><div class='sidebar'>{P}</div><div>{LINKY}</div></body></html>"
    made: list[etree._Element] = []
    original = readability.Readability._prepared_body

    def recording(self: Readability) -> etree._Element:
        made.append(original(self))
        return made[-1]

    monkeypatch.setattr(readability.Readability, "_prepared_body", recording)
    article = Readability(html, url=URL).parse()
    assert article is not None and article.attempt != "strict"
    assert made  # the retry prepared the markup again
