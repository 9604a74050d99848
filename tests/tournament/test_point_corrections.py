"""Point corrections (README "Point corrections"): a director gives a result
points and hits with a reason; the season follows, the log keeps it, it undoes."""

from __future__ import annotations

import pytest

from tests.tournament.test_season_formula import HITS_FORMULA, link, play_with_hits, season
from tournament.models import ActionLog

pytestmark = pytest.mark.django_db


def _standing(api, season_id: int, entry_player: int) -> str:
    standings = api.get(f"/seasons/{season_id}/standings").json()["standings"]
    return next(s["points"] for s in standings if s["player"] == entry_player)


def test_a_correction_adds_points_and_hits_to_the_result_and_undoes(api):
    tid, places, hitman = play_with_hits(api)
    made = season(api, HITS_FORMULA)
    link(api, tid, made["id"])
    results = api.get(f"/tournaments/{tid}/results").json()
    last = next(r for r in results if r["place"] == 5)
    player = last["player"]
    assert _standing(api, made["id"], player) == "1.00"
    response = api.post(
        f"/results/{last['entry']}/corrections",
        {"points": "-0.5", "hits": 1, "reason": "re-entry penalty"},
    )
    assert response.status_code == 201, response.content
    correction = response.json()
    # One hit more is 10 points by the formula, and half a point off.
    assert _standing(api, made["id"], player) == "10.50"
    assert ActionLog.objects.filter(kind="result_corrected").get().data["reason"] == (
        "re-entry penalty"
    )
    assert api.delete(f"/corrections/{correction['id']}").status_code == 204
    assert _standing(api, made["id"], player) == "1.00"
    assert ActionLog.objects.filter(kind="result_correction_undone").exists()


def test_a_correction_needs_a_reason_and_a_director(api, floor_api):
    tid, places, _hitman = play_with_hits(api)
    entry = next(iter(places))
    refused = api.post(f"/results/{entry}/corrections", {"points": "5", "reason": " "})
    assert refused.status_code == 422 and "detail" in refused.json()
    forbidden = floor_api.post(f"/results/{entry}/corrections", {"points": "5", "reason": "x"})
    assert forbidden.status_code == 403
    missing = api.post("/results/999999/corrections", {"points": "5", "reason": "x"})
    assert missing.status_code == 404
