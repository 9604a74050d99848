"""The event pages (README "Events: flights, bags and the next day"): the events, a new event with its
flights, and an event's days and results. Ending a day and drawing the next
are the floor's (``tables.web.day_views``)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournament.errors import DomainError
from tournament.models import Event
from tournament.roles import DIRECTOR, STAFF
from tournament.services.events import event_create, event_get
from tournament.services.results import event_results
from tournament.services.tournaments import TournamentSettings
from tournament.summary import tournament_summary
from tournament.web.decorators import role_required
from tournament.web.forms import EventForm


@role_required(*STAFF)
def event_list(request: HttpRequest) -> HttpResponse:
    events = Event.objects.prefetch_related("days")[:100]
    return render(request, "tournament/events.html", {"events": events})


@role_required(DIRECTOR)
def event_new(request: HttpRequest) -> HttpResponse:
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            event, _flights = event_create(
                name=form.cleaned_data["name"],
                flights=form.cleaned_data["flights"],
                stack_rule=form.cleaned_data["stack_rule"],
                settings=TournamentSettings(**form.tournament_data()),
                by=request.user,
            )
        except DomainError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("Event created with its flights."))
            return redirect("event-detail", event.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "tournament/event_form.html", {"form": form}, status=status)


@role_required(*STAFF)
def event_detail(request: HttpRequest, event_id: int) -> HttpResponse:
    event = event_get(event_id)
    days = [(day, tournament_summary(day)) for day in event.days.order_by("day", "pk")]
    last = max((day.day or 1 for day, _s in days), default=1)
    last_days = [day for day, _s in days if (day.day or 1) == last]
    return render(
        request,
        "tournament/event.html",
        {
            "event": event,
            "days": days,
            # The next day can be drawn once every tournament of the last day has bagged.
            "can_draw_next": all(day.day_closed_at for day in last_days),
            "next_day": last + 1,
            "results": event_results(event),
        },
    )
