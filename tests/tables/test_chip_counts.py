"""Chip counts (README "Events: flights, bags and the next day"): a table's seats at once or one player, the
list highest first, and the counted total checked against the chips in play."""

from __future__ import annotations

import pytest
from django.test import Client

from screens import live
from screens.snapshots import snapshot
from tables.models import ChipCount

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(api):
    # By the book: the final table is drawn as soon as the field fits it.
    tournament = api.post(
        "/tournaments",
        {"name": "Count Cup", "starting_stack": 10000, "break_during_registration": True},
    ).json()
    api.post(f"/tournaments/{tournament['id']}/tables", {"count": 2})
    # Names as a room has them: the public screens show first name and initial.
    for name in (
        "Anna Berg",
        "Bernd Kaiser",
        "Clara Wolf",
        "Dieter Fuchs",
        "Eva Lang",
        "Fritz Ott",
    ):
        api.post(f"/tournaments/{tournament['id']}/entries", {"name": name})
    api.post(f"/tournaments/{tournament['id']}/draw")
    tables = api.get(f"/tournaments/{tournament['id']}/tables").json()
    return tournament, tables


def test_a_table_is_counted_seat_by_seat_and_listed_highest_first(api, game):
    tournament, tables = game
    first = tables[0]
    counts = [{"seat": p["seat"], "chips": 8000 + 1000 * i} for i, p in enumerate(first["players"])]
    response = api.post(f"/tables/{first['id']}/chip-counts", {"counts": counts})
    assert response.status_code == 201
    listed = api.get(f"/tournaments/{tournament['id']}/chip-counts").json()
    assert [row["chips"] for row in listed] == sorted((c["chips"] for c in counts), reverse=True)
    assert set(listed[0]) == {
        "entry",
        "name",
        "table",
        "seat",
        "chips",
        "counted_at",
        "before_busts",
    }
    # A later count of one player replaces his stack; the first stays on record.
    player = first["players"][0]
    assert api.put(f"/entries/{player['entry']}/chips", {"chips": 25000}).status_code == 200
    listed = api.get(f"/tournaments/{tournament['id']}/chip-counts").json()
    assert listed[0]["entry"] == player["entry"] and listed[0]["chips"] == 25000
    assert ChipCount.objects.filter(entry_id=player["entry"]).count() == 2


def test_bad_counts_are_refused_and_change_nothing(api, game):
    _tournament, tables = game
    table = tables[0]
    seat = table["players"][0]["seat"]
    empty = next(
        n for n in range(1, table["seats"] + 1) if n not in {p["seat"] for p in table["players"]}
    )
    cases = [
        {"counts": [{"seat": empty, "chips": 100}]},
        {"counts": [{"seat": seat, "chips": 100}, {"seat": seat, "chips": 200}]},
        {"counts": [{"seat": seat, "chips": -5}]},
        {"counts": []},
    ]
    for body in cases:
        response = api.post(f"/tables/{table['id']}/chip-counts", body)
        assert 400 <= response.status_code < 500 and response.json()["detail"], body
    assert (
        api.post("/tables/987654/chip-counts", {"counts": [{"seat": 1, "chips": 1}]}).status_code
        == 404
    )
    assert not ChipCount.objects.exists()


def test_the_check_shows_the_difference_once_everyone_is_counted(api, game, floor_user):
    tournament, tables = game
    client = Client()
    client.force_login(floor_user)
    page = client.get(f"/tournaments/{tournament['id']}/chip-counts/").content.decode()
    assert "No chips counted yet" in page
    for table in tables:
        client.post(
            f"/floor/tables/{table['id']}/chip-counts/",
            {f"chips-{p['seat']}": "10000" for p in table["players"]},
        )
    page = client.get(f"/tournaments/{tournament['id']}/chip-counts/").content.decode()
    assert "add up to the chips in play" in page
    entry = tables[0]["players"][0]["entry"]
    api.put(f"/entries/{entry}/chips", {"chips": 9500})
    page = client.get(f"/tournaments/{tournament['id']}/chip-counts/").content.decode()
    assert "differ from the chips in play by -500" in page


def test_the_table_form_lists_every_seat_and_says_what_is_wrong(api, game, floor_user):
    _tournament, tables = game
    table = tables[0]
    client = Client()
    client.force_login(floor_user)
    form = client.get(f"/floor/tables/{table['id']}/chip-counts/").content.decode()
    assert form.count('name="chips-') == len(table["players"])
    assert "data-enter-next" in form and "autofocus" not in form
    seat = table["players"][0]["seat"]
    for typed in ("viel", "-5", "0"):
        bad = client.post(f"/floor/tables/{table['id']}/chip-counts/", {f"chips-{seat}": typed})
        assert bad.status_code in (400, 422) and "whole number" in bad.content.decode(), typed
    assert not ChipCount.objects.exists()


def test_the_screens_get_the_leaders_the_average_and_the_final_table(api, game):

    tournament, tables = game
    tid = tournament["id"]

    def part():
        return snapshot(tid, audience=live.DISPLAY)["chip_counts"]

    assert part()["leaders"] == [] and part()["average"] is None
    for table in tables:
        counts = [{"seat": p["seat"], "chips": 5000 + 1000 * p["seat"]} for p in table["players"]]
        api.post(f"/tables/{table['id']}/chip-counts", {"counts": counts})
    shown = part()
    assert shown["counted"] == shown["players"] == 6 and shown["complete"]
    assert shown["final_table"] is None  # two tables still play
    assert [row["chips"] for row in shown["leaders"]] == sorted(
        (row["chips"] for row in shown["leaders"]), reverse=True
    )
    # Public screens get display names; the staff list full names.
    assert shown["leaders"][0]["name"].endswith(".") and " " in shown["leaders"][0]["name"]
    # A recount leaves one current count per player.
    top = api.get(f"/tournaments/{tid}/chip-counts").json()[0]
    api.put(f"/entries/{top['entry']}/chips", {"chips": 99000})
    assert ChipCount.objects.filter(entry_id=top["entry"], latest=True).count() == 1
    assert part()["leaders"][0]["chips"] == 99000
    # A busted leader leaves the list.
    api.post(f"/entries/{top['entry']}/bust")
    shown = part()
    assert 99000 not in [row["chips"] for row in shown["leaders"]]
    assert shown["counted"] == shown["players"] == 5
    # Five fit one table: the other breaks, and the final table shows all five,
    # those still walking over in the seats they go to.
    final = shown["final_table"]
    assert len(final["seats"]) == 5 and all(row["chips"] for row in final["seats"])
    moves = api.get(f"/tournaments/{tid}/moves?status=pending").json()
    assert moves and {m["to_seat"] for m in moves} <= {row["seat"] for row in final["seats"]}
