"""The ruling log through the API: logging, penalties, append-only, permissions."""

from __future__ import annotations

import pytest

from tests.rulings.conftest import seated, start
from tournament.models import ActionLog

pytestmark = pytest.mark.django_db


def ruling(game: dict, **extra) -> dict:
    body = {
        "category": "etiquette",
        "situation": "Player berated the dealer after losing a pot.",
        "decision": "Warning for abusive conduct.",
        "rules": ["TDA2019-69"],
    }
    body.update(extra)
    return body


def table_of(api, tournament_id: int, number: int) -> dict:
    tables = api.get(f"/tournaments/{tournament_id}/tables").json()
    return next(t for t in tables if t["number"] == number)


def test_floor_logs_a_ruling_and_the_server_sets_time_and_decider(floor_api, game):
    player = seated(game)[0]
    body = ruling(game, table=1, entries=[player["entry"]])
    # The decider is never taken from the body: naming one is refused, not ignored.
    forged = floor_api.post(
        f"/tournaments/{game['id']}/rulings", {**body, "decided_by": "someone else"}
    )
    assert forged.status_code == 422
    assert forged.json()["detail"].startswith("decided_by:")
    response = floor_api.post(f"/tournaments/{game['id']}/rulings", body)
    assert response.status_code == 201, response.content
    data = response.json()
    assert data["decided_by"] == "fritz"
    assert data["created_at"] and data["id"]
    assert "level_index" in data
    assert data["table"] == 1
    assert data["seats"] == [
        {"entry": player["entry"], "name": player["name"], "table": 1, "seat": player["seat"]}
    ]
    assert data["rules"] == ["TDA2019-69"]
    assert data["penalty"] is None


def test_the_log_line_keeps_the_penalty_by_kind_and_id_not_by_name(api, game):
    offender = seated(game)[3]
    body = ruling(game, penalty={"entry": offender["entry"], "kind": "missed_hands", "count": 3})
    made = api.post(f"/tournaments/{game['id']}/rulings", body).json()
    line = ActionLog.objects.get(tournament_id=game["id"], kind="ruling")
    assert line.data["ruling"] == made["id"]
    assert line.data["penalty"] == {
        "entry": offender["entry"],
        "kind": "missed_hands",
        "count": 3,
        "players_at_table": None,
        "hands": 3,
        "table": 1,
        "hand_at_start": made["penalty"]["hand_at_start"],
    }


def test_rule_aliases_are_stored_as_their_catalog_ids(api, game):
    response = api.post(
        f"/tournaments/{game['id']}/rulings", ruling(game, rules=["tda 10", "apsa-4.27"])
    )
    assert response.status_code == 201, response.content
    assert response.json()["rules"] == ["TDA2019-10", "IFP-4.27"]


def test_unknown_rule_ids_are_refused_and_named_in_the_detail(api, game):
    response = api.post(
        f"/tournaments/{game['id']}/rulings", ruling(game, rules=["TDA2019-10", "TDA2019-99"])
    )
    # The catalogue holds the room's house rules: an unknown reference names
    # nothing, 404 naming the field (README "API", Errors).
    assert response.status_code == 404
    assert response.json()["field"] == "rules"
    assert "TDA2019-99" in response.json()["detail"]
    assert api.get(f"/tournaments/{game['id']}/rulings").json() == []


def test_missed_rounds_are_players_at_the_table_times_rounds(floor_api, api):
    game = start(api, players=15, tables=2)
    table = min(game["tables"], key=lambda t: len(t["players"]))
    offender = table["players"][0]["entry"]
    body = ruling(game, penalty={"entry": offender, "kind": "missed_rounds", "count": 2})
    response = floor_api.post(f"/tournaments/{game['id']}/rulings", body)
    assert response.status_code == 201, response.content
    penalty = response.json()["penalty"]
    assert len(table["players"]) == 7
    assert penalty["players_at_table"] == 7
    assert penalty["hands"] == 14
    assert penalty["hands_left"] == 14


def test_missed_hands_are_the_count_and_the_offender_counts_as_involved(api, game):
    offender = seated(game)[3]["entry"]
    body = ruling(game, penalty={"entry": offender, "kind": "missed_hands", "count": 3})
    data = api.post(f"/tournaments/{game['id']}/rulings", body).json()
    assert data["penalty"]["hands"] == 3
    assert data["entries"] == [offender]
    assert data["table"] == 1


def test_the_penalty_counts_down_with_the_tables_hand_counter(api, game):
    offender = seated(game)[0]["entry"]
    body = ruling(game, penalty={"entry": offender, "kind": "missed_hands", "count": 3})
    ruling_id = api.post(f"/tournaments/{game['id']}/rulings", body).json()["id"]
    table_id = table_of(api, game["id"], 1)["id"]
    for _ in range(2):
        assert api.post(f"/tables/{table_id}/hands").status_code == 200
    assert api.get(f"/rulings/{ruling_id}").json()["penalty"]["hands_left"] == 1
    seat = next(p for p in table_of(api, game["id"], 1)["players"] if p["entry"] == offender)
    assert seat["penalty"] == {"kind": "missed_hands", "hands": 3, "hands_left": 1}
    api.post(f"/tables/{table_id}/hands")
    assert api.get(f"/rulings/{ruling_id}").json()["penalty"]["hands_left"] == 0
    seat = next(p for p in table_of(api, game["id"], 1)["players"] if p["entry"] == offender)
    assert seat["penalty"] is None


def test_hands_at_another_table_do_not_count_down_the_penalty(api, game):
    offender = seated(game, table=1)[0]["entry"]
    body = ruling(game, penalty={"entry": offender, "kind": "missed_hands", "count": 2})
    ruling_id = api.post(f"/tournaments/{game['id']}/rulings", body).json()["id"]
    api.post(f"/tables/{table_of(api, game['id'], 2)['id']}/hands")
    assert api.get(f"/rulings/{ruling_id}").json()["penalty"]["hands_left"] == 2


def test_a_moved_player_keeps_counting_down_at_his_new_table(api, game):
    offender = seated(game, table=1)[0]["entry"]
    body = ruling(game, penalty={"entry": offender, "kind": "missed_hands", "count": 5})
    ruling_id = api.post(f"/tournaments/{game['id']}/rulings", body).json()["id"]
    table_1 = table_of(api, game["id"], 1)["id"]
    table_2 = table_of(api, game["id"], 2)["id"]
    api.post(f"/tables/{table_1}/hands")
    # Make room at table 2, then move him there by hand.
    busted = seated(game, table=2)[0]
    assert api.post(f"/entries/{busted['entry']}/bust").status_code == 200
    move = api.post(
        f"/tournaments/{game['id']}/moves",
        {"entry": offender, "to_table": 2, "to_seat": busted["seat"]},
    )
    assert move.status_code == 201, move.content
    assert api.post(f"/moves/{move.json()['id']}/done").status_code == 200
    api.post(f"/tables/{table_1}/hands")  # no longer his table
    api.post(f"/tables/{table_2}/hands")
    api.post(f"/tables/{table_2}/hands")
    assert api.get(f"/rulings/{ruling_id}").json()["penalty"]["hands_left"] == 2


@pytest.mark.parametrize(
    ("penalty", "words"),
    [
        ({"kind": "missed_hands"}, "number of hands"),
        ({"kind": "missed_rounds", "count": 0}, "at least 1"),
        ({"kind": "missed_rounds", "count": 5}, "at most"),
        ({"kind": "missed_hands", "count": 41}, "at most"),
        ({"kind": "warning", "count": 2}, "no count"),
        ({"kind": "banishment"}, "Unknown penalty"),
    ],
)
def test_bad_penalties_are_refused_with_a_detail(api, game, penalty, words):
    body = ruling(game, penalty={"entry": seated(game)[0]["entry"], **penalty})
    response = api.post(f"/tournaments/{game['id']}/rulings", body)
    assert response.status_code == 422, response.content  # status: field error
    assert words in response.json()["detail"]
    assert api.get(f"/tournaments/{game['id']}/rulings").json() == []


def test_a_penalty_for_an_entry_of_another_tournament_is_not_found(api, game):
    other = start(api, players=4, tables=1)
    body = ruling(game, penalty={"entry": seated(other)[0]["entry"], "kind": "warning"})
    response = api.post(f"/tournaments/{game['id']}/rulings", body)
    assert response.status_code == 404
    assert response.json()["detail"]


def test_an_unknown_table_number_is_not_found(api, game):
    response = api.post(f"/tournaments/{game['id']}/rulings", ruling(game, table=7))
    assert response.status_code == 404
    assert "7" in response.json()["detail"]


def test_an_unknown_category_is_refused(api, game):
    response = api.post(f"/tournaments/{game['id']}/rulings", ruling(game, category="cheating"))
    assert response.status_code == 422  # status: field error
    assert response.json()["detail"]


def test_missed_hands_for_a_player_without_a_seat_conflict(api):
    tournament = api.post("/tournaments", {"name": "Not drawn"}).json()
    entry = api.post(f"/tournaments/{tournament['id']}/entries", {"name": "Early Bird"}).json()
    body = ruling(tournament, penalty={"entry": entry["id"], "kind": "missed_hands", "count": 2})
    response = api.post(f"/tournaments/{tournament['id']}/rulings", body)
    assert response.status_code == 409
    assert response.json()["detail"]


def test_disqualification_frees_the_seat_and_takes_the_entry_out(api, game):
    offender = seated(game, table=1)[0]
    body = ruling(
        game,
        category="collusion",
        decision="Disqualified for chip dumping.",
        penalty={"entry": offender["entry"], "kind": "disqualification"},
    )
    response = api.post(f"/tournaments/{game['id']}/rulings", body)
    assert response.status_code == 201, response.content
    assert response.json()["penalty"]["hands"] == 0
    entries = {e["id"]: e for e in api.get(f"/tournaments/{game['id']}/entries").json()}
    assert entries[offender["entry"]]["status"] == "disqualified"
    assert entries[offender["entry"]]["place"] == 18
    assert entries[offender["entry"]]["table"] is None
    table = table_of(api, game["id"], 1)
    assert offender["entry"] not in [p["entry"] for p in table["players"]]
    assert len(table["players"]) == 8


def test_disqualification_is_followed_by_balancing(api):
    game = start(api, players=16, tables=2)  # 8 and 8
    for player in seated(game, table=1)[:2]:
        body = ruling(game, penalty={"entry": player["entry"], "kind": "disqualification"})
        assert api.post(f"/tournaments/{game['id']}/rulings", body).status_code == 201
    pending = api.get(f"/tournaments/{game['id']}/moves?status=pending").json()
    assert [(m["from_table"], m["to_table"]) for m in pending] == [(2, 1)]


def test_a_disqualified_player_cannot_be_disqualified_again(api, game):
    offender = seated(game)[0]["entry"]
    body = ruling(game, penalty={"entry": offender, "kind": "disqualification"})
    assert api.post(f"/tournaments/{game['id']}/rulings", body).status_code == 201
    again = api.post(f"/tournaments/{game['id']}/rulings", body)
    assert again.status_code == 409
    assert again.json()["detail"]


@pytest.mark.parametrize("method", ["put", "patch", "delete"])
def test_rulings_cannot_be_changed_or_deleted(api, game, method):
    created = api.post(f"/tournaments/{game['id']}/rulings", ruling(game)).json()
    path = f"/rulings/{created['id']}"
    response = (
        api.delete(path) if method == "delete" else getattr(api, method)(path, {"decision": "x"})
    )
    assert response.status_code in (404, 405)
    assert api.get(path).json()["decision"] == created["decision"]


def test_an_amendment_is_shown_under_the_unchanged_original(api, floor_api, game):
    created = api.post(f"/tournaments/{game['id']}/rulings", ruling(game)).json()
    response = floor_api.post(
        f"/rulings/{created['id']}/amendments", {"text": "Appeal heard; warning stands."}
    )
    assert response.status_code == 201, response.content
    amended = response.json()
    assert amended["decision"] == created["decision"]
    assert amended["situation"] == created["situation"]
    assert [(a["text"], a["by"]) for a in amended["amendments"]] == [
        ("Appeal heard; warning stands.", "fritz")
    ]


def test_an_empty_amendment_is_refused(api, game):
    created = api.post(f"/tournaments/{game['id']}/rulings", ruling(game)).json()
    response = api.post(f"/rulings/{created['id']}/amendments", {"text": "   "})
    assert response.status_code == 422  # status: field error
    assert response.json()["detail"]


def test_the_log_filters_by_table_player_category_and_penalty(api, game):
    first, second = seated(game, table=1)[0], seated(game, table=2)[0]
    api.post(f"/tournaments/{game['id']}/rulings", ruling(game, table=1, category="misdeal"))
    api.post(
        f"/tournaments/{game['id']}/rulings",
        ruling(game, penalty={"entry": first["entry"], "kind": "warning"}),
    )
    api.post(
        f"/tournaments/{game['id']}/rulings",
        ruling(game, penalty={"entry": second["entry"], "kind": "missed_hands", "count": 2}),
    )
    base = f"/tournaments/{game['id']}/rulings"

    def categories(query: str) -> list[str]:
        response = api.get(base + query)
        assert response.status_code == 200, response.content
        return sorted(
            r["penalty"]["kind"] if r["penalty"] else r["category"] for r in response.json()
        )

    assert categories("") == ["misdeal", "missed_hands", "warning"]
    assert categories("?table=1") == ["misdeal", "warning"]
    assert categories(f"?entry={second['entry']}") == ["missed_hands"]
    assert categories("?category=misdeal") == ["misdeal"]
    assert categories("?penalty=any") == ["missed_hands", "warning"]
    assert categories("?penalty=none") == ["misdeal"]
    assert categories("?penalty=warning") == ["warning"]


def test_desk_staff_may_not_log_rulings(desk_api, game):
    response = desk_api.post(f"/tournaments/{game['id']}/rulings", ruling(game))
    assert response.status_code == 403
    assert response.json()["detail"]


def test_anonymous_users_get_401(anonymous_api, game):
    assert anonymous_api.post(f"/tournaments/{game['id']}/rulings", ruling(game)).status_code == 401
    assert anonymous_api.get(f"/tournaments/{game['id']}/rulings").status_code == 401
    assert anonymous_api.get("/rules?q=misdeal").status_code == 401


def test_a_ruling_records_the_level_the_clock_is_in(api, game):
    level = {"kind": "level", "seconds": 1200}
    structure = {
        "levels": [
            {**level, "small_blind": 100, "big_blind": 200},
            {**level, "small_blind": 200, "big_blind": 400},
        ]
    }
    response = api.put(f"/tournaments/{game['id']}/structure", structure)
    assert response.status_code == 200, response.content
    assert api.post(f"/tournaments/{game['id']}/clock/start").status_code == 200
    assert api.post(f"/tournaments/{game['id']}/clock/next").status_code == 200
    response = api.post(f"/tournaments/{game['id']}/rulings", ruling(game))
    assert response.json()["level_index"] == 1


def test_without_a_blind_structure_the_level_is_empty(api, game):
    assert (
        api.post(f"/tournaments/{game['id']}/rulings", ruling(game)).json()["level_index"] is None
    )
