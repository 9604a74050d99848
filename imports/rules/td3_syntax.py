"""Reading a TD3 save file (``.tdt``) into plain Python data, without running it.

The Tournament Director saves a tournament as a JavaScript object literal:
``{ V: "3.7.2", T: new Tournament({...}) }`` with constructor calls
(``new GamePlayer({...})``, ``new LO.PropSet(...)``), maps written as
``Map.from([[key, value], ...])`` or, in older files, ``new Map({...})``,
unquoted keys, double-quoted strings with backslash escapes, numbers,
``true``/``false``/``null`` and arrays. A file comes from outside, so it is
never evaluated: a small tokenizer and a recursive-descent parser turn it into

- ``dict`` for an object literal and for a map (keys kept as written),
- ``list`` for an array,
- ``New(name, args)`` for ``new Name(args...)``,
- ``Call(name, args)`` for any other call (none seen in real files but ``Map.from``),
- ``str``, ``int``, ``float``, ``bool`` and ``None``.

Whatever is wrong with the text (truncated, mangled, hostile), the one error is
``Td3SyntaxError`` with the character position; nesting, size and token counts
are bounded, so a crafted file costs neither unbounded time nor memory.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

MAX_SIZE = 8 * 1024 * 1024  # characters; real files are about 200 KB
MAX_TOKENS = 2_000_000  # real files hold about 50,000
MAX_DEPTH = 100  # nesting of objects, arrays and calls; real files reach about 20


class Td3Error(ValueError):
    """A file that cannot be read as a TD3 tournament; the one error callers catch."""


class Td3SyntaxError(Td3Error):
    """The text is not a value TD3 could have written; ``position`` says where."""

    def __init__(self, message: str, position: int) -> None:
        super().__init__(f"{message} (at character {position})")
        self.message = message
        self.position = position


@dataclass(frozen=True)
class New:
    """``new Name(args...)``: the constructor's name as written and its arguments."""

    name: str
    args: tuple[Any, ...]

    @property
    def fields(self) -> dict[Any, Any]:
        """The object passed to the constructor (TD3 passes one), else empty."""
        if self.args and isinstance(self.args[0], dict):
            return self.args[0]
        return {}


@dataclass(frozen=True)
class Call:
    """``name(args...)`` that is not a constructor call."""

    name: str
    args: tuple[Any, ...]


# One token: the group that matched names its kind.
_TOKEN = re.compile(
    r"""
    (?P<space>\s+)
  | (?P<punct>[{}\[\](),:])
  | (?P<string>"(?:[^"\\]|\\.)*")
  | (?P<number>-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)
  | (?P<name>[A-Za-z_$][A-Za-z0-9_$]*(?:\.[A-Za-z_$][A-Za-z0-9_$]*)*)
    """,
    re.VERBOSE | re.DOTALL,
)
_ESCAPE = re.compile(r"\\(u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[^ux])", re.DOTALL)
_SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}
_CONSTANTS: dict[str, Any] = {"true": True, "false": False, "null": None, "undefined": None}
_MAP_NAMES = ("Map", "Map.from")


def _unescape(match: re.Match[str]) -> str:
    code = match.group(1)
    if code[0] in "ux" and len(code) > 1:
        return chr(int(code[1:], 16))
    if code in "\r\n":  # a line continuation
        return ""
    return _SIMPLE_ESCAPES.get(code, code)


def _decode_string(raw: str, position: int) -> str:
    body = raw[1:-1]
    if "\\" not in body:
        return body
    if _ESCAPE.sub("", body).count("\\"):
        raise Td3SyntaxError("bad escape in a string", position)
    text = _ESCAPE.sub(_unescape, body)
    # \uD83D\uDE00 pairs become one character; a lone half becomes U+FFFD.
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


Token = tuple[str, Any, int]


def tokenize(text: str, max_tokens: int = MAX_TOKENS) -> Iterator[Token]:
    """The tokens of ``text`` as (kind, value, position), spaces dropped, one at a time."""
    position, end, count = 0, len(text), 0
    match_at = _TOKEN.match
    while position < end:
        match = match_at(text, position)
        if match is None:
            if text[position] == '"':
                raise Td3SyntaxError("a string is not closed", position)
            raise Td3SyntaxError(f"unexpected character {text[position]!r}", position)
        kind = match.lastgroup or ""
        raw = match.group()
        if kind != "space":
            count += 1
            if count > max_tokens:
                raise Td3SyntaxError(f"more than {max_tokens} tokens", position)
        if kind == "punct":
            yield (raw, raw, position)
        elif kind == "string":
            yield ("string", _decode_string(raw, position), position)
        elif kind == "number":
            yield ("number", _number(raw, position), position)
        elif kind == "name":
            yield ("name", raw, position)
        position = match.end()
    yield ("end", None, end)


def _number(raw: str, position: int) -> int | float:
    if re.fullmatch(r"-?\d+", raw) and len(raw) <= 40:
        return int(raw)
    try:
        value = float(raw)
    except ValueError:  # pragma: no cover - the token pattern admits only floats
        raise Td3SyntaxError("bad number", position) from None
    if value != value or value in (float("inf"), float("-inf")):
        raise Td3SyntaxError("number out of range", position)
    return value


class _Parser:
    def __init__(self, tokens: Iterator[Token], max_depth: int) -> None:
        self.tokens = tokens
        self.current = next(tokens)
        self.max_depth = max_depth

    def peek(self) -> Token:
        return self.current

    def skip(self) -> None:
        if self.current[0] != "end":
            self.current = next(self.tokens)

    def take(self, kind: str, what: str) -> Token:
        token = self.current
        if token[0] != kind:
            raise Td3SyntaxError(f"expected {what}, found {_describe(token)}", token[2])
        self.skip()
        return token

    def value(self, depth: int) -> Any:
        kind, value, position = self.peek()
        if depth > self.max_depth:
            raise Td3SyntaxError("nested too deeply", position)
        if kind == "{":
            return self.obj(depth + 1)
        if kind == "[":
            return self.array(depth + 1)
        if kind in ("string", "number"):
            self.skip()
            return value
        if kind == "name":
            return self.named(value, position, depth + 1)
        raise Td3SyntaxError(f"expected a value, found {_describe(self.peek())}", position)

    def named(self, name: str, position: int, depth: int) -> Any:
        self.skip()
        if name in _CONSTANTS:
            return _CONSTANTS[name]
        if name == "new":
            _, name, position = self.take("name", "a constructor name")
            args = self.arguments(depth) if self.peek()[0] == "(" else ()
            if name == "Map":
                return _as_map(args, position)
            return New(name, args)
        if self.peek()[0] != "(":
            raise Td3SyntaxError(f"unknown name {name!r}", position)
        args = self.arguments(depth)
        if name == "Map.from":
            return _as_map(args, position)
        return Call(name, args)

    def arguments(self, depth: int) -> tuple[Any, ...]:
        self.take("(", "'('")
        return tuple(self.sequence(")", depth))

    def array(self, depth: int) -> list[Any]:
        self.take("[", "'['")
        return self.sequence("]", depth)

    def sequence(self, closing: str, depth: int) -> list[Any]:
        items: list[Any] = []
        while self.peek()[0] != closing:
            items.append(self.value(depth))
            if self.peek()[0] != ",":
                break
            self.skip()
        self.take(closing, repr(closing))
        return items

    def obj(self, depth: int) -> dict[Any, Any]:
        self.take("{", "'{'")
        result: dict[Any, Any] = {}
        while self.peek()[0] != "}":
            kind, key, position = self.peek()
            if kind not in ("name", "string", "number"):
                raise Td3SyntaxError(f"expected a key, found {_describe(self.peek())}", position)
            self.skip()
            self.take(":", "':'")
            result[key] = self.value(depth)
            if self.peek()[0] != ",":
                break
            self.skip()
        self.take("}", "'}'")
        return result


def _as_map(args: tuple[Any, ...], position: int) -> dict[Any, Any]:
    """``Map.from([[k, v], ...])``, ``new Map([[k, v], ...])`` or ``new Map({...})``."""
    if not args:
        return {}
    source = args[0]
    if isinstance(source, dict):
        return dict(source)
    if not isinstance(source, list):
        raise Td3SyntaxError("a map needs a list of pairs or an object", position)
    result: dict[Any, Any] = {}
    for pair in source:
        if not (isinstance(pair, list) and len(pair) == 2):
            raise Td3SyntaxError("a map entry must be a [key, value] pair", position)
        key, value = pair
        if not isinstance(key, (str, int, float, bool)) and key is not None:
            raise Td3SyntaxError("a map key must be a string or a number", position)
        result[key] = value
    return result


def _describe(token: Token) -> str:
    kind, value, _ = token
    if kind == "end":
        return "the end of the file"
    if kind in ("string", "number", "name"):
        shown = repr(value)
        return f"{kind} {shown[:40]}"
    return repr(value)


def parse_td3(
    text: str,
    *,
    max_size: int = MAX_SIZE,
    max_depth: int = MAX_DEPTH,
    max_tokens: int = MAX_TOKENS,
) -> Any:
    """The value written in ``text``; ``Td3SyntaxError`` if it is not one value."""
    if not isinstance(text, str):
        raise Td3SyntaxError("the file must be text", 0)
    if len(text) > max_size:
        raise Td3SyntaxError(f"the file is larger than {max_size} characters", max_size)
    text = text.removeprefix("\ufeff")
    parser = _Parser(tokenize(text, max_tokens), max_depth)
    result = parser.value(0)
    parser.take("end", "the end of the file")
    return result


def decode_td3_bytes(data: bytes, *, max_size: int = MAX_SIZE) -> str:
    """The text of a file as TD3 wrote it, refused unread above ``max_size`` bytes.

    Newer versions write UTF-8 (sometimes with a byte-order mark); older ones
    wrote the Windows code page (Swedish names in 3.4 files: ``ö`` as one byte).
    """
    if len(data) > max_size:
        raise Td3SyntaxError(f"the file is larger than {max_size} bytes", max_size)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")
