"""Buy-in options on the pages: the director defines them, the desk sells them."""

from __future__ import annotations

import pytest
from django.test import Client

from tournament.models import Entry, Player, Tournament

pytestmark = pytest.mark.django_db

FORM = {
    "name": "Donnerstag",
    "table_size": 9,
    "starting_stack": 20000,
    "buy_in": "50",
    "fee": "5",
    "rulebook": "tda2019",
    "late_registration_levels": 6,
    "max_entries": 3,
    "display_names": "nickname",
}


def signed_in(user, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def test_the_director_defines_buy_in_options_in_german(director):
    client = signed_in(director, "de")
    options = "Early Bird; 40; 0; 25.000\nStandard; 50; 5; 20000\nRe-Entry; 37,50; 2,50; 15000"
    assert client.post("/tournaments/new/", {**FORM, "buy_in_options": options}).status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.buy_ins == [
        {"name": "Early Bird", "price": "40.00", "fee": "0.00", "chips": 25000},
        {"name": "Standard", "price": "50.00", "fee": "5.00", "chips": 20000},
        {"name": "Re-Entry", "price": "37.50", "fee": "2.50", "chips": 15000},
    ]
    page = client.get(f"/tournaments/{tournament.pk}/edit/").content.decode()
    assert "Buy-in-Optionen" in page
    assert "Re-Entry; 37,50; 2,50; 15000" in page


def test_a_badly_written_option_says_which_line(director):
    client = signed_in(director)
    bad = client.post("/tournaments/new/", {**FORM, "buy_in_options": "Early; 40; 25000"})
    assert bad.status_code == 400
    assert "Line 1" in bad.content.decode()
    assert not Tournament.objects.exists()


def test_the_desk_sells_the_option_the_cashier_picks(desk_user, api):
    body = {
        "name": "Club night",
        "buy_ins": [
            {"name": "Early bird", "price": "40", "fee": "0", "chips": 25000},
            {"name": "Rake free", "price": "50", "fee": "0", "chips": 20000},
        ],
    }
    tid = api.post("/tournaments", body).json()["id"]
    client = signed_in(desk_user)
    desk = client.get(f"/tournaments/{tid}/desk/").content.decode()
    assert '<select name="buy_in">' in desk
    assert desk.index("Early bird") < desk.index("Rake free")
    client.post(f"/tournaments/{tid}/desk/", {"name": "Jürgen Groß"})
    client.post(f"/tournaments/{tid}/desk/", {"name": "Björn Ødegård", "buy_in": "Rake free"})
    paid = dict(Entry.objects.filter(tournament_id=tid).values_list("player__name", "buy_in_name"))
    assert paid == {"Jürgen Groß": "Early bird", "Björn Ødegård": "Rake free"}
    assert api.get(f"/tournaments/{tid}/payouts").json()["prize_pool"] == "90.00"
    Player.objects.create(name="Dragan Đorđević")
    found = client.get(f"/tournaments/{tid}/desk/search/?q=Dragan").content.decode()
    assert 'name="buy_in"' in found


def test_a_desk_with_one_buy_in_shows_no_choice(desk_user, tournament):
    desk = signed_in(desk_user).get(f"/tournaments/{tournament['id']}/desk/").content.decode()
    assert 'name="buy_in"' not in desk


def test_the_seat_card_and_the_payouts_page_show_what_was_bought(director, api):
    body = {
        "name": "Club night",
        "buy_ins": [
            {"name": "Early bird", "price": "40", "fee": "0", "chips": 25000},
            {"name": "Rake free", "price": "50", "fee": "0", "chips": 20000},
        ],
    }
    tid = api.post("/tournaments", body).json()["id"]
    early = api.post(f"/tournaments/{tid}/entries", {"name": "Anna Keller"}).json()
    api.post(f"/tournaments/{tid}/entries", {"name": "Bernd Schulz", "buy_in": "Rake free"})
    api.post(f"/tournaments/{tid}/entries", {"name": "Clara Wolf", "buy_in": "Rake free"})
    client = signed_in(director, "de")
    card = client.get(f"/entries/{early['id']}/card/").content.decode()
    assert "Startstack 25.000" in card
    page = client.get(f"/tournaments/{tid}/payouts/").content.decode()
    sold = page[page.index('id="buy-ins-sold"') :]
    assert sold.index("Early bird") < sold.index("Rake free")
    assert "<td>Rake free</td><td>50\u00a0€</td><td>20.000</td><td>2</td>" in sold
    detail = client.get(f"/tournaments/{tid}/").content.decode()
    assert "Early bird" in detail and "Rake free" in detail


@pytest.mark.parametrize(
    "line",
    [
        "Early; 40; 25000",
        "; 40; 0; 25000",
        "Early; 1e30; 0; 25000",
        "Early; 100000000; 0; 25000",
        "Early; 40,001; 0; 25000",
        "Early; 40; 0; 0",
        "Early; 40; 0; 2500,5",
        "Early; 40; 0; 99999999999",
    ],
)
def test_each_bad_option_line_is_refused_beside_the_field(director, line):
    bad = signed_in(director, "de").post("/tournaments/new/", {**FORM, "buy_in_options": line})
    assert bad.status_code == 400
    assert "Zeile 1" in bad.content.decode()
