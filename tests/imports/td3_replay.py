"""Replaying a TD3 evening through our API as the floor would have run it (README "Places, re-entries and moves").

The file says who bought in with which buy-in and at which level, who re-entered
or rebought, who busted whom in which order, the add-ons and what each place was
paid. The replay creates the tournament with the evening's structure, tables and
options (README "API" "Club nights"), registers each player at his level, re-enters,
busts each bullet with ``eliminated_by``, carries out every move the floor is
asked to make, sells the add-ons, sets the payouts as the amounts TD3 paid with
the rest kept back, and then reads our places, prizes and pool.

Nothing is worked around: no table opened by hand, no registration reopened,
no percentages computed. A step the API refuses stops the evening with the
step named; otherwise ``differences()`` lists every player whose place or
prize is not the file's, and the pool.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from imports.rules.td3_model import Td3Player, Td3Purchase, Td3Tournament
from imports.rules.td3_plan import structure_levels

MAX_ENTRIES = 100  # our limit of bullets per player
MOST_MOVES = 200  # planning that keeps asking for moves is a defect of its own


class ReplayStopped(AssertionError):
    """The API refused a step the floor had to take."""


@dataclass(frozen=True, order=True)
class Step:
    time: int
    order: int  # within the same instant: purchases before bust-outs
    kind: str  # "register", "re_enter", "rebuy", "add_on", "bust"
    player: str = field(compare=False)
    index: int = field(compare=False)  # the buy-in or add-on of the player


def _option_key(purchase: Td3Purchase) -> tuple[str, Decimal, Decimal, int]:
    return (purchase.profile, purchase.amount, purchase.rake, purchase.chips)


def _money(value: Decimal) -> str:
    return f"{value:.2f}"


class Td3Replay:
    """One evening of a TD3 file replayed through ``api`` (a signed-in director)."""

    def __init__(self, api: Any, td3: Td3Tournament, name: str) -> None:
        self.api = api
        self.td3 = td3
        self.name = name
        self.tournament_id: int | None = None
        self.level_index = 0
        self.players: dict[str, int] = {}  # TD3 UUID -> our player id
        self.live: dict[str, int] = {}  # TD3 UUID -> our entry now in play
        self.owner: dict[int, str] = {}  # our entry id -> TD3 UUID
        self.last_entry: dict[str, int] = {}
        self.options = self._buy_in_options()
        self.moves_done = 0

    # -- the API, step by step -----------------------------------------------------------

    def call(self, method: str, path: str, body: Any = None, *, doing: str) -> Any:
        if method == "get":
            response = self.api.get(path)
        else:
            response = getattr(self.api, method)(path, body)
        if response.status_code >= 300:
            try:
                detail = response.json()
            except ValueError:
                detail = response.content[:300]
            raise ReplayStopped(
                f"{self.name}: stopped at {doing}: {method.upper()} {path} answered "
                f"{response.status_code} {detail}"
            )
        return response.json() if response.content else None

    # -- set-up ------------------------------------------------------------------------

    def _buy_in_options(self) -> dict[tuple[str, Decimal, Decimal, int], str]:
        """Each distinct buy-in as paid (first buy-ins and re-entries), the usual one first."""
        used: Counter[tuple[str, Decimal, Decimal, int]] = Counter()
        for player in self.td3.field:
            used[_option_key(player.buyins[0])] += 2  # first buy-ins rank the default
            for before, purchase in zip(player.buyins, player.buyins[1:], strict=False):
                if before.bust_out is not None:
                    used[_option_key(purchase)] += 1
        ordered = sorted(used, key=lambda key: -used[key])
        names: dict[tuple[str, Decimal, Decimal, int], str] = {}
        for key in ordered:
            name = key[0] or "Buy-in"
            if name in names.values():
                name = f"{name} {key[1]:.0f}/{key[3]}"
            names[key] = name[:60]
        return names

    def tournament_body(self) -> dict[str, Any]:
        td3 = self.td3
        standard = next(iter(self.options))
        seats = max((table.seats for table in td3.tables_played()), default=9)
        table_size = min(max(seats, 2), 10)
        return {
            "name": (td3.title or self.name)[:120],
            "table_size": table_size,
            "final_table_size": table_size,
            "starting_stack": standard[3],
            "buy_in": _money(standard[1] - standard[2]),
            "fee": _money(standard[2]),
            "late_registration_levels": self._late_levels(),
            "max_entries": self._max_entries(),
            "places": "by_player",
            "late_registration_through_break": True,
            "break_during_registration": False,
            "buy_ins": [
                {
                    "name": name,
                    "price": _money(amount - rake),
                    "fee": _money(rake),
                    "chips": chips,
                }
                for (_, amount, rake, chips), name in self.options.items()
            ],
        }

    def _late_levels(self) -> int:
        """The last level that sells a buy-in: TD3's setting, or what the evening sold.

        A buy-in before the clock started is no late one, whatever level TD3 noted
        (3.4 files note the level of a later save).
        """
        configured = max(self.td3.buyins.last_level, self.td3.rebuys.last_level)
        start = self.td3.start_time or 0
        sold = max(
            (
                purchase.level
                for player in self.td3.field
                for before, purchase in zip((None, *player.buyins), player.buyins, strict=False)
                if (before is None or before.bust_out is not None) and purchase.time > start
            ),
            default=1,
        )
        return max(configured, sold, 1)

    def _max_entries(self) -> int:
        configured = self.td3.rebuys.max_per_player
        bullets = max((self._bullets(player) for player in self.td3.field), default=1)
        allowed = 1 + configured if 0 < configured < MAX_ENTRIES else MAX_ENTRIES
        return min(max(allowed, bullets), MAX_ENTRIES)

    @staticmethod
    def _bullets(player: Td3Player) -> int:
        return 1 + sum(
            1
            for before in player.buyins[:-1]
            if before.bust_out is not None  # the next buy-in is a re-entry
        )

    def structure_body(self) -> dict[str, Any]:
        return {"levels": list(structure_levels(self.td3))}

    def entry_body(self, player: Td3Player, purchase: Td3Purchase) -> dict[str, Any]:
        body: dict[str, Any] = {"buy_in": self.options[_option_key(purchase)]}
        if player.uuid in self.players:
            body["player"] = self.players[player.uuid]
        else:
            body["name"] = player.name
        return body

    def set_up(self) -> None:
        created = self.call("post", "/tournaments", self.tournament_body(), doing="creating")
        self.tournament_id = created["id"]
        tid = self.tournament_id
        if self.td3.levels:
            self.call(
                "put", f"/tournaments/{tid}/structure", self.structure_body(), doing="structure"
            )
        for table in self.td3.tables_played():
            body = {"count": 1, "seats": min(max(table.seats, 2), 10)}
            self.call("post", f"/tournaments/{tid}/tables", body, doing=f"table {table.name}")
        settings = self._purchase_settings()
        if settings:
            self.call("patch", f"/tournaments/{tid}/payouts/settings", settings, doing="prices")

    def _unit(self, purchases: list[Td3Purchase]) -> Td3Purchase | None:
        return min(purchases, key=lambda purchase: purchase.amount, default=None)

    def in_tournament_rebuys(self) -> list[Td3Purchase]:
        return [
            purchase
            for player in self.td3.field
            for before, purchase in zip(player.buyins, player.buyins[1:], strict=False)
            if before.bust_out is None
        ]

    def _purchase_settings(self) -> dict[str, Any]:
        settings: dict[str, Any] = {}
        rebuy = self._unit(self.in_tournament_rebuys())
        if rebuy is not None:
            settings.update(
                rebuy_price=_money(rebuy.to_pool),
                rebuy_fee=_money(rebuy.rake),
                rebuy_chips=rebuy.chips,
                rebuy_limit=None,
                rebuy_until_level=self.td3.rebuys.last_level or None,
            )
        addons = [purchase for player in self.td3.field for purchase in player.addons]
        addon = self._unit(addons)
        if addon is not None:
            settings.update(
                addon_price=_money(addon.to_pool),
                addon_fee=_money(addon.rake),
                addon_chips=addon.chips,
                addon_limit=max(Counter(p.uuid for p in self.td3.field for _ in p.addons).values()),
                addon_after_level=max(purchase.level for purchase in addons),
            )
        return settings

    # -- the evening ---------------------------------------------------------------------

    def steps(self) -> list[Step]:
        steps: list[Step] = []
        for player in self.td3.field:
            for index, purchase in enumerate(player.buyins):
                if index == 0:
                    kind = "register"
                elif player.buyins[index - 1].bust_out is not None:
                    kind = "re_enter"
                else:
                    kind = "rebuy"
                steps.append(Step(purchase.time, 0, kind, player.uuid, index))
                if purchase.bust_out is not None:
                    steps.append(Step(purchase.bust_out.time, 1, "bust", player.uuid, index))
            for index, addon in enumerate(player.addons):
                steps.append(Step(addon.time, 0, "add_on", player.uuid, index))
        return sorted(steps)

    def _player(self, uuid: str) -> Td3Player:
        return next(player for player in self.td3.players if player.uuid == uuid)

    def level_index_for(self, level: int, time: int, *, after_break: bool = False) -> int:
        """Our structure index of TD3's playing level (or of the break TD3 was in)."""
        levels = self.td3.levels
        playing = [i for i, lv in enumerate(levels) if lv.kind == "level"]
        if not playing:
            return 0
        index = playing[min(max(level, 1), len(playing)) - 1]
        following = index + 1
        in_break = after_break or self.td3.in_break_at(time)
        if in_break and following < len(levels) and levels[following].kind == "break":
            return following
        return index

    def go_to(self, index: int, doing: str) -> None:
        if index > self.level_index:
            tid = self.tournament_id
            self.call(
                "post", f"/tournaments/{tid}/clock/level", {"level_index": index}, doing=doing
            )
            self.level_index = index

    def carry_out_moves(self, doing: str) -> None:
        """Walk every pending move, one at a time, in the order the floor is shown them.

        A move that waits for another (``after``) goes once that one is done.
        """
        path = f"/tournaments/{self.tournament_id}/moves?status=pending"
        for _ in range(MOST_MOVES):
            pending = self.call("get", path, doing=doing)
            if not pending:
                return
            waiting = {move["id"] for move in pending}
            ready = [m for m in pending if (m.get("after") or {}).get("id") not in waiting]
            move = (ready or pending)[0]
            self.call("post", f"/moves/{move['id']}/done", doing=f"{doing}: move {move}")
            self.moves_done += 1
        raise ReplayStopped(f"{self.name}: moves never end after {doing}")

    def register(self, player: Td3Player, purchase: Td3Purchase, doing: str) -> None:
        entry = self.call(
            "post",
            f"/tournaments/{self.tournament_id}/entries",
            self.entry_body(player, purchase),
            doing=doing,
        )
        self.players[player.uuid] = entry["player"]
        self.live[player.uuid] = entry["id"]
        self.last_entry[player.uuid] = entry["id"]
        self.owner[entry["id"]] = player.uuid

    def run_step(self, step: Step) -> None:
        player = self._player(step.player)
        if step.kind == "add_on":
            purchase = player.addons[step.index]
        else:
            purchase = player.buyins[step.index]
        doing = f"{step.kind} of {player.name} (buy-in {step.index + 1}, level {purchase.level})"
        if step.kind == "bust":
            self.bust(player, purchase, doing)
        elif step.kind == "add_on":
            self.go_to(self.level_index_for(purchase.level, step.time, after_break=True), doing)
            self.call(
                "post", f"/entries/{self.live[player.uuid]}/addons", {"count": 1}, doing=doing
            )
        elif step.kind == "rebuy":
            self.go_to(self.level_index_for(purchase.level, step.time), doing)
            unit = self._unit(self.in_tournament_rebuys())
            count = int(purchase.amount / unit.amount) if unit and unit.amount else 1
            body = {"count": count}
            self.call("post", f"/entries/{self.live[player.uuid]}/rebuys", body, doing=doing)
        else:
            self.go_to(self.level_index_for(purchase.level, step.time), doing)
            self.register(player, purchase, doing)
        self.carry_out_moves(doing)

    def bust(self, player: Td3Player, purchase: Td3Purchase, doing: str) -> None:
        bust_out = purchase.bust_out
        assert bust_out is not None
        by = [self.live[uuid] for uuid in bust_out.hitmen if uuid in self.live]
        entry = self.live.pop(player.uuid)
        self.call("post", f"/entries/{entry}/bust", {"eliminated_by": by}, doing=doing)

    def run(self) -> None:
        self.set_up()
        tid = self.tournament_id
        steps = self.steps()
        start = self.td3.start_time
        before = [
            step
            for step in steps
            if step.kind == "register" and (start is None or step.time <= start)
        ] or [steps[0]]
        for step in before:
            player = self._player(step.player)
            self.register(player, player.buyins[0], f"registering {player.name}")
        self.call("post", f"/tournaments/{tid}/draw", doing="the draw")
        if self.td3.levels:
            self.call("post", f"/tournaments/{tid}/clock/start", doing="starting the clock")
        # The club sets the prizes before the winner is known: from then they are
        # fixed (README "Payouts", fixed is fixed).
        busts = [step for step in steps if step.kind == "bust"]
        last_bust = busts[-1] if busts and self.td3.finished else None
        for step in steps:
            if step is last_bust:
                self.set_payouts()
            if step not in before:
                self.run_step(step)

    def set_payouts(self) -> None:
        tid = self.tournament_id
        prizes = sorted(self.td3.prizes, key=lambda prize: prize.place)
        amounts = [prize.amount for prize in prizes if prize.awarded_to]
        awarded = sum(amounts, Decimal(0))
        pool = self.td3.pool
        if awarded > pool:
            body = {"amount": _money(awarded - pool), "note": "prizes above the pool (TD3 file)"}
            self.call("post", f"/tournaments/{tid}/prize-additions", body, doing="adding to pool")
        body: dict[str, Any] = {"amounts": [_money(a) for a in amounts], "rounding": "1"}
        if awarded < pool:
            body["kept_back_reason"] = "season final"
        self.call("put", f"/tournaments/{tid}/payouts", body, doing="payouts as amounts")

    # -- comparing -----------------------------------------------------------------------

    def differences(self) -> list[str]:
        """Every player whose place or prize differs from the file, and the pool."""
        tid = self.tournament_id
        rows = self.call("get", f"/tournaments/{tid}/results", doing="reading results")
        by_entry = {row["entry"]: row for row in rows}
        expected_places = self.td3.places()
        finished = self.td3.finished
        found: list[str] = []
        for player in self.td3.field:
            row = by_entry.get(self.last_entry.get(player.uuid, -1), {})
            place, prize = row.get("place"), Decimal(row.get("prize") or 0)
            want_place = expected_places[player.uuid]
            want_prize = self.td3.prize_of(player.uuid)
            if not finished and player.out is None:
                continue  # still in when the file was saved: no place yet
            if place != want_place or (finished and prize != want_prize):
                found.append(
                    f"{player.name}: expected place {want_place} prize {want_prize}, "
                    f"ours place {place} prize {prize}"
                )
        payouts = self.call("get", f"/tournaments/{tid}/payouts", doing="reading payouts")
        collected = Decimal(payouts.get("collected", "0"))
        if collected != self.td3.pool:
            found.append(f"pool: expected {self.td3.pool}, ours {collected}")
        if finished:
            awarded = sum((p.amount for p in self.td3.prizes if p.awarded_to), Decimal(0))
            kept = Decimal(payouts.get("kept_back") or 0)
            if kept != max(self.td3.pool - awarded, Decimal(0)):
                found.append(f"kept back: expected {self.td3.pool - awarded}, ours {kept}")
        return found
