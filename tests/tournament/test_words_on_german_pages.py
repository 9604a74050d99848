"""Words a German room reads (README "Places, re-entries and moves"): the desk's error says its
sentence without an internal field name, the results file is named after the
tournament in the reader's language and lists start numbers, a seat is a
"Sitz" and a finishing place a "Platz", and a busted player's seat card after
the end says where he finished instead of promising a seat."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.test import Client

from tournament.models import Entry

pytestmark = pytest.mark.django_db


def signed_in(user, language: str) -> Client:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = language
    return client


def visible(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_desk_says_a_missing_consent_in_german_without_a_field_name(api, desk_user):
    tid = api.post("/tournaments", {"name": "Abend"}).json()["id"]
    body = {"name": "Jürgen Groß", "email": "j@example.org"}
    page = signed_in(desk_user, "de").post(f"/tournaments/{tid}/desk/", body, follow=True)
    text = visible(page.content.decode())
    assert "Einwilligung" in text
    assert "consent" not in text
    # The API keeps naming the field for a program.
    refused = api.post(f"/tournaments/{tid}/entries", body)
    assert refused.status_code == 422
    assert refused.json()["detail"].startswith("consent: ")
    assert refused.json()["field"] == "consent"


@pytest.fixture
def finished(api) -> dict:
    tid = api.post("/tournaments", {"name": "Łódź Open 2026", "buy_in": "50"}).json()["id"]
    api.post(f"/tournaments/{tid}/tables", {"count": 1})
    for name in ("Anna Berg", "Björn Ødegård", "Erika Groß"):
        api.post(f"/tournaments/{tid}/entries", {"name": name})
    api.post(f"/tournaments/{tid}/draw")
    players = api.get(f"/tournaments/{tid}/tables").json()[0]["players"]
    for player in players[:2]:
        assert api.post(f"/entries/{player['entry']}/bust").status_code == 200
    winner = Entry.objects.get(tournament_id=tid, status="seated").pk
    return {"id": tid, "out": players[0]["entry"], "winner": winner}


@pytest.mark.parametrize(
    ("language", "filename", "header"),
    [
        ("de", "ergebnisse-lodz-open-2026.csv", "Startnummer"),
        ("en", "results-lodz-open-2026.csv", "Start number"),
    ],
)
def test_the_results_file_is_named_after_the_tournament_and_lists_start_numbers(
    finished, director, language, filename, header
):
    response = signed_in(director, language).get(f"/tournaments/{finished['id']}/standings.csv")
    assert response["Content-Disposition"] == f'attachment; filename="{filename}"'
    text = response.content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text), delimiter=";" if language == "de" else ","))
    assert rows[0][1] == header
    start_numbers = {str(e.start_number) for e in Entry.objects.filter(tournament=finished["id"])}
    assert {row[1] for row in rows[1:]} == start_numbers


def test_a_seat_card_says_sitz_and_start_number(api, director):
    tid = api.post("/tournaments", {"name": "Abend"}).json()["id"]
    api.post(f"/tournaments/{tid}/tables", {"count": 1})
    entry = api.post(f"/tournaments/{tid}/entries", {"name": "Ayşe Yılmaz"}).json()["id"]
    api.post(f"/tournaments/{tid}/entries", {"name": "Anna Berg"})
    api.post(f"/tournaments/{tid}/draw")
    card = signed_in(director, "de").get(f"/entries/{entry}/card/").content.decode()
    head = visible(card[card.index("<h1>") :])
    assert re.search(r"Tisch 1 Sitz \d+ ", head) and "Startnummer 1 " in head
    assert "Platz" not in head and "Eintrag" not in head


def test_after_the_end_a_busted_players_card_says_where_he_finished(finished, director):
    client = signed_in(director, "de")
    out = visible(client.get(f"/entries/{finished['out']}/card/").content.decode())
    assert "Ausgeschieden auf Platz 3." in out
    assert "ausgelost" not in out
    winner = visible(client.get(f"/entries/{finished['winner']}/card/").content.decode())
    assert "Sieger des Turniers." in winner


def test_the_standings_title_the_place_platz_and_the_seat_plan_sitz(finished, director):
    client = signed_in(director, "de")
    standings = visible(client.get(f"/tournaments/{finished['id']}/standings/").content.decode())
    assert "Platz Spieler Buy-in Nr. Preisgeld" in standings
    entries = visible(client.get(f"/tournaments/{finished['id']}/entries/").content.decode())
    assert "Sitz" in entries and "Platz" in entries and "Eintrag" not in entries


def test_a_drawn_tournament_whose_clock_has_not_started_is_not_started_on_every_page(api, director):
    """One status, one word: the list, the overview and the lobby say "Nicht gestartet" as
    the player's page does until the clock runs, and "Läuft" once it does."""
    tid = api.post("/tournaments", {"name": "Dienstag", "buy_in": "20"}).json()["id"]
    levels = [{"kind": "level", "small_blind": 100, "big_blind": 200, "seconds": 600}]
    assert api.put(f"/tournaments/{tid}/structure", {"levels": levels}).status_code == 200
    api.post(f"/tournaments/{tid}/tables", {"count": 1})
    for name in ("Anna Berg", "Erika Groß"):
        api.post(f"/tournaments/{tid}/entries", {"name": name})
    assert api.post(f"/tournaments/{tid}/draw").status_code == 200
    staff = signed_in(director, "de")
    pages = {
        "list": lambda: staff.get("/"),
        "overview": lambda: staff.get(f"/tournaments/{tid}/"),
        "lobby": lambda: Client().get("/lobby/?lang=de"),
    }
    for name, page in pages.items():
        text = visible(page().content.decode())
        assert "Nicht gestartet" in text, name
        assert "Läuft" not in text, name
    assert api.post(f"/tournaments/{tid}/clock/start").status_code == 200
    for name, page in pages.items():
        assert "Läuft" in visible(page().content.decode()), name
