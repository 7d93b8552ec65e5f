"""One page's job: an extraction or a preflight, its typed outcome, and the reason when there is no article."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scrapy_readability.engine import Options, OutputOptions, PreflightOptions, Readability, is_probably_readable
from scrapy_readability.runtime.jobs import (
    FAILURE_REASONS,
    KEPT_CHARACTERS,
    Engines,
    Extracted,
    Extraction,
    Failed,
    Judged,
    ParsedPages,
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


# --- One parse for the preflight and the extraction ------------------------------------------------


def _vendored_pages() -> list[tuple[str, str]]:
    from tests.support.mozilla_harness import BASE_URL, CASES, PAGES_DIR

    return [((PAGES_DIR / case / "source.html").read_text(encoding="utf-8"), BASE_URL) for case in CASES[::7]]


def test_an_extraction_takes_its_preflights_tree_and_gives_the_same_article():
    """A readerable page's preflight keeps its tree; its extraction takes it and gives what parsing again gives."""
    parsed = ParsedPages()
    taken = 0
    for html, url in [(LIGHTHOUSE, URL), *_vendored_pages()]:
        verdict = judge(Preflight(html, url), ENGINES.check, parsed)
        assert verdict == replace(judge(Preflight(html, url), ENGINES.check), seconds=verdict.seconds)
        kept = isinstance(verdict, Judged) and verdict.readerable and len(html) <= KEPT_CHARACTERS // 4
        assert len(parsed) == kept
        shared = extract(Extraction(html, url, Options(sanitize=True)), ENGINES.engine, parsed)
        alone = extract(Extraction(html, url, Options(sanitize=True)), ENGINES.engine)
        assert len(parsed) == 0
        if isinstance(shared, Extracted):
            assert isinstance(alone, Extracted) and shared.fields == alone.fields
            assert shared.preflight_tree == kept and not alone.preflight_tree
            taken += shared.preflight_tree
        else:
            assert alone == replace(shared, seconds=alone.seconds)
    assert taken >= 10


def test_a_tree_is_taken_only_for_the_page_its_preflight_read():
    parsed = ParsedPages()
    judge(Preflight(LIGHTHOUSE, URL), ENGINES.check, parsed)
    for other in (
        Extraction(LIGHTHOUSE, URL + "?page=2"),  # another URL: links resolve against it
        Extraction(LIGHTHOUSE.encode(), URL),  # bytes: decoded by their own declarations
        Extraction(LIGHTHOUSE, URL, encoding="cp1252"),
        Extraction(LIGHTHOUSE.replace("lighthouse", "Lighthouse"), URL),
    ):
        result = extract(other, ENGINES.engine, parsed)
        assert isinstance(result, Extracted) and not result.preflight_tree
    assert len(parsed) == 1
    result = extract(Extraction(LIGHTHOUSE, URL), ENGINES.engine, parsed)
    assert isinstance(result, Extracted) and result.preflight_tree and len(parsed) == 0
    result = extract(Extraction(LIGHTHOUSE, URL), ENGINES.engine, parsed)  # taken once: parsed again
    assert isinstance(result, Extracted) and not result.preflight_tree


def test_pages_not_kept_not_readerable_not_html_too_big_or_another_check():
    parsed = ParsedPages(pages=2, characters=4 * len(LIGHTHOUSE))
    assert judge(Preflight(ABOUT, URL), ENGINES.check, parsed) == Judged(False, pytest.approx(0, abs=5))
    not_html = "%PDF-1.4\n\x00\x01\x02 binary"
    assert judge(Preflight(not_html, URL), ENGINES.check, parsed) == replace(
        judge(Preflight(not_html, URL), ENGINES.check), seconds=pytest.approx(0, abs=5)
    )  # judged as without sharing, not failed
    assert len(parsed) == 0
    judge(Preflight(LIGHTHOUSE + " " * len(LIGHTHOUSE), URL), ENGINES.check, parsed)  # over a quarter of the bound
    judge(Preflight(LIGHTHOUSE, URL), lambda html, **options: is_probably_readable(html, **options), parsed)  # a user's
    assert len(parsed) == 0
    for n in range(3):  # the oldest goes first
        judge(Preflight(LIGHTHOUSE, f"{URL}?n={n}"), ENGINES.check, parsed)
    assert len(parsed) == 2
    assert not extract(Extraction(LIGHTHOUSE, f"{URL}?n=0"), ENGINES.engine, parsed).preflight_tree  # type: ignore[union-attr]
    assert extract(Extraction(LIGHTHOUSE, f"{URL}?n=2"), ENGINES.engine, parsed).preflight_tree  # type: ignore[union-attr]


class OwnInit(Readability):
    """A user's engine that builds itself its own way: it is given the page, never a tree."""

    def __init__(self, html: object, url: str | None = None, **options: object) -> None:
        assert isinstance(html, str)
        super().__init__(html, url, **options)


def test_an_engine_with_its_own_constructor_gets_the_page():
    parsed = ParsedPages()
    judge(Preflight(LIGHTHOUSE, URL), ENGINES.check, parsed)
    result = extract(Extraction(LIGHTHOUSE, URL), OwnInit, parsed)
    assert isinstance(result, Extracted) and not result.preflight_tree
    assert len(parsed) == 1  # left for an extraction that can read it (or pushed out by newer ones)
