"""READABILITY_* settings: defaults, parsing, and refusals that name the setting and the accepted values."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import re
from pathlib import Path

import pytest
from scrapy.settings import Settings
from scrapy.utils.test import get_crawler

from scrapy_readability.engine import Policy, Readability, is_probably_readable
from scrapy_readability.middleware import ReadabilityMiddleware
from scrapy_readability.pipeline import ReadabilityPipeline
from scrapy_readability.engine.options import Options
from scrapy_readability.settings import (
    _PAGE_OPTIONS,
    PageOptions,
    ReadabilityConfig,
    ReadabilityConfigError,
    RedisConfig,
    default_settings,
    is_enabled,
)

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "scrapy.md"
README = ROOT / "README.md"


def config(**settings) -> ReadabilityConfig:
    return ReadabilityConfig.from_settings(Settings(settings))


def test_defaults():
    assert config() == ReadabilityConfig(
        page=PageOptions(
            policy="auto",
            char_threshold=500,
            nb_top_candidates=5,
            max_elems_to_parse=0,
            classes_to_preserve=(),
            keep_classes=False,
            disable_json_ld=False,
            allowed_video_regex=None,
            link_density_modifier=0.0,
            sanitize=True,
            min_content_length=140,
            min_score=20.0,
        ),
        preflight_action="annotate",
        failure_action="drop",
        source_field="html",
        keep_source=False,
        threads=1,
        workers=0,
        timeout=30.0,
        worker_max_memory=160,
        worker_max_pages=0,
        debug=False,
    )
    assert is_enabled(Settings()) is True


def test_defaults_match_the_engine():
    """Our defaults are Readability.js's (the engine's), except sanitize, which a crawl wants on."""
    ours = Readability("<html></html>", **PageOptions().engine_options()).options
    engine = Readability("<html></html>").options
    assert dataclasses.replace(ours, sanitize=False) == engine
    assert ours.sanitize is True
    preflight = inspect.signature(is_probably_readable).parameters
    for name, value in PageOptions().preflight_kwargs().items():
        assert preflight[name].default == value, name


def test_every_engine_option_is_a_setting_and_a_page_option():
    """The engine's option list (``Options``) is the one source: each has a setting and a PageOptions field."""
    engine = [field.name for field in dataclasses.fields(Options)]
    page = [field.name for field in dataclasses.fields(PageOptions)]
    assert PageOptions().engine_options().keys() == set(engine)
    assert set(engine) <= set(page)
    assert set(engine) <= {option.key for option in _PAGE_OPTIONS}


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
    assert got.page.policy == "raw"
    assert got.page.char_threshold == 250
    assert got.page.classes_to_preserve == ("caption", "credit")
    assert got.page.allowed_video_regex == r"//video\.example/"
    assert got.page.link_density_modifier == -0.1
    assert got.page.sanitize is False
    assert (got.failure_action, got.source_field, got.threads, got.workers) == ("keep", "body", 8, 4)
    assert (got.timeout, got.worker_max_memory, got.worker_max_pages, got.debug) == (2.5, 512, 1000, True)


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
    assert got.page.policy == "strict"
    assert got.page.char_threshold == 250
    assert got.page.min_score == 12.5
    assert got.page.keep_classes is True
    assert got.page.disable_json_ld is True
    assert got.keep_source is False
    assert got.page.classes_to_preserve == ("caption", "credit")
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
        ("READABILITY_CLASSES_TO_PRESERVE", ["two words"], "a list of class names"),
        ("READABILITY_CLASSES_TO_PRESERVE", 3, "a list of class names"),
        ("READABILITY_KEEP_CLASSES", 2, "true or false"),
        ("READABILITY_DISABLE_JSONLD", "sometimes", "true or false"),
        ("READABILITY_ALLOWED_VIDEO_REGEX", "([unclosed", "a regular expression"),
        ("READABILITY_LINK_DENSITY_MODIFIER", "nan", "a finite number"),
        ("READABILITY_SANITIZE", "perhaps", "true or false"),
        ("READABILITY_MIN_CONTENT_LENGTH", -5, "an integer >= 0"),
        ("READABILITY_MIN_SCORE", -1, "a number >= 0"),
        ("READABILITY_FORMATS", "html,pdf", "a list of 'html', 'text', 'markdown', 'text_content'"),
        ("READABILITY_FORMATS", 3, "a list of 'html', 'text', 'markdown', 'text_content'"),
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
        ("READABILITY_GC_FREEZE", "sometimes", "true or false"),
    ],
)
def test_bad_values_stop_the_crawl_naming_setting_and_accepted_values(setting, value, accepted):
    crawler = get_crawler(settings_dict={setting: value})
    for component in (ReadabilityMiddleware, ReadabilityPipeline):
        with pytest.raises(ReadabilityConfigError) as error:
            component.from_crawler(crawler)
        assert str(error.value).startswith(f"{setting} = {value!r} is not valid")
        assert accepted in str(error.value)


@pytest.mark.parametrize(
    ("setting", "value", "accepted"),
    [
        ("READABILITY_REDIS_DEAD_AFTER", 0.5, "a number of seconds >= 1"),
        ("READABILITY_REDIS_DEAD_AFTER", "soon", "a number of seconds >= 1"),
    ],
)
def test_bad_redis_settings_are_refused_naming_setting_and_accepted_values(setting, value, accepted):
    with pytest.raises(ReadabilityConfigError) as error:
        RedisConfig.from_settings(Settings({setting: value}))
    assert str(error.value) == f"{setting} = {value!r} is not valid; accepted values: {accepted}"
    assert RedisConfig.from_settings(Settings({setting: "12.5"})).dead_after == 12.5


def test_every_setting_is_tested_and_documented_with_its_default():
    defaults = default_settings()
    assert len(defaults) == 26
    with open(__file__, encoding="utf-8") as source:
        refused = set(re.findall(r'\("(READABILITY_[A-Z_]+)"', source.read()))
    assert refused == set(defaults)  # the parametrised refusals above cover every setting
    for doc in (DOCS, README):
        documented = re.findall(r"^\| `(READABILITY_[A-Z_]+)` \| `([^`]*)` \|", doc.read_text(encoding="utf-8"), re.M)
        assert {name: ast.literal_eval(default) for name, default in documented} == defaults, doc.name


def test_meta_overrides_use_the_same_parsers():
    page = PageOptions()
    assert page.override({"policy": "CLEAN", "classes_to_preserve": "a,b", "keep_classes": "yes"}) == PageOptions(
        policy="clean", classes_to_preserve=("a", "b"), keep_classes=True
    )
    assert page.override(None) is page
    assert page.override({"readerable": True, "min_score": 20}) == page  # the verdict is not an option
    with pytest.raises(ReadabilityConfigError, match="unknown option 'threads'; accepted options: policy, "):
        page.override({"threads": 4})  # a crawl-wide setting, not a per-page option
    with pytest.raises(ReadabilityConfigError, match=r"meta\['readability'\]\['char_threshold'\] = 'x'"):
        page.override({"char_threshold": "x"})
