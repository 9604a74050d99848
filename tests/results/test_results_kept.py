"""The public results read what a finished tournament's write has worked out
(README "Results out"): the league table, the season feed, a player's page, the
list, one tournament and the embed ask the database a fixed number of times
however many tournaments the room has played, the first ask of a fresh process
included; and what changes the results shows at once."""

from __future__ import annotations

import io

import pytest

from tests.results.scenario import (
    FULL_NAME,
    HIDDEN_NAME,
    PSEUDONYM,
    PSEUDONYM_NAME,
    bust,
    club_night,
    finished_night,
)
from tournament.kept import forget_in_process
from tournament.models import Player

pytestmark = pytest.mark.django_db

# Queries of one ask, whatever the number of tournaments: the room's settings and
# look, the season, its tournaments, the players named; nothing per tournament.
MOST_QUERIES = 12


@pytest.fixture
def three_nights(api, django_capture_on_commit_callbacks):
    """Three finished club nights of the same players in one season; each write's
    commit runs its callbacks (the results task among them), as a server's does."""
    with django_capture_on_commit_callbacks(execute=True):
        first = finished_night(api, name="Montag")
        nights = [first]
        for name in ("Dienstag", "Mittwoch"):
            night = finished_night(api, name=name, regulars=first.players)
            settings = {"season": first.season}
            answer = api.patch(f"/tournaments/{night.tournament}/payouts/settings", settings)
            assert answer.status_code == 200
            nights.append(night)
    forget_in_process()  # a fresh process: only the shared cache holds them
    return nights


def public_id(night, name: str) -> str:
    return Player.objects.get(pk=night.players[name]).public_id


def test_every_public_page_asks_a_fixed_number_of_queries(
    three_nights, client, django_assert_max_num_queries
):
    first = three_nights[0]
    pages = [
        f"/seasons/{first.season}/table/",
        f"/seasons/{first.season}/table/2/",
        f"/api/public/v1/seasons/{first.season}",
        f"/players/{public_id(first, FULL_NAME)}/",
        "/results/",
        f"/results/{first.tournament}/",
        f"/api/public/v1/results/{first.tournament}",
        "/embed/results/",
        f"/embed/seasons/{first.season}/",
    ]
    for page in pages:
        with django_assert_max_num_queries(MOST_QUERIES):
            assert client.get(page, {"lang": "de"}).status_code == 200, page
    player_page = client.get(f"/players/{public_id(first, FULL_NAME)}/").content.decode()
    assert all(n in player_page for n in ("Montag", "Dienstag", "Mittwoch"))


def test_a_name_choice_shows_at_once_on_the_table_and_the_player_page(three_nights, api, client):
    first = three_nights[0]
    table = f"/seasons/{first.season}/table/"
    page = f"/players/{public_id(first, PSEUDONYM_NAME)}/"
    assert PSEUDONYM in client.get(table).content.decode()
    assert PSEUDONYM in client.get(page).content.decode()
    player = first.players[PSEUDONYM_NAME]
    choice = {"public_name": "pseudonym", "pseudonym": "SeaKing"}
    assert api.patch(f"/players/{player}", choice).status_code == 200
    assert "SeaKing" in client.get(table).content.decode()
    assert "SeaKing" in client.get(page).content.decode()
    assert PSEUDONYM not in client.get(table).content.decode()
    # Hidden: off the table by name, and no page of his own.
    assert api.patch(f"/players/{player}", {"public_name": "hidden"}).status_code == 200
    assert "SeaKing" not in client.get(table).content.decode()
    assert client.get(page).status_code == 404


def test_a_correction_moves_the_kept_table(three_nights, api, client):
    first = three_nights[0]
    feed = f"/api/public/v1/seasons/{first.season}"
    before = {line["name"]: line["points"] for line in client.get(feed).json()["standings"]}
    entry = first.entries[FULL_NAME]
    body = {"points": "50", "reason": "Nachgetragen"}
    assert api.post(f"/results/{entry}/corrections", body).status_code == 201
    standings = client.get(feed).json()["standings"]
    assert standings[0]["name"] == FULL_NAME
    assert float(standings[0]["points"]) == float(before[FULL_NAME]) + 50
    line = client.get(f"/seasons/{first.season}/table/1/", {"lang": "de"}).content.decode()
    assert FULL_NAME in line and "Korrektur 50" in line


def test_a_newly_finished_tournament_shows_on_the_table_and_the_player_page(
    three_nights, api, client
):
    first = three_nights[0]
    page = f"/players/{public_id(first, FULL_NAME)}/"
    table = f"/seasons/{first.season}/table/"
    client.get(page), client.get(table)  # both read and kept
    night = club_night(api, name="Donnerstag", regulars=first.players)
    api.patch(f"/tournaments/{night.tournament}/payouts/settings", {"season": first.season})
    api.post(f"/tournaments/{night.tournament}/clock/start")
    assert "Donnerstag" not in client.get(page).content.decode()
    bust(api, night, FULL_NAME)  # out first: fifth
    played = client.get(table).content.decode()
    bust(api, night, *(n for n in first.players if n not in (FULL_NAME, HIDDEN_NAME)))
    assert "Donnerstag" in client.get(page).content.decode()
    assert client.get(table).content.decode() != played
    assert f"/results/{night.tournament}/" in client.get(f"{table}1/").content.decode()


def test_after_the_cache_is_emptied_the_command_keeps_everything_again(
    three_nights, client, django_assert_max_num_queries
):
    from django.core.cache import cache
    from django.core.management import call_command

    first = three_nights[0]
    cache.clear()
    forget_in_process()
    call_command("results_keep", stdout=io.StringIO())
    forget_in_process()
    for page in (f"/seasons/{first.season}/table/", f"/players/{public_id(first, FULL_NAME)}/"):
        with django_assert_max_num_queries(MOST_QUERIES):
            assert client.get(page).status_code == 200


def test_a_changed_formula_is_worked_out_by_its_write_and_shows_at_once(
    three_nights, api, client, django_capture_on_commit_callbacks, django_assert_max_num_queries
):
    first = three_nights[0]
    feed = f"/api/public/v1/seasons/{first.season}"
    before = client.get(feed).json()["standings"][0]["points"]
    # Points by a table: the winner of all three nights (the hidden player) 3 x 100.
    season = {"name": "Saison 2026", "formula": "table", "table": ["100", "50", "20", "10", "5"]}
    with django_capture_on_commit_callbacks(execute=True):
        assert api.put(f"/seasons/{first.season}", season).status_code == 200
    forget_in_process()
    with django_assert_max_num_queries(MOST_QUERIES):
        after = client.get(feed).json()["standings"][0]["points"]
    assert float(before) != 300 and float(after) == 300
