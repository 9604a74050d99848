"""The room's ticket-change rule over the API (README "Satellites and tickets"):
a director reads and sets it, the satellite page shows what he set."""

from __future__ import annotations

import pytest

from tests.cashdesk.conftest import signed_in
from tournament.models import Tournament

pytestmark = pytest.mark.django_db


def test_a_director_reads_and_sets_the_ticket_change_rule(api, director):
    assert api.get("/ticket-settings").json() == {"ticket_change": False}

    done = api.put("/ticket-settings", {"ticket_change": True})

    assert done.status_code == 200 and done.json() == {"ticket_change": True}
    assert api.get("/ticket-settings").json() == {"ticket_change": True}
    satellite = Tournament.objects.create(name="Satellite")
    page = signed_in(director).get(f"/tournaments/{satellite.pk}/cash/satellite/")
    assert 'name="ticket_change" checked' in page.content.decode()


def test_a_bad_value_is_a_422_and_changes_nothing(api):
    api.headers["HTTP_ACCEPT_LANGUAGE"] = "de"
    for body in ({"ticket_change": "ja"}, {}, {"ticket_change": True, "change": 1}):
        refused = api.put("/ticket-settings", body)
        assert refused.status_code == 422 and refused.json()["detail"]
    assert api.get("/ticket-settings").json() == {"ticket_change": False}


def test_only_a_director_reads_or_sets_it(desk_api, floor_api, api):
    for other in (desk_api, floor_api):
        assert other.get("/ticket-settings").status_code == 403
        refused = other.put("/ticket-settings", {"ticket_change": True})
        assert refused.status_code == 403 and refused.json()["detail"]
    assert api.get("/ticket-settings").json() == {"ticket_change": False}
