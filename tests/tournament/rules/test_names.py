"""Names in plain letters (README "Places, re-entries and moves"): a search from ASCII finds every
spelling, a list sorts Ł, Đ, Ø, Þ among the letters they stand for."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.rules.names import file_slug, matches, name_order, plain, search_key, surname_order


@pytest.mark.parametrize(
    ("name", "typed"),
    [
        ("Łukasz Żółć", "lukasz zolc"),
        ("Dragan Đorđević", "dordevic"),
        ("Björn Ødegård", "odegard"),
        ("Gunnar Þórsson", "thorsson"),
        ("Ayşe Yılmaz", "yilmaz"),
        ("Jürgen Müller", "mueller"),
        ("Jürgen Müller", "Muller"),
        ("Petra Mueller", "müller"),
        ("Jürgen Groß", "gross"),
        ("Søren Kierkegård", "SØREN"),
    ],
)
def test_a_name_is_found_from_plain_letters(name, typed):
    assert matches(typed, search_key(name))


def test_every_word_must_match_and_a_word_stays_within_one_text():
    key = search_key("Anna Berg", "Ann")
    assert matches("anna berg", key) and matches("ann", key)
    assert not matches("anna bergmann", key)
    assert not matches("berg ann anna x", key)
    assert not matches("", key) and not matches("   ", key)


def test_a_list_sorts_foreign_letters_with_their_latin_letter():
    surnames = ["Zander", "Żółć", "Ødegård", "Þórsson", "Đorđević", "Yılmaz", "Ohm", "Tal"]
    assert sorted(surnames, key=surname_order) == [
        "Đorđević",
        "Ødegård",
        "Ohm",
        "Tal",
        "Þórsson",
        "Yılmaz",
        "Zander",
        "Żółć",
    ]
    assert sorted(["Zoe", "Łukasz", "Ørjan", "Dario", "Đuro"], key=name_order) == [
        "Dario",
        "Đuro",
        "Łukasz",
        "Ørjan",
        "Zoe",
    ]


def test_a_file_is_named_in_plain_letters():
    assert file_slug("Ergebnisse", "Łódź Open 2026") == "ergebnisse-lodz-open-2026"
    assert file_slug("results", "Þórsson's Cup!") == "results-thorsson-s-cup"
    assert file_slug("", "***") == "file"


# How desk staff copy a letter from an ID card on a German keyboard.
_ID_CARD_SPELLINGS = {
    "Đ": "Dj",
    "đ": "dj",
    "Ø": "Oe",
    "ø": "oe",
    "Å": "Aa",
    "å": "aa",
    "Æ": "Ae",
    "æ": "ae",
    "ß": "ss",
    "Ä": "Ae",
    "ä": "ae",
    "Ö": "Oe",
    "ö": "oe",
    "Ü": "Ue",
    "ü": "ue",
}


@pytest.mark.parametrize(
    ("name", "typed"),
    [
        ("Dragan Đorđević", "djordjevic"),
        ("Björn Ødegård", "oedegaard"),
        ("Mads Ærø", "aeroe"),
        ("Jürgen Groß", "gross"),
        ("Novak Djoković", "djokovic"),
        ("Novak Djoković", "dokovic"),
    ],
)
def test_a_name_is_found_from_the_spelling_staff_copy_from_an_id_card(name, typed):
    assert matches(typed, search_key(name))


_LETTERS = "".join(_ID_CARD_SPELLINGS) + "adegjorsuvicAEDOU"


@given(st.lists(st.text(alphabet=_LETTERS, min_size=1, max_size=8), min_size=1, max_size=3))
def test_every_id_card_spelling_and_its_plain_letters_find_the_name(words):
    name = " ".join(words)
    key = search_key(name)
    copied = "".join(_ID_CARD_SPELLINGS.get(letter, letter) for letter in name)
    assert matches(copied, key)
    assert matches(plain(name), key)
    assert matches(name, key)
    assert matches(copied.split()[-1], key)
