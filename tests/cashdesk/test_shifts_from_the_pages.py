"""The cash desk run from its pages (README "Cash desk"): a director keeps the
cash boxes on the shift page, cash is taken only in an open shift (unless the
room chose "no shifts"), and the room's settings page and API say which."""

from __future__ import annotations

from decimal import Decimal

import pytest

from cashdesk.models import CashBox, LedgerRow, Shift
from tests.cashdesk.conftest import signed_in
from tests.conftest import ApiClient, open_a_shift
from tournament.api.auth import issue_token
from tournament.models import Entry
from tournament.models_room import RoomSettings

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german_catalogue")]


def _shift_url(tournament: dict) -> str:
    return f"/tournaments/{tournament['id']}/cash/shift/"


def _api_of(user, language: str = "en") -> ApiClient:
    client = ApiClient(issue_token(user))
    client.headers["HTTP_ACCEPT_LANGUAGE"] = language
    return client


def test_a_director_adds_renames_and_retires_a_cash_box_on_the_shift_page(director, tournament):
    page = signed_in(director, "de")
    url = _shift_url(tournament)
    added = page.post(url, {"action": "box_create", "name": "  Kasse  Bar "}, follow=True)
    assert "Kassenlade Kasse Bar angelegt." in added.content.decode()
    box = CashBox.objects.get(name="Kasse Bar")
    page.post(url, {"action": "box_rename", "box": box.pk, "name": "Kasse Eingang"})
    box.refresh_from_db()
    assert box.name == "Kasse Eingang"
    retired = page.post(url, {"action": "box_retire", "box": box.pk}, follow=True)
    assert "Kassenlade Kasse Eingang ist außer Betrieb." in retired.content.decode()
    box.refresh_from_db()
    assert not box.active
    page.post(url, {"action": "box_retire", "box": box.pk, "active": "1"})
    box.refresh_from_db()
    assert box.active
    in_english = signed_in(director, "en").get(url).content.decode()
    assert "Cash boxes" in in_english and "Add the cash box" in in_english


def test_the_desk_may_not_keep_the_cash_boxes(desk_user, tournament):
    page = signed_in(desk_user, "de")
    answer = page.post(
        _shift_url(tournament), {"action": "box_create", "name": "Meine"}, follow=True
    )
    assert "Nur die Turnierleitung verwaltet die Kassenladen." in answer.content.decode()
    assert not CashBox.objects.filter(name="Meine").exists()
    assert "Neue Kassenlade" not in page.get(_shift_url(tournament)).content.decode()


def test_a_cash_box_with_an_open_shift_is_not_retired(api, desk_user):
    box = Shift.objects.get(cashier=desk_user).box
    answer = api.patch(f"/cash-boxes/{box.pk}", {"active": False})
    assert answer.status_code == 409
    assert api.patch(f"/cash-boxes/{box.pk}", {"name": "Kasse Dana"}).json()["name"] == "Kasse Dana"


def test_a_new_cashier_opens_his_shift_on_a_box_the_director_added_on_the_page(
    director, new_cashier, tournament
):
    signed_in(director).post(_shift_url(tournament), {"action": "box_create", "name": "Kasse 2"})
    page = signed_in(new_cashier, "de")
    shown = page.get(_shift_url(tournament)).content.decode()
    assert "Kasse 2" in shown and "im Admin" not in shown
    box = CashBox.objects.get(name="Kasse 2")
    page.post(_shift_url(tournament), {"action": "open", "box": box.pk, "float": "100"})
    assert Shift.objects.get(cashier=new_cashier, closed_at__isnull=True).box == box


def test_cash_without_an_open_shift_is_refused_with_a_409_that_says_to_open_one(
    new_cashier, tournament
):
    desk = _api_of(new_cashier, "de")
    tid = tournament["id"]
    answer = desk.post(f"/tournaments/{tid}/entries", {"name": "Bernd Bar"})
    assert answer.status_code == 409
    assert "Schicht" in answer.json()["detail"]
    assert not Entry.objects.filter(player__name="Bernd Bar").exists()
    assert not LedgerRow.objects.exists()
    card = desk.post(
        f"/tournaments/{tid}/entries", {"name": "Clara Karte", "payment": {"method": "card"}}
    )
    assert card.status_code == 201, card.content
    open_a_shift(new_cashier)
    assert desk.post(f"/tournaments/{tid}/entries", {"name": "Bernd Bar"}).status_code == 201
    assert LedgerRow.objects.get(entry__player__name="Bernd Bar").shift is not None


def test_the_desk_page_refuses_cash_without_a_shift_and_links_to_the_shift_page(
    new_cashier, tournament
):
    page = signed_in(new_cashier, "de")
    form = page.get(f"/tournaments/{tournament['id']}/desk/").content.decode()
    assert "Bargeld nur mit Ihrer offenen Schicht." in form
    answer = page.post(
        f"/tournaments/{tournament['id']}/desk/",
        {"name": "Ärne Öberg", "payment_method": "cash"},
        follow=True,
    )
    shown = answer.content.decode()
    assert "Bargeld wird in einer offenen Schicht angenommen" in shown
    assert f'href="{_shift_url(tournament)}">Schicht eröffnen</a>' in shown
    assert not Entry.objects.filter(player__name="Ärne Öberg").exists()


def test_the_desk_page_says_nothing_of_shifts_to_a_cashier_whose_shift_is_open(
    desk_user, tournament
):
    form = signed_in(desk_user, "de").get(f"/tournaments/{tournament['id']}/desk/")
    assert "Bargeld nur mit Ihrer offenen Schicht." not in form.content.decode()


def test_a_room_that_chose_no_shifts_takes_cash_without_one(director, new_cashier, tournament):
    settings_page = signed_in(director, "de")
    form = settings_page.get("/room/").content.decode()
    assert 'name="cash_shifts"' in form
    room = RoomSettings.current()
    settings_page.post(
        "/room/",
        {"name": "Casino", "retention_months": room.retention_months, "public_schedule": "on"},
    )
    assert RoomSettings.current().cash_shifts is False
    desk = _api_of(new_cashier)
    answer = desk.post(f"/tournaments/{tournament['id']}/entries", {"name": "Olga Ohne"})
    assert answer.status_code == 201, answer.content
    assert LedgerRow.objects.get(entry_id=answer.json()["id"]).shift is None


def test_the_room_api_says_and_sets_whether_cash_needs_a_shift(api):
    assert api.get("/room").json()["cash_shifts"] is True
    assert api.patch("/room", {"cash_shifts": False}).json()["cash_shifts"] is False
    assert RoomSettings.current().cash_shifts is False


def test_the_shift_page_counts_the_cash_and_lists_card_vouchers_and_comps_apart(
    desk_user, desk_api, tournament
):
    tid = tournament["id"]
    for name, payment in [
        ("Anna Bar", {"method": "cash"}),
        ("Bea Karte", {"method": "card"}),
        ("Cem Gutschein", {"method": "voucher", "reference": "G-123"}),
        ("Dirk Haus", {"method": "comp"}),
    ]:
        answer = desk_api.post(f"/tournaments/{tid}/entries", {"name": name, "payment": payment})
        assert answer.status_code == 201, answer.content
    shown = signed_in(desk_user, "de").get(_shift_url(tournament)).content.decode()
    expected = shown.split('class="expected"')[1].split("</dd>")[0]
    assert "55\xa0€" in expected  # the float 0 + one cash buy-in
    apart = shown.split('id="shift-apart"')[1].split("</dl>")[0]
    assert "Karte" in apart and "Gutschein" in apart and "Aufs Haus" in apart
    assert "G-123" in shown
    shift = Shift.objects.get(cashier=desk_user)
    closed = desk_api.post(f"/shifts/{shift.pk}/close", {"counted": "55"}).json()
    assert (closed["expected"], closed["difference"]) == ("55.00", "0.00")


def test_the_director_closes_a_cashiers_shift_and_sees_the_difference(
    director, new_cashier, tournament
):
    shift = open_a_shift(new_cashier, "100")
    page = signed_in(director, "de")
    answer = page.post(
        _shift_url(tournament),
        {"action": "close", "shift": shift.pk, "counted": "95"},
        follow=True,
    )
    assert "Soll 100\xa0€, gezählt 95\xa0€, Differenz -5\xa0€" in answer.content.decode()
    shift.refresh_from_db()
    assert shift.difference == Decimal("-5")
