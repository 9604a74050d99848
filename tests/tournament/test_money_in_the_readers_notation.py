"""Money typed and shown in forms as the reader writes it (README "Places, re-entries and moves": "2500.00" and a
rounding of "0.01" on German pages)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

import pytest
from django.utils import translation

from tests.tournament.test_pages import signed_in
from tournament.models import PayoutSettings, Tournament
from tournament.web.local_numbers import parse_amount


@pytest.mark.parametrize(
    ("language", "typed", "amount"),
    [
        ("de", "2.500,00", "2500.00"),
        ("de", "2500,00", "2500.00"),
        ("de", "2.500", "2500"),
        ("de", "2500", "2500"),
        ("de", "0,01", "0.01"),
        ("de", "2500.00", "2500.00"),  # a dot before two digits cannot group thousands
        ("de", "1.250.000,5", "1250000.5"),
        ("de", " 40 € ", "40"),
        ("en", "2,500.00", "2500.00"),
        ("en", "2500.00", "2500.00"),
        ("en", "0.01", "0.01"),
        ("en", "€2,500", "2500"),
    ],
)
def test_an_amount_is_read_as_the_reader_writes_it(language, typed, amount):
    with translation.override(language):
        assert parse_amount(typed) == Decimal(amount)


@pytest.mark.parametrize("typed", ["2.50.0,00", "zwei", "1,2,3", ",", "2.5000,00"])
def test_an_amount_that_is_no_amount_is_refused(typed):
    with translation.override("de"), pytest.raises(InvalidOperation):
        parse_amount(typed)


TOURNAMENT_FORM = {
    "name": "Donnerstag",
    "table_size": 9,
    "starting_stack": 20000,
    "rulebook": "tda2019",
    "late_registration_levels": 6,
    "max_entries": 1,
    "display_names": "nickname",
}


def test_the_german_tournament_form_takes_and_shows_a_buy_in_of_2_500_euros(director):
    client = signed_in(director, "de")
    response = client.post(
        "/tournaments/new/",
        {**TOURNAMENT_FORM, "buy_in": "2.500,00", "fee": "250,00", "starting_stack": "25.000"},
    )
    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert (tournament.buy_in, tournament.fee) == (Decimal(2500), Decimal(250))
    assert tournament.starting_stack == 25000
    page = client.get(f"/tournaments/{tournament.pk}/edit/").content.decode()
    assert 'name="buy_in" value="2.500,00"' in page
    assert 'name="starting_stack" value="25.000"' in page
    assert 'inputmode="decimal"' in page
    assert 'value="2500.00"' not in page


def test_the_english_tournament_form_shows_the_buy_in_in_english(director):
    client = signed_in(director, "en")
    client.post("/tournaments/new/", {**TOURNAMENT_FORM, "buy_in": "2,500.00", "fee": "0"})
    tournament = Tournament.objects.get()
    assert tournament.buy_in == Decimal(2500)
    page = client.get(f"/tournaments/{tournament.pk}/edit/").content.decode()
    assert 'name="buy_in" value="2,500.00"' in page


def test_the_german_payouts_page_shows_and_takes_amounts_in_german(director, tournament):
    client = signed_in(director, "de")
    tid = tournament["id"]
    page = client.get(f"/tournaments/{tid}/payouts/").content.decode()
    assert '<option value="0.01">0,01</option>' in page
    assert ">0.01<" not in page

    client.post(
        f"/tournaments/{tid}/payouts/structure/",
        {
            "use_template": "on",
            "rounding": "1",
            "rounding_mode": "down",
            "guarantee": "2.500,00",
        },
    )
    client.post(f"/tournaments/{tid}/payouts/additions/", {"amount": "2500,00", "note": ""})
    settings = PayoutSettings.objects.get(tournament_id=tid)
    assert settings.guarantee == Decimal(2500)
    page = client.get(f"/tournaments/{tid}/payouts/").content.decode()
    assert 'name="guarantee" value="2.500,00"' in page
    assert 'name="rebuy_price" value="0,00"' in page
    assert "2.500\u00a0€" in page  # the addition, in the list beside its form
