"""Random formulas against a straightforward reference, and mangled text.

The formulas are trees of nested tuples, printed to text in random letter case
and spacing; the reference walks the tuples with the JavaScript rules written
out plainly here.
"""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.rules.points_formula import FormulaError, parse_formula
from tournament.rules.points_formula_eval import evaluate, points_for
from tournament.rules.points_formula_names import Figures

FIGURES = Figures(buyins=12, rank=4, hits=1, total_cost=25.5, round_out=7)
BUILT_IN = {"n": 12, "buyins": 12, "r": 4, "rank": 4, "nh": 1, "numberofhits": 1,
            "totalcost": 25.5, "roundout": 7}  # fmt: skip
OWN = ("x", "y", "points")
BINARY = ("+", "-", "*", "/", "%", "=", "==", "is", "!=", "<", ">", "<=", ">=",
          "and", "&&", "or", "||")  # fmt: skip
ONE_ARG = ("floor", "ceil", "sqrt", "abs", "exp", "log10", "triangle", "round", "log", "ln")
TWO_ARGS = ("pow", "power", "round", "log", "roundtonearest")
ANY_ARGS = ("min", "max", "sum", "average", "count", "oneof", "product")

numbers = st.one_of(
    st.integers(0, 100).map(float),
    st.floats(0, 1000, allow_nan=False, allow_infinity=False),
)
leaves = st.one_of(
    numbers.map(lambda v: ("num", v)),
    st.sampled_from(sorted(BUILT_IN) + ["x", "y"]).map(lambda name: ("var", name)),
)


def _branches(children):
    return st.one_of(
        st.tuples(st.just("un"), st.sampled_from(["-", "!", "not"]), children),
        st.tuples(st.just("bin"), st.sampled_from(BINARY), children, children),
        st.tuples(st.just("call"), st.sampled_from(ONE_ARG), st.tuples(children).map(list)),
        st.tuples(
            st.just("call"), st.sampled_from(TWO_ARGS), st.tuples(children, children).map(list)
        ),
        st.tuples(
            st.just("call"), st.sampled_from(ANY_ARGS), st.lists(children, min_size=1, max_size=4)
        ),
        st.tuples(st.just("call"), st.just("if"), st.lists(children, min_size=2, max_size=3)),
        st.tuples(st.just("call"), st.just("switch"), st.lists(children, min_size=2, max_size=6)),
        st.tuples(st.just("call"), st.just("lswitch"), st.lists(children, min_size=2, max_size=5)),
        st.tuples(st.just("assign"), st.sampled_from(OWN), children),
    )


expressions = st.recursive(leaves, _branches, max_leaves=12)
programs = st.lists(expressions, min_size=1, max_size=4)


# --- the reference ----------------------------------------------------------------------------


def ref_pow(a, b):
    if math.isnan(b):
        return math.nan
    if b == 0:
        return 1.0
    if math.isnan(a) or (abs(a) == 1 and math.isinf(b)):
        return math.nan
    if a == 0 and b < 0:
        odd = b == int(b) and int(b) % 2 == 1 if math.isfinite(b) else False
        return -math.inf if odd and math.copysign(1, a) < 0 else math.inf
    if a < 0 and math.isfinite(b) and b != int(b):
        return math.nan
    try:
        return a**b if not (math.isinf(a) or math.isinf(b)) else math.pow(a, b)
    except OverflowError:
        negative = a < 0 and b == int(b) and int(b) % 2 == 1
        return -math.inf if negative else math.inf


def ref_div(a, b):
    if b != 0:
        return a / b
    if a == 0 or math.isnan(a):
        return math.nan
    return math.inf if (a > 0) == (math.copysign(1, b) > 0) else -math.inf


def ref_round(x):
    if not math.isfinite(x):
        return x
    low = math.floor(x)
    return float(low + 1 if x - low >= 0.5 else low)


def ref_log(x):
    if math.isnan(x) or x < 0:
        return math.nan
    return -math.inf if x == 0 else math.log(x)


def whole(f, x):
    return float(f(x)) if math.isfinite(x) else x


def yes(x):
    return not math.isnan(x) and x != 0


class Reference:
    def __init__(self):
        self.env = dict(BUILT_IN)

    def run(self, tree):
        kind = tree[0]
        if kind == "num":
            return tree[1]
        if kind == "var":
            return self.env.get(tree[1], 0.0)
        if kind == "assign":
            self.env[tree[1]] = self.run(tree[2])
            return self.env[tree[1]]
        if kind == "un":
            v = self.run(tree[2])
            return -v if tree[1] == "-" else float(not yes(v))
        if kind == "bin":
            return self.binary(tree[1], tree[2], tree[3])
        return self.call(tree[1], list(tree[2]))

    def binary(self, op, left, right):
        a = self.run(left)
        if op in ("and", "&&"):
            return float(yes(a) and yes(self.run(right)))
        if op in ("or", "||"):
            return float(yes(a) or yes(self.run(right)))
        b = self.run(right)
        if op in ("=", "==", "is"):
            return float(a == b)
        compare = {"!=": a != b, "<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b}
        if op in compare:
            return float(compare[op])
        if op == "/":
            return ref_div(a, b)
        if op == "%":
            if b == 0 or math.isnan(a) or math.isnan(b) or math.isinf(a):
                return math.nan
            return a if math.isinf(b) else math.fmod(a, b)
        return {"+": a + b, "-": a - b, "*": a * b}[op]

    def call(self, name, args):
        if name == "if":
            if yes(self.run(args[0])):
                return self.run(args[1])
            return self.run(args[2]) if len(args) == 3 else 0.0
        if name == "switch":
            key = self.run(args[0])
            pairs = args[1:]
            for i in range(0, len(pairs) - 1, 2):
                if self.run(pairs[i]) == key:
                    return self.run(pairs[i + 1])
            return self.run(pairs[-1]) if len(pairs) % 2 == 1 else 0.0
        if name == "lswitch":
            key = self.run(args[0])
            options = args[1:]
            if key in [float(i) for i in range(1, len(options) + 1)]:
                return self.run(options[int(key) - 1])
            return self.run(options[-1])
        return self.plain(name, [self.run(a) for a in args])

    def plain(self, name, v):
        return PLAIN[name](v)


def ref_round_to(v, digits):
    if digits == 0:
        return ref_round(v)
    scale = ref_pow(10.0, digits)
    return ref_div(ref_round(v * scale), scale)


def ref_extreme(pick, v):
    return math.nan if any(math.isnan(x) for x in v) else pick(v)


def ref_total(v, start, step):
    total = start
    for x in v:
        total = step(total, x)
    return total


PLAIN = {
    "pow": lambda v: ref_pow(v[0], v[1]),
    "power": lambda v: ref_pow(v[0], v[1]),
    "round": lambda v: ref_round_to(v[0], v[1] if len(v) > 1 else 0),
    "log": lambda v: ref_log(v[0]) if len(v) == 1 else ref_div(ref_log(v[0]), ref_log(v[1])),
    "ln": lambda v: ref_log(v[0]) if len(v) == 1 else ref_div(ref_log(v[0]), ref_log(v[1])),
    "log10": lambda v: ref_log(v[0]) if v[0] <= 0 or math.isnan(v[0]) else math.log10(v[0]),
    "sqrt": lambda v: math.nan if v[0] < 0 else math.sqrt(v[0]),
    "exp": lambda v: math.inf if v[0] > 709.8 else math.exp(v[0]),
    "min": lambda v: ref_extreme(min, v),
    "max": lambda v: ref_extreme(max, v),
    "sum": lambda v: ref_total(v, 0.0, lambda a, b: a + b),
    "average": lambda v: ref_total(v, 0.0, lambda a, b: a + b) / len(v),
    "product": lambda v: ref_total(v, 1.0, lambda a, b: a * b),
    "roundtonearest": lambda v: ref_round(ref_div(v[0], v[1])) * v[1],
    "floor": lambda v: whole(math.floor, v[0]),
    "ceil": lambda v: whole(math.ceil, v[0]),
    "abs": lambda v: abs(v[0]),
    "triangle": lambda v: v[0] * (v[0] + 1) / 2,
    "count": lambda v: float(len(v)),
    "oneof": lambda v: float(v[0] in v[1:]),
}


def reference(program):
    ref = Reference()
    last = 0.0
    for statement in program:
        last = ref.run(statement)
    if any(_assigns_points(s) for s in program):
        return ref.env.get("points", 0.0)
    return last


def _assigns_points(tree):
    if isinstance(tree, list):
        return any(_assigns_points(part) for part in tree)
    if not isinstance(tree, tuple):
        return False
    if tree[:2] == ("assign", "points"):
        return True
    return any(_assigns_points(part) for part in tree[1:])


# --- the printer ------------------------------------------------------------------------------


def _spaced(draw, words):
    return "".join(word + draw(st.sampled_from([" ", "  ", "\n", "\t", " \n "])) for word in words)


def _cased(draw, word):
    flips = draw(st.lists(st.booleans(), min_size=len(word), max_size=len(word)))
    return "".join(c.upper() if flip else c.lower() for c, flip in zip(word, flips, strict=True))


def _words(draw, tree):
    kind = tree[0]
    if kind == "num":
        return [repr(tree[1])]
    if kind == "var":
        return [_cased(draw, tree[1])]
    if kind == "assign":
        return [_cased(draw, "assign"), "(", f'"{_cased(draw, tree[1])}"', ",",
                *_words(draw, tree[2]), ")"]  # fmt: skip
    if kind == "un":
        return [_cased(draw, tree[1]), "(", *_words(draw, tree[2]), ")"]
    if kind == "bin":
        return ["(", *_words(draw, tree[2]), ")", _cased(draw, tree[1]),
                "(", *_words(draw, tree[3]), ")"]  # fmt: skip
    words = [_cased(draw, tree[1]), "("]
    for i, arg in enumerate(tree[2]):
        words += ([","] if i else []) + _words(draw, arg)
    return [*words, ")"]


def printed(draw, program):
    words = []
    for statement in program:
        words += [*_words(draw, statement), ";"]
    return _spaced(draw, words)


def _own_reads(tree, found):
    if isinstance(tree, tuple) and tree[:1] == ("var",) and tree[1] in OWN:
        found.add(tree[1])
    for part in tree[1:] if isinstance(tree, tuple) else tree:
        if isinstance(part, tuple | list):
            _own_reads(part, found)
    return found


def _complete(program):
    """Own variables read somewhere are assigned somewhere (else the parser refuses them)."""
    read = set()
    for statement in program:
        _own_reads(statement, read)
    return program + [("assign", name, ("num", 1.0)) for name in sorted(read)]


def same(a, b):
    return (math.isnan(a) and math.isnan(b)) or a == b


@settings(max_examples=400, deadline=None)
@given(st.data(), programs)
def test_random_formulas_agree_with_the_reference(data, program):
    program = _complete(program)
    text = printed(data.draw, program)
    expected = reference(program)
    got = evaluate(parse_formula(text), FIGURES)
    assert same(got, expected), (text, got, expected)


ORF = (
    'assign ("points", 1)\nassign ("T33", Round(n/3) )\nassign ("T80", Floor(n*0.9) )\n'
    'assign ("avgBC", (totalBuyInsAmount + totalRebuysAmount)/buyins)\n'
    'IF (T80 > r and T33 < r, assign("points", round(10 * pow(0.66, (r-T33)))), '
    '(IF (T33 >= r, assign ("points", round(10*(sqrt(n)/sqrt(r))*(1+log(avgBC+0.25)))))))'
)
ALPHABET = 'abcinrxAIR0123456789.,;()"+-*/%=!<>&| \n_'


def _only_formula_errors(text):
    try:
        points_for(text, FIGURES)
    except FormulaError as exc:
        assert exc.code and str(exc)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=200))
def test_random_text_gives_points_or_a_formula_error(text):
    _only_formula_errors(text)


@settings(max_examples=500, deadline=None)
@given(st.data())
def test_mangled_formulas_give_points_or_a_formula_error(data):
    text = ORF
    for _ in range(data.draw(st.integers(1, 6))):
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 5))
        insert = data.draw(st.text(alphabet=ALPHABET, max_size=4))
        text = text[:at] + insert + text[at + cut :]
    _only_formula_errors(text)


@settings(max_examples=50, deadline=None)
@given(st.text(max_size=300))
def test_any_unicode_text_gives_points_or_a_formula_error(text):
    _only_formula_errors(text)
