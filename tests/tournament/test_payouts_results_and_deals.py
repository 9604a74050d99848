from __future__ import annotations

from decimal import Decimal

import pytest

from tournament.models import Entry, Player

pytestmark = pytest.mark.django_db


def register(api, tournament_id: int, count: int) -> list[dict]:
    return [
        api.post(f"/tournaments/{tournament_id}/entries", {"name": f"Player {n}"}).json()
        for n in range(1, count + 1)
    ]


def bust(entry_id: int, place: int, *, shared: bool = False, stack: int | None = None) -> None:
    Entry.objects.filter(pk=entry_id).update(
        status="busted", place=place, place_shared=shared, starting_stack_at_bust=stack
    )


@pytest.fixture
def ten_players(api, tournament) -> list[dict]:
    """Ten entries at 50 each: a pool of 500 paying 250 / 150 / 100."""
    entries = register(api, tournament["id"], 10)
    body = api.get(f"/tournaments/{tournament['id']}/payouts").json()
    assert [p["amount"] for p in body["places"]] == ["250.00", "150.00", "100.00"]
    return entries


# --- results ---------------------------------------------------------------


def test_results_list_every_place_with_its_prize_and_the_last_player_as_winner(
    api, tournament, ten_players
):
    for place, entry in zip(range(10, 1, -1), ten_players, strict=False):
        bust(entry["id"], place)
    results = api.get(f"/tournaments/{tournament['id']}/results").json()
    assert [r["place"] for r in results] == list(range(1, 11))
    assert results[0]["entry"] == ten_players[-1]["id"]
    assert results[0]["name"] == "Player 10"
    assert [r["prize"] for r in results[:4]] == ["250.00", "150.00", "100.00", "0.00"]
    assert sum(Decimal(r["prize"]) for r in results) == Decimal("500")


def test_the_bubble_is_the_first_place_that_pays_nothing(api, tournament, ten_players):
    bust(ten_players[0]["id"], 10)
    bust(ten_players[1]["id"], 4)
    results = {r["place"]: r for r in api.get(f"/tournaments/{tournament['id']}/results").json()}
    assert results[4]["bubble"] is True and results[4]["in_the_money"] is False
    assert results[10]["bubble"] is False


def test_players_sharing_a_paid_place_split_the_prizes_of_the_places_they_occupy(
    api, tournament, ten_players
):
    tid = tournament["id"]
    api.put(f"/tournaments/{tid}/payouts", {"percentages": ["50", "30", "20"], "rounding": "1"})
    for place, entry in zip(range(10, 3, -1), ten_players, strict=False):
        bust(entry["id"], place)
    # Two players bust in one hand with equal stacks: they share place 2 (places 2 and 3).
    bust(ten_players[7]["id"], 2, shared=True, stack=5000)
    bust(ten_players[8]["id"], 2, shared=True, stack=5000)
    results = api.get(f"/tournaments/{tid}/results").json()
    shared = [r for r in results if r["place"] == 2]
    assert len(shared) == 2 and all(r["shared"] for r in shared)
    assert sorted(r["prize"] for r in shared) == ["125.00", "125.00"]
    assert sum(Decimal(r["prize"]) for r in results) == Decimal("500")


def test_the_odd_unit_of_a_shared_place_goes_to_the_player_reported_first(api, tournament):
    tid = tournament["id"]
    entries = register(api, tid, 3)  # pool 150
    api.put(f"/tournaments/{tid}/payouts", {"percentages": ["62", "38"], "rounding": "1"})
    # Places 2 and 3 shared: 57 + 0 split in two is 28 each and one unit left over.
    bust(entries[0]["id"], 2, shared=True, stack=1000)
    bust(entries[1]["id"], 2, shared=True, stack=1000)
    results = {r["entry"]: r for r in api.get(f"/tournaments/{tid}/results").json()}
    assert results[entries[0]["id"]]["prize"] == "29.00"
    assert results[entries[1]["id"]]["prize"] == "28.00"
    assert results[entries[2]["id"]]["prize"] == "93.00"


def test_results_of_an_unknown_tournament_are_404(api):
    assert api.get("/tournaments/424242/results").status_code == 404


def test_a_player_history_lists_places_and_prizes_across_tournaments(api, tournament):
    entries = register(api, tournament["id"], 3)
    bust(entries[0]["id"], 3)
    bust(entries[1]["id"], 2)
    history = api.get(f"/players/{entries[2]['player']}/results").json()
    assert history == [
        {
            "tournament": tournament["id"],
            "name": "Friday Freezeout",
            "entries": 1,
            "place": 1,
            "prize": "150.00",
        }
    ]
    assert api.get("/players/999999/results").status_code == 404


# --- deals -------------------------------------------------------------------


def final_three(api, tournament, ten_players) -> list[dict]:
    for place, entry in zip(range(10, 3, -1), ten_players, strict=False):
        bust(entry["id"], place)
    return ten_players[7:]


def test_chip_chop_preview_shares_the_open_prizes_by_chips(api, tournament, ten_players):
    a, b, c = final_three(api, tournament, ten_players)
    response = api.post(
        f"/tournaments/{tournament['id']}/deals/preview",
        {
            "method": "chip_chop",
            "stacks": [
                {"entry": a["id"], "chips": 50000},
                {"entry": b["id"], "chips": 30000},
                {"entry": c["id"], "chips": 20000},
            ],
        },
    )
    assert response.status_code == 200, response.content
    assert response.json()["payouts"] == [
        {"entry": a["id"], "amount": "250.00"},
        {"entry": b["id"], "amount": "150.00"},
        {"entry": c["id"], "amount": "100.00"},
    ]


def test_icm_preview_with_a_reserve_and_own_prizes_adds_up(floor_api, api, tournament, ten_players):
    a, b, c = final_three(api, tournament, ten_players)
    response = floor_api.post(
        f"/tournaments/{tournament['id']}/deals/preview",
        {
            "method": "icm",
            "stacks": [
                {"entry": a["id"], "chips": 60000},
                {"entry": b["id"], "chips": 25000},
                {"entry": c["id"], "chips": 15000},
            ],
            "prizes": ["250", "150", "100"],
            "reserve": "50",
        },
    )
    assert response.status_code == 200, response.content
    amounts = [Decimal(p["amount"]) for p in response.json()["payouts"]]
    assert sum(amounts) == Decimal("450")
    assert amounts == sorted(amounts, reverse=True)


def test_a_deal_must_include_every_remaining_player(api, tournament, ten_players):
    a, b, _c = final_three(api, tournament, ten_players)
    body = {
        "method": "icm",
        "stacks": [{"entry": a["id"], "chips": 60000}, {"entry": b["id"], "chips": 40000}],
    }
    preview = api.post(f"/tournaments/{tournament['id']}/deals/preview", body)
    # Who is still in is the tournament's state: 409 (README "API", Errors).
    assert preview.status_code == 409
    assert "every player" in preview.json()["detail"]
    record = api.post(f"/tournaments/{tournament['id']}/deals", body)
    assert record.status_code == 409


@pytest.mark.parametrize(
    "change",
    [
        {"method": "coin_flip"},
        {"stacks": []},
        {"chips": 0},
        {"reserve": "-1"},
        {"reserve": "100000"},
        {"prizes": ["100", "200"]},
        {"prizes": ["100", "50", "25", "10"]},
        {"duplicate": True},
    ],
)
def test_bad_deal_requests_get_a_4xx(api, tournament, ten_players, change):
    a, b, c = final_three(api, tournament, ten_players)
    body = {
        "method": change.get("method", "icm"),
        "stacks": [
            {"entry": a["id"], "chips": change.get("chips", 10)},
            {"entry": b["id"], "chips": 20},
            {"entry": (a if change.get("duplicate") else c)["id"], "chips": 30},
        ],
    }
    if "stacks" in change:
        body["stacks"] = change["stacks"]
    for key in ("reserve", "prizes"):
        if key in change:
            body[key] = change[key]
    response = api.post(f"/tournaments/{tournament['id']}/deals/preview", body)
    assert 400 <= response.status_code < 500, response.content
    assert response.json()["detail"]


def test_a_recorded_deal_shows_in_the_results_and_the_reserve_goes_to_the_winner(
    api, floor_api, tournament, ten_players
):
    tid = tournament["id"]
    a, b, c = final_three(api, tournament, ten_players)
    body = {
        "method": "chip_chop",
        "stacks": [
            {"entry": a["id"], "chips": 50000},
            {"entry": b["id"], "chips": 30000},
            {"entry": c["id"], "chips": 20000},
        ],
        "reserve": "20",
    }
    assert floor_api.post(f"/tournaments/{tid}/deals", body).status_code == 403
    recorded = api.post(f"/tournaments/{tid}/deals", body)
    assert recorded.status_code == 201, recorded.content
    assert api.post(f"/tournaments/{tid}/deals", body).status_code == 409
    dealt = {p["entry"]: Decimal(p["amount"]) for p in recorded.json()["payouts"]}
    assert sum(dealt.values()) == Decimal("480")
    # Play goes on for the reserve: c busts third, b second, a wins.
    bust(c["id"], 3)
    bust(b["id"], 2)
    results = {r["entry"]: r for r in api.get(f"/tournaments/{tid}/results").json()}
    assert Decimal(results[a["id"]]["prize"]) == dealt[a["id"]] + 20
    assert Decimal(results[c["id"]]["prize"]) == dealt[c["id"]]
    assert results[b["id"]]["deal"] == str(dealt[b["id"]])
    assert sum(Decimal(r["prize"]) for r in results.values()) == Decimal("500")


def test_a_deal_can_be_cancelled_and_results_fall_back_to_the_places(api, tournament, ten_players):
    tid = tournament["id"]
    a, b, c = final_three(api, tournament, ten_players)
    body = {
        "method": "icm",
        "stacks": [{"entry": e["id"], "chips": 1000} for e in (a, b, c)],
    }
    assert api.post(f"/tournaments/{tid}/deals", body).status_code == 201
    assert api.delete(f"/tournaments/{tid}/deal").status_code == 204
    assert api.delete(f"/tournaments/{tid}/deal").status_code == 404
    results = api.get(f"/tournaments/{tid}/results").json()
    assert all(r["deal"] is None for r in results)


def test_a_recorded_deal_reaches_the_display_board_with_display_names_only(
    api, tournament, ten_players, monkeypatch, django_capture_on_commit_callbacks
):
    sent = []
    monkeypatch.setattr(
        "screens.live.send_now", lambda tid, audience, message: sent.append((audience, message))
    )
    a, b, c = final_three(api, tournament, ten_players)
    Player.objects.filter(pk=a["player"]).update(
        email="secret@example.org", name="Hanna Maria Schmidt"
    )
    body = {"method": "icm", "stacks": [{"entry": e["id"], "chips": 100} for e in (a, b, c)]}
    with django_capture_on_commit_callbacks(execute=True):
        assert api.post(f"/tournaments/{tournament['id']}/deals", body).status_code == 201
    display = [m for audience, m in sent if audience == "display" and m["type"] == "deal"]
    assert len(display) == 1
    shares = display[0]["payouts"]["deal"]["payouts"]
    assert all(set(share) == {"name", "amount"} for share in shares)
    names = {share["name"] for share in shares}
    assert "Hanna S." in names
    assert "secret@example.org" not in str(display) and "Hanna Maria Schmidt" not in str(display)
