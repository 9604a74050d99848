"""Errors a floor action can end with. Each carries a translatable message and
the HTTP status the API and the pages answer with; nothing is changed when one
is raised inside a service transaction.

One status per kind of error (README "API", Errors): 422 for a value the rules
of a field do not allow, 409 for a state that forbids the action, 404 for an
unknown id, 403 for a role. 400 is left to a body that is not JSON at all.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _


class DomainError(Exception):
    status = 422

    def __init__(self, message: object) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


class Invalid(DomainError):
    """A value the rules do not allow (a seat beyond the table, percentages that do
    not add up): 422, like a body that does not fit the schema."""

    status = 422


class NamesField(DomainError):
    """An error about one named field of the request: the API names it first
    ("consent: ..."); a page shows the sentence alone, since its form shows where."""

    def __init__(self, field: str, message: object) -> None:
        super().__init__(message)
        self.field = field

    def api_detail(self) -> str:
        return f"{self.field}: {self.message}"


class FieldInvalid(NamesField, Invalid):
    """One named field of the request is missing or wrong: 422, in the reader's
    language."""

    status = 422


class NotFound(DomainError):
    status = 404


class FieldNotFound(NamesField, NotFound):
    """A body names an object that does not exist (a tournament, a layout): 404
    naming the field, as an unknown id in the path is. What exists is the
    room's state, not the request's shape (README "API", Errors)."""

    status = 404


class RuleBeyondSchema(FieldInvalid):
    """A value a rule refuses that JSON Schema cannot state: it ties fields
    together (a chip race's odd chips against its cards, two tiles on one cell)
    or reads what a file holds. The schema calls such a request valid, so the
    answer, 422 naming the field, names the ``rule`` too (README "API", "What
    the schema promises")."""

    def __init__(self, field: str, message: object, *, rule: str) -> None:
        super().__init__(field, message)
        self.rule = rule


class Forbidden(DomainError):
    status = 403


class Conflict(DomainError):
    status = 409


class Busy(Conflict):
    """Refused only for the moment: another action held the lock, another writer
    took the audit line's number. The same request sent again may go through,
    so the answer carries ``Retry-After`` and a tablet's queue sends it again
    instead of keeping it as a conflict (README "When the network drops")."""

    retry_after_seconds = 1


def refusal_headers(exc: DomainError) -> dict[str, str]:
    """The headers a refusal is answered with: ``Retry-After`` for :class:`Busy`."""
    return {"Retry-After": str(exc.retry_after_seconds)} if isinstance(exc, Busy) else {}


# The request's attribute that keeps the refusal a page or API handler answered
# with, so what reads the answer afterwards (the floor's conflicts, README "When
# the network drops") has its words in every language, not only the reader's.
REFUSAL_ATTRIBUTE = "domain_refusal"


def refusal_note(request: object, exc: DomainError) -> None:
    """Note the refusal a request is answered with (see :data:`REFUSAL_ATTRIBUTE`)."""
    setattr(request, REFUSAL_ATTRIBUTE, exc)


def refusal_of(request: object) -> DomainError | None:
    """The refusal noted for the request, if any."""
    found = getattr(request, REFUSAL_ATTRIBUTE, None)
    return found if isinstance(found, DomainError) else None


BUSY = _("Another action on this tournament is in progress. Please try again.")
TOURNAMENT_NOT_FOUND = _("Tournament not found.")
ENTRY_NOT_FOUND = _("Entry not found.")


# The largest id a row can have (a 64-bit key). The ORM answers "no such row"
# for a larger number; a plain query handed one fails in the driver instead,
# so the plain lookups on the hot path ask this first (README "API", Errors).
LARGEST_ROW_ID = 2**63 - 1


def can_be_a_row_id(value: int) -> bool:
    return 0 < value <= LARGEST_ROW_ID
