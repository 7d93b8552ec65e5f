"""``Article``: its representations (``text``, ``markdown``) and ``to_dict(formats)``."""

from __future__ import annotations

import pickle

import pytest

from scrapy_readability import Readability
from scrapy_readability.engine.outputs.article import FORMATS, Article
from scrapy_readability.engine.outputs.markdown import to_markdown
from scrapy_readability.engine.outputs.text import article_text

PARAGRAPH = "<p>" + "A sentence of the article, long enough to count for something. " * 10 + "</p>"
HTML = (
    "<html><head><title>The title</title></head><body><article><h2>Part one</h2>"
    f"{PARAGRAPH}<ul><li>one</li><li>two</li></ul>{PARAGRAPH}</article></body></html>"
)


@pytest.fixture
def article() -> Article:
    parsed = Readability(HTML, url="https://example.com/a").parse()
    assert parsed is not None
    return parsed


def test_text_and_markdown_come_from_the_tree(article: Article) -> None:
    assert article.tree is not None
    assert article.text == article_text(article.tree)
    assert article.markdown == to_markdown(article.tree)
    assert article.text.startswith("Part one\n\nA sentence")
    assert "\n\none\ntwo\n\n" in article.text
    assert article.markdown.startswith("## Part one\n\nA sentence")
    assert "\n\n- one\n- two\n\n" in article.markdown


def test_an_article_built_from_content_alone_parses_it(article: Article) -> None:
    fields = article.to_dict(["html", "text_content"])
    rebuilt = Article(**fields)
    assert rebuilt.tree is None
    assert rebuilt.text == article.text
    assert rebuilt.markdown == article.markdown


def test_pickled_without_the_tree_but_with_what_was_computed(article: Article) -> None:
    text = article.text
    copy = pickle.loads(pickle.dumps(article))
    assert copy.tree is None
    assert copy.__dict__["text"] == text  # computed before pickling, not again
    assert copy.markdown == article.markdown  # computed afterwards, from content
    assert copy == article


@pytest.mark.parametrize(
    ("formats", "present", "absent"),
    [
        (["html", "text"], {"content", "text"}, {"markdown", "text_content"}),
        (["markdown"], {"markdown"}, {"content", "text", "text_content"}),
        (["text_content"], {"text_content"}, {"content", "text", "markdown"}),
        ([], set(), {"content", "text", "markdown", "text_content"}),
    ],
)
def test_to_dict_holds_the_chosen_formats_only(
    article: Article, formats: list[str], present: set[str], absent: set[str]
) -> None:
    data = article.to_dict(formats)
    assert present <= set(data)
    assert not absent & set(data)
    assert {"title", "byline", "length", "excerpt", "attempt"} <= set(data)


def test_to_dict_without_formats_holds_them_all(article: Article) -> None:
    data = article.to_dict()
    assert {FORMATS[name] for name in FORMATS} <= set(data)
    assert "tree" not in data


def test_unknown_format(article: Article) -> None:
    with pytest.raises(ValueError, match="unknown formats \\['pdf'\\]"):
        article.to_dict(["html", "pdf"])


@pytest.mark.parametrize("formats", ["text", "html,text", ""])
def test_formats_as_one_string_are_refused(article: Article, formats: str) -> None:
    """A string is iterable too: ``"text"`` would read as the formats t, e, x, t, and "" as none at all."""
    with pytest.raises(TypeError, match=f"formats must be a list of names, not a string: {formats!r}"):
        article.to_dict(formats)
