"""A club evening keeps its tables while registration is open (README "Places,
re-entries and moves", "Breaking during registration"): the rulebooks leave the
moment a table breaks to the director and let the balance be looser early on,
so a new tournament does not break tables before registration closes; one made
before keeps its setting."""

from __future__ import annotations

import pytest
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.operations import AlterField
from django.test import Client

from tests.tables.test_floor_api import open_counts, seated_entry, tables_of
from tournament.services.tournaments import TournamentSettings

BEFORE = [("tournament", "0025_refill_search_keys_for_id_card_spellings")]
AFTER = [("tournament", "0026_keep_tables_during_registration_by_default")]


@pytest.mark.django_db
def test_a_new_tournament_keeps_its_tables_while_registration_is_open(api):
    # Made with no word about breaking, as the form and most scripts make it.
    game = {"id": api.post("/tournaments", {"name": "Club night"}).json()["id"]}
    assert api.get(f"/tournaments/{game['id']}").json()["break_during_registration"] is False
    api.post(f"/tournaments/{game['id']}/tables", {"count": 3})
    for i in range(19):
        api.post(f"/tournaments/{game['id']}/entries", {"name": f"Spieler {i:02}"})
    assert api.post(f"/tournaments/{game['id']}/draw").status_code == 200
    while sum(open_counts(api, game["id"]).values()) > 17:
        assert api.post(f"/entries/{seated_entry(api, game['id'])}/bust").status_code == 200
    assert [t["status"] for t in tables_of(api, game["id"])] == ["open"] * 3
    moves = api.get(f"/tournaments/{game['id']}/moves?status=pending").json()
    assert all(m["reason"] == "balance" for m in moves)


def test_the_services_default_is_the_same():
    assert TournamentSettings(name="Club night").break_during_registration is False


@pytest.mark.django_db
def test_the_new_tournament_form_offers_keeping_the_tables_first(director):
    client = Client()
    client.force_login(director)
    page = client.get("/tournaments/new/").content.decode()
    chosen = page.split('name="break_during_registration"')[1].split("</select>")[0]
    assert '<option value="False" selected>' in chosen


def test_a_tournament_made_before_keeps_breaking_tables_and_a_new_one_does_not():
    """The migration changes the default for new tournaments only: one AlterField,
    no row rewritten (a table-wide rewrite would turn last week's setting over)."""
    loader = MigrationLoader(None, ignore_no_migrations=True)
    before = loader.project_state(BEFORE).apps.get_model("tournament", "Tournament")
    after = loader.project_state(AFTER).apps.get_model("tournament", "Tournament")
    assert before._meta.get_field("break_during_registration").default is True
    assert after._meta.get_field("break_during_registration").default is False
    migration = loader.get_migration(*AFTER[0])
    assert [type(op) for op in migration.operations] == [AlterField]
    assert migration.operations[0].name == "break_during_registration"
