"""The tournament form offers how places count and registration through the break,
in English and German (README "Places, re-entries and moves")."""

from __future__ import annotations

import pytest

from tests.tournament.test_pages import signed_in
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

FORM = {
    "name": "Donnerstag",
    "table_size": 9,
    "starting_stack": 25000,
    "buy_in": "40",
    "fee": "5",
    "final_table_size": 9,
    "rulebook": "tda2019",
    "tie_rule": "",
    "late_registration_levels": 6,
    "max_entries": 3,
    "display_names": "nickname",
}


@pytest.mark.parametrize(
    "language, words",
    [
        ("en", ["One place per player", "late registration through the following break"]),
        ("de", ["Pro Eintrag (mit Re-Entries)", "bis zum Ende der folgenden Pause"]),
    ],
)
def test_the_new_tournament_form_offers_both_options(director, language, words):
    page = signed_in(director, language).get("/tournaments/new/").content.decode()
    assert 'name="places"' in page
    assert 'name="late_registration_through_break"' in page
    for word in words:
        assert word.lower() in page.lower()


def test_the_form_creates_a_tournament_counting_entries_and_selling_through_the_break(director):
    client = signed_in(director, "de")
    response = client.post(
        "/tournaments/new/",
        {**FORM, "places": "by_entry", "late_registration_through_break": "on"},
    )
    assert response.status_code == 302
    made = Tournament.objects.get(name="Donnerstag")
    assert made.places == "by_entry"
    assert made.late_registration_through_break is True


def test_a_form_without_the_options_counts_by_player_and_closes_with_the_level(director):
    assert signed_in(director).post("/tournaments/new/", FORM).status_code == 302
    made = Tournament.objects.get(name="Donnerstag")
    assert made.places == "by_player"
    assert made.late_registration_through_break is False


def test_the_form_keeps_seats_for_late_entries_and_saves_another_count(director):
    client = signed_in(director, "de")
    page = client.get("/tournaments/new/").content.decode()
    assert "Freie Sitze für Nachmeldungen" in page
    # Right after the question whether tables break at all, one seat chosen.
    after = page.split('name="break_during_registration"', 1)[1]
    assert after.index('name="late_entry_seats"') < after.index('name="day_stop_players"')
    assert 'name="late_entry_seats" value="1"' in page
    assert client.post("/tournaments/new/", {**FORM, "late_entry_seats": "2"}).status_code == 302
    made = Tournament.objects.get(name="Donnerstag")
    assert made.rule_options["late_entry_seats"] == 2
    edit = client.post(f"/tournaments/{made.pk}/edit/", {**FORM, "late_entry_seats": "0"})
    # Saved with the tie rule left empty ("as the rulebook says"), as shown.
    assert edit.status_code == 302
    assert Tournament.objects.get(pk=made.pk).rule_options["late_entry_seats"] == 0
    refused = client.post(f"/tournaments/{made.pk}/edit/", {**FORM, "late_entry_seats": "5"})
    assert refused.status_code == 400
