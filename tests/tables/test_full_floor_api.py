"""A paid entry never waits while a table can open (README "Places, re-entries and moves"), through the API.

The real case (a club evening, 2025-02-13): a floor broken after the first
bust, then re-entries on the full floor. Each must be seated, bustable and
able to re-enter again.
"""

from __future__ import annotations

import pytest

from tests.tables.test_floor_api import do_all_moves, open_counts, seated_entry, tables_of

pytestmark = pytest.mark.django_db


def club_night(api, players: int = 17, tables: int = 3, **settings) -> dict:
    """Three tables of eight, seventeen players, re-entries allowed."""
    tournament = api.post(
        "/tournaments",
        {
            "name": "Club night",
            "table_size": 8,
            "final_table_size": 8,
            "max_entries": 3,
            "late_registration_levels": 6,
            # The evening of 2025-02-13 broke tables during registration, as soon
            # as the players left fitted at the others (no seat kept free).
            "break_during_registration": True,
            "options": {"late_entry_seats": 0},
            **settings,
        },
    ).json()
    api.post(f"/tournaments/{tournament['id']}/tables", {"count": tables})
    entries = [
        api.post(f"/tournaments/{tournament['id']}/entries", {"name": f"Spieler {i:02}"}).json()
        for i in range(players)
    ]
    assert api.post(f"/tournaments/{tournament['id']}/draw").status_code == 200
    return {"id": tournament["id"], "entries": entries}


def entries_by_status(api, tournament_id: int) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for entry in api.get(f"/tournaments/{tournament_id}/entries").json():
        found.setdefault(entry["status"], []).append(entry)
    return found


def bust(api, entry_id: int) -> dict:
    response = api.post(f"/entries/{entry_id}/bust")
    assert response.status_code == 200, response.content
    return response.json()


def re_enter(api, tournament_id: int, player: int) -> dict:
    response = api.post(f"/tournaments/{tournament_id}/entries", {"player": player})
    assert response.status_code == 201, response.content
    return response.json()


def first_bust_breaks_a_table(api, game: dict) -> dict:
    out = seated_entry(api, game["id"])
    player = next(e["player"] for e in game["entries"] if e["id"] == out)
    bust(api, out)
    assert [t["status"] for t in tables_of(api, game["id"])].count("broken") == 1
    return {"entry": out, "player": player}


@pytest.mark.parametrize("moves_done_first", [True, False])
def test_a_re_entry_after_a_table_break_is_seated_bustable_and_can_re_enter(api, moves_done_first):
    game = club_night(api)
    first = first_bust_breaks_a_table(api, game)
    if moves_done_first:
        do_all_moves(api, game["id"])
    again = re_enter(api, game["id"], first["player"])
    assert again["status"] == "seated", again
    assert not entries_by_status(api, game["id"]).get("waiting")
    # The broken table is back in play: whoever still sat there stays.
    pending = api.get(f"/tournaments/{game['id']}/moves?status=pending").json()
    assert all(m["reason"] == "balance" for m in pending), pending
    reopened = next(t for t in tables_of(api, game["id"]) if t["number"] == again["table"])
    if moves_done_first:  # it was empty: the floor sets a new button
        assert reopened["button_seat"] is None
    do_all_moves(api, game["id"])
    assert sorted(open_counts(api, game["id"]).values()) == [5, 6, 6]
    bust(api, again["id"])
    third = re_enter(api, game["id"], first["player"])
    assert third["status"] == "seated"
    assert third["number"] == 3


def test_every_re_entry_of_an_evening_on_a_full_floor_plays_and_busts(api):
    game = club_night(api)
    first_bust_breaks_a_table(api, game)
    do_all_moves(api, game["id"])
    # Busts and re-entries in turn, as the evening ran: each bullet sits down.
    for _ in range(6):
        first_bullets = entries_by_status(api, game["id"])["seated"]
        out = next(e for e in first_bullets if e["number"] == 1)
        bust(api, out["id"])
        player = out["player"]
        back = re_enter(api, game["id"], player)
        assert back["status"] == "seated", back
        do_all_moves(api, game["id"])
    statuses = entries_by_status(api, game["id"])
    assert not statuses.get("waiting")
    assert len(statuses["seated"]) == 16
    for entry in statuses["seated"][:3]:
        bust(api, entry["id"])


def test_only_when_no_table_is_left_does_a_re_entry_wait_and_the_next_free_seat_is_his(api):
    game = club_night(api, players=16, tables=2)
    out = seated_entry(api, game["id"])
    player = next(e["player"] for e in game["entries"] if e["id"] == out)
    bust(api, out)
    api.post(f"/tournaments/{game['id']}/entries", {"name": "Neu Eins"})  # the floor is full
    back = re_enter(api, game["id"], player)
    assert back["status"] == "waiting"
    bust(api, seated_entry(api, game["id"]))
    entries = {e["id"]: e for e in api.get(f"/tournaments/{game['id']}/entries").json()}
    assert entries[back["id"]]["status"] == "seated"
    assert api.get(f"/tournaments/{game['id']}/moves?status=pending").json() == []


def test_new_tables_seat_the_waiting_players_at_once_and_the_floor_balances(api):
    game = club_night(api, players=18, tables=2, table_size=9, final_table_size=9)
    late = [
        api.post(f"/tournaments/{game['id']}/entries", {"name": f"Spät {i}"}).json()
        for i in range(2)
    ]
    assert [e["status"] for e in late] == ["waiting", "waiting"]
    response = api.post(f"/tournaments/{game['id']}/tables", {"count": 1})
    assert response.status_code == 201
    entries = {e["id"]: e for e in api.get(f"/tournaments/{game['id']}/entries").json()}
    assert [entries[e["id"]]["table"] for e in late] == [3, 3]
    assert all(entries[e["id"]]["status"] == "seated" for e in late)
    pending = api.get(f"/tournaments/{game['id']}/moves?status=pending").json()
    assert pending and {m["to_table"] for m in pending} == {3}
    do_all_moves(api, game["id"])
    assert sorted(open_counts(api, game["id"]).values()) == [6, 7, 7]


def test_a_reserve_table_set_up_while_players_wait_opens_for_them(api):
    game = club_night(api, players=16, tables=2)
    late = api.post(f"/tournaments/{game['id']}/entries", {"name": "Spät Eins"}).json()
    assert late["status"] == "waiting"
    api.post(f"/tournaments/{game['id']}/tables", {"count": 1, "reserve": True})
    entries = {e["id"]: e for e in api.get(f"/tournaments/{game['id']}/entries").json()}
    assert entries[late["id"]]["status"] == "seated" and entries[late["id"]]["table"] == 3


def test_with_no_breaks_during_registration_re_entries_never_churn_the_floor(api):
    game = club_night(api, break_during_registration=False)
    assert api.get(f"/tournaments/{game['id']}").json()["break_during_registration"] is False
    out = seated_entry(api, game["id"])
    player = next(e["player"] for e in game["entries"] if e["id"] == out)
    bust(api, out)
    assert all(t["status"] == "open" for t in tables_of(api, game["id"]))
    back = re_enter(api, game["id"], player)
    assert back["status"] == "seated"
    assert api.get(f"/tournaments/{game['id']}/moves").json() == []
    # Registration closes: the next bust breaks the table the players fit without.
    closed = api.patch(f"/tournaments/{game['id']}", {"registration_closed": True})
    assert closed.status_code == 200
    bust(api, seated_entry(api, game["id"]))
    assert [t["status"] for t in tables_of(api, game["id"])].count("broken") == 1


def test_by_default_tables_break_during_registration_keeping_a_seat_for_late_entries(api):
    tournament = api.post("/tournaments", {"name": "Default"}).json()
    assert tournament["break_during_registration"] is True
    assert tournament["options"]["late_entry_seats"] == 1
    changed = api.patch(
        f"/tournaments/{tournament['id']}",
        {"break_during_registration": False, "options": {"late_entry_seats": 2}},
    ).json()
    assert changed["break_during_registration"] is False
    assert changed["options"]["late_entry_seats"] == 2
    bad = api.patch(f"/tournaments/{tournament['id']}", {"break_during_registration": "maybe"})
    assert bad.status_code == 422
    too_many = api.patch(f"/tournaments/{tournament['id']}", {"options": {"late_entry_seats": 4}})
    assert too_many.status_code == 422


def late_night(api, **settings) -> dict:
    """A club evening with the default floor: three tables of eight, play running
    since the draw (no clock), registration open (README "Breaking during
    registration")."""
    return club_night(api, options={}, **settings)


def busted_and_back(api, game: dict, times: int) -> list[dict]:
    """Busts a seated player and buys him back in, ``times`` times; the moves the
    floor was asked for after each."""
    asked = []
    for _ in range(times):
        out = seated_entry(api, game["id"])
        player = next(
            e["player"]
            for e in api.get(f"/tournaments/{game['id']}/entries").json()
            if e["id"] == out
        )
        bust(api, out)
        asked.append(api.get(f"/tournaments/{game['id']}/moves?status=pending").json())
        do_all_moves(api, game["id"])
        re_enter(api, game["id"], player)
        asked.append(api.get(f"/tournaments/{game['id']}/moves?status=pending").json())
        do_all_moves(api, game["id"])
    return asked


def test_during_late_registration_a_table_breaks_only_with_a_seat_free_at_each_other(api):
    game = late_night(api)  # 17 players at three tables of eight
    bust(api, seated_entry(api, game["id"]))  # 16 would fill two tables: no seat kept
    assert all(t["status"] == "open" for t in tables_of(api, game["id"]))
    bust(api, seated_entry(api, game["id"]))  # 15 fit with a seat free at one
    assert all(t["status"] == "open" for t in tables_of(api, game["id"]))
    bust(api, seated_entry(api, game["id"]))  # 14: a seat free at each of two
    assert [t["status"] for t in tables_of(api, game["id"])].count("broken") == 1


def test_bust_and_re_entry_in_turn_never_reopen_a_broken_table(api):
    game = late_night(api, players=15, max_entries=10)
    bust(api, seated_entry(api, game["id"]))
    do_all_moves(api, game["id"])
    assert sorted(open_counts(api, game["id"]).values()) == [7, 7]
    asked = busted_and_back(api, game, times=4)
    # Each re-entry takes the seat kept free; nothing moves, nothing reopens.
    assert asked == [[]] * 8
    assert [t["status"] for t in tables_of(api, game["id"])].count("broken") == 1


def test_once_registration_closes_the_floor_breaks_what_the_players_allow(api):
    game = late_night(api, players=17)
    bust(api, seated_entry(api, game["id"]))
    assert all(t["status"] == "open" for t in tables_of(api, game["id"]))
    closed = api.patch(f"/tournaments/{game['id']}", {"registration_closed": True})
    assert closed.status_code == 200
    bust(api, seated_entry(api, game["id"]))  # 15 fit at two tables of eight
    assert [t["status"] for t in tables_of(api, game["id"])].count("broken") == 1


def test_the_draw_opens_the_reserve_tables_the_field_needs(api):
    tournament = api.post("/tournaments", {"name": "Big night", "table_size": 8}).json()
    api.post(f"/tournaments/{tournament['id']}/tables", {"count": 1})
    api.post(f"/tournaments/{tournament['id']}/tables", {"count": 2, "reserve": True})
    for i in range(12):
        api.post(f"/tournaments/{tournament['id']}/entries", {"name": f"Spieler {i:02}"})
    api.post(f"/tournaments/{tournament['id']}/draw")
    assert [t["status"] for t in tables_of(api, tournament["id"])] == ["open", "open", "reserve"]
    assert sorted(open_counts(api, tournament["id"]).values()) == [6, 6]
    assert set(entries_by_status(api, tournament["id"])) == {"seated"}


def test_a_bust_whose_player_has_re_entered_cannot_be_undone_and_says_why(api):
    game = club_night(api)
    first = first_bust_breaks_a_table(api, game)
    re_enter(api, game["id"], first["player"])
    response = api.post(f"/entries/{first['entry']}/unbust")
    assert response.status_code == 409
    assert "re-entered" in response.json()["detail"]


def test_at_the_field_limit_an_entry_waits_and_a_higher_limit_seats_it_at_once(api):
    game = club_night(api, players=16, max_players=16)
    late = api.post(f"/tournaments/{game['id']}/entries", {"name": "Spät Eins"}).json()
    assert late["status"] == "waiting"  # seats are free, but the room's limit is reached
    assert api.patch(f"/tournaments/{game['id']}", {"max_players": 17}).status_code == 200
    entries = {e["id"]: e for e in api.get(f"/tournaments/{game['id']}/entries").json()}
    assert entries[late["id"]]["status"] == "seated"


def test_the_clubs_floor_of_two_tables_of_seven_and_one_of_five_seats_every_re_entry(api):
    # The floor of the evening of 2025-02-13: tables of 7, 7 and 5 seats.
    tournament = api.post(
        "/tournaments",
        {"name": "ORF", "table_size": 7, "final_table_size": 7, "max_entries": 3},
    ).json()
    tid = tournament["id"]
    api.post(f"/tournaments/{tid}/tables", {"count": 2, "seats": 7})
    api.post(f"/tournaments/{tid}/tables", {"count": 1, "seats": 5})
    for i in range(15):
        api.post(f"/tournaments/{tid}/entries", {"name": f"Spieler {i:02}"})
    api.post(f"/tournaments/{tid}/draw")
    for _ in range(5):
        out = next(e for e in entries_by_status(api, tid)["seated"] if e["number"] < 3)
        bust(api, out["id"])
        back = re_enter(api, tid, out["player"])
        assert back["status"] == "seated", back
        assert not entries_by_status(api, tid).get("waiting")
    do_all_moves(api, tid)
    counts = open_counts(api, tid)
    assert sum(counts.values()) == 15 and max(counts.values()) - min(counts.values()) <= 1


def test_a_re_entry_takes_a_free_seat_rather_than_reopen_the_table_just_broken(api):
    game = club_night(api, break_during_registration=True)
    first = first_bust_breaks_a_table(api, game)
    (broken,) = [t["number"] for t in tables_of(api, game["id"]) if t["status"] == "broken"]
    bust(api, seated_entry(api, game["id"], next(n for n in (1, 2, 3) if n != broken)))
    moves_before = api.get(f"/tournaments/{game['id']}/moves?status=pending").json()
    back = re_enter(api, game["id"], first["player"])
    assert back["status"] == "seated" and back["table"] != broken
    tables = {t["number"]: t["status"] for t in tables_of(api, game["id"])}
    assert tables[broken] == "broken"
    moves_after = api.get(f"/tournaments/{game['id']}/moves?status=pending").json()
    assert {m["id"] for m in moves_after} == {m["id"] for m in moves_before}
