"""Floor pages: the seat panel, seat and table actions, moves to carry out, history, undo."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from clock.services.player_clock import clock_calls_current
from rulings.services.penalties import seat_penalties
from rulings.web.floor_penalty import floor_penalty_choices
from tables.models import Move, Seat, SeatChange, Table
from tables.presenters import move_payload, pending_moves_in_order
from tables.services import moves as move_services
from tables.services.back_in_play import entry_unbust
from tables.services.busts import BustReport, entries_bust
from tables.services.hand_for_hand import table_hand_finished
from tables.services.hands import table_button_set, table_hand_next
from tables.services.moves import (
    move_cancelled,
    move_done,
    table_break,
)
from tables.services.undo import UNDOABLE, action_undo
from tables.web.floor_forms import floor_back, form_int
from tables.web.history import described, in_taken_order, seat_change_text
from tournament.models import ActionLog, Entry, Tournament
from tournament.roles import FLOOR_STAFF, STAFF
from tournament.selectors import bounty_settings_for
from tournament.web.decorators import back_to, role_required, run_action


def _pending_moves(tournament: Tournament) -> list[dict]:
    moves = Move.objects.filter(tournament=tournament, status=Move.Status.PENDING).select_related(
        "entry__player", "from_table", "to_table"
    )
    return pending_moves_in_order([move_payload(m, public=False) for m in moves])


def _called_seats(tournament: Tournament) -> dict[tuple[int, int], dict]:
    """The running clock calls by (table, seat), each with the time left as the
    seat panel first shows it (0:45) before floor.js counts on."""
    calls = {}
    for call in clock_calls_current(tournament=tournament):
        if call["phase"] == "cancelled":
            continue
        seconds = -(-call["remaining_ms"] // 1000)
        calls[(call["table"], call["seat"])] = {
            **call,
            "left": f"{seconds // 60}:{seconds % 60:02d}",
        }
    return calls


@role_required(*FLOOR_STAFF)
def seat_panel(request: HttpRequest, table_id: int, seat: int) -> HttpResponse:
    table = get_object_or_404(Table.objects.select_related("tournament"), pk=table_id)
    tournament = table.tournament
    at_table = list(
        Entry.objects.select_related("player", "seat")
        .filter(seat__table=table, status=Entry.Status.SEATED)
        .order_by("seat__number")
    )
    occupant = next((e for e in at_table if e.seat.number == seat), None)
    penalty = seat_penalties(tournament, [occupant.pk]).get(occupant.pk) if occupant else None
    call = _called_seats(tournament).get((table.number, seat))
    return render(
        request,
        "tables/_seat_panel.html",
        {
            "table": table,
            "seat": seat,
            "entry": occupant,
            "penalty": penalty,
            "clock_call": call,
            "same_hand": [e for e in at_table if e is not occupant],
            "hand_for_hand": tournament.hand_for_hand,
            "bounty": bounty_settings_for(tournament).active,
            "penalty_choices": floor_penalty_choices(),
            # The map comes back where it was (no jump to the table: the
            # message under the top bar stays in view).
            "back": floor_back(tournament.pk),
        },
    )


def _floor_post(model: type, call: Callable[[HttpRequest, Any], Any], success: Any) -> Callable:
    """A floor form post on one table or entry: authorise, call one service, go back."""

    @require_POST
    @role_required(*FLOOR_STAFF)
    def view(request: HttpRequest, pk: int) -> HttpResponse:
        target = get_object_or_404(model, pk=pk)
        return run_action(
            request,
            lambda: call(request, target),
            success=success if callable(success) else str(success),
            back=back_to(request, floor_back(target.tournament_id)),
        )

    return view


def _stack(request: HttpRequest, entry_id: int) -> int | None:
    # One stack field per player busted in the hand; the single field of the
    # hand-for-hand form is the tapped player's.
    stack = request.POST.get(f"stack-{entry_id}") or request.POST.get("starting_stack")
    return form_int(stack) if stack else None


def _bust_reports(request: HttpRequest, entry: Entry) -> list[BustReport]:
    """The tapped player and those ticked as busted in the same hand."""
    others = [form_int(value) for value in request.POST.getlist("same_hand") if value]
    busted = [entry.pk, *(other for other in others if other != entry.pk)]
    # A bounty tournament: who won the pot, for everyone busted in it.
    eliminators = tuple(form_int(value) for value in request.POST.getlist("eliminated_by") if value)
    return [
        BustReport(entry=pk, starting_stack=_stack(request, pk), eliminated_by=eliminators)
        for pk in busted
    ]


def _said_of_bust(busted: list[Entry]) -> str:
    """Who is out and on which place: "Sabine Wagner busted – place 28"."""
    said = [
        _("%(name)s busted – place %(place)s") % {"name": entry.player.name, "place": entry.place}
        for entry in busted
    ]
    if len(said) == 1:
        return said[0]
    return _("%(count)s players busted in one hand: %(who)s") % {
        "count": len(said),
        "who": ", ".join(said),
    }


@require_POST
@role_required(*FLOOR_STAFF)
def bust(request: HttpRequest, pk: int) -> HttpResponse:
    """A bust, said with the player's name and place and its undo beside it."""
    entry = get_object_or_404(Entry, pk=pk)

    def said(busted: list[Entry]) -> str:
        undo = (
            ActionLog.objects.filter(
                tournament_id=entry.tournament_id, kind="bust", undone_by__isnull=True
            )
            .filter(data__entry=entry.pk)
            .order_by("-pk")
            .values_list("pk", flat=True)
            .first()
        )
        # One player out: his undo goes with the message (base.html draws it).
        tags = f"undo-{undo}" if undo and len(busted) == 1 else ""
        messages.success(request, _said_of_bust(busted), extra_tags=tags)
        return ""

    return run_action(
        request,
        lambda: entries_bust(
            tournament_id=entry.tournament_id,
            reports=_bust_reports(request, entry),
            by=request.user,
        ),
        success=said,
        back=back_to(request, floor_back(entry.tournament_id)),
    )


def _said_of_unbust(entry: Entry) -> str:
    """Where the player sits again: the floor walks him there."""
    seat = Seat.objects.filter(entry=entry).values_list("table__number", "number").first()
    if seat is None:
        return _("Bust undone.")
    values = {"name": entry.player.name, "table": seat[0], "seat": seat[1]}
    stood_up = _alternate_stood_up_for(entry)
    if stood_up is not None:
        # The floor walks the alternate off the seat (README "Undoing a bust").
        return _(
            "Bust undone: %(alternate)s stands up and waits first in line again; "
            "%(name)s sits back down at table %(table)s, seat %(seat)s."
        ) % {**values, "alternate": stood_up}
    return _("Bust undone: %(name)s sits at table %(table)s, seat %(seat)s.") % values


def _alternate_stood_up_for(entry: Entry) -> str | None:
    """The name of the alternate who gave his seat back when this unbust was done."""
    unbust = (
        ActionLog.objects.filter(tournament_id=entry.tournament_id, kind="unbust")
        .filter(data__entry=entry.pk)
        .order_by("-pk")
        .values_list("data", flat=True)
        .first()
    )
    alternate = (unbust or {}).get("alternate_stood_up")
    if alternate is None:
        return None
    return Entry.objects.filter(pk=alternate).values_list("player__name", flat=True).first()


unbust = _floor_post(
    Entry,
    lambda request, entry: entry_unbust(entry_id=entry.pk, by=request.user),
    _said_of_unbust,
)
button = _floor_post(
    Table,
    lambda request, table: table_button_set(
        table_id=table.pk,
        seat=form_int(request.POST.get("seat")),
        hand=request.POST.get("hand", "current"),
        by=request.user,
    ),
    gettext_lazy("Button set."),
)
next_hand = _floor_post(
    Table, lambda request, table: table_hand_next(table_id=table.pk, by=request.user), ""
)
break_table = _floor_post(
    Table,
    lambda request, table: table_break(table_id=table.pk, by=request.user),
    gettext_lazy("Table broken: carry out the moves."),
)
table_moves_done = _floor_post(
    Table,
    lambda request, table: move_services.table_moves_done(table_id=table.pk, by=request.user),
    lambda done: (
        ngettext("%(count)s move carried out.", "%(count)s moves carried out.", len(done))
        % {"count": len(done)}
    ),
)
hand_finished = _floor_post(
    Table, lambda request, table: table_hand_finished(table_id=table.pk, by=request.user), ""
)


@require_POST
@role_required(*FLOOR_STAFF)
def move_action(request: HttpRequest, move_id: int, action: str) -> HttpResponse:
    move = get_object_or_404(Move, pk=move_id)
    if action not in ("done", "cancel"):
        raise Http404
    service = move_done if action == "done" else move_cancelled
    return run_action(
        request,
        lambda: service(move_id=move.pk, by=request.user),
        success=_("Move carried out.") if action == "done" else _("Move cancelled."),
        back=back_to(request, floor_back(move.tournament_id)),
    )


@role_required(*STAFF)
def moves_list(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    template = "tables/announce.html" if request.GET.get("announce") else "tables/moves.html"
    return render(
        request, template, {"tournament": tournament, "moves": _pending_moves(tournament)}
    )


@role_required(*STAFF)
def history(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    changes = SeatChange.objects.filter(tournament=tournament).select_related(
        "entry__player", "by"
    )[:300]
    actions = ActionLog.objects.filter(tournament=tournament).select_related("by")[:200]
    return render(
        request,
        "tables/history.html",
        {
            "tournament": tournament,
            "changes": [(change, seat_change_text(change)) for change in changes],
            "actions": described(in_taken_order(actions)),
            "undoable": UNDOABLE,
        },
    )


def _said_of_undo(undo: ActionLog) -> str:
    if undo.kind == "unbust":  # a bust or a disqualification undone: say where he sits
        return _said_of_unbust(Entry.objects.select_related("player").get(pk=undo.data["entry"]))
    return _("Undone.")


@require_POST
@role_required(*FLOOR_STAFF)
def undo(request: HttpRequest, action_id: int) -> HttpResponse:
    action = get_object_or_404(ActionLog, pk=action_id)
    return run_action(
        request,
        lambda: action_undo(action_id=action.pk, by=request.user),
        success=_said_of_undo,
        back=back_to(request, reverse("floor-history", args=[action.tournament_id])),
    )
