"""The 4xx answers each operation can give, written into the OpenAPI schema.

Django Ninja documents only the success response an operation declares.
Every error of ours answers ``{"detail": "..."}`` (validation errors add
``errors``), so the codes follow from what the operation takes: a caller
who must sign in can get 401 and 403, an id in the path 404, parameters
422, a write 400 (malformed JSON), 409 (refused by the rules or busy), 413
(body too large) and 422. Any operation can answer 503 while the database
does not answer, and a write whose change was saved but whose answer could
not be read any more answers 202 ``{"detail", "saved": true}`` (README
"Production", "When Redis or PostgreSQL fails"). Listing them here keeps the
schema true for clients and for the schemathesis run in the test suite.
"""

from __future__ import annotations

from typing import Any

ERROR_SCHEMA: dict[str, Any] = {
    "title": "Error",
    "type": "object",
    "properties": {
        "detail": {"type": "string", "description": "What went wrong, in the reader's language."},
        "errors": {
            "type": "array",
            "description": "Validation errors, one per field (422 only).",
            "items": {
                "type": "object",
                "properties": {
                    "loc": {"type": "array", "items": {"type": "string"}},
                    "msg": {"type": "string"},
                },
            },
        },
        "saved": {
            "type": "boolean",
            "description": "202 only: the change was saved; reload to see the result.",
        },
        "field": {
            "type": "string",
            "description": "The request field a 422 from the rules is about (its name starts the detail).",
        },
    },
    "required": ["detail"],
}

DESCRIPTIONS = {
    400: "The body is not valid JSON.",
    401: "Not signed in and no valid API token.",
    403: "The caller's role may not do this.",
    404: "No such object.",
    405: "Method not allowed on this path.",
    409: "Refused in the tournament's current state, or another action is in progress.",
    413: "The body is larger than the server accepts.",
    422: "A parameter or a field of the body is missing or invalid.",
    202: "Saved, but the database stopped answering before the answer was ready.",
    503: "The database is not answering; try again after Retry-After seconds.",
}
WRITES = {"post", "put", "patch", "delete"}


def error_codes(method: str, operation: dict[str, Any]) -> list[int]:
    codes = {405, 503}
    if operation.get("security"):
        codes |= {401, 403}
    parameters = operation.get("parameters", [])
    if any(p.get("in") == "path" for p in parameters):
        codes.add(404)
    if parameters or "requestBody" in operation:
        codes.add(422)
    if method in WRITES:
        codes |= {202, 400, 409, 413, 422}
    return sorted(codes)


def document_errors(schema: dict[str, Any]) -> dict[str, Any]:
    schema.setdefault("components", {}).setdefault("schemas", {})["Error"] = ERROR_SCHEMA
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    for operations in schema.get("paths", {}).values():
        for method, operation in operations.items():
            responses = operation.setdefault("responses", {})
            documented = {int(code) for code in responses}  # Ninja keys them as ints
            for code in error_codes(method, operation):
                if code not in documented:
                    responses[code] = {"description": DESCRIPTIONS[code], "content": error}
    return schema
