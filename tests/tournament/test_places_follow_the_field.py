"""Places follow the bust order and the field as it ends (README "How a floor action flows").

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


def _re_enter(api, tid: int, entry: int) -> int:
    entries = api.get(f"/tournaments/{tid}/entries").json()
    player_id = next(e["player"] for e in entries if e["id"] == entry)
    again = api.post(f"/tournaments/{tid}/entries", {"player": player_id})
    assert again.status_code == 201, again.content
    return again.json()["id"]


def test_by_entry_a_re_entered_entry_keeps_its_place_in_the_field_and_is_marked_re_entered(api):
    game = start(api, players=5, tables=1, max_entries=2, places="by_entry")
    tid = game["id"]
    first = seated_entry(api, tid)
    assert api.post(f"/entries/{first}/bust").json()["place"] == 5
    _re_enter(api, tid, first)

    rows = {r["entry"]: r for r in api.get(f"/tournaments/{tid}/results").json()}
    assert rows[first]["place"] == 6
    assert rows[first]["re_entered"] is True
    assert rows[first]["in_the_money"] is False
    assert [r["entry"] for r in rows.values() if r["re_entered"]] == [first]


def test_by_player_a_re_entered_bullet_has_no_place_and_is_listed_as_re_entered(api):
    game = start(api, players=5, tables=1, max_entries=2)
    tid = game["id"]
    assert api.get(f"/tournaments/{tid}").json()["places"] == "by_player"
    first = seated_entry(api, tid)
    assert api.post(f"/entries/{first}/bust").json()["place"] == 5
    _re_enter(api, tid, first)

    rows = api.get(f"/tournaments/{tid}/results").json()
    assert [(r["entry"], r["place"], r["re_entered"]) for r in rows] == [(first, None, True)]


def play_evening(api, *, places: str) -> tuple[int, dict[str, int]]:
    """Four players; the first out never comes back, two others re-enter, then
    the field is played down to a winner. The names and their places."""
    game = start(api, players=4, tables=1, max_entries=3, places=places)
    tid = game["id"]
    name_of = {e["id"]: e["name"] for e in game["entries"]}
    early = seated_entry(api, tid)
    api.post(f"/entries/{early}/bust")
    for _ in range(2):
        bullet = seated_entry(api, tid)
        api.post(f"/entries/{bullet}/bust")
        name_of[_re_enter(api, tid, bullet)] = name_of[bullet]
    while (
        left := [
            e for e in api.get(f"/tournaments/{tid}/entries").json() if e["status"] == "seated"
        ]
    ) and len(left) > 1:
        api.post(f"/entries/{left[0]['id']}/bust")
    results = api.get(f"/tournaments/{tid}/results").json()
    return tid, {name_of[r["entry"]]: r["place"] for r in results if r["place"] is not None} | {
        "early": next(r["place"] for r in results if r["entry"] == early)
    }


def test_by_player_the_first_player_out_for_good_finishes_last_of_the_players(api):
    _tid, places = play_evening(api, places="by_player")
    assert places["early"] == 4
    assert sorted(p for name, p in places.items() if name != "early") == [1, 2, 3, 4]


def test_by_entry_the_first_player_out_is_pushed_below_the_field_of_players(api):
    _tid, places = play_evening(api, places="by_entry")
    assert places["early"] == 6


def test_league_points_by_player_use_the_place_in_the_field_of_players(api):
    tid, places = play_evening(api, places="by_player")
    season = api.post("/seasons", {"name": "Club", "formula": "linear", "participation": "0"})
    assert season.status_code == 201, season.content
    season_id = season.json()["id"]
    assert (
        api.patch(f"/tournaments/{tid}/payouts/settings", {"season": season_id}).status_code == 200
    )
    standings = api.get(f"/seasons/{season_id}/standings").json()["standings"]
    # n - r + 1 with n the 4 players: 4, 3, 2, 1, whoever re-entered.
    assert sorted(s["points"] for s in standings) == ["1.00", "2.00", "3.00", "4.00"]


def test_how_places_count_cannot_change_once_someone_is_out(api):
    game = start(api, players=4, tables=1, max_entries=2)
    tid = game["id"]
    api.post(f"/entries/{seated_entry(api, tid)}/bust")
    response = api.patch(f"/tournaments/{tid}", {"places": "by_entry"})
    assert response.status_code == 409
    assert api.patch(f"/tournaments/{tid}", {"places": "by_seat"}).status_code == 422
    assert api.get(f"/tournaments/{tid}").json()["places"] == "by_player"


def test_by_player_standings_and_csv_list_the_re_entered_bullet_without_a_place(
    api, client, director
):
    tid, places = play_evening(api, places="by_player")
    client.force_login(director)
    page = client.get(f"/tournaments/{tid}/standings/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    assert page.content.decode().count("re-entered") == 2
    csv = client.get(f"/tournaments/{tid}/standings.csv", HTTP_ACCEPT_LANGUAGE="en")
    lines = csv.content.decode("utf-8-sig").strip().splitlines()[1:]
    placed = sorted(int(line.split(",")[0]) for line in lines if not line.startswith(","))
    assert placed == [1, 2, 3, 4]
    assert sum(1 for line in lines if line.startswith(",")) == 2


@pytest.mark.parametrize("places", ["by_player", "by_entry"])
def test_the_bust_of_a_bullet_the_player_re_entered_after_cannot_be_undone(api, places):
    game = start(api, players=4, tables=1, max_entries=2, places=places)
    tid = game["id"]
    first = seated_entry(api, tid)
    api.post(f"/entries/{first}/bust")
    again = _re_enter(api, tid, first)
    response = api.post(f"/entries/{first}/unbust")
    assert response.status_code == 409
    assert "re-entered" in response.json()["detail"]
    statuses = {e["id"]: e["status"] for e in api.get(f"/tournaments/{tid}/entries").json()}
    assert statuses[first] == "busted" and statuses[again] == "seated"
