"""What a TD3 tournament becomes in our rows (imports.rules.td3_plan): entries, busts, prizes."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from imports.rules.td3_model import (
    Td3BustOut,
    Td3BuyConfig,
    Td3Level,
    Td3Player,
    Td3Prize,
    Td3Purchase,
    Td3Tournament,
)
from imports.rules.td3_plan import td3_plan

NO_SALE = Td3BuyConfig(allowed=False, profiles=(), last_level=0, max_per_player=0)
LEVELS = (
    Td3Level("level", 20, 100, 200, 0, 1),
    Td3Level("level", 20, 200, 400, 0, 2),
    Td3Level("break", 10),
    Td3Level("level", 20, 300, 600, 600, 3),
)


def _purchase(time: int, amount: int = 200, bust: Td3BustOut | None = None) -> Td3Purchase:
    return Td3Purchase(
        time=time,
        level=1 + time // 1000,
        amount=Decimal(amount),
        rake=Decimal(20),
        chips=10000,
        profile="Standard",
        bust_out=bust,
    )


def _tournament(players: tuple[Td3Player, ...], prizes: tuple[Td3Prize, ...] = ()) -> Td3Tournament:
    return Td3Tournament(
        version="3.7.2",
        uuid="t-1",
        title="Friday",
        league="",
        season="",
        start_time=0,
        end_time=None,
        players=players,
        levels=LEVELS,
        buyins=NO_SALE,
        rebuys=NO_SALE,
        addons=NO_SALE,
        prizes=prizes,
        tables=(),
        guarantee=Decimal(0),
        house_contribution=Decimal(0),
        points_formula="",
    )


@st.composite
def evenings(draw) -> Td3Tournament:
    """A field of 2 to 8 players; each bullet may rebuy, every bullet but the last busts
    (the last may too), bust-outs at distinct times, hitmen drawn from the field."""
    count = draw(st.integers(2, 8))
    uuids = [f"p{n}" for n in range(count)]
    times = iter(draw(st.permutations(range(1, 400))))
    players = []
    for uuid in uuids:
        bullets = draw(st.integers(1, 3))
        buyins = []
        moment = 0
        for bullet in range(bullets):
            moment = max(moment, next(times))
            rebuys = draw(st.integers(0, 2))
            last = bullet == bullets - 1
            busts = not last or draw(st.booleans())
            hitmen = tuple(draw(st.lists(st.sampled_from(uuids), max_size=2, unique=True)))
            purchases = [moment + 1000 * step for step in range(rebuys + 1)]
            out = Td3BustOut(purchases[-1] + 500 + next(times), 2, hitmen, None) if busts else None
            for index, time in enumerate(purchases):
                buyins.append(_purchase(time, bust=out if index == rebuys else None))
            moment = out.time + 1 if out else moment
        players.append(Td3Player(uuid=uuid, name=uuid.upper(), buyins=tuple(buyins), addons=()))
    return _tournament(tuple(players))


@settings(max_examples=150, deadline=None)
@given(evenings())
def test_every_bullet_is_one_entry_numbered_per_player_with_the_files_places(td3):
    plan = td3_plan(td3, "fallback")
    numbers: dict[str, list[int]] = {}
    for entry in plan.entries:
        numbers.setdefault(entry.player, []).append(entry.number)
    assert all(sorted(found) == list(range(1, len(found) + 1)) for found in numbers.values())
    assert sorted(e.start_number for e in plan.entries) == list(range(1, len(plan.entries) + 1))
    purchases = sum(len(player.buyins) for player in td3.field)
    assert sum(1 + len(entry.rebuys) for entry in plan.entries) == purchases
    places = td3.places()
    for player in td3.field:
        own = [entry for entry in plan.entries if entry.player == player.uuid]
        last = max(own, key=lambda entry: entry.number)
        assert last.place == (places[player.uuid] if player.out is not None else None)
        assert all(entry.place is None for entry in own if entry is not last)


@settings(max_examples=150, deadline=None)
@given(evenings())
def test_each_bust_names_the_hitmens_entries_in_play_at_that_moment(td3):
    plan = td3_plan(td3, "fallback")
    assert [bust.order for bust in plan.busts] == list(range(1, len(plan.busts) + 1))
    assert len(plan.busts) == sum(1 for entry in plan.entries if entry.bust is not None)
    for bust in plan.busts:
        victim = plan.entries[bust.entry]
        assert victim.bust is not None
        for index in bust.hitmen:
            hitman = plan.entries[index]
            assert hitman.player in victim.bust.hitmen and hitman is not victim
            assert hitman.bought.time <= victim.bust.time
            assert hitman.until is None or hitman.until >= victim.bust.time


def test_prizes_are_paid_by_the_place_of_the_player_they_went_to():
    out = [Td3BustOut(5000 + n, 3, (), None) for n in range(3)]
    players = (
        Td3Player("a", "Anna", (_purchase(1),), ()),
        Td3Player("b", "Ben", (_purchase(2, bust=out[2]),), ()),
        Td3Player("c", "Cem", (_purchase(3, bust=out[1]),), ()),
        Td3Player("d", "Dora", (_purchase(4, bust=out[0]),), ()),
    )
    # A deal: second and first chopped nearly evenly; nothing for third and fourth.
    prizes = (
        Td3Prize(1, "1st", True, Decimal(60), Decimal(410), ("a",)),
        Td3Prize(2, "2nd", True, Decimal(40), Decimal(390), ("b",)),
        Td3Prize(3, "3rd", True, Decimal(0), Decimal(0), ()),
    )
    plan = td3_plan(_tournament(players, prizes), "fallback")
    assert plan.prizes == (Decimal(410), Decimal(390))
    assert plan.finished
    assert [(e.player, e.place) for e in plan.entries] == [
        ("a", None),
        ("b", 2),
        ("c", 3),
        ("d", 4),
    ]


def test_re_entries_and_rebuys_are_told_apart_and_counted_at_the_evenings_price():
    bust = Td3BustOut(3000, 2, ("a",), None)
    player = Td3Player(
        "b",
        "Ben",
        (_purchase(1), _purchase(1500, amount=400, bust=bust), _purchase(3100)),
        (_purchase(3200, amount=50),),
    )
    plan = td3_plan(_tournament((Td3Player("a", "Anna", (_purchase(2),), ()), player)), "x")
    ben = [entry for entry in plan.entries if entry.player == "b"]
    assert [(e.number, len(e.rebuys), len(e.addons)) for e in ben] == [(1, 1, 0), (2, 0, 1)]
    assert plan.rebuy is not None and plan.rebuy.amount == Decimal(400)
    assert plan.units(ben[0]) == (1, 0)
    assert [level["kind"] for level in plan.levels] == ["level", "level", "break", "level"]
