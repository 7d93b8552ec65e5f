"""The ``scrapy-readability`` command line, run as a user runs it: a subprocess on files on disk."""

from __future__ import annotations

import gzip
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from testkit.crawling import subprocess_env
from tests.support.cli import NO_ARTICLE, PARAGRAPH, PNG, article_page, cli, cli_with_engine, on_terminal

pytestmark = pytest.mark.slow  # the command line in subprocesses


@pytest.fixture
def pages(tmp_path: Path) -> Path:
    """A folder of pages: nested, .htm, gzipped, a file that is not a page, one without an article, binary."""
    folder = tmp_path / "pages"
    (folder / "b" / "deeper").mkdir(parents=True)
    (folder / "a.html").write_text(article_page("Alpha"), encoding="utf-8")
    (folder / "b" / "c.htm").write_text(article_page("Gamma"), encoding="utf-8")
    (folder / "b" / "deeper" / "d.html.gz").write_bytes(gzip.compress(article_page("Delta").encode()))
    (folder / "b" / "notes.txt").write_text("not a page")
    return folder


def test_one_page_gives_one_json_object(tmp_path: Path, pages: Path) -> None:
    result = cli(tmp_path, str(pages / "a.html"))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""  # one page: no summary
    article = json.loads(result.stdout)
    assert article["title"] == "Alpha"
    assert article["url"] == (pages / "a.html").resolve().as_uri()
    assert "content" in article and "text" in article  # the default formats, html and text
    assert "markdown" not in article and "text_content" not in article
    assert article["text"].startswith("About Alpha\n\nA sentence of the story")
    assert list(article)[:4] == ["url", "title", "headline", "byline"]
    assert article["headline"] is None  # the refined article's, off by default


def test_the_console_script_is_installed(tmp_path: Path, pages: Path) -> None:
    script = shutil.which("scrapy-readability", path=str(Path(sys.executable).parent))
    assert script is not None
    result = subprocess.run(
        [script, "-f", "text", str(pages / "a.html")], capture_output=True, text=True, env=subprocess_env(), timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("About Alpha\n\nA sentence")


@pytest.mark.parametrize(
    ("fmt", "start", "contains"),
    [
        ("text", "About Alpha\n\nA sentence", "See the next page."),
        ("markdown", "## About Alpha\n\nA sentence", "See [the next page](https://example.com/next.html)."),
        # Sanitised as in a crawl (READABILITY_SANITIZE's default): ids get their prefix.
        ("html", '<div id="user-content-readability-page-1" class="page">', '<a href="https://example.com/next.html">'),
    ],
)
def test_one_representation(tmp_path: Path, pages: Path, fmt: str, start: str, contains: str) -> None:
    result = cli(tmp_path, "-f", fmt, "--url", "https://example.com/news/a.html", str(pages / "a.html"))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(start)
    assert contains in result.stdout
    assert result.stdout.endswith("\n")


def test_a_folder_gives_json_lines_in_order_and_a_summary(tmp_path: Path, pages: Path) -> None:
    single = pages.parent / "z.html"
    single.write_text(article_page("Zeta"))
    result = cli(tmp_path, str(single), str(pages), "--formats", "markdown,text_content")
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["title"] for r in records] == ["Zeta", "Alpha", "Gamma", "Delta"]  # arguments, then sorted paths
    assert [Path(r["path"]).name for r in records] == ["z.html", "a.html", "c.htm", "d.html.gz"]
    assert all(set(r) >= {"markdown", "text_content"} and not set(r) & {"content", "text"} for r in records)
    assert "4 pages, 4 extracted, 0 failed" in result.stderr


def test_failures_are_reported_and_the_rest_carry_on(tmp_path: Path, pages: Path) -> None:
    (pages / "empty.html").write_text(NO_ARTICLE)
    (pages / "image.html").write_bytes(PNG)
    corrupt = tmp_path / "corrupt.html.gz"
    corrupt.write_bytes(b"\x1f\x8b\x08\x00" + b"not deflate data at all")
    result = cli(tmp_path, str(pages), str(corrupt), "--workers", "2")
    assert result.returncode == 1
    assert [json.loads(line)["title"] for line in result.stdout.splitlines()] == ["Alpha", "Gamma", "Delta"]
    lines = result.stderr.splitlines()
    assert f"scrapy-readability: {pages / 'empty.html'}: no_article: the page has no readable content" in lines
    assert f"scrapy-readability: {pages / 'image.html'}: not_html: not HTML: the body looks like a PNG image" in lines
    assert any(line.startswith(f"scrapy-readability: {corrupt}: unreadable:") for line in lines)
    assert "6 pages, 3 extracted, 3 failed (no_article 1, not_html 1, unreadable 1)" in result.stderr


def test_a_corrupt_gzipped_page_is_unreadable_and_the_rest_carry_on(tmp_path: Path, pages: Path) -> None:
    (pages / "corrupt.html.gz").write_bytes(b"\x1f\x8b\x08\x00" + b"not deflate data at all")
    result = cli(tmp_path, str(pages))
    assert result.returncode == 1
    assert [json.loads(line)["title"] for line in result.stdout.splitlines()] == ["Alpha", "Gamma", "Delta"]
    assert f"scrapy-readability: {pages / 'corrupt.html.gz'}: unreadable: Error -3 while decompressing" in result.stderr
    assert "Traceback" not in result.stderr


def test_one_page_without_article(tmp_path: Path) -> None:
    (tmp_path / "empty.html").write_text(NO_ARTICLE)
    result = cli(tmp_path, "empty.html")
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == "scrapy-readability: empty.html: no_article: the page has no readable content\n"


def test_workers_keep_the_input_order(tmp_path: Path) -> None:
    folder = tmp_path / "many"
    folder.mkdir()
    for number in range(12):
        (folder / f"{number:02}.html").write_text(article_page(f"Page {number}") if number != 5 else NO_ARTICLE)
    one = cli(tmp_path, "many", "--workers", "1")
    two = cli(tmp_path, "many", "--workers", "2")
    assert one.returncode == two.returncode == 1
    assert one.stdout == two.stdout
    assert [json.loads(line)["title"] for line in two.stdout.splitlines()] == [f"Page {n}" for n in range(12) if n != 5]


@pytest.mark.parametrize(
    ("engine", "workers", "failure"),
    [
        (
            "tests.support.engine_stubs.HangsOnStarter",
            "2",
            "timeout: the extraction took longer than 3 s; its process was killed",
        ),
        # One worker extracts in this process: a thread cannot be killed, so its page is given up on.
        (
            "tests.support.engine_stubs.HangsOnStarter",
            "1",
            "timeout: the extraction took longer than 3 s; a thread cannot be",
        ),
        ("tests.support.engine_stubs.DiesOnStarter", "2", "worker_died: the extraction process exited with code 3"),
    ],
)
def test_a_page_that_hangs_or_kills_its_worker_fails_and_the_rest_arrive(
    tmp_path: Path, engine: str, workers: str, failure: str
) -> None:
    folder = tmp_path / "pages"
    folder.mkdir()
    for name in ("a", "b", "starter", "y", "z"):
        (folder / f"{name}.html").write_text(article_page(name.title()))
    # The stand-ins pick their page by its URL: --base-url gives each page one.
    result = cli_with_engine(
        tmp_path, engine, "pages", "--base-url", "https://e.test/", "--workers", workers, "--timeout", "3"
    )
    assert result.returncode == 1
    assert [json.loads(line)["title"] for line in result.stdout.splitlines()] == ["A", "B", "Y", "Z"]
    assert f"scrapy-readability: {Path('pages') / 'starter.html'}: {failure}" in result.stderr
    reason = failure.split(":")[0]
    assert f"5 pages, 4 extracted, 1 failed ({reason} 1)" in result.stderr


def test_workers_that_cannot_start_are_reported_once(tmp_path: Path, pages: Path) -> None:
    result = cli_with_engine(tmp_path, "tests.support.engine_stubs.NoSuchEngine", str(pages), "--workers", "2")
    assert result.returncode == 1
    assert result.stdout == ""
    [line] = [line for line in result.stderr.splitlines() if line.startswith("scrapy-readability:")]
    assert line.startswith(
        "scrapy-readability: the worker processes cannot start (AttributeError: module 'tests.support.engine_stubs'"
    )
    assert line.endswith("; --workers 1 extracts in this process")


def test_worker_options_reach_the_pool(tmp_path: Path) -> None:
    folder = tmp_path / "pages"
    folder.mkdir()
    for number in range(6):
        (folder / f"{number}.html").write_text(article_page(str(number)))
    kept = cli_with_engine(tmp_path, "tests.support.engine_stubs.PidAndMemory", "pages", "--workers", "2")
    recycled = cli_with_engine(
        tmp_path, "tests.support.engine_stubs.PidAndMemory", "pages", "--workers", "2", "--worker-max-pages", "1"
    )
    assert kept.returncode == recycled.returncode == 0, kept.stderr + recycled.stderr
    assert len({json.loads(line)["title"] for line in kept.stdout.splitlines()}) <= 2  # the titles are process ids
    assert len({json.loads(line)["title"] for line in recycled.stdout.splitlines()}) == 6  # a new process a page


@pytest.mark.skipif(not hasattr(os, "nice"), reason="Unix only")
def test_workers_keep_the_commands_priority(tmp_path: Path, pages: Path) -> None:
    """Unlike a crawl's (below its reactor): here the workers do all the work."""
    result = cli_with_engine(tmp_path, "tests.support.engine_stubs.Niceness", str(pages), "--workers", "2")
    assert result.returncode == 0, result.stderr
    assert {json.loads(line)["title"] for line in result.stdout.splitlines()} == {str(os.nice(0))}


def test_standard_input_and_output_file(tmp_path: Path) -> None:
    result = cli(tmp_path, "-", "--url", "https://example.com/a/", "-o", "out.json", input=article_page("Stdin"))
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
    article = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert article["title"] == "Stdin"
    assert article["url"] == "https://example.com/a/"
    assert 'href="https://example.com/next.html"' in article["content"]


def test_json_for_many_pages_is_an_array(tmp_path: Path, pages: Path) -> None:
    result = cli(tmp_path, "-f", "json", str(pages))
    assert result.returncode == 0, result.stderr
    assert [a["title"] for a in json.loads(result.stdout)] == ["Alpha", "Gamma", "Delta"]


def test_plain_formats_for_many_pages_have_headers(tmp_path: Path, pages: Path) -> None:
    result = cli(tmp_path, "-f", "text", str(pages / "a.html"), str(pages / "b" / "c.htm"))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"==> {pages / 'a.html'} <==\nAbout Alpha\n")
    assert f"\n\n==> {pages / 'b' / 'c.htm'} <==\nAbout Gamma\n" in result.stdout


def test_readerable_prints_the_verdict_only(tmp_path: Path, pages: Path) -> None:
    (pages / "empty.html").write_text(NO_ARTICLE)
    result = cli(tmp_path, "--readerable", str(pages / "a.html"), str(pages / "empty.html"))
    assert result.returncode == 0, result.stderr
    verdicts = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(Path(v["path"]).name, v["readerable"]) for v in verdicts] == [("a.html", True), ("empty.html", False)]
    one = cli(tmp_path, "--readerable", "-f", "text", "--min-score", "1000", str(pages / "a.html"))
    assert (one.returncode, one.stdout) == (0, "false\n")


def test_engine_options_come_from_the_settings_table(tmp_path: Path) -> None:
    page = tmp_path / "short.html"
    page.write_text("<html><body><article><p>Only a short paragraph of text here.</p></article></body></html>")
    help_text = cli(tmp_path, "--help").stdout
    for flag in (
        "--timeout",
        "--worker-max-memory",
        "--worker-max-pages",
        "--policy",
        "--char-threshold",
        "--nb-top-candidates",
        "--max-elems-to-parse",
        "--classes-to-preserve",
        "--keep-classes",
        "--disable-jsonld",
        "--allowed-video-regex",
        "--link-density-modifier",
        "--sanitize",
        "--no-sanitize",
        "--min-content-length",
        "--min-score",
        "--formats",
    ):
        assert flag in help_text
    strict = cli(tmp_path, "--policy", "strict", "--char-threshold", "10", str(page))
    assert strict.returncode == 0, strict.stderr
    assert json.loads(strict.stdout)["attempt"] == "strict"
    limited = cli(tmp_path, "--max-elems-to-parse", "2", str(page))
    assert limited.returncode == 1
    assert "too_many_elements" in limited.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--policy", "bogus", "x.html"], "--policy = 'bogus' is not valid; accepted values: 'auto'"),
        (["--char-threshold", "-1", "x.html"], "--char-threshold = '-1' is not valid"),
        (
            ["--formats", "html,pdf", "x.html"],
            "--formats = 'html,pdf' is not valid; accepted values: one or more of 'html'",
        ),
        (["-f", "pdf", "x.html"], "invalid choice: 'pdf'"),
        (["--url", "https://e.test/", "a.html", "b.html"], "--url applies to one page only"),
        (["--workers", "0", "x.html"], "--workers must be at least 1"),
        (["--timeout", "-1", "x.html"], "--timeout = '-1' is not valid; accepted values: a number of seconds >= 0"),
        (["--worker-max-memory", "lots", "x.html"], "--worker-max-memory = 'lots' is not valid"),
        (["-", "-"], "standard input (-) can be read only once"),
        ([], "the following arguments are required: PATH"),
        (
            ["missing.html"],
            "scrapy-readability: error: no such file or folder: missing.html (see scrapy-readability -h)",
        ),
        (["--formats", "", "x.html"], "--formats = '' is not valid; accepted values: one or more of 'html'"),
        (
            ["--url", "not-a-url", "x.html"],
            "--url 'not-a-url' is not an absolute URL (such as https://news.example/a.html)",
        ),
        (["--base-url", "pages/", "x.html"], "--base-url 'pages/' is not an absolute URL"),
        (["-s", "NOEQUALS", "x.html"], "-s NOEQUALS: expected NAME=VALUE"),  # as the crawl says it
        (["-s", "READABILITY_MIN_SCORE=high", "x.html"], "READABILITY_MIN_SCORE = 'high' is not valid"),
        (
            ["--url", "https://e.test/a", "--base-url", "https://e.test/", "x.html"],
            "argument --base-url: not allowed with argument --url",
        ),
    ],
)
def test_bad_usage_exits_2(tmp_path: Path, args: list[str], message: str) -> None:
    (tmp_path / "x.html").write_text(article_page("X"))
    for name in ("a.html", "b.html"):
        (tmp_path / name).write_text(article_page(name))
    result = cli(tmp_path, *args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert message in result.stderr


def test_warc_input(tmp_path: Path) -> None:
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    archive = tmp_path / "crawl.warc.gz"
    with archive.open("wb") as stream:
        writer = WARCWriter(stream, gzip=True)

        def response(uri: str, status: str, content_type: str, body: bytes, **headers: str) -> None:
            http = StatusAndHeaders(status, [("Content-Type", content_type), *headers.items()], protocol="HTTP/1.1")
            writer.write_record(writer.create_warc_record(uri, "response", payload=io.BytesIO(body), http_headers=http))

        request = StatusAndHeaders("GET / HTTP/1.1", [("Host", "news.example")], is_http_request=True)
        writer.write_record(writer.create_warc_record("https://news.example/1", "request", http_headers=request))
        # No <meta charset>: only the HTTP header says the body is Latin-1.
        latin = article_page("Caf\xe9 cr\xe8me").replace('<meta charset="utf-8">', "").encode("latin-1")
        response("https://news.example/1", "200 OK", "text/html; charset=iso-8859-1", latin)
        response("https://news.example/logo.png", "200 OK", "image/png", PNG)
        response("https://news.example/gone", "404 Not Found", "text/html", NO_ARTICLE.encode())
        response("https://news.example/2", "200 OK", "application/xhtml+xml", article_page("Second").encode())
        response(
            "https://news.example/3",
            "200 OK",
            "text/html",
            gzip.compress(article_page("Third").encode()),
            **{"Content-Encoding": "gzip"},
        )

    result = cli(tmp_path, "--warc", str(archive), "--formats", "text")
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["path"], r["url"], r["title"]) for r in records] == [
        ("https://news.example/1", "https://news.example/1", "Café crème"),
        ("https://news.example/2", "https://news.example/2", "Second"),
        ("https://news.example/3", "https://news.example/3", "Third"),
    ]
    assert "See the next page." in records[0]["text"]
    assert "3 pages, 3 extracted, 0 failed" in result.stderr

    folder = cli(tmp_path, "--warc", str(tmp_path), "-f", "text")  # a folder of archives
    assert folder.returncode == 0, folder.stderr
    assert folder.stdout.count("==> https://news.example/") == 3


def test_a_corrupt_warc_is_a_failure(tmp_path: Path) -> None:
    (tmp_path / "bad.warc").write_bytes(b"this is not a web archive\n" + PNG)
    result = cli(tmp_path, "--warc", "bad.warc")
    assert result.returncode == 1
    assert "scrapy-readability: bad.warc: bad_warc:" in result.stderr


def test_progress_bar_on_a_terminal_only(tmp_path: Path, pages: Path) -> None:
    status, shown = on_terminal(["-m", "scrapy_readability", str(pages), "-o", str(tmp_path / "out.jsonl")])
    assert status == 0
    assert b"\r1/3 pages, 0 failed, " in shown  # the first page always draws the bar: of how many
    assert re.search(rb" pages/s, \d+ (?:s|min) left", shown)  # how long is left depends on the machine's load
    assert b"3 pages, 3 extracted, 0 failed" in shown

    piped = cli(tmp_path, str(pages))  # standard error not a terminal: no bar
    assert "\r" not in piped.stderr


def test_pages_are_read_as_a_browser_builds_them(tmp_path: Path) -> None:
    """Issue 10's cases, end to end: the tree the page gives is HTML5's, as in a browser."""
    page = tmp_path / "html5.html"
    page.write_text(
        '<!DOCTYPE html><html lang="de"><head><title>Fähre</title></head><body><article>'
        '<p>Die erste Fähre fährt um 8.15 Uhr <span itemprop="time" content="8:15"/>am Samstag und Sonntag.'
        "</p><b><p>"
        + "Ein Satz über die Fähre, lang genug, um zu zählen. " * 12
        + "</p></b><hr noshade>"
        + PARAGRAPH
        + "</article></body></html><div>Werbung nach dem Ende der Seite</div>",
        encoding="utf-8",
    )
    result = cli(tmp_path, "--no-sanitize", str(page))
    assert result.returncode == 0, result.stderr
    article = json.loads(result.stdout)
    assert article["lang"] == "de"  # content after </html> goes into the body, not a second <html>
    assert (
        '<span itemprop="time" content="8:15">am Samstag und Sonntag.</span>' in article["content"]
    )  # "/>" closes nothing
    assert "<b><p>Ein Satz" in article["content"]  # a <p> inside <b> stays inside it
    assert '<hr noshade="">' in article["content"]


RUSSIAN = "Паромы по выходным отправляются на полчаса позже обычного, пока ремонтируют причал. " * 8


def test_encoding_forces_one_over_a_wrong_declaration(tmp_path: Path) -> None:
    """A page that says UTF-8 and is windows-1251: mojibake as declared, its text with --encoding (issue 21)."""
    head = '<html><head><meta charset="utf-8"><title>Паром</title></head>'
    page = f"{head}<body><article><p>{RUSSIAN}</p></article></body></html>"
    (tmp_path / "ferry.html").write_bytes(page.encode("windows-1251"))
    as_declared = cli(tmp_path, "ferry.html", "-f", "text")
    assert as_declared.returncode == 0 and "Паромы" not in as_declared.stdout and "\ufffd" in as_declared.stdout
    forced = cli(tmp_path, "ferry.html", "-f", "text", "--encoding", "windows-1251")
    assert forced.returncode == 0, forced.stderr
    assert forced.stdout.startswith("Паромы по выходным")
    verdict = cli(tmp_path, "ferry.html", "--readerable", "--encoding", "cp1251")
    assert json.loads(verdict.stdout)["readerable"] is True
    wrong = cli(tmp_path, "ferry.html", "--encoding", "klingon")
    assert wrong.returncode == 2 and "--encoding 'klingon' is not an encoding a browser knows" in wrong.stderr


def test_s_sets_any_setting_as_scrapys_does_and_the_flags_win(tmp_path: Path, pages: Path) -> None:
    """``-s`` takes any setting (a crawl's, too: this command reads the READABILITY_* ones); a flag wins."""
    page = str(pages / "a.html")
    result = cli(tmp_path, "-s", "LOG_LEVEL=INFO", "-s", "READABILITY_FORMATS=markdown", page)
    assert result.returncode == 0, result.stderr
    record = json.loads(result.stdout)
    assert "markdown" in record and "content" not in record
    flagged = cli(tmp_path, "-s", "READABILITY_FORMATS=markdown", "--formats", "text", page)
    assert "text" in json.loads(flagged.stdout) and "markdown" not in json.loads(flagged.stdout)
