"""What a 422 from the schema says, in the reader's language (README "API",
Errors). Pydantic writes its messages in English only; the kinds of error our
bodies can meet are said here, with the field first, and anything else keeps
pydantic's words."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

SAID: dict[str, Any] = {
    "missing": _("is required"),
    "extra_forbidden": _("is unknown here"),
    "literal_error": _("must be one of %(expected)s"),
    "enum": _("must be one of %(expected)s"),
    "int_type": _("must be a whole number"),
    "int_parsing": _("must be a whole number"),
    "int_from_float": _("must be a whole number"),
    "bool_type": _("must be true or false"),
    "bool_parsing": _("must be true or false"),
    "string_type": _("must be text"),
    "string_too_short": _("is too short (at least %(min_length)s)"),
    "string_too_long": _("is too long (at most %(max_length)s)"),
    "string_pattern_mismatch": _("is not in the expected form"),
    "too_short": _("has too few items (at least %(min_length)s)"),
    "too_long": _("has too many items (at most %(max_length)s)"),
    "greater_than_equal": _("must be at least %(ge)s"),
    "greater_than": _("must be greater than %(gt)s"),
    "less_than_equal": _("must be at most %(le)s"),
    "less_than": _("must be less than %(lt)s"),
    "decimal_parsing": _("must be a decimal number"),
    "decimal_type": _("must be a decimal number"),
    "decimal_max_places": _("has too many decimals (at most %(decimal_places)s)"),
    "decimal_max_digits": _("has too many digits (at most %(max_digits)s)"),
    "decimal_whole_digits": _("has too many digits before the point (at most %(whole_digits)s)"),
    "list_type": _("must be a list"),
    "dict_type": _("must be an object"),
    "model_type": _("must be an object"),
    "model_attributes_type": _("must be an object"),
    "json_invalid": _("is not valid JSON"),
    "name_or_player": _("Give either a name or an existing player id."),
}
SKIPPED_LOC = ("body", "payload", "query", "path")


def message(error: dict[str, Any]) -> str:
    """The error's message in the active language."""
    said = SAID.get(str(error.get("type", "")))
    if said is None:
        return str(error.get("msg", ""))
    context = {key: str(value) for key, value in (error.get("ctx") or {}).items()}
    try:
        return str(said) % context if "%(" in str(said) else str(said)
    except (KeyError, ValueError):
        return str(error.get("msg", ""))


def where(error: dict[str, Any]) -> str:
    """The field, dotted: ``stacks.1.chips``."""
    return ".".join(str(part) for part in error.get("loc", ()) if part not in SKIPPED_LOC)


def describe(error: dict[str, Any]) -> str:
    field = where(error)
    return f"{field}: {message(error)}" if field else message(error)
