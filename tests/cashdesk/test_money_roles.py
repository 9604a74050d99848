"""Who takes money (README "Cash desk"): the desk and the directors. The floor
gets 403 on every money operation, API and page alike, and nothing is written.

The API test walks the schema: an operation is money when its tag is the cash
desk's or the tickets', when its body carries a ``payment``, or when its path
names money; a new one that forgets ``auth=MONEY_AUTH`` fails here.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from cashdesk.models import LedgerRow
from config.api import api as ninja_api
from prereg.models import PreRegistration
from tests.cashdesk.conftest import signed_in
from tests.conftest import ApiClient
from tests.prereg.conftest import listed_tournament, today_late
from tournament.models import Entry

pytestmark = pytest.mark.django_db

MONEY_TAGS = {"cashdesk", "tickets and pots"}
MONEY_PATH = re.compile(
    r"ledger|/money|cash-box|shifts|prize|payments|refund|rebuys|addons|ticket|pots|check-in"
)
MONEY_SECURITY = {"MoneyBearerToken", "MoneySession"}
NO_SUCH_ID = "999999"
ONLY_DIRECTOR = "Only a tournament director may do this."


def _body_fields(schema: dict[str, Any], operation: dict[str, Any]) -> set[str]:
    content = operation.get("requestBody", {}).get("content", {})
    ref = content.get("application/json", {}).get("schema", {}).get("$ref", "")
    found = schema["components"]["schemas"].get(ref.rsplit("/", 1)[-1], {})
    return set(found.get("properties", {}))


def money_operations() -> list[tuple[str, str, dict[str, Any]]]:
    schema = ninja_api.get_openapi_schema(path_prefix="")
    found = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if (
                set(operation.get("tags", [])) & MONEY_TAGS
                or (method != "get" and MONEY_PATH.search(path))
                or "payment" in _body_fields(schema, operation)
            ):
                found.append((path, method, operation))
    return found


def _call(client: ApiClient, path: str, method: str):
    path = re.sub(r"\{[^}]+\}", NO_SUCH_ID, path)
    if method in ("get", "delete"):
        return getattr(client, method)(path)
    return getattr(client, method)(path, {})


def test_the_schema_walk_finds_every_money_operation_the_readme_names():
    paths = {(method, path) for path, method, _op in money_operations()}
    for expected in [
        ("post", "/tournaments/{tournament_id}/entries"),
        ("post", "/entries/{entry_id}/rebuys"),
        ("post", "/entries/{entry_id}/addons"),
        ("post", "/entries/{entry_id}/payments"),
        ("post", "/ledger/{row_id}/settle"),
        ("post", "/ledger/{row_id}/reverse"),
        ("post", "/entries/{entry_id}/refund"),
        ("post", "/entries/{entry_id}/prize/pay"),
        ("post", "/cash-boxes/{box_id}/shifts"),
        ("post", "/tickets/{ticket_id}/buy-in"),
        ("post", "/pots/{pot_id}/pay-out"),
        ("post", "/tournaments/{tournament_id}/prize-additions"),
        ("post", "/pre-registrations/{pre_registration_id}/check-in"),
        ("get", "/tournaments/{tournament_id}/ledger"),
        ("get", "/tournaments/{tournament_id}/money"),
    ]:
        assert expected in paths


def test_every_money_operation_checks_the_money_role_with_the_credentials():
    unchecked = [
        (method, path)
        for path, method, operation in money_operations()
        if {name for entry in operation.get("security", []) for name in entry} != MONEY_SECURITY
    ]
    assert unchecked == []


def test_the_floor_gets_403_on_every_money_operation_whatever_it_sends(floor_api):
    answers = {(m, p): _call(floor_api, p, m) for p, m, _op in money_operations()}
    wrong = {key: a.status_code for key, a in answers.items() if a.status_code != 403}
    assert wrong == {}
    detail = answers["post", "/entries/{entry_id}/rebuys"].json()["detail"]
    assert detail == "Only the desk or a director may see or move money."


def test_a_caller_without_credentials_gets_401_on_every_money_operation(anonymous_api):
    wrong = {
        (m, p): a.status_code
        for p, m, _op in money_operations()
        if (a := _call(anonymous_api, p, m)).status_code != 401
    }
    assert wrong == {}


@pytest.mark.parametrize("who", ["desk", "director"])
def test_the_desk_and_the_directors_pass_the_money_check(who, api, desk_api):
    client = desk_api if who == "desk" else api
    refused = {}
    for path, method, _op in money_operations():
        answer = _call(client, path, method)
        # Past the role check an unknown id is a 404 and an empty body a 422;
        # some operations are the directors' alone.
        if answer.status_code == 401 or (
            answer.status_code == 403
            and (who == "director" or answer.json()["detail"] != ONLY_DIRECTOR)
        ):
            refused[method, path] = answer.status_code
    assert refused == {}


def test_the_german_floor_is_told_why_in_german(floor_user, tournament):
    client = ApiClient(None)
    client.client.force_login(floor_user)
    answer = client.client.get(
        f"/api/v1/tournaments/{tournament['id']}/ledger", headers={"accept-language": "de"}
    )
    assert answer.status_code == 403
    assert answer.json()["detail"] == (
        "Nur die Kasse oder die Turnierleitung darf Geld sehen oder bewegen."
    )


# --- with real bodies: the floor books nothing, the desk books ---------------


@pytest.mark.parametrize("method", ["cash", "card", "comp"])
def test_the_floor_cannot_register_a_player_with_any_payment(floor_api, tournament, method):
    answer = floor_api.post(
        f"/tournaments/{tournament['id']}/entries",
        {"name": "Fritz Floor", "payment": {"method": method}},
    )
    assert answer.status_code == 403
    assert not Entry.objects.exists() and not LedgerRow.objects.exists()


@pytest.fixture
def entry(api, desk_api, tournament) -> dict:
    tid = tournament["id"]
    api.patch(
        f"/tournaments/{tid}/payouts/settings",
        {"rebuy_price": "50", "rebuy_fee": "5", "rebuy_chips": 20000},
    )
    api.patch(
        f"/tournaments/{tid}/payouts/settings",
        {"addon_price": "20", "addon_chips": 10000, "addon_after_level": None},
    )
    answer = desk_api.post(f"/tournaments/{tid}/entries", {"name": "Anna Keller"})
    assert answer.status_code == 201, answer.content
    return answer.json()


@pytest.mark.parametrize("kind", ["rebuys", "addons"])
@pytest.mark.parametrize("count", [1, -1])
def test_the_floor_cannot_sell_or_take_back_a_purchase(floor_api, entry, kind, count):
    rows = LedgerRow.objects.count()
    answer = floor_api.post(f"/entries/{entry['id']}/{kind}", {"count": count})
    assert answer.status_code == 403
    assert LedgerRow.objects.count() == rows
    stored = Entry.objects.get(pk=entry["id"])
    assert (stored.rebuys, stored.addons) == (0, 0)


@pytest.mark.parametrize("kind", ["rebuys", "addons"])
def test_the_desk_sells_rebuys_and_add_ons(desk_api, entry, kind):
    answer = desk_api.post(f"/entries/{entry['id']}/{kind}", {"payment": {"method": "card"}})
    assert answer.status_code == 201, answer.content
    assert answer.json()[kind] == 1 and answer.json()["payment"]["method"] == "card"


def test_the_floor_still_runs_the_tables(api, floor_api, entry, tournament):
    """Seating and busting need no money: the floor keeps its work."""
    tid = tournament["id"]
    assert api.post(f"/tournaments/{tid}/entries", {"name": "Bert Brandt"}).status_code == 201
    assert api.post(f"/tournaments/{tid}/tables", {"count": 1}).status_code == 201
    assert api.post(f"/tournaments/{tid}/draw").status_code in (200, 201)
    answer = floor_api.post(f"/entries/{entry['id']}/bust")
    assert answer.status_code in (200, 201), answer.content
    assert Entry.objects.get(pk=entry["id"]).status == "busted"


# --- pages ------------------------------------------------------------------

# Pages that take or show money outside the cash desk's own ("cash-…") pages.
MONEY_PAGES = {
    "registration-desk",
    "player-search",
    "prereg-desk-check-in",
    "payouts-purchase",
    "payouts-addition",
    "payouts-addition-remove",
}


def _patterns(resolver: URLResolver, prefix: str = ""):
    for item in resolver.url_patterns:
        if isinstance(item, URLResolver):
            yield from _patterns(item, prefix + str(item.pattern))
        elif isinstance(item, URLPattern) and item.name:
            yield item


def money_pages() -> list[URLPattern]:
    return [
        p
        for p in _patterns(get_resolver())
        if p.name.startswith("cash-")
        or p.name in MONEY_PAGES
        or getattr(p.callback, "takes_money", False)
    ]


def test_every_money_page_is_marked_as_one():
    unmarked = [p.name for p in money_pages() if not getattr(p.callback, "takes_money", False)]
    assert unmarked == []
    assert MONEY_PAGES <= {p.name for p in money_pages()}


def test_the_floor_gets_403_on_every_money_page(floor_user):
    client = signed_in(floor_user)
    wrong = {}
    for pattern in money_pages():
        url = reverse(pattern.name, kwargs=dict.fromkeys(pattern.pattern.converters, 999999))
        for method in ("get", "post"):
            status = getattr(client, method)(url).status_code
            # A form's address answers a GET with 405 before it asks who is calling.
            if status != 403 and (method, status) != ("get", 405):
                wrong[pattern.name, method] = status
    assert wrong == {}


def test_the_floor_posting_the_desk_form_registers_and_books_nothing(floor_user, tournament):
    client = signed_in(floor_user)
    url = reverse("registration-desk", args=[tournament["id"]])
    answer = client.post(url, {"name": "Fritz Floor", "payment_method": "cash"})
    assert answer.status_code == 403
    assert not Entry.objects.exists() and not LedgerRow.objects.exists()


def test_the_desk_still_registers_on_its_page(desk_user, tournament):
    client = signed_in(desk_user)
    url = reverse("registration-desk", args=[tournament["id"]])
    answer = client.post(url, {"name": "Dana's Guest", "payment_method": "cash"})
    assert answer.status_code == 302
    assert Entry.objects.get().player.name == "Dana's Guest"
    assert LedgerRow.objects.get().amount == 55


def test_the_floor_selling_on_the_prize_pool_page_gets_403_and_sees_no_form(floor_user, entry):
    client = signed_in(floor_user)
    tid = Entry.objects.get(pk=entry["id"]).tournament_id
    page = client.get(reverse("payouts", args=[tid]))
    assert page.status_code == 200
    assert reverse("payouts-purchase", args=[tid]) not in page.content.decode()
    answer = client.post(
        reverse("payouts-purchase", args=[tid]), {"entry": entry["id"], "kind": "rebuy"}
    )
    assert answer.status_code == 403
    assert Entry.objects.get(pk=entry["id"]).rebuys == 0


def test_the_floors_menu_and_pre_registrations_offer_no_money(
    floor_user, desk_user, api, anonymous_api
):
    tid = listed_tournament(api)["id"]
    # Today's list shows it whatever the hour the test runs.
    today = {
        "starts_at": today_late().isoformat(),
        "pre_registration": {"check_in_deadline_minutes": 0},
    }
    assert api.patch(f"/tournaments/{tid}", today).status_code == 200
    held = anonymous_api.post(f"/tournaments/{tid}/pre-registrations", {"name": "Paula Berg"})
    assert held.status_code == 201, held.content
    check_in = reverse("prereg-desk-check-in", args=[PreRegistration.objects.get().pk])
    floor, desk = signed_in(floor_user), signed_in(desk_user)
    assert (
        reverse("registration-desk", args=[tid])
        not in floor.get(reverse("tournament-detail", args=[tid])).content.decode()
    )
    assert (
        reverse("registration-desk", args=[tid])
        in desk.get(reverse("tournament-detail", args=[tid])).content.decode()
    )
    for page in ("prereg-desk", "prereg-today"):
        url = reverse(page, args=[tid] if page == "prereg-desk" else [])
        assert "Paula Berg" in floor.get(url).content.decode()
        assert check_in not in floor.get(url).content.decode()
        assert check_in in desk.get(url).content.decode()
    assert floor.post(check_in).status_code == 403
    assert not Entry.objects.exists()


# --- every money operation on real rows, by each role ---------------------------

ROLES = ("director", "desk", "floor")
# (what, expected answer for the director, the desk, the floor)
OPERATIONS = [
    ("register with a buy-in", (201, 201, 403)),
    ("register to pay later", (201, 403, 403)),
    ("pay an entry's buy-in later", (201, 201, 403)),
    ("settle a pay-later row", (201, 201, 403)),
    ("reverse a buy-in", (201, 201, 403)),
    ("refund an entry", (201, 201, 403)),
    ("add to the prize pool", (201, 403, 403)),
    ("pay a prize", (200, 200, 403)),
    ("reverse a prize paid", (201, 403, 403)),
    ("read the ledger", (200, 200, 403)),
    ("read the money overview", (200, 403, 403)),
    ("add a cash box", (201, 403, 403)),
]


@pytest.fixture
def evening(api, tournament) -> dict[str, int]:
    """Four entries: two paid in cash, one to pay later, one with nothing booked;
    a one-table field played down to its winner (paid 100 %), who is not paid yet."""
    tid = tournament["id"]
    assert api.put(f"/tournaments/{tid}/payouts", {"percentages": ["100"], "rounding": "1"})
    made = {
        name: api.post(f"/tournaments/{tid}/entries", {"name": name, "payment": payment}).json()
        for name, payment in (
            ("Anna Keller", {"method": "cash"}),
            ("Bernd Schulz", {"method": "cash"}),
            ("Clara Wolf", {"method": "account"}),
        )
    }
    late = api.post(f"/tournaments/{tid}/entries", {"name": "Dirk Lang"}).json()
    api.post(f"/ledger/{late['payment']['id']}/reverse", {"reason": "no money yet"})
    return {
        "tid": tid,
        "anna": made["Anna Keller"]["id"],
        "anna_row": made["Anna Keller"]["payment"]["id"],
        "bernd": made["Bernd Schulz"]["id"],
        "later_row": made["Clara Wolf"]["payment"]["id"],
        "dirk": late["id"],
    }


def _won(api, evening) -> int:
    """The field played down: Anna wins (the director busts the others)."""
    tid = evening["tid"]
    api.post(f"/tournaments/{tid}/tables", {"count": 1, "seats": 9})
    api.post(f"/tournaments/{tid}/draw")
    for entry in Entry.objects.filter(tournament_id=tid).exclude(pk=evening["anna"]):
        if entry.status == "seated":
            assert api.post(f"/entries/{entry.pk}/bust").status_code == 200
    return evening["anna"]


def _paid_prize(api, evening) -> int:
    paid = api.post(f"/entries/{_won(api, evening)}/prize/pay", {"method": "cash"}).json()
    return LedgerRow.objects.get(receipt_number=paid["receipt_number"]).pk


# What each operation needs first (done by the director), and the request itself.
PREPARE = {"pay a prize": _won, "reverse a prize paid": _paid_prize}
REQUESTS = {
    "register with a buy-in": lambda e, _x: (
        "post",
        f"/tournaments/{e['tid']}/entries",
        {"name": "Eva Neu"},
    ),
    "register to pay later": lambda e, _x: (
        "post",
        f"/tournaments/{e['tid']}/entries",
        {"name": "Eva Neu", "payment": {"method": "account"}},
    ),
    "pay an entry's buy-in later": lambda e, _x: (
        "post",
        f"/entries/{e['dirk']}/payments",
        {"method": "card"},
    ),
    "settle a pay-later row": lambda e, _x: (
        "post",
        f"/ledger/{e['later_row']}/settle",
        {"method": "cash"},
    ),
    "reverse a buy-in": lambda e, _x: (
        "post",
        f"/ledger/{e['anna_row']}/reverse",
        {"reason": "Fehlbuchung"},
    ),
    "refund an entry": lambda e, _x: ("post", f"/entries/{e['bernd']}/refund", {"reason": "krank"}),
    "add to the prize pool": lambda e, _x: (
        "post",
        f"/tournaments/{e['tid']}/prize-additions",
        {"amount": "20"},
    ),
    "pay a prize": lambda _e, x: ("post", f"/entries/{x}/prize/pay", {"method": "cash"}),
    "reverse a prize paid": lambda _e, x: (
        "post",
        f"/ledger/{x}/reverse",
        {"reason": "falscher Sieger"},
    ),
    "read the ledger": lambda e, _x: ("get", f"/tournaments/{e['tid']}/ledger", None),
    "read the money overview": lambda e, _x: ("get", f"/tournaments/{e['tid']}/money", None),
    "add a cash box": lambda _e, _x: ("post", "/cash-boxes", {"name": "Kasse 2"}),
}


@pytest.mark.parametrize(("what", "expected"), OPERATIONS, ids=[o[0] for o in OPERATIONS])
def test_each_role_gets_its_answer_to_every_money_operation_on_real_rows(
    what, expected, api, desk_api, floor_api, evening
):
    """The same operation on the same rows for each role: the directors may do
    all, the desk what README "Cash desk" gives it, the floor nothing; a refused
    one books nothing."""
    clients = dict(zip(ROLES, (api, desk_api, floor_api), strict=True))
    prepared = PREPARE[what](api, evening) if what in PREPARE else None
    method, path, body = REQUESTS[what](evening, prepared)
    answers = {}
    for role in reversed(ROLES):  # the floor and the desk first: a refusal changes nothing
        rows = LedgerRow.objects.count()
        send = getattr(clients[role], method)
        answers[role] = (send(path, body) if body is not None else send(path)).status_code
        if answers[role] == 403:
            assert LedgerRow.objects.count() == rows, (what, role)
        if answers[role] < 300 and what not in ("read the ledger", "read the money overview"):
            break  # done once; the next role would find it done
    wanted = dict(zip(ROLES, expected, strict=True))
    assert answers == {role: wanted[role] for role in answers}
