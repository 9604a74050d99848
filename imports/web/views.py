"""The director's page for importing TD3 save files (README "Switching from TD3").

Step 1 uploads several ``.tdt`` files at once; step 2 shows what an import
would do (``td3_preview_page``: tournaments created, updated or unchanged,
the season, the players new, found and offered for merging); step 3 imports
the same files with the director's merge choices; the result page (after a
redirect, so that reloading it imports nothing again) lists what came in.
Nothing is kept between preview and import: the page sends the files again
(they stay chosen in the form while the preview is drawn into the page).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from imports.selectors import Td3PreviewPage, td3_imported, td3_preview_page
from imports.services.td3_files import MAX_FILE_BYTES, Td3FilesInvalid, Upload
from imports.services.td3_import import td3_import
from imports.services.td3_types import Td3Report
from tournament.errors import DomainError
from tournament.roles import DIRECTOR
from tournament.web.decorators import role_required

PAGE = "imports/td3_import.html"
PREVIEW = "imports/_td3_preview.html"
RESULT = "imports/td3_result.html"
MERGE_FIELD = "merge-"  # one radio group per offered player: merge-<TD3 UUID> = our player id
MOST_IDS = 2000  # ids the result page reads from its address (an import takes at most 100 files)


def _uploads(request: HttpRequest) -> list[Upload]:
    # One byte beyond the limit is enough for the service to refuse a file as too big.
    return [
        (upload.name or "", upload.read(MAX_FILE_BYTES + 1))
        for upload in request.FILES.getlist("file")
    ]


def _merge(request: HttpRequest) -> dict[str, int]:
    """The director's choices: a TD3 player merged into ours (a blank choice: a new player)."""
    return {
        key.removeprefix(MERGE_FIELD): int(value)
        for key, value in request.POST.items()
        if key.startswith(MERGE_FIELD) and value.isdigit()
    }


def _problems(exc: Td3FilesInvalid) -> list[dict[str, str]]:
    """Each refused file and what is wrong, the file's name said once (beside it)."""
    return [
        {
            "file": problem["file"],
            "detail": problem["detail"].removeprefix(f"{problem['file']}: ")
            if problem["file"]
            else problem["detail"],
        }
        for problem in exc.problems
    ]


def _render(request: HttpRequest, context: dict[str, Any], status: int = 200) -> HttpResponse:
    """The preview alone for the page's own request (htmx), else the whole page."""
    if request.headers.get("HX-Request"):
        return render(request, PREVIEW, context, status=status)
    return _page(request, context, status)


def _page(request: HttpRequest, context: dict[str, Any], status: int = 200) -> HttpResponse:
    most = settings.DATA_UPLOAD_MAX_NUMBER_FILES  # files one request takes
    return render(request, PAGE, {"most_files": most, **context}, status=status)


@role_required(DIRECTOR)
@require_POST
def td3_preview_part(request: HttpRequest) -> HttpResponse:
    uploads = _uploads(request)
    try:
        page = td3_preview_page(uploads)
    except Td3FilesInvalid as exc:
        return _render(request, {"refused": str(exc), "problems": _problems(exc)}, 422)
    return _render(request, _preview_context(page, uploads))


def _preview_context(page: Td3PreviewPage, uploads: list[Upload]) -> dict[str, Any]:
    preview = page.preview
    shown = {file.filename for file in preview.files}
    return {
        "preview": preview,
        "changes": sum(1 for file in preview.files if file.action != "unchanged"),
        "counts": {status: preview.count(status) for status in ("new", "matched", "candidate")},
        "candidates": [
            (player, [(ref, page.last_played.get(ref.id)) for ref in player.candidates])
            for player in preview.players
            if player.status == "candidate"
        ],
        "new_players": [player.name for player in preview.players if player.status == "new"],
        "matched_players": [player for player in preview.players if player.status == "matched"],
        # Another save of a tournament in the same upload: the service keeps the later one.
        "skipped": [name for name, _data in uploads if name not in shown],
    }


@role_required(DIRECTOR)
@require_http_methods(["GET", "POST"])
def td3_import_page(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return _page(request, {})
    try:
        report = td3_import(_uploads(request), by=request.user, merge=_merge(request))
    except Td3FilesInvalid as exc:
        context = {"refused": str(exc), "problems": _problems(exc)}
        return _page(request, context, 422)
    except DomainError as exc:
        messages.error(request, str(exc))
        return _page(request, {}, exc.status)
    _say(request, report)
    query = {
        "new": ",".join(str(t.id) for t in report.tournaments if t.created),
        "kept": ",".join(str(t.id) for t in report.tournaments if not t.created),
        "seasons": ",".join(str(season.id) for season in report.seasons),
    }
    return redirect(f"{reverse('td3-imported')}?{urlencode(query)}")


def _say(request: HttpRequest, report: Td3Report) -> None:
    """What the import did, and its warnings, as messages on the result page."""
    players = report.players
    messages.success(
        request,
        _("Imported: %(tournaments)s. %(created)s. %(matched)s.")
        % {
            "tournaments": ngettext(
                "%(count)s tournament", "%(count)s tournaments", len(report.tournaments)
            )
            % {"count": len(report.tournaments)},
            "created": ngettext("%(count)s new player", "%(count)s new players", players.created)
            % {"count": players.created},
            "matched": ngettext(
                "%(count)s player on file", "%(count)s players on file", players.matched
            )
            % {"count": players.matched},
        },
    )
    for warning in report.warnings:
        messages.warning(request, warning)


def _ids(request: HttpRequest, name: str) -> list[int]:
    return [int(part) for part in request.GET.get(name, "").split(",") if part.isdigit()][:MOST_IDS]


@role_required(DIRECTOR)
@require_GET
def td3_imported_page(request: HttpRequest) -> HttpResponse:
    rows, seasons = td3_imported(
        created=_ids(request, "new"), kept=_ids(request, "kept"), seasons=_ids(request, "seasons")
    )
    return render(request, RESULT, {"rows": rows, "seasons": seasons})
