"""Places follow the bust order and the field as it ends (issue 10, item 1).

While registration is open a busted player's place is provisional: each entry
that joins later finishes above him, so his place moves down one."""

from __future__ import annotations

import pytest

from tests.tables.test_floor_api import seated_entry, start

pytestmark = pytest.mark.django_db


def places(api, tournament_id: int) -> list[int]:
    entries = api.get(f"/tournaments/{tournament_id}/entries").json()
    return sorted(e["place"] for e in entries if e.get("place") is not None)


def test_a_late_entry_after_two_busts_moves_their_places_down_and_the_next_bust_is_fifth(api):
    game = start(api, players=6, tables=1)
    tid = game["id"]
    first = seated_entry(api, tid)
    assert api.post(f"/entries/{first}/bust").json()["place"] == 6
    second = seated_entry(api, tid)
    assert api.post(f"/entries/{second}/bust").json()["place"] == 5
    assert api.post(f"/tournaments/{tid}/entries", {"name": "Late Larry"}).status_code == 201

    assert places(api, tid) == [6, 7]
    third = seated_entry(api, tid)
    assert api.post(f"/entries/{third}/bust").json()["place"] == 5
    assert places(api, tid) == [5, 6, 7]


def test_standings_and_csv_answer_after_late_registration_between_busts(api, client, director):
    game = start(api, players=6, tables=1)
    tid = game["id"]
    for _ in range(2):
        api.post(f"/entries/{seated_entry(api, tid)}/bust")
    api.post(f"/tournaments/{tid}/entries", {"name": "Late Larry"})
    api.post(f"/entries/{seated_entry(api, tid)}/bust")

    results = api.get(f"/tournaments/{tid}/results")
    assert results.status_code == 200, results.content
    placed = sorted(r["place"] for r in results.json() if r["place"] is not None)
    assert placed == [5, 6, 7]
    client.force_login(director)
    assert client.get(f"/tournaments/{tid}/standings/").status_code == 200
    csv = client.get(f"/tournaments/{tid}/standings.csv")
    assert csv.status_code == 200
    assert csv.content.decode("utf-8-sig").count("\n") == 1 + 3


def test_a_re_entered_entry_keeps_its_place_in_the_field_and_is_marked_re_entered(api):
    game = start(api, players=5, tables=1, max_entries=2)
    tid = game["id"]
    first = seated_entry(api, tid)
    assert api.post(f"/entries/{first}/bust").json()["place"] == 5
    player = api.get(f"/tournaments/{tid}/entries").json()
    player_id = next(e["player"] for e in player if e["id"] == first)
    again = api.post(f"/tournaments/{tid}/entries", {"player": player_id})
    assert again.status_code == 201, again.content

    rows = {r["entry"]: r for r in api.get(f"/tournaments/{tid}/results").json()}
    assert rows[first]["place"] == 6
    assert rows[first]["re_entered"] is True
    assert rows[first]["in_the_money"] is False
    assert [r["entry"] for r in rows.values() if r["re_entered"]] == [first]
