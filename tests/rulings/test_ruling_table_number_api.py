"""A ruling names its table by number (README "API", "Table ids and table
numbers"): `table` or its clear name `table_number`, and the answer carries the
number and the id."""

from __future__ import annotations

import pytest

from tests.rulings.conftest import seated
from tests.rulings.test_rulings_api import ruling

pytestmark = pytest.mark.django_db


def test_a_ruling_logged_with_table_number_is_found_by_table_number(api, game):
    table_2 = next(t for t in game["tables"] if t["number"] == 2)
    player = seated(game, table=2)[0]
    body = ruling(game, table_number=2, entries=[player["entry"]])
    response = api.post(f"/tournaments/{game['id']}/rulings", body)
    assert response.status_code == 201, response.content
    data = response.json()
    assert (data["table"], data["table_number"], data["table_id"]) == (2, 2, table_2["id"])
    found = api.get(f"/tournaments/{game['id']}/rulings?table_number=2").json()
    assert [r["id"] for r in found] == [data["id"]]
    assert api.get(f"/tournaments/{game['id']}/rulings?table=1").json() == []


def test_table_and_table_number_naming_two_tables_are_refused(api, game):
    body = ruling(game, table=1, table_number=2)
    response = api.post(f"/tournaments/{game['id']}/rulings", body)
    assert response.status_code == 422, response.content  # status: field error
    assert response.json()["detail"].startswith("table_number:")
    assert api.get(f"/tournaments/{game['id']}/rulings").json() == []


def test_a_penalty_carries_its_table_number_and_id(api, game):
    table_1 = next(t for t in game["tables"] if t["number"] == 1)
    offender = seated(game)[0]["entry"]
    body = ruling(game, table=1, penalty={"entry": offender, "kind": "missed_hands", "count": 2})
    penalty = api.post(f"/tournaments/{game['id']}/rulings", body).json()["penalty"]
    assert (penalty["table"], penalty["table_number"], penalty["table_id"]) == (1, 1, table_1["id"])
