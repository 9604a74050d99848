"""The desk pays a buy-in with a ticket; a player's page lists his tickets; the
director's pots (German and English)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from cashdesk.models import Pot, PotMovement, Ticket, TicketRoomSettings
from tests.cashdesk.conftest import signed_in
from tournament.models import Entry, Player, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german_catalogue")]


@pytest.fixture
def ticket(api) -> Ticket:
    target = api.post("/tournaments", {"name": "Main Event", "buy_in": "225", "fee": "25"}).json()
    player = Player.objects.create(name="Jörg Ruß")
    return Ticket.objects.create(
        number="T9-1",
        value=Decimal("250.00"),
        target_tournament_id=target["id"],
        holder=player,
    )


def test_the_desk_buys_a_player_in_with_his_ticket_in_german(desk_user, ticket):
    tid = ticket.target_tournament_id
    client = signed_in(desk_user, "de")
    page = client.get(f"/tournaments/{tid}/cash/tickets/?q=ruß")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Mit Ticket bezahlen" in text and "T9-1" in text and "Jörg Ruß" in text
    done = client.post(f"/tournaments/{tid}/cash/tickets/", {"ticket": ticket.pk}, follow=True)
    assert "Jörg Ruß ist eingekauft, bezahlt mit Ticket T9-1." in done.content.decode()
    assert Entry.objects.filter(tournament_id=tid, player=ticket.holder).count() == 1
    again = client.post(f"/tournaments/{tid}/cash/tickets/", {"ticket": ticket.pk}, follow=True)
    assert "bereits eingelöst" in again.content.decode()
    assert Entry.objects.filter(tournament_id=tid).count() == 1


def test_the_floor_has_no_ticket_page(floor_user, ticket):
    page = signed_in(floor_user).get(f"/tournaments/{ticket.target_tournament_id}/cash/tickets/")
    assert page.status_code == 403


def test_a_players_page_lists_his_tickets(director, ticket):
    page = signed_in(director).get(f"/players/{ticket.holder_id}/results/")
    assert page.status_code == 200, page.status_code
    text = page.content.decode()
    assert "T9-1" in text and "Main Event" in text and "Issued" in text


def test_the_director_moves_a_pot_into_the_season_final_in_english(director, api):
    final = api.post("/tournaments", {"name": "Season Final", "buy_in": "0"}).json()
    pot = Pot.objects.create(name="Season final")
    PotMovement.objects.create(pot=pot, amount=Decimal("300.00"), reason="Club night")
    client = signed_in(director)
    page = client.get(f"/tournaments/{final['id']}/cash/pots/")
    assert "Season final" in page.content.decode()
    moved = client.post(
        f"/tournaments/{final['id']}/cash/pots/",
        {"pot": pot.pk, "action": "move", "amount": "300"},
        follow=True,
    )
    assert "Moved into the prize pool of Season Final." in moved.content.decode()
    assert api.get(f"/tournaments/{final['id']}/payouts").json()["prize_pool"] == "300.00"
    too_much = client.post(
        f"/tournaments/{final['id']}/cash/pots/",
        {"pot": pot.pk, "action": "pay_out", "amount": "1", "reason": "x"},
        follow=True,
    )
    assert "The pot holds only 0.00." in too_much.content.decode()
    assert Tournament.objects.filter(pk=final["id"]).exists()


def test_the_director_fixes_the_prizes_of_a_finished_tournament_on_the_pots_page(director, api):
    t = api.post("/tournaments", {"name": "Club night", "buy_in": "100"}).json()
    for n in (1, 2):
        api.post(f"/tournaments/{t['id']}/entries", {"name": f"Player {n}"})
    body = {"amounts": ["150.00"], "kept_back_reason": "Jackpot"}
    assert api.put(f"/tournaments/{t['id']}/payouts", body).status_code == 200
    Tournament.objects.filter(pk=t["id"]).update(status="finished")
    client = signed_in(director, "de")
    assert "Preise feststellen" in client.get(f"/tournaments/{t['id']}/cash/pots/").content.decode()
    done = client.post(f"/tournaments/{t['id']}/cash/pots/", {"action": "fix"}, follow=True)
    text = done.content.decode()
    assert "Preise festgestellt: 0 Tickets ausgegeben." in text
    assert "Jackpot" in text and "Preise feststellen" not in text


def test_the_director_makes_a_tournament_a_satellite_on_its_page_in_german(director, api):
    target = api.post("/tournaments", {"name": "Main Event", "buy_in": "225", "fee": "25"}).json()
    sat = api.post("/tournaments", {"name": "Satellite", "buy_in": "50", "fee": "5"}).json()
    client = signed_in(director, "de")
    page = client.get(f"/tournaments/{sat['id']}/cash/satellite/")
    assert "Preise als Tickets ausgeben" in page.content.decode()
    done = client.post(
        f"/tournaments/{sat['id']}/cash/satellite/",
        {"target": target["id"], "ticket_value": "", "tickets": "2", "remainder": "next_place"},
        follow=True,
    )
    assert "Die Preise werden als Tickets ausgegeben." in done.content.decode()
    satellite = api.get(f"/tournaments/{sat['id']}/payouts").json()["satellite"]
    assert satellite["ticket_value"] == "250.00" and satellite["tickets"] == 2
    bad = client.post(
        f"/tournaments/{sat['id']}/cash/satellite/",
        {"target": target["id"], "ticket_value": "abc"},
        follow=True,
    )
    assert bad.status_code == 200 and "Betrag" in bad.content.decode()
    cleared = client.post(
        f"/tournaments/{sat['id']}/cash/satellite/", {"action": "clear"}, follow=True
    )
    assert "wieder bar" in cleared.content.decode()
    assert api.get(f"/tournaments/{sat['id']}/payouts").json()["satellite"] is None


def test_the_satellite_page_sets_cash_places_expiry_and_any_tournament(director, api):
    sat = api.post("/tournaments", {"name": "Satellite", "buy_in": "50", "fee": "5"}).json()
    client = signed_in(director, "de")
    url = f"/tournaments/{sat['id']}/cash/satellite/"
    page = client.get(url).content.decode()
    assert "Jedes Turnier bis zum Wert des Tickets" in page and "Tickets verfallen am" in page
    body = {"target": "", "ticket_value": "150", "tickets": "3", "remainder": "next_place"}
    done = client.post(url, {**body, "cash_places": "2, 3", "expires": "2027-03-31"}, follow=True)
    assert "Die Preise werden als Tickets ausgegeben." in done.content.decode()
    satellite = api.get(f"/tournaments/{sat['id']}/payouts").json()["satellite"]
    assert satellite["target_tournament"] is None and satellite["cash_places"] == [2, 3]
    assert satellite["expires"] == "2027-03-31" and satellite["ticket_value"] == "150.00"
    shown = client.get(url).content.decode()
    assert 'value="2, 3"' in shown and 'value="2027-03-31"' in shown
    wrong = client.post(url, {**body, "cash_places": "zwei"}, follow=True).content.decode()
    assert "Plätze als Zahlen" in wrong
    wrong = client.post(url, {**body, "expires": "31.13.2027"}, follow=True).content.decode()
    assert "Datum" in wrong


def test_the_director_sets_whether_tickets_leave_change(director, desk_user):
    sat = Tournament.objects.create(name="Satellite")
    url = f"/tournaments/{sat.pk}/cash/satellite/"
    client = signed_in(director, "de")
    done = client.post(url, {"action": "room", "ticket_change": "on"}, follow=True)
    assert "geben die Differenz jetzt bar heraus" in done.content.decode()
    assert TicketRoomSettings.current().ticket_change
    assert 'name="ticket_change" checked' in done.content.decode()
    client.post(url, {"action": "room"})
    assert not TicketRoomSettings.current().ticket_change
    refused = signed_in(desk_user, "de").post(url, {"action": "room", "ticket_change": "on"})
    assert refused.status_code == 403 and not TicketRoomSettings.current().ticket_change
