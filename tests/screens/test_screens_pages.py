"""The display board, the lobby and the table view as pages."""

from __future__ import annotations

import json
import re

import pytest
from conftest import assert_private_data_absent, seated_tournament
from django.contrib.staticfiles import finders
from django.test import Client

from tables.models import Seat, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(director):
    return seated_tournament(director)


@pytest.fixture
def public() -> Client:
    return Client(HTTP_HOST="localhost")


def html_of(response) -> str:
    assert response.status_code == 200, response.content[:500]
    return response.content.decode()


def test_display_board_shows_public_names_and_never_email_phone_or_notes(cup, public):
    for layout in ("clock", "payouts", "seats"):
        html = html_of(public.get(f"/display/{cup.pk}/?layout={layout}"))
        assert_private_data_absent(html)
    # The seats layout pages the seats through the API, by display name only.
    seats = public.get(f"/api/v1/tournaments/{cup.pk}/seats", {"per_page": 200})
    assert_private_data_absent(seats.content.decode())
    assert "Anna K." in [row["name"] for row in seats.json()["seats"]]


def test_lobby_pages_never_show_email_phone_or_notes(cup, public):
    assert_private_data_absent(html_of(public.get("/lobby/")))
    html = html_of(public.get(f"/lobby/{cup.pk}/?q=anna"))
    assert_private_data_absent(html)
    assert "Anna K." in html


def test_display_board_loads_everything_from_this_server_and_weighs_under_300_kb(cup, public):
    html = html_of(public.get(f"/display/{cup.pk}/?layout=seats"))
    urls = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert urls, "the page links its stylesheet and scripts"
    assert all(u.startswith("/") and not u.startswith("//") for u in urls), urls
    assert "@import" not in html and "url(http" not in html
    total = len(html.encode())
    for url in urls:
        path = finders.find(url.removeprefix("/static/"))
        assert path, url
        with open(path, "rb") as asset:
            text = asset.read()
        # An SVG names its XML namespace with a URL; that is no request.
        fetched = text.replace(b'xmlns="http://www.w3.org/2000/svg"', b"")
        assert b"http://" not in fetched and b"https://" not in fetched, url
        total += len(text)
    assert total < 300 * 1024, total


def test_display_board_speaks_the_language_asked_for_in_its_url(cup, public):
    english = html_of(public.get(f"/display/{cup.pk}/?lang=en"))
    german = html_of(public.get(f"/display/{cup.pk}/?lang=de"))
    assert 'lang="en"' in english and "Average stack" in english
    assert 'lang="de"' in german and "Durchschnitt" in german
    assert '"level": "Level {number}"' in english
    assert "Tisch {from_table} Sitz {from_seat}" in german


def test_display_board_shows_a_qr_code_of_the_tournament_lobby(cup, public):
    html = html_of(public.get(f"/display/{cup.pk}/?lang=de"))
    assert "<svg" in html and "</svg>" in html
    assert f"http://localhost/lobby/{cup.pk}/?lang=de" in html  # also written under the code


def test_unknown_tournament_or_layout(cup, public):
    assert public.get("/display/987654/").status_code == 404
    assert public.get("/lobby/987654/").status_code == 404
    # Any other name shows the clock preset, drawn from its tiles.
    assert 'class="display tiles-board layout-clock"' in html_of(
        public.get(f"/display/{cup.pk}/?layout=x")
    )


def test_seat_finder_finds_part_of_a_name_without_case_or_accents(cup, public):
    page = html_of(public.get(f"/lobby/{cup.pk}/?q=BERN"))
    html = page.split('id="seat-results"')[1].split("</ul>")[0]
    seat = Seat.objects.select_related("table").get(entry__player__name="Bernd Schulz")
    assert f"Table {seat.table.number} · Seat {seat.number}" in html
    assert "Bernd S." in html and "Clara" not in html


def test_seat_finder_says_when_nobody_matches_in_german(cup, public):
    html = html_of(public.get(f"/lobby/{cup.pk}/?q=zzz&lang=de"))
    assert "Kein Spieler gefunden." in html


def test_lobby_lists_the_running_tournaments(cup, public):
    html = html_of(public.get("/lobby/"))
    assert "Screens Cup" in html and f"/lobby/{cup.pk}/" in html


def test_table_view_is_for_staff_only(cup, public, director, desk_user):
    table = Table.objects.filter(tournament=cup).first()
    assert public.get(f"/tables/{table.pk}/view/").status_code == 302
    public.force_login(desk_user)
    assert public.get(f"/tables/{table.pk}/view/").status_code == 200
    assert public.get("/tables/987654/view/").status_code == 404


def test_table_view_shows_seats_button_blinds_and_the_floor_button(cup, director):
    client = Client(HTTP_HOST="localhost")
    client.force_login(director)
    table = Table.objects.filter(tournament=cup).order_by("number").first()
    html = html_of(client.get(f"/tables/{table.pk}/view/"))
    # table_view.js draws the panel from the snapshot of this one table it carries.
    found = re.search(r'<script id="table-snapshot" type="application/json">(.*?)</script>', html)
    shown = json.loads(found.group(1))
    assert [row["id"] for row in shown["tables"]] == [table.pk]
    names = Seat.objects.filter(table=table, entry__isnull=False).values_list(
        "entry__player__name", flat=True
    )
    assert {p["name"] for p in shown["tables"][0]["players"]} == set(names)
    row = shown["tables"][0]
    assert row["button_seat"] and row["small_blind_seat"] and row["big_blind_seat"]
    assert "/static/js/live.js" in html and "/static/js/table_view.js" in html
    # Nothing is fetched again: there is no panel to fetch.
    assert client.get(f"/tables/{table.pk}/view/panel/").status_code == 404


def test_the_qr_code_points_to_the_address_the_room_configures(cup, public, settings):
    settings.PUBLIC_URL = "http://192.168.1.10:8000"
    html = html_of(public.get(f"/display/{cup.pk}/?layout=clock&lang=de"))
    assert f"http://192.168.1.10:8000/lobby/{cup.pk}/?lang=de" in html
    assert "http://testserver/lobby" not in html


def test_staff_pages_link_the_board_layouts_and_the_lobby(cup, director, settings):
    from django.test import Client

    settings.PUBLIC_URL = "http://192.168.1.10:8000"
    client = Client()
    client.force_login(director)
    html = client.get(f"/tournaments/{cup.pk}/").content.decode()
    for layout in ("clock", "payouts", "seats"):
        assert f"/display/{cup.pk}/?layout={layout}&amp;lang=de" in html
    assert f'href="http://192.168.1.10:8000/lobby/{cup.pk}/"' in html
