"""Walking TD3's parsed values with a check at each step: a field that is
missing or of the wrong kind is a ``Td3FormatError`` naming its path
(``.T.Players[3].Buyins[0].Amount``), never a ``KeyError`` or ``TypeError``
from inside (``td3_read`` reads the tournament with it)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from imports.rules.td3_syntax import New, Td3Error

MAX_ITEMS = 100_000  # players, purchases, levels or prizes in one file


class Td3FormatError(Td3Error):
    """The file parsed, but a field TD3 always writes is missing or of the wrong kind."""

    def __init__(self, message: str, path: str) -> None:
        super().__init__(f"{message}: {path}")
        self.message = message
        self.path = path


class Td3Reader:
    """Typed access to a parsed value, remembering the path for error messages."""

    def __init__(self, value: Any, path: str) -> None:
        self.value = value
        self.path = path

    def fail(self, message: str) -> Td3FormatError:
        return Td3FormatError(message, self.path)

    def fields(self) -> dict[Any, Any]:
        value = self.value
        if isinstance(value, New):
            value = value.fields
        if not isinstance(value, dict):
            raise self.fail("expected an object")
        return value

    def has(self, key: str) -> bool:
        return key in self.fields()

    def get(self, key: str) -> Td3Reader:
        fields = self.fields()
        if key not in fields:
            raise Td3FormatError("missing field", f"{self.path}.{key}")
        return Td3Reader(fields[key], f"{self.path}.{key}")

    def opt(self, key: str) -> Td3Reader | None:
        fields = self.fields()
        if key not in fields or fields[key] is None:
            return None
        return Td3Reader(fields[key], f"{self.path}.{key}")

    def items(self) -> list[Td3Reader]:
        """The elements of a list, of a map's values, or of a wrapper holding one."""
        value = self.value
        if isinstance(value, New) and len(value.args) == 1 and isinstance(value.args[0], list):
            value = value.args[0]
        if isinstance(value, dict):
            value = list(value.values())
        if not isinstance(value, list):
            raise self.fail("expected a list")
        if len(value) > MAX_ITEMS:
            raise self.fail("too many items")
        return [Td3Reader(item, f"{self.path}[{index}]") for index, item in enumerate(value)]

    def text(self, default: str | None = None) -> str:
        if self.value is None and default is not None:
            return default
        if not isinstance(self.value, str):
            raise self.fail("expected text")
        return self.value

    def integer(self) -> int:
        value = self.value
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail("expected a number")
        if isinstance(value, float) and not value.is_integer():
            raise self.fail("expected a whole number")
        if abs(value) > 10**15:
            raise self.fail("number out of range")
        return int(value)

    def money(self) -> Decimal:
        value = self.value
        if isinstance(value, New) and value.name == "PerPlayerRake":
            parts = Td3Reader(value.args[0] if value.args else [], self.path).items()
            return sum((part.money() for part in parts), Decimal(0))
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail("expected an amount")
        try:
            amount = Decimal(str(value))
        except InvalidOperation:  # pragma: no cover - str of a float is always a number
            raise self.fail("expected an amount") from None
        if abs(amount) > 10**12:
            raise self.fail("amount out of range")
        return amount

    def flag(self) -> bool:
        return bool(self.value)

    def strings(self) -> tuple[str, ...]:
        return tuple(item.text() for item in self.items())

    # Fields TD3 may leave out: their value, or what the import takes without them.
    def integer_or(self, key: str, default: int) -> int:
        found = self.opt(key)
        return found.integer() if found else default

    def money_or(self, key: str, default: Decimal = Decimal(0)) -> Decimal:
        found = self.opt(key)
        return found.money() if found else default

    def text_or(self, key: str, default: str = "") -> str:
        found = self.opt(key)
        return found.text(default) if found else default

    def flag_or(self, key: str, default: bool) -> bool:
        found = self.opt(key)
        return found.flag() if found else default
