"""Numbers, money and percentages in the reader's locale (README "Screens")."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import translation

from tournament.templatetags.room_format import money, num, percent, public_money

NBSP = "\u00a0"


@pytest.mark.parametrize(
    ("language", "chips", "stake", "prize", "share", "franc"),
    [
        (
            "de",
            "20.000",
            "1.250" + NBSP + "€",
            "1.250,50" + NBSP + "€",
            "9,5" + NBSP + "%",
            "1.250" + NBSP + "CHF",
        ),
        ("en", "20,000", "€1,250.00", "€1,250.50", "9.5%", "CHF" + NBSP + "1,250.00"),
    ],
)
def test_each_language_writes_numbers_its_own_way(language, chips, stake, prize, share, franc):
    with translation.override(language):
        assert num(20000) == chips
        assert money(Decimal("1250.00"), "EUR") == stake
        assert money(Decimal("1250.5"), "EUR") == prize
        assert percent(Decimal("9.50")) == share
        assert money(1250, "CHF") == franc
        assert num(None) == "" and money("") == ""


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "stack", "buy_in", "pool"),
    [
        ("de", "20.000", "1.000\u00a0€ + 50\u00a0€", "3.000\u00a0€"),
        ("en", "20,000", "€1,000.00 + €50.00", "€3,000.00"),
    ],
)
def test_the_pages_show_numbers_and_money_in_the_readers_locale(
    api, director, language, stack, buy_in, pool
):
    from django.test import Client

    tournament = api.post(
        "/tournaments", {"name": "Big", "buy_in": "1000", "fee": "50", "currency": "EUR"}
    ).json()
    assert tournament["currency"] == "EUR"
    for name in ("Anna", "Bert", "Cleo"):
        api.post(f"/tournaments/{tournament['id']}/entries", {"name": name})
    client = Client()
    client.force_login(director)
    client.cookies["django_language"] = language
    detail = client.get(f"/tournaments/{tournament['id']}/").content.decode()
    assert f"<strong>{stack}</strong>" in detail  # the average stack
    assert buy_in in detail
    payouts = client.get(f"/tournaments/{tournament['id']}/payouts/").content.decode()
    assert pool in payouts


@pytest.mark.django_db
def test_a_swiss_tournament_pays_in_francs(api, director):
    tournament = api.post("/tournaments", {"name": "Zürich", "currency": "CHF"}).json()
    assert api.patch(f"/tournaments/{tournament['id']}", {"currency": "XYZ"}).status_code == 422
    assert api.get(f"/tournaments/{tournament['id']}").json()["currency"] == "CHF"


@pytest.mark.parametrize(
    ("language", "whole", "cents"),
    [("de", f"2.600{NBSP}€", f"37,50{NBSP}€"), ("en", "€2,600", "€37.50")],
)
def test_public_screens_write_money_with_its_currency_and_whole_amounts_without_cents(
    language, whole, cents
):
    with translation.override(language):
        assert public_money(Decimal("2600.00"), "EUR") == whole
        assert public_money("37.5", "EUR") == cents
