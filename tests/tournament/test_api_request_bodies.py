"""A body that is not the documented JSON object is refused and changes nothing
(README "How a floor action flows")."""

from __future__ import annotations

import pytest

from tests.tables.test_floor_api import seated_entry, start, tables_of
from tournament.models import Entry

pytestmark = pytest.mark.django_db


def status_of(api, tid: int, entry: int) -> str:
    return next(e for e in api.get(f"/tournaments/{tid}/entries").json() if e["id"] == entry)[
        "status"
    ]


@pytest.mark.parametrize("raw", ['"x"', "null", "-5", "[1]", "7"])
def test_a_bust_with_a_body_that_is_not_an_object_is_a_422_and_busts_nobody(api, raw):
    game = start(api, players=4, tables=1)
    entry = seated_entry(api, game["id"])
    response = api.post(f"/entries/{entry}/bust", raw=raw)
    assert response.status_code == 422
    assert response.json()["detail"]
    assert status_of(api, game["id"], entry) == "seated"


def test_a_plain_text_body_is_not_read_as_json(api):
    game = start(api, players=4, tables=1)
    entry = seated_entry(api, game["id"])
    response = api.client.post(
        f"/api/v1/entries/{entry}/bust",
        data='{"starting_stack": 100}',
        content_type="text/plain",
        **api.headers,
    )
    assert response.status_code == 422
    assert "JSON" in response.json()["detail"]
    assert status_of(api, game["id"], entry) == "seated"


@pytest.mark.parametrize("raw", ["null", "-5", '"x"'])
def test_an_add_on_with_a_bare_value_records_nothing(api, raw):
    game = start(api, players=4, tables=1)
    entry = seated_entry(api, game["id"])
    assert api.post(f"/entries/{entry}/addons", raw=raw).status_code == 422
    assert Entry.objects.get(pk=entry).addons == 0


def test_a_floor_call_with_a_bare_number_is_refused(api):
    game = start(api, players=4, tables=1)
    table = tables_of(api, game["id"])[0]["id"]
    assert api.post(f"/tables/{table}/floor-call", raw="3").status_code == 422


def test_malformed_json_is_a_400_and_an_object_still_works(api):
    game = start(api, players=4, tables=1)
    entry = seated_entry(api, game["id"])
    assert api.post(f"/entries/{entry}/bust", raw="{nope").status_code == 400
    assert api.post(f"/entries/{entry}/bust", {"starting_stack": 500}).status_code == 200
