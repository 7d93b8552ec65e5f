"""READABILITY_* settings: defaults, parsing, and refusals that name the setting and the accepted values."""

from __future__ import annotations

import dataclasses
import inspect
import re
from pathlib import Path

import pytest
from scrapy.settings import Settings
from scrapy.utils.test import get_crawler

from scrapy_readability.engine import Policy, Readability, is_probably_readable
from scrapy_readability.engine.options import PAGE_OPTIONS, Options, OutputOptions, PreflightOptions, declared
from scrapy_readability.middleware import ReadabilityMiddleware
from scrapy_readability.pipeline import ReadabilityPipeline
from scrapy_readability.settings import (
    CRAWL_SETTINGS,
    PAGE_SETTINGS,
    SETTINGS,
    PageOptions,
    ReadabilityConfig,
    ReadabilityConfigError,
    default_settings,
    is_enabled,
    settings_table,
)

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "scrapy.md"


def config(**settings) -> ReadabilityConfig:
    return ReadabilityConfig.from_settings(Settings(settings))


def test_defaults():
    assert config() == ReadabilityConfig(
        page=PageOptions(engine=Options(sanitize=True), preflight=PreflightOptions(), output=OutputOptions()),
        enabled=True,
        preflight_action="annotate",
        failure_action="drop",
        source_field="html",
        keep_source=False,
        threads=1,
        workers=0,
        timeout=30.0,
        worker_max_memory=160,
        worker_max_pages=0,
        gc_freeze=True,
        engine="scrapy_readability.engine.Readability",
        preflight_check="scrapy_readability.engine.is_probably_readable",
    )
    assert config().page.engine == Options(
        policy=Policy.AUTO,
        char_threshold=500,
        nb_top_candidates=5,
        max_elems_to_parse=0,
        classes_to_preserve=(),
        keep_classes=False,
        disable_json_ld=False,
        allowed_video_regex=None,
        link_density_modifier=0.0,
        sanitize=True,
        debug=False,
    )
    assert is_enabled(Settings()) is True


def test_defaults_match_the_engine():
    """Our defaults are Readability.js's (the engine's), except sanitize, which a crawl wants on."""
    ours = Readability("<html></html>", **PageOptions().engine.values()).options
    engine = Readability("<html></html>").options
    assert dataclasses.replace(ours, sanitize=False) == engine
    assert ours.sanitize is True
    preflight = inspect.signature(is_probably_readable).parameters
    for name, value in PageOptions().preflight.values().items():
        assert preflight[name].default == value, name


def test_every_page_option_is_a_setting_and_a_meta_key():
    """The options' declarations are the one source: the settings and meta['readability'] are derived from them."""
    page = PageOptions()
    names = [spec.name for spec in PAGE_OPTIONS]
    assert set(page.to_meta()) == set(names)
    assert [setting.option for setting in PAGE_SETTINGS] == list(PAGE_OPTIONS)
    assert [setting.option for setting in CRAWL_SETTINGS] == list(declared(ReadabilityConfig))
    assert {setting.name for setting in SETTINGS} == set(default_settings())
    for spec in PAGE_OPTIONS:
        assert page.override({spec.name: page.value(spec.name)}) == page  # each is a meta key


def test_values_from_settings_py():
    got = config(
        READABILITY_POLICY=Policy.RAW,
        READABILITY_CHAR_THRESHOLD=250,
        READABILITY_CLASSES_TO_PRESERVE=["caption", "credit"],
        READABILITY_ALLOWED_VIDEO_REGEX=re.compile(r"//video\.example/"),
        READABILITY_LINK_DENSITY_MODIFIER=-0.1,
        READABILITY_SANITIZE=False,
        READABILITY_FAILURE_ACTION="keep",
        READABILITY_SOURCE_FIELD="body",
        READABILITY_THREADS=8,
        READABILITY_WORKERS=4,
        READABILITY_TIMEOUT=2.5,
        READABILITY_WORKER_MAX_MEMORY=512,
        READABILITY_WORKER_MAX_PAGES=1000,
        READABILITY_DEBUG=True,
    )
    engine = got.page.engine
    assert engine.policy is Policy.RAW
    assert engine.char_threshold == 250
    assert engine.classes_to_preserve == ("caption", "credit")
    assert engine.allowed_video_regex is not None and engine.allowed_video_regex.pattern == r"//video\.example/"
    assert engine.link_density_modifier == -0.1
    assert engine.sanitize is False
    assert engine.debug is True
    assert (got.failure_action, got.source_field, got.threads, got.workers) == ("keep", "body", 8, 4)
    assert (got.timeout, got.worker_max_memory, got.worker_max_pages) == (2.5, 512, 1000)


def test_values_from_the_command_line_are_strings():
    """``scrapy crawl -s READABILITY_X=...`` gives strings; they parse to the same values."""
    got = config(
        READABILITY_POLICY="Strict",
        READABILITY_CHAR_THRESHOLD="250",
        READABILITY_MIN_SCORE="12.5",
        READABILITY_KEEP_CLASSES="true",
        READABILITY_DISABLE_JSONLD="1",
        READABILITY_KEEP_SOURCE="no",
        READABILITY_CLASSES_TO_PRESERVE="caption, credit",
        READABILITY_PREFLIGHT_ACTION="DROP",
    )
    assert got.page.engine.policy is Policy.STRICT
    assert got.page.engine.char_threshold == 250
    assert got.page.preflight.min_score == 12.5
    assert got.page.engine.keep_classes is True
    assert got.page.engine.disable_json_ld is True
    assert got.keep_source is False
    assert got.page.engine.classes_to_preserve == ("caption", "credit")
    assert got.preflight_action == "drop"
    assert is_enabled(Settings({"READABILITY_ENABLED": "False"})) is False


@pytest.mark.parametrize(
    ("setting", "value", "accepted"),
    [
        ("READABILITY_ENABLED", "maybe", "true or false"),
        ("READABILITY_POLICY", "fast", "'auto', 'strict', 'moderate', 'clean', 'raw'"),
        ("READABILITY_CHAR_THRESHOLD", 0, "an integer >= 1"),
        ("READABILITY_CHAR_THRESHOLD", "many", "an integer >= 1"),
        ("READABILITY_CHAR_THRESHOLD", 12.5, "an integer >= 1"),
        ("READABILITY_NB_TOP_CANDIDATES", 0, "an integer >= 1"),
        ("READABILITY_MAX_ELEMS_TO_PARSE", -1, "an integer >= 0"),
        ("READABILITY_MAX_ELEMS_TO_PARSE", True, "an integer >= 0"),
        ("READABILITY_CLASSES_TO_PRESERVE", [3], "class names: a list, or one string"),
        ("READABILITY_CLASSES_TO_PRESERVE", 3, "class names: a list, or one string"),
        ("READABILITY_KEEP_CLASSES", 2, "true or false"),
        ("READABILITY_DISABLE_JSONLD", "sometimes", "true or false"),
        ("READABILITY_ALLOWED_VIDEO_REGEX", "([unclosed", "a regular expression"),
        ("READABILITY_LINK_DENSITY_MODIFIER", "nan", "a finite number"),
        ("READABILITY_SANITIZE", "perhaps", "true or false"),
        ("READABILITY_MIN_CONTENT_LENGTH", -5, "an integer >= 0"),
        ("READABILITY_MIN_SCORE", -1, "a number >= 0"),
        ("READABILITY_FORMATS", "html,pdf", "one or more of 'html', 'text', 'markdown', 'text_content'"),
        ("READABILITY_FORMATS", 3, "one or more of 'html', 'text', 'markdown', 'text_content'"),
        ("READABILITY_FORMATS", "", "one or more of 'html', 'text', 'markdown', 'text_content'"),
        ("READABILITY_PREFLIGHT_ACTION", "skip", "'annotate', 'drop'"),
        ("READABILITY_FAILURE_ACTION", "ignore", "'drop', 'keep'"),
        ("READABILITY_SOURCE_FIELD", "", "a non-empty field name"),
        ("READABILITY_KEEP_SOURCE", "y", "true or false"),
        ("READABILITY_THREADS", 0, "an integer >= 1"),
        ("READABILITY_WORKERS", -1, "an integer >= 0 (0: threads only)"),
        ("READABILITY_WORKERS", "two", "an integer >= 0"),
        ("READABILITY_TIMEOUT", -1, "a number of seconds >= 0 (0: no limit)"),
        ("READABILITY_TIMEOUT", "soon", "a number of seconds >= 0"),
        ("READABILITY_WORKER_MAX_MEMORY", 0.5, "a number of megabytes >= 0 (0: no limit)"),
        ("READABILITY_WORKER_MAX_PAGES", -3, "an integer >= 0 (0: no limit)"),
        ("READABILITY_DEBUG", "verbose", "true or false"),
        ("READABILITY_REFINE", "cleaner", "true or false"),
        ("READABILITY_GC_FREEZE", "sometimes", "true or false"),
        ("READABILITY_ENGINE", "Readability", "a class, or its import path"),
        ("READABILITY_ENGINE", 3, "a class, or its import path"),
        ("READABILITY_PREFLIGHT_CHECK", "not a path", "a function, or its import path"),
    ],
)
def test_bad_values_stop_the_crawl_naming_setting_and_accepted_values(setting, value, accepted):
    """The extension reads the settings once, as the crawler starts: the crawl does not start."""
    with pytest.raises(ReadabilityConfigError) as error:
        get_crawler(settings_dict={"ADDONS": {"scrapy_readability.Addon": 0}, setting: value})
    assert str(error.value).startswith(f"{setting} = {value!r} is not valid")
    assert accepted in str(error.value)
    if setting != "READABILITY_ENABLED":  # read by each component as it is built, before the rest
        return
    for component in (ReadabilityMiddleware, ReadabilityPipeline):
        with pytest.raises(ReadabilityConfigError):
            component.from_crawler(get_crawler(settings_dict={setting: value}))


def test_every_setting_is_tested_and_documented_with_its_default():
    defaults = default_settings()
    assert len(defaults) == 28
    with open(__file__, encoding="utf-8") as source:
        refused = set(re.findall(r'\("(READABILITY_[A-Z_]+)"', source.read()))
    assert refused == set(defaults)  # the parametrised refusals above cover every setting
    for doc in (DOCS,):  # the settings reference (README.md links to it)
        text = doc.read_text(encoding="utf-8")
        assert settings_table(str(doc.relative_to(ROOT))) in text, f"{doc.name}: run python docs/settings_table.py"
        documented = re.findall(r"^\| `(READABILITY_[A-Z_]+)` \| `([^`]*)` \|", text, re.M)
        assert [name for name, _ in documented] == list(defaults), doc.name


def test_meta_overrides_use_the_same_parsers():
    page = PageOptions()
    assert page.override({"policy": "CLEAN", "classes_to_preserve": "a,b", "keep_classes": "yes"}) == PageOptions(
        engine=Options(policy=Policy.CLEAN, classes_to_preserve=("a", "b"), keep_classes=True, sanitize=True)
    )
    assert page.override(None) is page
    assert page.override({"readerable": True, "min_score": 20}) == page  # the verdict is not an option
    with pytest.raises(ReadabilityConfigError, match="unknown option 'threads'; accepted options: policy, "):
        page.override({"threads": 4})  # a crawl-wide setting, not a per-page option
    with pytest.raises(ReadabilityConfigError, match=r"meta\['readability'\]\['char_threshold'\] = 'x'"):
        page.override({"char_threshold": "x"})


def test_component_enabled_moved_and_its_old_name_warns() -> None:
    from scrapy_readability import components, settings

    with pytest.warns(DeprecationWarning, match="scrapy_readability.components.component_enabled"):
        moved = settings.component_enabled  # type: ignore[attr-defined]
    assert moved is components.component_enabled
