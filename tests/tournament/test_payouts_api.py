from __future__ import annotations

from decimal import Decimal

import pytest

from tournament.models import ActionLog, Entry, Tournament

pytestmark = pytest.mark.django_db


def register(api, tournament_id: int, count: int, prefix: str = "Player") -> list[dict]:
    entries = []
    for n in range(1, count + 1):
        response = api.post(f"/tournaments/{tournament_id}/entries", {"name": f"{prefix} {n}"})
        assert response.status_code == 201, response.content
        entries.append(response.json())
    return entries


def bust(entry_id: int, place: int, *, shared: bool = False, stack: int | None = None) -> None:
    Entry.objects.filter(pk=entry_id).update(
        status="busted", place=place, place_shared=shared, starting_stack_at_bust=stack
    )


def close_registration(tournament_id: int) -> None:
    Tournament.objects.filter(pk=tournament_id).update(registration_closed=True)


# --- GET /payouts ----------------------------------------------------------


def test_prize_pool_takes_the_buy_in_of_every_entry_and_leaves_the_fee_to_the_house(
    api, tournament
):
    register(api, tournament["id"], 8)
    body = api.get(f"/tournaments/{tournament['id']}/payouts").json()
    assert body["prize_pool"] == "400.00"
    assert body["fees"] == "40.00"
    assert body["places"] == [
        {"place": 1, "amount": "200.00", "percentage": "50"},
        {"place": 2, "amount": "120.00", "percentage": "30"},
        {"place": 3, "amount": "80.00", "percentage": "20"},
    ]


def test_an_empty_tournament_has_an_empty_pool_and_pays_the_winner_only(api, tournament):
    body = api.get(f"/tournaments/{tournament['id']}/payouts").json()
    assert body["prize_pool"] == "0.00"
    assert body["places"] == [{"place": 1, "amount": "0.00", "percentage": "100"}]


def test_prize_pool_counts_re_entries_rebuys_add_ons_and_manual_additions(api):
    t = api.post(
        "/tournaments", {"name": "Rebuy", "buy_in": "20", "fee": "2", "max_entries": 3}
    ).json()
    settings = api.patch(
        f"/tournaments/{t['id']}/payouts/settings",
        {
            "re_entry_price": "15",
            "re_entry_fee": "1",
            "rebuy_price": "10",
            "rebuy_fee": "1",
            "addon_price": "5",
            "addon_fee": "0.50",
        },
    )
    assert settings.status_code == 200, settings.content
    first, second = register(api, t["id"], 2)
    bust(first["id"], place=2)
    again = api.post(f"/tournaments/{t['id']}/entries", {"player": first["player"]})
    assert again.status_code == 201
    assert api.post(f"/entries/{second['id']}/rebuys", {"count": 2}).status_code == 201
    assert api.post(f"/entries/{again.json()['id']}/addons", {}).status_code == 201
    added = api.post(f"/tournaments/{t['id']}/prize-additions", {"amount": "7.50", "note": "Bar"})
    assert added.status_code == 201
    body = api.get(f"/tournaments/{t['id']}/payouts").json()
    # 2 x 20 + 15 (re-entry) + 2 x 10 (rebuys) + 5 (add-on) + 7.50 (addition)
    assert body["prize_pool"] == "87.50"
    assert body["fees"] == "7.50"  # 2 x 2 + 1 + 2 x 1 + 0.50
    assert (body["entries"], body["re_entries"], body["rebuys"], body["addons"]) == (2, 1, 2, 1)


def test_the_house_pays_the_overlay_up_to_the_guarantee(api, tournament):
    register(api, tournament["id"], 10)
    response = api.put(
        f"/tournaments/{tournament['id']}/payouts",
        {"percentages": ["50", "30", "20"], "rounding": "10", "guarantee": "1000"},
    )
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["prize_pool"] == "1000.00"
    assert body["overlay"] == "500.00"
    assert [p["amount"] for p in body["places"]] == ["500.00", "300.00", "200.00"]


def test_rounding_gives_the_remainder_to_the_winner_so_places_add_up_to_the_pool(api, tournament):
    register(api, tournament["id"], 7)  # pool 350
    body = api.put(
        f"/tournaments/{tournament['id']}/payouts",
        {"percentages": ["47", "33", "20"], "rounding": "5"},
    ).json()
    amounts = [Decimal(p["amount"]) for p in body["places"]]
    assert amounts == [Decimal("165"), Decimal("115"), Decimal("70")]  # 164.50 + 0.50
    assert sum(amounts) == Decimal(body["prize_pool"])


@pytest.mark.parametrize("unit", ["10", "100", "0.5", "0.05", "1"])
def test_the_rounding_unit_comes_back_as_it_was_sent_not_in_exponent_form(api, tournament, unit):
    path = f"/tournaments/{tournament['id']}/payouts"
    put = api.put(path, {"percentages": ["100"], "rounding": unit})
    assert put.status_code == 200, put.content
    assert put.json()["rounding"] == unit
    assert api.get(path).json()["rounding"] == unit


# --- PUT /payouts: refusals ---------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        {"percentages": ["50", "30", "10"], "rounding": "1"},
        {"percentages": ["30", "50", "20"], "rounding": "1"},
        {"percentages": [], "rounding": "1"},
        {"percentages": ["-10", "110"], "rounding": "1"},
        {"percentages": ["fifty", "50"], "rounding": "1"},
        {"percentages": ["100"], "rounding": "3"},
        {"percentages": ["100"], "rounding": "lots"},
        {"percentages": ["100"]},
        {"percentages": ["100"], "rounding": "1", "guarantee": "-5"},
        {"percentages": ["100"], "rounding": "1", "guarantee": "1.005"},
    ],
)
def test_bad_payout_structures_are_refused_with_a_4xx_and_change_nothing(api, tournament, body):
    response = api.put(f"/tournaments/{tournament['id']}/payouts", body)
    assert 400 <= response.status_code < 500
    assert response.json()["detail"]
    assert api.get(f"/tournaments/{tournament['id']}/payouts").json()["structure"] == "template"


def test_percentages_that_do_not_add_up_to_100_say_so(api, tournament):
    response = api.put(
        f"/tournaments/{tournament['id']}/payouts", {"percentages": ["60", "30"], "rounding": "1"}
    )
    assert response.status_code == 422  # status: field error
    assert "100" in response.json()["detail"]


def test_only_a_director_may_change_the_payouts(floor_api, desk_api, tournament):
    body = {"percentages": ["100"], "rounding": "1"}
    assert floor_api.put(f"/tournaments/{tournament['id']}/payouts", body).status_code == 403
    assert desk_api.put(f"/tournaments/{tournament['id']}/payouts", body).status_code == 403
    assert floor_api.get(f"/tournaments/{tournament['id']}/payouts").status_code == 200


def test_anonymous_callers_get_401_on_every_payout_endpoint(anonymous_api, tournament):
    tid = tournament["id"]
    assert anonymous_api.get(f"/tournaments/{tid}/payouts").status_code == 401
    assert (
        anonymous_api.put(
            f"/tournaments/{tid}/payouts", {"percentages": ["100"], "rounding": "1"}
        ).status_code
        == 401
    )
    assert anonymous_api.get(f"/tournaments/{tid}/results").status_code == 401
    preview = {"method": "icm", "stacks": [{"entry": 1, "chips": 10}]}
    assert anonymous_api.post(f"/tournaments/{tid}/deals/preview", preview).status_code == 401


def test_payouts_of_an_unknown_tournament_are_404(api):
    assert api.get("/tournaments/987654/payouts").status_code == 404
    put = api.put("/tournaments/987654/payouts", {"percentages": ["100"], "rounding": "1"})
    assert put.status_code == 404


def test_a_payout_change_is_logged(api, tournament):
    api.put(f"/tournaments/{tournament['id']}/payouts", {"percentages": ["100"], "rounding": "1"})
    assert ActionLog.objects.filter(tournament_id=tournament["id"], kind="payouts_updated").exists()


# --- template follows the field, then freezes ------------------------------


def test_template_grows_with_the_field_and_freezes_when_registration_closes(api, tournament):
    tid = tournament["id"]
    register(api, tid, 6, "Early")
    assert api.get(f"/tournaments/{tid}/payouts").json()["paid"] == 2
    register(api, tid, 5, "Late")  # 11 entries
    assert api.get(f"/tournaments/{tid}/payouts").json()["paid"] == 4
    close_registration(tid)
    frozen = api.get(f"/tournaments/{tid}/payouts").json()
    assert frozen["structure"] == "frozen" and frozen["paid"] == 4
    # Entries added after the close change neither the paid places nor, having
    # paid nothing at the desk, the pool (README "Cash desk": the ledger's pool).
    player = api.post(f"/tournaments/{tid}/entries", {"name": "x"})  # refused: closed
    assert player.status_code == 409
    later = Entry.objects.filter(tournament_id=tid).first()
    for n in range(10):
        Entry.objects.create(tournament_id=tid, player=later.player, number=10 + n, status="busted")
    after = api.get(f"/tournaments/{tid}/payouts").json()
    assert after["paid"] == 4
    assert after["prize_pool"] == "550.00"


def test_a_director_structure_overrides_the_template_and_null_brings_it_back(api, tournament):
    tid = tournament["id"]
    register(api, tid, 12)
    custom = api.put(
        f"/tournaments/{tid}/payouts", {"percentages": ["70", "30"], "rounding": "1"}
    ).json()
    assert custom["structure"] == "custom" and custom["paid"] == 2
    back = api.put(f"/tournaments/{tid}/payouts", {"percentages": None, "rounding": "1"}).json()
    assert back["structure"] == "template" and back["paid"] == 4


# --- rebuys and add-ons --------------------------------------------------------


def test_a_busted_player_cannot_rebuy(api, tournament):
    (entry,) = register(api, tournament["id"], 1)
    bust(entry["id"], place=1)
    response = api.post(f"/entries/{entry['id']}/rebuys", {})
    assert response.status_code == 409


def test_a_negative_or_empty_purchase_is_refused(api, tournament):
    (entry,) = register(api, tournament["id"], 1)
    assert api.post(f"/entries/{entry['id']}/rebuys", {"count": -1}).status_code == 422
    assert api.post(f"/entries/{entry['id']}/rebuys", {"count": 0}).status_code == 422
    assert api.post("/entries/999999/addons", {}).status_code == 404


def test_rebuy_and_add_on_chips_count_in_chips_in_play_and_the_average_stack(api, tournament):
    api.patch(
        f"/tournaments/{tournament['id']}/payouts/settings",
        {"rebuy_price": "50", "rebuy_chips": 20000, "addon_price": "20", "addon_chips": 10000},
    )
    entries = [
        api.post(f"/tournaments/{tournament['id']}/entries", {"name": f"Chip {i}"}).json()["id"]
        for i in range(2)
    ]
    assert api.post(f"/entries/{entries[0]}/rebuys", {"count": 1}).status_code in (200, 201)
    assert api.post(f"/entries/{entries[1]}/addons", {"count": 1}).status_code in (200, 201)
    from tournament.models import Tournament
    from tournament.summary import tournament_summary

    summary = tournament_summary(Tournament.objects.get(pk=tournament["id"]))
    assert summary["chips_in_play"] == 2 * 20000 + 20000 + 10000
    assert summary["average_stack"] == 35000
