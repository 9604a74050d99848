"""Reading the uploaded TD3 save files: every file read, every problem named.

A file that is too big, not a TD3 file or damaged stops the whole import
before anything is written; ``Td3FilesInvalid`` lists each such file with what
is wrong (``problems``), so the director can fix them all at once.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from imports.rules.td3_model import Td3Tournament
from imports.rules.td3_read import read_td3
from imports.rules.td3_reader import Td3FormatError
from imports.rules.td3_syntax import Td3Error, Td3SyntaxError
from tournament.errors import Invalid

MAX_FILE_BYTES = 8 * 1024 * 1024  # real files are about 250 KB
MAX_FILES = 2000  # the API takes at most DATA_UPLOAD_MAX_NUMBER_FILES (100) per request

NO_FILES = _("Choose one or more TD3 save files (.tdt).")
TOO_MANY_FILES = _("At most %(most)s files at once.")
FILES_INVALID = ngettext_lazy(
    "Nothing was imported: %(count)s file cannot be read.",
    "Nothing was imported: %(count)s files cannot be read.",
    "count",
)
# Why a file is not TD3, in the reader's language; the rules' own message is English.
BROKEN_AT = _("the text breaks off or is garbled at character %(position)s")
FIELD_WRONG = _("the field %(path)s is missing or not as TD3 writes it")
NOT_A_SAVE = _("it is not a tournament as TD3 saves one")
FILE_TOO_BIG = _("%(file)s: the file is larger than %(most)s MB; a TD3 save file is far smaller.")
FILE_EMPTY = _("%(file)s: the file is empty.")
FILE_NOT_TD3 = _("%(file)s: not a TD3 save file we can read (%(reason)s).")
FILE_NO_UUID = _("%(file)s: the file names no tournament UUID.")
SAME_TOURNAMENT_TWICE = _(
    "%(first)s and %(second)s hold the same TD3 tournament; the later save (%(used)s) was used."
)

Upload = tuple[str, bytes]  # (file name, the file's bytes)


class Td3FilesInvalid(Invalid):
    """One or more files cannot be imported; ``problems`` names each: {file, detail}."""

    def __init__(self, message: object, problems: Sequence[dict[str, str]]) -> None:
        super().__init__(message)
        self.problems = list(problems)


@dataclass(frozen=True)
class Td3File:
    filename: str
    sha256: str
    td3: Td3Tournament

    @property
    def saved(self) -> tuple[int, int]:
        """How late TD3 saved it, as far as the file says (for two saves of one tournament)."""
        td3 = self.td3
        latest = max(
            (
                moment
                for player in td3.players
                for purchase in (*player.buyins, *player.addons)
                for moment in (
                    purchase.time,
                    purchase.bust_out.time if purchase.bust_out else 0,
                )
            ),
            default=0,
        )
        return (td3.end_time or 0, max(latest, td3.start_time or 0))


def _reason(exc: Td3Error) -> str:
    if isinstance(exc, Td3SyntaxError):
        return str(BROKEN_AT % {"position": exc.position})
    if isinstance(exc, Td3FormatError):
        return str(FIELD_WRONG % {"path": exc.path[:200]})
    return str(NOT_A_SAVE)


def _problem(filename: str, data: bytes) -> tuple[str | None, Td3Tournament | None]:
    if len(data) > MAX_FILE_BYTES:
        return str(FILE_TOO_BIG % {"file": filename, "most": MAX_FILE_BYTES // 2**20}), None
    if not data.strip():
        return str(FILE_EMPTY % {"file": filename}), None
    try:
        td3 = read_td3(data)
    except Td3Error as exc:
        return str(FILE_NOT_TD3 % {"file": filename, "reason": _reason(exc)}), None
    if not td3.uuid.strip():
        return str(FILE_NO_UUID % {"file": filename}), None
    return None, td3


def td3_files_read(files: Sequence[Upload]) -> tuple[list[Td3File], list[str]]:
    """The files read, one per TD3 tournament, and warnings; raises ``Td3FilesInvalid``."""
    if not files:
        raise Td3FilesInvalid(NO_FILES, [{"file": "", "detail": str(NO_FILES)}])
    if len(files) > MAX_FILES:
        message = TOO_MANY_FILES % {"most": MAX_FILES}
        raise Td3FilesInvalid(message, [{"file": "", "detail": str(message)}])
    read: list[Td3File] = []
    problems: list[dict[str, str]] = []
    for filename, data in files:
        problem, td3 = _problem(filename, data)
        if problem is not None or td3 is None:
            problems.append({"file": filename, "detail": problem or ""})
            continue
        read.append(Td3File(filename, hashlib.sha256(data).hexdigest(), td3))
    if problems:
        raise Td3FilesInvalid(FILES_INVALID % {"count": len(problems)}, problems)
    return _one_per_tournament(read)


def _one_per_tournament(read: list[Td3File]) -> tuple[list[Td3File], list[str]]:
    """Two saves of one tournament in one upload: the later one counts."""
    chosen: dict[str, Td3File] = {}
    warnings: list[str] = []
    for file in read:
        uuid = file.td3.uuid
        before = chosen.get(uuid)
        if before is None:
            chosen[uuid] = file
            continue
        if before.sha256 == file.sha256:
            continue
        later = file if file.saved >= before.saved else before
        chosen[uuid] = later
        warnings.append(
            str(
                SAME_TOURNAMENT_TWICE
                % {"first": before.filename, "second": file.filename, "used": later.filename}
            )
        )
    ordered = sorted(chosen.values(), key=lambda f: (f.td3.start_time or 0, f.filename))
    return ordered, warnings
