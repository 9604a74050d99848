"""The league table lists the players; each line's results open on the line's own
page (README "Results out"), and the kept table and feed follow a name change."""

from __future__ import annotations

import pytest

from tests.results.scenario import HIDDEN_NAME, PSEUDONYM_NAME, finished_night

pytestmark = pytest.mark.django_db


def test_each_line_opens_its_results_and_the_hidden_winner_stays_hidden(api, client):
    night = finished_night(api)
    table = client.get(f"/seasons/{night.season}/table/", {"lang": "de"}).content.decode()
    assert f"/seasons/{night.season}/table/1/" in table and "Spieler 1" in table
    first = client.get(f"/seasons/{night.season}/table/1/", {"lang": "de"}).content.decode()
    assert "Spieler 1" in first and HIDDEN_NAME not in first
    assert f"/results/{night.tournament}/" in first and "Platz 1" in first
    second = client.get(f"/seasons/{night.season}/table/2/", {"lang": "en"}).content.decode()
    assert "RiverQueen" in second and "Place 2" in second
    assert client.get(f"/seasons/{night.season}/table/99/").status_code == 404


def test_a_name_change_shows_at_once_in_the_kept_feed(api, client):
    night = finished_night(api)
    feed = f"/api/public/v1/seasons/{night.season}"
    assert client.get(feed).json()["standings"][1]["name"] == "RiverQueen"
    player = night.players[PSEUDONYM_NAME]
    assert (
        api.patch(
            f"/players/{player}", {"public_name": "pseudonym", "pseudonym": "SeaKing"}
        ).status_code
        == 200
    )
    assert client.get(feed).json()["standings"][1]["name"] == "SeaKing"


def test_a_correction_shows_at_once_in_the_kept_table_and_feed(api, client):
    night = finished_night(api)
    table = f"/seasons/{night.season}/table/"
    assert "Korrektur" not in client.get(f"{table}2/", {"lang": "de"}).content.decode()
    client.get(table, {"lang": "de"})  # the lines kept
    entry = night.entries[PSEUDONYM_NAME]
    body = {"points": "3", "reason": "Nachgetragen"}
    assert api.post(f"/results/{entry}/corrections", body).status_code == 201
    first = client.get(f"{table}1/", {"lang": "de"}).content.decode()  # 4 + 3 points: first now
    assert "RiverQueen" in first and "Korrektur 3" in first
    feed = client.get(f"/api/public/v1/seasons/{night.season}").json()
    assert feed["standings"][0]["name"] == "RiverQueen"
    assert feed["standings"][0]["results"][0]["correction"] == "3.00"
