"""HTTPS as the proxy says it (README "Production"): X-Forwarded-Proto counts
only from a trusted proxy, like X-Forwarded-For; from anyone else a client
could claim HTTPS and dodge the redirect to it."""

from __future__ import annotations

import ipaddress

import pytest

PROXY = "10.0.0.5"


@pytest.fixture
def https_redirect(settings):
    settings.SECURE_SSL_REDIRECT = True
    settings.TRUSTED_PROXIES = [ipaddress.ip_network(PROXY)]


def test_a_client_claiming_https_is_still_sent_to_https(client, https_redirect, db):
    response = client.get("/lobby/", REMOTE_ADDR="203.0.113.9", HTTP_X_FORWARDED_PROTO="https")
    assert response.status_code == 301
    assert response["Location"].startswith("https://")


def test_the_trusted_proxy_says_the_request_came_by_https(client, https_redirect, db):
    response = client.get("/lobby/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_PROTO="https")
    assert response.status_code == 200
