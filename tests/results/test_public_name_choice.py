"""A player chooses how he appears in public, at the desk, over the API or on his
own page; the room sets the default (README "Results out")."""

from __future__ import annotations

import pytest

from tests.results.scenario import club_night
from tournament.models import ActionLog, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def anna(db) -> Player:
    return Player.objects.create(name="Anna Maria Müller")


def test_the_desk_sets_a_pseudonym_and_the_answer_shows_it(desk_api, anna):
    answer = desk_api.patch(
        f"/players/{anna.pk}", {"public_name": "pseudonym", "pseudonym": " Riverqueen "}
    )
    assert answer.status_code == 200, answer.content
    assert answer.json() | {"public_id": None} == {
        "id": anna.pk,
        "public_name": "pseudonym",
        "pseudonym": "Riverqueen",
        "shown_name": "Riverqueen",
        "public_id": None,
    }
    line = ActionLog.objects.get(kind="public_name_chosen")
    assert line.scope == f"player:{anna.pk}"
    # The log keeps what he chose, never the pseudonym itself.
    assert "Riverqueen" not in str(line.data)


def test_a_pseudonym_choice_without_a_pseudonym_is_a_422(api, anna):
    answer = api.patch(f"/players/{anna.pk}", {"public_name": "pseudonym"})
    assert answer.status_code == 422
    assert "pseudonym" in answer.json()["detail"].lower()
    anna.refresh_from_db()
    assert anna.public_name_choice == ""


def test_another_players_name_or_pseudonym_is_no_pseudonym(api, anna):
    Player.objects.create(name="Jonas Weber", pseudonym="AceHigh")
    for taken in ("jonas weber", "ACEHIGH"):
        answer = api.patch(f"/players/{anna.pk}", {"public_name": "pseudonym", "pseudonym": taken})
        assert answer.status_code == 422, taken
    # His own name is his to use.
    own = api.patch(
        f"/players/{anna.pk}", {"public_name": "pseudonym", "pseudonym": "Anna Maria Müller"}
    )
    assert own.status_code == 200


def test_an_unknown_choice_is_refused_by_the_schema(api, anna):
    assert api.patch(f"/players/{anna.pk}", {"public_name": "nickname"}).status_code == 422


def test_the_floor_may_not_change_it_and_an_unknown_player_is_a_404(floor_api, api, anna):
    assert floor_api.patch(f"/players/{anna.pk}", {"public_name": "hidden"}).status_code == 403
    assert api.patch("/players/999999", {"public_name": "hidden"}).status_code == 404


def test_the_rooms_default_is_set_in_room_and_privacy(api, anna):
    assert api.get("/room").json()["public_name_default"] == "initials"
    changed = api.patch("/room", {"public_name_default": "full"})
    assert changed.json()["public_name_default"] == "full"
    answer = api.patch(f"/players/{anna.pk}", {"public_name": "initials"})
    assert answer.json()["shown_name"] == "Anna M."
    assert api.patch("/room", {"public_name_default": "hidden"}).status_code == 422


def test_the_desk_sets_it_on_the_players_page(client, desk_user, anna):
    client.force_login(desk_user)
    page = client.get(f"/players/{anna.pk}/results/").content.decode()
    assert 'id="public-name"' in page
    answer = client.post(
        f"/players/{anna.pk}/public-name/", {"public_name": "hidden", "pseudonym": ""}
    )
    assert answer.status_code == 302
    anna.refresh_from_db()
    assert anna.public_name_choice == "hidden"


def test_the_player_chooses_on_his_own_page(api, client):
    night = club_night(api)
    link = api.post(f"/entries/{night.entries['Otto Ohnewahl']}/phone-link")
    assert link.status_code in (200, 201), link.content
    token = link.json()["token"]
    page = client.get(f"/me/{token}", {"lang": "de"}).content.decode()
    assert "Mein Name in öffentlichen Ergebnissen" in page
    answer = client.post(
        f"/me/{token}/public-name?lang=de", {"public_name": "pseudonym", "pseudonym": ""}
    )
    assert answer.status_code == 422
    assert "Pseudonym" in answer.content.decode()
    answer = client.post(
        f"/me/{token}/public-name?lang=en", {"public_name": "pseudonym", "pseudonym": "Otto Max"}
    )
    assert answer.status_code == 303
    player = Player.objects.get(name="Otto Ohnewahl")
    assert (player.public_name_choice, player.pseudonym) == ("pseudonym", "Otto Max")
    last = ActionLog.objects.filter(kind="public_name_chosen").order_by("id").last()
    assert last.data["via"] == "player_page" and last.by is None
