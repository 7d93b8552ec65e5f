"""options: each option declared once (default, parser, accepted values, help), its validation, the policies' flags."""

from __future__ import annotations

import dataclasses
import re

import pytest

from scrapy_readability.engine import Readability, ReadabilityConfigError
from scrapy_readability.engine.options import (
    ATTEMPT_NAMES,
    PAGE_OPTIONS,
    Options,
    OutputOptions,
    Policy,
    PreflightOptions,
    declared,
)
from scrapy_readability.engine.port.constants import (
    FLAG_CLEAN_CONDITIONALLY,
    FLAG_STRIP_UNLIKELYS,
    FLAG_WEIGHT_CLASSES,
    REGEXPS,
)

ALL = FLAG_STRIP_UNLIKELYS | FLAG_WEIGHT_CLASSES | FLAG_CLEAN_CONDITIONALLY


def test_defaults():
    options = Options.build()
    assert options.max_elems_to_parse == 0
    assert options.nb_top_candidates == 5
    assert options.char_threshold == 500
    assert options.classes_to_preserve == ()
    assert options.keep_classes is False
    assert options.disable_json_ld is False
    assert options.allowed_video_regex is None
    assert options.video_regex is REGEXPS.videos  # Readability.js's list
    assert options.link_density_modifier == 0.0
    assert options.policy is Policy.AUTO
    assert options.sanitize is False
    assert options.debug is False
    assert Options() == options
    assert PreflightOptions().values() == {"min_content_length": 140, "min_score": 20.0}
    assert OutputOptions().formats == ("html", "text")


def test_none_keeps_the_default_and_zero_is_refused_where_js_falls_back():
    # JS: options.nbTopCandidates || DEFAULT_N_TOP_CANDIDATES; ours refuses a count that cannot work,
    # as the settings and the command line refuse it (one parser for all three).
    options = Options.build(nb_top_candidates=None, char_threshold=None, max_elems_to_parse=0)
    assert (options.nb_top_candidates, options.char_threshold, options.max_elems_to_parse) == (5, 500, 0)
    for name in ("nb_top_candidates", "char_threshold"):
        with pytest.raises(ReadabilityConfigError, match=f"{name} = 0 is not valid; accepted values: an integer >= 1"):
            Options.build(**{name: 0})


def test_explicit_values_are_kept():
    options = Options.build(nb_top_candidates=42, max_elems_to_parse=7, char_threshold=20, link_density_modifier=0.1)
    assert (options.nb_top_candidates, options.max_elems_to_parse, options.char_threshold) == (42, 7, 20)
    assert options.link_density_modifier == pytest.approx(0.1)


@pytest.mark.parametrize("name", ["max_elems_to_parse", "nb_top_candidates", "char_threshold"])
@pytest.mark.parametrize("value", [-1, 1.5, "5.0", "many", True, [5]])
def test_counts_must_be_whole_numbers(name, value):
    with pytest.raises(ReadabilityConfigError, match=name):
        Options.build(**{name: value})


def test_text_is_read_as_settings_and_flags_give_it():
    options = Options.build(char_threshold="300", keep_classes="yes", link_density_modifier="-0.5", policy=" RAW ")
    assert (options.char_threshold, options.keep_classes, options.link_density_modifier) == (300, True, -0.5)
    assert options.policy is Policy.RAW
    assert PreflightOptions(min_score="12.5").min_score == 12.5  # type: ignore[arg-type]
    assert OutputOptions(formats="Markdown, html").formats == ("markdown", "html")  # type: ignore[arg-type]


@pytest.mark.parametrize("value", ["", "pdf", ["html", "pdf"], "html,,pdf"])
def test_formats_are_known_representations(value):
    with pytest.raises(ReadabilityConfigError, match="formats"):
        OutputOptions(formats=value)


def test_video_regex_from_string_is_case_insensitive():
    options = Options.build(allowed_video_regex=r"//mydomain\.com/")
    assert options.allowed_video_regex.search("https://MYDOMAIN.com/x")
    compiled = re.compile("abc")
    assert Options.build(allowed_video_regex=compiled).allowed_video_regex is compiled


def test_classes_to_preserve_string_or_iterable():
    # Separated by white space (as in the class attribute) or commas (as in a settings list), each once.
    assert Options.build(classes_to_preserve="a  b").classes_to_preserve == ("a", "b")
    assert Options.build(classes_to_preserve="a, b,a").classes_to_preserve == ("a", "b")
    assert Options.build(classes_to_preserve=["x y", "z"]).classes_to_preserve == ("x", "y", "z")
    assert Options.build(classes_to_preserve=["x"]).classes_to_preserve == ("x",)
    assert Options.build(classes_to_preserve=["x"]).preserved_classes == frozenset({"page", "x"})
    assert Options.build().preserved_classes == frozenset({"page"})


def test_policy_from_string_and_bad_policy():
    assert Options.build(policy="raw").policy is Policy.RAW
    with pytest.raises(
        ValueError, match="policy = 'fast' is not valid; accepted values: 'auto', 'strict', 'moderate', 'clean', 'raw'"
    ):
        Options.build(policy="fast")


def test_policy_flags():
    assert Policy.AUTO.flags == ALL
    assert Policy.STRICT.flags == ALL
    assert Policy.MODERATE.flags == FLAG_WEIGHT_CLASSES | FLAG_CLEAN_CONDITIONALLY
    assert Policy.CLEAN.flags == FLAG_CLEAN_CONDITIONALLY
    assert Policy.RAW.flags == 0


def test_attempt_names_follow_the_ladder():
    assert [ATTEMPT_NAMES[p.flags] for p in (Policy.STRICT, Policy.MODERATE, Policy.CLEAN, Policy.RAW)] == [
        "strict",
        "moderate",
        "clean",
        "raw",
    ]


def test_options_are_frozen():
    with pytest.raises(AttributeError):
        Options().char_threshold = 1  # type: ignore[misc]


def test_every_option_is_declared_once_with_its_parser_and_help():
    names = [spec.name for spec in PAGE_OPTIONS]
    assert names == [f.name for cls in (Options, PreflightOptions, OutputOptions) for f in dataclasses.fields(cls)]
    assert len(set(names)) == len(names)
    for spec in PAGE_OPTIONS:
        assert spec.help.endswith(".") and spec.accepted, spec
        assert spec.read(spec.default) == spec.default  # the default passes its own parser
        assert "](" not in spec.help  # plain words: no links into a documentation
    assert declared(Options) is declared(Options)  # read once


def test_the_options_know_no_setting_or_flag_but_the_old_names_warn():
    """Setting names and flags are the Scrapy layer's (settings.py); the old names, for one release."""
    from scrapy_readability.engine import options

    assert not {"setting", "flag"} & {f.name for f in dataclasses.fields(options.Option)}
    by_name = {spec.name: spec for spec in PAGE_OPTIONS}
    with pytest.warns(DeprecationWarning, match="Option.setting is deprecated"):
        assert by_name["disable_json_ld"].setting == "READABILITY_DISABLE_JSONLD"
    with pytest.warns(DeprecationWarning, match="Option.flag is deprecated"):
        assert by_name["char_threshold"].flag == "--char-threshold"
    with pytest.warns(DeprecationWarning, match="PREFIX is deprecated"):
        assert options.PREFIX == "READABILITY_"
    with pytest.warns(DeprecationWarning, match="setting=...") as _:
        field = options.option(1, options.integer(0), "an integer", "Help.", setting="MY_SETTING")
    assert field.metadata["named"] == "MY_SETTING"
    with pytest.raises(AttributeError):
        by_name["char_threshold"].nothing  # noqa: B018


def test_a_changed_copy_is_validated_too():
    assert Options().changed(char_threshold="20").char_threshold == 20
    with pytest.raises(ReadabilityConfigError):
        Options().changed(char_threshold=-1)


def test_readability_takes_every_option_by_keyword():
    given = {"char_threshold": 20, "policy": "clean", "classes_to_preserve": "a b", "sanitize": True, "debug": True}
    assert Readability("<p>x</p>", "http://h/", **given).options == Options.build(**given)


def test_an_unknown_option_is_a_type_error():
    with pytest.raises(TypeError, match="unexpected option 'char_treshold'"):
        Readability("<p>x</p>", char_treshold=20)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected option"):
        Options.build(foo=1)  # type: ignore[call-arg]
