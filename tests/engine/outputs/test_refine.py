"""``engine/outputs/refine.py``: the refined article's repairs, and the default left exactly as it was."""

from __future__ import annotations

import pytest

from scrapy_readability import Readability
from scrapy_readability.engine.html.serialize import inner_html
from scrapy_readability.engine.outputs.refine import headline, refine_content
from tests.engine.rendering import content_div

BODY = "<p>" + "The story goes on for a while, with enough words to count as an article. " * 8 + "</p>"


def refined(html: str) -> str:
    div = content_div(html)
    refine_content(div)
    return inner_html(div)


def test_a_heading_with_nothing_under_it_at_the_end_goes() -> None:
    assert refined(BODY + "<h3>Comments</h3><p><h3>Add comment</h3></p>") == BODY
    assert refined(BODY + "<div><h2>Related posts</h2></div>") == BODY


def test_a_heading_with_something_under_it_stays() -> None:
    html = BODY + "<h3>Notes</h3><p>One note.</p>"
    assert refined(html) == html
    with_image = BODY + '<h3>Figure</h3><img src="a.png">'
    assert refined(with_image) == with_image


def test_an_article_that_is_a_heading_alone_keeps_it() -> None:
    assert refined("<h2>Only this</h2>") == "<h2>Only this</h2>"


def test_an_in_page_table_of_contents_goes() -> None:
    toc = '<nav><ul><li><a href="#intro">Intro</a></li><li><a href="#use">Use</a></li></ul></nav>'
    sections = f'<h2 id="intro">Intro</h2>{BODY}<h2 id="use">Use</h2>{BODY}'
    assert refined(toc + sections) == sections


@pytest.mark.parametrize(
    "listing",
    [
        '<ul><li><a href="#intro">Intro</a></li><li><a href="https://x.example/">Elsewhere</a></li></ul>',
        '<ul><li><a href="#nowhere">Missing</a></li></ul>',  # no such element in the article
        '<ul><li><a href="#intro">Intro</a>, and why it matters</li></ul>',  # text beside the links
    ],
)
def test_other_lists_stay(listing: str) -> None:
    html = f'{listing}<h2 id="intro">Intro</h2>{BODY}'
    assert refined(html) == html


def test_line_numbers_leave_the_code() -> None:
    table = (
        "<table><tbody><tr><th>app.py</th></tr><tr><td><pre>1\n2</pre></td>"
        "<td><pre>a = 1\nb = 2</pre></td></tr></tbody></table>"
    )
    assert refined(BODY + table + BODY) == BODY + "<p>app.py</p><pre>a = 1\nb = 2</pre>" + BODY


@pytest.mark.parametrize(
    ("title", "site", "url", "headings", "expected"),
    [
        ("OpenMP 1 - 0x7df", None, "https://0x7df.github.io/openmp-1.html", [], "OpenMP 1"),
        ("MQTT :: ODA Documentation Site", None, "http://127.0.0.1:8000/docs/mqtt/", ["ODA", "MQTT"], "MQTT"),
        ("How we ship | The Gazette", "The Gazette", "https://gazette.example/ship", [], "How we ship"),
        ("The Gazette — How we ship", "The Gazette", "https://gazette.example/ship", [], "How we ship"),
        ("A: the first letter", None, "https://x.example/a", [], "A: the first letter"),  # no spaced separator
        ("Left - Right", None, "https://x.example/a", [], "Left - Right"),  # nothing names the site
        (None, "S", "https://x.example/a", [], None),
    ],
)
def test_the_headline_is_the_title_without_the_sites_name(
    title: str | None, site: str | None, url: str, headings: list[str], expected: str | None
) -> None:
    assert headline(title, site, url, headings) == expected


PAGE = (
    "<html><head><title>Diffusion - 0x7df</title></head><body><div class='post'><h1>Diffusion</h1>"
    f"{BODY}<table><tr><td><pre>1\n2\n3</pre></td><td><pre>x = 1\ny = 2\nz = 3</pre></td></tr></table>{BODY}"
    "<h3>Add comment</h3></div></body></html>"
)


def test_refine_is_off_by_default_and_changes_nothing_of_the_default() -> None:
    default = Readability(PAGE, "https://0x7df.github.io/diffusion.html").parse()
    again = Readability(PAGE, "https://0x7df.github.io/diffusion.html", refine=False).parse()
    assert default is not None and again is not None
    assert default.headline is None and default.to_dict() == again.to_dict()
    assert default.text.endswith("Add comment") and "1\n2\n3" in default.text


def test_refined_article() -> None:
    article = Readability(PAGE, "https://0x7df.github.io/diffusion.html", refine=True).parse()
    default = Readability(PAGE, "https://0x7df.github.io/diffusion.html").parse()
    assert article is not None and default is not None
    assert article.headline == "Diffusion" and article.title == default.title  # Readability.js's title stays
    assert not article.text.endswith("Add comment") and "1\n2\n3" not in article.text
    assert "x = 1\ny = 2\nz = 3" in article.text
    assert article.length < default.length
