"""Once the winner is known every screen knows it: the clock stops for good,
registration is closed, the floor offers no next hand, and the screens get the
winner and the final results (README "Screen messages")."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from screens import live
from screens.snapshots import snapshot
from tests.tables.test_floor_api import start, tables_of
from tournament.models import ActionLog, Entry

pytestmark = pytest.mark.django_db

STRUCTURE = {
    "levels": [{"kind": "level", "small_blind": 100, "big_blind": 200, "seconds": 600}] * 4
}


def play_to_the_end(api, tid: int) -> int:
    """Bust everyone but one; returns the last bust's entry."""
    last = None
    while True:
        seated = [p["entry"] for t in tables_of(api, tid) for p in t["players"]]
        if len(seated) == 1:
            return last
        last = seated[0]
        assert api.post(f"/entries/{last}/bust").status_code == 200
        for move in api.get(f"/tournaments/{tid}/moves?status=pending").json():
            api.post(f"/moves/{move['id']}/done")


@pytest.fixture
def finished(api):
    game = start(api, players=4, tables=1, late_registration_levels=3)
    tid = game["id"]
    api.put(f"/tournaments/{tid}/structure", STRUCTURE)
    api.post(f"/tournaments/{tid}/clock/start")
    assert api.get(f"/tournaments/{tid}/clock").json()["registration_open"] is True
    last = play_to_the_end(api, tid)
    return tid, last


def test_the_clock_stops_for_good_and_registration_closes(api, finished):
    tid, _last = finished
    clock = api.get(f"/tournaments/{tid}/clock").json()
    assert clock["state"] == "finished"
    assert clock["registration_open"] is False and clock["ends_at"] is None
    assert api.post(f"/tournaments/{tid}/entries", {"name": "Too late"}).status_code == 409


def test_the_floor_offers_no_next_hand_at_the_winners_table(api, finished, client, director):
    tid, _last = finished
    table = tables_of(api, tid)[0]
    assert api.post(f"/tables/{table['id']}/hands").status_code == 409
    client.force_login(director)
    page = client.get(f"/tournaments/{tid}/floor/").content.decode()
    # The tablet's words are in the page (#floor-tablet); its button is not.
    assert f'action="/floor/tables/{table["id"]}/hand/"' not in page


def test_the_screens_get_the_winner_and_the_final_results(api, finished):
    tid, _last = finished
    winner = Entry.objects.select_related("player", "tournament").get(
        tournament_id=tid, status=Entry.Status.SEATED
    )
    public = snapshot(tid, audience=live.DISPLAY)["results"]
    assert public["winner"] == {
        "place": 1,
        "name": winner.player.public_name(winner.tournament.display_names),
        "prize": public["winner"]["prize"],
        "bounties": "0.00",  # no bounties in this tournament
    }
    assert [p["place"] for p in public["places"]][:3] == [1, 2, 3]
    floor = snapshot(tid, audience=live.FLOOR)["results"]
    assert floor["winner"]["name"] == winner.player.name


def test_taking_back_the_last_bust_reopens_the_tournament_on_every_screen(api, finished):
    tid, last = finished
    assert api.post(f"/entries/{last}/unbust").status_code == 200
    assert snapshot(tid, audience=live.DISPLAY)["results"] is None
    assert api.get(f"/tournaments/{tid}/clock").json()["state"] == "running"


def test_the_lobby_keeps_a_tournament_that_ended_today_with_its_winner(api, finished, client):
    tid, _last = finished
    winner = Entry.objects.select_related("player", "tournament").get(
        tournament_id=tid, status=Entry.Status.SEATED
    )
    name = winner.player.public_name(winner.tournament.display_names)
    page = client.get("/lobby/?lang=de").content.decode()
    assert f"/lobby/{tid}/" in page
    assert "Beendet" in page and f"Sieger: {name}" in page
    # The phone's lobby has the place for the winner and the results (display.js fills it).
    lobby = client.get(f"/lobby/{tid}/?lang=de").content.decode()
    assert 'id="d-winner"' in lobby and 'id="d-results"' in lobby


def test_the_lobby_drops_a_tournament_that_ended_on_an_earlier_day(api, finished, client):
    tid, _last = finished
    ActionLog.objects.filter(tournament_id=tid, kind="winner").update(
        at=timezone.now() - timedelta(days=1, hours=1)
    )
    assert f"/lobby/{tid}/" not in client.get("/lobby/").content.decode()
