"""Results and season tables as CSV for the club's spreadsheet (README "Results as
CSV"), read back as a spreadsheet program reads them: German files with ``;``,
a byte-order mark and decimal commas, English ones with ``,`` and points."""

from __future__ import annotations

import csv
import io
import re
from decimal import Decimal

import pytest
from django.test import Client

from tests.tournament.test_bounties import bust_to_the_end, start
from tournament.models import Entry, LeagueSeason, Tournament
from tournament.services.result_sheets import season_sheet, tournament_sheet

pytestmark = pytest.mark.django_db

OLD_HEADERS = [
    "Place",
    "Start number",
    "Player ID",
    "Name",
    "Prize",
    "Place shared",
    "In the money",
    "Deal",
    "Re-entered",
]


def play(api, name: str, players: list, order: list[int]) -> dict:
    """A tournament at 50 whose players (names or player ids) finish in ``order``:
    order[i] is the place of players[i]; the winner is the one left in."""
    tid = api.post("/tournaments", {"name": name, "starting_stack": 10000, "buy_in": "50"}).json()[
        "id"
    ]
    entries = []
    for player in players:
        body = {"player": player} if isinstance(player, int) else {"name": player}
        entries.append(api.post(f"/tournaments/{tid}/entries", body).json())
    for entry, place in zip(entries, order, strict=True):
        if place != 1:
            Entry.objects.filter(pk=entry["id"]).update(status="busted", place=place)
    return {"id": tid, "players": [e["player"] for e in entries]}


@pytest.fixture
def season(api) -> dict:
    """Club 2025 (linear, half a point for taking part): Friday with Anna, Bernd,
    Clara and Dieter (Clara wins), Saturday with Anna, Bernd and Clara (Anna wins)."""
    made = api.post(
        "/seasons", {"name": "Club 2025", "formula": "linear", "participation": "0.5"}
    ).json()
    friday = play(api, "Friday", ["Anna", "Bernd", "Clara", "Dieter"], [3, 2, 1, 4])
    anna, bernd, clara, _dieter = friday["players"]
    saturday = play(api, "Saturday", [anna, bernd, clara], [1, 3, 2])
    for tournament in (friday, saturday):
        settings = {"season": made["id"]}
        assert api.patch(f"/tournaments/{tournament['id']}/payouts/settings", settings).status_code
    return {"id": made["id"], "friday": friday["id"], "saturday": saturday["id"]}


@pytest.fixture
def browser(director) -> Client:
    client = Client()
    client.force_login(director)
    return client


def read(response, *, german: bool) -> list[list[str]]:
    assert response.status_code == 200, response.content
    assert response["Content-Type"].startswith("text/csv")
    assert response.content.startswith("\ufeff".encode())  # the byte-order mark
    text = response.content.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text), delimiter=";" if german else ","))


# -- the tournament's results ---------------------------------------------------


def test_results_without_a_season_or_bounties_keep_their_columns(api, browser):
    tid = play(api, "Friday", ["Anna", "Bernd", "Clara", "Dieter"], [3, 2, 1, 4])["id"]
    rows = read(browser.get(f"/tournaments/{tid}/standings.csv"), german=False)
    assert rows[0] == OLD_HEADERS
    assert [(r[0], r[3], r[4]) for r in rows[1:]] == [
        ("1", "Clara", "130.00"),
        ("2", "Bernd", "70.00"),
        ("3", "Anna", "0.00"),
        ("4", "Dieter", "0.00"),
    ]


def test_results_of_a_season_tournament_carry_the_points_with_a_decimal_comma(browser, season):
    browser.cookies["django_language"] = "de"
    rows = read(browser.get(f"/tournaments/{season['friday']}/standings.csv"), german=True)
    assert rows[0][:5] == ["Platz", "Startnummer", "Spieler-Nr.", "Name", "Preisgeld"]
    assert rows[0][-1] == "Punkte" and len(rows[0]) == 10
    assert [(r[0], r[3], r[4], r[-1]) for r in rows[1:]] == [
        ("1", "Clara", "130,00", "4,50"),
        ("2", "Bernd", "70,00", "3,50"),
        ("3", "Anna", "0,00", "2,50"),
        ("4", "Dieter", "0,00", "1,50"),
    ]


def test_results_of_a_knockout_carry_each_players_bounties(api, browser):
    tid, _seats = start(api, {"kind": "knockout", "amount": "20"}, players=4, tables=1)
    bust_to_the_end(api, tid)
    rows = read(browser.get(f"/tournaments/{tid}/standings.csv"), german=False)
    assert rows[0] == [*OLD_HEADERS, "Bounties"]
    won = [Decimal(r[-1]) for r in rows[1:]]
    # Four bounties of 20, the winner's own included.
    assert sum(won) == Decimal("80.00") and all(r[-1].count(".") == 1 for r in rows[1:])


def test_the_sheet_gives_each_player_his_points_once(season):
    sheet = tournament_sheet(Tournament.objects.get(pk=season["friday"]))
    assert sheet.bounties is False
    assert sorted(sheet.points.values()) == [Decimal(p) for p in ("1.50", "2.50", "3.50", "4.50")]


# -- the season table -----------------------------------------------------------


def test_the_season_table_in_german_has_one_column_per_tournament(browser, season):
    browser.cookies["django_language"] = "de"
    rows = read(browser.get(f"/seasons/{season['id']}/standings.csv"), german=True)
    assert rows[0][:7] == [
        "Rang",
        "Spieler",
        "Punkte",
        "davon Korrekturen",
        "Siege",
        "Bester Platz",
        "Gespielt",
    ]
    assert re.fullmatch(r"Friday \(\d\d\.\d\d\.\d{4}\)", rows[0][7]), rows[0]
    assert re.fullmatch(r"Saturday \(\d\d\.\d\d\.\d{4}\)", rows[0][8]), rows[0]
    assert rows[1:] == [
        ["1", "Clara", "7,00", "0,00", "1", "1", "2", "4,50", "2,50"],
        ["2", "Anna", "6,00", "0,00", "1", "1", "2", "2,50", "3,50"],
        ["3", "Bernd", "5,00", "0,00", "0", "2", "2", "3,50", "1,50"],
        ["4", "Dieter", "1,50", "0,00", "0", "4", "1", "1,50", ""],
    ]


def test_the_season_table_shows_the_corrections_inside_the_points(api, browser, season):
    dieter = next(
        entry["id"]
        for entry in api.get(f"/tournaments/{season['friday']}/entries").json()
        if entry["name"] == "Dieter"
    )
    fixed = api.post(
        f"/results/{dieter}/corrections", {"points": "-1.5", "reason": "Re-Entry-Abzug"}
    )
    assert fixed.status_code in (200, 201), fixed.content
    rows = read(browser.get(f"/seasons/{season['id']}/standings.csv"), german=False)
    assert next(row for row in rows if row[1] == "Dieter")[2:4] == ["0.00", "-1.50"]


def test_the_season_table_in_english_uses_commas_and_decimal_points(browser, season):
    rows = read(browser.get(f"/seasons/{season['id']}/standings.csv"), german=False)
    assert rows[0][:7] == [
        "Rank",
        "Player",
        "Points",
        "of them corrections",
        "Wins",
        "Best place",
        "Played",
    ]
    assert rows[1][:3] == ["1", "Clara", "7.00"] and rows[4][-2:] == ["1.50", ""]


def test_the_season_sheet_adds_up_to_the_standings(season):
    sheet = season_sheet(season_id=season["id"])
    for row in sheet.rows:
        assert sum(row.points.values()) == row.standing.points


def test_an_unknown_season_is_a_404_and_the_files_need_staff(browser, season):
    assert browser.get("/seasons/999999/standings.csv").status_code == 404
    anonymous = Client().get(f"/seasons/{season['id']}/standings.csv")
    assert anonymous.status_code == 302
    assert LeagueSeason.objects.count() == 1


@pytest.mark.parametrize(("language", "words"), [("en", "Export CSV"), ("de", "CSV exportieren")])
def test_the_season_page_links_its_csv(browser, season, language, words):
    browser.cookies["django_language"] = language
    page = browser.get(f"/seasons/{season['id']}/").content.decode()
    assert f'href="/seasons/{season["id"]}/standings.csv">{words}</a>' in page
    results = browser.get(f"/tournaments/{season['friday']}/standings/").content.decode()
    assert f'href="/tournaments/{season["friday"]}/standings.csv">{words}</a>' in results


def test_with_best_of_every_result_is_listed_and_the_best_count(browser, season):
    LeagueSeason.objects.filter(pk=season["id"]).update(best_of=1)
    rows = read(browser.get(f"/seasons/{season['id']}/standings.csv"), german=False)
    anna = next(row for row in rows if row[1] == "Anna")
    assert (anna[2], anna[7], anna[8]) == ("3.50", "2.50", "3.50")
