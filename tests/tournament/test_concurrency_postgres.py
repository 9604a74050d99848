"""Real parallel requests on PostgreSQL: no double entry, no double bust, clear 409s."""

from __future__ import annotations

import threading
from collections import Counter
from unittest import mock

import pytest
from django.db import connection, connections

from tests.conftest import ApiClient
from tournament.api.auth import issue_token

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="parallel writers need PostgreSQL (CI runs it)"
    ),
]


def run_in_parallel(count: int, call) -> list:
    barrier = threading.Barrier(count)
    results: list = [None] * count

    def worker(index: int) -> None:
        try:
            barrier.wait()
            results[index] = call()
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def register_same_player_50_times(token: str, tournament_id: int, player: int) -> Counter:
    def call():
        response = ApiClient(token).post(
            f"/tournaments/{tournament_id}/entries", {"player": player}
        )
        return response.status_code

    return Counter(run_in_parallel(50, call))


def test_fifty_simultaneous_registrations_of_one_player_give_one_entry_and_409s(director):
    token = issue_token(director)
    api = ApiClient(token)
    tournament = api.post("/tournaments", {"name": "Race", "max_entries": 1}).json()
    player = api.post("/tournaments", {"name": "Other"}).json()  # ensure ids differ
    known = api.post(f"/tournaments/{player['id']}/entries", {"name": "Racer"}).json()["player"]
    statuses = register_same_player_50_times(token, tournament["id"], known)
    assert statuses == {201: 1, 409: 49}
    entries = api.get(f"/tournaments/{tournament['id']}/entries").json()
    assert len(entries) == 1


def test_without_the_lock_the_database_constraint_still_allows_only_one_entry(director):
    token = issue_token(director)
    api = ApiClient(token)
    tournament = api.post("/tournaments", {"name": "Race", "max_entries": 1}).json()
    other = api.post("/tournaments", {"name": "Other"}).json()
    known = api.post(f"/tournaments/{other['id']}/entries", {"name": "Racer"}).json()["player"]
    from tournament.models import Tournament

    def no_lock(tournament_id):
        return Tournament.objects.get(pk=tournament_id)

    with mock.patch("tournament.writes.locks.lock_tournament", side_effect=no_lock):
        statuses = register_same_player_50_times(token, tournament["id"], known)
    assert statuses[201] == 1
    assert statuses[500] == 0
    assert len(api.get(f"/tournaments/{tournament['id']}/entries").json()) == 1


def test_two_tablets_busting_one_player_at_once_bust_him_once(director):
    token = issue_token(director)
    api = ApiClient(token)
    tournament = api.post("/tournaments", {"name": "Bust race"}).json()
    api.post(f"/tournaments/{tournament['id']}/tables", {"count": 2})
    for i in range(12):
        api.post(f"/tournaments/{tournament['id']}/entries", {"name": f"P{i}"})
    api.post(f"/tournaments/{tournament['id']}/draw")
    victim = api.get(f"/tournaments/{tournament['id']}/tables").json()[0]["players"][0]["entry"]
    statuses = Counter(
        run_in_parallel(8, lambda: ApiClient(token).post(f"/entries/{victim}/bust").status_code)
    )
    assert statuses == {200: 1, 409: 7}
    assert api.get(f"/tournaments/{tournament['id']}").json()["remaining"] == 11


def test_two_tablets_confirming_one_move_at_once_carry_it_out_once(director):
    token = issue_token(director)
    api = ApiClient(token)
    tournament = api.post("/tournaments", {"name": "Move race"}).json()
    api.post(f"/tournaments/{tournament['id']}/tables", {"count": 2})
    for i in range(18):
        api.post(f"/tournaments/{tournament['id']}/entries", {"name": f"P{i}"})
    api.post(f"/tournaments/{tournament['id']}/draw")
    table_one = api.get(f"/tournaments/{tournament['id']}/tables").json()[0]["players"]
    api.post(f"/entries/{table_one[0]['entry']}/bust")
    api.post(f"/entries/{table_one[1]['entry']}/bust")
    move = api.get(f"/tournaments/{tournament['id']}/moves?status=pending").json()[0]
    statuses = Counter(
        run_in_parallel(6, lambda: ApiClient(token).post(f"/moves/{move['id']}/done").status_code)
    )
    assert statuses == {200: 1, 409: 5}


def test_twenty_desks_registering_one_new_name_and_email_create_one_player(director):
    token = issue_token(director)
    api = ApiClient(token)
    tournament = api.post("/tournaments", {"name": "Desk race", "max_entries": 1}).json()

    def call():
        body = {"name": "Ida  Neuling", "email": "ida@example.org", "consent": {"contact": True}}
        return ApiClient(token).post(f"/tournaments/{tournament['id']}/entries", body).status_code

    statuses = Counter(run_in_parallel(20, call))
    assert statuses == {201: 1, 409: 19}
    from tournament.models import Player

    assert Player.objects.filter(email="ida@example.org").count() == 1
