"""One page's job: an extraction or a preflight, its typed outcome, and the reason when there is no article."""

from __future__ import annotations

import pytest

from scrapy_readability.engine import Options, OutputOptions, PreflightOptions, is_probably_readable
from scrapy_readability.runtime.jobs import (
    FAILURE_REASONS,
    Engines,
    Extracted,
    Extraction,
    Failed,
    Judged,
    Preflight,
    extract,
    judge,
)
from tests.support.scrapy_site import ABOUT, LIGHTHOUSE, MEMBERS

URL = "https://news.example/articles/lighthouse.html"
ENGINES = Engines.load()


def test_an_article_comes_back_typed_with_the_chosen_formats():
    result = extract(
        Extraction(LIGHTHOUSE, URL, Options(sanitize=True), OutputOptions(formats=("markdown",))), ENGINES.engine
    )
    assert isinstance(result, Extracted)
    assert result.fields["title"] == "What the lighthouse logbooks tell us"
    assert "markdown" in result.fields and "content" not in result.fields
    assert result.seconds > 0 and result.trace == ()


@pytest.mark.parametrize(
    ("html", "options", "reason", "detail"),
    [
        (MEMBERS, Options(), "no_article", "the page has no readable content"),
        (LIGHTHOUSE, Options(max_elems_to_parse=10), "too_many_elements", "Aborting parsing document; "),
        (
            b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj",
            Options(),
            "not_html",
            "not HTML: the body looks like a PDF document",
        ),
        (42, Options(), "engine_error", "InputError: expected str, bytes or an lxml document"),  # not binary data
    ],
)
def test_no_article_comes_back_as_a_reason(html, options, reason, detail):
    result = extract(Extraction(html, URL, options), ENGINES.engine)
    assert isinstance(result, Failed)
    assert (result.reason, result.detail[: len(detail)]) == (reason, detail)
    assert result.reason in FAILURE_REASONS
    assert result.traceback is None


def test_a_bug_in_the_engine_comes_back_with_its_traceback():
    result = extract(Extraction(LIGHTHOUSE, URL), Engines.load("tests.support.engine_stubs.Exploding").engine)
    assert isinstance(result, Failed)
    assert (result.reason, result.detail) == ("exception", "RuntimeError: boom")
    assert result.traceback is not None and "RuntimeError: boom" in result.traceback


def test_a_preflight_comes_back_as_a_verdict():
    assert judge(Preflight(LIGHTHOUSE, URL), is_probably_readable).readerable is True  # type: ignore[union-attr]
    assert judge(Preflight(ABOUT, URL), is_probably_readable).readerable is False  # type: ignore[union-attr]
    strict = judge(Preflight(LIGHTHOUSE, URL, PreflightOptions(min_score=1000)), is_probably_readable)
    assert isinstance(strict, Judged) and strict.readerable is False
    unreadable = judge(Preflight(b"%PDF-1.7\n%\xe2\xe3", URL, content_type="application/pdf"), is_probably_readable)
    assert isinstance(unreadable, Failed) and unreadable.reason == "not_html"


def test_engines_load_by_dotted_path_or_say_why_not():
    with pytest.raises(TypeError, match="is not a class"):
        Engines.load("scrapy_readability.engine.is_probably_readable")
    with pytest.raises(ImportError):
        Engines.load("tests.support.broken_engine.Readability")
