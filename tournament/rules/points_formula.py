"""TD3's points formula language: tokenizer and parser (pure rules, no Django).

A season's own formula is written in the language of The Tournament Director
(README "Switching from TD3", "The points formula"). The text is read by a small
tokenizer and a recursive-descent parser into a tree; nothing of it is ever
handed to ``eval`` or any Python parser. ``points_formula_eval`` runs the tree.

The language:

- statements, one after the other (separated by line breaks, spaces or ``;``);
  ``(a; b; c)`` runs ``a``, ``b``, ``c`` and is worth ``c``;
- ``assign("name", value)`` gives a variable a value (also inside ``if``);
- numbers (``12``, ``0.66``, ``.5``, ``1e3``), names of variables, and strings
  in double quotes, which only name the variable of ``assign``;
- functions ``name(arg, ...)``: see ``FUNCTIONS`` in ``points_formula_names``;
- operators, loosest first: ``or ||``, ``and &&``, the comparisons
  ``= == is != < > <= >=``, ``+ -``, ``* / %``, and the unary ``- + not !``;
  parentheses group. Names, functions and ``and``/``or``/``not``/``is`` are
  read in any letter case.

Every name and function is checked when the text is read: unknown ones are a
``FormulaError`` that names all of them, before anything is computed. The text
is bounded (``MAX_LENGTH`` characters, ``MAX_NESTING`` open brackets or unary
signs, a tree at most ``MAX_DEPTH`` deep), and there are no loops, so running a
formula costs time in proportion to its length.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from tournament.rules.points_formula_names import FUNCTIONS, canonical_name, is_variable
from tournament.rules.points_formula_tokens import (
    FormulaError,
    Token,
    TokenKind,
    error_at,
    is_name_char,
    is_name_start,
    tokenize,
)

__all__ = ["MAX_DEPTH", "MAX_LENGTH", "MAX_NESTING", "Formula", "FormulaError", "parse_formula"]

MAX_LENGTH = 10_000
MAX_NESTING = 32
MAX_DEPTH = 150


# --- the tree ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Num:
    value: float


@dataclass(frozen=True)
class Str:
    value: str


@dataclass(frozen=True)
class Var:
    name: str  # canonical (lower case, aliases resolved)


@dataclass(frozen=True)
class Unary:
    op: Literal["-", "+", "!"]
    operand: Node
    depth: int


BinaryOp = Literal["+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">=", "and", "or"]


@dataclass(frozen=True)
class Binary:
    op: BinaryOp
    left: Node
    right: Node
    depth: int


@dataclass(frozen=True)
class Call:
    name: str  # canonical function name
    args: tuple[Node, ...]
    depth: int


@dataclass(frozen=True)
class Assign:
    name: str  # canonical variable name
    value: Node
    depth: int


@dataclass(frozen=True)
class Seq:
    items: tuple[Node, ...]
    depth: int


Node = Num | Str | Var | Unary | Binary | Call | Assign | Seq


def depth_of(node: Node) -> int:
    return 1 if isinstance(node, Num | Str | Var) else node.depth


@dataclass(frozen=True)
class Formula:
    """A read formula: its statements and the variables it assigns."""

    body: Seq
    assigned: frozenset[str]


# --- the parser -------------------------------------------------------------------------------

_COMPARISONS: dict[str, BinaryOp] = {
    "=": "==",
    "==": "==",
    "!=": "!=",
    "<": "<",
    ">": ">",
    "<=": "<=",
    ">=": ">=",
}
_ADDITIVE: dict[str, BinaryOp] = {"+": "+", "-": "-"}
_MULTIPLICATIVE: dict[str, BinaryOp] = {"*": "*", "/": "/", "%": "%"}


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = tokenize(text)
        self.index = 0
        self.nesting = 0
        self.assigned: set[str] = set()
        self.references: dict[str, int] = {}  # canonical name -> first position
        self.unknown_functions: dict[str, int] = {}

    # helpers

    @property
    def token(self) -> Token:
        return self.tokens[self.index]

    def advance(self) -> Token:
        token = self.tokens[self.index]
        if token.kind != "end":
            self.index += 1
        return token

    def fail(self, token: Token, code: str, message: str, subject: str = "") -> FormulaError:
        return error_at(self.text, token.pos, code, message, subject)

    def unexpected(self) -> FormulaError:
        token = self.token
        if token.kind == "end":
            return self.fail(token, "unexpected_end", "the formula ends too early")
        shown = f'"{token.text}"' if token.kind == "str" else token.text
        return self.fail(token, "unexpected_token", f"unexpected {shown}", shown)

    def at(self, kind: TokenKind) -> bool:
        """Whether the parser stands at a token of this kind (read afresh: a
        check of ``self.token.kind`` would stay narrowed over an ``advance()``)."""
        return self.token.kind == kind

    def expect(self, kind: TokenKind) -> Token:
        if self.token.kind != kind:
            raise self.unexpected()
        return self.advance()

    def enter(self) -> None:
        self.nesting += 1
        if self.nesting > MAX_NESTING:
            raise self.fail(self.token, "too_deep", "the formula is nested too deeply")

    def made(self, depth: int) -> int:
        if depth > MAX_DEPTH:
            raise self.fail(self.token, "too_deep", "the formula is nested too deeply")
        return depth

    def binary(self, op: BinaryOp, left: Node, right: Node) -> Binary:
        return Binary(op, left, right, self.made(1 + max(depth_of(left), depth_of(right))))

    # grammar

    def program(self) -> Seq:
        items: list[Node] = []
        while True:
            while self.token.kind == ";":
                self.advance()
            if self.token.kind == "end":
                break
            items.append(self.expression())
        if not items:
            raise FormulaError("empty", "the formula is empty")
        return Seq(tuple(items), self.made(1 + max(depth_of(i) for i in items)))

    def expression(self) -> Node:
        node = self.conjunction()
        while self.token.kind == "op" and self.token.text == "||":
            self.advance()
            node = self.binary("or", node, self.conjunction())
        return node

    def conjunction(self) -> Node:
        node = self.comparison()
        while self.token.kind == "op" and self.token.text == "&&":
            self.advance()
            node = self.binary("and", node, self.comparison())
        return node

    def comparison(self) -> Node:
        node = self.chain(self.sum, _ADDITIVE)
        while self.token.kind == "op" and self.token.text in _COMPARISONS:
            op = _COMPARISONS[self.advance().text]
            node = self.binary(op, node, self.chain(self.sum, _ADDITIVE))
        return node

    def sum(self) -> Node:
        return self.chain(self.unary, _MULTIPLICATIVE)

    def chain(self, operand: Callable[[], Node], ops: dict[str, BinaryOp]) -> Node:
        node = operand()
        while self.token.kind == "op" and self.token.text in ops:
            op = ops[self.advance().text]
            node = self.binary(op, node, operand())
        return node

    def unary(self) -> Node:
        if self.token.kind == "op" and self.token.text in ("-", "+", "!"):
            op = self.advance().text
            self.enter()
            operand = self.unary()
            self.nesting -= 1
            sign: Literal["-", "+", "!"] = "-" if op == "-" else "+" if op == "+" else "!"
            return Unary(sign, operand, self.made(1 + depth_of(operand)))
        return self.primary()

    def primary(self) -> Node:
        token = self.token
        if token.kind == "num":
            self.advance()
            return Num(float(token.text))
        if token.kind == "str":
            raise self.fail(
                token,
                "string_misplaced",
                "a text in quotes can only name the variable of assign",
                token.text,
            )
        if token.kind == "name":
            self.advance()
            if self.token.kind == "(":
                return self.call(token)
            name = canonical_name(token.text)
            self.references.setdefault(name, token.pos)
            return Var(name)
        if token.kind == "(":
            return self.group()
        raise self.unexpected()

    def group(self) -> Node:
        self.expect("(")
        self.enter()
        items = [self.expression()]
        while self.token.kind == ";":
            self.advance()
            if self.at(")"):
                break
            items.append(self.expression())
        self.expect(")")
        self.nesting -= 1
        if len(items) == 1:
            return items[0]
        return Seq(tuple(items), self.made(1 + max(depth_of(i) for i in items)))

    def arguments(self) -> list[Node]:
        self.expect("(")
        self.enter()
        args: list[Node] = []
        if self.token.kind != ")":
            args.append(self.argument())
            while self.token.kind == ",":
                self.advance()
                args.append(self.argument())
        self.expect(")")
        self.nesting -= 1
        return args

    def argument(self) -> Node:
        if self.token.kind == "str":
            token = self.advance()
            return Str(token.text)
        return self.expression()

    def call(self, token: Token) -> Node:
        function = token.text.lower()
        args = self.arguments()
        for arg in args[1:] if function == "assign" else args:
            if isinstance(arg, Str):
                raise self.fail(
                    token,
                    "string_misplaced",
                    "a text in quotes can only name the variable of assign",
                    arg.value,
                )
        if function == "assign":
            return self.assign(token, args)
        spec = FUNCTIONS.get(function)
        if spec is None:
            self.unknown_functions.setdefault(token.text, token.pos)
            return Num(0.0)
        low, high = spec
        if len(args) < low or (high is not None and len(args) > high):
            raise self.fail(
                token,
                "wrong_argument_count",
                f"{token.text}() does not take {len(args)} values",
                token.text,
            )
        depth = 1 + max((depth_of(a) for a in args), default=0)
        return Call(function, tuple(args), self.made(depth))

    def assign(self, token: Token, args: list[Node]) -> Node:
        if len(args) != 2 or not isinstance(args[0], Str):
            raise self.fail(
                token,
                "assign_needs_name",
                'assign takes a name in quotes and a value: assign("name", value)',
                token.text,
            )
        name = args[0].value
        if not name or not is_name_start(name[0]) or not all(is_name_char(c) for c in name):
            raise self.fail(token, "assign_needs_name", f"{name!r} cannot name a variable", name)
        canonical = canonical_name(name)
        self.assigned.add(canonical)
        return Assign(canonical, args[1], self.made(1 + depth_of(args[1])))


def parse_formula(text: str) -> Formula:
    """Read ``text``; raises ``FormulaError`` naming what is wrong."""
    if len(text) > MAX_LENGTH:
        raise FormulaError(
            "too_long",
            f"the formula is longer than {MAX_LENGTH} characters",
            subject=str(MAX_LENGTH),
        )
    parser = _Parser(text)
    try:
        body = parser.program()
    except RecursionError as exc:  # the limits above keep far from it; a guard all the same
        raise FormulaError("too_deep", "the formula is nested too deeply") from exc
    if parser.unknown_functions:
        names = ", ".join(sorted(parser.unknown_functions, key=str.lower))
        first = min(parser.unknown_functions.values())
        raise error_at(text, first, "unknown_function", f"unknown function: {names}", names)
    unknown = {
        name: pos
        for name, pos in parser.references.items()
        if not is_variable(name) and name not in parser.assigned
    }
    if unknown:
        shown = [text[pos : pos + len(name)] for name, pos in unknown.items()]
        names = ", ".join(sorted(set(shown), key=str.lower))
        raise error_at(text, min(unknown.values()), "unknown_name", f"unknown name: {names}", names)
    return Formula(body, frozenset(parser.assigned))
