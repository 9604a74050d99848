"""The room's log for directors, and the log as CSV (README "Audit trail").

Both read the one log (``ActionLog``): the room's page every scope's lines,
newest first, paged, filtered by kind and scope; the CSV the same lines, or one
tournament's, in the words of the page (``tournament.web.log_words``).
"""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.models import ActionLog, Tournament
from tournament.roles import DIRECTOR
from tournament.rules import names
from tournament.rules.spreadsheet import spreadsheet_writer
from tournament.web.decorators import role_required
from tournament.web.log_words import kind_name, lines_in_words, scope_choices, scope_names
from tournament.web.results_csv import german

PER_PAGE = 50
MOST_IN_A_FILE = 100_000


def _filtered(request: HttpRequest, lines: QuerySet[ActionLog]) -> QuerySet[ActionLog]:
    """The lines of the kind and scope asked for: a scope's kind (``cashbox``)
    or one scope (``cashbox:3``); anything else filters nothing out."""
    kind = request.GET.get("kind", "").strip()[:40]
    scope = request.GET.get("scope", "").strip()[:40]
    if kind:
        lines = lines.filter(kind=kind)
    if scope:
        lines = lines.filter(Q(scope=scope) | Q(scope__startswith=f"{scope}:"))
    return lines


def _newest_first(lines: QuerySet[ActionLog]) -> QuerySet[ActionLog]:
    return lines.select_related("by").order_by("-at", "-id")


@role_required(DIRECTOR)
def room_log(request: HttpRequest) -> HttpResponse:
    """Every line of the room's trail in words, newest first, a page at a time."""
    lines = _filtered(request, ActionLog.objects.all())
    page = Paginator(_newest_first(lines), PER_PAGE).get_page(request.GET.get("page"))
    rows = list(page.object_list)
    said, where = lines_in_words(rows), scope_names(rows)
    kinds = ActionLog.objects.order_by().values_list("kind", flat=True).distinct()
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "tournament/room_log.html",
        {
            "lines": [(line, text, where.get(line.scope, line.scope)) for line, text in said],
            "page": page,
            "kinds": sorted(((k, kind_name(k)) for k in kinds), key=lambda pair: pair[1].lower()),
            "scope_kinds": scope_choices(),
            "kind": request.GET.get("kind", ""),
            "scope": request.GET.get("scope", ""),
            "query": query.urlencode(),
        },
    )


@role_required(DIRECTOR)
def room_log_csv(request: HttpRequest) -> HttpResponse:
    """The room's log as the page filters it, as CSV."""
    lines = _filtered(request, ActionLog.objects.all())
    return _csv(lines, _("log"), _("room"))


@role_required(DIRECTOR)
def tournament_log_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """One tournament's lines (its history), as CSV."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    return _csv(ActionLog.objects.filter(tournament=tournament), _("log"), tournament.name)


def _csv(lines: QuerySet[ActionLog], *name: str) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{names.file_slug(*name)}.csv"'
    writer = spreadsheet_writer(response, delimiter=";" if german() else ",")
    headers = [_("Time"), _("Where"), _("Action"), _("What happened"), _("By"), _("Line")]
    writer.writerow(headers)
    rows = list(_newest_first(lines)[:MOST_IN_A_FILE])
    where = scope_names(rows)
    for line, text in lines_in_words(rows):
        writer.writerow(_row(line, text, where))
    return response


def _row(line: ActionLog, text: str, where: dict[str, str]) -> list[Any]:
    at = timezone.localtime(line.at).strftime("%Y-%m-%d %H:%M:%S")
    by = line.by.get_username() if line.by is not None else _("the house")
    return [at, where.get(line.scope, line.scope), kind_name(line.kind), text, by, line.seq]
