"""A database that does not answer: a quick 503 that says so, never a 500 page,
and never an error for a write that committed (README "When Redis or
PostgreSQL fails")."""

from __future__ import annotations

import socket
from contextlib import contextmanager
from time import monotonic

import pytest
from django.db import OperationalError, connection
from django.test import Client

from tournament import changes

pytestmark = pytest.mark.django_db


@contextmanager
def database_fails(when=lambda: True):
    """Every query fails the way a lost PostgreSQL connection fails, while `when()`."""

    def wrapper(execute, sql, params, many, context):
        if when():
            raise OperationalError("server closed the connection unexpectedly")
        return execute(sql, params, many, context)

    with connection.execute_wrapper(wrapper):
        yield


def test_the_api_answers_a_json_503_when_the_database_does_not_answer(api, tournament):
    with database_fails():
        response = api.get(f"/tournaments/{tournament['id']}")
    assert response.status_code == 503
    assert response["Content-Type"].startswith("application/json")
    assert response.json() == {
        "detail": "The database is not answering right now. Try again in a moment."
    }
    assert response["Retry-After"]


def test_a_write_through_the_api_answers_503_too(api, tournament):
    with database_fails():
        response = api.post(f"/tournaments/{tournament['id']}/entries", {"name": "Paul Meier"})
    assert response.status_code == 503
    assert "database" in response.json()["detail"]


def test_a_screen_polling_for_its_snapshot_gets_the_503_as_json(tournament):
    with database_fails():
        response = Client().get(
            f"/live/tournaments/{tournament['id']}/display?since=1",
            HTTP_ACCEPT="application/json",
        )
    assert response.status_code == 503
    assert response.json()["detail"].startswith("The database is not answering")


def test_the_api_schema_lists_the_503_and_the_saved_202(client):
    paths = client.get("/api/v1/openapi.json").json()["paths"]
    assert "503" in paths["/api/v1/tournaments/{tournament_id}"]["get"]["responses"]
    bust = paths["/api/v1/entries/{entry_id}/bust"]["post"]["responses"]
    assert {"200", "202", "503"} <= set(bust)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "The database is not answering right now."),
        ("de", "Die Datenbank antwortet gerade nicht."),
    ],
)
def test_a_page_answers_a_translated_503_page(director, tournament, language, said):
    staff = Client(HTTP_ACCEPT_LANGUAGE=language)
    staff.force_login(director)
    with database_fails():
        response = staff.get(f"/tournaments/{tournament['id']}/")
    assert response.status_code == 503
    html = response.content.decode()
    assert said in html
    assert f'<html lang="{language}">' in html
    assert "Server Error" not in html


def test_a_database_failure_in_a_middleware_is_a_503_page_too(director, tournament):
    # The session is read by the authentication middleware's user, outside any view.
    staff = Client(raise_request_exception=False)
    staff.force_login(director)
    with database_fails():
        response = staff.get("/")
    assert response.status_code == 503
    assert "The database is not answering" in response.content.decode()


@pytest.fixture
def seated(api, tournament) -> dict:
    for name in ("Anna Keller", "Bernd Schulz", "Clara Wagner"):
        assert (
            api.post(f"/tournaments/{tournament['id']}/entries", {"name": name}).status_code == 201
        )
    assert (
        api.post(f"/tournaments/{tournament['id']}/tables", {"count": 1, "seats": 9}).status_code
        == 201
    )
    assert api.post(f"/tournaments/{tournament['id']}/draw").status_code == 200
    return tournament


@contextmanager
def database_fails_after_the_next_commit():
    """The database goes away right after a write commits, while its answer is
    built (on_commit runs at the real commit: transactional tests only)."""
    committed = []
    composers = list(changes._composer)
    changes._composer[:] = [lambda change: committed.append(change), *composers]
    try:
        with database_fails(when=lambda: bool(committed)):
            yield committed
    finally:
        changes._composer[:] = composers


@pytest.mark.django_db(transaction=True)
def test_a_bust_that_committed_is_answered_with_its_place_even_if_the_database_then_fails(
    api, seated
):
    entries = api.get(f"/tournaments/{seated['id']}/entries").json()
    with database_fails_after_the_next_commit() as committed:
        response = api.post(f"/entries/{entries[0]['id']}/bust")
    assert committed
    assert response.status_code == 200, response.content
    assert response.json()["place"] == 3
    assert response.json()["status"] == "busted"
    assert api.get(f"/tournaments/{seated['id']}").json()["remaining"] == 2


@pytest.mark.django_db(transaction=True)
def test_busts_of_one_hand_that_committed_are_answered_with_their_places(api, seated):
    entries = api.get(f"/tournaments/{seated['id']}/entries").json()
    body = {
        "entries": [
            {"entry": entries[0]["id"], "starting_stack": 20000},
            {"entry": entries[1]["id"], "starting_stack": 10000},
        ]
    }
    with database_fails_after_the_next_commit():
        response = api.post(f"/tournaments/{seated['id']}/busts", body)
    assert response.status_code == 200, response.content
    assert sorted(e["place"] for e in response.json()) == [2, 3]


@pytest.mark.django_db(transaction=True)
def test_any_other_write_that_committed_is_answered_saved_never_an_error(api, seated):
    tables = api.get(f"/tournaments/{seated['id']}/tables").json()
    with database_fails_after_the_next_commit() as committed:
        # The answer reads the table's rows again after the commit.
        response = api.put(f"/tables/{tables[0]['id']}/button", {"seat": 1})
    assert committed
    assert response.status_code == 202
    assert response.json()["saved"] is True
    assert api.get(f"/tournaments/{seated['id']}/tables").json()[0]["button_seat"] is not None


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]  # nothing listens once the probe is closed


@pytest.fixture
def postgres_gone(transactional_db, settings):
    if connection.vendor != "postgresql":
        pytest.skip("a real PostgreSQL outage needs PostgreSQL")
    saved = dict(connection.settings_dict)
    connection.close()
    connection.close_pool()
    connection.settings_dict["HOST"] = "127.0.0.1"
    connection.settings_dict["PORT"] = _closed_port()
    yield
    connection.close()
    connection.close_pool()
    connection.settings_dict.clear()
    connection.settings_dict.update(saved)


@pytest.mark.django_db(transaction=True)
def test_with_postgresql_gone_the_api_answers_503_within_seconds_not_half_a_minute(
    postgres_gone,
):
    started = monotonic()
    response = Client().get("/api/v1/tournaments/1", HTTP_AUTHORIZATION="Bearer x")
    took = monotonic() - started
    assert response.status_code == 503
    assert response.json()["detail"].startswith("The database is not answering")
    assert took < 10  # the pool waited 30 s for a connection


@pytest.mark.django_db(transaction=True)
def test_a_page_whose_write_committed_says_saved_never_an_error(api, seated, floor_user):
    entries = api.get(f"/tournaments/{seated['id']}/entries").json()
    assert api.post(f"/entries/{entries[0]['id']}/bust").status_code == 200
    staff = Client(HTTP_ACCEPT_LANGUAGE="de")
    staff.force_login(floor_user)
    with database_fails_after_the_next_commit() as committed:
        # The floor's "undo bust" says where the player sits again: a read after the commit.
        response = staff.post(f"/floor/entries/{entries[0]['id']}/unbust/")
    assert committed
    assert response.status_code == 200
    assert "Gespeichert." in response.content.decode()
    assert api.get(f"/tournaments/{seated['id']}").json()["remaining"] == 3
