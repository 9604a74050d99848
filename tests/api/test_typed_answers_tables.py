"""A client generated from /api/v1/openapi.json knows every field of the tables,
rulings and screens answers (README "API"): no answer is a bare object, the
enumerations are listed, and every operation documents its 4xx answers."""

from __future__ import annotations

from typing import Any

import pytest

from rulings.models import Category
from tables.models import Move

pytestmark = pytest.mark.django_db

TAGS = {"tables", "rulings", "screens"}


@pytest.fixture
def schema(anonymous_api) -> dict[str, Any]:
    response = anonymous_api.get("/openapi.json")
    assert response.status_code == 200
    return response.json()


def resolve(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = schema["components"]["schemas"][node["$ref"].rsplit("/", 1)[-1]]
    return node


def bare_objects(schema: dict[str, Any], node: dict[str, Any], seen: set[str]) -> list[str]:
    """The places under `node` that are objects with no listed properties."""
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        if name in seen:
            return []
        seen.add(name)
    node = resolve(schema, node)
    found = []
    if node.get("type") == "object" and not node.get("properties"):
        found.append(node.get("title", "object"))
    for key in ("anyOf", "oneOf", "allOf"):
        for each in node.get(key, []):
            found += bare_objects(schema, each, seen)
    if "items" in node:
        found += bare_objects(schema, node["items"], seen)
    for each in node.get("properties", {}).values():
        found += bare_objects(schema, each, seen)
    return found


def our_operations(schema: dict[str, Any]):
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if TAGS & set(operation.get("tags", [])):
                yield f"{method.upper()} {path}", operation


def test_every_answer_of_the_tables_rulings_and_screens_operations_names_its_fields(schema):
    untyped = {}
    operations = list(our_operations(schema))
    assert len(operations) > 30
    for name, operation in operations:
        for code, response in operation["responses"].items():
            if not str(code).startswith("2"):
                continue
            body = response.get("content", {}).get("application/json", {}).get("schema")
            if body is None:
                continue
            bare = bare_objects(schema, body, set())
            if bare:
                untyped[f"{name} {code}"] = bare
    assert untyped == {}


def test_every_operation_documents_its_refusals_with_a_detail(schema):
    missing = []
    for name, operation in our_operations(schema):
        refusals = [
            resolve(schema, response["content"]["application/json"]["schema"])
            for code, response in operation["responses"].items()
            if str(code).startswith("4")
        ]
        if not refusals or not all("detail" in r.get("properties", {}) for r in refusals):
            missing.append(name)
    assert missing == []


def test_moves_and_rulings_list_their_values_from_the_models(schema):
    components = schema["components"]["schemas"]
    move = components["PendingMoveOut"]["properties"]
    assert move["reason"]["enum"] == list(Move.Reason.values)
    assert move["status"]["enum"] == list(Move.Status.values)
    assert components["TableOut"]["properties"]["status"]["enum"] == ["open", "broken", "reserve"]
    assert components["RulingOut"]["properties"]["category"]["enum"] == list(Category.values)
    assert components["RulingIn"]["properties"]["category"]["enum"] == list(Category.values)
    assert "dead_small_blind" in components["TableOut"]["properties"]
    assert "number" in components["TableOut"]["properties"]["number"]["description"]


def test_the_main_operations_carry_examples(schema):
    components = schema["components"]["schemas"]
    for name in ("BustsIn", "RulingIn", "BreakOrderIn", "BustOut", "DrawOut", "RulingOut"):
        assert components[name].get("examples"), name
    bust = schema["paths"]["/api/v1/entries/{entry_id}/bust"]["post"]["requestBody"]
    assert bust["content"]["application/json"]["schema"]["examples"]
    done = schema["paths"]["/api/v1/moves/{move_id}/done"]["post"]["responses"]
    assert done["200"]["content"]["application/json"]["example"]["status"] == "done"
