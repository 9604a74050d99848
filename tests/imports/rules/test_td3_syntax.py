"""The TD3 file reader: real files parse fast; anything else is one clear error."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from imports.rules.td3_syntax import (
    Call,
    New,
    Td3Error,
    Td3SyntaxError,
    decode_td3_bytes,
    parse_td3,
)
from tests.imports.td3_files import apply_edits, sample_text, td3_params

SMALL = (
    '{ V: "3.7.2", T: new Tournament({UUID: "u-1", Title: "Friday \\"Deep\\" Stack", '
    'Players: new GamePlayers({Players: Map.from([["a", new GamePlayer({Name: "Ann", '
    "Buyins: [new GameBuyin({Amount: 200, Rake: new PerPlayerRake([20]), Chips: 1.5e4})]})]])}), "
    'Old: new Map({"x": 1, y: [true, false, null]}), Neg: -25, Empty: new LO.PropSet()}) }'
)


def test_a_small_file_reads_into_plain_data():
    value = parse_td3(SMALL)
    assert value["V"] == "3.7.2"
    tournament = value["T"]
    assert tournament == New(name="Tournament", args=(tournament.fields,))
    fields = tournament.fields
    assert fields["Title"] == 'Friday "Deep" Stack'
    players = fields["Players"].fields["Players"]
    buyin = players["a"].fields["Buyins"][0].fields
    assert buyin == {"Amount": 200, "Rake": New("PerPlayerRake", ([20],)), "Chips": 15000.0}
    assert fields["Old"] == {"x": 1, "y": [True, False, None]}
    assert fields["Neg"] == -25
    assert fields["Empty"] == New("LO.PropSet", ())


def test_escapes_become_the_characters_they_stand_for():
    assert parse_td3(r'"a\nb\t\\ \u00e9\ud83d\ude00 \/ \q"') == "a\nb\t\\ é😀 / q"
    assert parse_td3(r'"\ud83d alone"') == "\ufffd alone"


def test_a_call_that_is_not_a_map_stays_a_call():
    assert parse_td3("f(1, 2)") == Call("f", (1, 2))


@pytest.mark.parametrize(
    ("text", "position", "words"),
    [
        ("", 0, "expected a value, found the end of the file"),
        ('{V: "3.7', 4, "a string is not closed"),
        ("{V: 1", 5, "expected '}', found the end of the file"),
        ("{V 1}", 3, "expected ':'"),
        ("[1, 2] 3", 7, "expected the end of the file"),
        ("{V: eval}", 4, "unknown name 'eval'"),
        ("{V: 1 + 2}", 6, "unexpected character '+'"),
        ('"bad \\u12"', 0, "bad escape"),
        ("Map.from([[1, 2, 3]])", 0, "a map entry must be a [key, value] pair"),
        ("Map.from([[[1], 2]])", 0, "a map key must be a string or a number"),
        ("new 5", 4, "expected a constructor name"),
        ("1e999", 0, "number out of range"),
    ],
)
def test_bad_text_is_one_error_with_the_position(text, position, words):
    with pytest.raises(Td3SyntaxError) as caught:
        parse_td3(text)
    assert caught.value.position == position
    assert words in str(caught.value)
    assert f"at character {position}" in str(caught.value)


def test_deep_nesting_is_refused_before_the_stack_runs_out():
    with pytest.raises(Td3SyntaxError, match="nested too deeply"):
        parse_td3("[" * 100_000 + "]" * 100_000)
    with pytest.raises(Td3SyntaxError, match="nested too deeply"):
        parse_td3("new A(" * 5000 + ")" * 5000)


def test_a_file_over_the_size_limit_is_refused_unread():
    with pytest.raises(Td3SyntaxError, match="larger than 100 characters"):
        parse_td3("[" + "1," * 100 + "1]", max_size=100)
    with pytest.raises(Td3SyntaxError, match="larger than 100 bytes"):
        decode_td3_bytes(b"[" + b"1," * 100 + b"1]", max_size=100)


def test_a_file_of_too_many_tokens_is_refused_as_it_is_read():
    with pytest.raises(Td3SyntaxError, match="more than 50 tokens") as caught:
        parse_td3("[" + "1," * 100 + "1]", max_tokens=50)
    assert caught.value.position == 1 + 2 * 24 + 1  # the 51st token


def test_old_files_in_the_windows_code_page_are_read():
    assert decode_td3_bytes('{N: "Göran"}'.encode("cp1252")) == '{N: "Göran"}'
    assert decode_td3_bytes("\ufeff[1]".encode()) == "[1]"


@pytest.mark.parametrize("path", td3_params())
def test_every_real_file_parses_to_a_tournament(path):
    # Its speed is for a benchmark, not a timed assertion (README "Benchmarks").
    value = parse_td3(decode_td3_bytes(path.read_bytes()))
    assert isinstance(value["T"], New) and value["T"].name == "Tournament"


SAMPLE = sample_text(SMALL)
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _parses_or_fails_cleanly(text: str) -> None:
    try:
        parse_td3(text)
    except Td3Error as error:
        assert isinstance(error, Td3SyntaxError)
        assert 0 <= error.position <= len(text)


@FUZZ
@given(st.integers(min_value=0, max_value=len(SAMPLE)))
def test_a_truncated_file_is_a_clear_error(cut):
    _parses_or_fails_cleanly(SAMPLE[:cut])


@FUZZ
@given(
    st.lists(
        st.tuples(
            st.integers(min_value=0, max_value=len(SAMPLE) - 1),
            st.integers(min_value=0, max_value=8),
            st.text(alphabet='{}[](),:"\\ \nnewMap.from0123456789-eE.xyzäé\ud800', max_size=6),
        ),
        min_size=1,
        max_size=6,
    )
)
def test_a_mangled_file_parses_or_is_a_clear_error(edits):
    _parses_or_fails_cleanly(apply_edits(SAMPLE, edits))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='{}[](),:"\\ newMap.from01-eE.axu', max_size=200))
def test_random_text_parses_or_is_a_clear_error(text):
    _parses_or_fails_cleanly(text)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_decode_and_then_parse_or_fail_cleanly(data):
    _parses_or_fails_cleanly(decode_td3_bytes(data))


def _written(value) -> str:
    """``value`` written the way TD3 writes it (the reference for the round trip)."""
    if isinstance(value, New):
        return f"new {value.name}({', '.join(_written(arg) for arg in value.args)})"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}: {_written(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_written(item) for item in value) + "]"
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, str):
        return json.dumps(value)
    return repr(value)


NAMES = st.from_regex(r"[A-Z][A-Za-z0-9_]{0,8}(\.[A-Z][A-Za-z]{0,5})?", fullmatch=True).filter(
    lambda name: name != "Map"  # a map reads as a dict
)
KEYS = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,8}", fullmatch=True).filter(
    lambda key: key not in ("true", "false", "null", "undefined", "new")
)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**15), max_value=10**15)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=20)
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(KEYS, inner, max_size=4)
        | st.builds(New, NAMES, st.lists(inner, max_size=3).map(tuple))
    ),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(VALUES)
def test_what_is_written_reads_back_the_same(value):
    assert parse_td3(_written(value)) == value
