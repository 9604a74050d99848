"""The player search (README "Production"): e-mail and phone go to directors
only, and each time a director's search shows them the privacy log says so.
Floor and desk find players by name and nickname, without contact data."""

from __future__ import annotations

import pytest
from django.test import Client

from tournament.models import Player, PrivacyLog

pytestmark = pytest.mark.django_db


@pytest.fixture
def players() -> dict[str, Player]:
    return {
        "contact": Player.objects.create(
            name="Clara Wagner", nickname="Wagi", email="clara@example.de", phone="0171 1234567"
        ),
        "plain": Player.objects.create(name="Paul Wagenknecht"),
    }


def test_a_director_sees_contact_data_and_the_privacy_log_records_the_read(api, director, players):
    found = api.get("/players?q=wag").json()
    assert [(p["name"], p["email"], p["phone"]) for p in found] == [
        ("Clara Wagner", "clara@example.de", "0171 1234567"),
        ("Paul Wagenknecht", "", ""),
    ]
    # One line for the player whose contact data was shown, none for the other.
    [line] = PrivacyLog.objects.filter(kind=PrivacyLog.Kind.CONTACT_READ)
    assert (line.player, line.by) == (players["contact"], director)
    api.get(f"/players?q={players['contact'].pk}")  # found by id: read again, logged again
    assert PrivacyLog.objects.filter(player=players["contact"]).count() == 2


@pytest.mark.parametrize("role_api", ["floor_api", "desk_api"])
def test_floor_and_desk_find_players_by_name_without_contact_data(request, role_api, players):
    client = request.getfixturevalue(role_api)
    for query in ("wag", "wagi", str(players["contact"].pk)):
        found = client.get(f"/players?q={query}").json()
        assert found and found[0]["name"] == "Clara Wagner" and found[0]["nickname"] == "Wagi"
        assert all(p["email"] is None and p["phone"] is None for p in found)
    assert not PrivacyLog.objects.filter(kind=PrivacyLog.Kind.CONTACT_READ).exists()


def test_the_search_is_for_staff_only(anonymous_api, players):
    assert anonymous_api.get("/players?q=wag").status_code == 401


def test_the_desk_page_search_shows_names_and_nicknames_but_no_contact_data(
    desk_user, tournament, players
):
    client = Client()
    client.force_login(desk_user)
    html = client.get(f"/tournaments/{tournament['id']}/desk/search/?q=wag").content.decode()
    assert "Clara Wagner" in html and "Wagi" in html and "Paul Wagenknecht" in html
    assert "clara@example.de" not in html and "1234567" not in html
