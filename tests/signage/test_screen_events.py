"""Which public messages a speaking screen sounds, and their keys (README
"Named screens", "Sounds and speech"): one key per event, however often heard."""

from __future__ import annotations

from signage.rules.events import Watch
from signage.rules.settings import View, screen_views

PAYOUTS = {"places": [{"place": 1, "to": 1}, {"place": 2, "to": 3}]}


def watch(**snapshot):
    seen = Watch()
    seen.seed({"moves": [], "summary": {"remaining": 5}, "payouts": PAYOUTS, **snapshot})
    return seen


def kinds(events):
    return [(e.kind, e.key) for e in events]


LEVEL_2 = {"kind": "level", "number": 2, "small_blind": 200, "big_blind": 400}
BREAK_3 = {"kind": "break", "seconds": 600}


def clock(index, level, state="running"):
    return {"state": state, "level_index": index, "level": level}


def test_a_level_reached_on_time_is_one_event_with_the_clock_it_moved():
    seen = watch(clock=clock(0, {"kind": "level", "number": 1}))
    message = {
        "type": "announcement",
        "kind": "level_up",
        "level_index": 1,
        "at": 1000,
        "level": LEVEL_2,
        "clock": clock(1, LEVEL_2),
    }
    assert kinds(seen.events(message)) == [("level_up", "level_up:1")]


def test_the_directors_next_level_is_announced_and_going_back_is_not():
    seen = watch(clock=clock(1, LEVEL_2))
    assert kinds(seen.events({"type": "clock", "clock": clock(2, BREAK_3)})) == [
        ("break_start", "break_start:2")
    ]
    assert seen.events({"type": "clock", "clock": clock(1, LEVEL_2)}) == []
    # Forward again to the same break: the same key, so the screen stays quiet.
    assert kinds(seen.events({"type": "clock", "clock": clock(2, BREAK_3)})) == [
        ("break_start", "break_start:2")
    ]
    after = seen.events({"type": "clock", "clock": clock(3, {"kind": "level", "number": 3})})
    assert kinds(after) == [("break_end", "break_end:2"), ("level_up", "level_up:3")]


def test_a_paused_or_stopped_clock_moving_on_is_not_announced():
    seen = watch(clock=clock(1, LEVEL_2, "paused"))
    assert seen.events({"type": "clock", "clock": clock(2, BREAK_3, "paused")}) == []


def test_moves_already_shown_are_not_news_and_new_ones_are():
    seen = watch(moves=[{"id": 7, "reason": "balance", "from_table": 1}])
    moves = [
        {"id": 7, "reason": "balance", "from_table": 1},
        {"id": 8, "reason": "balance", "from_table": 2},
    ]
    assert kinds(seen.events({"type": "bust", "moves": moves})) == [("move", "move:8")]
    assert seen.events({"type": "bust", "moves": moves}) == []


def test_a_breaking_table_is_one_event_and_each_of_its_players_moves():
    moves = [
        {"id": 1, "reason": "break", "from_table": 4},
        {"id": 2, "reason": "break", "from_table": 4},
    ]
    found = kinds(watch().events({"type": "break", "moves": moves}))
    assert found == [("table_break", "table_break:4"), ("move", "move:1"), ("move", "move:2")]


def test_the_bubble_bursts_once_when_the_field_reaches_the_paid_places():
    seen = watch()
    assert seen.events({"type": "bust", "summary": {"remaining": 4}}) == []
    assert kinds(seen.events({"type": "bust", "summary": {"remaining": 3}})) == [
        ("bubble", "bubble")
    ]
    assert seen.events({"type": "bust", "summary": {"remaining": 2}}) == []


def test_the_final_table_is_announced_when_it_is_first_known():
    seen = watch()
    message = {"type": "bust", "chip_counts": {"final_table": {"table": 2}}}
    assert kinds(seen.events(message)) == [("final_table", "final_table:2")]
    assert seen.events(message) == []


def test_the_overview_is_one_view_whatever_the_tournaments():
    rotation = [{"layout": "clock", "seconds": 30}, {"layout": "today", "seconds": 10}]
    assert screen_views("clock", [4, 5], rotation) == [
        View("clock", 4, 30),
        View("clock", 5, 30),
        View("today", 0, 10),
    ]
    assert screen_views("today", [], []) == [View("today", 0, 0)]


def test_a_screen_of_two_tournaments_takes_turns_and_one_stays():
    assert screen_views("clock", [4], []) == [View("clock", 4, 0)]
    assert screen_views("clock", [4, 5], []) == [View("clock", 4, 20), View("clock", 5, 20)]
    rotation = [{"layout": "clock", "seconds": 30}, {"layout": "payouts", "seconds": 10}]
    assert screen_views("clock", [4], rotation) == [View("clock", 4, 30), View("payouts", 4, 10)]
