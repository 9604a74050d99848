"""The desk says what is wrong beside the field, once, in the reader's language
(README "Screens")."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tournament.models import Entry, Player

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


def test_contact_data_without_consent_is_said_at_the_consent_box_which_gets_the_cursor(
    desk_user, tournament
):
    status, page = desk(
        desk_user, tournament["id"], {"name": "Jürgen Groß", "email": "juergen@example.org"}, "de"
    )
    assert status == 400
    consent = re.search(r'<label class="check">(.*?)</label>', page, re.S)
    assert consent is not None
    box = re.search(r'<input type="checkbox" name="consent"[^>]*>', consent.group(1))
    assert box is not None and "autofocus" in box.group(0)
    assert 'role="alert"' in consent.group(1)  # the reason stands beside the box
    assert "consent:" not in page
    search = re.search(r'<input type="search"[^>]*>', page, re.S)
    assert search is not None and "autofocus" not in search.group(0)
    assert not Entry.objects.filter(tournament_id=tournament["id"]).exists()
