"""The seating engine through the API, as the floor uses it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

pytestmark = pytest.mark.django_db


def start(api, players: int, tables: int, **settings) -> dict:
    """A drawn floor by the book: tables break as soon as the players left fit at
    fewer, registration open or not, no seat kept for late entries (README
    "Breaking during registration")."""
    tournament = api.post(
        "/tournaments",
        {
            "name": "Floor test",
            "break_during_registration": True,
            "options": {"late_entry_seats": 0},
            **settings,
        },
    ).json()
    api.post(f"/tournaments/{tournament['id']}/tables", {"count": tables})
    entries = [
        api.post(f"/tournaments/{tournament['id']}/entries", {"name": f"Player {i:03}"}).json()
        for i in range(players)
    ]
    response = api.post(f"/tournaments/{tournament['id']}/draw")
    assert response.status_code == 200, response.content
    return {"id": tournament["id"], "entries": entries}


def tables_of(api, tournament_id: int) -> list[dict]:
    return api.get(f"/tournaments/{tournament_id}/tables").json()


def open_counts(api, tournament_id: int) -> dict[int, int]:
    return {
        t["number"]: len(t["players"])
        for t in tables_of(api, tournament_id)
        if t["status"] == "open"
    }


def seated_entry(api, tournament_id: int, table_number: int | None = None) -> int:
    for table in tables_of(api, tournament_id):
        if (
            table["status"] == "open"
            and table["players"]
            and table_number in (None, table["number"])
        ):
            return table["players"][0]["entry"]
    raise AssertionError("nobody seated")


def do_all_moves(api, tournament_id: int) -> None:
    for _ in range(5):
        pending = api.get(f"/tournaments/{tournament_id}/moves?status=pending").json()
        if not pending:
            return
        for move in pending:
            response = api.post(f"/moves/{move['id']}/done")
            assert response.status_code in (200, 409), response.content


def test_draw_seats_everyone_once_with_tables_differing_by_at_most_one(api):
    game = start(api, players=40, tables=5)
    tables = tables_of(api, game["id"])
    counts = [len(t["players"]) for t in tables]
    assert sum(counts) == 40 and max(counts) - min(counts) <= 1
    seated = [p["entry"] for t in tables for p in t["players"]]
    assert len(seated) == len(set(seated)) == 40
    assert all(t["button_seat"] is not None and t["big_blind_seat"] is not None for t in tables)
    statuses = Counter(e["status"] for e in api.get(f"/tournaments/{game['id']}/entries").json())
    assert statuses == {"seated": 40}


def test_the_draws_answer_is_every_table_as_its_schema_says(api):
    """The draw sends its tables as the presenter built them (README "Benchmarks"):
    what the typed schema makes of the answer is the answer itself."""
    from tables.api.schemas import DrawOut

    tournament = api.post("/tournaments", {"name": "Draw answer"}).json()
    api.post(f"/tournaments/{tournament['id']}/tables", {"count": 2, "seats": 2})
    for i in range(5):
        api.post(f"/tournaments/{tournament['id']}/entries", {"name": f"Player {i}"})
    body = api.post(f"/tournaments/{tournament['id']}/draw").json()
    assert body["seated"] == 4 and len(body["alternates"]) == 1
    assert [len(t["players"]) for t in body["tables"]] == [2, 2]
    assert DrawOut.model_validate(body).model_dump(mode="json") == body
    assert body["tables"] == tables_of(api, tournament["id"])


def test_drawing_twice_is_refused_with_409(api):
    game = start(api, players=10, tables=2)
    response = api.post(f"/tournaments/{game['id']}/draw")
    assert response.status_code == 409
    assert response.json()["detail"]


def test_late_registration_sits_at_a_table_with_the_fewest_players(api):
    game = start(api, players=17, tables=2)
    short = min(open_counts(api, game["id"]).items(), key=lambda kv: kv[1])[0]
    late = api.post(f"/tournaments/{game['id']}/entries", {"name": "Late Larry"}).json()
    assert late["status"] == "seated"
    assert late["table"] == short
    assert isinstance(late["wait_for_button"], bool)


def test_when_every_seat_is_taken_a_late_entry_waits_and_gets_the_next_free_seat(api):
    game = start(api, players=18, tables=2)
    late = api.post(f"/tournaments/{game['id']}/entries", {"name": "Alternate Alex"}).json()
    assert late["status"] == "waiting"
    busted = seated_entry(api, game["id"])
    api.post(f"/entries/{busted}/bust")
    entries = {e["id"]: e for e in api.get(f"/tournaments/{game['id']}/entries").json()}
    assert entries[late["id"]]["status"] == "seated"


def test_a_bust_gets_the_place_of_the_players_left_and_frees_the_seat(api):
    game = start(api, players=12, tables=2)
    entry = seated_entry(api, game["id"])
    response = api.post(f"/entries/{entry}/bust")
    assert response.status_code == 200
    assert response.json()["place"] == 12
    seated = [p["entry"] for t in tables_of(api, game["id"]) for p in t["players"]]
    assert entry not in seated
    assert api.get(f"/tournaments/{game['id']}").json()["remaining"] == 11


def test_busting_the_same_player_twice_is_a_409(api):
    game = start(api, players=12, tables=2)
    entry = seated_entry(api, game["id"])
    assert api.post(f"/entries/{entry}/bust").status_code == 200
    again = api.post(f"/entries/{entry}/bust")
    assert again.status_code == 409
    assert again.json()["detail"]


def test_two_short_players_at_one_table_bring_a_balancing_move_to_the_worst_seat(api):
    game = start(api, players=18, tables=2)
    table_one = [p["entry"] for p in tables_of(api, game["id"])[0]["players"]]
    api.post(f"/entries/{table_one[0]}/bust")
    assert api.get(f"/tournaments/{game['id']}/moves?status=pending").json() == []
    api.post(f"/entries/{table_one[1]}/bust")
    pending = api.get(f"/tournaments/{game['id']}/moves?status=pending").json()
    assert len(pending) == 1
    move = pending[0]
    assert move["reason"] == "balance"
    assert move["from_table"] == 2 and move["to_table"] == 1
    done = api.post(f"/moves/{move['id']}/done")
    assert done.status_code == 200
    assert sorted(open_counts(api, game["id"]).values()) == [8, 8]
    entry = next(
        e for e in api.get(f"/tournaments/{game['id']}/entries").json() if e["id"] == move["entry"]
    )
    assert (entry["table"], entry["seat"]) == (1, move["to_seat"])


def test_a_cancelled_balance_move_is_replanned_so_the_tables_stay_balanced(api):
    game = start(api, players=18, tables=2)
    table_one = [p["entry"] for p in tables_of(api, game["id"])[0]["players"]]
    api.post(f"/entries/{table_one[0]}/bust")
    api.post(f"/entries/{table_one[1]}/bust")
    move = api.get(f"/tournaments/{game['id']}/moves?status=pending").json()[0]
    assert api.post(f"/moves/{move['id']}/cancel").status_code == 200
    pending = api.get(f"/tournaments/{game['id']}/moves?status=pending").json()
    assert [m["id"] for m in pending] != [move["id"]] and len(pending) == 1
    assert api.post(f"/moves/{move['id']}/done").status_code == 409
    assert api.post(f"/moves/{pending[0]['id']}/done").status_code == 200
    assert sorted(open_counts(api, game["id"]).values()) == [8, 8]


def test_a_table_breaks_as_soon_as_the_players_left_fit_one_table_fewer(api):
    game = start(api, players=19, tables=3)
    while sum(open_counts(api, game["id"]).values()) > 18:
        api.post(f"/entries/{seated_entry(api, game['id'])}/bust")
    tables = tables_of(api, game["id"])
    broken = [t for t in tables if t["status"] == "broken"]
    assert len(broken) == 1
    pending = api.get(f"/tournaments/{game['id']}/moves?status=pending").json()
    assert pending and all(m["reason"] == "break" for m in pending)
    assert {m["from_table"] for m in pending} == {broken[0]["number"]}


def test_players_busted_in_one_hand_are_ranked_by_starting_stack(api):
    game = start(api, players=10, tables=2)
    a, b = (p["entry"] for p in tables_of(api, game["id"])[0]["players"][:2])
    response = api.post(
        f"/tournaments/{game['id']}/busts",
        {"entries": [{"entry": a, "starting_stack": 5000}, {"entry": b, "starting_stack": 9000}]},
    )
    assert response.status_code == 200, response.content
    places = {r["id"]: r["place"] for r in response.json()}
    assert places == {b: 9, a: 10}


def test_equal_stacks_busted_in_one_hand_share_the_better_place(api):
    game = start(api, players=10, tables=2, tie_rule="share")
    a, b = (p["entry"] for p in tables_of(api, game["id"])[0]["players"][:2])
    response = api.post(
        f"/tournaments/{game['id']}/busts",
        {"entries": [{"entry": a, "starting_stack": 5000}, {"entry": b, "starting_stack": 5000}]},
    )
    assert sorted(r["place"] for r in response.json()) == [9, 9]


def test_a_mistaken_bust_is_undone_onto_the_same_seat(api):
    game = start(api, players=12, tables=2)
    entry = seated_entry(api, game["id"])
    before = next(
        e for e in api.get(f"/tournaments/{game['id']}/entries").json() if e["id"] == entry
    )
    api.post(f"/entries/{entry}/bust")
    response = api.post(f"/entries/{entry}/unbust")
    assert response.status_code == 200
    after = response.json()
    assert after["status"] == "seated" and after["place"] is None
    assert (after["table"], after["seat"]) == (before["table"], before["seat"])


def test_undoing_an_earlier_bust_before_a_later_one_is_refused(api):
    game = start(api, players=12, tables=2)
    first = seated_entry(api, game["id"], 1)
    api.post(f"/entries/{first}/bust")
    api.post(f"/entries/{seated_entry(api, game['id'], 2)}/bust")
    response = api.post(f"/entries/{first}/unbust")
    assert response.status_code == 409


def test_next_hand_moves_the_big_blind_one_player_on(api):
    game = start(api, players=9, tables=1)
    table = tables_of(api, game["id"])[0]
    api.put(f"/tables/{table['id']}/button", {"seat": 1})
    table = tables_of(api, game["id"])[0]
    assert (table["button_seat"], table["small_blind_seat"], table["big_blind_seat"]) == (1, 2, 3)
    hand = api.post(f"/tables/{table['id']}/hands").json()
    assert (hand["button_seat"], hand["small_blind_seat"], hand["big_blind_seat"]) == (2, 3, 4)
    assert hand["hand"] == 1


def test_the_button_must_be_on_the_table(api):
    game = start(api, players=9, tables=1)
    table = tables_of(api, game["id"])[0]
    assert api.put(f"/tables/{table['id']}/button", {"seat": 11}).status_code == 422
    assert api.put("/tables/999999/button", {"seat": 1}).status_code == 404


def test_floor_may_bust_but_desk_may_not(api, floor_api, desk_api):
    game = start(api, players=10, tables=2)
    entry = seated_entry(api, game["id"])
    assert desk_api.post(f"/entries/{entry}/bust").status_code == 403
    assert floor_api.post(f"/entries/{entry}/bust").status_code == 200


def test_keep_apart_pairs_are_never_drawn_to_one_table(api):
    tournament = api.post("/tournaments", {"name": "Couples"}).json()
    api.post(f"/tournaments/{tournament['id']}/tables", {"count": 3})
    entries = [
        api.post(f"/tournaments/{tournament['id']}/entries", {"name": f"P {i}"}).json()["id"]
        for i in range(24)
    ]
    pairs = [(entries[i], entries[i + 1]) for i in range(0, 12, 2)]
    for pair in pairs:
        assert (
            api.post(
                f"/tournaments/{tournament['id']}/keep-apart", {"entries": list(pair)}
            ).status_code
            == 201
        )
    api.post(f"/tournaments/{tournament['id']}/draw")
    table_of = {
        p["entry"]: t["number"] for t in tables_of(api, tournament["id"]) for p in t["players"]
    }
    assert all(table_of[a] != table_of[b] for a, b in pairs)


def test_a_long_run_of_busts_keeps_every_floor_invariant_down_to_the_winner(api):
    rng = random.Random(7)
    game = start(api, players=40, tables=5, final_table_size=9)
    places = []
    while True:
        do_all_moves(api, game["id"])
        tables = [t for t in tables_of(api, game["id"]) if t["status"] == "open"]
        counts = [len(t["players"]) for t in tables]
        seated = [p["entry"] for t in tables for p in t["players"]]
        assert len(seated) == len(set(seated)), "a player holds two seats"
        left = api.get(f"/tournaments/{game['id']}").json()["remaining"]
        assert sum(counts) == left
        assert max(counts) - min(counts) <= 1, f"unbalanced after moves: {counts}"
        assert len(tables) == -(-left // 9), f"{len(tables)} tables for {left} players"
        if left == 1:
            break
        victim = rng.choice(seated)
        response = api.post(f"/entries/{victim}/bust")
        assert response.status_code == 200, response.content
        places.append(response.json()["place"])
    assert places == list(range(40, 1, -1))
    assert api.get(f"/tournaments/{game['id']}").json()["status"] == "finished"


def test_a_bust_needs_no_body_and_bad_stacks_are_refused(api):
    game = start(api, players=12, tables=2)
    entry = seated_entry(api, game["id"])
    raw = api.client.post(
        f"/api/v1/entries/{entry}/bust", content_type="application/json", **api.headers
    )
    assert raw.status_code == 200
    other = seated_entry(api, game["id"])
    bad = api.post(f"/entries/{other}/bust", {"starting_stack": -4})
    assert bad.status_code == 422 and bad.json()["detail"]
    junk = api.post(f"/entries/{other}/bust", raw="{nope")
    assert 400 <= junk.status_code < 500


def test_a_bust_tells_the_screens_the_changed_table_not_the_whole_floor(
    api, django_capture_on_commit_callbacks
):
    from unittest import mock

    game = start(api, players=27, tables=3)
    tables = tables_of(api, game["id"])
    entry = tables[1]["players"][0]["entry"]
    sent = []
    with mock.patch("screens.live.send_now", side_effect=lambda t, a, m: sent.append((a, m))):
        with django_capture_on_commit_callbacks(execute=True):
            api.post(f"/entries/{entry}/bust")
    floor = next(m for a, m in sent if a == "floor" and m["type"] == "bust")
    public = next(m for a, m in sent if a == "display" and m["type"] == "bust")
    assert [t["number"] for t in floor["tables"]] == [2]
    assert entry not in [p["entry"] for p in floor["tables"][0]["players"]]
    # The public screens get the seating counts; those showing seats page them.
    assert "tables" not in public
    assert public["seating"] == {"players": 26, "tables": 3, "playing": []}
    assert public["summary"]["remaining"] == 26


def test_the_final_table_redraw_asks_nobody_to_move_to_the_seat_he_already_has(api):
    game = start(api, players=20, tables=3, final_table_size=9)
    for _ in range(60):
        do_all_moves(api, game["id"])
        left = api.get(f"/tournaments/{game['id']}").json()["remaining"]
        if left <= 9:
            break
        api.post(f"/entries/{seated_entry(api, game['id'])}/bust")
    moves = api.get(f"/tournaments/{game['id']}/moves").json()
    final = [m for m in moves if m["reason"] == "final_table"]
    assert final, "the final table was redrawn"
    assert all((m["from_table"], m["from_seat"]) != (m["to_table"], m["to_seat"]) for m in final)


def test_when_the_field_outgrows_the_open_tables_the_reserve_table_opens_and_is_filled(api):
    game = start(api, players=18, tables=2)
    reserve = api.post(f"/tournaments/{game['id']}/tables", {"count": 1, "reserve": True}).json()
    assert reserve[0]["status"] == "reserve"
    late = api.post(f"/tournaments/{game['id']}/entries", {"name": "Late Lena"}).json()
    assert late["status"] == "seated" and late["table"] == 3
    pending = api.get(f"/tournaments/{game['id']}/moves?status=pending").json()
    assert pending and {m["to_table"] for m in pending} == {3}
    do_all_moves(api, game["id"])
    assert sorted(open_counts(api, game["id"]).values()) == [6, 6, 7]


def test_ten_thousand_entries_are_drawn_onto_1112_tables_balanced_within_one(api):
    from tournament.models import Entry, Player

    tournament = api.post("/tournaments", {"name": "Big field"}).json()
    api.post(f"/tournaments/{tournament['id']}/tables", {"count": 1112, "seats": 9})
    players = Player.objects.bulk_create(Player(name=f"P{i:05}") for i in range(10_000))
    Entry.objects.bulk_create(Entry(tournament_id=tournament["id"], player=p) for p in players)
    response = api.post(f"/tournaments/{tournament['id']}/draw")
    assert response.status_code == 200
    assert response.json()["seated"] == 10_000
    counts = [len(t["players"]) for t in response.json()["tables"]]
    assert len(counts) == 1112 and max(counts) - min(counts) <= 1 and sum(counts) == 10_000
    seated = [p["entry"] for t in response.json()["tables"] for p in t["players"]]
    assert len(set(seated)) == 10_000


@pytest.mark.parametrize("players", [9, 11])
def test_the_bust_message_counts_the_field_as_a_fresh_read_does(
    api, django_capture_on_commit_callbacks, players
):
    # With 11 players on 9 seats the bust seats an alternate, who joins the prize pool.
    from unittest import mock

    game = start(api, players=players, tables=1, buy_in="10.00")
    entry = seated_entry(api, game["id"])
    sent = []
    with mock.patch("screens.live.send_now", side_effect=lambda t, a, m: sent.append((a, m))):
        with django_capture_on_commit_callbacks(execute=True):
            assert api.post(f"/entries/{entry}/bust").status_code == 200
    from tournament.models import Tournament
    from tournament.summary import tournament_summary

    summary = next(m for a, m in sent if a == "floor" and m["type"] == "bust")["summary"]
    assert summary == tournament_summary(Tournament.objects.get(pk=game["id"]))
    # Players left are those in play; an alternate still waiting is not one yet.
    assert summary["remaining"] == min(players - 1, 9)
    assert summary["waiting"] == max(players - 1 - 9, 0)


def test_busts_in_one_hand_for_hand_hand_at_different_tables_are_ranked_together(api):
    game = start(api, players=27, tables=3)
    assert api.put(f"/tournaments/{game['id']}/hand-for-hand", {"on": True}).status_code == 200
    tables = tables_of(api, game["id"])
    big = tables[0]["players"][0]["entry"]
    small = tables[1]["players"][0]["entry"]
    assert api.post(f"/entries/{big}/bust", {"starting_stack": 9000}).json()["place"] == 27
    assert api.post(f"/entries/{small}/bust", {"starting_stack": 5000}).json()["place"] == 27
    entries = {e["id"]: e for e in api.get(f"/tournaments/{game['id']}/entries").json()}
    assert entries[big]["place"] == 26, "the bigger stack of the same hand finishes higher"


def test_the_next_hand_for_hand_hand_starts_only_when_every_table_is_done(api):
    game = start(api, players=27, tables=3)
    api.put(f"/tournaments/{game['id']}/hand-for-hand", {"on": True})
    tables = tables_of(api, game["id"])
    deep = tables[0]["players"][1]["entry"]
    assert api.post(f"/entries/{deep}/bust", {"starting_stack": 99999}).json()["place"] == 27
    first = api.post(f"/tables/{tables[0]['id']}/hand-finished").json()
    assert first["still_playing"] == [2, 3]
    api.post(f"/tables/{tables[1]['id']}/hand-finished")
    last = api.post(f"/tables/{tables[2]['id']}/hand-finished").json()
    assert last["still_playing"] == []
    assert all(not t["hand_finished"] for t in tables_of(api, game["id"]))
    # A bust in the next hand is not ranked with the earlier hand's, however short he was.
    short = tables[1]["players"][1]["entry"]
    assert api.post(f"/entries/{short}/bust", {"starting_stack": 100}).json()["place"] == 26
    entries = {e["id"]: e for e in api.get(f"/tournaments/{game['id']}/entries").json()}
    assert entries[deep]["place"] == 27
