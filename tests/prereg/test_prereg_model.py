"""The pre-registration's personal link and desk code (README "Pre-registration and the schedule")."""

from __future__ import annotations

from django.utils import timezone

from prereg.models import CODE_ALPHABET, CODE_LENGTH, PreRegistration
from prereg.selectors import pre_registration_by_token, pre_registration_capacity
from tables.models import Table
from tournament.models import Tournament


def _tournament() -> Tournament:
    return Tournament.objects.create(name="Friday", tie_rule="share")


def test_personal_link_is_long_and_random_and_code_is_unambiguous(db):
    tournament = _tournament()
    first = PreRegistration.objects.create(tournament=tournament, name="Anna Berg")
    second = PreRegistration.objects.create(tournament=tournament, name="Ben Cohn")
    assert len(first.token) >= 40 and first.token != second.token
    assert len(first.code) == CODE_LENGTH and set(first.code) <= set(CODE_ALPHABET)
    assert not set("0O1IL") & set(CODE_ALPHABET)


def test_selector_finds_the_link_until_the_desk_revokes_it(db):
    prereg = PreRegistration.objects.create(tournament=_tournament(), name="Anna Berg")
    assert pre_registration_by_token(prereg.token) == prereg
    assert pre_registration_by_token("not-a-token") is None
    assert pre_registration_by_token("") is None
    prereg.revoked_at = timezone.now()
    prereg.save(update_fields=["revoked_at"])
    assert pre_registration_by_token(prereg.token) is None


def test_capacity_defaults_to_the_seats_of_the_tables(db):
    tournament = _tournament()
    Table.objects.create(tournament=tournament, number=1, seats=9)
    Table.objects.create(tournament=tournament, number=2, seats=8)
    assert pre_registration_capacity(tournament) == 17
    tournament.pre_registration_capacity = 10
    assert pre_registration_capacity(tournament) == 10
