"""Player import and export as CSV (README "Screens"): German and English
headers, UTF-8 with a byte-order mark, a preview that shows duplicates before
anything is saved."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tournament.models import Player
from tournament.rules import player_import as rules

GERMAN_EXCEL = (
    "\ufeffSpieler;Spitzname;E-Mail;Telefon\r\n"
    "Jürgen Weiß;Jogi;juergen@example.de;0171 1234567\r\n"
    "Anna Berg;;anna@example.de;\r\n"
    "anna  berg;;ANNA@example.de;\r\n"
    ";;leer@example.de;\r\n"
    "Otto Ohnemail;;otto@;\r\n"
)


def test_german_excel_rows_are_read_and_checked():
    rows = rules.read_players(GERMAN_EXCEL)
    assert [(r.line, r.name, r.problem) for r in rows] == [
        (2, "Jürgen Weiß", None),
        (3, "Anna Berg", None),
        (4, "anna berg", rules.TWICE_IN_FILE),
        (5, "", rules.NAME_MISSING),
        (6, "Otto Ohnemail", rules.EMAIL_INVALID),
    ]
    assert rows[0].nickname == "Jogi" and rows[0].phone == "0171 1234567"
    assert rows[2].same_as_line == 3


def test_english_headers_with_commas_and_a_file_without_names():
    rows = rules.read_players("Name,Email\nBob Smith,bob@example.org\n")
    assert [(r.name, r.email) for r in rows] == [("Bob Smith", "bob@example.org")]
    with pytest.raises(rules.UnreadableFile):
        rules.read_players("Vorname;Ort\nBob;Köln\n")


def client_of(user, language="en") -> Client:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = language
    return client


@pytest.mark.django_db
def test_the_preview_saves_nothing_and_shows_who_is_on_file(desk_user):
    Player.objects.create(name="Jürgen Weiß", email="JUERGEN@example.de")
    upload = SimpleUploadedFile("spieler.csv", GERMAN_EXCEL.encode("utf-8"), "text/csv")
    response = client_of(desk_user, "de").post(
        "/players/import/", {"file": upload, "action": "preview"}
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert Player.objects.count() == 1
    assert (
        "1 neuer Spieler" in html and "1 schon bekannt" in html and "3 Zeilen ausgelassen" in html
    )
    assert "ausgelassen: wie Zeile 3" in html and "keine E-Mail-Adresse" in html


@pytest.mark.django_db
def test_confirming_adds_only_the_new_players(desk_user):
    Player.objects.create(name="Jürgen Weiß", email="juergen@example.de")
    response = client_of(desk_user).post(
        "/players/import/", {"text": GERMAN_EXCEL, "action": "import"}, follow=True
    )
    assert "1 player added. 4 rows left out." in response.content.decode()
    assert sorted(Player.objects.values_list("name", flat=True)) == ["Anna Berg", "Jürgen Weiß"]


@pytest.mark.django_db
def test_the_import_records_what_the_players_agreed_to(desk_user):
    client_of(desk_user).post(
        "/players/import/",
        {"text": GERMAN_EXCEL, "action": "import", "consent": "on", "consent_news": "on"},
    )
    with_contact = Player.objects.exclude(email="", phone="")
    assert with_contact.exists()
    assert all(p.consent_contact and p.consent_news for p in with_contact)


@pytest.mark.django_db
def test_the_export_has_a_bom_translated_headers_and_reads_back_as_on_file(director, desk_user):
    Player.objects.create(name="Jürgen Weiß", nickname="Jogi", email="juergen@example.de")
    response = client_of(director, "de").get("/players/export.csv")
    body = response.content.decode("utf-8")
    assert body.startswith("\ufeffName;Spitzname;E-Mail;Telefon\r\n")
    assert "Jürgen Weiß;Jogi;juergen@example.de;" in body
    rows = rules.read_players(body)
    assert [(r.name, r.problem) for r in rows] == [("Jürgen Weiß", None)]
    # Contact data leaves the house only through the director.
    assert client_of(desk_user).get("/players/export.csv").status_code == 403


@pytest.mark.django_db
def test_the_export_writes_formulas_as_text_and_reads_them_back(director):
    Player.objects.create(name="=HYPERLINK(1)", nickname="+Ass", email="@evil", phone="-1+1")
    Player.objects.create(name="@SUM(1)", nickname="-Jogi", phone="+49 171 1234567")
    body = client_of(director).get("/players/export.csv").content.decode("utf-8")
    assert "'=HYPERLINK(1),'+Ass,'@evil,'-1+1\r\n" in body
    assert "'@SUM(1),'-Jogi,,'+49 171 1234567\r\n" in body
    rows = rules.read_players(body)
    assert [(r.name, r.nickname, r.phone) for r in rows] == [
        ("=HYPERLINK(1)", "+Ass", "-1+1"),
        ("@SUM(1)", "-Jogi", "+49 171 1234567"),
    ]
