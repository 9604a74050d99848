"""Finishing places for bust-outs (pure rules, no Django).

Place numbers count from the top: the winner is place 1. A player who busts
alone finishes in the place equal to the number of players who were still in
the tournament before the bust (10 left, one busts: place 10).

Places count players (``"by_player"``, the default) or entries
(``"by_entry"``). By player, each player holds one place in the field of
players: a player who re-enters is back in the field, and the bullet he lost
before holds no place of its own. By entry, every bullet is one place in the
field of entries, re-entries included. Either way a place follows from the
order of the bust-outs and the field as it ends, not from the field at the
moment of the bust: an entry that joins later finishes above everyone already
out, so their places move down (``places_after_entry``). A place is therefore
provisional while registration is open and fixed once it closes. At the
moment of a bust both ways give the same place, since a player has at most
one entry in play.

Several players busted in the same hand (at one table, or at several tables
during hand-for-hand, which the caller reports as one group) occupy the block
of places ``players_left_before - len(group) + 1 .. players_left_before``.
Within the block the player who began the hand with more chips finishes
higher (IFP 4.27, BDPV Turnierreglement 28). Equal starting stacks are settled
by the tie rule:

``"share"`` (IFP 4.27)
    the tied players share one place: all of them get the best place number
    of the places they occupy together, and the place numbers they use up
    below it are skipped (standard competition ranking: 8, 8, 10).

``"button"`` (BDPV Turnierreglement 28)
    of two players with equal stacks, the one who sat closer to the dealer
    button going clockwise finishes higher. The caller gives each player's
    ``button_distance``: the number of steps clockwise from the button to the
    player (0 for the player on the button, 1 for the next seat to the
    left, ...); only the order matters, so seats or occupied seats may be
    counted. A smaller distance finishes higher. Players at different tables
    (hand-for-hand) with equal stacks *and* equal distances cannot be told
    apart by the rule; they share the place as under ``"share"``.

Undoing a bust (``check_unbust``) never renumbers anyone. It is allowed when
every busted player who stays busted keeps a place that is still correct,
i.e. worse than the number of players left after the undo. In practice: the
most recent bust can always be undone; a whole group busted in one hand can
be undone together; inside a group only the best-placed players can be
undone, best first; a player sharing a place can only be undone together
with everyone sharing it. Anything else needs the later busts undone first.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Literal

TieRule = Literal["share", "button"]
TIE_RULES: tuple[TieRule, ...] = ("share", "button")
PlacesBasis = Literal["by_player", "by_entry"]


class PlacesError(ValueError):
    """Invalid bust-out input; ``code`` is machine-readable for translation."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Bust:
    """One player busted in the hand, with their stack at the start of the hand."""

    entry_id: int
    starting_stack: int
    button_distance: int | None = None


@dataclass(frozen=True)
class Place:
    """A finishing place; ``shared`` is true when other players hold the same number."""

    entry_id: int
    place: int
    shared: bool = False


def _as_bust(item: Bust | tuple[int, int, int | None]) -> Bust:
    if isinstance(item, Bust):
        return item
    entry_id, starting_stack, button_distance = item
    return Bust(entry_id, starting_stack, button_distance)


def _validate(players_left_before: int, busts: Sequence[Bust], tie_rule: str) -> None:
    if tie_rule not in TIE_RULES:
        raise PlacesError("tie_rule_unknown", f"unknown tie rule {tie_rule!r}")
    if not busts:
        raise PlacesError("no_busts", "at least one busted player is required")
    if len(busts) >= players_left_before:
        raise PlacesError(
            "no_player_left",
            f"{len(busts)} busts with {players_left_before} players left: someone must win the hand",
        )
    ids = [b.entry_id for b in busts]
    if len(set(ids)) != len(ids):
        raise PlacesError("duplicate_entry", "an entry appears twice in the same bust group")
    for bust in busts:
        if bust.starting_stack <= 0:
            raise PlacesError(
                "starting_stack_not_positive",
                f"entry {bust.entry_id}: starting stack must be positive",
            )
        if bust.button_distance is not None and bust.button_distance < 0:
            raise PlacesError(
                "button_distance_negative",
                f"entry {bust.entry_id}: button distance must not be negative",
            )


def rank_busts(
    *,
    players_left_before: int,
    busted: Sequence[Bust | tuple[int, int, int | None]],
    tie_rule: TieRule,
) -> list[Place]:
    """Finishing places for the players busted in one hand, best place first.

    Raises ``PlacesError`` (code ``button_distance_missing``) when the button
    rule must separate equal stacks and a distance is missing.
    """
    busts = [_as_bust(b) for b in busted]
    _validate(players_left_before, busts, tie_rule)
    best_place = players_left_before - len(busts) + 1

    def key(bust: Bust) -> tuple[int, int]:
        distance = bust.button_distance if tie_rule == "button" else None
        return (-bust.starting_stack, distance if distance is not None else 0)

    if tie_rule == "button":
        stacks = [b.starting_stack for b in busts]
        for bust in busts:
            if bust.button_distance is None and stacks.count(bust.starting_stack) > 1:
                raise PlacesError(
                    "button_distance_missing",
                    f"entry {bust.entry_id}: the button rule needs the distance to the button",
                )

    # Stable sort: players the rule cannot separate keep the caller's order.
    ordered = sorted(busts, key=key)
    places: list[Place] = []
    position = best_place
    for _, tied_iter in groupby(ordered, key=key):
        tied = list(tied_iter)
        for bust in tied:
            places.append(Place(bust.entry_id, position, shared=len(tied) > 1))
        position += len(tied)
    return places


def check_unbust(
    *,
    busted: Sequence[Place],
    players_left: int,
    entry_ids: Collection[int],
) -> int:
    """Validate undoing the busts of ``entry_ids``; return the players left afterwards.

    ``busted`` are the places of every busted entry of the tournament and
    ``players_left`` the players still in now. Nobody is renumbered: the undo
    is refused (``PlacesError``) unless all the other busted players keep a
    place worse than the new number of players left.
    """
    by_entry = {p.entry_id: p for p in busted}
    if len(by_entry) != len(busted):
        raise PlacesError("duplicate_entry", "an entry has two finishing places")
    if not entry_ids:
        raise PlacesError("no_busts", "name at least one entry to undo")
    for entry_id in entry_ids:
        if entry_id not in by_entry:
            raise PlacesError("not_busted", f"entry {entry_id} is not busted")
    if any(p.place <= players_left for p in busted):
        raise PlacesError(
            "places_inconsistent", "a busted place is not worse than the players left"
        )
    undo = set(entry_ids)
    left_after = players_left + len(undo)
    blocking = sorted(
        (p for p in busted if p.entry_id not in undo and p.place <= left_after),
        key=lambda p: p.place,
    )
    if blocking:
        shared_with_undone = any(p.place == by_entry[e].place for p in blocking for e in undo)
        if shared_with_undone:
            raise PlacesError(
                "shared_place",
                "undo every player sharing this place together",
            )
        raise PlacesError(
            "later_busts",
            "players placed better (places "
            + ", ".join(str(p.place) for p in blocking)
            + ") must be undone first",
        )
    return left_after


def places_after_entry(
    *, out: Sequence[Place], basis: PlacesBasis, re_entered: int | None = None
) -> list[Place]:
    """The places of the entries out after one more entry joined the field.

    ``out`` are the places held now; ``re_entered`` is the player's own last
    bullet when the new entry is his re-entry (None for a new player). The new
    entry is in play, so it finishes above everyone out. By entry, or for a
    new player, every place out moves down one. By player, a re-entry leaves
    the field of players as it was: his bullet loses its place (it is not in
    the result) and only those placed as high as it or higher move down one,
    because he is above them again; the players it had finished above keep
    theirs. A place left with one holder is no longer shared.
    """
    if basis == "by_entry" or re_entered is None:
        return [Place(p.entry_id, p.place + 1, p.shared) for p in out]
    lost = next((p for p in out if p.entry_id == re_entered), None)
    if lost is None:
        raise PlacesError("not_busted", f"entry {re_entered} holds no place")
    moved = [
        Place(p.entry_id, p.place + 1 if p.place <= lost.place else p.place, p.shared)
        for p in out
        if p.entry_id != re_entered
    ]
    holders: dict[int, int] = {}
    for p in moved:
        holders[p.place] = holders.get(p.place, 0) + 1
    return [Place(p.entry_id, p.place, p.shared and holders[p.place] > 1) for p in moved]


def places_after_withdrawal(
    *, out: Sequence[Place], basis: PlacesBasis, re_entry: bool
) -> list[Place]:
    """The places of the entries out after an entry that never played left the
    field (unregistered, its money refunded): the reverse of ``places_after_entry``.

    It was above everyone out, so every place out moves up one. By player, a
    re-entry took his lost bullet's place out of the field when it joined, and
    which place that was is no longer known: it is refused while anyone holds a
    place (``"re_entry_placed"``).
    """
    if basis == "by_player" and re_entry and out:
        raise PlacesError("re_entry_placed", "a re-entry cannot leave once places are given")
    return [Place(p.entry_id, p.place - 1, p.shared) for p in out]
