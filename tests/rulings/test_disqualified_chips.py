"""A disqualified player's chips leave play (TDA 2019 rule 69; README "Places, re-entries and moves"):
the chips in play and the average follow on the summary, the board and the API,
and undoing the disqualification brings them back."""

from __future__ import annotations

import pytest

from tests.rulings.conftest import seated, start
from tests.rulings.test_rulings_api import ruling

pytestmark = pytest.mark.django_db


def seven_players(api) -> dict:
    return start(api, players=7, tables=1, starting_stack=20000)


def disqualify(api, game: dict, entry: int, **penalty) -> None:
    body = ruling(
        game,
        category="collusion",
        decision="Disqualified for chip dumping.",
        penalty={"entry": entry, "kind": "disqualification", **penalty},
    )
    response = api.post(f"/tournaments/{game['id']}/rulings", body)
    assert response.status_code == 201, response.content


def summary(api, game: dict) -> dict:
    return api.get(f"/tournaments/{game['id']}").json()


def test_a_disqualified_players_chips_leave_the_average_and_the_chips_in_play(api):
    game = seven_players(api)
    assert summary(api, game)["average_stack"] == 20000
    disqualify(api, game, seated(game)[0]["entry"])
    after = summary(api, game)
    assert after["remaining"] == 6
    assert after["chips_in_play"] == 120000
    assert after["average_stack"] == 20000


def test_the_chips_taken_out_are_his_count_when_the_floor_counted_him(api):
    game = seven_players(api)
    offender = seated(game)[0]
    table = api.get(f"/tournaments/{game['id']}/tables").json()[0]
    api.post(
        f"/tables/{table['id']}/chip-counts",
        {"counts": [{"seat": offender["seat"], "chips": 32000}]},
    )
    disqualify(api, game, offender["entry"])
    assert summary(api, game)["chips_in_play"] == 140000 - 32000


def test_the_floor_may_say_how_many_chips_were_taken_off_the_table(api):
    game = seven_players(api)
    disqualify(api, game, seated(game)[0]["entry"], chips=26000)
    after = summary(api, game)
    assert (after["chips_in_play"], after["average_stack"]) == (114000, 19000)


def test_chips_are_named_only_for_a_disqualification(api):
    game = seven_players(api)
    body = ruling(game, penalty={"entry": seated(game)[0]["entry"], "kind": "warning", "chips": 5})
    assert api.post(f"/tournaments/{game['id']}/rulings", body).status_code == 422


def test_undoing_the_disqualification_puts_his_chips_back_in_play(api):
    game = seven_players(api)
    offender = seated(game)[0]["entry"]
    disqualify(api, game, offender)
    response = api.post(f"/entries/{offender}/unbust")
    assert response.status_code == 200, response.content
    assert response.json()["status"] == "seated"
    after = summary(api, game)
    assert (after["remaining"], after["chips_in_play"], after["average_stack"]) == (
        7,
        140000,
        20000,
    )


def test_the_board_shows_the_average_without_his_chips(api, client):
    game = seven_players(api)
    disqualify(api, game, seated(game)[0]["entry"])
    board = client.get(f"/live/tournaments/{game['id']}/display").json()
    assert (board["summary"]["chips_in_play"], board["summary"]["average_stack"]) == (
        120000,
        20000,
    )


def test_the_history_page_undoes_a_disqualification(api, client, director):
    from tournament.models import ActionLog

    game = seven_players(api)
    offender = seated(game)[0]
    disqualify(api, game, offender["entry"])
    client.force_login(director)
    page = client.get(f"/tournaments/{game['id']}/floor/history/", HTTP_ACCEPT_LANGUAGE="de")
    assert "Disqualifiziert" in page.content.decode()
    row = ActionLog.objects.get(kind="disqualified", data__entry=offender["entry"])
    assert client.post(f"/floor/history/{row.pk}/undo/").status_code in (200, 302)
    after = summary(api, game)
    assert (after["remaining"], after["chips_in_play"]) == (7, 140000)
    entry = next(
        e
        for e in api.get(f"/tournaments/{game['id']}/entries").json()
        if e["id"] == offender["entry"]
    )
    assert (entry["status"], entry["seat"]) == ("seated", offender["seat"])


def test_the_tablet_form_takes_the_chips_of_a_disqualification(api, client, floor_user):
    client.force_login(floor_user)
    floor_client = client
    game = seven_players(api)
    offender = seated(game)[0]
    form = floor_client.get(
        f"/tournaments/{game['id']}/rulings/new/", HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "Chips aus dem Spiel genommen" in form
    response = floor_client.post(
        f"/tournaments/{game['id']}/rulings/new/",
        {
            "category": "collusion",
            "situation": "Chip dumping to a friend.",
            "decision": "Disqualified.",
            "rules": "TDA2019-69",
            "penalty_kind": "disqualification",
            "penalty_entry": str(offender["entry"]),
            "penalty_chips": "26000",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert summary(api, game)["chips_in_play"] == 140000 - 26000
