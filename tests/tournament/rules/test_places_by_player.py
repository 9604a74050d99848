"""Places by player or by entry when players join and re-enter (README "Places, re-entries and moves")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.rules.places import (
    Bust,
    Place,
    PlacesBasis,
    PlacesError,
    places_after_entry,
    rank_busts,
)


def test_a_re_entry_moves_down_only_those_placed_above_his_lost_bullet():
    # 5 players; 20 busted 5th, 21 busted 4th; 20 re-enters.
    out = [Place(20, 5), Place(21, 4)]
    after = places_after_entry(out=out, basis="by_player", re_entered=20)
    assert after == [Place(21, 5)]


def test_by_entry_a_re_entry_moves_everyone_out_down_and_the_bullet_keeps_a_place():
    out = [Place(20, 5), Place(21, 4)]
    after = places_after_entry(out=out, basis="by_entry", re_entered=20)
    assert after == [Place(20, 6), Place(21, 5)]


def test_a_new_player_moves_everyone_out_down_either_way():
    out = [Place(1, 9), Place(2, 8)]
    for basis in ("by_player", "by_entry"):
        assert places_after_entry(out=out, basis=basis) == [Place(1, 10), Place(2, 9)]


def test_a_player_who_shared_a_place_re_enters_and_the_other_holds_it_alone():
    out = [Place(1, 7, shared=True), Place(2, 7, shared=True), Place(3, 9)]
    after = places_after_entry(out=out, basis="by_player", re_entered=1)
    assert after == [Place(2, 8, shared=False), Place(3, 9)]


def test_a_re_entry_of_a_bullet_without_a_place_is_refused():
    with pytest.raises(PlacesError) as exc:
        places_after_entry(out=[Place(1, 3)], basis="by_player", re_entered=2)
    assert exc.value.code == "not_busted"


def _standard_ranking(places: list[int], field: int) -> bool:
    """1, 2, 2, 4 ...: each place number followed by as many as hold it."""
    expected = 1
    for place in sorted(set(places)):
        if place != expected:
            return False
        expected += places.count(place)
    return expected == field + 1


class Evening:
    """A tournament reduced to its places: players join, bust and re-enter."""

    def __init__(self, basis: PlacesBasis) -> None:
        self.basis = basis
        self.player_of: dict[int, int] = {}
        self.live: list[int] = []
        self.out: dict[int, Place] = {}

    def join(self, player: int) -> None:
        bullet = next((e for e, p in self.player_of.items() if p == player and e in self.out), None)
        entry = len(self.player_of) + 1
        after = places_after_entry(
            out=list(self.out.values()),
            basis=self.basis,
            re_entered=bullet if self.basis == "by_player" else None,
        )
        self.out = {p.entry_id: p for p in after}
        self.player_of[entry] = player
        self.live.append(entry)

    def bust(self, entries: list[int], stacks: list[int]) -> None:
        places = rank_busts(
            players_left_before=len(self.live),
            busted=[Bust(e, s) for e, s in zip(entries, stacks, strict=True)],
            tie_rule="share",
        )
        for place in places:
            self.live.remove(place.entry_id)
            self.out[place.entry_id] = place


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["by_player", "by_entry"]), st.data())
def test_places_are_a_ranking_of_the_players_or_of_the_entries(basis, data):
    evening = Evening(basis)
    players = data.draw(st.integers(2, 8))
    for player in range(players):
        evening.join(player)
    for _ in range(data.draw(st.integers(0, 25))):
        action = data.draw(st.sampled_from(["bust", "new", "re_enter"]))
        busted = {evening.player_of[e] for e in evening.out} - {
            evening.player_of[e] for e in evening.live
        }
        if action == "new":
            evening.join(players)
            players += 1
        elif action == "re_enter" and busted:
            evening.join(data.draw(st.sampled_from(sorted(busted))))
        elif len(evening.live) > 1:
            count = data.draw(st.integers(1, min(3, len(evening.live) - 1)))
            group = data.draw(st.permutations(evening.live))[:count]
            evening.bust(
                group, data.draw(st.lists(st.integers(1, 3), min_size=count, max_size=count))
            )
    while len(evening.live) > 1:
        evening.bust([evening.live[0]], [1])
    winner = evening.live[0]
    places = {e: p.place for e, p in evening.out.items()} | {winner: 1}
    if basis == "by_player":
        assert len(places) == players
        assert sorted(evening.player_of[e] for e in places) == list(range(players))
    else:
        assert len(places) == len(evening.player_of)
    field = len(places)
    assert _standard_ranking(list(places.values()), field)
    # Without ties the places are exactly 1 .. the field.
    if not any(p.shared for p in evening.out.values()):
        assert sorted(places.values()) == list(range(1, field + 1))
