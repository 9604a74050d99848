"""A finished tournament whose players chose how they appear (README "Results out:
formats"): Hanna hidden, Paul as "Ace of Spades", Ina by first name and initial,
Felix in full; the others take the room's default (first name and initial)."""

from __future__ import annotations

from tests.tournament.test_bounties import bust_to_the_end, start
from tournament.models import Entry, Tournament
from tournament.rules import public_names

CHOSEN = [
    ("Hanna Verborgen", public_names.HIDDEN, ""),
    ("Paul Pseudonymus", public_names.PSEUDONYM, "Ace of Spades"),
    ("Ina Initialen", public_names.INITIALS, ""),
    ("Felix Füllhorn", public_names.FULL, ""),
    ("Jörg Überall", "", ""),
    ("Zoë Ärmel", "", ""),
]
HIDDEN_NAME = "Hanna Verborgen"


def finish_with_choices(api) -> Tournament:
    """Six players at 50 each, busted to the end: the tournament is finished."""
    tid, _seats = start(api, {"kind": "none"}, players=len(CHOSEN))
    for entry, (name, choice, pseudonym) in zip(
        Entry.objects.filter(tournament_id=tid).order_by("pk"), CHOSEN, strict=True
    ):
        player = entry.player
        player.name, player.public_name_choice, player.pseudonym = name, choice, pseudonym
        player.save()
    bust_to_the_end(api, tid)
    tournament = Tournament.objects.get(pk=tid)
    assert tournament.status == Tournament.Status.FINISHED
    return tournament
