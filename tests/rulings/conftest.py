from __future__ import annotations

import pytest
from django.test import Client


def start(api, *, players: int, tables: int, **settings) -> dict:
    """A tournament with ``players`` entries drawn to ``tables`` tables."""
    tournament = api.post("/tournaments", {"name": "Ruling test", **settings}).json()
    api.post(f"/tournaments/{tournament['id']}/tables", {"count": tables})
    for i in range(players):
        api.post(f"/tournaments/{tournament['id']}/entries", {"name": f"Player {i:03}"})
    response = api.post(f"/tournaments/{tournament['id']}/draw")
    assert response.status_code == 200, response.content
    return {"id": tournament["id"], "tables": response.json()["tables"]}


@pytest.fixture
def game(api) -> dict:
    """18 players at two tables of nine."""
    return start(api, players=18, tables=2)


def seated(game: dict, table: int = 1) -> list[dict]:
    return next(t for t in game["tables"] if t["number"] == table)["players"]


@pytest.fixture
def floor_client(floor_user) -> Client:
    client = Client()
    client.force_login(floor_user)
    return client


@pytest.fixture
def german_floor_client(floor_client) -> Client:
    floor_client.cookies["django_language"] = "de"
    return floor_client
