"""Every form of the staff pages answers hostile input without a server error
(README "Production"; the check is tests/tournament/page_forms.py). The pages
are in two files so that CI's two workers each take one: the tournament's own
form has the most fields and is here, the other forms with many fields are in
test_page_forms_fuzz_more.py."""

from __future__ import annotations

import pytest

from tests.tournament.page_forms import clients, no_form_answers_a_server_error, room

pytestmark = pytest.mark.django_db

PAGES = (
    "/tournaments/{t}/edit/",
    "/tournaments/{t}/desk/",
    "/tournaments/{t}/plan/",
    "/tournaments/{t}/payouts/",
    "/tournaments/{t}/floor/",
    "/tournaments/{t}/floor/director/",
    "/floor/tables/{table}/seats/1/",
    "/tournaments/{t}/chip-counts/",
    "/tournaments/{t}/tables/1/chip-race/",
)

__all__ = ["clients", "room"]  # the fixtures the test asks for


@pytest.mark.parametrize("page", PAGES)
def test_no_page_form_answers_a_server_error(page, room, clients):
    no_form_answers_a_server_error(page, room, clients)
