"""The public JSON feed (README "Results out"): its own OpenAPI document, answers
that validate against it, ETags, and the room's hold on results."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate

from results.api.public import public_api
from tests.results.scenario import finished_night

pytestmark = pytest.mark.django_db

FEED = "/api/public/v1"


@pytest.fixture
def document(client):
    answer = client.get(f"{FEED}/openapi.json")
    assert answer.status_code == 200
    return answer.json()


def test_the_feed_has_its_own_valid_openapi_document(document):
    validate(document)
    assert document["info"]["version"] == "1.0"
    assert set(document["paths"]) == {
        f"{FEED}/results",
        f"{FEED}/results/{{tournament_id}}",
        f"{FEED}/seasons/{{season_id}}",
    }
    # Nothing of the staff API is in it.
    assert not any("/api/v1/" in path for path in document["paths"])


def assert_valid(document: dict, path: str, answer) -> None:
    """The answer's body validates against the document's schema of that status."""
    operation = document["paths"][path]["get"]
    schema = operation["responses"][str(answer.status_code)]["content"]["application/json"]
    validator = Draft202012Validator({**schema["schema"], "components": document["components"]})
    errors = [error.message for error in validator.iter_errors(answer.json())]
    assert errors == [], (path, errors)


def test_every_answer_validates_against_the_document(api, client, document):
    night = finished_night(api)
    asked = {
        f"{FEED}/results": f"{FEED}/results",
        f"{FEED}/results?q=Dienstag&page=1": f"{FEED}/results",
        f"{FEED}/results/{night.tournament}": f"{FEED}/results/{{tournament_id}}",
        f"{FEED}/results/999999": f"{FEED}/results/{{tournament_id}}",
        f"{FEED}/seasons/{night.season}": f"{FEED}/seasons/{{season_id}}",
        f"{FEED}/seasons/999999": f"{FEED}/seasons/{{season_id}}",
    }
    for url, path in asked.items():
        answer = client.get(url)
        assert answer.status_code in (200, 404), url
        assert_valid(document, path, answer)
    one = client.get(f"{FEED}/results/{night.tournament}").json()
    assert set(one) >= {"tournament", "name", "date", "places", "special_prizes"}
    assert set(one["places"][0]) >= {"place", "name", "prize"}
    item = client.get(f"{FEED}/results").json()["items"][0]
    assert set(item) >= {"tournament", "name", "date", "entries", "winner"}
    assert item["entries"] == 5


def test_a_bad_query_is_a_422_in_the_readers_language(client, db):
    answer = client.get(f"{FEED}/results?page=0", HTTP_ACCEPT_LANGUAGE="de")
    assert answer.status_code == 422
    assert "detail" in answer.json()


def test_an_unchanged_answer_is_a_304_with_its_etag(api, client):
    night = finished_night(api)
    for url in (
        f"{FEED}/results",
        f"{FEED}/results/{night.tournament}",
        f"{FEED}/seasons/{night.season}",
        f"/results/{night.tournament}/",
    ):
        first = client.get(url)
        tag = first["ETag"]
        assert "max-age=30" in first["Cache-Control"]
        again = client.get(url, HTTP_IF_NONE_MATCH=tag)
        assert again.status_code == 304, url
        assert client.get(url, HTTP_IF_NONE_MATCH='"other"').status_code == 200


def test_a_new_result_changes_the_etag_at_once(api, client):
    first = finished_night(api, name="Erstes Turnier")
    before = client.get(f"{FEED}/results")
    finished_night(api, name="Zweites Turnier", regulars=first.players)
    after = client.get(f"{FEED}/results", HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert [i["name"] for i in after.json()["items"]][:2] == ["Zweites Turnier", "Erstes Turnier"]


def test_a_room_that_holds_results_shows_a_tournament_once_published(api, client):
    assert api.patch("/room", {"hold_results": True}).json()["hold_results"] is True
    night = finished_night(api)
    assert client.get(f"{FEED}/results").json()["items"] == []
    assert client.get(f"{FEED}/results/{night.tournament}").status_code == 404
    assert client.get(f"/results/{night.tournament}/").status_code == 404
    published = api.post(f"/tournaments/{night.tournament}/results/publish")
    assert published.status_code == 200, published.content
    assert published.json()["published_at"] is not None
    assert client.get(f"{FEED}/results/{night.tournament}").status_code == 200
    assert client.get(f"/results/{night.tournament}/").status_code == 200
    # Publishing again changes nothing.
    again = api.post(f"/tournaments/{night.tournament}/results/publish").json()
    assert again["published_at"] == published.json()["published_at"]


def test_a_running_tournament_cannot_be_published(api, tournament):
    answer = api.post(f"/tournaments/{tournament['id']}/results/publish")
    assert answer.status_code == 409


def test_the_feed_document_is_the_apis_own(document):
    own = public_api.get_openapi_schema(path_prefix=f"{FEED}/")
    assert document == json.loads(json.dumps(own))
