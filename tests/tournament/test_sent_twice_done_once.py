"""Sent twice, done once (README "Sent twice, done once"): a write with an
``Idempotency-Key`` does its work once; a repeat gets the first answer."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from tournament.api.auth import issue_token
from tournament.models import Entry, IdempotentRequest
from tournament.services.once_keys import once_keys_expire
from tournament.tasks import once_keys_expire_daily

pytestmark = pytest.mark.django_db


def keyed(api, method: str, path: str, body: dict, key: str):
    """An API request that carries an Idempotency-Key."""
    return getattr(api.client, method)(
        f"/api/v1{path}",
        data=json.dumps(body),
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY=key,
        **api.headers,
    )


def test_a_registration_sent_twice_with_one_key_registers_once_and_answers_alike(api, tournament):
    path = f"/tournaments/{tournament['id']}/entries"
    first = keyed(api, "post", path, {"name": "Anna Keller"}, "tablet-1-action-0001")
    again = keyed(api, "post", path, {"name": "Anna Keller"}, "tablet-1-action-0001")
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert Entry.objects.filter(tournament_id=tournament["id"]).count() == 1


def test_a_new_key_is_a_new_request(api, tournament):
    path = f"/tournaments/{tournament['id']}/entries"
    keyed(api, "post", path, {"name": "Anna Keller"}, "tablet-1-action-0001")
    keyed(api, "post", path, {"name": "Bernd Schulz"}, "tablet-1-action-0002")
    assert Entry.objects.filter(tournament_id=tournament["id"]).count() == 2


def test_the_same_key_with_another_body_is_refused_naming_the_key(api, tournament):
    path = f"/tournaments/{tournament['id']}/entries"
    keyed(api, "post", path, {"name": "Anna Keller"}, "tablet-1-action-0001")
    other = keyed(api, "post", path, {"name": "Bernd Schulz"}, "tablet-1-action-0001")
    assert other.status_code == 422
    assert "tablet-1-action-0001" in other.json()["detail"]
    assert Entry.objects.filter(tournament_id=tournament["id"]).count() == 1


def test_the_same_key_from_another_user_is_refused(api, desk_api, tournament):
    path = f"/tournaments/{tournament['id']}/entries"
    keyed(api, "post", path, {"name": "Anna Keller"}, "shared-key-0001")
    other = keyed(desk_api, "post", path, {"name": "Anna Keller"}, "shared-key-0001")
    assert other.status_code == 422
    assert "shared-key-0001" in other.json()["detail"]
    assert Entry.objects.filter(tournament_id=tournament["id"]).count() == 1


def test_a_key_too_short_or_too_long_is_refused_in_the_readers_language(api, tournament):
    path = f"/tournaments/{tournament['id']}/entries"
    for key in ("short", "k" * 101):
        response = api.client.post(
            f"/api/v1{path}",
            data=json.dumps({"name": "Anna Keller"}),
            content_type="application/json",
            HTTP_IDEMPOTENCY_KEY=key,
            HTTP_ACCEPT_LANGUAGE="de",
            **api.headers,
        )
        assert response.status_code == 422
        detail = response.json()["detail"]
        assert "Zeichen" in detail
        assert key[:40] in detail, "the answer names the key"
    assert not Entry.objects.exists()


def test_a_refusal_of_the_moment_is_not_kept_and_the_repeat_tries_again(api, tournament):
    """A 409 (the player still holds a live entry) may be gone by the next try."""
    path = f"/tournaments/{tournament['id']}/entries"
    anna = api.post(path, {"name": "Anna Keller"}).json()
    refused = keyed(api, "post", path, {"player": anna["player"]}, "re-entry-key-0001")
    assert refused.status_code == 409
    assert not IdempotentRequest.objects.filter(key="re-entry-key-0001").exists()


def test_a_validation_answer_is_kept_and_repeated(api, tournament):
    path = f"/tournaments/{tournament['id']}/entries"
    first = keyed(api, "post", path, {"name": ""}, "bad-body-key-0001")
    again = keyed(api, "post", path, {"name": ""}, "bad-body-key-0001")
    assert first.status_code == again.status_code == 422
    assert again.json() == first.json()


@pytest.mark.django_db(transaction=True)
def test_the_screens_hear_of_a_keyed_write_after_the_commit_of_the_key_and_the_write(
    api, tournament, monkeypatch
):
    """The write helper joins the key's transaction; its hand-off to the screens
    runs once the key, the answer and the write have committed together."""
    from django.db import transaction

    from tournament import changes

    heard = []

    def composer(change) -> None:
        kept = IdempotentRequest.objects.filter(key="tablet-1-action-0001", status=201)
        heard.append((change.event, transaction.get_connection().in_atomic_block, kept.exists()))

    monkeypatch.setattr(changes, "_composer", [composer])
    path = f"/tournaments/{tournament['id']}/entries"
    keyed(api, "post", path, {"name": "Anna Keller"}, "tablet-1-action-0001")
    assert heard and all(not in_block and kept for _event, in_block, kept in heard)
    told = len(heard)
    keyed(api, "post", path, {"name": "Anna Keller"}, "tablet-1-action-0001")
    assert len(heard) == told, "the repeat changed nothing and told the screens nothing"


def test_keys_are_kept_72_hours_and_the_daily_run_removes_older_ones(api, tournament):
    path = f"/tournaments/{tournament['id']}/entries"
    keyed(api, "post", path, {"name": "Anna Keller"}, "old-key-0001")
    keyed(api, "post", path, {"name": "Bernd Schulz"}, "new-key-0001")
    IdempotentRequest.objects.filter(key="old-key-0001").update(
        created_at=timezone.now() - timedelta(hours=73)
    )
    IdempotentRequest.objects.filter(key="new-key-0001").update(
        created_at=timezone.now() - timedelta(hours=71)
    )
    assert once_keys_expire_daily() == 1
    assert list(IdempotentRequest.objects.values_list("key", flat=True)) == ["new-key-0001"]
    assert once_keys_expire() == 0


def test_the_clock_loop_runs_the_key_removal_daily():
    from datetime import date

    from clock.loop import daily_tasks

    assert "tournament.once_keys_expire" in daily_tasks(today=date(2001, 1, 1))


def test_a_bearer_token_that_opens_nothing_gets_401_not_a_kept_answer(db, tournament):
    from tests.conftest import ApiClient

    stranger = ApiClient("not-a-token")
    path = f"/tournaments/{tournament['id']}/entries"
    response = keyed(stranger, "post", path, {"name": "X Y"}, "stranger-key-0001")
    assert response.status_code == 401
    assert not IdempotentRequest.objects.exists()


def test_each_user_keeps_his_own_token_key(director, tournament):
    from tests.conftest import ApiClient

    second = ApiClient(issue_token(director))
    path = f"/tournaments/{tournament['id']}/entries"
    first = keyed(second, "post", path, {"name": "Anna Keller"}, "same-user-key-01")
    again = keyed(second, "post", path, {"name": "Anna Keller"}, "same-user-key-01")
    assert again.json() == first.json()


def test_the_same_key_with_another_file_is_refused_naming_the_key(api):
    """A file is part of the request: a TD3 file sent with the key of another file."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tests.imports.td3_files import needed_td3_files

    one, other = needed_td3_files("other", at_least=2)[:2]

    def preview(path):
        upload = SimpleUploadedFile(path.name, path.read_bytes())
        return api.client.post(
            "/api/v1/imports/td3/preview",
            data={"file": [upload]},
            HTTP_IDEMPOTENCY_KEY="td3-preview-0001",
            **api.headers,
        )

    assert preview(one).status_code == 200
    refused = preview(other)
    assert refused.status_code == 422
    assert "td3-preview-0001" in refused.json()["detail"]
