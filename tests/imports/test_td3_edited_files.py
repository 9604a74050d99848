"""Real TD3 files edited in the test (README "Switching from TD3"): special prizes
without a place, an unfinished evening, a free evening, a season of two formulas."""

from __future__ import annotations

import pytest

from imports.models import Td3PlayerLink, Td3TournamentLink
from imports.rules.td3_read import read_td3
from imports.services.td3_import import td3_import
from tests.imports.td3_files import sample_text
from tournament.models import SpecialPrize

pytestmark = pytest.mark.django_db

NO_FILES = "the TD3 save files are not here"


def _real() -> str:
    text = sample_text("")
    if not text:
        pytest.skip(NO_FILES)
    return text


def _with_special_prizes(text: str, winner: str) -> str:
    specials = (
        'new GamePrize({Description: "High Hand", Type: 2, AmountType: 1, Amount: 300, '
        f'AwardedToPlayers: ["{winner}"], CalculatedAmount: 300}}), '
        'new GamePrize({Description: "Side pot 2", Type: 2, AmountType: 1, Amount: 150, '
        "AwardedToPlayers: [], CalculatedAmount: 150}), "
    )
    marker = "Prizes: new GamePrizes({Prizes: ["
    assert marker in text
    return text.replace(marker, marker + specials, 1)


def test_special_prizes_without_a_recipient_import_as_named_prizes(director):
    text = _real()
    td3 = read_td3(text)
    winner = td3.field[-1]
    edited = _with_special_prizes(text, winner.uuid)
    report = td3_import([("special.tdt", edited.encode())], by=director)
    tournament_id = report.tournaments[0].id
    prizes = {p.name: p for p in SpecialPrize.objects.filter(tournament_id=tournament_id)}
    assert set(prizes) == {"High Hand", "Side pot 2"}
    high_hand = prizes["High Hand"]
    assert (high_hand.amount, high_hand.source, high_hand.awarded) == (300, "pool", True)
    player = Td3PlayerLink.objects.get(td3_uuid=winner.uuid).player_id
    assert [entry.player_id for entry in high_hand.winners.all()] == [player]
    assert high_hand.reason == "from TD3"
    assert prizes["Side pot 2"].awarded is False
    assert list(prizes["Side pot 2"].winners.all()) == []
    again = td3_import([("special.tdt", (edited + " ").encode())], by=director)
    assert again.tournaments[0].id == tournament_id
    assert SpecialPrize.objects.filter(tournament_id=tournament_id).count() == 2
    assert Td3TournamentLink.objects.count() == 1
