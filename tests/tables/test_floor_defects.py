"""Floor defects found by rule cases through the API (issue 21, item 6): a halted
table deals no next hand, and a pending balance move follows the source table's
next big blind as that table plays on (TDA 2019 rule 10)."""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.tables.test_floor_api import start, tables_of

pytestmark = pytest.mark.django_db


def table_numbered(api, tournament_id: int, number: int) -> dict:
    return next(t for t in tables_of(api, tournament_id) if t["number"] == number)


def halted_table(api) -> tuple[dict, dict]:
    """Two full tables; three bust at table 1 in one hand: it is three short and halts."""
    game = start(api, players=18, tables=2)
    first = table_numbered(api, game["id"], 1)
    busts = [
        {"entry": p["entry"], "starting_stack": 1000 + i}
        for i, p in enumerate(first["players"][:3])
    ]
    response = api.post(f"/tournaments/{game['id']}/busts", {"entries": busts})
    assert response.status_code == 200, response.content
    first = table_numbered(api, game["id"], 1)
    assert first["halted"] is True
    return game, first


def test_a_halted_table_deals_no_next_hand_and_says_why(api):
    game, table = halted_table(api)
    hand_before = table["hand"]
    with translation.override("en"):
        response = api.post(f"/tables/{table['id']}/hands")
    assert response.status_code == 409, response.content
    detail = response.json()["detail"]
    assert "halted" in detail and "short" in detail
    assert table_numbered(api, game["id"], 1)["hand"] == hand_before


def test_the_halted_table_refusal_speaks_german(api):
    game, table = halted_table(api)
    api.headers["HTTP_ACCEPT_LANGUAGE"] = "de"
    detail = api.post(f"/tables/{table['id']}/hands").json()["detail"]
    assert "angehalten" in detail


def test_once_the_moves_arrive_the_table_plays_on(api):
    game, table = halted_table(api)
    for move in api.get(f"/tournaments/{game['id']}/moves?status=pending").json():
        assert api.post(f"/moves/{move['id']}/done").status_code == 200
    assert table_numbered(api, game["id"], 1)["halted"] is False
    assert api.post(f"/tables/{table['id']}/hands").status_code == 200
