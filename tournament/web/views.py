from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from cashdesk.selectors import entries_owing, receipts_of
from cashdesk.selectors_offers import desk_offers
from cashdesk.services.payments import Payment
from clock.web.finish_views import finish_context
from prereg.services.walk_ins import walk_in_register
from prereg.web.desk_views import phone_link_context
from tables.models import Seat
from tables.presenters import tables_payload
from tables.services.planning import floor_plan_preview
from tables.services.registration import tournament_update
from tables.services.seating import seats_are_drawn
from tables.services.withdraw import play_started
from tournament.errors import DomainError
from tournament.models import Entry, RoomSettings, Tournament
from tournament.roles import DIRECTOR, STAFF
from tournament.services.entries import player_search
from tournament.services.tournaments import TournamentSettings, tournament_create
from tournament.summary import tournament_summary
from tournament.web import walk_ins
from tournament.web.addresses import public_address
from tournament.web.decorators import money_required, role_required, run_action
from tournament.web.forms import RegisterForm, TournamentForm
from tournament.web.purchase_form import purchase_prices_form, purchase_prices_save
from tournament.web.sale_notice import prices_of, sale_consequences
from tournament.writes import scopes, write


@role_required(*STAFF)
def tournament_list(request: HttpRequest) -> HttpResponse:
    tournaments = [(t, tournament_summary(t)) for t in Tournament.objects.all()[:100]]
    return render(request, "tournament/list.html", {"tournaments": tournaments})


@role_required(DIRECTOR)
def tournament_new(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST or None)
    prices = purchase_prices_form(request, None)
    if request.method == "POST" and all([form.is_valid(), prices.is_valid()]):
        data = form.tournament_data()
        try:
            # One write: the tournament and its prices, or neither.
            with write(by=request.user):
                tournament = tournament_create(settings=TournamentSettings(**data), by=request.user)
                purchase_prices_save(request, prices, tournament.pk)
        except DomainError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("Tournament created."))
            return redirect("tournament-detail", tournament.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "tournament/form.html", {"form": form, "prices": prices}, status=status)


@role_required(DIRECTOR)
def tournament_edit(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    # The form writes its values onto the instance while it validates.
    sizes_now = (tournament.table_size, tournament.final_table_size)
    prices_now = prices_of(tournament)
    form = TournamentForm(request.POST or None, instance=tournament)
    prices = purchase_prices_form(request, tournament)
    if request.method == "POST" and all([form.is_valid(), prices.is_valid()]):
        changes = {
            k: v
            for k, v in form.tournament_data().items()
            if v is not None or k in ("max_players", "day_stop_players", "hard_stop")
        }
        changes["tie_rule"] = changes.get("tie_rule") or tournament.tie_rule
        confirmed = bool(request.POST.get("confirmed"))
        warning = [] if confirmed else size_consequences(tournament, sizes_now, changes)
        kept = [] if confirmed else sale_consequences(tournament, prices_now, changes)
        if warning or kept:
            # Nothing is saved until the director has read what follows.
            return render(
                request,
                "tournament/form.html",
                {
                    "form": form,
                    "prices": prices,
                    "tournament": tournament,
                    "warning": warning,
                    "kept": kept,
                },
            )
        try:
            # One write: the tournament's settings and its prices, or neither.
            with write(scopes.tournament(tournament.pk), by=request.user):
                tournament_update(tournament_id=tournament.pk, changes=changes, by=request.user)
                purchase_prices_save(request, prices, tournament.pk)
        except DomainError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("Tournament saved."))
            return redirect("tournament-detail", tournament.pk)
    tournament.refresh_from_db()
    status = 400 if request.method == "POST" else 200
    context = {"form": form, "prices": prices, "tournament": tournament}
    return render(request, "tournament/form.html", context, status=status)


def size_consequences(
    tournament: Tournament, sizes_now: tuple[int, int], changes: dict[str, Any]
) -> list[str]:
    """What new table sizes would ask of the floor of a running tournament:
    players to move, tables to break, a final table redraw. Empty when nothing."""
    table_size = changes.get("table_size") or sizes_now[0]
    final_size = changes.get("final_table_size") or sizes_now[1]
    if (table_size, final_size) == sizes_now:
        return []
    if not seats_are_drawn(tournament):
        return []
    plan = floor_plan_preview(tournament, table_size=table_size, final_table_size=final_size)
    said = []
    if plan.final_table is not None:
        said.append(_("The final table is drawn: every player gets a new seat."))
    elif plan.moves:
        said.append(
            ngettext(
                "%(count)s player has to move to balance the tables.",
                "%(count)s players have to move to balance the tables.",
                len(plan.moves),
            )
            % {"count": len(plan.moves)}
        )
    if plan.break_tables:
        said.append(
            ngettext("Table %(tables)s breaks.", "Tables %(tables)s break.", len(plan.break_tables))
            % {"tables": ", ".join(str(n) for n in plan.break_tables)}
        )
    if plan.halted_tables:
        said.append(
            ngettext(
                "Play stops at table %(tables)s until the players have moved.",
                "Play stops at tables %(tables)s until the players have moved.",
                len(plan.halted_tables),
            )
            % {"tables": ", ".join(str(n) for n in plan.halted_tables)}
        )
    return said


@role_required(*STAFF)
def tournament_detail(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    return render(
        request,
        "tournament/detail.html",
        {
            "tournament": tournament,
            "summary": tournament_summary(tournament),
            "board_layouts": BOARD_LAYOUTS,
            # The address players reach from the room's network (README "PUBLIC_URL").
            "lobby_url": public_address(request, reverse("screens-lobby", args=[tournament.pk])),
            # README "Results out": a room holding results shows a publish button.
            "results_held": RoomSettings.current().hold_results
            and tournament.results_published_at is None,
            # README "Finish on time: hard stop".
            **finish_context(request, tournament),
        },
    )


@role_required(*STAFF)
def table_plan(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    tables = tables_payload(tournament)
    for table in tables:
        by_seat = {p["seat"]: p for p in table["players"]}
        table["seat_rows"] = [(n, by_seat.get(n)) for n in range(1, table["seats"] + 1)]
    return render(
        request, "tournament/table_plan.html", {"tournament": tournament, "tables": tables}
    )


def _entries(tournament: Tournament, status: str | None = None):
    entries = tournament.entries.select_related("player", "seat__table").order_by("-id")
    # Unregistered entries (money refunded) are out of the field: listed only when asked for.
    return entries.filter(status=status) if status else entries.exclude(status="withdrawn")


# Registering takes the buy-in: the floor takes no money (README "Cash desk").
@money_required()
def registration_desk(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    form = RegisterForm(request.POST or None)
    in_line = walk_ins.next_in_line(tournament)

    def page(confirm_ahead: bool = False, namesakes: list | None = None) -> HttpResponse:
        return render(
            request,
            "tournament/desk.html",
            {
                "tournament": tournament,
                "form": form,
                "summary": tournament_summary(tournament),
                "recent": receipts_of(list(_entries(tournament)[:15])),
                "alternates": _entries(tournament, Entry.Status.WAITING).order_by(
                    "waiting_since", "id"
                ),
                "busted": _entries(tournament, Entry.Status.BUSTED)[:30],
                "owing": entries_owing(tournament),
                # Until play starts the desk unregisters any player (README "Cash desk").
                "unregister_open": not play_started(tournament),
                "next_in_line": in_line,
                "confirm_ahead": confirm_ahead,
                "namesakes": namesakes,
                "carried": walk_ins.carried(request) if confirm_ahead or namesakes else [],
            },
        )

    if request.method == "POST":
        if not form.is_valid():
            form.focus_first_error()
            response = page()
            response.status_code = 400
            return response
        data = form.cleaned_data
        namesakes = walk_ins.namesakes(request, tournament, data)
        if namesakes:
            return walk_ins.confirm_page(page, namesakes=namesakes)
        if request.POST.get("to_waiting_list") and in_line:
            return walk_ins.to_waiting_list(request, tournament, data)
        ahead = bool(request.POST.get("ahead_confirmed"))
        if in_line and not ahead:
            return walk_ins.confirm_page(page, confirm_ahead=True)
        return run_action(
            request,
            lambda: walk_in_register(
                payment=Payment.from_form(request.POST),
                ahead_confirmed=ahead,
                tournament_id=tournament.pk,
                by=request.user,
                player_id=data.get("player"),
                name=None if data.get("player") else data["name"],
                email=data.get("email") or "",
                phone=data.get("phone") or "",
                nickname=data.get("nickname") or "",
                consent=bool(data.get("consent")),
                news=bool(data.get("consent_news")),
                buy_in=data.get("buy_in") or None,
            ),
            success=lambda paid: said_of_registration(paid[0]),
            back=reverse("registration-desk", args=[tournament.pk]),
            page=page,
        )
    return page()


BOARD_LAYOUTS = (
    ("clock", gettext_lazy("Board: clock")),
    ("payouts", gettext_lazy("Board: payouts")),
    ("seats", gettext_lazy("Board: seats")),
    ("chips", gettext_lazy("Board: chip counts")),
    ("final", gettext_lazy("Board: final table")),
)


def said_of_registration(entry: Entry) -> str:
    """What registering did: the seat drawn, or the place in the alternates' line."""
    values = {"name": entry.player.name}
    if entry.status == Entry.Status.WAITING:
        ahead = entry.tournament.entries.filter(
            status=Entry.Status.WAITING, waiting_since__lt=entry.waiting_since
        ).count()
        values["place"] = ahead + 1
        return _("%(name)s is an alternate, number %(place)s in line.") % values
    seat = Seat.objects.filter(entry=entry).select_related("table").first()
    if seat is not None:
        values.update(table=seat.table.number, seat=seat.number)
        return _("%(name)s registered: table %(table)s, seat %(seat)s.") % values
    return _("%(name)s registered.") % values


@money_required()
def player_search_partial(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    query = request.GET.get("q", "")[:100]
    # Each found player with what the desk may sell him: a first entry, his
    # re-entry (which one, of how many, at what price), or nothing while he is in.
    offers = desk_offers(tournament, player_search(query, limit=10))
    return render(
        request,
        "tournament/_player_results.html",
        {"tournament": tournament, "offers": offers, "query": query},
    )


@role_required(*STAFF)
def entry_list(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    status = request.GET.get("status") or None
    if status not in {None, *Entry.Status.values}:
        status = None
    return render(
        request,
        "tournament/entries.html",
        {
            "tournament": tournament,
            "entries": _entries(tournament, status).order_by("id"),
            "owing": entries_owing(tournament),
            "status": status,
            "statuses": Entry.Status.choices,
        },
    )


@role_required(*STAFF)
def seat_card(request: HttpRequest, entry_id: int) -> HttpResponse:
    entry = get_object_or_404(Entry.objects.select_related("player", "tournament"), pk=entry_id)
    seat = getattr(entry, "seat", None)
    # His page on his phone, when the desk handed him a link (README "The player's page").
    phone = phone_link_context(request, entry)
    return render(
        request, "tournament/seat_card.html", {"entry": entry, "seat": seat, "phone": phone}
    )
