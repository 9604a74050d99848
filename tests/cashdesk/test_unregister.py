"""Unregistering refunds the money and takes the player out of the field, and a
paid alternate's money is in the pool as in the ledger (README "Cash desk")."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.cashdesk.conftest import signed_in
from tournament.models import Entry
from tournament.rules import places as place_rules

pytestmark = pytest.mark.django_db


def _ok(response, status=201):
    assert response.status_code == status, response.content
    return response.json()


def _game(api, **fields) -> int:
    body = {"name": "Sonntag Turbo", "buy_in": "50", "fee": "5", "max_entries": 2, **fields}
    return _ok(api.post("/tournaments", body))["id"]


def _money(api, tid: int) -> tuple[str, str]:
    """The prize pool as the payouts show it and as the ledger sums it."""
    pool = _ok(api.get(f"/tournaments/{tid}/payouts"), 200)["prize_pool"]
    ledger = _ok(api.get(f"/tournaments/{tid}/ledger"), 200)["totals"]["prize_pool"]
    return pool, ledger


def test_a_refund_before_the_start_takes_the_player_out_of_the_field(api, desk_api, desk_user):
    tid = _game(api)
    entries = [
        _ok(desk_api.post(f"/tournaments/{tid}/entries", {"name": n}))
        for n in ("Anna Keller", "Bernd Schulz", "Clara Wolf")
    ]
    clara = entries[2]

    _ok(desk_api.post(f"/entries/{clara['id']}/refund", {"reason": "krank"}))

    tournament = _ok(api.get(f"/tournaments/{tid}"), 200)
    assert (tournament["entries"], tournament["remaining"]) == (2, 2)
    assert _money(api, tid) == ("100.00", "100.00")
    listed = [e["name"] for e in _ok(api.get(f"/tournaments/{tid}/entries"), 200)]
    assert listed == ["Anna Keller", "Bernd Schulz"]
    gone = _ok(api.get(f"/tournaments/{tid}/entries?status=withdrawn"), 200)
    assert [(e["name"], e["status"]) for e in gone] == [("Clara Wolf", "withdrawn")]
    browser = signed_in(desk_user)
    for page in ("registration-desk", "entry-list"):
        html = browser.get(reverse(page, args=[tid])).content.decode()
        assert "Anna Keller" in html and "Clara Wolf" not in html
    _ok(api.post(f"/tournaments/{tid}/tables", {"count": 1, "seats": 9}))
    drawn = _ok(api.post(f"/tournaments/{tid}/draw"), 200)["tables"]
    assert sorted(p["name"] for t in drawn for p in t["players"]) == ["Anna Keller", "Bernd Schulz"]


def test_a_player_who_unregistered_comes_back_with_a_first_buy_in(api, desk_api):
    tid = _game(api, max_entries=1)
    first = _ok(desk_api.post(f"/tournaments/{tid}/entries", {"name": "Dieter Roth"}))
    _ok(desk_api.post(f"/entries/{first['id']}/refund", {"reason": "Parkplatz"}))
    again = _ok(desk_api.post(f"/tournaments/{tid}/entries", {"player": first["player"]}))
    assert again["payment"]["amount"] == "55.00"
    assert Entry.objects.get(pk=again["id"]).number == 1
    rows = _ok(api.get(f"/tournaments/{tid}/ledger"), 200)["rows"]
    assert [r["kind"] for r in rows] == ["buy_in", "refund", "buy_in"]
    assert _money(api, tid) == ("50.00", "50.00")


def test_a_paid_alternate_is_in_the_pool_as_in_the_ledger_until_he_is_refunded(api, desk_api):
    tid = _game(api, max_players=2)
    for name in ("Erna Vogel", "Fritz Lang"):
        _ok(desk_api.post(f"/tournaments/{tid}/entries", {"name": name}))
    alternate = _ok(desk_api.post(f"/tournaments/{tid}/entries", {"name": "Gisela Mohr"}))
    assert alternate["status"] == "waiting"
    assert _money(api, tid) == ("150.00", "150.00")

    _ok(desk_api.post(f"/entries/{alternate['id']}/refund", {"reason": "kein Platz"}))

    assert _money(api, tid) == ("100.00", "100.00")
    tournament = _ok(api.get(f"/tournaments/{tid}"), 200)
    assert (tournament["entries"], tournament["remaining"]) == (2, 2)


def test_an_alternate_refunded_after_busts_moves_the_places_up_one():
    out = [place_rules.Place(1, 9, False), place_rules.Place(2, 8, False)]
    after = place_rules.places_after_withdrawal(out=out, basis="by_entry", re_entry=True)
    assert [p.place for p in after] == [8, 7]
    with pytest.raises(place_rules.PlacesError):
        place_rules.places_after_withdrawal(out=out, basis="by_player", re_entry=True)


@pytest.mark.usefixtures("german_catalogue")
def test_the_desk_unregisters_a_player_with_one_button_in_german(api, desk_api, desk_user):
    tid = _game(api)
    for name in ("Anna Keller", "Bernd Schulz"):
        _ok(desk_api.post(f"/tournaments/{tid}/entries", {"name": name}))
    browser = signed_in(desk_user, "de")
    desk = reverse("registration-desk", args=[tid])
    assert browser.get(desk).content.decode().count("Austragen und erstatten") == 2
    bernd = Entry.objects.get(player__name="Bernd Schulz")
    url = reverse("cash-unregister", args=[bernd.pk])

    refused = browser.post(url, {"reason": " "}, follow=True).content.decode()
    assert "Bernd Schulz" in refused and Entry.objects.get(pk=bernd.pk).status == "registered"
    done = browser.post(url, {"reason": "muss zur Arbeit"}, follow=True).content.decode()

    assert "Bernd Schulz erhält 55\xa0€ zurück." in done
    assert Entry.objects.get(pk=bernd.pk).status == "withdrawn"
    assert browser.get(desk).content.decode().count("Austragen und erstatten") == 1
