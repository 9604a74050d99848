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


def test_every_script_of_the_floor_pages_is_kept_by_the_worker(client, director, floor_user):
    """A reload with no server opens the tablet only if each of its scripts is
    kept: a script split in two is in the worker's list, both halves."""
    head = client.get("/offline-sw.js").content.decode().split("\n", 1)[0]
    kept = set(json.loads(re.match(r"self\.OFFLINE = (.*);$", head).group(1))["assets"])
    tournament = seated_tournament(director, tables=2, players=[f"P{n:02}" for n in range(12)])
    floor_client = Client()
    floor_client.force_login(floor_user)
    table = Table.objects.filter(tournament=tournament).order_by("number").first()
    for path in (f"/tournaments/{tournament.pk}/floor/", f"/tables/{table.pk}/view/"):
        page = floor_client.get(path).content.decode()
        scripts = set(re.findall(r'<script src="(/static/[^"]+)"', page))
        assert "/static/js/live.js" in scripts
        assert scripts <= kept, (path, sorted(scripts - kept))
