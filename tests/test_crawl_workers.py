"""End-to-end: how the extraction runs in a crawl: worker processes, time limits, memory, and what it logs.

Each test runs a crawl in a subprocess against the local site (tests/scrapy_site.py)
the way a user does: a ``CrawlerProcess`` script, ``scrapy crawl`` in a
project, ``scrapy runspider``. Engine stand-ins (tests/engine_stubs.py) that
hang or hold memory come in through a pipeline subclass in tests/crawl_spider.py.
"""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path
from typing import Any

import pytest
from scrapy import version_info as SCRAPY_VERSION

from crawling import CrawlResult, crawl, crawl_script, script_settings

SPIDER = Path(__file__).with_name("crawl_spider.py")

# What a crawl of the site from its front page gives (tests/test_crawl.py says why).
SITE_ITEMS = ["/articles/brief.html", "/articles/lighthouse.html", "/articles/starter.html", "/broken.html", "/files/report.pdf"]

SCRIPT = """\
from scrapy.crawler import CrawlerProcess

from crawl_spider import SiteSpider


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
    spider = "from crawl_spider import SiteSpider\n\n\nclass NewsSpider(SiteSpider):\n    name = 'news'\n"
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
