"""The schedule, the form and the personal page in the browser's plain HTTP, and the
desk's page (README "Pre-registration and the schedule")."""

from __future__ import annotations

from datetime import timedelta
from unittest.mock import patch

from django.test import Client
from django.utils import timezone

from cashdesk.models import LedgerRow
from prereg.models import PreRegistration
from tests.prereg.conftest import listed_tournament
from tournament.models import Tournament


def test_the_schedule_lists_listed_tournaments_in_german_and_english(api):
    listed_tournament(api, capacity=10)
    api.post("/tournaments", {"name": "Secret Staff Game"})
    english = Client().get("/schedule/?lang=en").content.decode()
    german = Client().get("/schedule/?lang=de").content.decode()
    assert "Friday Deepstack" in english and "Secret Staff Game" not in english
    assert "0 of 10 seats taken" in english and "Pre-registration open" in english
    assert "0 von 10 Sitzen belegt" in german and "Voranmeldung offen" in german
    week = Client().get("/schedule/print/?lang=de").content.decode()
    assert "Friday Deepstack" in week and "Turnierplan" in week


def test_a_player_pre_registers_sees_his_code_and_cancels(api):
    tid = listed_tournament(api, capacity=10)["id"]
    phone = Client()
    sent = phone.post(f"/schedule/{tid}/?lang=de", {"name": "Anna Berg", "lang": "de"})
    assert sent.status_code == 302
    page = phone.get(sent["Location"])
    prereg = PreRegistration.objects.get(name="Anna Berg")
    body = page.content.decode()
    assert "Sie haben einen Sitz." in body and prereg.code in body and "<svg" in body
    cancelled = phone.post(f"/pre-registration/{prereg.token}/cancel/?lang=de")
    assert (
        "Sie haben diese Voranmeldung abgesagt."
        in phone.get(cancelled["Location"]).content.decode()
    )


def test_the_form_says_what_is_wrong_in_the_readers_language(api):
    tid = listed_tournament(api)["id"]
    refused = Client().post(f"/schedule/{tid}/?lang=de", {"name": "A"})
    assert refused.status_code == 422
    assert "Bitte geben Sie einen Namen mit 2 bis 80 Zeichen an." in refused.content.decode()


def test_the_desk_finds_by_code_checks_in_with_payment_and_revokes(api, desk_user):
    tid = listed_tournament(api)["id"]
    anna = Client().post(f"/schedule/{tid}/", {"name": "Anna Berg"})
    Client().post(f"/schedule/{tid}/", {"name": "Ben Cohn"})
    assert anna.status_code == 302
    desk = Client()
    desk.force_login(desk_user)
    prereg = PreRegistration.objects.get(name="Anna Berg")
    found = desk.get(f"/tournaments/{tid}/pre-registrations/?q={prereg.code}").content.decode()
    assert "Anna Berg" in found and "Ben Cohn" not in found
    done = desk.post(f"/pre-registrations/{prereg.pk}/check-in/", {"payment_method": "card"})
    assert done.status_code == 302
    prereg.refresh_from_db()
    assert prereg.status == "checked_in" and prereg.entry is not None
    assert LedgerRow.objects.get(entry=prereg.entry).method == "card"
    ben = PreRegistration.objects.get(name="Ben Cohn")
    desk.post(f"/pre-registrations/{ben.pk}/revoke/")
    assert Client().get(f"/pre-registration/{ben.token}/").status_code == 404


def test_the_director_lists_a_tournament_and_opens_pre_registration_on_its_form(director):
    client = Client()
    client.force_login(director)
    form = {
        "name": "Monday Turbo",
        "table_size": 9,
        "starting_stack": 20000,
        "buy_in": "20",
        "fee": "2",
        "rulebook": "tda2019",
        "late_registration_levels": 4,
        "max_entries": 1,
        "display_names": "nickname",
        "starts_at": "2030-03-04T19:30",
        "listed": "on",
        "pre_registration_open": "on",
        "pre_registration_capacity": 27,
        "check_in_deadline_minutes": 20,
    }
    made = client.post("/tournaments/new/", form)
    assert made.status_code == 302, made.content.decode()[:3000]
    tournament = Tournament.objects.get(name="Monday Turbo")
    assert tournament.listed and tournament.pre_registration_open
    assert tournament.pre_registration_capacity == 27 and tournament.check_in_deadline_minutes == 20
    assert timezone.localtime(tournament.starts_at).strftime("%Y-%m-%d %H:%M") == "2030-03-04 19:30"
    edit = client.get(f"/tournaments/{tournament.pk}/edit/").content.decode()
    assert 'value="2030-03-04T19:30"' in edit
    assert "Monday Turbo" in Client().get("/schedule/").content.decode()


def test_a_running_tournament_says_so_and_takes_no_pre_registration(api):
    """Issue 35 item 15: no "0 of 36 seats taken", no form, no promise of a seat; the
    structure marks a big-blind ante."""
    tid = listed_tournament(api, capacity=36)["id"]
    level = {"kind": "level", "small_blind": 100, "big_blind": 200, "ante": 200}
    api.put(
        f"/tournaments/{tid}/structure",
        {"levels": [{**level, "big_blind_ante": True, "seconds": 1200}]},
    )
    api.post(f"/tournaments/{tid}/tables", {"count": 1})
    api.post(f"/tournaments/{tid}/entries", {"name": "Anna Berg"})
    api.post(f"/tournaments/{tid}/entries", {"name": "Ben Cohn"})
    assert api.post(f"/tournaments/{tid}/draw").status_code == 200
    page = Client().get(f"/schedule/{tid}/?lang=de").content.decode()
    assert "Sitzen belegt" not in page
    assert "Dieses Turnier läuft" in page
    assert 'name="name"' not in page
    assert "BBA" in page
    refused = Client().post(f"/schedule/{tid}/?lang=de", {"name": "Late Larry"})
    assert refused.status_code >= 400


def pre_register(tid: int, name: str, address: str) -> Client:
    phone = Client(REMOTE_ADDR=address)
    assert phone.post(f"/schedule/{tid}/?lang=de", {"name": name, "lang": "de"}).status_code == 302
    return phone


def test_pre_registrations_before_any_table_is_opened_fill_the_player_limit(api):
    tid = listed_tournament(api, capacity=None, max_players=3)["id"]
    assert not Tournament.objects.get(pk=tid).tables.exists()
    for number, name in enumerate(["Anna Berg", "Bert Cox", "Cem Dag", "Dora Eck"]):
        pre_register(tid, name, f"10.1.0.{number + 1}")
    statuses = dict(PreRegistration.objects.values_list("name", "status"))
    assert statuses == {
        "Anna Berg": "registered",
        "Bert Cox": "registered",
        "Cem Dag": "registered",
        "Dora Eck": "waiting",
    }


def test_the_phone_schedule_counts_the_players_in_as_seats_taken(api):
    tid = listed_tournament(api, capacity=10)["id"]
    pre_register(tid, "Anna Berg", "10.1.0.1")
    for name in ("Walk In", "Desk Player"):
        assert api.post(f"/tournaments/{tid}/entries", {"name": name}).status_code == 201
    schedule = Client().get("/schedule/?lang=de").content.decode()
    assert "3 von 10 Sitzen belegt" in schedule


def test_cancelling_a_pre_registration_asks_first(api):
    tid = listed_tournament(api, capacity=10)["id"]
    phone = pre_register(tid, "Anna Berg", "10.1.0.1")
    prereg = PreRegistration.objects.get(name="Anna Berg")
    page = phone.get(f"/pre-registration/{prereg.token}/?lang=de").content.decode()
    assert 'data-confirm="Voranmeldung wirklich absagen?' in page
    assert "js/page_actions" in page  # the script that asks


def test_a_tournament_still_running_after_midnight_stays_on_the_schedule(api):
    """Started yesterday evening, still playing: the schedule keeps it (players on
    their phones look it up there); one that never started yesterday is gone."""
    running = listed_tournament(api, capacity=36, hours=-6)
    api.post(f"/tournaments/{running['id']}/tables", {"count": 1})
    for name in ("Anna Berg", "Ben Cohn"):
        api.post(f"/tournaments/{running['id']}/entries", {"name": name})
    assert api.post(f"/tournaments/{running['id']}/draw").status_code == 200
    missed = listed_tournament(api, capacity=36, hours=-30)
    api.patch(f"/tournaments/{missed['id']}", {"name": "Missed Monday"})
    after_midnight = timezone.localtime().replace(hour=1, minute=30) + timedelta(days=1)
    with patch("django.utils.timezone.now", return_value=after_midnight):
        page = Client().get("/schedule/?lang=de").content.decode()
    assert "Friday Deepstack" in page
    assert "Missed Monday" not in page
