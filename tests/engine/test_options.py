"""options: Options.build's JS-style defaults and validation, and the policies' flags."""

from __future__ import annotations

import dataclasses
import re

import pytest

from scrapy_readability.engine.constants import (
    FLAG_CLEAN_CONDITIONALLY,
    FLAG_STRIP_UNLIKELYS,
    FLAG_WEIGHT_CLASSES,
    REGEXPS,
)
from scrapy_readability.engine import Readability
from scrapy_readability.engine.options import ATTEMPT_NAMES, OptionArgs, Options, Policy

ALL = FLAG_STRIP_UNLIKELYS | FLAG_WEIGHT_CLASSES | FLAG_CLEAN_CONDITIONALLY


def test_defaults():
    options = Options.build()
    assert options.max_elems_to_parse == 0
    assert options.nb_top_candidates == 5
    assert options.char_threshold == 500
    assert options.classes_to_preserve == ()
    assert options.keep_classes is False
    assert options.disable_json_ld is False
    assert options.allowed_video_regex is REGEXPS.videos
    assert options.link_density_modifier == 0.0
    assert options.policy is Policy.AUTO
    assert options.sanitize is False
    assert Options() == options


def test_zero_falls_back_to_default_as_in_js():
    # JS: options.nbTopCandidates || DEFAULT_N_TOP_CANDIDATES
    options = Options.build(nb_top_candidates=0, char_threshold=0, max_elems_to_parse=0)
    assert (options.nb_top_candidates, options.char_threshold, options.max_elems_to_parse) == (5, 500, 0)


def test_explicit_values_are_kept():
    options = Options.build(nb_top_candidates=42, max_elems_to_parse=7, char_threshold=20, link_density_modifier=0.1)
    assert (options.nb_top_candidates, options.max_elems_to_parse, options.char_threshold) == (42, 7, 20)
    assert options.link_density_modifier == pytest.approx(0.1)


@pytest.mark.parametrize("name", ["max_elems_to_parse", "nb_top_candidates", "char_threshold"])
@pytest.mark.parametrize("value", [-1, 1.5, "5", True])
def test_counts_must_be_non_negative_ints(name, value):
    with pytest.raises(ValueError, match=name):
        Options.build(**{name: value})


def test_video_regex_from_string_is_case_insensitive():
    options = Options.build(allowed_video_regex=r"//mydomain\.com/")
    assert options.allowed_video_regex.search("https://MYDOMAIN.com/x")
    compiled = re.compile("abc")
    assert Options.build(allowed_video_regex=compiled).allowed_video_regex is compiled


def test_classes_to_preserve_string_or_iterable():
    assert Options.build(classes_to_preserve="a  b").classes_to_preserve == ("a", "b")
    assert Options.build(classes_to_preserve=["x"]).classes_to_preserve == ("x",)
    assert Options.build(classes_to_preserve=["x"]).preserved_classes == frozenset({"page", "x"})
    assert Options.build().preserved_classes == frozenset({"page"})


def test_policy_from_string_and_bad_policy():
    assert Options.build(policy="raw").policy is Policy.RAW
    with pytest.raises(ValueError, match="policy must be one of auto, strict, moderate, clean, raw"):
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


def test_option_args_type_every_option():
    """OptionArgs (the keywords' types, for editors) names exactly Options' fields."""
    assert list(OptionArgs.__annotations__) == [f.name for f in dataclasses.fields(Options)]


def test_readability_takes_every_option_by_keyword():
    given = {"char_threshold": 20, "policy": "clean", "classes_to_preserve": "a b", "sanitize": True}
    assert Readability("<p>x</p>", "http://h/", **given).options == Options.build(**given)


def test_an_unknown_option_is_a_type_error():
    with pytest.raises(TypeError, match="unexpected option 'char_treshold'"):
        Readability("<p>x</p>", char_treshold=20)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected option"):
        Options.build(foo=1)  # type: ignore[call-arg]
