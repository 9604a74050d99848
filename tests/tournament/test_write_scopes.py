"""The write unit's scopes (README "How a floor action flows"): one order for
the whole room, a lock out of that order refused in the tests, room-level
lines in the one audit trail, room-level changes handed to the screens layer,
and the tournament of a row found in one place."""

from __future__ import annotations

import pytest

from cashdesk.models import CashBox, Ticket
from tournament import changes
from tournament.errors import NotFound
from tournament.models import ActionLog, Player, Tournament
from tournament.writes import LockOutOfOrder, UnloggedWrite, UnrecordedWrite, scopes, write


@pytest.fixture
def room_composed(monkeypatch):
    seen: list[changes.RoomChange] = []
    monkeypatch.setattr(changes, "_room_composer", [seen.append])
    return seen


def test_scopes_sort_tournaments_first_then_the_room_level_kinds_by_id():
    wanted = [
        scopes.shift(1),
        scopes.cashbox(9),
        scopes.tournament(30),
        scopes.ticket(2),
        scopes.cashbox(4),
        scopes.room(),
        scopes.tournament(7),
        scopes.layout(1),
        scopes.screen(5),
        scopes.player(8),
    ]
    assert [str(s) for s in sorted(wanted)] == [
        "tournament:7",
        "tournament:30",
        "room",
        "player:8",
        "ticket:2",
        "cashbox:4",
        "cashbox:9",
        "shift:1",
        "screen:5",
        "layout:1",
    ]


def test_a_write_locks_its_scopes_whatever_order_they_are_named_in(tournament, director):
    box = CashBox.objects.get(name="Kasse dora")
    with write(scopes.cashbox(box.pk), scopes.tournament(tournament["id"]), by=director) as w:
        assert w.tournament.pk == tournament["id"]
        assert w.row(scopes.cashbox(box.pk)) == box
        assert [s.kind for s in w.scopes] == ["tournament", "cashbox"]


def test_a_lock_out_of_the_rooms_order_is_refused_in_the_tests(tournament, director):
    box = CashBox.objects.get(name="Kasse dora")
    with pytest.raises(LockOutOfOrder, match="tournament"):
        with write(scopes.cashbox(box.pk), by=director) as w:
            w.lock(scopes.tournament(tournament["id"]))
    with pytest.raises(LockOutOfOrder):
        with write(scopes.cashbox(box.pk), by=director):
            with write(scopes.tournament(tournament["id"]), by=director):
                pass


def test_rows_of_a_scope_kind_locked_by_queryset_keep_the_order_too(director):
    box = CashBox.objects.get(name="Kasse dora")
    player = Player.objects.create(name="Max Muster")
    with pytest.raises(LockOutOfOrder, match="player"):
        with write(scopes.cashbox(box.pk), by=director) as w:
            w.lock(Player.objects.filter(pk=player.pk))
    with write(scopes.player(player.pk), by=director) as w:
        assert w.lock(CashBox.objects.filter(pk=box.pk)) == [box]


def test_a_room_level_line_goes_to_the_trail_with_its_scope_and_no_tournament(director):
    box = CashBox.objects.get(name="Kasse dora")
    with write(scopes.cashbox(box.pk), by=director) as w:
        w.log("cash_box_checked", {"name": box.name})
        w.keep_quiet("no screen shows a cash box")
    line = ActionLog.objects.get(kind="cash_box_checked")
    assert (line.scope, line.tournament, line.by) == (f"cashbox:{box.pk}", None, director)


def test_a_line_logs_only_into_a_scope_the_write_holds(tournament, director):
    with pytest.raises(RuntimeError, match="holds"):
        with write(scopes.room(), by=director) as w:
            w.log("note", {}, scope=scopes.tournament(tournament["id"]))


def test_a_room_level_write_that_changes_rows_and_says_nothing_fails(director):
    box = CashBox.objects.get(name="Kasse dora")
    with pytest.raises(UnrecordedWrite, match="cashbox"):
        with write(scopes.cashbox(box.pk), by=director):
            CashBox.objects.filter(pk=box.pk).update(name="Bar")
    assert CashBox.objects.get(pk=box.pk).name == "Kasse dora"  # rolled back
    with write(scopes.cashbox(box.pk), by=director) as w:
        CashBox.objects.filter(pk=box.pk).update(name="Bar")
        w.log("cash_box_changed", {"name": "Bar"})
        w.keep_quiet("no screen shows a cash box")


def test_a_room_level_write_that_changes_rows_and_logs_nothing_fails(director):
    box = CashBox.objects.get(name="Kasse dora")
    with pytest.raises(UnloggedWrite, match="cashbox"):
        with write(scopes.cashbox(box.pk), by=director) as w:
            CashBox.objects.filter(pk=box.pk).update(name="Bar")
            w.keep_quiet("no screen shows a cash box")
    assert CashBox.objects.get(pk=box.pk).name == "Kasse dora"  # rolled back


def test_a_named_screen_or_the_rooms_look_reaches_the_screens_layer_after_the_commit(
    director, room_composed, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        with write(scopes.room(), by=director) as w:
            RoomLookTouch.touch()
            w.log("look_changed", {})
            w.record("look", look=True, layouts=[3])
            assert room_composed == []
    [change] = room_composed
    assert (change.event, change.look, change.layouts) == ("look", True, frozenset({3}))


class RoomLookTouch:
    @staticmethod
    def touch() -> None:
        from layouts.models import RoomLook

        RoomLook.current().save()


def test_a_room_level_write_records_no_tournament_parts(director):
    with pytest.raises(ValueError, match="room-level"):
        with write(scopes.room(), by=director) as w:
            w.record("summary", parts=(changes.SUMMARY,))


def test_a_write_on_several_tournaments_records_each_on_its_own(api, director):
    first = api.post("/tournaments", {"name": "A"}).json()["id"]
    second = api.post("/tournaments", {"name": "B"}).json()["id"]
    before = dict(Tournament.objects.values_list("pk", "version"))
    with write(scopes.tournament(second), scopes.tournament(first), by=director) as w:
        with pytest.raises(RuntimeError, match="single tournament"):
            w.tournament  # noqa: B018
        w.on(first).record("note", parts=(changes.SUMMARY,))
        w.on(second).record("note", parts=(changes.SUMMARY,))
        # A write on one of them inside joins its part.
        with write(scopes.tournament(first), by=director) as inner:
            assert inner is w.on(first)
    after = dict(Tournament.objects.values_list("pk", "version"))
    assert (after[first], after[second]) == (before[first] + 1, before[second] + 1)


def test_a_scope_with_words_for_a_missing_row_is_a_404(director):
    with pytest.raises(NotFound):
        with write(scopes.ticket(987654, missing="No such ticket."), by=director):
            pass
    with write(scopes.ticket(987654), by=director) as w:
        assert w.row(scopes.ticket(987654)) is None
    assert not Ticket.objects.exists()


def test_the_tournament_of_a_row_is_found_in_one_place(tournament, api):
    entry = api.post(f"/tournaments/{tournament['id']}/entries", {"name": "Eva Egger"}).json()
    assert write.for_entry(entry["id"]) == scopes.tournament(tournament["id"])
    with pytest.raises(NotFound):
        write.for_entry(entry["id"] + 1000)
    with pytest.raises(NotFound):
        write.for_entry(2**70)


def test_a_new_row_adopted_by_its_write_takes_its_lines(director):
    with write(by=director) as w:
        box = CashBox.objects.create(name="Neue Kasse")
        w.adopt(box)
        w.log("cash_box_counted", {"name": box.name})
        w.keep_quiet("no screen shows a cash box")
    assert ActionLog.objects.get(kind="cash_box_counted").scope == f"cashbox:{box.pk}"
