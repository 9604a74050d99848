"""Repeated wrong passwords lock sign-in (README "How a floor action flows")."""

from __future__ import annotations

import pytest
from django.core.cache import cache, caches
from django.test import Client, RequestFactory, override_settings

from tests.conftest import make_staff

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_signin_counts")]


def sign_in(client: Client, username: str, password: str, address: str = "10.0.0.1"):
    return client.post(
        "/login/",
        {"username": username, "password": password},
        REMOTE_ADDR=address,
        HTTP_ACCEPT_LANGUAGE="en",
    )


def test_five_wrong_passwords_lock_the_name_even_for_the_right_password(client):
    make_staff("anna", "director")
    for _ in range(5):
        assert "Wrong user name or password" in sign_in(client, "anna", "guess").content.decode()
    page = sign_in(client, "anna", "pw-anna")
    assert page.status_code == 200
    assert "Too many wrong passwords" in page.content.decode()
    assert "_auth_user_id" not in client.session


def test_the_lock_message_is_german_for_a_german_reader(client):
    make_staff("anna", "director")
    for _ in range(5):
        sign_in(client, "anna", "guess")
    page = client.post(
        "/login/",
        {"username": "anna", "password": "x"},
        REMOTE_ADDR="10.0.0.1",
        HTTP_ACCEPT_LANGUAGE="de",
    ).content.decode()
    assert "Zu viele falsche Passwörter" in page


@override_settings(LOGIN_FAILURES_PER_ADDRESS=3)
def test_one_address_trying_many_names_is_locked_too(client):
    make_staff("bernd", "floor")
    for name in ("a", "b", "c"):
        sign_in(client, name, "guess", address="10.0.0.9")
    assert "Too many" in sign_in(client, "bernd", "pw-bernd", address="10.0.0.9").content.decode()
    assert sign_in(Client(), "bernd", "pw-bernd", address="10.0.0.10").status_code == 302


def test_a_right_password_before_the_limit_clears_the_count(client):
    make_staff("anna", "director")
    for _ in range(4):
        sign_in(client, "anna", "guess")
    assert sign_in(client, "anna", "pw-anna").status_code == 302
    other = Client()
    for _ in range(4):
        sign_in(other, "anna", "guess")
    assert sign_in(other, "anna", "pw-anna").status_code == 302


def test_the_lock_ends_when_its_window_has_passed(client, monkeypatch):
    from django.core.cache.backends import locmem

    from tournament.signin import counters

    make_staff("anna", "director")
    for _ in range(5):
        sign_in(client, "anna", "guess")
    if isinstance(caches["default"], locmem.LocMemCache):
        later = locmem.time.time() + 15 * 60 + 1
        monkeypatch.setattr(locmem.time, "time", lambda: later)
        assert sign_in(client, "anna", "pw-anna").status_code == 302
    else:  # Redis in production: the counter expires with the window
        request = RequestFactory().post("/login/", REMOTE_ADDR="10.0.0.1")
        key = next(c.key for c in counters(request, "anna") if c.per_name and c.refusal == "locked")
        redis = cache._cache.get_client(key)
        assert 0 < redis.ttl(cache.make_and_validate_key(key)) <= 15 * 60
