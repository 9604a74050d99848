import math
from decimal import Decimal

import pytest

from tests.imports.td3_files import td3_files
from tournament.rules.points_formula import MAX_LENGTH, FormulaError, parse_formula
from tournament.rules.points_formula_eval import (
    evaluate,
    js_round,
    points_for,
)
from tournament.rules.points_formula_names import VARIABLES, Figures, figures_values

D = Decimal
FIELD = Figures(buyins=10, rank=3, hits=2, total_cost=30)


def value(text: str, figures: Figures = FIELD) -> float:
    return evaluate(parse_formula(text), figures)


def error(text: str) -> FormulaError:
    with pytest.raises(FormulaError) as caught:
        points_for(text, FIELD)
    return caught.value


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("round(2.5)", 3),
        ("round(-2.5)", -2),
        ("round(2.4999)", 2),
        ("round(-2.6)", -3),
        ("round(1.55, 1)", 1.6),
        ("round(1.55555, 3)", 1.556),
        ("round(1.005, 2)", 1),  # 1.005 * 100 is 100.49999999999999 in floats, as in JavaScript
        ("round(1234, -2)", 1200),
        ("floor(2.7)", 2),
        ("floor(-2.2)", -3),
        ("ceil(2.2)", 3),
        ("ceil(2)", 2),
        ("sqrt(16)", 4),
        ("pow(2, 5)", 32),
        ("POWER(5, 2)", 25),
        ("log(exp(2))", 2),
        ("ln(1)", 0),
        ("log(8, 2)", 3),
        ("log10(1000)", 3),
        ("exp(0)", 1),
        ("abs(-3)", 3),
        ("min(2, 5)", 2),
        ("max(2, 5, 4)", 5),
        ("sum(1, 2, 3, 4, 5, 6)", 21),
        ("product(1, 2, 3, 4, 5, 6)", 720),
        ("average(1, 2, 3, 4, 5, 6)", 3.5),
        ("count(1, 2, 3, 4, 5, 6)", 6),
        ("count()", 0),
        ("oneof(r, 2, 4, 12, 24)", 0),
        ("oneof(r, 2, 3)", 1),
        ("triangle(1)", 1),
        ("triangle(2)", 3),
        ("triangle(6)", 21),
        ("roundToNearest(371, 50)", 350),
        ("roundUpToNearest(371, 50)", 400),
        ("roundDownToNearest(371, 25)", 350),
        ("12 % 5", 2),
        ("-7 % 5", -2),
        ("if(rank < 3, 10, 0)", 0),
        ("if(rank <= 3, 10, 0)", 10),
        ("if(rank > 3, 10)", 0),
        ("switch(3, 1, 10, 2, 20, 3, 30, 4, 40)", 30),
        ("switch(6, 1, 10, 2, 20, 3, 30, 4, 40)", 0),
        ("switch(6, 1, 10, 2, 20, 3, 30, 4, 40, -1)", -1),
        ("switch(rank, 1, 100, 2, 70, 3, 40)", 40),
        ("lswitch(1, 10, 20, 30, 40)", 10),
        ("lswitch(4, 10, 20, 30, 40)", 40),
        ("lswitch(10, 10, 20, 30, 40)", 40),
        ("lswitch(2.5, 10, 20, 30, 40)", 40),
        ("lswitch(0, 10, 20, 30, 40)", 40),
    ],
)
def test_every_function_computes_as_td3_documents_it(text, expected):
    assert value(text) == pytest.approx(expected, abs=1e-12)


def test_js_rounding_sends_halves_towards_plus_infinity():
    assert js_round(0.5) == 1
    assert js_round(-0.5) == 0
    assert js_round(0.49999999999999994) == 0  # floor(x + 0.5) would say 1
    assert js_round(4503599627370497.0) == 4503599627370497.0


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 + 2 * 3", 7),
        ("(1 + 2) * 3", 9),
        ("10 - 4 - 3", 3),
        ("24 / 4 / 3", 2),
        ("2 * 3 % 4", 2),
        ("-2 * -3", 6),
        ("1 + 2 = 3", 1),
        ("1 < 2 = 1", 1),
        ("1 = 1 and 2 = 3", 0),
        ("0 and 1 or 1", 1),
        ("1 or 0 and 0", 1),  # and binds tighter than or
        ("1 || 0 && 0", 1),
        ("not 0 and 0", 0),  # not binds tightest, as ! in JavaScript
        ("!0", 1),
        ("!!5", 1),
        ("not 1 = 0", 1),
        ("r is 3", 1),
        ("r == 3", 1),
        ("r != 3", 0),
        ("r >= 3", 1),
        ("r > 3", 0),
        ("r <= 2", 0),
    ],
)
def test_operators_bind_in_the_usual_order(text, expected):
    assert value(text) == expected


def test_names_and_functions_are_read_in_any_letter_case_with_their_aliases():
    figures = Figures(buyins=15, rank=4, hits=2)
    assert value("N - R + 1", figures) == 12
    assert value("NumberOfPlayers + BUYINS + n", figures) == 45
    assert value("Rank + r", figures) == 8
    assert value("numberOfHits + NH", figures) == 4
    assert value("IF(r AND nh, Round(2.5), FLOOR(2.5))", figures) == 3
    assert value('assign("X", 2) x * X', figures) == 4


def test_statements_run_in_order_and_points_is_the_result():
    assert value('assign("a", 6)\nassign("b", 3)\nassign("points", a * b)\n99') == 18
    assert value('(assign("a", 6); assign("b", 3); a * b)') == 18
    assert value('assign("a", 6); a + 1;') == 7
    assert value("n-r+1") == 8  # no points variable: the last statement's value


def test_an_assign_inside_an_if_runs_only_on_its_branch():
    text = 'assign("points", 1)\nif(r < 3, assign("points", 10), if(r = 3, assign("points", 5)))'
    assert value(text) == 5
    assert value(text, Figures(buyins=10, rank=1)) == 10
    assert value(text, Figures(buyins=10, rank=7)) == 1


def test_assigning_points_anywhere_makes_points_the_result_even_when_no_assign_ran():
    assert value('if(r = 1, assign("points", 10))\n42') == 0


def test_a_variable_read_before_it_is_assigned_is_zero():
    assert value('assign("y", x + 1)\nassign("x", 5)\ny') == 1
    assert value('assign("points", x + 1)\nassign("x", 5)') == 1


def test_unknown_names_and_functions_are_named_before_anything_runs():
    problem = error("foo + Bar * n")
    assert problem.code == "unknown_name"
    assert problem.subject == "Bar, foo"
    problem = error("random() + dice(3)")
    assert problem.code == "unknown_function"
    assert problem.subject == "dice, random"


@pytest.mark.parametrize(
    ("text", "code", "subject"),
    [
        ("", "empty", ""),
        ("  ;\n ", "empty", ""),
        ("1 +", "unexpected_end", ""),
        ("(1 + 2", "unexpected_end", ""),
        ("1 + 2)", "unexpected_token", ")"),
        ("1 ^ 2", "unexpected_character", "^"),
        ('assign("points, 2)', "unterminated_string", ""),
        ('"points" + 1', "string_misplaced", "points"),
        ('round("2.5")', "string_misplaced", "2.5"),
        ("assign(points, 2)", "assign_needs_name", "assign"),
        ('assign("1x", 2)', "assign_needs_name", "1x"),
        ("if(1)", "wrong_argument_count", "if"),
        ("sqrt(1, 2)", "wrong_argument_count", "sqrt"),
        ("1 / 0", "not_a_number", ""),
        ("sqrt(-1)", "not_a_number", ""),
        ("pow(10, 400)", "not_a_number", ""),
        ("pow(10, 300)", "too_large", ""),
    ],
)
def test_bad_formulas_are_a_formula_error_with_a_code(text, code, subject):
    problem = error(text)
    assert (problem.code, problem.subject) == (code, subject)


def test_an_error_says_where_it_is():
    problem = error('assign("a", 1)\nassign("b", a +* 2)')
    assert (problem.line, problem.column) == (2, 16)
    assert "line 2, column 16" in str(problem)


def test_the_text_and_its_nesting_are_bounded():
    assert error("1" * (MAX_LENGTH + 1)).code == "too_long"
    assert error("(" * 500 + "1" + ")" * 500).code == "too_deep"
    assert error("-" * 5000 + "1").code == "too_deep"
    assert error("+".join(["1"] * 2000)).code == "too_deep"
    assert value("+".join(["1"] * 140)) == 140
    assert error("sqrt(" * 40 + "1" + ")" * 40).code == "too_deep"


def test_the_deepest_formula_allowed_runs_with_a_deep_stack_below_it():
    # A request already stands some hundred frames deep when it reads a formula.
    def below(frames, run):
        return below(frames - 1, run) if frames else run()

    deepest = "max(1," * 31 + "+".join(["1"] * 110) + ")" * 31
    assert below(400, lambda: value(deepest)) == 110


def test_js_arithmetic_carries_infinities_until_the_result():
    assert value("1 / 0") == math.inf
    assert value("-1 / 0") == -math.inf
    assert math.isnan(value("0 / 0"))
    assert math.isnan(value("5 % 0"))
    assert math.isnan(value("pow(-8, 1/3)"))
    assert value("pow(0, -1)") == math.inf
    assert value("log(0)") == -math.inf
    assert value("exp(1000)") == math.inf
    assert value("if(1 / 0 > 1000, 7, 8)") == 7
    assert value("min(1, 0/0) = min(1, 0/0)") == 0  # not a number equals nothing


def test_points_have_two_decimals_rounded_half_up():
    assert points_for("10 * sqrt(2)", FIELD) == D("14.14")
    assert points_for("0.125", FIELD) == D("0.13")
    assert points_for("-0.001", FIELD) == D("0.00")
    assert points_for("n - r + 1", FIELD) == D("8.00")


def test_every_variable_has_its_figure():
    values = figures_values(Figures(buyins=1, rank=2, round_out=7, take=-3))
    assert set(values) == set(VARIABLES)
    assert (values["buyins"], values["rank"], values["roundout"], values["take"]) == (1, 2, 7, -3)


ORF_2025 = (
    'assign ("points", 1)\n'
    'assign ("T33", Round(n/3) )\n'
    'assign ("T80", Floor(n*0.9) )\n'
    'assign ("monies", totalBuyInsAmount + totalRebuysAmount + totalAddOnsAmount)\n'
    'assign ("avgBC", monies/buyins)\n'
    'assign ("temp", 10*(sqrt(n)/sqrt( (T33 + 1) ))*(1+log(avgBC+0.25))+ (numberofHits * 10))\n'
    'IF (T80 > r and T33 < r, assign("points", round(temp * pow(0.66, (r-T33))) '
    '+(numberofHits * 10) ), (IF (T33 >= r, assign ("points", '
    "(round(10*(sqrt(n)/sqrt(r))*(1+log(avgBC+0.25)))+(numberofHits * 10))))))"
)


def orf(n: int, r: int, hits: int = 0, buyins: float = 0, rebuys: float = 0, addons: float = 0):
    figures = Figures(
        buyins=n,
        rank=r,
        hits=hits,
        total_buyins_amount=buyins,
        total_rebuys_amount=rebuys,
        total_addons_amount=addons,
    )
    return points_for(ORF_2025, figures)


def test_the_orf_2025_formula_by_hand():
    # 15 players at 200: T33 = round(5) = 5, T80 = floor(13.5) = 13, avgBC = 200,
    # 1 + ln(200.25) = 6.29957.
    # Place 1: round(10 * sqrt(15) / sqrt(1) * 6.29957) = round(243.98) = 244.
    assert orf(15, 1, buyins=3000) == D("244.00")
    # Place 3 with two hits: round(10 * 2.23607 * 6.29957) = round(140.86) = 141, + 20.
    assert orf(15, 3, hits=2, buyins=3000) == D("161.00")
    # Place 10: temp = 10 * sqrt(15) / sqrt(6) * 6.29957 = 99.605;
    # round(99.605 * 0.66^5) = round(12.474) = 12.
    assert orf(15, 10, buyins=3000) == D("12.00")
    # ... with one hit the hit counts inside temp and once more after the rounding:
    # round(109.605 * 0.12523) + 10 = round(13.73) + 10 = 24.
    assert orf(15, 10, hits=1, buyins=3000) == D("24.00")
    # Place 14 is past T80: the first assign stays.
    assert orf(15, 14, hits=1, buyins=3000) == D("1.00")
    # 21 players, re-entries and add-ons raise the average: monies 4200 + 600 + 300 = 5100,
    # avgBC = 5100 / 21 = 242.857, 1 + ln(243.107) = 6.49344; T33 = 7.
    # Place 2: round(10 * sqrt(21 / 2) * 6.49344) = round(210.41) = 210.
    assert orf(21, 2, buyins=4200, rebuys=600, addons=300) == D("210.00")


@pytest.mark.parametrize("path", td3_files(), ids=lambda p: p.stem)
def test_every_formula_in_the_td3_files_reads_and_runs(path):
    from imports.rules.td3_read import read_td3

    text = read_td3(path.read_bytes()).points_formula
    if not text.strip():
        return
    for rank in range(1, 21):
        points = points_for(text, Figures(buyins=20, rank=rank, total_buyins_amount=4000))
        assert points >= 0
