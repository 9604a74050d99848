"""Rebuys and add-ons within the tournament's limits (README "How a floor action flows")."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from tournament.rules.purchases import (
    MOST_PURCHASES,
    PlayPosition,
    PurchaseLimits,
    Refusal,
    purchase_offered,
    purchase_refusal,
)

LEVEL_3 = PlayPosition(level=3, in_break=False)


def refusal(kind="rebuy", owned=0, count=1, position=LEVEL_3, **limits):
    return purchase_refusal(
        kind=kind, owned=owned, count=count, limits=PurchaseLimits(**limits), position=position
    )


def test_rebuys_stop_at_the_limit_per_entry():
    assert refusal(owned=1, rebuy_limit=2) is None
    assert refusal(owned=2, rebuy_limit=2) == Refusal.LIMIT_REACHED
    assert refusal(owned=1, count=2, rebuy_limit=2) == Refusal.LIMIT_REACHED


def test_rebuys_are_sold_through_the_last_rebuy_level_and_the_break_after_it():
    assert refusal(rebuy_until_level=3) is None
    assert refusal(rebuy_until_level=3, position=PlayPosition(level=3, in_break=True)) is None
    assert (
        refusal(rebuy_until_level=3, position=PlayPosition(level=4, in_break=False))
        == Refusal.REBUY_PERIOD_OVER
    )


def test_one_add_on_by_default_and_only_at_its_break():
    addon_break = PlayPosition(level=6, in_break=True)
    assert refusal("addon", position=addon_break, addon_after_level=6) is None
    assert (
        refusal("addon", owned=1, position=addon_break, addon_after_level=6)
        == Refusal.LIMIT_REACHED
    )
    assert (
        refusal("addon", position=PlayPosition(level=6, in_break=False), addon_after_level=6)
        == Refusal.NOT_THE_ADDON_BREAK
    )
    assert (
        refusal("addon", position=PlayPosition(level=4, in_break=True), addon_after_level=6)
        == Refusal.NOT_THE_ADDON_BREAK
    )


def test_a_mistake_can_be_taken_back_even_after_the_window_closed():
    late = PlayPosition(level=9, in_break=False)
    assert refusal(owned=2, count=-1, position=late, rebuy_until_level=3) is None
    assert refusal("addon", owned=1, count=-1, position=late, addon_after_level=6) is None
    assert refusal(owned=0, count=-1) == Refusal.NOTHING_TO_TAKE_BACK
    assert refusal(count=0) == Refusal.NOTHING_TO_TAKE_BACK


limits = st.builds(
    PurchaseLimits,
    rebuy_limit=st.none() | st.integers(0, 5),
    rebuy_until_level=st.none() | st.integers(1, 12),
    addon_limit=st.none() | st.integers(0, 3),
    addon_after_level=st.none() | st.integers(1, 12),
)
positions = st.builds(PlayPosition, level=st.integers(1, 15), in_break=st.booleans())


@given(
    limits,
    st.lists(
        st.tuples(st.sampled_from(["rebuy", "addon"]), st.integers(-3, 5), positions), max_size=40
    ),
)
def test_whatever_is_asked_the_counts_never_leave_the_limits(limits, requests):
    owned = {"rebuy": 0, "addon": 0}
    ceiling = {"rebuy": limits.rebuy_limit, "addon": limits.addon_limit}
    for kind, count, position in requests:
        if purchase_refusal(
            kind=kind, owned=owned[kind], count=count, limits=limits, position=position
        ):
            continue
        owned[kind] += count
        assert 0 <= owned[kind] <= MOST_PURCHASES
        if ceiling[kind] is not None:
            assert owned[kind] <= ceiling[kind]
        if count > 0 and kind == "rebuy" and limits.rebuy_until_level is not None:
            assert position.level <= limits.rebuy_until_level
        if count > 0 and kind == "addon" and limits.addon_after_level is not None:
            assert position.in_break and position.level == limits.addon_after_level


def test_a_tournament_that_offers_no_rebuys_or_add_ons_sells_none():
    assert refusal(rebuy_offered=False) == Refusal.REBUYS_NOT_OFFERED
    assert refusal("addon", addon_offered=False) == Refusal.ADDONS_NOT_OFFERED
    # The other kind is not concerned.
    assert refusal(addon_offered=False) is None
    # One sold before the offer ended can still be taken back.
    assert refusal(owned=1, count=-1, rebuy_offered=False) is None


def test_a_purchase_is_offered_when_it_gives_chips_or_costs_something_and_may_be_bought():
    nothing = {"price": Decimal(0), "fee": Decimal(0), "chips": 0, "limit": None}
    assert not purchase_offered(**nothing)
    assert purchase_offered(**{**nothing, "chips": 20000})  # a free rebuy of chips
    assert purchase_offered(**{**nothing, "price": Decimal(50)})
    assert purchase_offered(**{**nothing, "fee": Decimal(5)})
    assert not purchase_offered(**{**nothing, "chips": 20000, "limit": 0})
    assert purchase_offered(**{**nothing, "chips": 20000, "limit": 1})


money = st.decimals(min_value=0, max_value=1000, places=2, allow_nan=False)


@given(
    kind=st.sampled_from(["rebuy", "addon"]),
    owned=st.integers(0, MOST_PURCHASES),
    count=st.integers(1, 100),
    price=money,
    fee=money,
    chips=st.integers(0, 10**6),
    limit=st.none() | st.integers(0, 10),
    level=st.integers(1, 30),
    in_break=st.booleans(),
)
def test_nothing_is_sold_that_the_tournament_does_not_offer(
    kind, owned, count, price, fee, chips, limit, level, in_break
):
    offered = purchase_offered(price=price, fee=fee, chips=chips, limit=limit)
    flags = {f"{kind}_offered": offered, f"{kind}_limit": limit}
    answer = refusal(kind, owned, count, PlayPosition(level=level, in_break=in_break), **flags)
    not_offered = {Refusal.REBUYS_NOT_OFFERED, Refusal.ADDONS_NOT_OFFERED}
    assert (answer in not_offered) is (not offered)
    if answer is None:
        assert offered and chips + price + fee > 0
