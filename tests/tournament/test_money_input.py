from decimal import Decimal, InvalidOperation

import pytest
from django.utils import translation

from tournament.web.money_input import parse_amounts, parse_money


@pytest.mark.parametrize(
    ("language", "typed", "amount"),
    [
        ("de", "2.200,00", "2200.00"),
        ("de", "2.200", "2200"),
        ("de", "2200,5", "2200.5"),
        ("de", "2200.50", "2200.50"),
        ("de", "1.000.000", "1000000"),
        ("de", "1.400 €", "1400"),
        ("en", "2,200.00", "2200.00"),
        ("en", "2,200", "2200"),
        ("en", "€2200.50", "2200.50"),
        ("en", "12,5", "12.5"),
    ],
)
def test_money_is_read_in_the_readers_notation(language, typed, amount):
    with translation.override(language):
        assert parse_money(typed) == Decimal(amount)


@pytest.mark.parametrize("typed", ["zwei", "-5", "1,2,3", "1.2.3,4.5"])
def test_what_is_no_amount_is_refused(typed):
    with translation.override("de"), pytest.raises(InvalidOperation):
        parse_money(typed)


def test_amounts_come_one_per_line_or_separated_by_spaces():
    with translation.override("de"):
        assert parse_amounts("2.200,00\n1.400,00 1.000,00;500") == [
            Decimal("2200.00"),
            Decimal("1400.00"),
            Decimal("1000.00"),
            Decimal("500"),
        ]
