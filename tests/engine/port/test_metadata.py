"""metadata: _getArticleTitle, _getJSONLD, _getArticleMetadata and entity unescaping."""

from __future__ import annotations

import json

import pytest

from scrapy_readability.engine.html.parsing import parse_html
from scrapy_readability.engine.port.metadata import (
    Metadata,
    document_title,
    get_article_metadata,
    get_article_title,
    get_json_ld,
    text_similarity,
    unescape_html_entities,
)


def doc(head: str = "", body: str = ""):
    return parse_html(f"<html><head>{head}</head><body>{body}</body></html>")


def title_of(title: str, body: str = "") -> str:
    return get_article_title(doc(f"<title>{title}</title>", body))


# --- Title heuristics -----------------------------------------------------------


def test_document_title_collapses_ascii_whitespace_only():
    root = doc("<title>\n  A\t\tB \u00a0C  </title>")
    assert document_title(root) == "A B \u00a0C"
    assert document_title(doc()) == ""


@pytest.mark.parametrize(
    "title, expected",
    [
        # The last part goes when what remains has at least three words.
        ("The article title is here - Site Name", "The article title is here"),
        ("The article title is here | Site | Section", "The article title is here | Site"),
        # Too short: the first part goes instead.
        ("Site | The real article title is here", "The real article title is here"),
        # Four words or fewer without hierarchical separators: the original stays.
        ("Article title here - Site Name", "Article title here - Site Name"),
        ("A | B", "A | B"),
        # Hierarchical separators, one word lost: the shortened title stays.
        ("Foo / Bar / The long story title", "Foo / Bar"),
        ("A » B » C » D", "A » B » C"),
        # Separators need whitespace around them.
        ("Well-known hyphenated-words title for testing", "Well-known hyphenated-words title for testing"),
    ],
)
def test_title_separators(title, expected):
    assert title_of(title) == expected


@pytest.mark.parametrize(
    "title, expected",
    [
        ("News: The long story title here", "The long story title here"),
        ("Site: Short", "Site: Short"),
        # Too few words after the last colon: after the first colon instead.
        ("Section: A long title about things: yes", "A long title about things: yes"),
        # More than five words before the colon: something is odd, keep the original.
        ("One two three four five six: the actual title", "One two three four five six: the actual title"),
    ],
)
def test_title_colons(title, expected):
    assert title_of(title) == expected


def test_title_colon_kept_when_a_heading_has_the_exact_text():
    assert title_of("Section: The title of the thing", "<h2> Section: The title of the thing </h2>") == (
        "Section: The title of the thing"
    )
    assert title_of("Section: The title of the thing", "<h1>Section: The title</h1>") == "The title of the thing"


def test_title_h1_fallback_for_short_or_long_titles():
    assert title_of("Short", "<h1>The   heading of the article</h1>") == "The heading of the article"
    assert title_of("x" * 151, "<h1>The heading of the article</h1>") == "The heading of the article"
    # Two h1s: no fallback.
    assert title_of("Short", "<h1>One</h1><h1>Two</h1>") == "Short"
    # Normal length: no fallback.
    assert title_of("A perfectly normal title", "<h1>Heading</h1>") == "A perfectly normal title"


def test_title_fallback_to_h1_with_few_words_reverts_to_original():
    # The h1 has four words or fewer and no hierarchical separators: original title.
    assert title_of("Short", "<h1>Tiny heading</h1>") == "Short"


def test_title_whitespace_normalised():
    assert title_of("  Spaced   title  text   here  ok ") == "Spaced title text here ok"


def test_text_similarity():
    assert text_similarity("the quick brown fox", "quick fox") == 1.0
    assert text_similarity("the quick brown fox", "lazy dog") == 0.0
    assert text_similarity("a b", "a zz") == pytest.approx(1 - len("zz") / len("a zz"))
    assert text_similarity("", "x") == 0.0


# --- JSON-LD -----------------------------------------------------------------------


def ld(*objects, title: str = "", raw: str | None = None) -> Metadata:
    scripts = "".join(
        f'<script type="application/ld+json">{raw if raw is not None else json.dumps(o)}</script>'
        for o in (objects or [None])
    )
    return get_json_ld(doc(f"<title>{title}</title>{scripts}"))


ARTICLE = {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    "headline": " Headline ",
    "author": {"@type": "Person", "name": " Jane Doe "},
    "description": " Summary. ",
    "publisher": {"name": " The Paper "},
    "datePublished": " 2024-01-02 ",
}


def test_json_ld_article_fields_trimmed():
    assert ld(ARTICLE) == Metadata(
        title="Headline",
        byline="Jane Doe",
        excerpt="Summary.",
        site_name="The Paper",
        published_time="2024-01-02",
    )


def test_json_ld_name_preferred_over_headline_by_default():
    data = dict(ARTICLE, name="Site Name Here", headline="Completely different words")
    assert ld(data, title="Unrelated page").title == "Site Name Here"


def test_json_ld_headline_when_it_matches_the_title_and_name_does_not():
    data = dict(ARTICLE, name="Aktualne Site", headline="Volcano erupts in Iceland again")
    assert ld(data, title="Volcano erupts in Iceland again | Aktualne").title == "Volcano erupts in Iceland again"


def test_json_ld_name_when_both_match():
    data = dict(ARTICLE, name="Volcano erupts in Iceland", headline="Volcano erupts in Iceland again")
    assert ld(data, title="Volcano erupts in Iceland again").title == "Volcano erupts in Iceland"


def test_json_ld_name_alone():
    data = {k: v for k, v in ARTICLE.items() if k != "headline"}
    assert ld(dict(data, name="  Just a name ")).title == "Just a name"


def test_json_ld_author_list_joined():
    data = dict(ARTICLE, author=[{"name": " A "}, {"url": "x"}, None, {"name": "B"}])
    assert ld(data).byline == "A, B"


def test_json_ld_author_list_needs_a_named_first_author():
    assert ld(dict(ARTICLE, author=[{"url": "x"}, {"name": "B"}])).byline is None


def test_json_ld_author_string_ignored():
    assert ld(dict(ARTICLE, author="Jane")).byline is None


def test_json_ld_graph():
    graph = {
        "@context": "https://schema.org",
        "@graph": [{"@type": "WebSite", "name": "Site"}, {"@type": "BlogPosting", "headline": "Post"}],
    }
    assert ld(graph).title == "Post"


def test_json_ld_top_level_list_first_article():
    items = [
        {"@context": "https://schema.org", "@type": "BreadcrumbList", "name": "Crumbs"},
        {"@context": "http://schema.org/", "@type": "Article", "headline": "From list"},
        {"@context": "https://schema.org", "@type": "Article", "headline": "Second"},
    ]
    assert ld(items).title == "From list"


def test_json_ld_list_without_article_is_skipped():
    assert ld([{"@context": "https://schema.org", "@type": "WebPage", "name": "x"}]) == Metadata()


@pytest.mark.parametrize(
    "context, accepted",
    [
        ("https://schema.org", True),
        ("http://schema.org/", True),
        ("https://schema.org/Article", False),
        ("https://example.org", False),
        ({"@vocab": "http://schema.org/"}, True),
        ({"@vocab": "https://example.org"}, False),
        ({"schema": "https://schema.org"}, False),
        (None, False),
        (["https://schema.org"], False),
    ],
)
def test_json_ld_context_checks(context, accepted):
    data = dict(ARTICLE, **{"@context": context})
    assert (ld(data).title == "Headline") is accepted


def test_json_ld_missing_context_rejected():
    data = {k: v for k, v in ARTICLE.items() if k != "@context"}
    assert ld(data) == Metadata()


def test_json_ld_non_article_type_rejected():
    assert ld(dict(ARTICLE, **{"@type": "Recipe"})) == Metadata()
    assert ld(dict(ARTICLE, **{"@type": ["NewsArticle"]})) == Metadata()  # .match is not a function


def test_json_ld_bad_json_skipped_and_next_script_used():
    root = doc(
        '<script type="application/ld+json">{not json</script>'
        '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "Recipe"}</script>'
        f'<script type="application/ld+json">{json.dumps(ARTICLE)}</script>'
        f'<script type="application/ld+json">{json.dumps(dict(ARTICLE, headline="Later"))}</script>'
    )
    assert get_json_ld(root).title == "Headline"


def test_json_ld_other_script_types_ignored():
    root = doc(f'<script type="application/json">{json.dumps(ARTICLE)}</script>')
    assert get_json_ld(root) == Metadata()


def test_json_ld_cdata_markers_stripped():
    assert ld(raw=f"  <![CDATA[{json.dumps(ARTICLE)}]]>  ").title == "Headline"


def test_json_ld_null_values_where_js_would_throw():
    # parsed["@context"] on null throws in JS: skipped.
    assert ld(raw="null") == Metadata()
    # "@graph" items that are null throw on it["@type"]: skipped.
    graph = {"@context": "https://schema.org", "@graph": [None, {"@type": "Article", "headline": "x"}]}
    assert ld(graph) == Metadata()


# --- <meta> tags -------------------------------------------------------------------


def meta(*tags: str, title: str = "Fallback document title", json_ld: Metadata | None = None, body: str = ""):
    root = doc(f"<title>{title}</title>" + "".join(tags), body)
    return get_article_metadata(root, json_ld or Metadata())


def m(attr: str, key: str, content: str) -> str:
    return f'<meta {attr}="{key}" content="{content}">'


def test_meta_title_precedence():
    tags = [
        m("name", "parsely-title", "parsely"),
        m("name", "twitter:title", "twitter"),
        m("name", "title", "plain"),
        m("name", "weibo:webpage:title", "weibo webpage"),
        m("name", "weibo:article:title", "weibo article"),
        m("property", "og:title", "og"),
        m("name", "dcterm:title", "dcterm"),
        m("name", "dc.title", "dc"),
    ]
    expected = ["dc", "dcterm", "og", "weibo article", "weibo webpage", "plain", "twitter", "parsely"]
    for i, want in enumerate(expected):
        assert meta(*tags[: len(tags) - i]).title == want


def test_meta_title_falls_back_to_article_title():
    assert meta(title="Site | The real article title is here").title == "The real article title is here"


def test_json_ld_wins_over_meta():
    json_ld = Metadata(title="LD", byline="LD by", excerpt="LD ex", site_name="LD site", published_time="LD t")
    result = meta(
        m("property", "og:title", "og"),
        m("name", "author", "meta author"),
        m("property", "og:description", "og desc"),
        m("property", "og:site_name", "og site"),
        m("property", "article:published_time", "2020"),
        json_ld=json_ld,
    )
    assert result == json_ld


def test_meta_byline_precedence_and_article_author_url():
    assert meta(m("name", "author", "A"), m("name", "dc:creator", "DC")).byline == "DC"
    assert meta(m("name", "parsely-author", "P"), m("name", "author", "A")).byline == "A"
    assert meta(m("property", "article:author", "Art"), m("name", "parsely-author", "P")).byline == "P"
    assert meta(m("property", "article:author", "Art Author")).byline == "Art Author"
    assert meta(m("property", "article:author", "https://facebook.com/someone")).byline is None
    assert meta(m("name", "twitter:creator", "@handle")).byline is None  # not in the byline chain


@pytest.mark.parametrize(
    "author, byline",
    [
        ("https://example.com/someone", None),
        ("urn:author:7", None),
        # new URL() throws on these, so _isUrl says no and they are the byline.
        ("http://[bad", "http://[bad"),
        ("http://exa mple.com/", "http://exa mple.com/"),
        ("https://example.com:99999/", "https://example.com:99999/"),
    ],
)
def test_article_author_that_is_a_url_is_no_byline(author, byline):
    assert meta(m("property", "article:author", author)).byline == byline


def test_meta_excerpt_precedence():
    tags = [
        m("name", "twitter:description", "tw"),
        m("name", "description", "plain"),
        m("name", "weibo:webpage:description", "wwp"),
        m("name", "weibo:article:description", "wa"),
        m("property", "og:description", "og"),
        m("name", "dcterm:description", "dcterm"),
        m("name", "DC.Description", "dc"),
    ]
    expected = ["dc", "dcterm", "og", "wa", "wwp", "plain", "tw"]
    for i, want in enumerate(expected):
        assert meta(*tags[: len(tags) - i]).excerpt == want


def test_meta_site_name_and_published_time():
    result = meta(
        m("property", "og:site_name", " Site "),
        m("name", "parsely-pub-date", "2019"),
        m("property", "article:published_time", "2021"),
    )
    assert (result.site_name, result.published_time) == ("Site", "2021")
    assert meta(m("name", "parsely-pub-date", "2019")).published_time == "2019"
    assert meta().published_time is None


def test_meta_space_separated_property_first_match_wins():
    result = meta(m("property", "foo og:title dc:title", "T"))
    assert result.title == "T"
    # dc:title is not stored: the first match (og:title) names the value.
    assert meta(m("property", "og:description dc:title", "D")).title == "Fallback document title"


def test_meta_property_takes_precedence_over_name_on_one_element():
    result = meta('<meta property="og:title" name="description" content="X">')
    assert result.title == "X"
    assert result.excerpt is None


def test_meta_name_pattern_must_match_whole_name():
    assert meta(m("name", "my-title", "no")).title == "Fallback document title"
    assert meta(m("name", " Title ", "yes")).title == "yes"


def test_meta_empty_content_ignored():
    assert meta(m("property", "og:title", ""), m("name", "title", "second")).title == "second"


def test_meta_values_unescaped():
    result = meta(
        m("property", "og:title", "Tom &amp;amp; Jerry &amp;#39;s"),
        m("name", "author", "A &amp;lt;b&amp;gt;"),
    )
    # lxml already decoded the attribute once; then &amp; -> & and &#39; -> '.
    assert result.title == "Tom & Jerry 's"
    assert result.byline == "A <b>"


def test_unescape_html_entities():
    assert unescape_html_entities("&quot;&amp;&apos;&lt;&gt;") == "\"&'<>"
    # One pass for named entities, then numeric ones, as in Readability.js.
    assert unescape_html_entities("&amp;lt; &amp;#39;") == "&lt; '"
    assert unescape_html_entities("&#x26;&#X41;&#65;") == "&AA"
    assert unescape_html_entities("&#0;&#x110000;&#xD800;") == "\ufffd\ufffd\ufffd"
    assert unescape_html_entities("&nbsp;&copy;") == "&nbsp;&copy;"
    assert unescape_html_entities("") == ""
    assert unescape_html_entities(None) is None


def test_title_length_counts_utf16_units_as_in_js():
    emoji = "\U0001f600" * 8  # .length === 16 in JavaScript
    assert title_of(emoji, "<h1>The heading of the article</h1>") == emoji
