"""Every form of the staff pages, fuzzed as every role (issue 22, item 4).

Each page is opened as the director and its forms are read from the HTML
(action and field names, as a browser would send them). Hypothesis then fills
each field with its own value or with something hostile (numbers beyond any
column, thousands of digits, non-numbers, JSON nested thousands of levels) and
posts the form as the director, floor staff, the desk and an anonymous
caller. No answer may be a server error. `PAGE_FUZZ_EXAMPLES` raises the
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

pytestmark = pytest.mark.django_db

EXAMPLES = int(os.environ.get("PAGE_FUZZ_EXAMPLES", "3"))
ROLES = ("director", "floor", "desk")

PAGES = (
    "/tournaments/new/",
    "/tournaments/{t}/edit/",
    "/tournaments/{t}/desk/",
    "/tournaments/{t}/plan/",
    "/tournaments/{t}/payouts/",
    "/tournaments/{t}/deal/",
    "/tournaments/{t}/floor/",
    "/tournaments/{t}/floor/director/",
    "/floor/tables/{table}/seats/1/",
    "/tournaments/{t}/chip-counts/",
    "/tournaments/{t}/clock/",
    "/tournaments/{t}/shot-clock/",
    "/tournaments/{t}/structure/",
    "/tournaments/{t}/chips/",
    "/tournaments/{t}/tables/1/chip-race/",
    "/tournaments/{t}/rulings/new/",
    "/tournaments/{t}/rulings/",
    "/seasons/",
    "/room/",
    "/events/new/",
    "/players/{player}/data/",
    "/players/retention/",
)


def nested(levels: int) -> str:
    return '{"levels": [' + '{"a":' * levels + "1" + "}" * levels + "]}"


HOSTILE = st.one_of(
    st.sampled_from(
        [
            "",
            "0",
            "-1",
            str(2**31),
            str(-(2**31) - 1),
            str(2**63),
            "9" * 30,
            "9" * 5000,
            "1e999",
            "nan",
            "-inf",
            "1,5",
            "²",
            "[" * 3000,
            nested(2000),
            '{"levels": [{"kind": "level", "small_blind": 1, "big_blind": 99999999999999999999'
            ', "seconds": 99999999999999999999}]}',
        ]
    ),
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


def forms_of(client: Client, page: str) -> list[tuple[str, dict[str, str]]]:
    response = client.get(page)
    assert response.status_code < 500, page
    parser = Forms(page)
    parser.feed(response.content.decode())
    return parser.forms


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


@pytest.mark.parametrize("page", PAGES)
def test_no_page_form_answers_a_server_error(page, room, clients):
    # The forms are read once: what a post changes must not change what is drawn.
    forms = forms_of(clients["director"], page.format(**room))

    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True)
    @given(data=st.data())
    def post_every_form(data):
        for action, fields in forms:
            form = {
                name: data.draw(st.one_of(st.just(value), HOSTILE), label=name)
                for name, value in fields.items()
            }
            for role, client in clients.items():
                response = client.post(action, form)
                assert response.status_code < 500, (role, action, form)

    post_every_form()
