"""Every form of the staff pages answers hostile input without a server error:
the second half of the pages (tests/tournament/test_page_forms_fuzz.py says why
there are two files)."""

from __future__ import annotations

import pytest

from tests.tournament.page_forms import clients, no_form_answers_a_server_error, room

pytestmark = pytest.mark.django_db

PAGES = (
    "/tournaments/new/",
    "/events/new/",
    "/tournaments/{t}/deal/",
    "/tournaments/{t}/clock/",
    "/tournaments/{t}/shot-clock/",
    "/tournaments/{t}/structure/",
    "/tournaments/{t}/chips/",
    "/tournaments/{t}/rulings/new/",
    "/tournaments/{t}/rulings/",
    "/seasons/",
    "/room/",
    "/players/{player}/data/",
    "/players/retention/",
)

__all__ = ["clients", "room"]  # the fixtures the test asks for


@pytest.mark.parametrize("page", PAGES)
def test_no_page_form_answers_a_server_error(page, room, clients):
    no_form_answers_a_server_error(page, room, clients)
