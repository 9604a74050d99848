from __future__ import annotations

import csv
import io
import re
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from tournament.models import (
    ActionLog,
    Deal,
    Entry,
    LeagueSeason,
    Player,
    PrizeAddition,
    Tournament,
)
from tournament.summary import tournament_summary

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def _compiled_locale(tmp_path_factory) -> Path:
    """The German catalogue compiled into a temporary locale dir (the repo stays as it is)."""
    po = Path(settings.BASE_DIR) / "locale" / "de" / "LC_MESSAGES" / "django.po"
    target = tmp_path_factory.mktemp("locale") / "de" / "LC_MESSAGES"
    target.mkdir(parents=True)
    subprocess.run(["msgfmt", "-o", str(target / "django.mo"), str(po)], check=True)
    return target.parent.parent


@pytest.fixture(autouse=True)
def _german_catalogue(settings, _compiled_locale):
    # Changing LOCALE_PATHS makes Django drop its cached catalogues.
    settings.LOCALE_PATHS = [_compiled_locale]


@pytest.fixture
def browser(director) -> Client:
    client = Client()
    client.force_login(director)
    return client


@pytest.fixture
def floor_browser(floor_user) -> Client:
    client = Client()
    client.force_login(floor_user)
    return client


@pytest.fixture
def finished(api, tournament) -> dict:
    """Four players at 50: the pool of 200 pays 130 / 70; Clara wins."""
    names = ["Anna Keller", "Bernd Schulz", "Clara Wolf", "Dieter Roth"]
    entries = [
        api.post(f"/tournaments/{tournament['id']}/entries", {"name": n}).json() for n in names
    ]
    Entry.objects.filter(pk=entries[3]["id"]).update(status="busted", place=4)
    Entry.objects.filter(pk=entries[0]["id"]).update(status="busted", place=3)
    Entry.objects.filter(pk=entries[1]["id"]).update(status="busted", place=2)
    return {"tournament": tournament, "entries": entries}


def test_director_sees_the_final_standings_in_english(browser, finished):
    response = browser.get(f"/tournaments/{finished['tournament']['id']}/standings/")
    assert response.status_code == 200
    text = response.content.decode()
    assert "Final standings" in text
    assert "Clara Wolf" in text and "130.00" in text
    assert text.index("Clara Wolf") < text.index("Bernd Schulz") < text.index("Anna Keller")
    assert "Bubble" in text


def test_director_sees_the_final_standings_in_german(browser, finished):
    browser.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    response = browser.get(f"/tournaments/{finished['tournament']['id']}/standings/")
    assert response.status_code == 200
    text = response.content.decode()
    assert '<html lang="de">' in text
    assert "Endstand" in text and "Preisgeld" in text
    assert "Final standings" not in text


def test_payouts_page_speaks_german_when_the_browser_asks_for_it(browser, finished):
    response = browser.get(
        f"/tournaments/{finished['tournament']['id']}/payouts/", HTTP_ACCEPT_LANGUAGE="de"
    )
    assert response.status_code == 200
    assert "Auszahlung" in response.content.decode()


def test_payouts_in_german_show_amounts_with_a_decimal_comma(browser, finished):
    tid = finished["tournament"]["id"]
    browser.post(
        f"/tournaments/{tid}/payouts/structure/",
        {"percentages": "60\n40", "rounding": "1", "rounding_mode": "down"},
    )
    browser.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    page = browser.get(f"/tournaments/{tid}/payouts/").content.decode()
    assert "<td>120\u00a0€</td>" in page and "<td>80\u00a0€</td>" in page  # 60 / 40 of 200
    assert "120.00" not in page and "<td>60\u00a0%</td>" in page


def test_standings_export_as_csv_with_prizes(browser, finished):
    response = browser.get(f"/tournaments/{finished['tournament']['id']}/standings.csv")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    # A byte-order mark, so spreadsheet programs read the umlauts right.
    assert response.content.startswith("\ufeff".encode())
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][:5] == ["Place", "Start number", "Player ID", "Name", "Prize"]
    assert [(r[0], r[3], r[4]) for r in rows[1:3]] == [
        ("1", "Clara Wolf", "130.00"),
        ("2", "Bernd Schulz", "70.00"),
    ]


def test_standings_export_writes_a_name_like_a_formula_as_text(browser, finished):
    clara = Entry.objects.get(pk=finished["entries"][2]["id"]).player_id
    Player.objects.filter(pk=clara).update(name="-2+3+cmd|' /C calc'!A0")
    response = browser.get(f"/tournaments/{finished['tournament']['id']}/standings.csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert (rows[1][0], rows[1][3]) == ("1", "'-2+3+cmd|' /C calc'!A0")


def test_standings_export_speaks_german_to_a_german_spreadsheet(browser, finished):
    browser.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    response = browser.get(f"/tournaments/{finished['tournament']['id']}/standings.csv")
    text = response.content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    assert rows[0][:5] == ["Platz", "Startnummer", "Spieler-Nr.", "Name", "Preisgeld"]
    assert (rows[1][0], rows[1][3], rows[1][4], rows[1][6]) == ("1", "Clara Wolf", "130,00", "ja")


def test_director_saves_a_payout_structure_in_the_browser(browser, finished):
    tid = finished["tournament"]["id"]
    response = browser.post(
        f"/tournaments/{tid}/payouts/structure/",
        {"percentages": "60\n40", "rounding": "5", "rounding_mode": "down", "guarantee": "500"},
    )
    assert response.status_code == 302
    page = browser.get(f"/tournaments/{tid}/payouts/").content.decode()
    assert "300.00" in page and "200.00" in page  # 60 / 40 of the guaranteed 500


def test_a_bad_structure_in_the_browser_shows_the_reason_and_changes_nothing(browser, finished):
    tid = finished["tournament"]["id"]
    response = browser.post(
        f"/tournaments/{tid}/payouts/structure/",
        {"percentages": "60 30", "rounding": "1", "rounding_mode": "down"},
        follow=True,
    )
    assert "add up to exactly 100" in response.content.decode()
    assert not ActionLog.objects.filter(tournament_id=tid, kind="payouts_updated").exists()


def offer_rebuys(api, tid: int) -> None:
    settings = {"rebuy_price": "50", "rebuy_chips": 20000}
    assert api.patch(f"/tournaments/{tid}/payouts/settings", settings).status_code == 200


def test_director_adds_money_to_the_pool_and_the_desk_sells_a_rebuy(browser, api, tournament):
    tid = tournament["id"]
    offer_rebuys(api, tid)
    entry = api.post(f"/tournaments/{tid}/entries", {"name": "Eva Braun"}).json()
    browser.post(f"/tournaments/{tid}/payouts/additions/", {"amount": "25", "note": "Sponsor"})
    assert PrizeAddition.objects.get(tournament_id=tid).note == "Sponsor"
    browser.post(
        f"/tournaments/{tid}/payouts/purchases/",
        {"entry": entry["id"], "kind": "rebuy", "count": 1},
    )
    assert Entry.objects.get(pk=entry["id"]).rebuys == 1


def test_floor_staff_may_calculate_a_deal_but_not_record_it(floor_browser, api, tournament):
    tid = tournament["id"]
    a, b = (api.post(f"/tournaments/{tid}/entries", {"name": n}).json() for n in ("A a", "B b"))
    form = {f"chips_{a['id']}": "3000", f"chips_{b['id']}": "1000", "method": "chip_chop"}
    preview = floor_browser.post(f"/tournaments/{tid}/deal/", {**form, "do": "preview"})
    assert preview.status_code == 200
    assert "75.00" in preview.content.decode()  # 3/4 of the pool of 100
    record = floor_browser.post(f"/tournaments/{tid}/deal/", {**form, "do": "record"})
    assert record.status_code == 403
    assert not Deal.objects.filter(tournament_id=tid).exists()


def test_director_records_a_deal_in_the_browser(browser, api, tournament):
    tid = tournament["id"]
    a, b = (api.post(f"/tournaments/{tid}/entries", {"name": n}).json() for n in ("A a", "B b"))
    form = {f"chips_{a['id']}": "3000", f"chips_{b['id']}": "1000", "method": "icm"}
    response = browser.post(f"/tournaments/{tid}/deal/", {**form, "do": "record"})
    assert response.status_code == 302
    assert Deal.objects.get(tournament_id=tid).shares.count() == 2


def test_a_player_history_page_lists_their_tournaments(browser, finished):
    player = finished["entries"][2]["player"]
    response = browser.get(f"/players/{player}/results/")
    assert response.status_code == 200
    assert "Friday Freezeout" in response.content.decode()
    assert browser.get("/players/999999/results/").status_code == 404


def test_a_season_table_adds_up_league_points(browser, api, finished):
    response = browser.post(
        "/seasons/", {"name": "Club 2025", "formula": "linear", "participation": "0"}
    )
    assert response.status_code == 302
    club = LeagueSeason.objects.get(name="Club 2025")
    tid = finished["tournament"]["id"]
    assert api.patch(f"/tournaments/{tid}/payouts/settings", {"season": club.pk}).status_code == 200
    standings = api.get(f"/seasons/{club.pk}/standings").json()["standings"]
    assert [(s["name"], s["points"]) for s in standings] == [
        ("Clara Wolf", "4.00"),
        ("Bernd Schulz", "3.00"),
        ("Anna Keller", "2.00"),
        ("Dieter Roth", "1.00"),
    ]
    page = browser.get(f"/seasons/{club.pk}/").content.decode()
    assert "Clara Wolf" in page


def test_pages_need_a_signed_in_staff_member(finished):
    tid = finished["tournament"]["id"]
    response = Client().get(f"/tournaments/{tid}/standings/")
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_the_summary_carries_the_prize_pool_for_the_display_board(api, finished):
    summary = tournament_summary(Tournament.objects.get(pk=finished["tournament"]["id"]))
    assert summary["prize_pool"] == "200.00"
    assert summary["paid_places"] == 2


def test_a_negative_chip_count_is_refused_beside_that_players_field(floor_browser, api, tournament):
    tid = tournament["id"]
    a, b = (api.post(f"/tournaments/{tid}/entries", {"name": n}).json() for n in ("A a", "B b"))
    form = {f"chips_{a['id']}": "3000", f"chips_{b['id']}": "-5", "method": "chip_chop"}
    response = floor_browser.post(f"/tournaments/{tid}/deal/", {**form, "do": "preview"})
    html = response.content.decode()
    assert response.status_code == 422
    rows = dict(
        re.findall(r'<input name="chips_(\d+)"[^>]*>(<span class="error"[^<]*</span>)?', html)
    )
    assert rows[str(a["id"])] == "" and "positive whole number" in rows[str(b["id"])]
    assert html.count("positive whole number") == 1  # said once, where it is wrong
    assert 'max="1000000000000000"' in html  # the field knows the server's limit


def test_director_pays_fixed_amounts_typed_in_german_and_sees_what_is_kept_back(
    browser, api, finished
):
    tid = finished["tournament"]["id"]
    api.post(f"/tournaments/{tid}/prize-additions", {"amount": "2100", "note": "Sponsor"})
    response = browser.post(
        f"/tournaments/{tid}/payouts/structure/",
        {
            "pay_by": "amounts",
            "amounts": "1.400,00\n800\n",
            "kept_back_reason": "Saisonfinale",
            "rounding": "1",
            "rounding_mode": "down",
        },
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert response.status_code == 302
    body = api.get(f"/tournaments/{tid}/payouts").json()
    assert [p["amount"] for p in body["places"]] == ["1400.00", "800.00"]
    assert body["kept_back"] == "100.00"
    page = browser.get(f"/tournaments/{tid}/payouts/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'id="kept-back">100\u00a0€' in page
    assert "Saisonfinale" in page
    # The form shows the amounts again as a German reader writes them.
    assert "1.400,00\n800,00" in page


def test_amounts_above_the_pool_in_the_browser_say_what_is_missing(browser, finished):
    tid = finished["tournament"]["id"]
    response = browser.post(
        f"/tournaments/{tid}/payouts/structure/",
        {"pay_by": "amounts", "amounts": "150\n100", "rounding": "1", "rounding_mode": "down"},
        HTTP_ACCEPT_LANGUAGE="de",
        follow=True,
    )
    page = response.content.decode()
    assert "fehlenden 50,00" in page
    assert not ActionLog.objects.filter(tournament_id=tid, kind="payouts_updated").exists()


def test_the_rebuy_form_names_no_player_until_the_desk_chooses_one(browser, api, tournament):
    tid = tournament["id"]
    offer_rebuys(api, tid)
    for name in ("Anna Keller", "Bernd Schulz"):
        api.post(f"/tournaments/{tid}/entries", {"name": name})
    page = browser.get(f"/tournaments/{tid}/payouts/").content.decode()
    select = re.search(r'<select name="entry"[^>]*>(.*?)</select>', page, re.S)
    assert select is not None and "required" in select.group(0)
    options = re.findall(r'<option value="([^"]*)"([^>]*)>([^<]*)', select.group(1))
    # The first option is the prompt (empty, so a required select refuses it); no player
    # is selected, so a rebuy cannot go to whoever stands first in the list.
    assert options[0][0] == "" and "Choose the player" in options[0][2]
    assert not any("selected" in attrs for value, attrs, _ in options if value)

    response = browser.post(
        f"/tournaments/{tid}/payouts/purchases/", {"kind": "rebuy", "count": 1}, follow=True
    )
    assert "Choose the player who buys." in response.content.decode()
    assert sum(Entry.objects.filter(tournament_id=tid).values_list("rebuys", flat=True)) == 0


def test_a_club_types_the_winner_200_fixed_and_the_rest_50_30_20_in_german(browser, api):
    tid = api.post("/tournaments", {"name": "Clubabend", "buy_in": "100", "fee": "10"}).json()["id"]
    for n in range(1, 11):
        api.post(f"/tournaments/{tid}/entries", {"name": f"Spieler {n}"})
    browser.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    answer = browser.post(
        f"/tournaments/{tid}/payouts/structure/",
        {
            "pay_by": "mixed",
            "amounts": "1: 200 € fest",
            "percentages": "50/30/20",
            "rounding": "1",
            "rounding_mode": "down",
        },
        follow=True,
    )
    page = answer.content.decode()
    assert "Auszahlung gespeichert." in page and "nicht verwendet" not in page
    amounts = re.findall(r"<td>([\d.]+)\xa0€</td>", page)
    assert amounts[:4] == ["200", "400", "240", "160"]  # 200 fixed, 800 shared 50/30/20
    form = browser.get(f"/tournaments/{tid}/payouts/").content.decode()
    assert re.search(r'value="mixed"[^>]*checked', form)
    assert "1: 200,00" in form


def test_amounts_typed_beside_percentages_are_never_dropped_silently(browser, api, finished):
    tid = finished["tournament"]["id"]
    browser.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    answer = browser.post(
        f"/tournaments/{tid}/payouts/structure/",
        {
            "pay_by": "percentages",
            "amounts": "200",
            "percentages": "50 30 20",
            "rounding": "1",
            "rounding_mode": "down",
        },
        follow=True,
    )
    page = answer.content.decode()
    assert "Die eingegebenen Beträge wurden nicht verwendet" in page
    assert "Feste Plätze und Prozente vom Rest" in page


def test_a_fixed_place_beyond_the_places_paid_is_refused_with_the_reason(browser, finished):
    tid = finished["tournament"]["id"]
    answer = browser.post(
        f"/tournaments/{tid}/payouts/structure/",
        {
            "pay_by": "mixed",
            "amounts": "5: 20",
            "percentages": "60 40",
            "rounding": "1",
            "rounding_mode": "down",
        },
        follow=True,
    )
    assert "Place 5 is fixed, but only 3 places are paid" in answer.content.decode()
    assert not ActionLog.objects.filter(tournament_id=tid, kind="payouts_updated").exists()


@pytest.mark.parametrize("amount", ["abc", "-5", "1e400"])
def test_a_bad_amount_to_add_to_the_pool_is_named_with_its_field(browser, tournament, amount):
    tid = tournament["id"]
    browser.cookies["django_language"] = "de"
    response = browser.post(
        f"/tournaments/{tid}/payouts/additions/", {"amount": amount, "note": "x"}, follow=True
    )
    text = response.content.decode()
    assert "Betrag:" in text
    assert not PrizeAddition.objects.filter(tournament_id=tid).exists()
