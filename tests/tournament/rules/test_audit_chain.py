"""The audit trail's hash chain (README "Audit trail"): a chain written line by
line verifies; any one line changed, taken out or moved is the first break."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.rules.audit_chain import (
    GENESIS,
    Link,
    Stored,
    canonical,
    digest,
    extend,
    first_break,
    moment,
    normal,
)

START = datetime(2026, 11, 28, 19, 0, tzinfo=UTC)
SCOPE = "tournament:7"

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=8,
)
datas = st.dictionaries(st.text(max_size=5), json_values, max_size=4)


def chain(datas: list[dict]) -> list[Stored]:
    lines, head = [], (0, GENESIS)
    for n, data in enumerate(datas):
        at = START + timedelta(seconds=n)
        seq, prev, own = extend(
            head, scope=SCOPE, kind="bust", data=data, by=3, at=at, tournament=7
        )
        link = Link(SCOPE, seq, "bust", digest(data), 3, moment(at), 7)
        lines.append(Stored(100 + n, link, "", prev, own))
        head = (seq, own)
    return lines


def walk(lines: list[Stored], withdrawn=None, rewritten=frozenset()):
    return first_break(SCOPE, lines, withdrawn=withdrawn or {}, rewritten=rewritten)


@settings(max_examples=40)
@given(st.lists(datas, min_size=1, max_size=8))
def test_a_chain_as_written_verifies(values):
    assert walk(chain(values)) is None


@settings(max_examples=40)
@given(st.lists(datas, min_size=2, max_size=8), st.data())
def test_a_line_changed_is_the_first_break(values, data):
    lines = chain(values)
    i = data.draw(st.integers(0, len(lines) - 1))
    new = data.draw(datas.filter(lambda d: canonical(d) != canonical(values[i])))
    lines[i] = replace(lines[i], link=replace(lines[i].link, digest=digest(new)))
    found = walk(lines)
    assert found is not None
    assert (found.seq, found.id) == (i + 1, 100 + i)
    assert found.what.startswith("changed")


@settings(max_examples=40)
@given(st.lists(datas, min_size=2, max_size=8), st.data())
def test_a_line_taken_out_is_named_unless_a_later_line_names_it(values, data):
    lines = chain(values)
    i = data.draw(st.integers(0, len(lines) - 2))
    gone = lines.pop(i)
    found = walk(lines)
    assert found is not None and (found.seq, found.id) == (i + 1, None)
    assert found.what.startswith("removed")
    assert walk(lines, withdrawn={gone.link.seq: gone.hash}) is None


@settings(max_examples=40)
@given(st.lists(datas, min_size=3, max_size=8), st.data())
def test_two_lines_whose_numbers_were_swapped_break_at_the_first(values, data):
    lines = chain(values)
    i = data.draw(st.integers(0, len(lines) - 2))
    first, second = lines[i], lines[i + 1]
    lines[i] = replace(second, link=replace(second.link, seq=first.link.seq))
    lines[i + 1] = replace(first, link=replace(first.link, seq=second.link.seq))
    found = walk(lines)
    assert found is not None and (found.seq, found.id) == (i + 1, second.id)


def test_a_line_rewritten_by_an_erasure_keeps_its_digest_when_the_erasure_names_it():
    lines = chain([{"name": "Anna Keller"}, {"entry": 3}])
    first = lines[0]
    rewritten = replace(
        first,
        link=replace(first.link, digest=digest({"name": "Player 4"})),
        sealed=first.link.digest,
    )
    assert walk([rewritten, lines[1]], rewritten={first.id}) is None
    found = walk([rewritten, lines[1]])
    assert found is not None and found.what.startswith("changed: its data was rewritten")


def test_the_hash_is_the_stored_jsons():
    """What a database gives back is hashed as what was written: key order,
    tuples, whole floats (jsonb) and keys that were ints."""
    written = {"b": (1, 2.0), 3: "x", "a": 1e20}
    assert digest(written) == digest({"a": 100000000000000000000, "b": [1, 2], "3": "x"})
    assert normal(written) == {"b": [1, 2], "3": "x", "a": 100000000000000000000}
