"""The 4xx answers each operation can give, written into the OpenAPI schema.

Django Ninja documents only the success response an operation declares.
Every error of ours answers ``{"detail": "..."}`` (:class:`ErrorOut`), so
the codes follow from what the operation takes: a caller who must sign in
can get 401 and 403, an id in the path or the body 404, parameters 422, a write 400
(not JSON), 409 (refused in the current state, or busy), 413 (body too
large) and 422 (a value the schema or the field's rules refuse). Any operation can answer 503 while the database
does not answer, and a write whose change was saved but whose answer could
not be read any more answers 202 ``{"detail", "saved": true}`` (README
"Production", "When Redis or PostgreSQL fails"). Listing them here keeps the
schema true for clients and for the schemathesis run in the test suite.
"""

from __future__ import annotations

from typing import Any

from ninja import Schema
from pydantic import ConfigDict, Field


class ValidationErrorItem(Schema):
    loc: list[str] = Field(description="Where: the body's field path, or the parameter.")
    msg: str = Field(description="What is wrong there, in the reader's language.")


class ErrorOut(Schema):
    """Every error's answer (README "API", Errors)."""

    model_config = ConfigDict(
        title="Error",
        json_schema_extra={"examples": [{"detail": "seat: Seat 12 is not at this table."}]},
    )

    detail: str = Field(description="What went wrong, in the reader's language.")
    field: str | None = Field(
        None,
        description="422, or 404 for an object the body names: the request field it is about,"
        " dotted (``stacks.1.chips``).",
    )
    rule: str | None = Field(
        None,
        description="422 only: the rule across fields that refused a request the schema allows"
        ' (README "API", "What the schema promises"), e.g. ``odd_chips_cards``.',
    )
    errors: list[ValidationErrorItem] | None = Field(
        None, description="422 from the schema only: one item per field refused."
    )
    saved: bool | None = Field(
        None, description="202 only: the change was saved; reload to see the result."
    )


def error_components() -> dict[str, Any]:
    """The Error model and what it refers to, as OpenAPI components."""
    schema = ErrorOut.model_json_schema(ref_template="#/components/schemas/{model}")
    components = schema.pop("$defs", {})
    components["Error"] = schema
    return components


DESCRIPTIONS = {
    400: "The body is not valid JSON (a value it holds that is not allowed is a 422).",
    401: "Not signed in and no valid API token.",
    403: "The caller's role may not do this.",
    404: "No such object.",
    405: "Method not allowed on this path.",
    409: "Refused in the tournament's current state, or another action is in progress.",
    413: "The body is larger than the server accepts.",
    422: "A parameter or a field of the body is missing, or not what the schema or the "
    "field's rules allow; ``field`` names it.",
    202: "Saved, but the database stopped answering before the answer was ready.",
    503: "The database is not answering; try again after Retry-After seconds.",
    429: "Too many sends from this address or to this tournament; try again in a few minutes.",
}
WRITES = {"post", "put", "patch", "delete"}


def error_codes(method: str, operation: dict[str, Any]) -> list[int]:
    codes = {405, 503}
    if operation.get("security"):
        codes |= {401, 403}
    parameters = operation.get("parameters", [])
    if any(p.get("in") == "path" for p in parameters) or "requestBody" in operation:
        # An id in the path, or one the body names, that names nothing.
        codes.add(404)
    if parameters or "requestBody" in operation:
        codes.add(422)
    if method in WRITES:
        codes |= {202, 400, 409, 413, 422}
        if not operation.get("security"):
            # A public write (README "Pre-registration and the schedule") is throttled.
            codes.add(429)
    return sorted(codes)


def _body_left_out_not_null(operation: dict[str, Any]) -> None:
    """An optional body may be left out; sent, it is an object, never ``null``
    (the server refuses a body that is not an object, README "API")."""
    body = operation.get("requestBody")
    if not body or body.get("required", True):
        return
    for media in body.get("content", {}).values():
        branches = media.get("schema", {}).get("anyOf")
        if branches and {"type": "null"} in branches:
            kept = [branch for branch in branches if branch != {"type": "null"}]
            media["schema"] = kept[0] if len(kept) == 1 else {"anyOf": kept}


def document_errors(schema: dict[str, Any]) -> dict[str, Any]:
    schema.setdefault("components", {}).setdefault("schemas", {}).update(error_components())
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    for operations in schema.get("paths", {}).values():
        for method, operation in operations.items():
            _body_left_out_not_null(operation)
            responses = operation.setdefault("responses", {})
            documented = {int(code) for code in responses}  # Ninja keys them as ints
            for code in error_codes(method, operation):
                if code not in documented:
                    responses[code] = {"description": DESCRIPTIONS[code], "content": error}
    return schema
