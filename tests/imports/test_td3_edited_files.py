"""Real TD3 files edited in the test (README "Switching from TD3"): special prizes
without a place, an unfinished evening, a free evening, a season of two formulas."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from imports.models import Td3PlayerLink, Td3TournamentLink
from imports.rules.td3_read import read_td3
from imports.rules.td3_syntax import decode_td3_bytes
from imports.services.td3_import import td3_import
from tests.imports.td3_files import sample_text, td3_files
from tournament.models import Entry, SpecialPrize, Tournament

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


def _with_formula(text: str, formula: str) -> str:
    td3 = read_td3(text)
    old = td3.points_formula
    encoded = json.dumps(old)
    assert encoded in text
    return text.replace(encoded, json.dumps(formula), 1)


def test_a_season_whose_files_carry_two_formulas_scores_each_by_its_own(director, api):
    files = td3_files("ORF 2025")[:2]
    if len(files) < 2:
        pytest.skip(NO_FILES)
    texts = [decode_td3_bytes(path.read_bytes()) for path in files]
    edited = [_with_formula(texts[0], "n - r + 1"), _with_formula(texts[1], "100 - r")]
    report = td3_import([(f"{i}.tdt", text.encode()) for i, text in enumerate(edited)], by=director)
    assert report.season is not None
    expected: dict[str, Decimal] = {}
    for text, score in zip(edited, (lambda n, r: n - r + 1, lambda n, r: 100 - r), strict=True):
        td3 = read_td3(text)
        places = td3.places()
        for player in td3.field:
            points = Decimal(score(len(td3.field), places[player.uuid]))
            points += player.points_adjustment
            expected[player.uuid] = expected.get(player.uuid, Decimal(0)) + points
    links = dict(Td3PlayerLink.objects.values_list("player_id", "td3_uuid"))
    standings = api.get(f"/seasons/{report.season.id}/standings").json()["standings"]
    ours = {links[row["player"]]: Decimal(row["points"]) for row in standings}
    assert ours == expected


def test_an_unfinished_file_stays_running_with_its_players_in_and_scores_nothing(director, api):
    unfinished = [
        path
        for path in td3_files("Koffsta 2021 Off season")
        if not read_td3(path.read_bytes()).finished
    ]
    if not unfinished:
        pytest.skip(NO_FILES)
    td3 = read_td3(unfinished[0].read_bytes())
    report = td3_import([(unfinished[0].name, unfinished[0].read_bytes())], by=director)
    tournament = Tournament.objects.get(pk=report.tournaments[0].id)
    assert tournament.status == Tournament.Status.RUNNING
    still_in = sum(1 for player in td3.field if player.out is None)
    assert Entry.objects.filter(tournament=tournament, place__isnull=True).count() >= still_in
    assert any(unfinished[0].name in warning for warning in report.warnings)
    if report.season is not None:
        standings = api.get(f"/seasons/{report.season.id}/standings").json()["standings"]
        assert standings == []
