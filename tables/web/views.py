"""Floor pages: table map, seat actions, moves to carry out, history; director tools."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from clock.services.player_clock import clock_calls_current
from rulings.services.penalties import seat_penalties
from rulings.web.floor_penalty import floor_penalty_choices
from tables import selectors
from tables.models import KeepApart, Move, Seat, SeatChange, Table
from tables.presenters import move_payload, pending_moves_in_order
from tables.services import chip_counts, days
from tables.services import moves as move_services
from tables.services.back_in_play import entry_unbust
from tables.services.busts import BustReport, entries_bust
from tables.services.chip_counts import chip_counts_read
from tables.services.hand_for_hand import hand_for_hand_set, table_hand_finished
from tables.services.hands import table_button_set, table_hand_next
from tables.services.keep_apart import keep_apart_add
from tables.services.moves import (
    breaking_order_set,
    move_cancelled,
    move_done,
    move_manual,
    table_break,
)
from tables.services.seating import seats_are_drawn, seats_draw
from tables.services.state import breaking_order
from tables.services.tables import tables_create
from tables.services.undo import UNDOABLE, action_undo
from tables.web.history import described, in_taken_order, seat_change_text
from tournament.errors import DomainError, Invalid
from tournament.models import ActionLog, Entry, Tournament
from tournament.roles import DIRECTOR, FLOOR_STAFF, STAFF
from tournament.selectors import bounty_settings_for
from tournament.web.decorators import back_to, role_required, run_action
from tournament.web.whole_numbers import NumberRefused, whole_number


def _int(value: str | None) -> int:
    """A whole number from the form, in the range the database stores."""
    try:
        return whole_number(value)
    except NumberRefused as exc:
        raise Invalid(str(exc)) from exc


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


def _director_context(tournament: Tournament) -> dict:
    """The director's page: the draw's state and what is open."""
    return {
        "tournament": tournament,
        "drawn": seats_are_drawn(tournament),
        "registered": tournament.entries.filter(status=Entry.Status.REGISTERED).count(),
        "table_count": tournament.tables.filter(status=Table.Status.OPEN).count(),
    }


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
            "back": _back(tournament.pk),
        },
    )


def _back(tournament_id: int) -> str:
    return reverse("floor-map", args=[tournament_id])


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
            back=back_to(request, _back(target.tournament_id)),
        )

    return view


def _stack(request: HttpRequest, entry_id: int) -> int | None:
    # One stack field per player busted in the hand; the single field of the
    # hand-for-hand form is the tapped player's.
    stack = request.POST.get(f"stack-{entry_id}") or request.POST.get("starting_stack")
    return _int(stack) if stack else None


def _bust_reports(request: HttpRequest, entry: Entry) -> list[BustReport]:
    """The tapped player and those ticked as busted in the same hand."""
    others = [_int(value) for value in request.POST.getlist("same_hand") if value]
    busted = [entry.pk, *(other for other in others if other != entry.pk)]
    # A bounty tournament: who won the pot, for everyone busted in it.
    eliminators = tuple(_int(value) for value in request.POST.getlist("eliminated_by") if value)
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
        back=back_to(request, _back(entry.tournament_id)),
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
        seat=_int(request.POST.get("seat")),
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
        back=back_to(request, _back(move.tournament_id)),
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


def _said_of_draw(result: dict[str, Any]) -> str:
    """What the draw did, for the director: who sits, who waits."""
    said = ngettext(
        "Seats drawn: %(count)s player seated.",
        "Seats drawn: %(count)s players seated.",
        result["seated"],
    ) % {"count": result["seated"]}
    waiting = len(result["alternates"])
    if waiting:
        said += " " + ngettext(
            "%(count)s alternate waits for a seat.",
            "%(count)s alternates wait for a seat.",
            waiting,
        ) % {"count": waiting}
    return said


def _unknown_action() -> None:
    raise Invalid(_("Unknown action."))


@role_required(DIRECTOR)
def director_tools(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    back = reverse("floor-director", args=[tournament.pk])
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "open_tables":
            call = lambda: tables_create(  # noqa: E731
                tournament_id=tournament.pk,
                count=_int(request.POST.get("count")),
                seats=_int(request.POST.get("seats") or tournament.table_size),
                by=request.user,
                reserve=request.POST.get("reserve") == "1",
            )
        elif action == "draw":
            return run_action(
                request,
                lambda: seats_draw(tournament_id=tournament.pk, by=request.user),
                success=_said_of_draw,
                back=back,
            )
        elif action == "keep_apart":
            call = lambda: keep_apart_add(  # noqa: E731
                tournament_id=tournament.pk,
                entries=[_int(request.POST.get("first")), _int(request.POST.get("second"))],
                by=request.user,
            )
        elif action == "manual_move":
            call = lambda: move_manual(  # noqa: E731
                entry_id=_int(request.POST.get("entry")),
                to_table=_int(request.POST.get("to_table")),
                to_seat=_int(request.POST.get("to_seat")),
                by=request.user,
            )
        elif action == "break_order":
            call = lambda: breaking_order_set(  # noqa: E731
                tournament_id=tournament.pk,
                numbers=[_int(n) for n in request.POST.get("order", "").replace(",", " ").split()],
                by=request.user,
            )
        elif action == "hand_for_hand":
            call = lambda: hand_for_hand_set(  # noqa: E731
                tournament_id=tournament.pk, on=request.POST.get("on") == "1", by=request.user
            )
        else:
            call = _unknown_action
        return run_action(request, call, success=_("Done."), back=back)
    live_entries = tournament.entries.filter(status__in=("seated", "registered")).select_related(
        "player"
    )
    pairs = KeepApart.objects.filter(tournament=tournament).select_related(
        "first__player", "second__player"
    )
    open_tables = list(tournament.tables.filter(status=Table.Status.OPEN))
    return render(
        request,
        "tables/director.html",
        {
            **_director_context(tournament),
            "entries": live_entries,
            "pairs": pairs,
            "breaking_order": breaking_order(open_tables),
        },
    )


@role_required(*FLOOR_STAFF)
def table_chip_counts(request: HttpRequest, pk: int) -> HttpResponse:
    """One table's counts: every seat, one number each, Enter to the next.

    A refused count keeps every number typed and marks the seats it refused
    (README "Events: flights, bags and the next day")."""
    table = get_object_or_404(Table.objects.select_related("tournament"), pk=pk)
    sitting = list(
        Seat.objects.filter(table=table, entry__isnull=False)
        .select_related("entry__player")
        .order_by("number")
    )
    if request.method == "POST":
        typed = {
            seat.number: request.POST.get(f"chips-{seat.number}", "").strip()[:40]
            for seat in sitting
        }
        read = chip_counts_read(typed)

        def count() -> list:
            if read.bad:
                raise Invalid(
                    ngettext(
                        "Seat %(seats)s: %(why)s",
                        "Seats %(seats)s: %(why)s",
                        len(read.bad),
                    )
                    % {"seats": ", ".join(map(str, read.bad)), "why": read.why}
                )
            return chip_counts.table_chips_count(
                table_id=table.pk, counts=read.counts, by=request.user
            )

        return run_action(
            request,
            count,
            success=lambda made: (
                ngettext("%(count)s count saved.", "%(count)s counts saved.", len(made))
                % {"count": len(made)}
            ),
            back=_back(table.tournament_id) + f"#table-{table.number}",
            page=lambda: _chip_count_form(request, table, sitting, typed=typed, bad=read.bad),
        )
    return _chip_count_form(request, table, sitting)


def _chip_count_form(
    request: HttpRequest,
    table: Table,
    sitting: list[Seat],
    *,
    typed: dict[int, str] | None = None,
    bad: list[int] | None = None,
) -> HttpResponse:
    latest = {row["entry"]: row["chips"] for row in selectors.chip_counts_current(table.tournament)}
    typed, bad = typed or {}, bad or []
    return render(
        request,
        "tables/chip_counts_table.html",
        {
            "tournament": table.tournament,
            "table": table,
            "rows": [
                (seat, latest.get(seat.entry_id), typed.get(seat.number, ""), seat.number in bad)
                for seat in sitting
            ],
        },
    )


@role_required(*STAFF)
def chip_count_list(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Chip leaders and every count, with the counted total against the chips in play."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    return render(
        request,
        "tables/chip_counts.html",
        {
            "tournament": tournament,
            "counts": selectors.chip_counts_current(tournament),
            "check": selectors.chip_count_check(tournament),
        },
    )


# --- the end of a day and the next day (README "Events: flights, bags and the next day") -----------------


@role_required(DIRECTOR)
def day_end_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """Who still needs a count, the counted total against the chips in play, and
    the button that bags every count and closes the day."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    if request.method == "POST":
        return run_action(
            request,
            lambda: days.day_end(tournament_id=tournament.pk, by=request.user),
            success=lambda ended: (
                ngettext(
                    "%(count)s bag recorded; the day is closed.",
                    "%(count)s bags recorded; the day is closed.",
                    len(ended["bagged"]),
                )
                % {"count": len(ended["bagged"])}
            ),
            back=reverse("bag-list", args=[tournament.pk]),
            page=lambda: _day_end_form(request, tournament),
        )
    return _day_end_form(request, tournament)


def _day_end_form(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    counted = {row["entry"] for row in selectors.chip_counts_current(tournament)}
    seated = (
        Seat.objects.filter(table__tournament=tournament, entry__isnull=False)
        .select_related("entry__player", "table")
        .order_by("table__number", "number")
    )
    return render(
        request,
        "tables/day_end.html",
        {
            "tournament": tournament,
            "check": selectors.chip_count_check(tournament),
            "missing": [seat for seat in seated if seat.entry_id not in counted],
        },
    )


@role_required(*STAFF)
def bag_list_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The day's bags, and a count slip per player to sign (prints on A4)."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    bags = selectors.bag_list(tournament)
    return render(
        request,
        "print/bags.html",
        {
            "tournament": tournament,
            "kind": "bags",
            "title": _("Bag list"),
            "printed_at": timezone.now(),
            "bags": bags,
            "total": sum(bag["chips"] for bag in bags),
        },
    )


@require_POST
@role_required(DIRECTOR)
def day_reopen_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return run_action(
        request,
        lambda: days.day_reopen(
            tournament_id=tournament_id, reason=request.POST.get("reason", ""), by=request.user
        ),
        success=_("The day is open again; its bags are undone."),
        back=reverse("day-end", args=[tournament_id]),
    )


@require_POST
@role_required(DIRECTOR)
def event_next_day(request: HttpRequest, event_id: int) -> HttpResponse:
    """Draw the next day of an event from the bags; then its floor."""
    try:
        day = days.day_next(
            event_id=event_id,
            tables=_int(request.POST.get("tables")),
            seats=_int(request.POST.get("seats")) if request.POST.get("seats") else None,
            by=request.user,
            spread=bool(request.POST.get("spread_big_stacks")),
        )
    except DomainError as exc:
        messages.error(request, str(exc))
        return redirect("event-detail", event_id)
    messages.success(request, _("%(name)s is drawn: every player has a seat.") % {"name": day.name})
    return redirect("floor-map", day.pk)
