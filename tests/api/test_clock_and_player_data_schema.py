"""A client generated from /api/v1/openapi.json can use the clock and the player-data
operations (README "API"): every answer is typed, the bodies the rules read
themselves are declared with their fields, and the documented examples are real."""

from __future__ import annotations

from typing import Any

import pytest

from clock.api.schemas import (
    CLOCK_EXAMPLE,
    RACE_ANSWER_EXAMPLE,
    RACE_EXAMPLE,
    STRUCTURE_EXAMPLE,
    ClockOut,
)
from clock.rules.chip_race import METHODS

# The routers' tags: the operations these schemas type.
TAGS = {"clock", "player data"}
STRUCTURE = "/api/v1/tournaments/{tournament_id}/structure"
CHIP_RACE = "/api/v1/chip-race"


@pytest.fixture
def openapi(client) -> dict[str, Any]:
    return client.get("/api/v1/openapi.json").json()


def resolve(schema: dict[str, Any], openapi: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = openapi["components"]["schemas"][schema["$ref"].rsplit("/", 1)[-1]]
    return schema


def untyped_objects(
    schema: dict[str, Any], openapi: dict[str, Any], where: str, seen: set[str]
) -> list[str]:
    """The places in ``schema`` that are objects of anything (no properties at all)."""
    if "$ref" in schema:
        if schema["$ref"] in seen:
            return []
        seen.add(schema["$ref"])
    schema = resolve(schema, openapi)
    found = []
    if schema.get("additionalProperties") is True and not schema.get("properties"):
        found.append(where)
    if schema.get("type") == "object" and not schema.get("properties"):
        if schema.get("additionalProperties") in (None, True, {}):
            found.append(where)
    parts = [(f"{where}.{name}", s) for name, s in schema.get("properties", {}).items()]
    parts += [(f"{where}[]", schema["items"])] if isinstance(schema.get("items"), dict) else []
    if isinstance(schema.get("additionalProperties"), dict):
        parts.append((f"{where}{{}}", schema["additionalProperties"]))
    for key in ("anyOf", "oneOf", "allOf"):
        parts += [(f"{where}|{i}", s) for i, s in enumerate(schema.get(key, []))]
    for place, part in parts:
        found += untyped_objects(part, openapi, place, seen)
    return sorted(set(found))


def our_operations(openapi: dict[str, Any]):
    for path, operations in openapi["paths"].items():
        for method, operation in operations.items():
            if TAGS & set(operation.get("tags", ())):
                yield f"{method.upper()} {path}", operation


def test_every_answer_of_the_clock_and_player_data_operations_is_typed(openapi):
    operations = dict(our_operations(openapi))
    assert len(operations) >= 30  # the clock's and the player data's, not an empty walk
    untyped = []
    for name, operation in operations.items():
        for status, response in operation["responses"].items():
            for content in response.get("content", {}).values():
                where = f"{name} {status}"
                untyped += untyped_objects(content["schema"], openapi, where, set())
    assert untyped == []


def test_the_walk_finds_an_untyped_answer(openapi):
    """The check above can fail: an answer of any object is reported."""
    anything = {"type": "object", "additionalProperties": True}
    wrapped = {"type": "array", "items": {"anyOf": [anything, {"type": "null"}]}}
    assert untyped_objects(wrapped, openapi, "x", set()) == ["x[]|0"]


def body_schema(openapi: dict[str, Any], path: str, method: str) -> dict[str, Any]:
    body = openapi["paths"][path][method]["requestBody"]
    assert body["required"] is True
    return resolve(body["content"]["application/json"]["schema"], openapi)


def test_the_structure_body_is_declared_with_its_levels_and_breaks(openapi):
    schema = body_schema(openapi, STRUCTURE, "put")
    assert schema["required"] == ["levels"]
    entry = schema["properties"]["levels"]["items"]
    assert entry["discriminator"]["propertyName"] == "kind"
    kinds = {
        kind: resolve({"$ref": ref}, openapi)
        for kind, ref in entry["discriminator"]["mapping"].items()
    }
    assert set(kinds) == {"level", "break"}
    level, pause = kinds["level"], kinds["break"]
    assert set(level["properties"]) == {
        "kind",
        "small_blind",
        "big_blind",
        "ante",
        "big_blind_ante",
        "seconds",
    }
    assert set(level["required"]) == {"kind", "small_blind", "big_blind", "seconds"}
    assert set(pause["properties"]) == {"kind", "seconds", "color_up"}
    assert level["properties"]["big_blind_ante"]["type"] == "boolean"
    assert all(p.get("description") for n, p in level["properties"].items())


def test_the_chip_race_body_is_declared_with_its_fields(openapi):
    schema = body_schema(openapi, CHIP_RACE, "post")
    assert set(schema["properties"]) == {
        "method",
        "removed",
        "smallest_remaining",
        "button_seat",
        "players",
        "cards",
    }
    assert schema["properties"]["method"]["enum"] == list(METHODS)
    player = resolve(schema["properties"]["players"]["items"], openapi)
    assert set(player["required"]) == {"seat", "chips", "other_value"}
    assert all(p.get("description") for p in schema["properties"].values())


def test_a_clock_call_says_its_table_is_a_number_and_takes_table_number_too(openapi):
    schema = body_schema(openapi, "/api/v1/tournaments/{tournament_id}/clock-calls", "post")
    assert {"table", "table_number", "seat"} <= set(schema["properties"])
    assert "number" in schema["properties"]["table"]["description"].lower()


def test_the_structure_refusal_declares_its_problems(openapi):
    refused = openapi["paths"][STRUCTURE]["put"]["responses"]["422"]
    schema = resolve(refused["content"]["application/json"]["schema"], openapi)
    problem = resolve(schema["properties"]["problems"]["items"], openapi)
    assert {"detail", "problems"} <= set(schema["properties"])
    assert {"code", "index", "field", "message"} <= set(problem["properties"])


def test_the_documented_structure_and_chip_race_examples_are_answered_as_shown(api, tournament):
    saved = api.put(f"/tournaments/{tournament['id']}/structure", STRUCTURE_EXAMPLE)
    assert saved.status_code == 200, saved.content
    assert saved.json() == {**STRUCTURE_EXAMPLE, "warnings": []}
    raced = api.post("/chip-race", RACE_EXAMPLE)
    assert raced.status_code == 200, raced.content
    assert raced.json() == RACE_ANSWER_EXAMPLE
    assert ClockOut.model_validate(CLOCK_EXAMPLE).state == "running"


def test_the_clock_is_called_by_table_number_under_either_name(api, floor_api, tournament):
    t = tournament["id"]
    assert api.post(f"/tournaments/{t}/tables", {"count": 2, "seats": 9}).status_code == 201
    called = floor_api.post(f"/tournaments/{t}/clock-calls", {"table_number": 2, "seat": 3})
    assert called.status_code == 201, called.content
    assert (called.json()["table"], called.json()["seat"]) == (2, 3)
    for body in ({"seat": 3}, {"table": 1, "table_number": 2, "seat": 3}):
        refused = floor_api.post(f"/tournaments/{t}/clock-calls", body)
        assert refused.status_code == 422  # status: field error
        assert "table_number" in refused.json()["detail"]
    floor_api.headers["HTTP_ACCEPT_LANGUAGE"] = "de"
    german = floor_api.post(f"/tournaments/{t}/clock-calls", {"seat": 3})
    assert "Tischnummer" in german.json()["detail"]


def components_used(openapi: dict[str, Any], value: Any, found: set[str]) -> set[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            name = item.rsplit("/", 1)[-1] if key == "$ref" else None
            if name is not None and name not in found:
                found.add(name)
                components_used(openapi, openapi["components"]["schemas"][name], found)
            elif name is None:
                components_used(openapi, item, found)
    elif isinstance(value, list):
        for item in value:
            components_used(openapi, item, found)
    return found


def test_every_field_of_their_bodies_and_answers_is_described(openapi):
    used = components_used(openapi, dict(our_operations(openapi)), set())
    assert {"ClockOut", "StructureIn", "ChipRaceIn", "PlayerExportOut"} <= used
    undescribed = [
        f"{name}.{field}"
        for name in sorted(used - {"Error"})  # the errors' schema is the API's own
        for field, schema in openapi["components"]["schemas"][name].get("properties", {}).items()
        if not schema.get("description")
    ]
    assert undescribed == []
