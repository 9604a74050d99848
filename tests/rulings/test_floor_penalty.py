"""A penalty from the floor tablet's seat panel (README "When the network
drops"): logged as a ruling with its penalty, answered in place like a bust,
and kept as a conflict when a queued one is refused."""

from __future__ import annotations

import pytest

from rulings.models import Penalty, Ruling
from tests.rulings.conftest import seated

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}


def test_the_seat_panel_offers_a_penalty_in_german(german_floor_client, game):
    player = seated(game, table=1)[0]
    table_id = next(t["id"] for t in game["tables"] if t["number"] == 1)
    html = german_floor_client.get(
        f"/floor/tables/{table_id}/seats/{player['seat']}/"
    ).content.decode()
    assert f'action="/floor/entries/{player["entry"]}/penalty/"' in html
    assert "Strafe verhängen" in html and "Verwarnung" in html and "Ausgesetzte Runden" in html
    # A disqualification is decided on the rulings page, not with a tap at the seat.
    assert "Disqualifikation" not in html.split("penalty-give")[1]


def test_a_penalty_from_the_seat_is_a_ruling_with_its_penalty(german_floor_client, game):
    offender = seated(game, table=1)[1]
    response = german_floor_client.post(
        f"/floor/entries/{offender['entry']}/penalty/",
        {"kind": "missed_hands", "count": "2", "category": "etiquette", "situation": ""},
        **JSON,
    )
    assert response.status_code == 200, response.content
    said = response.json()["messages"][0]["text"]
    assert offender["name"] in said and "2 Hände" in said
    ruling = Ruling.objects.get(tournament_id=game["id"])
    assert (ruling.category, ruling.table_number) == ("etiquette", 1)
    assert ruling.situation == "Etikette" and ruling.decision == "Setzt 2 Hände aus."
    penalty = Penalty.objects.get(ruling=ruling)
    assert (penalty.entry_id, penalty.kind, penalty.count) == (offender["entry"], "missed_hands", 2)


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"kind": "missed_rounds", "count": ""}, "Hände oder Runden"),
        ({"kind": "missed_hands", "count": "zwei"}, "Zahl"),
        ({"kind": "warning", "count": "", "category": "nonsense"}, "Kategorie"),
    ],
)
def test_a_penalty_the_server_cannot_take_is_a_422_in_german(
    german_floor_client, game, fields, words
):
    offender = seated(game, table=2)[0]
    response = german_floor_client.post(
        f"/floor/entries/{offender['entry']}/penalty/", fields, **JSON
    )
    assert response.status_code == 422
    assert words in response.json()["detail"]
    assert not Ruling.objects.filter(tournament_id=game["id"]).exists()


def test_a_queued_penalty_for_a_player_out_meanwhile_is_kept_as_a_conflict(
    german_floor_client, game, api
):
    offender = seated(game, table=2)[0]
    api.post(f"/entries/{offender['entry']}/bust", {})
    response = german_floor_client.post(
        f"/floor/entries/{offender['entry']}/penalty/",
        {"kind": "missed_hands", "count": "2"},
        HTTP_IDEMPOTENCY_KEY="penalty-offline-0001",
        HTTP_OFFLINE_QUEUE="1",
        HTTP_DEVICE_NAME="Tablet 2",
        **JSON,
    )
    assert response.status_code == 409, response.content
    [conflict] = api.get(f"/tournaments/{game['id']}/conflicts").json()
    assert conflict["action"] == "penalty" and conflict["device"] == "Tablet 2"
    assert offender["name"] in conflict["what"]
