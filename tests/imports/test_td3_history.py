"""An imported TD3 evening reads as history (README "Importing TD3 files"): no
add-on on the board, no "open tables" on the floor, the clock says the
tournament is over, prizes are shown paid by the file and cannot be paid again."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from cashdesk.models import PrizePayout
from imports.services.td3_import import td3_import
from screens.live_data import purchase_windows
from tests.imports.td3_files import needed_td3_files
from tournament.models import Tournament
from tournament.services.prize_pool import payout_settings_for
from tournament.services.results import results_compute

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening(director) -> Tournament:
    path = needed_td3_files("ORF 2025")[0]
    report = td3_import([(path.name, path.read_bytes())], by=director)
    return Tournament.objects.get(pk=report.tournaments[0].id)


@pytest.fixture
def german(director) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(director)
    return client


def page(client: Client, name: str, tournament: Tournament) -> str:
    answer = client.get(reverse(name, args=[tournament.pk]))
    assert answer.status_code == 200
    return answer.content.decode()


def test_an_imported_evening_is_marked_as_imported(evening):
    assert evening.imported_from == "td3"
    assert evening.status == Tournament.Status.FINISHED


def test_the_board_offers_no_add_on_or_rebuy_after_the_end(director):
    path = next(p for p in needed_td3_files("ORF 2025") if p.stem == "ORF_Poker_20250313")
    report = td3_import([(path.name, path.read_bytes())], by=director)
    evening = Tournament.objects.get(pk=report.tournaments[0].id)
    assert payout_settings_for(evening).addon_chips  # an evening that sold add-ons
    assert purchase_windows(evening) == {"rebuys": None, "addon": None}


def test_the_floor_offers_no_tables_to_open_and_says_it_is_history(german, evening):
    floor = page(german, "floor-map", evening)
    assert "Tische eröffnen und Sitze auslosen" not in floor
    assert "Aus TD3 importiert" in floor


def test_the_clock_says_the_tournament_is_over_and_offers_no_controls(german, evening):
    clock = page(german, "clock-page", evening)
    assert "Letztes Level erreicht" not in clock
    assert "Turnier beendet" in clock
    assert "clock-action" not in clock and "Nächstes Level" not in clock


def test_prizes_show_as_paid_by_the_file_and_cannot_be_paid_here(german, evening):
    standings = page(german, "standings", evening)
    assert "Auszahlen</button>" not in standings
    assert "Noch nicht ausgezahlt" not in standings
    assert "Ausgezahlt (laut importierter Datei)" in standings
    _view, rows = results_compute(evening)
    winner = next(row.entry for row in rows if row.prize > 0)
    answer = german.post(reverse("cash-prize-pay", args=[winner.pk]), {"method": "cash"})
    assert answer.status_code in (302, 409)
    assert not PrizePayout.objects.filter(entry=winner).exists()
