"""What ``scrapy-readability`` makes of its inputs: links of pages on disk, web archives by their content, damage."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from tests.engine.html.test_decoding import FIXTURES
from tests.support.cli import PARAGRAPH, article_page, cli, web_archive, web_archive_and_offsets

pytestmark = pytest.mark.slow  # the command line in subprocesses

LINKS = (
    '<p>Read <a href="next.html">the next story</a>, <a href="../index.html">the front page</a>,'
    ' <a href="/about.html">about us</a> and <a href="#notes">the notes</a>.</p>'
    '<p><img src="images/map.png" alt="A map"> <img src="/logo.png" alt="Logo"></p><p id="notes">Notes.</p>'
)


def links_page(title: str) -> str:
    return (
        f"<html><head><title>{title}</title></head><body><article>{PARAGRAPH}{LINKS}{PARAGRAPH}</article></body></html>"
    )


def anchors(html: str) -> list[str]:
    return re.findall(r"<(?:a|img)\b[^>]*>", html)


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A mirrored site: site/2025/ferry.html, with links relative to it and to the site's root."""
    folder = tmp_path / "site" / "2025"
    folder.mkdir(parents=True)
    (folder / "ferry.html").write_text(links_page("Ferry"), encoding="utf-8")
    (tmp_path / "site" / "front.html").write_text(links_page("Front"), encoding="utf-8")
    return tmp_path / "site"


def test_links_of_a_file_stay_relative(tmp_path: Path, site: Path) -> None:
    """No URL given: a page's links are kept as it has them (sanitising drops file: URLs, which they would become)."""
    result = cli(tmp_path, "-f", "html", str(site / "2025" / "ferry.html"))
    assert result.returncode == 0, result.stderr
    assert anchors(result.stdout)[:6] == [
        '<a href="next.html">',
        '<a href="../index.html">',
        '<a href="/about.html">',
        '<a href="#user-content-notes">',  # sanitised: the target's id has its prefix, and so has the link
        '<img src="images/map.png" alt="A map">',
        '<img src="/logo.png" alt="Logo">',
    ]
    record = json.loads(cli(tmp_path, str(site / "2025" / "ferry.html")).stdout)
    assert record["url"] == (site / "2025" / "ferry.html").resolve().as_uri()  # where it came from
    markdown = cli(tmp_path, "-f", "markdown", "--no-sanitize", str(site / "2025" / "ferry.html")).stdout
    assert "[the next story](next.html)" in markdown and "![A map](images/map.png)" in markdown


def test_url_resolves_the_links(tmp_path: Path, site: Path) -> None:
    result = cli(
        tmp_path, "-f", "html", "--url", "https://news.example/2025/ferry.html", str(site / "2025" / "ferry.html")
    )
    assert result.returncode == 0, result.stderr
    assert anchors(result.stdout)[:6] == [
        '<a href="https://news.example/2025/next.html">',
        '<a href="https://news.example/index.html">',
        '<a href="https://news.example/about.html">',
        '<a href="#user-content-notes">',
        '<img src="https://news.example/2025/images/map.png" alt="A map">',
        '<img src="https://news.example/logo.png" alt="Logo">',
    ]


def test_base_url_publishes_a_folder(tmp_path: Path, site: Path) -> None:
    """Each page's URL is the base followed by its path in the folder; its links resolve against that."""
    result = cli(tmp_path, "--base-url", "https://news.example", "--formats", "markdown", str(site))
    assert result.returncode == 0, result.stderr
    records = {record["title"]: record for record in map(json.loads, result.stdout.splitlines())}
    ferry, front = records["Ferry"], records["Front"]
    assert (ferry["url"], front["url"]) == ("https://news.example/2025/ferry.html", "https://news.example/front.html")
    assert "[the next story](https://news.example/2025/next.html)" in ferry["markdown"]
    assert "[the front page](https://news.example/index.html)" in ferry["markdown"]
    assert "![A map](https://news.example/2025/images/map.png)" in ferry["markdown"]
    assert "[the next story](https://news.example/next.html)" in front["markdown"]
    one = cli(tmp_path, "--base-url", "https://news.example/2025/", "-f", "markdown", str(site / "2025" / "ferry.html"))
    assert "[the next story](https://news.example/2025/next.html)" in one.stdout  # a file: its name


def test_a_web_archive_is_recognised_by_its_content(tmp_path: Path) -> None:
    responses = [
        ("https://news.example/1", "200 OK", "text/html", article_page("First").encode()),
        ("https://news.example/2", "200 OK", "text/html", article_page("Second").encode()),
    ]
    (tmp_path / "crawl.warc.gz").write_bytes(web_archive(responses))
    (tmp_path / "plain.warc").write_bytes(web_archive(responses, gzipped=False))
    (tmp_path / "misnamed.html").write_bytes(web_archive(responses))  # named as a page
    for name in ("crawl.warc.gz", "plain.warc", "misnamed.html"):
        result = cli(tmp_path, "--formats", "text", name)
        assert result.returncode == 0, result.stderr
        records = [json.loads(line) for line in result.stdout.splitlines()]
        assert [(r["path"], r["title"]) for r in records] == [
            ("https://news.example/1", "First"),
            ("https://news.example/2", "Second"),
        ], name
        assert "2 pages, 2 extracted, 0 failed" in result.stderr
    folder = tmp_path / "mixed"
    folder.mkdir()
    (folder / "a.html").write_text(article_page("Page"))
    (folder / "b.warc.gz").write_bytes(web_archive(responses))
    (folder / "notes.txt").write_text("not a page")
    mixed = cli(tmp_path, "-f", "text", "mixed")  # a folder: its pages and its archives
    assert mixed.returncode == 0, mixed.stderr
    assert re.findall(r"==> (.*) <==", mixed.stdout) == [
        str(Path("mixed") / "a.html"),
        "https://news.example/1",
        "https://news.example/2",
    ]
    gzipped_page = tmp_path / "page.html.gz"  # gzipped HTML is still a page
    gzipped_page.write_bytes(gzip.compress(article_page("Gzipped").encode()))
    assert json.loads(cli(tmp_path, str(gzipped_page)).stdout)["title"] == "Gzipped"


@pytest.mark.parametrize("header", ["text/html", "text/html; charset=utf-16"])
def test_a_web_archive_of_utf16_pages_in_other_scripts(tmp_path: Path, header: str) -> None:
    """Russian and Japanese in UTF-16 inside WARC records (a byte-order mark, or the record's HTTP charset)."""
    responses, expected = [], []
    for number, lang in enumerate(("ru", "ja")):
        text = (FIXTURES / "texts" / f"{lang}.txt").read_text("utf-8")
        title, paragraph = text.splitlines()[0], text.partition("\n\n")[2].split("\n\n")[0].strip()
        article = f"<article><p>{paragraph}</p>{PARAGRAPH}</article>"
        html = f"<html><head><title>{title}</title></head><body>{article}</body></html>"
        body = html.encode("utf-16") if header == "text/html" else html.encode("utf-16-le")  # with a BOM, or none
        responses.append((f"https://news.example/{number}", "200 OK", header, body))
        expected.append((title, paragraph))
    (tmp_path / "utf16.warc.gz").write_bytes(web_archive(responses))
    result = cli(tmp_path, "--formats", "text", "utf16.warc.gz")
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) == len(expected)
    for record, (title, paragraph) in zip(records, expected, strict=True):
        assert record["title"] == title and paragraph in record["text"], record


@pytest.mark.parametrize("gzipped", [True, False])
@pytest.mark.parametrize("damage", ["cut", "flipped"])
def test_a_damaged_web_archive_gives_what_it_can(tmp_path: Path, gzipped: bool, damage: str) -> None:
    """The records before the damage, then bad_warc with the byte offset of the record where it is; exit 1."""
    titles = [f"Story {n}" for n in range(4)]
    responses = [
        (f"https://news.example/{n}", "200 OK", "text/html", article_page(t).encode()) for n, t in enumerate(titles)
    ]
    whole, starts = web_archive_and_offsets(responses, gzipped)
    middle = (starts[2] + starts[3]) // 2  # inside the third response record
    if damage == "cut":
        broken = whole[:middle]
    else:
        broken = whole[:middle] + bytes(b ^ 0x55 for b in whole[middle : middle + 8]) + whole[middle + 8 :]
    (tmp_path / "crawl.warc").write_bytes(broken)
    result = cli(tmp_path, "--formats", "text", "crawl.warc")
    assert result.returncode == 1
    extracted = [json.loads(line)["title"] for line in result.stdout.splitlines()]
    # A flipped byte in an uncompressed record fails its digest: the records after it are whole.
    assert extracted == titles[:2] + (titles[3:] if damage == "flipped" and not gzipped else [])
    [line] = [line for line in result.stderr.splitlines() if ": bad_warc: " in line]
    assert line.startswith(f"scrapy-readability: crawl.warc: bad_warc: at byte {starts[2]}: "), line
    assert "Traceback" not in result.stderr and "WARNING" not in result.stderr  # nor warcio's own warnings
    assert f"{len(extracted) + 1} pages, {len(extracted)} extracted, 1 failed (bad_warc 1)" in result.stderr


def test_a_web_archive_on_standard_input(tmp_path: Path) -> None:
    archive = web_archive(
        [("https://news.example/1", "200 OK", "text/html", article_page("First").encode())], gzipped=False
    )
    result = cli(tmp_path, "-f", "text", "-", input=archive.decode("utf-8"))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("==> https://news.example/1 <==\nAbout First\n")
