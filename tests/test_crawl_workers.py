"""End-to-end: how the extraction runs in a crawl: worker processes, time limits, memory, and what it logs.

Each test runs a crawl in a subprocess against the local site (tests/scrapy_site.py)
the way a user does: a ``CrawlerProcess`` script, ``scrapy crawl`` in a
project, ``scrapy runspider``. Engine stand-ins (tests/engine_stubs.py) that
hang or hold memory come in through a pipeline subclass in tests/crawl_spider.py.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pytest
from scrapy import version_info as SCRAPY_VERSION

from testkit.crawling import SPIDERS, CrawlResult, crawl, crawl_script, script_settings

pytestmark = pytest.mark.slow  # real crawls in subprocesses

SPIDER = SPIDERS / "crawl_spider.py"

# What a crawl of the site from its front page gives (tests/test_crawl.py says why).
SITE_ITEMS = [
    "/articles/brief.html",
    "/articles/lighthouse.html",
    "/articles/starter.html",
    "/broken.html",
    "/files/report.pdf",
]

SCRIPT = """\
from scrapy.crawler import CrawlerProcess

from tests.spiders.crawl_spider import SiteSpider


class ScriptSpider(SiteSpider):
    name = "script"


{body}
"""

RUN = """\
process = CrawlerProcess(settings={settings!r})
process.crawl(ScriptSpider, start_urls={start!r})
process.start()
"""


def write_script(tmp_path: Path, site: Any, guarded: bool, **settings: Any) -> tuple[Path, Path, Path]:
    """A crawl script as Scrapy's docs show it: the spider and ``CrawlerProcess`` in one file."""
    base, feed, stats = script_settings(tmp_path)
    run = RUN.format(settings={**base, **settings}, start=f"{site.url}/")
    body = 'if __name__ == "__main__":\n' + textwrap.indent(run, "    ") if guarded else run
    script = tmp_path / "crawl_script.py"
    script.write_text(SCRIPT.format(body=body), encoding="utf-8")
    return script, feed, stats


def write_project(tmp_path: Path, **settings: Any) -> Path:
    """A Scrapy project (what ``scrapy startproject`` lays out) with the add-on and the site's spider."""
    project = tmp_path / "project"
    package = project / "news"
    (package / "spiders").mkdir(parents=True)
    (project / "scrapy.cfg").write_text("[settings]\ndefault = news.settings\n", encoding="utf-8")
    (package / "__init__.py").write_text("", encoding="utf-8")
    lines = [
        'BOT_NAME = "news"',
        'SPIDER_MODULES = ["news.spiders"]',
        'ADDONS = {"scrapy_readability.Addon": 0}',
        *(f"{name} = {value!r}" for name, value in settings.items()),
    ]
    (package / "settings.py").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (package / "spiders" / "__init__.py").write_text("", encoding="utf-8")
    spider = "from tests.spiders.crawl_spider import SiteSpider\n\n\nclass NewsSpider(SiteSpider):\n    name = 'news'\n"
    (package / "spiders" / "news.py").write_text(spider, encoding="utf-8")
    return project


def run_as_user(how: str, tmp_path: Path, site: Any, **settings: Any) -> CrawlResult:
    """Crawl the site from its front page: as a script (guarded or not), in a project, or with runspider."""
    if how in ("unguarded script", "guarded script"):
        script, feed, stats = write_script(tmp_path, site, how == "guarded script", **settings)
        return crawl_script(tmp_path, script, feed, stats)
    if how == "scrapy crawl":
        project = write_project(tmp_path, **settings)
        return crawl(tmp_path, "news", command="crawl", cwd=project, start_urls=[f"{site.url}/"], check=False)
    return crawl(tmp_path, SPIDER, start_urls=[f"{site.url}/"], settings=settings, check=False)


@pytest.mark.parametrize("how", ["unguarded script", "guarded script", "scrapy crawl", "scrapy runspider"])
def test_worker_processes_never_run_the_users_script(site, tmp_path, how):
    """Issue 8.7: workers used to re-import ``__main__``, so an unguarded script crawled again in each one."""
    result = run_as_user(how, tmp_path, site, READABILITY_WORKERS=2)
    assert result.returncode == 0, result.log[-3000:]
    assert result.log.count("Spider closed") == 1
    assert sorted(result.by_path(site.url)) == SITE_ITEMS
    assert result.stats["readability/extracted"] == 4
    assert result.stats["readability/workers/started"] == 2
    assert "readability/failed/worker_died" not in result.stats
    assert result.clean, result.log[-3000:]


def engine_settings(engine: str, **settings: Any) -> dict[str, Any]:
    """Settings that swap the engine for a stand-in of tests/support/engine_stubs.py, by dotted path."""
    return {"READABILITY_ENGINE": f"tests.support.engine_stubs.{engine}", **settings}


@pytest.mark.parametrize("workers", [0, 1])
def test_a_page_past_the_time_limit_fails_and_the_pages_behind_it_arrive(site, tmp_path, workers):
    """Issue 11: starter.html hangs; with one thread or one worker, every page after it waits behind it."""
    # 5 s: time enough for the other pages on a loaded machine, where a worker at niceness +10 waits
    settings = engine_settings("HangsOnStarter", READABILITY_TIMEOUT=5, READABILITY_WORKERS=workers)
    result = crawl(tmp_path, SPIDER, start_urls=[f"{site.url}/"], settings=settings)
    assert sorted(result.by_path(site.url)) == [path for path in SITE_ITEMS if path != "/articles/starter.html"]
    got = result.readability_stats()
    assert (got["readability/extracted"], got["readability/failed/timeout"], got["readability/failed"]) == (3, 1, 3)
    if workers:  # the hung process was killed, and another took its place
        assert (got["readability/workers/started"], got["readability/workers/replaced/timeout"]) == (2, 1)
    [line] = [line for line in result.log.splitlines() if "starter.html: timeout" in line]
    assert "Dropped: No article in" in line and "longer than 5 s" in line
    assert result.clean


def test_a_worker_that_holds_too_much_memory_is_replaced_between_pages(site, tmp_path):
    """Issue 11: after lighthouse.html its worker holds 150 MB more; the next page gets a new worker."""
    settings = engine_settings("HoldsMemory", READABILITY_WORKERS=1, READABILITY_WORKER_MAX_MEMORY=100)
    result = crawl(tmp_path, SPIDER, start_urls=[f"{site.url}/"], settings=settings)
    assert sorted(result.by_path(site.url)) == SITE_ITEMS  # nothing lost
    got = result.readability_stats()
    assert got["readability/extracted"] == 4
    assert (got["readability/workers/started"], got["readability/workers/replaced/memory"]) == (2, 1)
    assert result.clean


# The extraction's pipeline, or the preflight alone (no extraction): either way the pool cannot start.
BROKEN = {
    "pipeline": {"READABILITY_ENGINE": "tests.support.broken_engine.Readability", "READABILITY_WORKERS": 2},
    "preflight only": {
        "READABILITY_PREFLIGHT_CHECK": "tests.support.broken_engine.is_probably_readable",
        "ITEM_PIPELINES": {"scrapy_readability.ReadabilityPipeline": None},
        "READABILITY_WORKERS": 2,
    },
}


@pytest.mark.parametrize("broken", list(BROKEN))
def test_workers_that_cannot_start_stop_the_crawl_with_one_error(site, tmp_path, broken):
    """Issue 11: an engine that cannot be imported used to fail every page as worker_died."""
    start = f"/?never-fetched={broken.replace(' ', '-')}"  # its own URL: the site is shared by the module's tests
    result = crawl(tmp_path, SPIDER, start_urls=[site.url + start], settings=BROKEN[broken], check=False)
    errors = [line for line in result.log.splitlines() if " ERROR: " in line or " CRITICAL: " in line]
    if SCRAPY_VERSION >= (2, 18):  # a clean stop: Scrapy 2.18 lets open_spider close the spider
        assert errors == [
            errors[0].split(" [")[0] + " [scrapy_readability.extension] ERROR: READABILITY_WORKERS = 2: "
            "the worker processes cannot start (ImportError: libxml2.so.2: cannot open shared object file: "
            "No such file or directory), so the crawl stops; READABILITY_WORKERS = 0 extracts in threads instead"
        ]
        assert result.stats["finish_reason"] == "readability_workers_failed"
    else:  # before, the exception is how it stops (Scrapy logs its traceback)
        assert "ImportError: libxml2.so.2" in result.log and "READABILITY_WORKERS = 0 extracts in threads" in result.log
    if SCRAPY_VERSION >= (2, 18) or broken == "pipeline":
        assert site.fetched(start) == 0  # it stopped before the first request
    else:  # a spider_opened handler cannot stop a crawl before 2.18: the crawl goes on without the pool
        assert site.fetched(start) == 1  # a 404, which the preflight does not judge
        assert "readability/preflight/readerable" not in result.stats
    assert result.items == []
    assert not any(key.startswith("readability/failed") for key in result.stats)


def our_lines(log: str, logger: str = "scrapy_readability") -> list[str]:
    """The log lines of our loggers (``[scrapy_readability...]``), each record's first line."""
    return [line for line in log.splitlines() if f" [{logger}" in line]


@pytest.mark.parametrize("workers", [0, 2])
def test_one_line_a_page_by_default_the_trace_on_request(site, tmp_path, workers):
    """Issue 8.5: at Scrapy's default DEBUG level the engine logged ~80 lines a page with threads, none with workers."""
    default = crawl(tmp_path, SPIDER, start_urls=[f"{site.url}/"], settings={"READABILITY_WORKERS": workers})
    lines = our_lines(default.log)
    extracted = [line for line in lines if "DEBUG: Extracted http" in line]
    assert len(extracted) == default.stats["readability/extracted"] == 4
    assert (
        f"Extracted {site.url}/articles/lighthouse.html: 'What the lighthouse logbooks tell us' (attempt strict, "
        in default.log
    )
    assert lines == extracted  # the 2 pages with no article are dropped: Scrapy logs those
    assert our_lines(default.log, "scrapy_readability.engine") == []

    traced = crawl(
        tmp_path,
        SPIDER,
        start_urls=[f"{site.url}/"],
        settings={"READABILITY_WORKERS": workers, "READABILITY_DEBUG": True},
    )
    trace = our_lines(traced.log, "scrapy_readability.engine")
    assert len(trace) > 20
    assert any("DEBUG: Candidate: <main> with score" in line for line in trace)
    assert any("DEBUG: Removing unlikely candidate - sidebar" in line for line in trace)
