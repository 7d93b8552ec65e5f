"""The settings' one declaration (scrapy_readability/settings.py): names written out, flags and keys derived from them,
the engine's options free of them, and a page's options parsed once on their way from the middleware to the pipeline."""

from __future__ import annotations

import asyncio
import pickle
import re
from pathlib import Path
from typing import Any, ClassVar

import pytest
from scrapy import Request
from scrapy.http import HtmlResponse

from scrapy_readability import settings as declarations
from scrapy_readability.contrib import crashsafe
from scrapy_readability.engine import Readability
from scrapy_readability.engine.options import PAGE_OPTIONS, Options
from scrapy_readability.items import ArticleItem
from scrapy_readability.middleware import ReadabilityMiddleware
from scrapy_readability.pipeline import ReadabilityPipeline
from scrapy_readability.runtime.jobs import Extracted, Extraction, extract
from scrapy_readability.settings import (
    PAGE_SETTINGS,
    SETTINGS,
    PageMeta,
    PageOptions,
    ReadabilityConfig,
    Setting,
    declare,
    default_settings,
)
from scrapy_readability.spiders.options import SPIDER_SETTINGS
from tests.support.components import crawler_with, wait_for
from tests.support.scrapy_site import LIGHTHOUSE

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "scrapy_readability"
CRASHSAFE = PACKAGE / "contrib" / "crashsafe" / "scheduler.py"
EVERY_SETTING = (*SETTINGS, *SPIDER_SETTINGS, *crashsafe.CRASHSAFE_SETTINGS)


def test_every_setting_name_is_written_out_once_where_it_is_declared() -> None:
    """``grep -rn READABILITY_CHAR_THRESHOLD scrapy_readability`` finds its declaration, and only one."""
    names = [setting.name for setting in EVERY_SETTING]
    assert len(names) == len(set(names)) == 28 + 14 + 1
    where = {
        **{setting.name: PACKAGE / "settings.py" for setting in SETTINGS},
        **{setting.name: PACKAGE / "spiders" / "options.py" for setting in SPIDER_SETTINGS},
        **{setting.name: CRASHSAFE for setting in crashsafe.CRASHSAFE_SETTINGS},
    }
    sources = {path: path.read_text(encoding="utf-8") for path in PACKAGE.rglob("*.py")}
    for name, module in where.items():
        declarations_of = {path: len(re.findall(rf'\b[a-z_]+="{name}"', text)) for path, text in sources.items()}
        assert {path: count for path, count in declarations_of.items() if count} == {module: 1}, name
    assert list(default_settings()) == [setting.name for setting in SETTINGS]


def test_flags_and_meta_keys_are_derived_from_the_declarations() -> None:
    flags = {setting.name: setting.flag for setting in EVERY_SETTING}
    assert flags["READABILITY_CHAR_THRESHOLD"] == "--char-threshold"
    assert flags["READABILITY_DISABLE_JSONLD"] == "--disable-jsonld"
    assert flags["READABILITY_WORKER_MAX_MEMORY"] == "--worker-max-memory"
    assert flags["READABILITY_SPIDER_MAX_PAGES"] == "--max-pages"
    for setting in EVERY_SETTING:
        prefix = "READABILITY_SPIDER_" if setting.name.startswith("READABILITY_SPIDER_") else "READABILITY_"
        assert setting.flag == "--" + setting.name.removeprefix(prefix).lower().replace("_", "-")
    crawl_flags = [setting.flag for setting in (*PAGE_SETTINGS, *SPIDER_SETTINGS)]
    assert len(crawl_flags) == len(set(crawl_flags))  # one command line holds both
    assert list(PageOptions().to_meta()) == [setting.key for setting in PAGE_SETTINGS]
    assert {setting.key for setting in PAGE_SETTINGS} == {spec.name for spec in PAGE_OPTIONS}


def test_a_setting_names_itself_when_its_value_is_refused() -> None:
    setting = next(setting for setting in PAGE_SETTINGS if setting.key == "char_threshold")
    assert setting.value_in({"READABILITY_CHAR_THRESHOLD": "300"}) == 300
    assert setting.value_in({}) is None
    with pytest.raises(ValueError, match=r"^READABILITY_CHAR_THRESHOLD = 'x' is not valid"):
        setting.value_in({"READABILITY_CHAR_THRESHOLD": "x"})
    with pytest.raises(ValueError, match=r"^--char-threshold = '0' is not valid"):
        setting.read("0", setting.flag)


def test_declare_wants_every_option_once_and_nothing_else() -> None:
    keys = {setting.key: setting.name for setting in PAGE_SETTINGS if setting.option in declarations.declared(Options)}
    with pytest.raises(TypeError, match=r"without a setting \['debug'\]"):
        declare(Options, **{key: name for key, name in keys.items() if key != "debug"})
    with pytest.raises(TypeError, match=r"not an option \['threads'\]"):
        declare(Options, **keys, threads="READABILITY_THREADS")


def test_the_engine_knows_no_setting_flag_or_documentation_link() -> None:
    """The engine is a library of its own: no setting names, no flags, no links into the Scrapy layer's docs."""
    source = (PACKAGE / "engine" / "options.py").read_text(encoding="utf-8")
    assert "READABILITY_" not in source
    assert "--" + "char" not in source and "](" not in source
    setting = re.compile(r"(?<!SCRAPY_)READABILITY_")  # SCRAPY_READABILITY_COMPILE is the package's variable
    for path in (PACKAGE / "engine").rglob("*.py"):
        if path.name != "_deprecated.py":  # the old names, for one release
            assert not setting.search(path.read_text(encoding="utf-8")), path
    assert all(not isinstance(value, Setting) for value in vars(Options).values())


def test_read_settings_takes_the_old_options_with_a_warning() -> None:
    assert declarations.read_settings([PAGE_SETTINGS[1]], {"READABILITY_CHAR_THRESHOLD": 20}) == {"char_threshold": 20}
    with pytest.warns(DeprecationWarning):
        assert declarations.read_settings([PAGE_OPTIONS[1]], {"READABILITY_CHAR_THRESHOLD": 20}) == {
            "char_threshold": 20
        }


# --- One typed path for a page's options ---------------------------------------------------------


def test_page_meta_is_a_dict_holding_the_options_until_changed_by_hand() -> None:
    options = PageOptions().override({"char_threshold": 300})
    meta = PageMeta({"readerable": True, **options.to_meta()}, options)
    assert isinstance(meta, dict) and meta["char_threshold"] == 300
    assert PageOptions().for_page(meta) is options  # not parsed again
    again = pickle.loads(pickle.dumps(meta))  # as a disk queue or a worker process carries it
    assert again == meta and again.options == options
    meta["char_threshold"] = 400
    assert meta.options is None
    assert PageOptions().for_page(meta).engine.char_threshold == 400  # the dict is what counts
    assert PageOptions().for_page(dict(again)) == options  # a plain copy: parsed


def test_a_page_override_is_parsed_once_from_request_to_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """``meta['readability'] = {'char_threshold': 300}``: read by the middleware once, used as is by the pipeline."""
    parsed: list[Any] = []
    override = PageOptions.override

    def counted(self: PageOptions, overrides: Any) -> PageOptions:
        if overrides:
            parsed.append(dict(overrides))
        return override(self, overrides)

    monkeypatch.setattr(PageOptions, "override", counted)
    crawler = crawler_with(READABILITY_CHAR_THRESHOLD=500)
    middleware = ReadabilityMiddleware.from_crawler(crawler)
    pipeline = ReadabilityPipeline.from_crawler(crawler)
    wait_for(pipeline.open_spider())
    try:
        request = Request("https://news.example/articles/1.html", meta={"readability": {"char_threshold": 300}})
        middleware.process_request(request)
        assert request.meta["readability"] == {"char_threshold": 300}  # the same values, now typed too
        response = HtmlResponse(request.url, body=LIGHTHOUSE.encode(), encoding="utf-8", request=request)
        judged = asyncio.run(middleware.process_response(request, response))
        assert judged.meta["readability"]["char_threshold"] == 300
        item = ArticleItem.from_response(judged)

        async def extract() -> Any:
            return await pipeline.process_item(item)

        extracted = asyncio.run(extract())
    finally:
        pipeline.extension.spider_closed()
    assert extracted["title"] and "readability" not in extracted
    assert parsed == [{"char_threshold": 300}]


class _Kept(Readability):
    """Our engine, keeping the options it was given."""

    seen: ClassVar[list[Options]] = []

    def __init__(self, html: Any, url: str | None = None, *, options: Options | None = None, **kwargs: Any) -> None:
        super().__init__(html, url, options=options, **kwargs)
        self.seen.append(self.options)


def test_the_engine_gets_the_typed_options_as_they_are() -> None:
    """The job hands our engine ``options=`` (not one keyword an option, which it would parse again)."""
    options = Options(char_threshold=300, sanitize=True)
    assert Readability("<p>x</p>", options=options).options is options
    assert Readability("<p>x</p>", options=options, char_threshold=200).options.char_threshold == 200
    assert Readability("<p>x</p>", char_threshold="250").options.char_threshold == 250  # keywords, parsed
    result = extract(Extraction(LIGHTHOUSE, "https://news.example/a.html", options), _Kept)
    assert isinstance(result, Extracted)
    assert _Kept.seen[-1] is options


def test_the_crawls_settings_are_parsed_once_however_often_they_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command validates them before the crawl, the extension reads them again: one parse."""
    from scrapy.settings import Settings

    settings = {"READABILITY_CHAR_THRESHOLD": "321", "READABILITY_THREADS": "2"}
    first = ReadabilityConfig.from_settings(Settings(settings))
    parsed: list[str] = []
    original = declarations.read_settings

    def counting(*args: Any, **kwargs: Any) -> Any:
        parsed.append("read")
        return original(*args, **kwargs)

    monkeypatch.setattr(declarations, "read_settings", counting)
    again = ReadabilityConfig.from_settings(Settings(settings))  # a copy, as the crawler's
    assert again is first and parsed == []
    assert again.page.engine.char_threshold == 321
    other = ReadabilityConfig.from_settings(Settings({**settings, "READABILITY_CHAR_THRESHOLD": "322"}))
    assert other.page.engine.char_threshold == 322 and parsed
