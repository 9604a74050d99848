"""What the floor pages carry for the time the server is away (README "When the
network drops"): the service worker from the root, told which assets to keep,
and each page's offline settings (its key, its probe, the words in the reader's
language). The browser side: tests/screens/test_offline_tablet_browser.py."""

from __future__ import annotations

import json
import re

import pytest
from conftest import seated_tournament
from django.test import Client
from floor_page import _script

from tables.models import Table

pytestmark = pytest.mark.django_db


def test_the_worker_is_served_from_the_root_with_the_assets_it_keeps(client):
    response = client.get("/offline-sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    head = response.content.decode().split("\n", 1)[0]
    settings = json.loads(re.match(r"self\.OFFLINE = (.*);$", head).group(1))
    assert "/static/tables/floor.js" in settings["assets"]
    assert "/static/js/offline_queue.js" in settings["assets"]
    assert any(re.match(p, "/tournaments/7/floor/") for p in settings["pages"])
    assert any(re.match(p, "/tables/3/view/") for p in settings["pages"])
    assert not any(re.match(p, "/tournaments/7/desk/") for p in settings["pages"])


def test_the_floor_pages_carry_their_offline_settings_in_the_readers_language(director, floor_user):
    tournament = seated_tournament(director, tables=2, players=[f"P{n:02}" for n in range(12)])
    client = Client()
    client.force_login(floor_user)
    client.cookies["django_language"] = "de"
    floor = client.get(f"/tournaments/{tournament.pk}/floor/").content.decode()
    config = _script(floor, "offline-config")
    assert config["page"] == f"floor:{tournament.pk}:"
    assert config["probe"] == f"/live/tournaments/{tournament.pk}/floor"
    assert config["worker"] == "/offline-sw.js"
    assert config["words"]["banner"] == "Keine Verbindung zum Server – Stand {time}"
    assert config["words"]["pending"] == "ausstehend"
    assert config["links"]["bust"] == "/floor/entries/0/bust/"
    table = Table.objects.filter(tournament=tournament).order_by("number").first()
    view = client.get(f"/tables/{table.pk}/view/").content.decode()
    config = _script(view, "offline-config")
    assert config["page"] == f"table:{table.pk}"
    assert config["probe"] == f"/live/tournaments/{tournament.pk}/floor?tables={table.number}"
    assert "offline_queue.js" in view
