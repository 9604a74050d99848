"""The two personal pages lead to each other, every entry can get a phone link, the
registration desk follows the waiting list's order, and today's pre-registrations
on one page (README "Pre-registration and the schedule", "The player's page")."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client

from prereg.models import EntryLink, PreRegistration
from prereg.services.walk_ins import walk_in_register
from tests.prereg.conftest import listed_tournament, today_late
from tournament.errors import Conflict
from tournament.models import ActionLog, Entry


def _desk(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _pre_register(tid: int, name: str) -> PreRegistration:
    sent = Client().post(f"/schedule/{tid}/", {"name": name})
    assert sent.status_code == 302, sent.content.decode()[:2000]
    return PreRegistration.objects.get(tournament_id=tid, name=name)


def _kinds(tid: int) -> list[str]:
    return list(ActionLog.objects.filter(tournament_id=tid).values_list("kind", flat=True))


def test_the_pre_registration_page_and_my_page_lead_to_each_other(api, desk_user):
    tid = listed_tournament(api)["id"]
    anna = _pre_register(tid, "Anna Berg")
    personal = Client().get(f"/pre-registration/{anna.token}/?lang=en").content.decode()
    assert f"/me/{anna.token}" in personal and "My page" in personal
    mine = Client().get(f"/me/{anna.token}?lang=en").content.decode()
    assert f"/pre-registration/{anna.token}/" in mine and "My pre-registration" in mine

    _desk(desk_user).post(f"/pre-registrations/{anna.pk}/check-in/")
    # Checked in: one page only, his live page; the old link leads there.
    again = Client().get(f"/pre-registration/{anna.token}/?lang=de")
    assert again.status_code == 302 and again["Location"] == f"/me/{anna.token}?lang=de"
    mine = Client().get(f"/me/{anna.token}?lang=en").content.decode()
    assert f"/pre-registration/{anna.token}/" not in mine


def test_the_desk_hands_a_walk_in_a_phone_link_and_revokes_it(api, desk_user):
    tid = api.post("/tournaments", {"name": "Thursday Turbo"}).json()["id"]
    desk = _desk(desk_user)
    assert desk.post(f"/tournaments/{tid}/desk/", {"name": "Walter Walk"}).status_code == 302
    entry = Entry.objects.get(tournament_id=tid, player__name="Walter Walk")
    assert (
        f"/entries/{entry.pk}/phone-link/" in desk.get(f"/tournaments/{tid}/desk/").content.decode()
    )
    before = desk.get(f"/entries/{entry.pk}/phone-link/").content.decode()
    assert "Make a phone link" in before and "<svg" not in before
    assert "<svg" not in desk.get(f"/entries/{entry.pk}/card/").content.decode()

    assert desk.post(f"/entries/{entry.pk}/phone-link/new/").status_code == 302
    link = EntryLink.objects.get(entry=entry)
    card = desk.get(f"/entries/{entry.pk}/phone-link/").content.decode()
    assert f"/me/{link.token}" in card and "<svg" in card
    # The seat card printed for him now carries it too.
    assert f"/me/{link.token}" not in desk.get(f"/entries/{entry.pk}/card/").content.decode()
    assert "<svg" in desk.get(f"/entries/{entry.pk}/card/").content.decode()
    # Asking again hands the same link, not a second one.
    desk.post(f"/entries/{entry.pk}/phone-link/new/")
    assert EntryLink.objects.filter(entry=entry).count() == 1

    data = Client().get(f"/api/v1/me/{link.token}").json()
    assert data["name"].startswith("Walter") and data["entry"] == entry.pk
    page = Client().get(f"/me/{link.token}?lang=en")
    assert page.status_code == 200 and data["name"] in page.content.decode()
    assert "/pre-registration/" not in page.content.decode()

    assert desk.post(f"/entries/{entry.pk}/phone-link/revoke/").status_code == 302
    assert Client().get(f"/me/{link.token}").status_code == 404
    assert Client().get(f"/api/v1/me/{link.token}").status_code == 404
    assert "phone_link_made" in _kinds(tid) and "phone_link_revoked" in _kinds(tid)


def test_a_checked_in_player_keeps_his_own_link_as_phone_link(api, desk_user):
    tid = listed_tournament(api)["id"]
    anna = _pre_register(tid, "Anna Berg")
    desk = _desk(desk_user)
    desk.post(f"/pre-registrations/{anna.pk}/check-in/")
    anna.refresh_from_db()
    desk.post(f"/entries/{anna.entry_id}/phone-link/new/")
    card = desk.get(f"/entries/{anna.entry_id}/phone-link/").content.decode()
    assert f"/me/{anna.token}" in card and not EntryLink.objects.exists()


def test_walk_ins_follow_the_waiting_list_order(api, desk_user):
    tid = listed_tournament(api, capacity=2)["id"]
    for name in ("Anna Berg", "Ben Cohn", "Cleo Dahl"):
        _pre_register(tid, name)
    cleo = PreRegistration.objects.get(name="Cleo Dahl")
    assert cleo.status == "waiting"
    desk = _desk(desk_user)
    page = desk.get(f"/tournaments/{tid}/desk/?lang=en").content.decode()
    assert "Next in line" in page and "Cleo Dahl" in page and cleo.code in page

    asked = desk.post(f"/tournaments/{tid}/desk/", {"name": "Walter Walk"})
    body = asked.content.decode()
    assert asked.status_code == 409 and "waiting ahead of this player" in body
    assert 'value="Walter Walk"' in body and "Register ahead of the waiting list" in body
    assert not Entry.objects.filter(tournament_id=tid).exists()

    sent = desk.post(f"/tournaments/{tid}/desk/", {"name": "Walter Walk", "ahead_confirmed": "1"})
    assert sent.status_code == 302
    walter = Entry.objects.get(tournament_id=tid, player__name="Walter Walk")
    logged = ActionLog.objects.get(tournament_id=tid, kind="walk_in_ahead_of_waiting_list")
    assert logged.data["entry"] == walter.pk and logged.data["waiting_list"] == [cleo.pk]

    desk.post(f"/tournaments/{tid}/desk/", {"name": "Xaver Yilmaz", "to_waiting_list": "1"})
    xaver = PreRegistration.objects.get(name="Xaver Yilmaz")
    assert (xaver.status, xaver.position) == ("waiting", 2)
    assert not Entry.objects.filter(player__name="Xaver Yilmaz").exists()
    order = ActionLog.objects.filter(tournament_id=tid, kind="waiting_list").order_by("id").last()
    assert order.data["order"] == [cleo.pk, xaver.pk]


def test_the_service_refuses_a_walk_in_ahead_of_the_list_unconfirmed(api, desk_user):
    tid = listed_tournament(api, capacity=1)["id"]
    _pre_register(tid, "Anna Berg")
    _pre_register(tid, "Ben Cohn")
    with pytest.raises(Conflict):
        walk_in_register(tournament_id=tid, by=desk_user, name="Walter Walk")
    assert not Entry.objects.filter(tournament_id=tid).exists()


def test_without_a_waiting_list_the_desk_registers_as_before(api, desk_user):
    tid = listed_tournament(api, capacity=5)["id"]
    _pre_register(tid, "Anna Berg")
    desk = _desk(desk_user)
    assert "Next in line" not in desk.get(f"/tournaments/{tid}/desk/?lang=en").content.decode()
    assert desk.post(f"/tournaments/{tid}/desk/", {"name": "Walter Walk"}).status_code == 302
    assert "walk_in_ahead_of_waiting_list" not in _kinds(tid)


def test_the_desk_sees_todays_pre_registrations_of_all_tournaments(api, desk_user):
    late = today_late()
    ids = []
    for name, starts in (
        ("Early Bird", late),
        ("Night Owl", late),
        ("Next Day", late + timedelta(days=1)),
    ):
        made = listed_tournament(api, name=name)
        api.patch(
            f"/tournaments/{made['id']}",
            {"starts_at": starts.isoformat(), "pre_registration": {"check_in_deadline_minutes": 0}},
        )
        ids.append(made["id"])
    anna = _pre_register(ids[0], "Anna Berg")
    _pre_register(ids[1], "Ben Cohn")
    _pre_register(ids[2], "Cleo Dahl")
    desk = _desk(desk_user)
    assert "/pre-registrations/today/" in desk.get("/").content.decode()
    page = desk.get("/pre-registrations/today/?lang=en").content.decode()
    assert "Early Bird" in page and "Night Owl" in page and "Next Day" not in page
    assert "Anna Berg" in page and "Ben Cohn" in page and "Cleo Dahl" not in page

    found = desk.get(f"/pre-registrations/today/?q={anna.code}").content.decode()
    assert "Anna Berg" in found and "Ben Cohn" not in found and "Night Owl" not in found
    assert "Ben Cohn" in desk.get("/pre-registrations/today/?q=cohn").content.decode()

    done = desk.post(f"/pre-registrations/{anna.pk}/check-in/", {"back": "today"})
    assert done.status_code == 302 and done["Location"] == "/pre-registrations/today/"
    anna.refresh_from_db()
    assert anna.status == "checked_in"
    assert Client().get("/pre-registrations/today/").status_code in (302, 403)


def test_the_api_hands_revokes_phone_links_and_lists_today(api):
    tid = api.post("/tournaments", {"name": "Thursday Turbo"}).json()["id"]
    entry = api.post(f"/tournaments/{tid}/entries", {"name": "Walter Walk"}).json()["id"]
    made = api.post(f"/entries/{entry}/phone-link")
    assert made.status_code == 200, made.content
    link = made.json()
    assert link["entry"] == entry and link["url"].endswith(f"/me/{link['token']}")
    assert api.post(f"/entries/{entry}/phone-link").json()["token"] == link["token"]
    assert Client().get(f"/api/v1/me/{link['token']}").status_code == 200
    assert api.post(f"/entries/{entry}/phone-link/revoke").json() == {"entry": entry, "revoked": 1}
    assert Client().get(f"/api/v1/me/{link['token']}").status_code == 404
    assert api.post("/entries/999999/phone-link").status_code == 404
    assert Client().post(f"/api/v1/entries/{entry}/phone-link").status_code in (401, 403)

    today = listed_tournament(api, name="Early Bird")["id"]
    api.patch(
        f"/tournaments/{today}",
        {
            "starts_at": today_late().isoformat(),
            "pre_registration": {"check_in_deadline_minutes": 0},
        },
    )
    anna = _pre_register(today, "Anna Berg")
    rows = api.get(f"/today/pre-registrations?q={anna.code}").json()
    assert [r["name"] for r in rows] == ["Early Bird"]
    assert [p["name"] for p in rows[0]["pre_registrations"]] == ["Anna Berg"]
    assert api.get("/today/pre-registrations?q=nobody").json() == []


def test_the_desk_reads_the_waiting_list_and_the_phone_link_in_german(api, desk_user):
    tid = listed_tournament(api, capacity=1)["id"]
    _pre_register(tid, "Anna Berg")
    _pre_register(tid, "Ben Cohn")
    desk = _desk(desk_user)
    desk.cookies["django_language"] = "de"
    page = desk.get(f"/tournaments/{tid}/desk/").content.decode()
    assert "Als Nächstes an der Reihe: die Warteliste" in page
    asked = desk.post(f"/tournaments/{tid}/desk/", {"name": "Walter Walk"}).content.decode()
    assert "1 vorangemeldeter Spieler wartet vor diesem Spieler." in asked
    assert "Vor der Warteliste registrieren" in asked and "Ans Ende der Warteliste setzen" in asked
    desk.post(f"/tournaments/{tid}/desk/", {"name": "Walter Walk", "ahead_confirmed": "1"})
    entry = Entry.objects.get(player__name="Walter Walk")
    assert "Handy-Link" in desk.get(f"/tournaments/{tid}/entries/").content.decode()
    assert "Handy-Link erstellen" in desk.get(f"/entries/{entry.pk}/phone-link/").content.decode()
    assert "Ihr Code für Ihre Seite" in desk.get(f"/entries/{entry.pk}/card/").content.decode()
    put = {"name": "Xaver Yilmaz", "to_waiting_list": "1"}
    shown = desk.post(f"/tournaments/{tid}/desk/", put, follow=True).content.decode()
    assert "Nummer 2 auf der Warteliste" in shown and "Zurück zur Anmeldung" in shown
    assert "Voranmeldungen heute" in desk.get("/").content.decode()
    ben = PreRegistration.objects.get(name="Ben Cohn")
    mine = Client().get(f"/me/{ben.token}?lang=de").content.decode()
    assert "Meine Voranmeldung: Code für die Anmeldung, absagen" in mine
    personal = Client().get(f"/pre-registration/{ben.token}/?lang=de").content.decode()
    assert "Meine Seite" in personal


def test_an_api_registration_past_the_waiting_list_is_logged(api):
    tid = listed_tournament(api, capacity=1)["id"]
    _pre_register(tid, "Anna Berg")
    ben = _pre_register(tid, "Ben Cohn")
    made = api.post(f"/tournaments/{tid}/entries", {"name": "Walter Walk"})
    assert made.status_code == 201
    logged = ActionLog.objects.get(tournament_id=tid, kind="walk_in_ahead_of_waiting_list")
    assert logged.data["entry"] == made.json()["id"] and logged.data["waiting_list"] == [ben.pk]


def test_a_walk_in_put_on_the_waiting_list_gets_his_own_page_and_sees_himself_move_up(
    api, desk_user
):
    tid = listed_tournament(api, capacity=2)["id"]
    anna, ben, _cleo = (_pre_register(tid, n) for n in ("Anna Berg", "Ben Cohn", "Cleo Dahl"))
    desk = _desk(desk_user)
    put = {"name": "Xaver Yilmaz", "to_waiting_list": "1"}
    shown = desk.post(f"/tournaments/{tid}/desk/", put, follow=True).content.decode()
    xaver = PreRegistration.objects.get(name="Xaver Yilmaz")
    # The desk shows his own page's QR code at once, and beside him in Next in line.
    assert f"/pre-registration/{xaver.token}/" in shown and "<svg" in shown
    assert "Number 2 on the waiting list" in shown and xaver.code in shown
    registration = desk.get(f"/tournaments/{tid}/desk/").content.decode()
    assert f"/pre-registrations/{xaver.pk}/phone-link/" in registration

    mine = f"/pre-registration/{xaver.token}/?lang=en"
    assert "Waiting list: number 2" in Client().get(mine).content.decode()
    Client().post(f"/pre-registration/{anna.token}/cancel/")
    assert "Waiting list: number 1" in Client().get(mine).content.decode()
    Client().post(f"/pre-registration/{ben.token}/cancel/?lang=de")
    page = Client().get(f"/pre-registration/{xaver.token}/?lang=de").content.decode()
    assert "Sie sind von der Warteliste nachgerückt" in page
