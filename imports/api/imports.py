"""Importing TD3 save files over the API (README "Importing TD3 files"). Directors only.

Both operations take the files as multipart form data (field ``file``, once
per file). A file that is not a TD3 file, damaged or too big answers 422 with
``problems`` naming each such file, and nothing is imported.
"""

from __future__ import annotations

import re
from typing import Annotated

from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from ninja import File, Form, Router, Status
from ninja.files import UploadedFile
from pydantic import Field

from imports.api.schemas import ImportRefused, Td3PreviewOut, Td3ReportOut
from imports.services.td3_files import MAX_FILE_BYTES, Td3FilesInvalid
from imports.services.td3_import import td3_import, td3_preview
from tournament.api.auth import require_role
from tournament.errors import FieldInvalid
from tournament.roles import DIRECTOR

router = Router(tags=["imports"])

ONLY_DIRECTOR = _("Only a tournament director may import TD3 files.")
MERGE_INVALID = _("Write each merge as TD3-UUID=player-id.")
FILE_FIELD = "The TD3 save files (.tdt), one part per file."
MERGE_FIELD = (
    "A TD3 player to merge into a player of ours, as TD3-UUID=player-id (one per player; "
    "the preview lists the candidates)."
)


def _uploads(files: list[UploadedFile]) -> list[tuple[str, bytes]]:
    # One byte beyond the limit is enough to refuse a file as too big.
    return [(upload.name or "", upload.read(MAX_FILE_BYTES + 1)) for upload in files]


# TD3-UUID=player-id, as the schema states it; what the files hold is read by
# the import, which no schema can state (``rule`` in its answer).
MERGE_PAIR = r"^[^=]*[^\s=][^=]*=\s*[0-9]+\s*$"
FILES_READ = "td3_files_read"
MergePair = Annotated[str, Field(json_schema_extra={"pattern": MERGE_PAIR})]


def _refused(exc: Td3FilesInvalid) -> Status:
    return Status(422, {"detail": str(exc), "problems": exc.problems, "rule": FILES_READ})


def _merge(pairs: list[str]) -> dict[str, int]:
    merge: dict[str, int] = {}
    for pair in pairs:
        uuid, _sep, player = pair.partition("=")
        if not uuid.strip() or not re.fullmatch("[0-9]+", player.strip()):
            raise FieldInvalid("merge", MERGE_INVALID)
        merge[uuid.strip()] = int(player)
    return merge


@router.post(
    "/imports/td3/preview",
    response={200: Td3PreviewOut, 422: ImportRefused},
)
def preview_td3_import(
    request: HttpRequest,
    file: list[UploadedFile] = File(..., min_length=1, description=FILE_FIELD),  # noqa: B008 - ninja's way
):
    """What importing these files would create, update, match and leave alone; writes nothing."""
    require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    try:
        return td3_preview(_uploads(file))
    except Td3FilesInvalid as exc:
        return _refused(exc)


@router.post("/imports/td3", response={201: Td3ReportOut, 422: ImportRefused})
def import_td3(
    request: HttpRequest,
    file: list[UploadedFile] = File(..., min_length=1, description=FILE_FIELD),  # noqa: B008 - ninja's way
    merge: list[MergePair] = Form([], description=MERGE_FIELD),  # noqa: B008 - ninja's way
):
    """Import the files in one go: finished tournaments, their players and league season.

    ``merge`` (repeatable, ``TD3-UUID=player-id``) puts a TD3 player the preview
    offered as a candidate into our player. The same file again changes
    nothing (``created: false``); a later save of a tournament updates it.
    """
    user = require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    try:
        report = td3_import(_uploads(file), by=user, merge=_merge(merge))
    except Td3FilesInvalid as exc:
        return _refused(exc)
    return Status(201, report)
