"""The player's page data (README "The player's page"): GET /api/v1/me/{token}
says where the player stands in each state, and carries nothing private."""

from __future__ import annotations

import json

import pytest
from django.utils import timezone

from prereg.models import PreRegistration
from tests.screens.conftest import assert_private_data_absent, seated_tournament
from tests.tournament.test_events import count_every_table
from tournament.models import Entry

pytestmark = pytest.mark.django_db

NAMES = ["Anna Keller", "Bernd Schulz", "Clara Wagner", "Dieter Braun", "Eva Hoffmann"]


def link_for(entry_id: int) -> str:
    """His personal link: the pre-registration the desk checked in as this entry."""
    entry = Entry.objects.select_related("player").get(pk=entry_id)
    pre = PreRegistration.objects.create(
        tournament_id=entry.tournament_id,
        name=entry.player.name,
        status=PreRegistration.Status.CHECKED_IN,
        entry=entry,
    )
    return pre.token


def field(api, tournament: dict, *, tables: int = 2, seats: int = 6, names=NAMES) -> dict:
    tid = tournament["id"]
    assert (
        api.post(f"/tournaments/{tid}/tables", {"count": tables, "seats": seats}).status_code == 201
    )
    entries = {}
    for name in names:
        response = api.post(f"/tournaments/{tid}/entries", {"name": name})
        assert response.status_code == 201, response.content
        entries[name] = response.json()["id"]
    return entries


def draw(api, tournament: dict) -> None:
    assert api.post(f"/tournaments/{tournament['id']}/draw").status_code in (200, 201)


def me(anonymous_api, entry_id: int) -> dict:
    response = anonymous_api.get(f"/me/{link_for(entry_id)}")
    assert response.status_code == 200, response.content
    assert response["Cache-Control"] == "no-store"
    return response.json()


def test_a_player_checked_in_before_the_draw_is_registered_without_a_seat(
    api, anonymous_api, tournament
):
    entries = field(api, tournament)
    page = me(anonymous_api, entries["Bernd Schulz"])
    assert (page["status"], page["table"], page["seat"]) == ("registered", None, None)
    assert page["name"] == "Bernd S."
    assert page["players_left"] == 5


def test_a_seated_player_sees_his_table_and_seat_and_the_field(api, anonymous_api, tournament):
    entries = field(api, tournament)
    draw(api, tournament)
    page = me(anonymous_api, entries["Clara Wagner"])
    entry = api.get(f"/tournaments/{tournament['id']}/entries").json()
    mine = next(e for e in entry if e["id"] == entries["Clara Wagner"])
    assert page["status"] == "seated"
    assert (page["table"], page["seat"]) == (mine["table"], mine["seat"])
    assert page["moving_to"] is None
    assert (page["players_left"], page["average_stack"]) == (5, 20000)
    assert page["entry"] == entries["Clara Wagner"]
    assert page["tournament"]["name"] == "Friday Freezeout"
    assert page["chips"] is None and page["bag"] is None and page["prize"] is None


def test_a_player_whose_table_breaks_sees_where_he_moves(api, anonymous_api, tournament):
    entries = field(api, tournament)
    draw(api, tournament)
    tables = api.get(f"/tournaments/{tournament['id']}/tables").json()
    breaking = tables[0]
    mover = breaking["players"][0]
    assert api.post(f"/tables/{breaking['id']}/break").status_code in (200, 201)
    page = me(anonymous_api, mover["entry"])
    assert page["status"] == "moving"
    assert (page["table"], page["seat"]) == (breaking["number"], mover["seat"])
    assert page["moving_to"]["table"] == tables[1]["number"]
    assert page["moving_to"]["reason"] == "break"
    assert page["entry"] in entries.values()


def test_a_busted_player_sees_his_place_and_the_winner_his_prize(api, anonymous_api, tournament):
    entries = field(api, tournament, tables=1)
    draw(api, tournament)
    order = ["Anna Keller", "Bernd Schulz", "Clara Wagner", "Dieter Braun"]
    for name in order:
        assert api.post(f"/entries/{entries[name]}/bust", {}).status_code in (200, 201)
    first_out = me(anonymous_api, entries["Anna Keller"])
    assert (first_out["status"], first_out["place"]) == ("busted", 5)
    assert first_out["table"] is None
    winner = me(anonymous_api, entries["Eva Hoffmann"])
    assert (winner["status"], winner["place"]) == ("won", 1)
    pool = api.get(f"/tournaments/{tournament['id']}/payouts").json()["places"][0]["amount"]
    assert winner["prize"] == pool


def test_an_alternate_sees_his_place_on_the_waiting_list(api, anonymous_api, tournament):
    entries = field(api, tournament, tables=1, seats=3)
    draw(api, tournament)
    waiting = [me(anonymous_api, entries[name]) for name in NAMES]
    alternates = sorted(
        (page["position"], page["name"]) for page in waiting if page["status"] == "waiting"
    )
    assert [position for position, _name in alternates] == [1, 2]


def test_his_chip_count_shows_once_counted(api, anonymous_api, tournament):
    entries = field(api, tournament)
    draw(api, tournament)
    assert api.put(f"/entries/{entries['Dieter Braun']}/chips", {"chips": 31500}).status_code in (
        200,
        201,
    )
    assert me(anonymous_api, entries["Dieter Braun"])["chips"]["chips"] == 31500


@pytest.mark.parametrize(("language", "words"), [("de", "unbekannt"), ("en", "unknown")])
def test_an_unknown_link_is_a_404_in_the_readers_language(
    anonymous_api, tournament, language, words
):
    revoked = PreRegistration.objects.create(
        tournament_id=tournament["id"], name="Rita Revoked", revoked_at=timezone.now()
    )
    for token in ("nothing-here", revoked.token, "x" * 500):
        response = anonymous_api.client.get(f"/api/v1/me/{token}", HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 404
        assert words in response.json()["detail"]


def test_the_page_data_never_carries_contact_data_or_notes(director, anonymous_api):
    tournament = seated_tournament(director)
    anna = Entry.objects.get(tournament=tournament, player__name="Anna Keller")
    for entry in Entry.objects.filter(tournament=tournament):
        text = json.dumps(me(anonymous_api, entry.pk))
        assert_private_data_absent(text)
        assert "@" not in text
    assert me(anonymous_api, anna.pk)["name"] == "Anna K."
    assert me(anonymous_api, anna.pk)["code"] is None  # checked in: the code is spent


def pre_page(anonymous_api, pre: PreRegistration) -> dict:
    response = anonymous_api.get(f"/me/{pre.token}")
    assert response.status_code == 200, response.content
    return response.json()


def test_before_check_in_his_page_follows_his_pre_registration(anonymous_api, tournament):
    tid = tournament["id"]
    registered = PreRegistration.objects.create(tournament_id=tid, name="Paula Early")
    waiting = PreRegistration.objects.create(
        tournament_id=tid, name="Willi Late", status=PreRegistration.Status.WAITING, position=2
    )
    cancelled = PreRegistration.objects.create(
        tournament_id=tid, name="Carl Gone", status=PreRegistration.Status.CANCELLED
    )
    released = PreRegistration.objects.create(
        tournament_id=tid, name="Rolf Slow", status=PreRegistration.Status.RELEASED
    )
    page = pre_page(anonymous_api, registered)
    assert (page["status"], page["name"], page["entry"], page["table"]) == (
        "pre_registered",
        "Paula E.",
        None,
        None,
    )
    assert page["moved_up"] is False
    assert page["code"] == registered.code
    assert (
        pre_page(anonymous_api, waiting)["status"],
        pre_page(anonymous_api, waiting)["position"],
    ) == (
        "waiting",
        2,
    )
    assert pre_page(anonymous_api, cancelled)["status"] == "cancelled"
    assert pre_page(anonymous_api, released)["status"] == "released"


def test_a_player_moved_up_from_the_waiting_list_is_told_so(anonymous_api, tournament):
    pre = PreRegistration.objects.create(
        tournament_id=tournament["id"], name="Willi Late", moved_up_at=timezone.now()
    )
    page = pre_page(anonymous_api, pre)
    assert (page["status"], page["moved_up"], page["position"]) == ("pre_registered", True, None)


def test_his_bag_and_his_day_2_seat_show_once_the_day_ends_and_the_next_is_drawn(
    api, anonymous_api
):
    event = api.post("/events", {"name": "Deepstack", "flights": [{"name": "A"}]}).json()
    flight = event["flights"][0]["id"]
    for name in ("Gast Eins", "Gast Zwei", "Gast Drei"):
        api.post(f"/tournaments/{flight}/entries", {"name": name})
    api.post(f"/tournaments/{flight}/tables", {"count": 1})
    api.post(f"/tournaments/{flight}/draw")
    counted = count_every_table(api, flight)
    assert api.post(f"/tournaments/{flight}/end-day", {}).status_code == 200
    entry = next(
        e for e in api.get(f"/tournaments/{flight}/entries").json() if e["name"] == "Gast Zwei"
    )
    bagged = me(anonymous_api, entry["id"])
    assert bagged["bag"]["chips"] == counted["Gast Zwei"]
    assert bagged["day2"] is None
    day2 = api.post(f"/events/{event['id']}/days", {"tables": 1, "seats": 9}).json()["tournament"]
    seated = next(
        e for e in api.get(f"/tournaments/{day2}/entries").json() if e["name"] == "Gast Zwei"
    )
    page = me(anonymous_api, entry["id"])
    assert (page["day2"]["tournament"], page["day2"]["table"], page["day2"]["seat"]) == (
        day2,
        seated["table"],
        seated["seat"],
    )


def test_his_league_standing_shows_when_the_tournament_counts_for_a_season(
    api, anonymous_api, tournament
):
    entries = field(api, tournament, tables=1)
    draw(api, tournament)
    assert me(anonymous_api, entries["Anna Keller"])["league"] is None
    season = api.post("/seasons", {"name": "Club 2026", "formula": "linear", "participation": "0"})
    settings = {"season": season.json()["id"]}
    assert (
        api.patch(f"/tournaments/{tournament['id']}/payouts/settings", settings).status_code == 200
    )
    api.post(f"/entries/{entries['Anna Keller']}/bust", {})
    league = me(anonymous_api, entries["Anna Keller"])["league"]
    assert (league["season"], league["rank"], league["points"]) == ("Club 2026", 1, "1.00")
