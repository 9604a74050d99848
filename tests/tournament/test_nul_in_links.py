"""A link with a NUL byte names nothing: 404, JSON on the API, never a 500
(PostgreSQL cannot compare text with NUL; README "API")."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

API_LINKS = ["/api/v1/me/%00", "/api/v1/pre-registrations/%00", "/api/v1/tournaments/1%00"]
PAGE_LINKS = ["/me/%00", "/pre-registration/%00/", "/s/x%00", "/s/%00/"]


@pytest.mark.parametrize("link", API_LINKS)
def test_an_api_link_with_a_nul_byte_is_a_json_404(link):
    response = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE="de").get(link)
    assert response.status_code == 404, response.content[:300]
    assert response.json() == {"detail": "Nicht gefunden."}


@pytest.mark.parametrize("link", PAGE_LINKS)
def test_a_page_link_with_a_nul_byte_is_a_404_page(link):
    response = Client(raise_request_exception=False).get(link)
    assert response.status_code == 404, response.content[:300]
    assert response["Content-Type"].startswith("text/html")


def test_a_write_to_a_link_with_a_nul_byte_is_a_404_too(api):
    response = api.post("/entries/%00/bust")
    assert response.status_code == 404
    assert "detail" in response.json()
