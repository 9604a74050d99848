"""What a TD3 tournament becomes in our rows, as plain data (README "Importing TD3 files").

TD3 keeps a player's purchases in one list: the first buy-in, then each later
one. A later buy-in after a bust-out is a re-entry (a new entry of ours, with
its own number); one while the player was still in is a rebuy of the entry he
plays. Add-ons go to the entry in play when he bought them. Every bullet that
busted keeps its bust-out: when, at which level, by whom (the entries of the
hitmen in play at that moment). Places are TD3's (``places()``): by player,
his last entry holds his place; the winner's entry stays in. Prizes are the
amounts TD3 paid, as a fixed amount per place.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from decimal import Decimal

from imports.rules.td3_model import Td3BustOut, Td3Player, Td3Purchase, Td3Tournament

MAX_ENTRIES = 100  # our limit of bullets per player
NAME_LENGTH = 40  # a buy-in option's name
TITLE_LENGTH = 120
ZERO = Decimal(0)
DEFAULT_STACK = 20000  # a file that sold no buy-in and lists no profile

OptionKey = tuple[str, Decimal, Decimal, int]  # profile, amount, rake, chips


@dataclass(frozen=True)
class PlannedEntry:
    player: str  # the TD3 UUID of the player
    number: int  # 1 for his first entry, 2 for his first re-entry
    start_number: int
    bought: Td3Purchase  # the buy-in that opened the entry
    option: str  # the buy-in option's name
    rebuys: tuple[Td3Purchase, ...]
    addons: tuple[Td3Purchase, ...]
    bust: Td3BustOut | None
    place: int | None
    until: int | None  # when it busted (ms), None: still in

    @property
    def rebuy_money(self) -> Decimal:
        return sum((purchase.amount for purchase in self.rebuys), ZERO)


@dataclass(frozen=True)
class PlannedBust:
    entry: int  # index into Td3Plan.entries
    order: int  # 1 for the first bust of the evening
    hitmen: tuple[int, ...]  # indexes of the hitmen's entries in play then
    level: int  # TD3's playing level
    level_index: int  # the index of that level (or the break TD3 was in) in our structure


@dataclass(frozen=True)
class PlannedSpecial:
    """A prize without a place (README "Special prizes"): none awarded it to nobody."""

    name: str
    amount: Decimal
    winners: tuple[int, ...]  # indexes of the winners' last entries


@dataclass(frozen=True)
class Unit:
    """The price of one rebuy or add-on: TD3's cheapest one of the evening."""

    price: Decimal  # to the pool
    fee: Decimal
    chips: int
    amount: Decimal  # what the player paid for one


@dataclass(frozen=True)
class Td3Plan:
    name: str
    table_size: int
    starting_stack: int
    buy_in: Decimal
    fee: Decimal
    options: tuple[dict[str, str | int], ...]  # {name, price, fee, chips}
    max_entries: int
    late_levels: int
    levels: tuple[dict[str, object], ...]  # our structure body's levels
    entries: tuple[PlannedEntry, ...]
    busts: tuple[PlannedBust, ...]
    rebuy: Unit | None
    addon: Unit | None
    prizes: tuple[Decimal, ...]  # the amount paid per place, place 1 first
    house: Decimal  # TD3's house contribution to the pool
    finished: bool
    specials: tuple[PlannedSpecial, ...] = ()
    formula: str = ""  # the file's own points formula (TD3: each tournament has its own)
    # (player UUID, points, hits) the director added by hand in TD3
    corrections: tuple[tuple[str, Decimal, int], ...] = ()

    def units(self, entry: PlannedEntry) -> tuple[int, int]:
        """Rebuys and add-ons of an entry in units of the evening's price."""
        return _count(entry.rebuys, self.rebuy), _count(entry.addons, self.addon)


def _count(purchases: tuple[Td3Purchase, ...], unit: Unit | None) -> int:
    if not purchases or unit is None or not unit.amount:
        return len(purchases)
    return sum(max(int(purchase.amount / unit.amount), 1) for purchase in purchases)


def option_key(purchase: Td3Purchase) -> OptionKey:
    return (purchase.profile, purchase.amount, purchase.rake, purchase.chips)


def entry_purchases(player: Td3Player) -> list[tuple[int, Td3Purchase]]:
    """The buy-ins that opened an entry (the first and each re-entry), with their index."""
    return [
        (index, purchase)
        for index, purchase in enumerate(player.buyins)
        if index == 0 or player.buyins[index - 1].bust_out is not None
    ]


def buy_in_options(td3: Td3Tournament) -> dict[OptionKey, str]:
    """Each distinct buy-in as paid (first buy-ins and re-entries), the usual one first."""
    used: Counter[OptionKey] = Counter()
    for player in td3.field:
        for index, purchase in entry_purchases(player):
            used[option_key(purchase)] += 2 if index == 0 else 1
    names: dict[OptionKey, str] = {}
    for key in sorted(used, key=lambda key: -used[key]):
        name = (key[0].strip() or "Buy-in")[:NAME_LENGTH]
        if name.casefold() in {taken.casefold() for taken in names.values()}:
            suffix = f" {key[1]:.0f}/{key[3]}"
            name = name[: NAME_LENGTH - len(suffix)] + suffix
        number = 2
        while name.casefold() in {taken.casefold() for taken in names.values()}:
            name = f"{name[: NAME_LENGTH - 4]} #{number}"
            number += 1
        names[key] = name
    return names


def _entries(td3: Td3Tournament, options: dict[OptionKey, str]) -> list[PlannedEntry]:
    places = td3.places()
    opened = sorted(
        (
            (purchase.time, order, player, index)
            for order, player in enumerate(td3.field)
            for index, purchase in entry_purchases(player)
        ),
        key=lambda item: (item[0], item[1], item[3]),
    )
    entries: list[PlannedEntry] = []
    for start_number, (_time, _order, player, index) in enumerate(opened, start=1):
        starts = [i for i, _ in entry_purchases(player)]
        number = starts.index(index) + 1
        end = starts[number] if number < len(starts) else len(player.buyins)
        bullet = player.buyins[index:end]
        bust = bullet[-1].bust_out
        following = player.buyins[end] if end < len(player.buyins) else None
        is_last = following is None
        since = bullet[0].time
        until = following.time if following is not None else None
        addons = tuple(
            addon
            for addon in player.addons
            if (addon.time >= since or number == 1) and (until is None or addon.time < until)
        )
        entries.append(
            PlannedEntry(
                player=player.uuid,
                number=number,
                start_number=start_number,
                bought=bullet[0],
                option=options[option_key(bullet[0])],
                rebuys=tuple(bullet[1:]),
                addons=addons,
                bust=bust,
                place=places[player.uuid] if is_last and bust is not None else None,
                until=bust.time if bust is not None else None,
            )
        )
    return entries


def level_index(td3: Td3Tournament, level: int, time: int) -> int:
    """Our structure index of TD3's playing level, or of the break TD3 was in then."""
    levels = td3.levels
    playing = [i for i, lv in enumerate(levels) if lv.kind == "level"]
    if not playing:
        return 0
    index = playing[min(max(level, 1), len(playing)) - 1]
    following = index + 1
    if td3.in_break_at(time) and following < len(levels) and levels[following].kind == "break":
        return following
    return index


def _in_play(entries: list[PlannedEntry], player: str, time: int) -> int | None:
    """The entry of ``player`` in play at ``time`` (his latest one opened by then)."""
    found = None
    for index, entry in enumerate(entries):
        if entry.player != player or entry.bought.time > time:
            continue
        if entry.until is not None and entry.until < time:
            continue
        if found is None or entry.number > entries[found].number:
            found = index
    return found


def _busts(td3: Td3Tournament, entries: list[PlannedEntry]) -> list[PlannedBust]:
    out = sorted(
        (i for i, entry in enumerate(entries) if entry.bust is not None),
        key=lambda i: (entries[i].until or 0, entries[i].start_number),
    )
    busts = []
    for order, index in enumerate(out, start=1):
        bust = entries[index].bust
        assert bust is not None
        hitmen = tuple(
            hitman
            for uuid in bust.hitmen
            if (hitman := _in_play(entries, uuid, bust.time)) is not None and hitman != index
        )
        busts.append(
            PlannedBust(
                entry=index,
                order=order,
                hitmen=hitmen,
                level=bust.level,
                level_index=level_index(td3, bust.level, bust.time),
            )
        )
    return busts


def _unit(purchases: list[Td3Purchase]) -> Unit | None:
    cheapest = min(purchases, key=lambda purchase: purchase.amount, default=None)
    if cheapest is None:
        return None
    return Unit(
        price=cheapest.to_pool, fee=cheapest.rake, chips=cheapest.chips, amount=cheapest.amount
    )


def structure_levels(td3: Td3Tournament) -> tuple[dict[str, object], ...]:
    levels: list[dict[str, object]] = []
    for level in td3.levels:
        seconds = max(level.minutes, 1) * 60
        if level.kind == "break":
            levels.append({"kind": "break", "seconds": seconds, "color_up": []})
        else:
            levels.append(
                {
                    "kind": "level",
                    "small_blind": level.small_blind,
                    "big_blind": level.big_blind,
                    "ante": level.ante,
                    "big_blind_ante": False,
                    "seconds": seconds,
                }
            )
    return tuple(levels)


def _prizes(td3: Td3Tournament) -> tuple[Decimal, ...]:
    """The amount TD3 paid each place, by the place of the player it went to."""
    places = td3.places()
    paid: dict[int, Decimal] = {}
    for prize in td3.place_prizes:
        for uuid in prize.awarded_to:
            place = places.get(uuid)
            if place is not None:
                paid[place] = td3.prize_of(uuid)
    last = max((place for place, amount in paid.items() if amount), default=0)
    return tuple(paid.get(place, ZERO) for place in range(1, last + 1))


def _specials(td3: Td3Tournament, entries: list[PlannedEntry]) -> tuple[PlannedSpecial, ...]:
    last: dict[str, int] = {}
    for index, entry in enumerate(entries):
        if entry.player not in last or entry.number > entries[last[entry.player]].number:
            last[entry.player] = index
    return tuple(
        PlannedSpecial(
            name=(prize.description.strip() or "Special prize")[:TITLE_LENGTH],
            amount=max(prize.amount, ZERO),
            winners=tuple(last[uuid] for uuid in dict.fromkeys(prize.awarded_to) if uuid in last),
        )
        for prize in td3.special_prizes
    )


def _late_levels(td3: Td3Tournament) -> int:
    """The last level that sold a buy-in: TD3's setting, or what the evening sold."""
    start = td3.start_time or 0
    sold = max(
        (
            purchase.level
            for player in td3.field
            for _index, purchase in entry_purchases(player)
            if purchase.time > start
        ),
        default=1,
    )
    return max(td3.buyins.last_level, td3.rebuys.last_level, sold, 1)


def td3_plan(td3: Td3Tournament, fallback_name: str) -> Td3Plan:
    """Our tournament's settings, structure, entries, busts and prizes from TD3's."""
    options = buy_in_options(td3)
    entries = _entries(td3, options)
    profiles = td3.buyins.profiles
    standard = next(iter(options), None)
    if standard is None and profiles:
        first = profiles[0]
        standard = (first.name, first.amount, first.rake, first.chips)
    _name, amount, rake, chips = standard or ("", ZERO, ZERO, 0)
    seats = max((table.seats for table in td3.tables_played()), default=9)
    bullets = max((entry.number for entry in entries), default=1)
    rebuys = [purchase for entry in entries for purchase in entry.rebuys]
    addons = [purchase for entry in entries for purchase in entry.addons]
    return Td3Plan(
        name=(td3.title.strip() or fallback_name)[:TITLE_LENGTH] or "TD3",
        table_size=min(max(seats, 2), 10),
        starting_stack=chips if chips > 0 else DEFAULT_STACK,
        buy_in=max(amount - rake, ZERO),
        fee=max(rake, ZERO),
        options=tuple(
            {"name": name, "price": f"{max(a - r, ZERO):.2f}", "fee": f"{r:.2f}", "chips": c}
            for (_p, a, r, c), name in options.items()
        ),
        max_entries=min(max(bullets, 1), MAX_ENTRIES),
        late_levels=_late_levels(td3),
        levels=structure_levels(td3),
        entries=tuple(entries),
        busts=tuple(_busts(td3, entries)),
        rebuy=_unit(rebuys),
        addon=_unit(addons),
        prizes=_prizes(td3),
        house=td3.house_contribution,
        finished=td3.finished,
        specials=_specials(td3, entries),
        formula=td3.points_formula.strip(),
        corrections=tuple(
            (player.uuid, player.points_adjustment, player.hits_adjustment)
            for player in td3.field
            if player.points_adjustment or player.hits_adjustment
        ),
    )
