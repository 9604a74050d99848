"""The write unit's locks on PostgreSQL, each with its lock-off twin (README
"How a floor action flows").

Two writers meet inside the same write on purpose: a barrier holds the first
one past its lock until the second has arrived, or a moment has passed. With
the unit's locks the second waits at the lock, so the barrier lets the first
go alone and the second finds the work done: one bust, one move carried out,
one use of a ticket. The twin takes the locks away (the unit reads its scopes
without locking them) and shows the race the lock prevents: both writers pass
the barrier and both do the work (the audit chain's one line per number may
then undo the second write as it commits: a second net, not the lock's). A
test of a lock that passes with the lock
off proves nothing; these fail without it.

The last pair shows the order of the locks: a tournament's write and a cash
box's write that name their scopes in opposite orders never wait for each
other, because the unit sorts them; taking the same two locks by hand in
opposite orders deadlocks."""

from __future__ import annotations

import threading
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest
from django.db import connection, connections

from cashdesk.models import CashBox, Ticket
from cashdesk.services.payments import Payment, entry_register_paid
from tables.services.busts import BustReport, entries_bust
from tables.services.moves import move_done
from tests.conftest import ApiClient
from tournament import audit
from tournament.api.auth import issue_token
from tournament.errors import Conflict
from tournament.models import Entry, Player, Tournament
from tournament.writes import scopes, write

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="parallel writers need PostgreSQL (CI runs it)"
    ),
]

MEET_WAIT = 1.5  # seconds the first writer waits inside the write for the second


def plain_read(held: Any, scope: scopes.Scope) -> Any:
    """The unit's lock of a scope, switched off: the row as read, no lock."""
    if scope.kind == scopes.TOURNAMENT:
        return Tournament.objects.get(pk=scope.id)
    return scope.model._default_manager.filter(pk=scope.id).first()


@pytest.fixture
def locks_off(monkeypatch):
    monkeypatch.setattr("tournament.writes.unit.take", plain_read)


def meeting_inside(monkeypatch, target: str) -> None:
    """Two writers meet in ``target`` (a step inside the write, after its locks)."""
    barrier = threading.Barrier(2)
    module, name = target.rsplit(".", 1)
    original = getattr(__import__(module, fromlist=[name]), name)

    def meet(*args: Any, **kwargs: Any) -> Any:
        try:
            barrier.wait(timeout=MEET_WAIT)
        except threading.BrokenBarrierError:
            pass  # the other writer waits at the lock: go on alone
        return original(*args, **kwargs)

    monkeypatch.setattr(target, meet)


def both_at_once(call: Callable[[int], Any]) -> list[Any]:
    """Run ``call(0)`` and ``call(1)`` in two threads; each answer or its refusal."""
    results: list[Any] = [None, None]

    def worker(index: int) -> None:
        try:
            results[index] = call(index)
        except Conflict as refused:
            results[index] = refused
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results


def refusals(results: list[Any]) -> int:
    """Writers the service itself refused (the player is out, the move done).

    A writer refused only at the end, by the audit chain's one line per number
    (``audit.RACED``), had passed the service's checks: it did the work the
    lock is there to prevent, and its whole write was then undone."""
    return sum(
        isinstance(result, Conflict) and str(result) != str(audit.RACED) for result in results
    )


def drawn_floor(director, *, players: int, tables: int) -> tuple[int, list[dict]]:
    api = ApiClient(issue_token(director))
    tid = api.post("/tournaments", {"name": "Race"}).json()["id"]
    api.post(f"/tournaments/{tid}/tables", {"count": tables})
    for i in range(players):
        api.post(f"/tournaments/{tid}/entries", {"name": f"P{i}"})
    api.post(f"/tournaments/{tid}/draw")
    return tid, api.get(f"/tournaments/{tid}/tables").json()


# Bust


def bust_one_player_twice(director, monkeypatch) -> tuple[int, list[Any]]:
    tid, tables = drawn_floor(director, players=12, tables=2)
    victim = tables[0]["players"][0]["entry"]
    meeting_inside(monkeypatch, "tables.services.busts.ensure_day_open")
    results = both_at_once(
        lambda _i: entries_bust(tournament_id=tid, reports=[BustReport(victim)], by=director)
    )
    return tid, results


def test_two_tablets_busting_one_player_bust_him_once(director, monkeypatch):
    tid, results = bust_one_player_twice(director, monkeypatch)
    assert refusals(results) == 1
    assert Entry.objects.filter(tournament_id=tid, status=Entry.Status.BUSTED).count() == 1


def test_without_the_lock_both_tablets_bust_him(director, monkeypatch, locks_off):
    _tid, results = bust_one_player_twice(director, monkeypatch)
    assert refusals(results) == 0  # the race the lock prevents


# Move


def carry_out_one_move_twice(director, monkeypatch) -> list[Any]:
    tid, tables = drawn_floor(director, players=18, tables=2)
    api = ApiClient(issue_token(director))
    for player in tables[0]["players"][:2]:
        api.post(f"/entries/{player['entry']}/bust")
    move = api.get(f"/tournaments/{tid}/moves?status=pending").json()[0]
    meeting_inside(monkeypatch, "tables.services.moves.move_complete")
    return both_at_once(lambda _i: move_done(move_id=move["id"], by=director))


def test_two_tablets_confirming_one_move_carry_it_out_once(director, monkeypatch):
    assert refusals(carry_out_one_move_twice(director, monkeypatch)) == 1


def test_without_the_lock_both_tablets_carry_the_move_out(director, monkeypatch, locks_off):
    assert refusals(carry_out_one_move_twice(director, monkeypatch)) == 0


# Ticket


def use_one_ticket_at_two_tournaments(director, monkeypatch) -> tuple[Ticket, list[Any]]:
    api = ApiClient(issue_token(director))
    targets = [
        api.post("/tournaments", {"name": f"Turnier {x}", "buy_in": "50", "fee": "5"}).json()["id"]
        for x in "AB"
    ]
    player = Player.objects.create(name="Jörg Ruß")
    ticket = Ticket.objects.create(number="T-TWIN", value=Decimal("55.00"), holder=player)
    # Two tournaments: only the ticket's own lock keeps the two desks apart.
    meeting_inside(monkeypatch, "cashdesk.services.tickets.ticket_valid_for")
    results = both_at_once(
        lambda i: entry_register_paid(
            tournament_id=targets[i],
            by=director,
            payment=Payment(method="ticket", ticket=ticket.pk),
            player_id=player.pk,
        )
    )
    return ticket, results


def test_two_desks_using_one_ticket_at_two_tournaments_use_it_once(director, monkeypatch):
    ticket, results = use_one_ticket_at_two_tournaments(director, monkeypatch)
    assert refusals(results) == 1
    assert Entry.objects.filter(player=ticket.holder).count() == 1


def test_without_the_lock_both_desks_use_the_ticket(director, monkeypatch, locks_off):
    ticket, results = use_one_ticket_at_two_tournaments(director, monkeypatch)
    assert refusals(results) == 0
    assert Entry.objects.filter(player=ticket.holder).count() == 2


# The order of the locks


def opposite_writes(director, *, second: Callable[[int, int, threading.Barrier], None]):
    """A tournament's write that then books to a cash box, beside ``second``."""
    tid = ApiClient(issue_token(director)).post("/tournaments", {"name": "Order"}).json()["id"]
    box = CashBox.objects.get(name="Kasse dora").pk
    barrier = threading.Barrier(2)

    def meet() -> None:
        try:
            barrier.wait(timeout=MEET_WAIT)
        except threading.BrokenBarrierError:
            pass

    def first() -> None:
        with write(scopes.tournament(tid), by=director) as w:
            meet()
            w.lock(scopes.cashbox(box))

    def call(index: int) -> str:
        if index == 0:
            first()
        else:
            second(tid, box, barrier)
        return "done"

    return both_at_once(call)


def test_a_tournament_write_and_a_cash_box_write_in_opposite_orders_do_not_deadlock(director):
    def cash_box_write(tid: int, box: int, barrier: threading.Barrier) -> None:
        # Named the other way round; the unit locks the tournament first all the same.
        with write(scopes.cashbox(box), scopes.tournament(tid), by=director):
            try:
                barrier.wait(timeout=MEET_WAIT)
            except threading.BrokenBarrierError:
                pass

    assert opposite_writes(director, second=cash_box_write) == ["done", "done"]


def test_the_same_locks_taken_by_hand_in_opposite_orders_deadlock(director, settings):
    settings.WRITES_LOCK_ORDER_CHECKED = False  # production: logged, not refused

    def cash_box_then_tournament(tid: int, box: int, barrier: threading.Barrier) -> None:
        with write(scopes.cashbox(box), by=director) as w:
            try:
                barrier.wait(timeout=MEET_WAIT)
            except threading.BrokenBarrierError:
                pass
            w.lock(scopes.tournament(tid))

    results = opposite_writes(director, second=cash_box_then_tournament)
    # PostgreSQL finds the deadlock and fails one of the two: a 409 to retry.
    assert refusals(results) == 1
