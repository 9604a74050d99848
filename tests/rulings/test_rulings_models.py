"""Append-only models and the seat penalties the table map reads."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rulings.models import Amendment, Ruling
from tables.presenters import tables_payload
from tests.rulings.conftest import seated, start
from tournament.models import Tournament

pytestmark = pytest.mark.django_db


def log(api, game: dict, entry: int, kind: str = "missed_hands", count: int | None = 2) -> dict:
    penalty = {"entry": entry, "kind": kind, **({"count": count} if count else {})}
    response = api.post(
        f"/tournaments/{game['id']}/rulings",
        {"category": "etiquette", "situation": "s", "decision": "d", "penalty": penalty},
    )
    assert response.status_code == 201, response.content
    return response.json()


def test_a_saved_ruling_cannot_be_saved_again_or_deleted(api, game):
    ruling = Ruling.objects.get(pk=log(api, game, seated(game)[0]["entry"])["id"])
    ruling.decision = "changed"
    with pytest.raises(TypeError):
        ruling.save()
    with pytest.raises(TypeError):
        ruling.delete()
    with pytest.raises(TypeError):
        ruling.penalty.delete()
    assert Ruling.objects.get(pk=ruling.pk).decision == "d"


def test_an_amendment_cannot_be_edited(api, game, director):
    ruling = Ruling.objects.get(pk=log(api, game, seated(game)[0]["entry"])["id"])
    amendment = Amendment.objects.create(ruling=ruling, text="note", created_by=director)
    amendment.text = "other"
    with pytest.raises(TypeError):
        amendment.save()


def test_seat_penalties_cost_the_same_queries_for_one_penalty_or_many(api):
    game = start(api, players=36, tables=4)
    tournament = Tournament.objects.get(pk=game["id"])
    log(api, game, seated(game, table=1)[0]["entry"])

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            tables_payload(tournament)
        return len(captured.captured_queries)

    with_one = queries()
    for table in (2, 3, 4):
        for player in seated(game, table=table)[:3]:
            log(api, game, player["entry"], kind="missed_rounds", count=1)
    assert queries() == with_one
    payload = tables_payload(tournament)
    with_penalty = [p for t in payload for p in t["players"] if p["penalty"]]
    assert len(with_penalty) == 10
    assert {p["penalty"]["hands_left"] for p in with_penalty} == {2, 9}


def test_warnings_and_served_penalties_do_not_show_at_the_seat(api, game):
    player = seated(game)[0]["entry"]
    log(api, game, player, kind="warning", count=None)
    tournament = Tournament.objects.get(pk=game["id"])
    seat = next(p for p in tables_payload(tournament)[0]["players"] if p["entry"] == player)
    assert seat["penalty"] is None
