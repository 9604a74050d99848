import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.rules.places import Bust, Place, PlacesError, check_unbust, rank_busts


def places_of(result: list[Place]) -> dict[int, tuple[int, bool]]:
    return {p.entry_id: (p.place, p.shared) for p in result}


def test_a_single_bust_finishes_in_the_place_of_the_players_left():
    result = rank_busts(players_left_before=10, busted=[(7, 1500, None)], tie_rule="share")
    assert result == [Place(7, 10, shared=False)]


def test_the_bigger_starting_stack_finishes_higher_in_the_same_hand():
    result = rank_busts(
        players_left_before=10,
        busted=[(1, 800, None), (2, 3000, None), (3, 1200, None)],
        tie_rule="share",
    )
    assert places_of(result) == {2: (8, False), 3: (9, False), 1: (10, False)}
    assert [p.place for p in result] == [8, 9, 10]


def test_equal_stacks_share_the_better_place():
    # IFP 4.27: equal stacks share the place; the place used up below is skipped.
    result = rank_busts(
        players_left_before=10,
        busted=[(1, 500, None), (2, 500, None), (3, 300, None)],
        tie_rule="share",
    )
    assert places_of(result) == {1: (8, True), 2: (8, True), 3: (10, False)}


def test_equal_stacks_below_a_bigger_one_share_the_next_place():
    result = rank_busts(
        players_left_before=6,
        busted=[Bust(1, 900), Bust(2, 400), Bust(3, 400)],
        tie_rule="share",
    )
    assert places_of(result) == {1: (4, False), 2: (5, True), 3: (5, True)}


def test_with_the_button_rule_the_player_closer_clockwise_to_the_button_finishes_higher():
    # BDPV Turnierreglement 28; distance counted clockwise from the button.
    result = rank_busts(
        players_left_before=9,
        busted=[Bust(1, 500, button_distance=4), Bust(2, 500, button_distance=1)],
        tie_rule="button",
    )
    assert places_of(result) == {2: (8, False), 1: (9, False)}


def test_the_button_rule_still_ranks_by_starting_stack_first():
    result = rank_busts(
        players_left_before=9,
        busted=[Bust(1, 900, button_distance=5), Bust(2, 500, button_distance=0)],
        tie_rule="button",
    )
    assert places_of(result) == {1: (8, False), 2: (9, False)}


def test_the_button_rule_shares_when_distances_at_two_tables_are_equal():
    result = rank_busts(
        players_left_before=20,
        busted=[Bust(1, 500, 2), Bust(2, 500, 2), Bust(3, 500, 1)],
        tie_rule="button",
    )
    assert places_of(result) == {3: (18, False), 1: (19, True), 2: (19, True)}


def test_the_button_rule_needs_a_distance_only_for_equal_stacks():
    rank_busts(players_left_before=9, busted=[Bust(1, 900), Bust(2, 500)], tie_rule="button")
    with pytest.raises(PlacesError) as error:
        rank_busts(players_left_before=9, busted=[Bust(1, 500), Bust(2, 500, 3)], tie_rule="button")
    assert error.value.code == "button_distance_missing"


@pytest.mark.parametrize(
    ("players_left", "busted", "tie_rule", "code"),
    [
        (5, [], "share", "no_busts"),
        (2, [(1, 100, None), (2, 100, None)], "share", "no_player_left"),
        (5, [(1, 100, None), (1, 200, None)], "share", "duplicate_entry"),
        (5, [(1, 0, None)], "share", "starting_stack_not_positive"),
        (5, [(1, 10, -1)], "button", "button_distance_negative"),
        (5, [(1, 10, None)], "coin", "tie_rule_unknown"),
    ],
)
def test_invalid_bust_groups_are_refused_with_a_code(players_left, busted, tie_rule, code):
    with pytest.raises(PlacesError) as error:
        rank_busts(players_left_before=players_left, busted=busted, tie_rule=tie_rule)
    assert error.value.code == code


bust_groups = st.integers(min_value=2, max_value=40).flatmap(
    lambda left: st.tuples(
        st.just(left),
        st.lists(st.tuples(st.integers(1, 5), st.integers(0, 8)), min_size=1, max_size=left - 1),
        st.sampled_from(["share", "button"]),
    )
)


@given(bust_groups)
def test_places_fill_the_block_below_the_players_left(data):
    left, raw, tie_rule = data
    busted = [Bust(i, stack * 100, distance) for i, (stack, distance) in enumerate(raw)]
    result = rank_busts(players_left_before=left, busted=busted, tie_rule=tie_rule)
    assert sorted(p.entry_id for p in result) == list(range(len(busted)))
    best = left - len(busted) + 1
    stack = {b.entry_id: b.starting_stack for b in busted}
    for position, place in enumerate(result):
        # Standard competition ranking: place = best + number of players ranked strictly above.
        above = sum(1 for other in result if other.place < place.place)
        assert place.place == best + above
        assert best <= place.place <= left
        assert place.shared == (sum(1 for o in result if o.place == place.place) > 1)
        if position:
            previous = result[position - 1]
            assert stack[previous.entry_id] >= stack[place.entry_id]
            if stack[previous.entry_id] > stack[place.entry_id]:
                assert previous.place < place.place


def test_the_most_recent_bust_can_be_undone():
    busted = [Place(1, 10), Place(2, 9)]
    assert check_unbust(busted=busted, players_left=8, entry_ids=[2]) == 9


def test_an_earlier_bust_cannot_be_undone_while_later_busts_stand():
    busted = [Place(1, 10), Place(2, 9)]
    with pytest.raises(PlacesError) as error:
        check_unbust(busted=busted, players_left=8, entry_ids=[1])
    assert error.value.code == "later_busts"
    assert check_unbust(busted=busted, players_left=8, entry_ids=[1, 2]) == 10


def test_a_whole_group_busted_in_one_hand_can_be_undone_together():
    busted = [Place(5, 11), Place(1, 8), Place(2, 9), Place(3, 10)]
    assert check_unbust(busted=busted, players_left=7, entry_ids=[1, 2, 3]) == 10
    assert check_unbust(busted=busted, players_left=7, entry_ids=[1]) == 8
    with pytest.raises(PlacesError):
        check_unbust(busted=busted, players_left=7, entry_ids=[3])


def test_a_shared_place_is_undone_only_with_everyone_sharing_it():
    busted = [Place(1, 8, True), Place(2, 8, True), Place(3, 10)]
    with pytest.raises(PlacesError) as error:
        check_unbust(busted=busted, players_left=7, entry_ids=[1])
    assert error.value.code == "shared_place"
    assert check_unbust(busted=busted, players_left=7, entry_ids=[1, 2]) == 9


def test_undoing_an_entry_that_is_not_busted_is_refused():
    with pytest.raises(PlacesError) as error:
        check_unbust(busted=[Place(1, 10)], players_left=9, entry_ids=[4])
    assert error.value.code == "not_busted"


@given(
    st.integers(min_value=3, max_value=30),
    st.lists(st.lists(st.integers(1, 3), min_size=1, max_size=3), min_size=1, max_size=8),
    st.data(),
)
def test_an_undo_that_is_allowed_leaves_places_as_if_the_busts_never_happened(field, hands, data):
    # Play the hands, then undo any set of entries: when allowed, the remaining
    # places equal those of replaying only the busts that stay.
    left = field
    history: list[list[Place]] = []
    played: list[list[Bust]] = []
    next_id = 0
    for stacks in hands:
        if len(stacks) >= left:
            break
        busted = [Bust(next_id + i, s * 100) for i, s in enumerate(stacks)]
        next_id += len(stacks)
        played.append(busted)
        history.append(rank_busts(players_left_before=left, busted=busted, tie_rule="share"))
        left -= len(stacks)
    all_places = [p for hand in history for p in hand]
    if not all_places:
        return
    undo = data.draw(st.sets(st.sampled_from([p.entry_id for p in all_places]), min_size=1))
    try:
        left_after = check_unbust(busted=all_places, players_left=left, entry_ids=undo)
    except PlacesError:
        return
    assert left_after == left + len(undo)
    kept = [p for p in all_places if p.entry_id not in undo]
    assert all(p.place > left_after for p in kept)
    replayed: list[Place] = []
    replay_left = field
    for busted in played:
        staying = [b for b in busted if b.entry_id not in undo]
        if staying:
            replayed += rank_busts(
                players_left_before=replay_left, busted=staying, tie_rule="share"
            )
            replay_left -= len(staying)
    assert replay_left == left_after
    assert sorted(replayed, key=lambda p: p.entry_id) == sorted(kept, key=lambda p: p.entry_id)
