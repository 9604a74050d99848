"""The desk says what is wrong beside the field, once, in the reader's language
(issue 12, item 10)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tournament.models import Player

pytestmark = pytest.mark.django_db


def desk(user, tournament_id: int, data: dict, language: str = "en") -> tuple[int, str]:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = language
    response = client.post(f"/tournaments/{tournament_id}/desk/", data)
    return response.status_code, response.content.decode()


def errors_beside(html: str, field: str) -> list[str]:
    label = re.search(rf'<label>[^<]*<input[^>]*name="{field}".*?</label>', html, re.S)
    assert label, f"no {field} field"
    return re.findall(r'<span class="error" role="alert">([^<]+)</span>', label.group(0))


def test_a_name_too_long_is_refused_beside_the_name(tournament, desk_user):
    status, html = desk(desk_user, tournament["id"], {"name": "A" * 300})
    assert status == 400
    assert errors_beside(html, "name") == [
        "Ensure this value has at most 120 characters (it has 300)."
    ]
    assert "Type a name or pick a known player" not in html
    assert not Player.objects.exists()


def test_an_invalid_email_is_refused_beside_the_email_in_german(tournament, desk_user):
    status, html = desk(
        desk_user, tournament["id"], {"name": "Ida Neu", "email": "ida@"}, language="de"
    )
    assert status == 400
    assert errors_beside(html, "email") == ["Bitte gültige E-Mail-Adresse eingeben."]
    assert html.count("gültige E-Mail-Adresse") == 1
    assert errors_beside(html, "name") == []
    assert not Player.objects.exists()
