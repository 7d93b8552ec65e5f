"""``scrapy readability URL``: a real ``scrapy`` process against the local test server."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from testkit.crawling import scrapy
from testkit.localserver import LocalSite, Page, serve

pytestmark = pytest.mark.slow  # scrapy readability in subprocesses

PARAGRAPH = "<p>" + "The council met on Tuesday and agreed the budget for the coming year. " * 8 + "</p>"
STORY = (
    "<html><head><title>Budget agreed</title></head><body><nav><a href='/'>Home</a></nav>"
    f"<article><h2>What was agreed</h2>{PARAGRAPH}<p>Read <a href='/minutes'>the minutes</a>.</p>{PARAGRAPH}"
    "</article></body></html>"
)
SHORT = "<html><head><title>Short</title></head><body><p>Hello.</p></body></html>"
PAGES = {
    "/story": STORY,
    "/starter.html": STORY,
    "/short": SHORT,
    "/old-story": Page.redirect("/story"),
    "/gone": Page(STORY.replace("Budget agreed", "Page not found"), status=404),
    "/broken": Page(STORY, status=503),
    "/image": Page(b"\x89PNG\r\n\x1a\n" + bytes(200), content_type="image/png"),
}


@pytest.fixture(scope="module")
def site() -> Iterator[LocalSite]:
    with serve(PAGES) as running:
        yield running


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A Scrapy project with the add-on, a policy of its own, and pages not readerable dropped."""
    (tmp_path / "scrapy.cfg").write_text("[settings]\ndefault = tuning.settings\n")
    package = tmp_path / "tuning"
    (package / "spiders").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "spiders" / "__init__.py").write_text("")
    (package / "settings.py").write_text(
        'BOT_NAME = "tuning"\nSPIDER_MODULES = ["tuning.spiders"]\nROBOTSTXT_OBEY = False\n'
        'ADDONS = {"scrapy_readability.Addon": 0}\n'
        'READABILITY_POLICY = "raw"\nREADABILITY_PREFLIGHT_ACTION = "drop"\n'
    )
    return tmp_path


def readability(cwd: Path, *args: str):  # type: ignore[no-untyped-def]
    return scrapy(["readability", "--nolog", *args], cwd)


def test_prints_the_verdict_and_the_article(tmp_path: Path, site: LocalSite) -> None:
    result = readability(tmp_path, f"{site}/story")
    assert result.returncode == 0, result.stderr
    article = json.loads(result.stdout)
    assert (article["url"], article["status"], article["readerable"]) == (f"{site}/story", 200, True)
    assert article["title"] == "Budget agreed"
    assert article["attempt"] == "strict"
    assert article["text"].startswith("What was agreed\n\nThe council met")
    assert "content" in article and "markdown" not in article


def test_the_extraction_runs_in_the_crawls_pool_with_the_settings(tmp_path: Path, site: LocalSite) -> None:
    """READABILITY_ENGINE, the workers and READABILITY_TIMEOUT apply, as in a crawl: never on the reactor thread."""
    engine = "READABILITY_ENGINE=tests.support.engine_stubs.WhoAmI"
    threads = readability(tmp_path, f"{site}/story", "-s", engine)
    assert threads.returncode == 0, threads.stderr
    pid, thread = json.loads(threads.stdout)["title"].split(" ", 1)
    assert thread != "MainThread"  # a thread of the pool, not the reactor's
    workers = readability(tmp_path, f"{site}/story", "-s", engine, "-s", "READABILITY_WORKERS=1")
    assert workers.returncode == 0, workers.stderr
    assert json.loads(workers.stdout)["title"].split(" ", 1)[0] != pid  # a worker process
    hangs = "READABILITY_ENGINE=tests.support.engine_stubs.HangsOnStarter"
    timed_out = readability(tmp_path, f"{site}/starter.html", "-s", hangs, "-s", "READABILITY_TIMEOUT=1")
    assert timed_out.returncode == 1
    assert "timeout" in timed_out.stderr


def test_follows_redirects_and_prints_markdown(tmp_path: Path, site: LocalSite) -> None:
    result = readability(tmp_path, "-f", "markdown", f"{site}/old-story")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("## What was agreed\n\nThe council met")
    assert f"Read [the minutes]({site}/minutes)." in result.stdout
    assert "readerable: yes" in result.stderr
    assert site.fetched("/old-story") and site.fetched("/story")


def test_the_project_settings_and_middlewares_apply(project: Path, site: LocalSite) -> None:
    raw = readability(project, f"{site}/story")
    assert raw.returncode == 0, raw.stderr
    assert json.loads(raw.stdout)["attempt"] == "raw"  # READABILITY_POLICY of the project
    strict = readability(project, "--policy", "strict", "--formats", "markdown", f"{site}/story")
    assert strict.returncode == 0, strict.stderr
    assert json.loads(strict.stdout)["attempt"] == "strict"  # the flag wins
    assert "markdown" in json.loads(strict.stdout)
    # The project's preflight middleware drops what is not readerable: nothing reaches the command.
    dropped = readability(project, f"{site}/short")
    assert dropped.returncode == 1
    assert dropped.stdout == ""
    assert f"scrapy readability: {site}/short: dropped by a middleware (" in dropped.stderr


def test_a_page_without_article(tmp_path: Path, site: LocalSite) -> None:
    result = readability(tmp_path, "-f", "text", f"{site}/image")
    assert result.returncode == 1
    assert result.stdout == ""
    assert "not a text response" in result.stderr


@pytest.mark.parametrize(("path", "status"), [("/gone", 404), ("/broken", 503)])
def test_an_error_page_is_reported_not_extracted(tmp_path: Path, site: LocalSite, path: str, status: int) -> None:
    """An error page often reads as an article (a 404 page with a paragraph of apology): exit 1, with the status."""
    result = readability(tmp_path, f"{site}{path}")
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == (
        f"scrapy readability: {site}{path}: HTTP {status}: an error page, not extracted "
        "(--allow-error-status extracts it)\n"
    )


def test_an_error_page_on_request(tmp_path: Path, site: LocalSite) -> None:
    allowed = readability(tmp_path, "--allow-error-status", f"{site}/gone")
    assert allowed.returncode == 0, allowed.stderr
    record = json.loads(allowed.stdout)
    assert (record["status"], record["title"]) == (404, "Page not found")
    assert "HTTP status: 404" in allowed.stderr
    # Scrapy's own way says so too (HTTPERROR_ALLOW_ALL, or HTTPERROR_ALLOWED_CODES in a project).
    by_setting = readability(tmp_path, "-s", "HTTPERROR_ALLOW_ALL=1", "-f", "text", f"{site}/gone")
    assert by_setting.returncode == 0, by_setting.stderr
    assert by_setting.stdout.startswith("What was agreed")
    assert "HTTP status: 404" in by_setting.stderr


def test_a_redirect_not_followed_is_named(tmp_path: Path, site: LocalSite) -> None:
    result = readability(tmp_path, "--no-redirect", f"{site}/old-story")
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == (
        f"scrapy readability: {site}/old-story: a redirect (HTTP 301) to /story, not followed (--no-redirect)\n"
    )
    assert not site.fetched("/story") or site.fetched("/old-story")


def test_a_failed_download_is_named(tmp_path: Path) -> None:
    result = readability(tmp_path, "http://127.0.0.1:9/nothing-listens-here")
    assert result.returncode == 1
    assert "scrapy readability: http://127.0.0.1:9/nothing-listens-here: the download failed: " in result.stderr


def test_help_is_readable(tmp_path: Path) -> None:
    """Scrapy's help formatter underlines headings only, and the help lists no flag that does nothing."""
    result = scrapy(["readability", "-h"], tmp_path)
    assert result.returncode == 0, result.stderr
    help_text = result.stdout
    lines = help_text.splitlines()
    underlined = [lines[i - 1] for i, line in enumerate(lines) if line and set(line) <= {"=", "-"}]
    assert underlined == [
        "Usage",
        "Options",
        "Global Options",
        "Extraction options (as the READABILITY_* settings of the same names)",
    ]
    for i, line in enumerate(lines):
        if line and set(line) <= {"=", "-"}:
            assert len(line) == len(lines[i - 1])  # an underline, as long as its heading
    assert "Readability.js's retry ladder), or one pass: strict, moderate, clean" in " ".join(help_text.split())
    assert "--headers" not in help_text  # fetch's flag: it would print headers, not an article
    for flag in ("--spider", "--no-redirect", "--allow-error-status", "--format", "--char-threshold", "--nolog"):
        assert flag in help_text


def test_bad_flags(tmp_path: Path, site: LocalSite) -> None:
    result = readability(tmp_path, "--char-threshold", "none", f"{site}/story")
    assert result.returncode == 2
    assert "--char-threshold = 'none' is not valid" in result.stderr
    assert readability(tmp_path).returncode == 2  # no URL


TRACE = "[scrapy_readability.engine] DEBUG: Candidate: <article>"


def test_the_engine_trace_only_when_asked(
    project: Path, site: LocalSite, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Logged like a crawl: Scrapy's DEBUG lines, but the engine's trace only with READABILITY_DEBUG or --debug."""
    bare = tmp_path_factory.mktemp("no-project")  # Scrapy's defaults: LOG_LEVEL DEBUG
    quiet = scrapy(["readability", f"{site}/story"], bare)
    assert quiet.returncode == 0, quiet.stderr
    assert "DEBUG: Crawled (200)" in quiet.stderr and "scrapy_readability.engine" not in quiet.stderr
    asked = scrapy(["readability", "-s", "READABILITY_DEBUG=1", f"{site}/story"], bare)
    assert asked.returncode == 0, asked.stderr
    assert TRACE in asked.stderr
    by_flag = scrapy(["readability", "--debug", f"{site}/story"], project)
    assert by_flag.returncode == 0, by_flag.stderr
    assert "[scrapy_readability.engine] DEBUG: Candidate:" in by_flag.stderr
    assert json.loads(by_flag.stdout)["attempt"] == "raw"  # the project's settings: its policy
