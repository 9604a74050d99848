"""A club evening keeps its tables while registration is open (README "Places,
re-entries and moves", "Breaking during registration"): the rulebooks leave the
moment a table breaks to the director and let the balance be looser early on,
so a room may keep its tables until registration closes."""

from __future__ import annotations

import pytest

from tests.tables.test_floor_api import open_counts, seated_entry, tables_of


@pytest.mark.django_db
def test_a_tournament_that_keeps_its_tables_breaks_none_while_registration_is_open(api):
    body = {"name": "Club night", "break_during_registration": False}
    game = {"id": api.post("/tournaments", body).json()["id"]}
    api.post(f"/tournaments/{game['id']}/tables", {"count": 3})
    for i in range(19):
        api.post(f"/tournaments/{game['id']}/entries", {"name": f"Spieler {i:02}"})
    assert api.post(f"/tournaments/{game['id']}/draw").status_code == 200
    while sum(open_counts(api, game["id"]).values()) > 17:
        assert api.post(f"/entries/{seated_entry(api, game['id'])}/bust").status_code == 200
    assert [t["status"] for t in tables_of(api, game["id"])] == ["open"] * 3
    moves = api.get(f"/tournaments/{game['id']}/moves?status=pending").json()
    assert all(m["reason"] == "balance" for m in moves)
