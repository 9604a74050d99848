"""Every write of the OpenAPI schema sent twice with one key (README "Sent twice,
done once"): one effect, two equal answers.

One scenario walks the room through every POST, PUT, PATCH and DELETE of
``/api/v1/openapi.json`` in an order where each finds what it needs (a
tournament with tables and entries, a clock, a cash box with an open shift,
payouts, prizes, tickets, layouts, screens ...; tests/api/write_walk_*.py).
Each write is sent twice with one ``Idempotency-Key``: the second answer must
equal the first, say it is replayed, and change no row of any table (the audit
trail included). An operation of the schema the walk does not send fails the
test, unless it is listed in :data:`NOT_SENT_TWICE` with why.
"""

from __future__ import annotations

import json
import traceback
from collections.abc import Callable

import pytest

from tests.api import write_walk_floor as floor
from tests.api import write_walk_money as money
from tests.api.write_walk import Walk, schema_writes
from tests.conftest import ApiClient
from tournament.api.auth import issue_token

pytestmark = pytest.mark.django_db

# Operations the walk does not send twice, each with why. Keep it short.
NOT_SENT_TWICE: dict[str, str] = {}

STEPS: list[Callable[[Walk], None]] = [
    floor.room_and_tournament,
    floor.tables_and_entries,
    floor.button_hands_and_clock,
    floor.calls_and_rulings,
    floor.money_of_the_tournament,
    floor.floor_actions,
    money.desk_money,
    money.pre_registrations,
    money.play_to_the_end,
    money.finish_a_saved_import,
    money.satellite_tickets_and_pots,
    money.players,
    money.seasons_and_tickets,
    money.events_and_days,
    money.layouts_and_screens,
    money.td3,
]


def test_every_write_of_the_schema_sent_twice_with_one_key_acts_once(director):
    walk = Walk(ApiClient(issue_token(director)))
    for step in STEPS:
        try:
            step(walk)
        except (AssertionError, KeyError, TypeError, StopIteration, IndexError) as failed:
            where = traceback.extract_tb(failed.__traceback__)[-1]
            walk.problems[f"step {step.__name__}"] = f"{failed!r} at line {where.lineno}"
    missing = schema_writes() - walk.sent - set(NOT_SENT_TWICE)
    assert not missing and not walk.problems, (
        f"writes of the schema the walk does not send twice: {sorted(missing)}\n"
        + json.dumps(walk.problems, indent=1)
    )
