"""Exactness tests against the test pages of Mozilla's Readability.js.

Every folder under ``tests/mozilla_pages/`` is one case; each gives three
tests, ``test_content`` (the article DOM node for node), ``test_metadata`` and
``test_readerable``. How each is compared is told in ``mozilla_harness.py``,
which other tests and scripts import too. Cases known to fail are listed in
``tests/mozilla_known_failures.py`` and run as strict xfails, so a fix shows up
as an XPASS that must be taken off the list; ``python
tests/update_known_failures.py`` prints the current state.
"""

from __future__ import annotations

from typing import Any

import pytest

from testkit.mozilla_harness import (
    CASES,
    check_content,
    check_metadata,
    check_readerable,
    compare_content,
    known_failures,
)


def _params(known: dict[str, str]) -> list[Any]:
    params = []
    for case in CASES:
        marks = []
        if case in known:
            marks.append(pytest.mark.xfail(strict=True, reason=known[case]))
        params.append(pytest.param(case, id=case, marks=marks))
    return params


_KNOWN = known_failures()


def _fail_on(message: str | None) -> None:
    if message is not None:
        pytest.fail(message, pytrace=False)


@pytest.mark.parametrize("case", _params(_KNOWN.CONTENT))
def test_content(case: str) -> None:
    _fail_on(check_content(case))


@pytest.mark.parametrize("case", _params(_KNOWN.METADATA))
def test_metadata(case: str) -> None:
    _fail_on(check_metadata(case))


@pytest.mark.parametrize("case", _params(_KNOWN.READERABLE))
def test_readerable(case: str) -> None:
    _fail_on(check_readerable(case))


def test_case_list_is_complete() -> None:
    """All 106 vendored cases are collected, and the known-failure lists name
    only real cases."""
    assert len(CASES) == 106
    for name in ("CONTENT", "METADATA", "READERABLE"):
        unknown = set(getattr(_KNOWN, name)) - set(CASES)
        assert not unknown, f"{name} lists cases that do not exist: {sorted(unknown)}"


def test_comparison_spots_differences() -> None:
    """The comparison itself: equal trees pass, real differences fail,
    whitespace moved at block edges does not count."""
    base = '<div id="readability-page-1" class="page"><p>Hello <em>big</em> world</p><img src="a.png" alt=""></div>'
    assert compare_content(base, base) is None
    pretty = (
        '<div id="readability-page-1" class="page">\n    <p>\n        Hello <em>big</em>  world\n'
        '    </p>\n    <img src="a.png" alt="">\n</div>'
    )
    assert compare_content(base, pretty) is None
    assert compare_content(base.replace("<!--", ""), base.replace("world", "wor<!-- x -->ld")) is None
    assert "text node" in compare_content(base, base.replace("world", "World"))
    assert "text node" in compare_content(base, base.replace("Hello <em>", "Hello<em>"))
    assert "start of a block" in compare_content(base.replace("<p>", "<p> "), base)
    assert "end of a block" in compare_content(base.replace("</p>", " </p>"), base)
    assert compare_content(base, base.replace("<p>", "<p> ").replace("</p>", "\n</p>")) is None
    assert "differs" in compare_content(base, base.replace("<em>big</em>", "<b>big</b>"))
    assert "attributes" in compare_content(base, base.replace('src="a.png"', 'src="b.png"'))
    assert "attributes" in compare_content(base, base.replace(' alt=""', ""))
    assert "ran out" in compare_content(base, base.replace("</div>", "<p>more</p></div>"))
    assert "ran out" in compare_content(base.replace("</div>", "<p>more</p></div>"), base)
    assert "differs" in compare_content(base, base.replace('class="page"', 'class="pages"'))
