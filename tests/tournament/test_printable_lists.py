"""Printable lists for the room (README "Screens"): the alphabetical seating
list, table cards, draw slips and results, as A4 pages and as PDF."""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

NAMES = ["Zoe Ziegler", "Ärne Adler", "Bernd Schulz", "anna Berg", "Otto Özdemir", "Carla Kühn"]


@pytest.fixture
def drawn(api):
    tournament = api.post("/tournaments", {"name": "Print night"}).json()
    api.post(f"/tournaments/{tournament['id']}/tables", {"count": 2})
    for name in NAMES:
        assert (
            api.post(f"/tournaments/{tournament['id']}/entries", {"name": name}).status_code == 201
        )
    assert api.post(f"/tournaments/{tournament['id']}/draw").status_code == 200
    return tournament, api.get(f"/tournaments/{tournament['id']}/tables").json()


def page(user, path: str, language: str = "en") -> Client:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = language
    return client.get(path)


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_seating_list_is_alphabetical_with_table_and_seat(drawn, floor_user):
    tournament, tables = drawn
    html = page(floor_user, f"/tournaments/{tournament['id']}/print/seating/").content.decode()
    names = re.findall(
        r"<tr><td>([^<]+)</td><td class=\"num\">(\d+)</td><td class=\"num\">(\d+)", html
    )
    # Umlauts sort with their base letter and case does not matter, as a German list reads.
    assert [name for name, _t, _s in names] == [
        "Ärne Adler",
        "anna Berg",
        "Carla Kühn",
        "Otto Özdemir",
        "Bernd Schulz",
        "Zoe Ziegler",
    ]
    seat_of = {p["name"]: (t["number"], p["seat"]) for t in tables for p in t["players"]}
    assert {name: (int(t), int(s)) for name, t, s in names} == seat_of


def test_table_cards_and_draw_slips_show_every_seat_in_german(drawn, floor_user):
    tournament, tables = drawn
    cards = text_of(
        page(floor_user, f"/tournaments/{tournament['id']}/print/tables/", "de").content.decode()
    )
    assert "Tischkarten" in cards and "Tisch 1" in cards and "Tisch 2" in cards
    assert cards.count("frei") == sum(t["seats"] - len(t["players"]) for t in tables)
    slips = page(floor_user, f"/tournaments/{tournament['id']}/print/slips/", "de").content.decode()
    assert slips.count('class="slip"') == len(NAMES)
    assert "Sitzzettel" in text_of(slips)


def test_results_list_the_places_and_an_unknown_list_is_a_404(drawn, floor_user, api):
    tournament, tables = drawn
    out = tables[0]["players"][0]
    api.post(f"/entries/{out['entry']}/bust")
    html = text_of(
        page(floor_user, f"/tournaments/{tournament['id']}/print/results/").content.decode()
    )
    assert f"6 {out['name']}" in html
    assert page(floor_user, f"/tournaments/{tournament['id']}/print/menu/").status_code == 404


def test_the_lists_are_staff_only(drawn, client):
    tournament, _tables = drawn
    response = client.get(f"/tournaments/{tournament['id']}/print/seating/")
    assert response.status_code in (302, 403)


def test_every_list_comes_as_a_pdf(drawn, floor_user):
    pytest.importorskip("weasyprint")
    tournament, _tables = drawn
    for kind in ("seating", "tables", "slips", "results"):
        response = page(floor_user, f"/tournaments/{tournament['id']}/print/{kind}/?format=pdf")
        assert response.status_code == 200, kind
        assert response["Content-Type"] == "application/pdf"
        assert response.content.startswith(b"%PDF")
