"""A form sent twice does its work once (README "Sent twice, done once"): each
registration, purchase, payment and pre-registration form carries a one-time key;
the same form sent again (double click, back button, reload) shows the first
result and changes nothing."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from cashdesk.models import LedgerRow
from prereg.models import PreRegistration
from tests.prereg.conftest import fresh_prereg_counts, listed_tournament  # noqa: F401
from tournament.models import Entry, Player

pytestmark = pytest.mark.django_db

KEY = re.compile(r'name="idempotency_key" value="([^"]+)"')


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def form_keys(page) -> list[str]:
    return KEY.findall(page.content.decode())


def test_the_desk_form_sent_twice_registers_and_charges_once(director, tournament):
    desk = signed_in(director)
    path = f"/tournaments/{tournament['id']}/desk/"
    key = form_keys(desk.get(path))[0]
    form = {"name": "Anna Keller", "payment_method": "cash", "idempotency_key": key}
    first = desk.post(path, form)
    again = desk.post(path, form, follow=True)
    assert first.status_code == 302
    assert again.redirect_chain[0] == (first["Location"], 302)
    assert "This form was sent already" in again.content.decode()
    assert Player.objects.filter(name="Anna Keller").count() == 1
    assert Entry.objects.filter(tournament_id=tournament["id"]).count() == 1
    assert LedgerRow.objects.filter(entry__tournament_id=tournament["id"]).count() == 1


def test_each_rendering_of_the_desk_page_carries_fresh_keys(director, tournament):
    desk = signed_in(director)
    path = f"/tournaments/{tournament['id']}/desk/"
    first, second = form_keys(desk.get(path)), form_keys(desk.get(path))
    assert first and second and not set(first) & set(second)
    form = {"name": "Anna Keller", "idempotency_key": first[0]}
    desk.post(path, form)
    desk.post(path, {"name": "Bernd Schulz", "idempotency_key": second[0]})
    assert Entry.objects.filter(tournament_id=tournament["id"]).count() == 2


def test_the_desk_form_sent_again_with_other_values_is_refused_and_says_so(director, tournament):
    desk = signed_in(director)
    path = f"/tournaments/{tournament['id']}/desk/"
    key = form_keys(desk.get(path))[0]
    desk.post(path, {"name": "Anna Keller", "idempotency_key": key})
    changed = desk.post(
        path, {"name": "Anna Kellner", "idempotency_key": key}, HTTP_ACCEPT_LANGUAGE="de"
    )
    assert changed.status_code == 422
    assert "Bereits gesendet" in changed.content.decode()
    assert Entry.objects.filter(tournament_id=tournament["id"]).count() == 1


def busted_at_the_desk(api, *, max_entries: int = 3) -> tuple[int, dict]:
    """A seated field of three at 50 + 5 whose Anna Keller has busted."""
    tid = api.post(
        "/tournaments",
        {"name": "Re", "max_entries": max_entries, "buy_in": "50", "fee": "5"},
    ).json()["id"]
    entries = [
        api.post(f"/tournaments/{tid}/entries", {"name": name}).json()
        for name in ("Anna Keller", "Bernd Schulz", "Clara Wagner")
    ]
    api.post(f"/tournaments/{tid}/tables", {"count": 1, "seats": 9})
    api.post(f"/tournaments/{tid}/draw")
    assert api.post(f"/entries/{entries[0]['id']}/bust", {}).status_code == 200
    return tid, entries[0]


def test_the_re_entry_form_sent_twice_re_enters_once(api, director):
    tid, anna = busted_at_the_desk(api)
    desk = signed_in(director)
    path = f"/tournaments/{tid}/desk/"
    page = desk.get(path).content.decode()
    re_entry = re.search(
        r'name="idempotency_key" value="([^"]+)"><input type="hidden" name="player"', page
    )
    assert re_entry
    form = {"player": anna["player"], "payment_method": "cash", "idempotency_key": re_entry[1]}
    desk.post(path, form)
    desk.post(path, form)
    assert Entry.objects.filter(tournament_id=tid, player_id=anna["player"]).count() == 2


def test_the_phone_pre_registration_sent_twice_holds_one_seat(api):
    tid = listed_tournament(api, capacity=10)["id"]
    phone = Client()
    key = form_keys(phone.get(f"/schedule/{tid}/?lang=de"))[0]
    form = {"name": "Anna Berg", "lang": "de", "idempotency_key": key}
    first = phone.post(f"/schedule/{tid}/?lang=de", form)
    again = phone.post(f"/schedule/{tid}/?lang=de", form)
    assert first.status_code == again.status_code == 302
    assert again["Location"] == first["Location"]
    assert PreRegistration.objects.filter(tournament_id=tid).count() == 1


def test_the_pre_registration_check_in_sent_twice_charges_once(api, director):
    tid = listed_tournament(api, capacity=10)["id"]
    Client().post(f"/schedule/{tid}/", {"name": "Anna Berg"})
    prereg = PreRegistration.objects.get(name="Anna Berg")
    desk = signed_in(director)
    page = desk.get(f"/tournaments/{tid}/pre-registrations/")
    key = form_keys(page)[0]
    path = f"/pre-registrations/{prereg.pk}/check-in/"
    form = {"payment_method": "cash", "idempotency_key": key}
    first, again = desk.post(path, form), desk.post(path, form)
    assert again["Location"] == first["Location"]
    assert Entry.objects.filter(tournament_id=tid).count() == 1
    assert LedgerRow.objects.filter(entry__tournament_id=tid).count() == 1


def german_desk(user) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(user)
    return client


def test_the_desk_search_offers_a_busted_player_his_re_entry_with_number_and_price(api, director):
    tid, _anna = busted_at_the_desk(api)
    desk = german_desk(director)
    found = desk.get(f"/tournaments/{tid}/desk/search/?q=keller").content.decode()
    assert "Re-Entry (2. Eintrag von 3) – 55\xa0€" in found
    assert ">Anmelden<" not in found
    live = desk.get(f"/tournaments/{tid}/desk/search/?q=schulz").content.decode()
    assert "bereits im Turnier" in live and "<form" not in live


def test_a_player_who_used_every_entry_is_offered_none(api, director):
    tid, _anna = busted_at_the_desk(api, max_entries=1)
    found = german_desk(director).get(f"/tournaments/{tid}/desk/search/?q=keller")
    assert "alle Einträge genutzt" in found.content.decode()
    assert "<form" not in found.content.decode()


def test_a_new_player_typed_with_a_name_already_in_the_tournament_is_warned_and_offered_the_re_entry(
    api, director
):
    tid, anna = busted_at_the_desk(api)
    desk = german_desk(director)
    path = f"/tournaments/{tid}/desk/"
    key = form_keys(desk.get(path))[0]
    warned = desk.post(path, {"name": "anna  KELLER", "idempotency_key": key})
    page = warned.content.decode()
    assert warned.status_code == 409
    assert "Ein Spieler namens anna  KELLER ist bereits in diesem Turnier" in page
    assert "Re-Entry (2. Eintrag von 3) – 55\xa0€" in page
    assert Player.objects.filter(search_key="anna keller").count() == 1
    assert Entry.objects.filter(tournament_id=tid).count() == 3

    # The desk meant another player of that name: confirmed, he is registered.
    confirmed = desk.post(
        path, {"name": "anna  KELLER", "idempotency_key": key, "same_name_confirmed": "1"}
    )
    assert confirmed.status_code == 302
    assert Player.objects.filter(search_key="anna keller").count() == 2


def test_a_new_player_typed_with_the_name_of_a_live_player_is_shown_in_the_tournament(
    api, director
):
    tid, _anna = busted_at_the_desk(api)
    desk = german_desk(director)
    warned = desk.post(f"/tournaments/{tid}/desk/", {"name": "Bernd Schulz"})
    page = warned.content.decode()
    assert warned.status_code == 409
    assert "bereits im Turnier" in page and "Tisch 1 / " in page
    assert Player.objects.filter(name="Bernd Schulz").count() == 1
