"""How a player appears in public (README "Results out")."""

from hypothesis import given
from hypothesis import strategies as st

from tournament.rules.public_names import (
    CHOICES,
    FULL,
    HIDDEN,
    INITIALS,
    PSEUDONYM,
    Appearance,
    shown_name,
)


def test_each_choice_shows_what_he_chose() -> None:
    anna = "Anna Maria Müller"
    assert shown_name(Appearance(anna, FULL)) == "Anna Maria Müller"
    assert shown_name(Appearance(anna, INITIALS)) == "Anna M."
    assert shown_name(Appearance(anna, PSEUDONYM, pseudonym="Riverqueen")) == "Riverqueen"
    assert shown_name(Appearance(anna, HIDDEN)) is None


def test_no_choice_of_his_own_takes_the_rooms_default() -> None:
    assert shown_name(Appearance("Jonas Weber")) == "Jonas W."
    assert shown_name(Appearance("Jonas Weber"), room_default=FULL) == "Jonas Weber"


def test_an_empty_pseudonym_falls_back_to_initials_not_the_full_name() -> None:
    assert shown_name(Appearance("Jonas Weber", PSEUDONYM, pseudonym="  ")) == "Jonas W."


def test_an_erased_players_pseudonym_number_stays_whole() -> None:
    assert shown_name(Appearance("Spieler 93", INITIALS)) == "Spieler 93"


@given(
    name=st.text(min_size=1, max_size=40),
    choice=st.sampled_from(("", *CHOICES)),
    pseudonym=st.text(max_size=20),
    room_default=st.sampled_from((FULL, INITIALS)),
)
def test_an_erased_player_is_hidden_whatever_he_chose(
    name: str, choice: str, pseudonym: str, room_default: str
) -> None:
    erased = Appearance(name, choice, pseudonym=pseudonym, erased=True)
    assert shown_name(erased, room_default) is None
