"""The schema states what the server takes (README "API"): a whole number
written ``1.0`` is an integer, as JSON Schema counts it; money is a decimal
string or a JSON number."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_a_whole_number_written_with_a_fraction_is_taken_as_the_integer(api):
    response = api.post(
        "/tournaments", raw='{"name": "Whole", "starting_stack": 20000.0, "table_size": 9e0}'
    )
    assert response.status_code == 201, response.content
    assert (response.json()["starting_stack"], response.json()["table_size"]) == (20000, 9)


def test_a_fraction_is_still_refused_where_an_integer_is_asked(api):
    response = api.post("/tournaments", raw='{"name": "Half", "starting_stack": 20000.5}')
    assert response.status_code == 422
    assert response.json()["field"] == "starting_stack"


def test_money_is_taken_as_a_json_number_and_as_a_decimal_string(api):
    as_number = api.post("/tournaments", raw='{"name": "Number", "buy_in": 50, "fee": 5.5}')
    as_text = api.post("/tournaments", {"name": "Text", "buy_in": "50", "fee": "5.50"})
    assert as_number.status_code == as_text.status_code == 201, as_number.content
    assert (as_number.json()["buy_in"], as_number.json()["fee"]) == ("50.00", "5.50")


def test_the_schema_gives_money_written_as_text_the_form_the_server_reads(client):
    import re

    schemas = client.get("/api/v1/openapi.json").json()["components"]["schemas"]
    amount = schemas["PotPayOutIn"]["properties"]["amount"]
    text = next(branch for branch in amount["anyOf"] if branch["type"] == "string")
    assert re.fullmatch(text["pattern"], "12.50")
    assert not re.fullmatch(text["pattern"], "")
    assert not re.fullmatch(text["pattern"], "12,50")


def _schemas(client) -> dict:
    return client.get("/api/v1/openapi.json").json()["components"]["schemas"]


def _branch(field: dict, kind: str) -> dict:
    return next(branch for branch in field["anyOf"] if branch.get("type") == kind)


def test_an_optional_body_takes_a_whole_number_written_with_a_fraction(api):
    """The bust's body is read apart from the others (it may be left out)."""
    from tests.rulings.conftest import start

    game = start(api, players=4, tables=1)
    entry = game["tables"][0]["players"][0]["entry"]
    response = api.post(f"/entries/{entry}/bust", raw='{"starting_stack": 157.0}')
    assert response.status_code == 200, response.content


def test_money_as_a_number_is_said_in_cents_and_within_the_column(client, api):
    """A JSON number for money is a multiple of 0.01 below the column's limit:
    what the server refuses (``5e-324``, ``1e308``) the schema calls invalid."""
    amount = _schemas(client)["PotPayOutIn"]["properties"]["amount"]
    number = _branch(amount, "number")
    assert (number["multipleOf"], number["maximum"]) == (0.01, 9999999999.99)
    assert number["exclusiveMinimum"] == 0
    for fee in ("5e-324", "1e308"):
        response = api.post("/tournaments", raw=f'{{"name": "Fee", "fee": {fee}}}')
        assert response.status_code == 422, response.content
        assert response.json()["field"] == "fee"


def test_money_as_text_is_said_with_its_sign_digits_and_cents(client):
    import re

    schemas = _schemas(client)
    above_zero = _branch(schemas["PotPayOutIn"]["properties"]["amount"], "string")["pattern"]
    for text in ("0", "0.00", "-1", "12.505", "10000000000"):
        assert not re.search(above_zero, text), text
    for text in ("0.01", "12.50", "9999999999.99"):
        assert re.search(above_zero, text), text
    at_least_zero = _branch(schemas["AdditionIn"]["properties"]["amount"], "string")["pattern"]
    assert re.search(at_least_zero, "0") and not re.search(at_least_zero, "-01")


def test_a_string_the_pattern_takes_is_a_decimal_the_server_takes():
    """Each pattern the schema gives a decimal's text, fuzzed: every string it
    matches passes the field's own checks (README "API")."""
    from decimal import Decimal

    bounds = [
        {"gt": 0, "max_digits": 12, "decimal_places": 2},
        {"ge": 0, "le": 1000000, "max_digits": 10, "decimal_places": 2},
        {"ge": -100000, "le": 100000, "max_digits": 10, "decimal_places": 2},
        {"ge": Decimal("0.01"), "le": 1000000, "max_digits": 9, "decimal_places": 2},
        {"ge": 0, "le": 10**9},
    ]
    for constraints in bounds:
        _fuzz_pattern(constraints)


def _fuzz_pattern(constraints: dict) -> None:
    from typing import Annotated

    from hypothesis import given, settings
    from hypothesis import strategies as st
    from pydantic import BaseModel, Field

    from tournament.api.decimal_schema import decimal_pattern
    from tournament.api.fields import Amount

    class Probe(BaseModel):
        value: Annotated[Amount, Field(**constraints)]

    @settings(max_examples=60, deadline=None, database=None)
    @given(st.from_regex(decimal_pattern(constraints), fullmatch=True))
    def takes(text: str) -> None:
        Probe(value=text)

    takes()


def test_a_voucher_names_its_number_and_an_optional_body_is_never_null(client):
    schema = client.get("/api/v1/openapi.json").json()
    payment = schema["components"]["schemas"]["PaymentIn"]
    assert payment["if"]["properties"]["method"] == {"const": "voucher"}
    assert payment["then"]["required"] == ["reference"]
    body = schema["paths"]["/api/v1/tables/{table_id}/floor-call"]["post"]["requestBody"]
    assert body["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/FloorCallIn"
    }


def test_a_body_naming_a_layout_that_does_not_exist_is_a_404(api):
    """What exists is the room's state, not the request's shape."""
    response = api.post("/screens", {"name": "Bar", "layout": "no-such-layout"})
    assert response.status_code == 404, response.content
    assert response.json()["field"] == "layout"


def test_a_rule_the_schema_cannot_state_is_named_in_the_answer(api):
    race = {
        "method": "race",
        "removed": 100,
        "smallest_remaining": 25,
        "button_seat": 1,
        "players": [{"seat": 1, "chips": 1, "other_value": 0}],
    }
    response = api.post("/chip-race", race)
    assert response.status_code == 422, response.content
    assert (response.json()["field"], response.json()["rule"]) == ("removed", "removed_not_smaller")


def test_the_chip_race_cards_take_seat_numbers_only(client):
    cards = _schemas(client)["ChipRaceIn"]["properties"]["cards"]
    keyed = next(branch for branch in cards["anyOf"] if branch.get("type") == "object")
    assert keyed["additionalProperties"] is False
    assert list(keyed["patternProperties"]) == ["^[1-9][0-9]*$"]
