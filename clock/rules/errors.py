"""Errors raised by the pure clock and chip rules.

Every error carries a machine-readable ``code`` (stable, snake_case) and
optional details. Messages here are for developers and logs only; the
service layer maps ``code`` to a translatable text for the user (these
modules import no Django, so they cannot translate).
"""

from __future__ import annotations

from typing import Any


class RuleError(ValueError):
    """Bad input or an action the rules do not allow, with a stable ``code``."""

    def __init__(self, code: str, message: str = "", **details: Any) -> None:
        self.code = code
        self.details: dict[str, Any] = details
        super().__init__(message or code)

    def as_dict(self) -> dict[str, Any]:
        """``{"code": ..., **details}`` for an API error body."""
        return {"code": self.code, **self.details}
