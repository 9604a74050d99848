"""What the replay asks of the API follows from the file alone (no database needed)."""

from __future__ import annotations

from imports.rules.td3_read import read_td3
from tests.imports.rules.test_td3_model import EVENING
from tests.imports.td3_replay import Td3Replay


def _plan() -> Td3Replay:
    return Td3Replay(api=None, td3=read_td3(EVENING), name="evening")


def test_the_evening_is_played_in_the_order_of_the_file():
    steps = [(step.kind, step.player, step.index) for step in _plan().steps()]
    assert steps == [
        ("register", "ann", 0),
        ("register", "bob", 0),
        ("register", "cid", 0),
        ("bust", "ann", 0),
        ("re_enter", "ann", 1),
        ("add_on", "cid", 0),
        ("bust", "ann", 1),
        ("bust", "cid", 0),
    ]


def test_the_tournament_offers_each_buy_in_as_paid_the_usual_one_first():
    body = _plan().tournament_body()
    assert body["buy_ins"] == [
        {"name": "Std", "price": "200.00", "fee": "20.00", "chips": 10000},
        {"name": "Double", "price": "200.00", "fee": "0.00", "chips": 10000},
    ]
    assert (body["buy_in"], body["fee"], body["starting_stack"]) == ("200.00", "20.00", 10000)
    assert body["late_registration_levels"] == 6  # TD3 sold re-entries through level 6
    assert body["max_entries"] == 3  # a first buy-in and two re-entries
    assert body["places"] == "by_player"
    assert body["late_registration_through_break"] is True
    assert body["table_size"] == 7


def test_a_re_entry_names_the_player_and_the_buy_in_he_took():
    plan = _plan()
    ann = plan.td3.players[0]
    assert plan.entry_body(ann, ann.buyins[0]) == {"name": "Ann", "buy_in": "Std"}
    plan.players["ann"] = 41
    assert plan.entry_body(ann, ann.buyins[1]) == {"player": 41, "buy_in": "Double"}


def test_levels_map_to_the_structure_with_its_breaks():
    plan = _plan()
    assert [plan.level_index_for(level, 0) for level in (1, 2)] == [0, 2]
    assert plan.level_index_for(1, 0, after_break=True) == 1  # add-ons in the break after 1
    assert plan.structure_body()["levels"][1] == {"kind": "break", "seconds": 300, "color_up": []}


def test_add_ons_are_priced_as_paid_and_sold_in_the_break_after_their_level():
    settings = _plan()._purchase_settings()
    assert settings == {
        "addon_price": "50.00",
        "addon_fee": "0.00",
        "addon_chips": 3000,
        "addon_limit": 1,
        "addon_after_level": 6,
    }
