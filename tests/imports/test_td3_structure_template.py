"""An imported TD3 evening's blind structure becomes a template of the room
(README "Blind structure templates"): saved under the
file's title and applied to a new tournament like a built-in template."""

from __future__ import annotations

import pytest
from django.test import Client

from imports.rules.td3_read import read_td3
from tests.imports.td3_files import needed_td3_files
from tests.imports.td3_import_support import post_files, upload
from tournament.api.auth import issue_token

pytestmark = pytest.mark.django_db


def test_an_imported_structure_is_saved_as_a_template_named_after_the_file(director, api):
    files = needed_td3_files("ORF 2025")
    name, data = upload(files[0])
    report = post_files(Client(), issue_token(director), "/imports/td3", [(name, data)]).json()
    imported = report["tournaments"][0]["id"]
    tournament = api.get(f"/tournaments/{imported}").json()
    assert tournament["status"] == "finished"
    levels = api.get(f"/tournaments/{imported}/structure").json()["levels"]
    assert levels, "the import took over no structure"

    response = api.post(f"/tournaments/{imported}/structure/save-as-template", {})
    assert response.status_code == 201, response.content
    template = response.json()
    assert template["title"] == tournament["name"]
    assert read_td3(data).title in template["title"]
    assert template["levels"] == levels

    fresh = api.post("/tournaments", {"name": "Next evening", "starting_stack": 20000}).json()
    applied = api.post(
        f"/tournaments/{fresh['id']}/structure/template", {"template": template["key"]}
    )
    assert applied.status_code == 200, applied.content
    assert applied.json()["levels"] == levels
