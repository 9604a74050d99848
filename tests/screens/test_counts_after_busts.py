"""Chip counts taken before later busts (README "Places, re-entries and moves"): the counted average and
the chip leaders count only the chips of players still in, and a count taken
before later busts is shown as such on the board, the lobby and the chip-counts
page (which must not send staff looking for chips that went to the winners)."""

from __future__ import annotations

import pytest

from tests.tables.test_floor_api import start, tables_of

pytestmark = pytest.mark.django_db

# Eight at the final table, 1,100,000 in play, counted to the chip.
STACKS = [250_000, 200_000, 160_000, 140_000, 120_000, 100_000, 80_000, 50_000]


def counted_final_table(api) -> tuple[dict, list[dict]]:
    game = start(api, players=8, tables=1, starting_stack=137_500)
    (table,) = tables_of(api, game["id"])
    seats = sorted(table["players"], key=lambda p: p["seat"])
    counts = [{"seat": p["seat"], "chips": chips} for p, chips in zip(seats, STACKS, strict=True)]
    response = api.post(f"/tables/{table['id']}/chip-counts", {"counts": counts})
    assert response.status_code in (200, 201), response.content
    return game, seats


def board(client, game: dict) -> dict:
    return client.get(f"/live/tournaments/{game['id']}/display").json()


def board_average(snapshot: dict) -> int:
    """What the board shows (static/js/display.js renderHeader): the counted average
    once every player is counted, else the chips in play over the players left."""
    counts = snapshot["chip_counts"]
    return counts["average"] if counts["complete"] else snapshot["summary"]["average_stack"]


def test_a_fresh_complete_count_gives_the_board_its_average(api, client):
    game, _seats = counted_final_table(api)
    snapshot = board(client, game)
    assert snapshot["chip_counts"]["complete"] is True
    assert snapshot["chip_counts"]["stale"] == 0
    assert board_average(snapshot) == 1_100_000 // 8


def test_a_bust_after_the_count_leaves_the_average_of_the_players_still_in(api, client):
    game, seats = counted_final_table(api)
    # The 160,000 stack busts: his chips went to a player still in.
    assert api.post(f"/entries/{seats[2]['entry']}/bust").status_code == 200
    snapshot = board(client, game)
    assert board_average(snapshot) == 157_142
    counts = snapshot["chip_counts"]
    assert counts["stale"] == 7 and counts["complete"] is False
    assert all(row["before_busts"] for row in counts["leaders"])
    assert all(seat["before_busts"] for seat in counts["final_table"]["seats"])


def test_after_the_end_no_chip_leader_is_named_and_the_winner_holds_every_chip(api, client):
    game, seats = counted_final_table(api)
    for loser in reversed(seats[1:]):
        assert api.post(f"/entries/{loser['entry']}/bust").status_code == 200
    snapshot = board(client, game)
    assert snapshot["summary"]["status"] == "finished"
    assert snapshot["chip_counts"]["leaders"] == []
    assert snapshot["chip_counts"]["final_table"] is None  # the results show instead
    assert board_average(snapshot) == 1_100_000
    lobby = client.get(f"/lobby/{game['id']}/")
    assert lobby.status_code == 200


def test_the_chip_counts_page_says_the_counts_predate_busts_and_misses_no_chips(
    api, client, director
):
    game, seats = counted_final_table(api)
    api.post(f"/entries/{seats[0]['entry']}/bust")  # the 250,000 stack: his chips went on
    client.force_login(director)
    page = client.get(
        f"/tournaments/{game['id']}/chip-counts/", HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "differ from the chips in play" not in page
    assert "7 counts were taken before later bust-outs" in page
    api.headers["HTTP_ACCEPT_LANGUAGE"] = "de"
    page = client.get(
        f"/tournaments/{game['id']}/chip-counts/", HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "7 Zählungen stammen von vor späteren Ausscheidungen" in page


def test_a_recount_after_the_busts_is_complete_again(api, client):
    game, seats = counted_final_table(api)
    api.post(f"/entries/{seats[7]['entry']}/bust")  # 50,000 to the big stack
    (table,) = tables_of(api, game["id"])
    counts = [
        {"seat": p["seat"], "chips": chips + (50_000 if i == 0 else 0)}
        for i, (p, chips) in enumerate(zip(seats[:7], STACKS[:7], strict=True))
    ]
    assert api.post(f"/tables/{table['id']}/chip-counts", {"counts": counts}).status_code in (
        200,
        201,
    )
    snapshot = board(client, game)
    assert snapshot["chip_counts"]["complete"] is True and snapshot["chip_counts"]["stale"] == 0
    assert board_average(snapshot) == 1_100_000 // 7
