"""Who eliminated a player is checked in every tournament, not only one that
pays bounties (README "API", Bounties): a name that is no player at his table
is a 422 and nothing is busted or logged."""

from __future__ import annotations

import pytest

from tests.tables.test_floor_api import start, tables_of
from tournament.models import ActionLog, Entry

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("named", ["unknown", "self", "twice"])
def test_a_bust_naming_no_real_eliminator_is_refused_without_bounties(api, named):
    game = start(api, players=4, tables=1)
    seated = [p["entry"] for p in tables_of(api, game["id"])[0]["players"]]
    victim, hitman = seated[0], seated[1]
    eliminated_by = {"unknown": [999_999], "self": [victim], "twice": [hitman, hitman]}[named]
    response = api.post(f"/entries/{victim}/bust", {"eliminated_by": eliminated_by})
    assert response.status_code == 422, response.content
    assert response.json()["field"] == "eliminated_by"
    assert Entry.objects.get(pk=victim).status == Entry.Status.SEATED
    assert not ActionLog.objects.filter(tournament_id=game["id"], kind="bust").exists()


def test_a_bust_naming_his_tablemate_is_taken_without_bounties(api):
    game = start(api, players=4, tables=1)
    seated = [p["entry"] for p in tables_of(api, game["id"])[0]["players"]]
    response = api.post(f"/entries/{seated[0]}/bust", {"eliminated_by": [seated[1]]})
    assert response.status_code == 200, response.content


def test_a_hitman_at_another_table_is_taken_without_bounties(api):
    # A TD3 evening replayed on our own draw names hitmen who now sit elsewhere.
    game = start(api, players=8, tables=2)
    first, second = (t["players"] for t in tables_of(api, game["id"])[:2])
    answer = api.post(f"/entries/{first[0]['entry']}/bust", {"eliminated_by": [second[0]["entry"]]})
    assert answer.status_code == 200, answer.content
