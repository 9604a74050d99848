"""Every answer of the API and the health check is JSON, errors included, and
the schema lists each answer the server gives (README "API")."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournament.test_database_outage import database_fails
from tournament.models import RoomSettings

pytestmark = pytest.mark.django_db


def test_the_health_check_answers_json_while_the_database_is_down():
    with database_fails():
        response = Client(raise_request_exception=False).get("/healthz")
    assert response.status_code == 503
    assert response.json()["ok"] is False
    assert response.json()["detail"].startswith("The database is not answering")
    assert response["Retry-After"]


def test_a_wrong_method_on_an_api_path_is_a_json_405_in_the_readers_language():
    response = Client(HTTP_ACCEPT_LANGUAGE="de").delete("/api/v1/tournaments")
    assert response.status_code == 405
    assert response.json() == {"detail": "Diese Methode ist hier nicht erlaubt."}
    assert "GET" in response["Allow"]


def test_the_schedule_switched_off_answers_a_404_the_schema_lists(client):
    RoomSettings.objects.update_or_create(
        pk=RoomSettings.current().pk, defaults={"public_schedule": False}
    )
    response = client.get("/api/v1/schedule")
    assert response.status_code == 404
    assert "detail" in response.json()
    schema = client.get("/api/v1/openapi.json").json()
    assert "404" in schema["paths"]["/api/v1/schedule"]["get"]["responses"]


@pytest.mark.parametrize("field", ["player", "tournament"])
def test_a_ticket_search_for_an_id_beyond_the_database_is_a_422_not_a_500(api, field):
    response = api.get(f"/tickets?{field}=99999999999999999999999")
    assert response.status_code == 422, response.content
    assert response.json()["field"] == field
