"""Every response says where a page may load from: this server only (item 15)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "path", ["/login/", "/lobby/", "/api/v1/openapi.json", "/healthz", "/static/js/live.js"]
)
def test_every_response_carries_a_self_only_policy_and_a_permissions_policy(client, path):
    response = client.get(path)
    response.close()  # a static file answers with an open file
    assert response.status_code < 500
    policy = response.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "http" not in policy, "no other origin is allowed"
    assert "camera=()" in response.headers["Permissions-Policy"]


def test_the_staff_pages_carry_it_too(client, director):
    client.force_login(director)
    response = client.get("/")
    assert "connect-src 'self'" in response.headers["Content-Security-Policy"]


def test_scripts_come_from_this_server_only_never_inline(client):
    policy = client.get("/login/").headers["Content-Security-Policy"]
    script_src = next(d for d in policy.split("; ") if d.startswith("script-src"))
    assert script_src == "script-src 'self'"
