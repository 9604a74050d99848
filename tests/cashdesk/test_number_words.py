"""Amounts in words on payout slips: German and English, every number read back."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cashdesk.rules.number_words import LARGEST, amount_in_words, english, german

_EN = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
    )
}  # noqa: E501
_EN.update(
    {
        w: 10 * i
        for i, w in enumerate(
            "twenty thirty forty fifty sixty seventy eighty ninety".split(), start=2
        )
    }
)  # noqa: E501


def _read_english(text: str) -> int:
    total = current = 0
    for word in text.replace("-", " ").split():
        if word == "hundred":
            current *= 100
        elif word in ("thousand", "million"):
            total += current * (1000 if word == "thousand" else 1_000_000)
            current = 0
        else:
            current += _EN[word]
    return total + current


@given(st.integers(0, LARGEST))
def test_english_words_read_back_to_the_number(n):
    assert _read_english(english(n)) == n


@given(st.integers(0, LARGEST), st.integers(0, LARGEST))
def test_different_numbers_have_different_words(a, b):
    if a != b:
        assert german(a) != german(b)
        assert english(a) != english(b)


@given(st.integers(1, 999), st.integers(0, 999))
def test_german_thousands_are_the_thousands_then_the_rest(thousands, rest):
    words = german(thousands * 1000 + rest)
    prefix = german(thousands)
    prefix = prefix[:-1] if prefix.endswith("eins") else prefix  # "eins" counts: "eintausend"
    assert words.startswith(prefix + "tausend")
    assert words == prefix + "tausend" + ("" if rest == 0 else german(rest))


@pytest.mark.parametrize(
    ("n", "words"),
    [
        (0, "null"),
        (1, "eins"),
        (21, "einundzwanzig"),
        (101, "einhunderteins"),
        (350, "dreihundertfünfzig"),
        (1250, "eintausendzweihundertfünfzig"),
        (1_000_000, "eine Million"),
        (2_000_031, "zwei Millionen einunddreißig"),
    ],
)
def test_german_words_as_a_cashier_writes_them(n, words):
    assert german(n) == words


def test_slips_say_euros_and_cents_in_the_readers_language():
    assert amount_in_words(Decimal("1250.50"), "de") == (
        "eintausendzweihundertfünfzig Euro und fünfzig Cent"
    )
    assert amount_in_words(Decimal("1.01"), "en") == "one euro and one cent"
    assert amount_in_words(Decimal("300"), "en-gb") == "three hundred euros"


@pytest.mark.parametrize(
    ("amount", "language", "currency", "words"),
    [
        ("200.05", "de", "CHF", "zweihundert Franken und fünf Rappen"),
        ("1.01", "en", "CHF", "one Swiss franc and one centime"),
        ("101", "de", "EUR", "einhundertein Euro"),
        ("21.01", "de", "USD", "einundzwanzig US-Dollar und ein Cent"),
        ("2.01", "en", "GBP", "two pounds and one penny"),
        ("1.50", "de", "GBP", "ein Pfund und fünfzig Pence"),
    ],
)
def test_slips_say_the_amount_in_the_tournaments_currency(amount, language, currency, words):
    assert amount_in_words(Decimal(amount), language, currency) == words
