"""Tournaments that existed before places counted players keep counting entries,
so results already published stay as they were (README "Places, re-entries and moves")."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("tournament", "0014_money_buy_ins_and_fixed_payouts")]
AFTER = [("tournament", "0015_places_by_player_and_break")]


@pytest.mark.django_db(transaction=True)
def test_a_tournament_from_before_keeps_counting_by_entry_and_a_new_one_counts_players():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old_apps = executor.loader.project_state(BEFORE).apps
    old = old_apps.get_model("tournament", "Tournament").objects.create(
        name="Last season", tie_rule="share"
    )
    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new_apps = executor.loader.project_state(AFTER).apps
    tournaments = new_apps.get_model("tournament", "Tournament")
    kept = tournaments.objects.get(pk=old.pk)
    assert kept.places == "by_entry"
    assert kept.late_registration_through_break is False
    assert tournaments.objects.create(name="Tonight", tie_rule="share").places == "by_player"
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
