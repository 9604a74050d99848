from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_desk_registers_a_new_player(desk_api, tournament):
    response = desk_api.post(
        f"/tournaments/{tournament['id']}/entries",
        {"name": "Anna Keller", "email": "a@example.org", "consent": {"contact": True}},
    )
    assert response.status_code == 201
    body = response.json()
    assert body["name"] == "Anna Keller"
    assert body["status"] == "registered"
    assert body["table"] is None and body["seat"] is None
    assert desk_api.get(f"/tournaments/{tournament['id']}").json()["entries"] == 1


def test_a_player_cannot_hold_two_live_entries(api, tournament):
    first = api.post(f"/tournaments/{tournament['id']}/entries", {"name": "Bernd Schulz"}).json()
    again = api.post(f"/tournaments/{tournament['id']}/entries", {"player": first["player"]})
    assert again.status_code == 409
    assert "live entry" in again.json()["detail"]


def test_registering_an_unknown_player_id_is_404(api, tournament):
    response = api.post(f"/tournaments/{tournament['id']}/entries", {"player": 424242})
    assert response.status_code == 404


def test_entries_need_a_name_or_a_player(api, tournament):
    for body in ({}, {"name": "A", "player": 1}, {"name": ""}, {"player": "x"}):
        response = api.post(f"/tournaments/{tournament['id']}/entries", body)
        assert 400 <= response.status_code < 500, body
        assert response.json()["detail"]


def test_full_field_puts_later_registrations_on_the_alternates_list(api):
    small = api.post("/tournaments", {"name": "Small", "max_players": 2}).json()
    statuses = [
        api.post(f"/tournaments/{small['id']}/entries", {"name": name}).json()["status"]
        for name in ("A One", "B Two", "C Three")
    ]
    assert statuses == ["registered", "registered", "waiting"]


def test_anonymous_cannot_register(anonymous_api, tournament):
    response = anonymous_api.post(f"/tournaments/{tournament['id']}/entries", {"name": "X"})
    assert response.status_code == 401


def test_players_are_found_by_part_of_their_name(api, tournament):
    api.post(f"/tournaments/{tournament['id']}/entries", {"name": "Clara Wagner"})
    api.post(f"/tournaments/{tournament['id']}/entries", {"name": "Dieter Braun"})
    found = api.get("/players?q=wag").json()
    assert [p["name"] for p in found] == ["Clara Wagner"]


def test_tables_are_opened_with_numbers_and_seats(api, tournament):
    response = api.post(f"/tournaments/{tournament['id']}/tables", {"count": 3, "seats": 9})
    assert response.status_code == 201
    assert [t["number"] for t in response.json()] == [1, 2, 3]
    tables = api.get(f"/tournaments/{tournament['id']}/tables").json()
    assert tables[0]["seats"] == 9 and tables[0]["status"] == "open" and tables[0]["players"] == []
    more = api.post(f"/tournaments/{tournament['id']}/tables", {"count": 1}).json()
    assert more[0]["number"] == 4


def test_bad_table_requests_are_refused(api, tournament):
    for body in ({"count": 0}, {"count": 2, "seats": 11}, {"seats": 9}):
        response = api.post(f"/tournaments/{tournament['id']}/tables", body)
        assert 400 <= response.status_code < 500
    assert api.get(f"/tournaments/{tournament['id']}/tables").json() == []


def test_the_same_new_name_and_email_is_the_same_player(api):
    first = api.post("/tournaments", {"name": "Monday"}).json()
    second = api.post("/tournaments", {"name": "Tuesday"}).json()
    body = {"name": "Ida Neuling", "email": "IDA@example.org", "consent": {"contact": True}}
    one = api.post(f"/tournaments/{first['id']}/entries", body).json()
    two = api.post(
        f"/tournaments/{second['id']}/entries",
        {"name": "ida  neuling", "email": "ida@example.org", "consent": {"contact": True}},
    ).json()
    assert one["player"] == two["player"]
    # Without an e-mail a name alone may be another person of the same name.
    three = api.post(f"/tournaments/{second['id']}/entries", {"name": "Max Muster"}).json()
    four = api.post(f"/tournaments/{first['id']}/entries", {"name": "Max Muster"}).json()
    assert three["player"] != four["player"]
