"""Pieces the typed API schemas share (README "API"): enums taken from their one
source, and money as the decimal strings the contract promises."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from django.db.models import TextChoices
from pydantic import Field


def one_of(values: Any) -> Any:
    """A ``Literal`` of these values: the schema's enum follows its one source."""
    return Literal[tuple(values)]


def choices_of(choices: type[TextChoices]) -> Any:
    """The values of a model's choices as a ``Literal``."""
    return one_of(choices.values)


# Money in the answers: a decimal string with two places, e.g. "12.50".
MoneyText = Annotated[
    str,
    Field(pattern=r"^-?[0-9]+\.[0-9]{2}$", description='Money: a decimal string, e.g. "12.50".'),
]
