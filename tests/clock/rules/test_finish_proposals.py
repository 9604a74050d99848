"""Proposals to finish before a hard stop, from the structure and a forecast
passed in (README "Finish on time: hard stop"). No database."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clock.rules import finish_proposals as fp
from clock.rules.forecast import Forecast, ForecastInputs, forecast
from clock.rules.structure import Break, Level, has_errors, validate_structure
from clock.rules.structure_templates import TEMPLATES

NOW = datetime(2026, 11, 27, 19, 0, tzinfo=UTC)
CLUB = TEMPLATES["club20"]


def situation(players: int = 40, current: int = 0, remaining_s: int = 1200):
    play = fp.Play(
        entries=CLUB.entries,
        current=current,
        chip_values=CLUB.denominations,
        players_left=players,
        final_table_size=9,
    )
    inputs = ForecastInputs(
        now=NOW,
        ahead=fp.entries_ahead(CLUB.entries, current, remaining_s),
        players_left=players,
        chips_in_play=players * CLUB.starting_stack,
    )
    return play, inputs, forecast(inputs)


def found(play, inputs, current, stop):
    return fp.proposals(
        play,
        current=current,
        hard_stop=stop,
        now=NOW,
        forecast_of=lambda entries: forecast(fp.inputs_with(inputs, play, entries)),
        deal_at=lambda at: replace(current, predicted_end=at, earliest=at, latest=at),
    )


def test_shortening_sets_every_later_level_and_keeps_the_one_played_and_the_breaks():
    play, _inputs, _current = situation(current=2)
    changed = fp.changed_structure(play, "shorten-12")
    for index, (old, new) in enumerate(zip(CLUB.entries, changed, strict=True)):
        if isinstance(old, Level) and index > 2:
            assert new.seconds == 12 * 60
        else:
            assert new == old


def test_skipping_leaves_out_the_next_level_only():
    play, _inputs, _current = situation(current=3)  # level 4; a break follows, then level 5
    changed = fp.changed_structure(play, "skip-5")
    assert len(changed) == len(CLUB.entries) - 1
    assert changed[5] == CLUB.entries[6]
    with pytest.raises(fp.ProposalError):
        fp.changed_structure(play, "skip-6")  # not the next level


def test_the_ante_comes_in_earlier_in_the_proportion_of_the_first_ante_level():
    play, _inputs, _current = situation(current=0)
    changed = fp.changed_structure(play, "ante-1")
    level_2 = changed[1]
    assert isinstance(level_2, Level)
    assert level_2.big_blind_ante and level_2.ante == level_2.big_blind  # club: ante = big blind
    assert changed[0] == CLUB.entries[0]


def test_a_colour_up_moved_earlier_leaves_no_chip_behind_for_a_later_break():
    play, _inputs, _current = situation(current=0)
    changed = fp.changed_structure(play, "colour_up-4")
    first_break, later = changed[4], changed[9]
    assert isinstance(first_break, Break) and isinstance(later, Break)
    assert first_break.color_up == (25,) and 25 not in later.color_up
    level_5 = changed[5]
    assert isinstance(level_5, Level) and level_5.small_blind % 100 == 0
    assert not has_errors(validate_structure(changed, denominations=CLUB.denominations))


def test_every_proposal_shown_meets_the_stop_and_the_least_change_comes_first():
    play, inputs, current = situation()
    stop = current.latest - timedelta(minutes=90)
    shown = found(play, inputs, current, stop)
    assert shown
    assert all(p.forecast.latest <= stop for p in shown)
    ends = [p.forecast.predicted_end for p in shown]
    assert ends == sorted(ends, reverse=True)
    assert len({p.kind for p in shown}) == len(shown)  # one per kind


def test_without_a_proposal_that_meets_the_stop_the_closest_ones_are_shown():
    play, inputs, current = situation()
    stop = NOW + timedelta(minutes=5)
    shown = found(play, inputs, current, stop)
    assert 0 < len(shown) <= fp.BEST_SHOWN
    assert all(p.forecast.latest > stop for p in shown)
    latest = [p.forecast.latest for p in shown]
    assert latest == sorted(latest)


def test_a_deal_is_offered_only_at_the_final_table_before_the_stop():
    play, inputs, current = situation(players=40)
    stop = NOW + timedelta(minutes=30)
    assert not [p for p in found(play, inputs, current, stop) if p.kind == "deal"]
    play, inputs, current = situation(players=6, current=14, remaining_s=600)
    stop = min(current.latest, current.predicted_end) - timedelta(minutes=1)
    deals = [p for p in found(play, inputs, current, stop) if p.kind == "deal"]
    assert {p.method for p in deals} == {"icm", "chip_chop"}
    assert all(p.at == max(stop - fp.DEAL_LEAD, NOW) for p in deals)


@pytest.mark.parametrize("proposal", ["deal-icm", "shorten-x", "nothing", "skip-", "melt-3"])
def test_an_id_that_names_no_change_is_refused(proposal):
    play, _inputs, _current = situation()
    with pytest.raises(fp.ProposalError):
        fp.changed_structure(play, proposal)


@given(
    current=st.integers(min_value=0, max_value=len(CLUB.entries) - 1),
    players=st.integers(min_value=2, max_value=300),
    minutes_short=st.integers(min_value=-60, max_value=600),
)
def test_every_proposal_is_a_valid_structure_that_keeps_what_was_played_and_ends_earlier(
    current, players, minutes_short
):
    play, inputs, now = situation(players=players, current=current)
    stop = now.latest - timedelta(minutes=minutes_short)
    for proposal in found(play, inputs, now, stop):
        assert proposal.forecast.predicted_end < now.predicted_end
        if proposal.entries is None:
            continue
        assert proposal.entries[: current + 1] == CLUB.entries[: current + 1]
        problems = validate_structure(proposal.entries, denominations=CLUB.denominations)
        assert not has_errors(problems)
        assert isinstance(proposal.forecast, Forecast)
