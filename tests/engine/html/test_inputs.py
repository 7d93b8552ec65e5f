"""Pages a crawler hands over: a Scrapy response or a parsel Selector, read by their shape (engine/inputs.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from lxml import etree
from parsel import Selector
from scrapy import Request
from scrapy.http import HtmlResponse, Response, TextResponse

from scrapy_readability import InputError, Readability, is_probably_readable
from testkit.crawling import scrapy as run_scrapy
from testkit.localserver import serve
from tests.support.scrapy_site import ABOUT, LIGHTHOUSE

ROOT = Path(__file__).resolve().parents[3]
URL = "https://news.example/2025/lighthouse.html"
TITLE = "What the lighthouse logbooks tell us"
# A relative link, to see which URL the article's links were resolved against.
PAGE = LIGHTHOUSE.replace("<h1>", '<p><a href="logbooks/volume-1.html">Volume one</a></p><h1>')


def html_response(body: str = PAGE, url: str = URL, **kwargs: object) -> HtmlResponse:
    return HtmlResponse(url, body=body.encode("utf-8"), encoding="utf-8", request=Request(url), **kwargs)


def test_a_scrapy_response_is_read_with_its_url() -> None:
    article = Readability(html_response()).parse()
    assert article is not None and article.title == TITLE
    assert 'href="https://news.example/2025/logbooks/volume-1.html"' in article.content  # the response's URL
    assert (
        Readability(html_response(), url="https://other.example/x/")
        .parse()
        .content.count("https://other.example/x/logbooks/")
    )
    assert is_probably_readable(html_response()) is True
    assert is_probably_readable(html_response(ABOUT)) is False


def test_a_response_is_decoded_as_scrapy_decodes_it() -> None:
    """The charset of the Content-Type header; a response without text is read from its bytes and headers."""
    body = PAGE.replace('<meta charset="utf-8">', "").replace("Maren Holt", "Søren Ærø").encode("latin-1")
    headers = {"Content-Type": "text/html; charset=iso-8859-1"}
    text_response = HtmlResponse(URL, body=body, headers=headers)
    assert Readability(text_response).parse().byline == "Søren Ærø"

    class BodyOnly:  # the shape alone: .url, .body and .headers (bytes, as Scrapy's Headers hold them)
        url = URL

        def __init__(self) -> None:
            self.body = body
            self.headers = {"Content-Type": headers["Content-Type"].encode()}

    article = Readability(BodyOnly()).parse()
    assert article.byline == "Søren Ærø" and "volume-1.html" in article.content


def test_a_binary_response_is_refused_as_bytes_are() -> None:
    pdf = Response("https://news.example/report.pdf", body=b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n")
    with pytest.raises(InputError, match="not HTML: the body looks like a PDF document"):
        Readability(pdf)
    assert is_probably_readable(pdf) is False
    assert Readability(TextResponse(URL, body=PAGE.encode(), encoding="utf-8")).parse().title == TITLE


def test_a_selector_is_read_and_left_as_it_was() -> None:
    response = html_response()
    selector = response.selector
    before = etree.tostring(selector.root)
    article = Readability(selector, url=URL).parse()
    assert article is not None and article.title == TITLE
    assert etree.tostring(selector.root) == before  # parse() worked on a copy
    assert response.css("nav.menu a::text").getall() == ["Home", "About"]
    assert is_probably_readable(selector) is True
    assert etree.tostring(selector.root) == before
    # a selector of one element stands for its document; a plain parsel Selector works the same
    assert Readability(response.css("article")[0]).parse().title == TITLE
    assert Readability(Selector(text=PAGE)).parse().title == TITLE


def test_a_selector_of_another_type_is_refused() -> None:
    with pytest.raises(InputError, match="expected an HTML selector, got a selector of type 'xml'"):
        Readability(Selector(text="<rss><channel><title>x</title></channel></rss>", type="xml"))


@pytest.mark.parametrize("bad", [None, 42, ["<p>"], {"html": "x"}, object()])
def test_other_objects_are_still_refused(bad: object) -> None:
    with pytest.raises(InputError, match="expected str, bytes or an lxml document"):
        Readability(bad)


def test_the_engine_imports_neither_scrapy_nor_parsel() -> None:
    code = (
        "import sys, scrapy_readability.engine\n"
        "print(sorted({name.split('.')[0] for name in sys.modules} & {'scrapy', 'parsel', 'twisted'}))"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_in_scrapy_shell(tmp_path: Path) -> None:
    """What a user types in ``scrapy shell URL``: ``Readability(response).parse()`` (``-c`` takes an expression)."""
    with serve({"/2025/lighthouse.html": PAGE}) as site:
        package = "__import__('scrapy_readability')"
        article = f"{package}.Readability(response).parse()"
        code = f"({package}.is_probably_readable(response), {article}.title, {article}.markdown.splitlines()[0])"
        result = run_scrapy(["shell", "--nolog", f"{site}/2025/lighthouse.html", "-c", code], tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    link = f"[Volume one]({site}/2025/logbooks/volume-1.html)"  # resolved against the response's URL
    assert result.stdout.strip() == repr((True, TITLE, link))


def test_a_response_parsed_once_serves_the_preflight_and_the_extraction() -> None:
    from scrapy_readability import parse_page

    page = parse_page(html_response())
    assert page.url == URL
    assert is_probably_readable(page) is True
    article = Readability(page).parse()
    assert article is not None and article.to_dict() == Readability(html_response()).parse().to_dict()
