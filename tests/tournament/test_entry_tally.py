"""The entry tally the database keeps (tournament/tally.py) matches the entries
whatever writes them: services, bulk inserts, queryset updates, deletes, and
after the triggers had been lost (SQLite drops them when a migration rebuilds
the table)."""

from __future__ import annotations

from collections import Counter

import pytest
from django.db import connection

from tournament.models import Entry, EntryTally, Player
from tournament.summary import entry_counts
from tournament.tally import TALLY, install_entry_tally


def tally_of(tournament_id: int) -> dict[tuple[str, int], tuple[int, int, int]]:
    return {
        (status, number_class): (n, rebuys, addons)
        for status, number_class, n, rebuys, addons in EntryTally.objects.filter(
            tournament_id=tournament_id, entries__gt=0
        ).values_list("status", "number_class", "entries", "rebuys", "addons")
    }


def counted(tournament_id: int) -> dict[tuple[str, int], tuple[int, int, int]]:
    totals: Counter = Counter()
    rebuys: Counter = Counter()
    addons: Counter = Counter()
    for entry in Entry.objects.filter(tournament_id=tournament_id):
        key = (entry.status, min(entry.number, 2))
        totals[key] += 1
        rebuys[key] += entry.rebuys
        addons[key] += entry.addons
    return {key: (totals[key], rebuys[key], addons[key]) for key in totals}


@pytest.fixture
def field(tournament):
    players = Player.objects.bulk_create(Player(name=f"Player {i}") for i in range(12))
    Entry.objects.bulk_create(
        Entry(tournament_id=tournament["id"], player=player, status="seated") for player in players
    )
    return tournament["id"], players


def test_bulk_inserts_updates_and_deletes_keep_the_tally(field):
    tournament_id, players = field
    assert tally_of(tournament_id) == {("seated", 1): (12, 0, 0)}

    Entry.objects.filter(player__in=players[:3]).update(status="busted", place=1)
    Entry.objects.filter(player__in=players[3:5]).update(rebuys=2, addons=1)
    Entry.objects.filter(player=players[0]).update(place=None, status="busted")
    Entry.objects.create(tournament_id=tournament_id, player=players[0], number=2, rebuys=1)
    Entry.objects.filter(player=players[11]).delete()

    assert (
        tally_of(tournament_id)
        == counted(tournament_id)
        == {
            ("busted", 1): (3, 0, 0),
            ("seated", 1): (8, 4, 2),
            ("registered", 2): (1, 1, 0),
        }
    )


def test_the_counts_of_the_summary_come_from_the_tally(field, api):
    tournament_id, players = field
    entry = Entry.objects.get(player=players[1])
    assert api.post(f"/entries/{entry.pk}/bust").status_code == 200
    # A write the services never make: the tally, kept by the database, still sees it.
    Entry.objects.filter(player=players[2]).update(status="disqualified")

    counts = entry_counts(entry.tournament)
    assert (counts.entries, counts.remaining, counts.out) == (12, 10, 2)
    shown = api.get(f"/tournaments/{tournament_id}").json()
    assert (shown["entries"], shown["remaining"]) == (12, 10)


def test_lost_triggers_come_back_with_a_true_tally_after_migrate(field):
    tournament_id, players = field
    with connection.cursor() as cursor:
        on_table = "" if connection.vendor == "sqlite" else " ON tournament_entry"
        for name in ("insert", "delete", "update"):
            cursor.execute(f"DROP TRIGGER {TALLY}_{name}{on_table}")
    Entry.objects.filter(player__in=players[:4]).update(status="waiting")
    assert tally_of(tournament_id) != counted(tournament_id)

    install_entry_tally(using="default")  # what post_migrate runs

    assert tally_of(tournament_id) == counted(tournament_id)
    Entry.objects.filter(player=players[5]).update(status="busted", place=12)
    assert tally_of(tournament_id) == counted(tournament_id)
