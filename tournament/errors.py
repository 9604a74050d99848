"""Errors a floor action can end with. Each carries a translatable message and
the HTTP status the API and the pages answer with; nothing is changed when one
is raised inside a service transaction."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _


class DomainError(Exception):
    status = 400

    def __init__(self, message: object) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


class Invalid(DomainError):
    status = 400


class FieldInvalid(Invalid):
    """One named field of the request is missing or wrong: 422. The API names the
    field first ("consent: ..."); a page shows the sentence alone, in the
    reader's language, since its form shows where."""

    status = 422

    def __init__(self, field: str, message: object) -> None:
        super().__init__(message)
        self.field = field

    def api_detail(self) -> str:
        return f"{self.field}: {self.message}"


class NotFound(DomainError):
    status = 404


class Forbidden(DomainError):
    status = 403


class Conflict(DomainError):
    status = 409


BUSY = _("Another action on this tournament is in progress. Please try again.")
TOURNAMENT_NOT_FOUND = _("Tournament not found.")
