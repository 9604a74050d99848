"""Tokens of TD3's points formula language and its error (pure rules, no Django).

See ``points_formula`` for the language; this module cuts the text into numbers,
strings, names, operators and punctuation, and knows where each one stands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


class FormulaError(ValueError):
    """The formula cannot be read or run; ``code`` is machine-readable for
    translation, ``subject`` the name, token or function concerned (may be empty),
    ``line``/``column`` where it happened (0 when it concerns the whole text)."""

    def __init__(
        self, code: str, message: str, *, subject: str = "", line: int = 0, column: int = 0
    ) -> None:
        super().__init__(message)
        self.code = code
        self.subject = subject
        self.line = line
        self.column = column


# --- tokens -----------------------------------------------------------------------------------

TokenKind = Literal["num", "str", "name", "op", "(", ")", ",", ";", "end"]


@dataclass(frozen=True)
class Token:
    kind: TokenKind
    text: str
    pos: int


_DIGITS = "0123456789"
_OPERATORS = ("==", "!=", "<=", ">=", "&&", "||", "+", "-", "*", "/", "%", "<", ">", "=", "!")
_WORD_OPERATORS = {"and": "&&", "or": "||", "not": "!", "is": "=="}
_PUNCTUATION = {"(": "(", ")": ")", ",": ",", ";": ";"}


def _where(text: str, pos: int) -> tuple[int, int]:
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


def error_at(text: str, pos: int, code: str, message: str, subject: str = "") -> FormulaError:
    line, column = _where(text, pos)
    return FormulaError(
        code, f"{message} (line {line}, column {column})", subject=subject, line=line, column=column
    )


def _number_end(text: str, pos: int) -> int:
    end = pos
    while end < len(text) and text[end] in _DIGITS:
        end += 1
    if end < len(text) and text[end] == ".":
        end += 1
        while end < len(text) and text[end] in _DIGITS:
            end += 1
    if end < len(text) and text[end] in "eE":
        mark = end + 1
        if mark < len(text) and text[mark] in "+-":
            mark += 1
        if mark < len(text) and text[mark] in _DIGITS:
            end = mark
            while end < len(text) and text[end] in _DIGITS:
                end += 1
    return end


def _string_end(text: str, pos: int) -> tuple[str, int]:
    chars: list[str] = []
    end = pos + 1
    while end < len(text):
        char = text[end]
        if char == '"':
            return "".join(chars), end + 1
        if char == "\\" and end + 1 < len(text):
            end += 1
            char = text[end]
        chars.append(char)
        end += 1
    raise error_at(text, pos, "unterminated_string", "a string has no closing quote")


def is_name_start(char: str) -> bool:
    return char.isascii() and (char.isalpha() or char == "_")


def is_name_char(char: str) -> bool:
    return char.isascii() and (char.isalnum() or char == "_")


def _token_at(text: str, pos: int) -> tuple[Token, int]:
    char = text[pos]
    if char in _DIGITS or (char == "." and pos + 1 < len(text) and text[pos + 1] in _DIGITS):
        end = _number_end(text, pos)
        return Token("num", text[pos:end], pos), end
    if char == '"':
        value, end = _string_end(text, pos)
        return Token("str", value, pos), end
    if is_name_start(char):
        end = pos + 1
        while end < len(text) and is_name_char(text[end]):
            end += 1
        word = text[pos:end]
        if word.lower() in _WORD_OPERATORS:
            return Token("op", _WORD_OPERATORS[word.lower()], pos), end
        return Token("name", word, pos), end
    if char in _PUNCTUATION:
        kind: TokenKind = (
            "(" if char == "(" else ")" if char == ")" else "," if char == "," else ";"
        )
        return Token(kind, char, pos), pos + 1
    for operator in _OPERATORS:
        if text.startswith(operator, pos):
            return Token("op", operator, pos), pos + len(operator)
    raise error_at(text, pos, "unexpected_character", f"unexpected character {char!r}", char)


def tokenize(text: str) -> list[Token]:
    """The tokens of ``text``, ending with an ``end`` token."""
    tokens: list[Token] = []
    pos = 0
    while pos < len(text):
        if text[pos].isspace():
            pos += 1
            continue
        token, pos = _token_at(text, pos)
        tokens.append(token)
    tokens.append(Token("end", "", len(text)))
    return tokens
