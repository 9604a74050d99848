"""Real TD3 files edited in the test (README "Switching from TD3"): special prizes
without a place, an unfinished evening, a free evening, a season of two formulas."""

from __future__ import annotations

import json
import re
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


def _standings_by_uuid(api, season_id: int) -> dict[str, Decimal]:
    links = dict(Td3PlayerLink.objects.values_list("player_id", "td3_uuid"))
    standings = api.get(f"/seasons/{season_id}/standings").json()["standings"]
    return {links[row["player"]]: Decimal(row["points"]) for row in standings}


BUY_IN = re.compile(
    r"(new GameBuyin\(\{Time: \d+, Round: \d+, )Amount: [\d.]+(, PersonalBounty: [\d.]+, )"
    r"Rake: new PerPlayerRake\(\[[\d.]+\]\)"
)


def test_a_free_evening_redone_at_fee_0_and_rake_20_collected_nothing(director, api):
    """TD3's totalBuyinsAmount is what it collected: Amount 0 is 0, whatever the rake."""
    text = _with_formula(_real(), "totalBuyinsAmount + totalRebuysAmount + 1")
    free, count = BUY_IN.subn(r"\1Amount: 0\2Rake: new PerPlayerRake([20])", text)
    assert count > 0
    report = td3_import([("free.tdt", free.encode())], by=director)
    assert report.season is not None
    td3 = read_td3(free)
    expected = {player.uuid: 1 + player.points_adjustment for player in td3.field}
    assert _standings_by_uuid(api, report.season.id) == expected
    payouts = api.get(f"/tournaments/{report.tournaments[0].id}/payouts").json()
    assert Decimal(payouts["collected"]) == 0


def test_rebuys_count_what_each_one_cost_as_the_file_recorded_it(director, api):
    path = next((p for p in td3_files("ORF 2018") if p.stem == "ORF_Poker_20180509"), None)
    if path is None:
        pytest.skip(NO_FILES)
    text = _with_formula(decode_td3_bytes(path.read_bytes()), "totalRebuysAmount + rebuyCost")
    td3 = read_td3(text)
    player, rebuy = next(  # a rebuy (the player still in), not a re-entry
        (p, b)
        for p in td3.field
        for i, b in enumerate(p.buyins)
        if i and p.buyins[i - 1].bust_out is None and b.amount == 100
    )
    recorded = f"Time: {rebuy.time}, Round: {rebuy.level}, Amount: 100,"
    assert text.count(recorded) == 1
    text = text.replace(recorded, recorded.replace("100", "75"), 1)
    edited = read_td3(text)
    report = td3_import([("rebuys.tdt", text.encode())], by=director)
    assert report.season is not None
    total = sum((b.amount for p in edited.field for b in p.buyins[1:]), Decimal(0))
    expected = {
        p.uuid: total + sum((b.amount for b in p.buyins[1:]), Decimal(0)) + p.points_adjustment
        for p in edited.field
    }
    assert player.uuid in expected
    assert _standings_by_uuid(api, report.season.id) == expected
    payouts = api.get(f"/tournaments/{report.tournaments[0].id}/payouts").json()
    assert Decimal(payouts["collected"]) + edited.house_contribution == edited.pool


def test_a_director_finishes_an_unfinished_file_and_it_counts_from_then(director, api, floor_api):
    unfinished = [
        path
        for path in td3_files("Koffsta 2021 Off season")
        if not read_td3(path.read_bytes()).finished
    ]
    if not unfinished:
        pytest.skip(NO_FILES)
    path = unfinished[0]
    td3 = read_td3(path.read_bytes())
    report = td3_import([(path.name, path.read_bytes())], by=director)
    tournament_id = report.tournaments[0].id
    live = list(
        Entry.objects.filter(tournament_id=tournament_id, status="registered").order_by("pk")
    )
    assert len(live) >= 2
    order = [entry.pk for entry in reversed(live)]
    finish = f"/tournaments/{tournament_id}/finish"
    assert api.post(finish, {"order": order[:-1]}).status_code == 409  # one left out
    assert api.post(finish, {"order": [*order, order[0]]}).status_code == 409  # one twice
    assert floor_api.post(finish, {"order": order}).status_code == 403
    assert Tournament.objects.get(pk=tournament_id).status == Tournament.Status.RUNNING
    response = api.post(finish, {"order": order})
    assert response.status_code == 200, response.content
    assert response.json()["status"] == "finished"
    rows = api.get(f"/tournaments/{tournament_id}/results").json()
    places = {row["entry"]: row["place"] for row in rows}
    assert [places[pk] for pk in order] == list(range(1, len(order) + 1))
    assert sorted(p for p in places.values() if p) == list(range(1, len(td3.field) + 1))
    assert api.post(finish, {"order": order}).status_code == 409  # finished already
    assert report.season is not None
    standings = _standings_by_uuid(api, report.season.id)
    assert set(standings) == {player.uuid for player in td3.field}
