"""The board's rebuy and add-on notice is worked out by the server (the
``purchases`` part, README "Screen messages"): the pure rule at each position
of the clock, and the part in the snapshot and in the messages that carry the
clock or the summary."""

from __future__ import annotations

import pytest

from screens.compose import messages
from screens.live_data import purchase_windows
from tournament import changes
from tournament.models import Tournament
from tournament.rules.purchases import (
    PlayPosition,
    PurchaseLimits,
    Window,
)
from tournament.rules.purchases import (
    purchase_windows as windows_at,
)

LIMITS = PurchaseLimits(rebuy_until_level=6, addon_after_level=6)


@pytest.mark.parametrize(
    ("level", "in_break", "rebuys", "addon"),
    [
        (1, False, Window("until", 6), Window("later", 6)),
        (6, False, Window("until", 6), Window("next_break", 6)),
        (6, True, Window("until", 6), Window("now", 6)),
        (7, False, Window("over", 6), Window("over", 6)),
    ],
)
def test_the_windows_follow_the_level_played(level, in_break, rebuys, addon):
    position = PlayPosition(level=level, in_break=in_break)
    assert windows_at(LIMITS, position, rebuys=True, addon=True) == {
        "rebuys": rebuys,
        "addon": addon,
    }


def test_a_kind_not_sold_has_no_window_and_no_limit_means_open():
    position = PlayPosition(level=9, in_break=False)
    assert windows_at(PurchaseLimits(), position, rebuys=True, addon=False) == {
        "rebuys": Window("open"),
        "addon": None,
    }


def test_the_part_reaches_the_board_with_the_clock_and_the_summary(api, tournament):
    tournament_id = tournament["id"]
    response = api.patch(
        f"/tournaments/{tournament_id}/payouts/settings",
        {"rebuy_chips": 10000, "rebuy_price": "20", "rebuy_until_level": 4},
    )
    assert response.status_code == 200, response.content
    row = Tournament.objects.get(pk=tournament_id)
    assert purchase_windows(row) == {"rebuys": {"state": "until", "level": 4}, "addon": None}
    for parts in ({changes.CLOCK}, {changes.SUMMARY}):
        change = changes.Change(tournament_id, row.version, "test", frozenset(parts))
        floor, public = messages(change)
        assert public[changes.PURCHASES] == floor[changes.PURCHASES] == purchase_windows(row)
    quiet = changes.Change(tournament_id, row.version, "test", frozenset({changes.RULINGS}))
    assert changes.PURCHASES not in messages(quiet)[1]
