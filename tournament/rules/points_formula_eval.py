"""Running a TD3 points formula for one player (pure rules, no Django).

``points_formula`` reads the text into a tree; this module walks the tree once.
Arithmetic is in floats as in JavaScript, which TD3 is written in: a division
by zero gives an infinity (``0/0`` is not a number), the square root or the
logarithm of a negative number is not a number, a huge ``pow`` is an infinity.
None of these stops the formula; only its result must be a finite number, else
the formula fails with a ``FormulaError`` (``not_a_number``). ``round`` rounds
halves towards plus infinity as JavaScript's ``Math.round`` does
(``round(2.5)`` is 3, ``round(-2.5)`` is -2) and ``round(x, d)`` rounds
``x * 10^d`` and divides again, so ``round(1.005, 2)`` is 1 as in TD3.

A condition is true when it is a number other than 0 (and not "not a
number"); comparisons and ``and``/``or``/``not`` give 1 or 0. ``if``,
``switch``, ``lswitch``, ``and`` and ``or`` run only the part they choose, so
an ``assign`` in a branch not taken does nothing. A variable the formula
assigns but reads before any assign ran is 0.

The result is the variable ``points`` when the formula assigns it anywhere
(0 if no such assign ran), else the value of the last statement.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from decimal import ROUND_HALF_UP, Decimal

from tournament.rules.points_formula import (
    Assign,
    Binary,
    Call,
    Formula,
    FormulaError,
    Node,
    Num,
    Seq,
    Unary,
    Var,
    parse_formula,
)
from tournament.rules.points_formula_names import Figures, figures_values

CENT = Decimal("0.01")
MAX_POINTS = 1_000_000_000.0
NAN = math.nan
INF = math.inf


# --- JavaScript's arithmetic ------------------------------------------------------------------


def truthy(x: float) -> bool:
    return x != 0 and not math.isnan(x)


def js_round(x: float) -> float:
    """``Math.round``: the nearest integer, halves towards plus infinity."""
    if not math.isfinite(x):
        return x
    down = float(math.floor(x))
    return down + 1.0 if x - down >= 0.5 else down


def js_div(a: float, b: float) -> float:
    if b == 0:
        if a == 0 or math.isnan(a):
            return NAN
        return math.copysign(INF, a) * math.copysign(1.0, b)
    return a / b


def js_mod(a: float, b: float) -> float:
    if b == 0 or math.isnan(a) or math.isnan(b) or math.isinf(a):
        return NAN
    if math.isinf(b):
        return a
    return math.fmod(a, b)


def _odd_integer(y: float) -> bool:
    return math.isfinite(y) and y == math.floor(y) and math.fmod(y, 2) != 0


def js_pow(x: float, y: float) -> float:
    if math.isnan(y):
        return NAN
    if y == 0:
        return 1.0
    if math.isnan(x) or (abs(x) == 1 and math.isinf(y)):
        return NAN
    try:
        return math.pow(x, y)
    except OverflowError:
        return -INF if x < 0 and _odd_integer(y) else INF
    except (ValueError, ZeroDivisionError):
        if x == 0:  # 0 to a negative power
            return math.copysign(INF, x) if _odd_integer(y) else INF
        return NAN  # a negative number to a fractional power


def js_sqrt(x: float) -> float:
    return NAN if x < 0 else math.sqrt(x)


def js_ln(x: float) -> float:
    if x < 0 or math.isnan(x):
        return NAN
    return -INF if x == 0 else math.log(x)


def js_log10(x: float) -> float:
    if x < 0 or math.isnan(x):
        return NAN
    return -INF if x == 0 else math.log10(x)


def js_exp(x: float) -> float:
    try:
        return math.exp(x)
    except OverflowError:
        return INF


def _rounded_by(method: Callable[[float], float]) -> Callable[[float], float]:
    def rounded(x: float) -> float:
        return x if not math.isfinite(x) else float(method(x))

    return rounded


js_floor = _rounded_by(math.floor)
js_ceil = _rounded_by(math.ceil)


def _round(args: Sequence[float]) -> float:
    if len(args) == 1 or args[1] == 0:
        return js_round(args[0])
    factor = js_pow(10.0, args[1])
    return js_div(js_round(args[0] * factor), factor)


def _log(args: Sequence[float]) -> float:
    if len(args) == 1:
        return js_ln(args[0])
    return js_div(js_ln(args[0]), js_ln(args[1]))


def _extreme(pick: Callable[[Sequence[float]], float]) -> Callable[[Sequence[float]], float]:
    def extreme(args: Sequence[float]) -> float:
        return NAN if any(math.isnan(a) for a in args) else pick(args)

    return extreme


def _sum(args: Sequence[float]) -> float:
    total = 0.0
    for a in args:
        total += a
    return total


def _product(args: Sequence[float]) -> float:
    total = 1.0
    for a in args:
        total *= a
    return total


def _to_nearest(method: Callable[[float], float]) -> Callable[[Sequence[float]], float]:
    def nearest(args: Sequence[float]) -> float:
        return method(js_div(args[0], args[1])) * args[1]

    return nearest


_EAGER: dict[str, Callable[[Sequence[float]], float]] = {
    "round": _round,
    "floor": lambda a: js_floor(a[0]),
    "ceil": lambda a: js_ceil(a[0]),
    "sqrt": lambda a: js_sqrt(a[0]),
    "pow": lambda a: js_pow(a[0], a[1]),
    "power": lambda a: js_pow(a[0], a[1]),
    "log": _log,
    "ln": _log,
    "log10": lambda a: js_log10(a[0]),
    "exp": lambda a: js_exp(a[0]),
    "abs": lambda a: abs(a[0]),
    "min": _extreme(min),
    "max": _extreme(max),
    "sum": _sum,
    "product": _product,
    "average": lambda a: _sum(a) / len(a),
    "count": lambda a: float(len(a)),
    "oneof": lambda a: 1.0 if any(a[0] == b for b in a[1:]) else 0.0,
    "triangle": lambda a: a[0] * (a[0] + 1) / 2,
    "roundtonearest": _to_nearest(js_round),
    "rounduptonearest": _to_nearest(js_ceil),
    "rounddowntonearest": _to_nearest(js_floor),
}

_ARITHMETIC: dict[str, Callable[[float, float], float]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": js_div,
    "%": js_mod,
    "==": lambda a, b: float(a == b),
    "!=": lambda a, b: float(a != b),
    "<": lambda a, b: float(a < b),
    ">": lambda a, b: float(a > b),
    "<=": lambda a, b: float(a <= b),
    ">=": lambda a, b: float(a >= b),
}


# --- the walk ---------------------------------------------------------------------------------


class _Run:
    def __init__(self, env: dict[str, float]) -> None:
        self.env = env

    def value(self, node: Node) -> float:
        if isinstance(node, Num):
            return node.value
        if isinstance(node, Var):
            return self.env.get(node.name, 0.0)
        if isinstance(node, Unary):
            operand = self.value(node.operand)
            if node.op == "!":
                return 0.0 if truthy(operand) else 1.0
            return -operand if node.op == "-" else operand
        if isinstance(node, Binary):
            return self.binary(node)
        if isinstance(node, Call):
            return self.call(node)
        if isinstance(node, Assign):
            self.env[node.name] = self.value(node.value)
            return self.env[node.name]
        if isinstance(node, Seq):
            return self.sequence(node)
        return NAN  # a string outside assign: the parser refuses it

    def sequence(self, node: Seq) -> float:
        result = 0.0
        for item in node.items:
            result = self.value(item)
        return result

    def binary(self, node: Binary) -> float:
        left = self.value(node.left)
        if node.op == "and":
            return 1.0 if truthy(left) and truthy(self.value(node.right)) else 0.0
        if node.op == "or":
            return 1.0 if truthy(left) or truthy(self.value(node.right)) else 0.0
        return _ARITHMETIC[node.op](left, self.value(node.right))

    def call(self, node: Call) -> float:
        args = node.args
        if node.name == "if":
            if truthy(self.value(args[0])):
                return self.value(args[1])
            return self.value(args[2]) if len(args) > 2 else 0.0
        if node.name == "switch":
            return self.switch(args)
        if node.name == "lswitch":
            chosen = self.value(args[0])
            results = args[1:]
            if (
                math.isfinite(chosen)
                and chosen == math.floor(chosen)
                and 1 <= chosen <= len(results)
            ):
                return self.value(results[int(chosen) - 1])
            return self.value(results[-1])
        return _EAGER[node.name]([self.value(a) for a in args])

    def switch(self, args: Sequence[Node]) -> float:
        chosen = self.value(args[0])
        rest = args[1:]
        for at in range(0, len(rest) - 1, 2):
            if self.value(rest[at]) == chosen:
                return self.value(rest[at + 1])
        return self.value(rest[-1]) if len(rest) % 2 else 0.0


def evaluate(formula: Formula, figures: Figures) -> float:
    """The formula's value for one player, a float (maybe infinite or not a number)."""
    run = _Run(figures_values(figures))
    try:
        last = run.sequence(formula.body)
    except RecursionError as exc:  # the parser's depth limit keeps far from it
        raise FormulaError("too_deep", "the formula is nested too deeply") from exc
    if "points" in formula.assigned:
        return run.env.get("points", 0.0)
    return last


def as_points(value: float) -> Decimal:
    """A formula's value as points with two decimals (halves up)."""
    if not math.isfinite(value):
        raise FormulaError("not_a_number", "the formula gives no number (divided by zero?)")
    if abs(value) > MAX_POINTS:
        raise FormulaError("too_large", "the formula gives more points than can be counted")
    return Decimal(repr(value + 0.0)).quantize(CENT, rounding=ROUND_HALF_UP)


def formula_points(formula: Formula, figures: Figures) -> Decimal:
    return as_points(evaluate(formula, figures))


def points_for(text: str, figures: Figures) -> Decimal:
    """Read ``text`` and run it: raises ``FormulaError`` for a bad formula."""
    return formula_points(parse_formula(text), figures)
