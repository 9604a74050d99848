"""The player list as CSV: export for the room's spreadsheet, import with a
preview that shows what would be created, found on file, or refused."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from tournament.errors import DomainError
from tournament.roles import DESK, DIRECTOR
from tournament.rules import player_import as rules
from tournament.services.players import players_export_rows, players_import, players_import_preview
from tournament.web.decorators import role_required

MAX_UPLOAD = 2 * 1024 * 1024

PROBLEMS = {
    rules.NAME_MISSING: gettext_lazy("no name"),
    rules.TOO_LONG: gettext_lazy("too long"),
    rules.EMAIL_INVALID: gettext_lazy("not an e-mail address"),
}


@role_required(DIRECTOR)
def players_export(request: HttpRequest) -> HttpResponse:
    """Every player with contact data: for the director only (personal data)."""
    german = (get_language() or "en").startswith("de")
    headers = (_("Name"), _("Nickname"), _("E-mail"), _("Phone"))
    body = rules.write_players(players_export_rows(), headers, delimiter=";" if german else ",")
    response = HttpResponse(body.encode("utf-8"), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_("players")}.csv"'
    return response


def _text_of(request: HttpRequest) -> str | None:
    upload = request.FILES.get("file")
    if upload is not None:
        if upload.size and upload.size > MAX_UPLOAD:
            return None
        raw = upload.read()
    else:
        raw = request.POST.get("text", "").encode("utf-8")
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            continue
    return None


@role_required(DIRECTOR, DESK)
def players_import_page(request: HttpRequest) -> HttpResponse:
    context: dict = {}
    if request.method == "POST":
        text = _text_of(request)
        if text is None:
            messages.error(request, _("The file is not a CSV file of at most 2 MB."))
            return render(request, "tournament/players_import.html", context, status=400)
        try:
            if request.POST.get("action") == "import":
                report = players_import(
                    text=text,
                    by=request.user,
                    consent=bool(request.POST.get("consent")),
                    news=bool(request.POST.get("consent_news")),
                )
                added = ngettext(
                    "%(count)s player added.", "%(count)s players added.", report.created
                ) % {"count": report.created}
                left_out = ngettext(
                    "%(count)s row left out.", "%(count)s rows left out.", report.skipped
                ) % {"count": report.skipped}
                messages.success(request, f"{added} {left_out}")
                return redirect("players-import")
            preview = players_import_preview(text)
        except DomainError as exc:
            messages.error(request, str(exc))
            return render(request, "tournament/players_import.html", context, status=exc.status)
        context.update(
            text=text,
            preview=preview,
            rows=[(item, PROBLEMS.get(item.row.problem or "")) for item in preview],
            new=sum(1 for p in preview if p.is_new),
            on_file=sum(1 for p in preview if p.on_file is not None and p.row.problem is None),
            refused=sum(1 for p in preview if p.row.problem is not None),
        )
    return render(request, "tournament/players_import.html", context)
