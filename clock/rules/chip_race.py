"""Colouring up a table: the chip race and the round-up.

When a denomination (``removed``) leaves play, each player's removed
chips are first exchanged at par into chips of ``smallest_remaining``
where they make whole chips (``exchanged``). What is left over, the *odd
chips*, is settled by the method:

``race`` (BDPV Turnierreglement 8)
    One card per odd chip, dealt clockwise starting left of the button;
    each player receives all his cards before the next player gets any.
    The single highest card (rank, then suit: spades, hearts, diamonds,
    clubs) wins the value of *all* odd chips of the table, paid in
    ``smallest_remaining`` chips and rounded up to a whole chip. One
    winner only. The button moves only after the race.

``race_one_chip`` (the classic TDA chip race, before TDA 2019)
    Cards dealt starting with seat 1, one per odd chip, each player all
    his cards at once. The number of new chips is the table's odd value
    divided by ``smallest_remaining``, rounded to the nearest chip (half a
    chip or more gives a chip). The highest card wins one chip, the next
    highest (of another player) the next, and so on: at most one chip per
    player. The rounding may take away less than half a chip of value
    from the table; it may also add up to half a chip.

``round_up`` (TDA 2019 rule 24)
    No race: every player's odd chips are rounded up to one
    ``smallest_remaining`` chip.

In every method nobody is raced out: a player left with nothing receives
one ``smallest_remaining`` chip (BDPV Turnierreglement 8).

All values are in chips (points), never money. The random source is
passed in; with ``cards`` given nothing random happens.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from clock.rules.errors import RuleError

__all__ = [
    "Award",
    "ChipRaceError",
    "ChipRaceRequest",
    "ChipRaceResult",
    "DECK",
    "METHODS",
    "RacePlayer",
    "card_strength",
    "chip_race",
    "deal_order",
    "parse_card",
]

Method = Literal["race", "race_one_chip", "round_up"]
METHODS: tuple[Method, ...] = ("race", "race_one_chip", "round_up")

RANKS = "23456789TJQKA"
SUITS = "cdhs"  # ascending: clubs < diamonds < hearts < spades
DECK: tuple[str, ...] = tuple(rank + suit for rank in RANKS for suit in SUITS)


class ChipRaceError(RuleError):
    """Bad chip race input; ``code`` says what (see :func:`chip_race`)."""


def parse_card(text: str) -> str:
    """Normalise a card like ``"As"``, ``"td"``, ``"KH"`` to ``"As"``/``"Td"``/``"Kh"``.

    Raises :class:`ChipRaceError` ``bad_card`` for anything else (``"10s"`` too:
    ten is ``T``).
    """
    if not isinstance(text, str) or len(text) != 2:
        raise ChipRaceError("bad_card", card=str(text))
    rank, suit = text[0].upper(), text[1].lower()
    if rank not in RANKS or suit not in SUITS:
        raise ChipRaceError("bad_card", card=text)
    return rank + suit


def card_strength(card: str) -> tuple[int, int]:
    """Sort key of a normalised card: rank first, then suit (spades highest)."""
    return RANKS.index(card[0]), SUITS.index(card[1])


@dataclass(frozen=True, slots=True)
class RacePlayer:
    """A player at the table: ``chips`` is the *count* of removed chips he holds,
    ``other_value`` the value of all his other chips."""

    seat: int
    chips: int
    other_value: int


@dataclass(frozen=True, slots=True)
class ChipRaceRequest:
    """The body of ``POST /api/v1/chip-race``, parsed (cards keyed by seat)."""

    method: Method
    removed: int
    smallest_remaining: int
    button_seat: int
    players: tuple[RacePlayer, ...]
    cards: Mapping[int, Sequence[str]] | None = None


@dataclass(frozen=True, slots=True)
class Award:
    """What happened to one player.

    ``exchanged``: value changed at par into whole new chips; ``odd``: value
    of the chips that could not be; ``raced``: the part of ``odd`` that went
    into a race (0 for ``round_up``); ``won``: value gained by the race or the
    round-up; ``protected``: given one chip so as not to be raced out;
    ``awarded``: value of all new chips received (exchanged + won +
    protection); ``final``: the stack afterwards (``other_value + awarded``).
    """

    seat: int
    exchanged: int
    odd: int
    raced: int
    won: int
    protected: bool
    awarded: int
    final: int
    cards: tuple[str, ...]

    def to_json_data(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "exchanged": self.exchanged,
            "odd": self.odd,
            "raced": self.raced,
            "won": self.won,
            "protected": self.protected,
            "awarded": self.awarded,
            "final": self.final,
            "cards": list(self.cards),
        }


@dataclass(frozen=True, slots=True)
class ChipRaceResult:
    """Outcome of a colour-up at one table; awards in seat order."""

    method: Method
    deal_order: tuple[int, ...]  # seats that received cards, in dealing order
    winners: tuple[int, ...]  # seats that won race chips, best card first
    awards: tuple[Award, ...]
    total_before: int
    total_after: int

    def to_json_data(self) -> dict[str, Any]:
        """The API response body."""
        return {
            "method": self.method,
            "deal_order": list(self.deal_order),
            "winners": list(self.winners),
            "awards": [award.to_json_data() for award in self.awards],
            "total_before": self.total_before,
            "total_after": self.total_after,
        }


def deal_order(seats: Sequence[int], *, first_after: int) -> tuple[int, ...]:
    """``seats`` clockwise (ascending seat numbers, wrapping) starting after seat ``first_after``."""
    span = max([*seats, first_after]) + 1
    return tuple(sorted(seats, key=lambda seat: (seat - first_after - 1) % span))


def _validate(request: ChipRaceRequest) -> None:
    if request.method not in METHODS:
        raise ChipRaceError("bad_method")
    if request.removed <= 0 or request.smallest_remaining <= 0:
        raise ChipRaceError("bad_denomination")
    if request.removed >= request.smallest_remaining:
        raise ChipRaceError("removed_not_smaller")
    if request.smallest_remaining % request.removed:
        raise ChipRaceError("removed_not_divisor")
    if request.button_seat < 1:
        raise ChipRaceError("bad_button_seat")
    if not request.players:
        raise ChipRaceError("no_players")
    seen: set[int] = set()
    for player in request.players:
        if player.seat in seen:
            raise ChipRaceError("duplicate_seat", seat=player.seat)
        seen.add(player.seat)
        _validate_player(player, request.smallest_remaining)


def _validate_player(player: Any, unit: int) -> None:
    if player.seat < 1:
        raise ChipRaceError("bad_seat", seat=player.seat)
    if player.chips < 0:
        raise ChipRaceError("negative_chips", seat=player.seat)
    if player.other_value < 0:
        raise ChipRaceError("negative_value", seat=player.seat)
    if player.other_value % unit:
        raise ChipRaceError("other_value_not_multiple", seat=player.seat)
    if player.chips == 0 and player.other_value == 0:
        raise ChipRaceError("empty_stack", seat=player.seat)


def _given_cards(
    request: ChipRaceRequest, odd_chips: Mapping[int, int]
) -> dict[int, tuple[str, ...]]:
    assert request.cards is not None
    dealt: dict[int, tuple[str, ...]] = {}
    used: set[str] = set()
    for seat, cards in request.cards.items():
        if seat not in odd_chips:
            raise ChipRaceError("unknown_seat", seat=seat)
        if isinstance(cards, str) or not isinstance(cards, Sequence):
            raise ChipRaceError("bad_card", seat=seat)
        normalised = tuple(parse_card(card) for card in cards)
        for card in normalised:
            if card in used:
                raise ChipRaceError("duplicate_card", card=card, seat=seat)
            used.add(card)
        dealt[seat] = normalised
    for seat, count in odd_chips.items():
        if len(dealt.get(seat, ())) != count:
            raise ChipRaceError("wrong_card_count", seat=seat, expected=count)
    return {seat: cards for seat, cards in dealt.items() if cards}


def _dealt_cards(
    order: Sequence[int], odd_chips: Mapping[int, int], rng: random.Random
) -> dict[int, tuple[str, ...]]:
    deck = list(DECK)
    rng.shuffle(deck)
    dealt: dict[int, tuple[str, ...]] = {}
    position = 0
    for seat in order:  # each player receives all his cards at once
        count = odd_chips[seat]
        dealt[seat] = tuple(deck[position : position + count])
        position += count
    return dealt


@dataclass(frozen=True)
class _Race:
    order: tuple[int, ...]
    cards: dict[int, tuple[str, ...]]
    winners: tuple[int, ...]


def _run_race(
    request: ChipRaceRequest,
    racers: list[int],
    odd_chips: Mapping[int, int],
    rng: random.Random | None,
) -> _Race:
    """The order of the deal and the cards each racer holds (given or dealt)."""
    if request.method == "race":
        order = deal_order(racers, first_after=request.button_seat)
    else:  # race_one_chip: always from seat 1
        order = tuple(sorted(racers))
    if sum(odd_chips.values()) > len(DECK):
        raise ChipRaceError("not_enough_cards")
    cards: dict[int, tuple[str, ...]] = {}
    if request.cards is not None:
        cards = _given_cards(request, odd_chips)
    elif racers:
        if rng is None:
            raise ChipRaceError("rng_required")
        cards = _dealt_cards(order, odd_chips, rng)
    return _Race(order=order, cards=cards, winners=())


def chip_race(request: ChipRaceRequest, *, rng: random.Random | None = None) -> ChipRaceResult:
    """Colour up one table by ``request.method`` (see the module notes).

    Without ``request.cards`` the cards are dealt from a deck shuffled by
    ``rng`` (required then, unless nobody has odd chips). Error codes:
    ``bad_method``, ``bad_denomination``, ``removed_not_smaller``,
    ``removed_not_divisor``, ``bad_button_seat``, ``no_players``,
    ``bad_seat``, ``duplicate_seat``, ``negative_chips``, ``negative_value``,
    ``other_value_not_multiple``, ``empty_stack``, ``unknown_seat``,
    ``bad_card``, ``duplicate_card``, ``wrong_card_count``,
    ``cards_not_used`` (cards with ``round_up``), ``not_enough_cards`` (more
    than 52 odd chips), ``rng_required``.
    """
    _validate(request)
    unit = request.smallest_remaining
    exchanged: dict[int, int] = {}
    odd: dict[int, int] = {}
    odd_chips: dict[int, int] = {}
    for player in request.players:
        value = player.chips * request.removed
        exchanged[player.seat] = value - value % unit
        odd[player.seat] = value % unit
        odd_chips[player.seat] = odd[player.seat] // request.removed

    won = {player.seat: 0 for player in request.players}
    raced = {player.seat: 0 for player in request.players}
    racers = [player.seat for player in request.players if odd_chips[player.seat]]
    race = _Race(order=(), cards={}, winners=())
    if request.method == "round_up":
        if request.cards and any(request.cards.values()):
            raise ChipRaceError("cards_not_used")
        for seat in racers:
            won[seat] = unit
    else:
        race = _run_race(request, racers, odd_chips, rng)
        for seat in racers:
            raced[seat] = odd[seat]
        race = _Race(
            race.order,
            race.cards,
            _race_winners(request.method, race.cards, sum(odd.values()), unit),
        )
        for seat in race.winners:
            won[seat] = _race_prize(request.method, sum(odd.values()), unit)
    order, cards, winners = race.order, race.cards, race.winners

    awards: list[Award] = []
    for player in sorted(request.players, key=lambda p: p.seat):
        seat = player.seat
        gained = exchanged[seat] + won[seat]
        protected = player.other_value + gained == 0
        awarded = gained + (unit if protected else 0)
        awards.append(
            Award(
                seat=seat,
                exchanged=exchanged[seat],
                odd=odd[seat],
                raced=raced[seat],
                won=won[seat],
                protected=protected,
                awarded=awarded,
                final=player.other_value + awarded,
                cards=cards.get(seat, ()),
            )
        )
    return ChipRaceResult(
        method=request.method,
        deal_order=order,
        winners=winners,
        awards=tuple(awards),
        total_before=sum(p.other_value + p.chips * request.removed for p in request.players),
        total_after=sum(award.final for award in awards),
    )


def _race_winners(
    method: Method, cards: Mapping[int, Sequence[str]], total_odd: int, unit: int
) -> tuple[int, ...]:
    """Seats winning race chips, best card first."""
    best = {seat: max(hand, key=card_strength) for seat, hand in cards.items() if hand}
    ranked = sorted(best, key=lambda seat: card_strength(best[seat]), reverse=True)
    if method == "race":
        return tuple(ranked[:1])
    chips_to_award = (2 * total_odd + unit) // (2 * unit)  # nearest, half up
    return tuple(ranked[:chips_to_award])


def _race_prize(method: Method, total_odd: int, unit: int) -> int:
    """Value each winner receives."""
    if method == "race":
        return -(-total_odd // unit) * unit  # all odd chips, rounded up to a whole chip
    return unit
