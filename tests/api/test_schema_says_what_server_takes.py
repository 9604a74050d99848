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
