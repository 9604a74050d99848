"""Every form of the staff pages, fuzzed as every role (README "Production"): what
the two test files share (tests/tournament/test_page_forms_fuzz*.py, split so
that CI's two workers each take one).

Each page is opened as the director and its forms are read from the HTML
(action, field names and values, as a browser would send them). Each form is
then posted with one field made hostile: every value in KNOWN_BAD (numbers
beyond any column, thousands of digits, non-numbers, JSON nested thousands of
levels) in every field as the director, then values drawn by hypothesis
(those, any integer, any text) as the director, floor staff, the desk and an
anonymous caller. No answer may be a server error. CI's production run tries
only the numbers beyond the database's columns, as the director. `PAGE_FUZZ_EXAMPLES` raises the
count for a soak, as `API_FUZZ_EXAMPLES` does for the API's run.
"""

from __future__ import annotations

import os
from html.parser import HTMLParser

import pytest
from django.test import Client
from hypothesis import given, settings
from hypothesis import strategies as st

from tables.models import Table
from tests.conftest import make_staff
from tests.tables.test_floor_api import start
from tournament.models import Entry

EXAMPLES = int(os.environ.get("PAGE_FUZZ_EXAMPLES", "3"))
ROLES = ("director", "floor", "desk")


def nested(levels: int) -> str:
    return '{"levels": [' + '{"a":' * levels + "1" + "}" * levels + "]}"


# Numbers beyond the database's columns: only the database refuses them, so
# these are what CI's production run (PostgreSQL) tries again (README "Tests").
STRUCTURE_BEYOND_COLUMNS = (
    '{"levels": [{"kind": "level", "small_blind": 1, "big_blind": 99999999999999999999'
    ', "seconds": 99999999999999999999}]}'
)
BEYOND_COLUMNS = (
    str(2**31),
    str(-(2**31) - 1),
    str(2**63),
    "9" * 30,
    STRUCTURE_BEYOND_COLUMNS,
)
# Values known to have ended in a 500 somewhere: each is tried in every field.
KNOWN_BAD = (
    "",
    "-1",
    *BEYOND_COLUMNS,
    "9" * 5000,
    "1e999",
    "nan",
    "1,5",
    "²",
    "[" * 3000,
    nested(2000),
)
# The production run: the database's limits as the director; the parsing and the
# roles are the same code on every database and were fuzzed by the embedded run.
PRODUCTION_RUN = os.environ.get("PRODUCTION_RUN") == "1"
HOSTILE = st.one_of(
    st.sampled_from(KNOWN_BAD),
    st.integers().map(str),
    st.text(max_size=30).filter(lambda text: "\x00" not in text),
)


class Forms(HTMLParser):
    """The POST forms of a page: (action, {field: value}) as a browser sends them."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.page = page
        self.forms: list[tuple[str, dict[str, str]]] = []
        self.current: dict[str, str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {key: value or "" for key, value in attrs}
        if tag == "form" and attributes.get("method", "get").lower() == "post":
            self.current = {}
            self.forms.append((attributes.get("action") or self.page, self.current))
        elif tag in ("input", "select", "textarea", "button") and self.current is not None:
            name = attributes.get("name")
            if name and name != "csrfmiddlewaretoken":
                self.current.setdefault(name, attributes.get("value", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.current = None


# Every page's header: signing out would leave the rest of the run anonymous.
NOT_FUZZED = ("/logout/", "/i18n/setlang/")


def forms_of(client: Client, page: str) -> list[tuple[str, dict[str, str]]]:
    response = client.get(page)
    assert response.status_code < 500, page
    parser = Forms(page)
    parser.feed(response.content.decode())
    return [(action, fields) for action, fields in parser.forms if action not in NOT_FUZZED]


@pytest.fixture
def room(api) -> dict[str, int]:
    game = start(api, players=12, tables=2)
    table = Table.objects.filter(tournament_id=game["id"]).order_by("number").first()
    entry = Entry.objects.get(pk=game["entries"][0]["id"])
    return {"t": game["id"], "table": table.pk, "player": entry.player_id}


@pytest.fixture
def clients(director) -> dict[str, Client]:
    signed_in = {"director": director}
    signed_in.update({role: make_staff(f"pages-{role}", role) for role in ROLES[1:]})
    browsers = {}
    for role, user in signed_in.items():
        browsers[role] = Client()
        browsers[role].force_login(user)
    return {**browsers, "anonymous": Client()}


def post(clients: dict[str, Client], action: str, form: dict[str, str], field: str) -> None:
    for role, client in clients.items():
        response = client.post(action, form)
        assert response.status_code < 500, (role, action, field, form[field][:40])


def no_form_answers_a_server_error(
    page: str, room: dict[str, int], clients: dict[str, Client]
) -> None:
    """Every form of the page, each field made hostile in turn (module docstring)."""
    # The forms are read once: what a post changes must not change what is drawn.
    forms = forms_of(clients["director"], page.format(**room))
    director = {"director": clients["director"]}
    for action, fields in forms:
        for name in fields:
            for value in BEYOND_COLUMNS if PRODUCTION_RUN else KNOWN_BAD:
                post(director, action, {**fields, name: value}, name)
    if PRODUCTION_RUN:
        return

    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True)
    @given(data=st.data())
    def post_every_form(data):
        for action, fields in forms:
            for name in fields:
                # The form as the page sends it, with one field made hostile.
                post(clients, action, {**fields, name: data.draw(HOSTILE, label=name)}, name)

    post_every_form()
