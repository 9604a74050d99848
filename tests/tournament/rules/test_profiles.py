import pytest

from tournament.rules.profiles import PROFILES, UnknownOption, resolve_options


def test_every_profile_defines_every_option_the_others_define():
    names = {frozenset(options) for options in PROFILES.values()}
    assert len(names) == 1


def test_an_override_beats_the_profile():
    assert resolve_options("bdpv", {"balancing": "tda"})["balancing"] == "tda"
    assert resolve_options("tda2019", {"break_target": 8})["break_target"] == 8


@pytest.mark.parametrize(
    "overrides",
    [
        {"halt_short_by": 1},
        {"halt_short_by": True},
        {"break_target": 11},
        {"clock_call_seconds": "60"},
        {"balancing": "random"},
        {"unknown": 1},
    ],
)
def test_options_outside_their_range_are_refused(overrides):
    with pytest.raises(UnknownOption):
        resolve_options("tda2019", overrides)


def test_an_unknown_profile_is_refused():
    with pytest.raises(UnknownOption):
        resolve_options("wsop", {})
