"""Numbers the database can store, text without NUL, documented errors, 401 for
anonymous writes, a JSON 413 (README "How a floor action flows")."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from config.api import api as director_api
from tests.rulings.test_rulings_api import ruling
from tests.tables.test_floor_api import start
from tournament.models import Player, Tournament

pytestmark = pytest.mark.django_db

INT_MAX = 2**31 - 1


def test_a_starting_stack_beyond_what_the_database_holds_is_a_422(api):
    too_big = api.post("/tournaments", {"name": "Deep", "starting_stack": INT_MAX + 1})
    assert too_big.status_code == 422
    assert too_big.json()["detail"].startswith("starting_stack:")
    assert not Tournament.objects.filter(name="Deep").exists()
    largest = api.post("/tournaments", {"name": "Deep", "starting_stack": INT_MAX})
    assert largest.status_code == 201, largest.content


def test_a_chip_value_beyond_what_the_database_holds_is_a_422(api, tournament):
    response = api.put(
        f"/tournaments/{tournament['id']}/chips",
        {"chips": [{"value": INT_MAX + 1, "colour": "gold", "count": 1}]},
    )
    assert response.status_code == 422
    assert "value" in response.json()["detail"]


def test_a_name_with_a_nul_character_is_refused_and_nobody_is_registered(api, tournament):
    response = api.post(f"/tournaments/{tournament['id']}/entries", {"name": "Eve\x00"})
    assert response.status_code == 422
    assert response.json()["detail"].startswith("name:")
    assert not Player.objects.filter(name__startswith="Eve").exists()


def test_an_amendment_with_a_nul_character_is_refused(api):
    game = start(api, players=4, tables=1)
    created = api.post(f"/tournaments/{game['id']}/rulings", ruling(game)).json()
    response = api.post(f"/rulings/{created['id']}/amendments", {"text": "ok\x00"})
    assert response.status_code == 422
    assert api.get(f"/rulings/{created['id']}").json()["amendments"] == []


def test_a_player_search_for_a_nul_character_is_a_422(desk_api):
    response = desk_api.get("/players?q=%00")
    assert response.status_code == 422
    assert response.json()["detail"].startswith("q:")


def test_a_page_asked_for_a_nul_character_is_a_400_in_the_readers_language(client, director):
    client.force_login(director)
    response = client.get("/players/?q=%00", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 400
    assert "darf keine NUL-Zeichen" in response.content.decode()


def test_a_field_the_operation_does_not_know_is_refused_not_ignored(api):
    game = start(api, players=9, tables=1)
    table = api.get(f"/tournaments/{game['id']}/tables").json()[0]
    response = api.put(f"/tables/{table['id']}/button", {"seat": 5, "hands": "next"})
    assert response.status_code == 422
    assert response.json()["detail"].startswith("hands:")


def test_false_is_not_a_number_of_levels(api):
    response = api.post("/tournaments", {"name": "Typed", "late_registration_levels": False})
    assert response.status_code == 422


def test_an_anonymous_write_is_a_401_not_a_csrf_failure(db):
    client = Client(enforce_csrf_checks=True)
    response = client.post("/api/v1/tournaments", data="{}", content_type="application/json")
    assert response.status_code == 401
    assert response.json()["detail"]


def test_a_signed_in_browser_write_without_csrf_token_is_still_refused(director):
    client = Client(enforce_csrf_checks=True)
    client.force_login(director)
    response = client.post(
        "/api/v1/tournaments", data='{"name": "x"}', content_type="application/json"
    )
    assert response.status_code == 403


def test_a_body_over_the_size_limit_gets_a_json_413(api, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = api.post("/tournaments", raw=json.dumps({"name": "x" * 2000}))
    assert response.status_code == 413
    assert response.json()["detail"]


def test_the_schema_documents_the_errors_of_each_operation():
    schema = director_api.get_openapi_schema(path_prefix="/api/v1/")
    bust = schema["paths"]["/api/v1/entries/{entry_id}/bust"]["post"]["responses"]
    assert {200, 400, 401, 403, 404, 409, 413, 422} <= set(bust)
    assert bust[409]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Error"
    }
    assert schema["components"]["schemas"]["Error"]["required"] == ["detail"]
    listing = schema["paths"]["/api/v1/tournaments"]["get"]["responses"]
    assert {401, 403} <= set(listing) and 404 not in listing and 409 not in listing


def test_a_bare_post_sent_as_an_empty_form_is_no_body(api, director):
    from tournament.api.auth import issue_token

    client = Client(HTTP_AUTHORIZATION=f"Bearer {issue_token(director)}")
    game = start(api, players=4, tables=1)
    entry = api.get(f"/tournaments/{game['id']}/tables").json()[0]["players"][0]["entry"]
    assert client.post(f"/api/v1/entries/{entry}/bust").status_code == 200
    assert client.post(f"/api/v1/entries/{entry}/unbust", {"x": "1"}).status_code == 422
