"""Point corrections (README "Point corrections"): league points and hits a
director gives a result, with a reason; logged and undoable.

The points are added to what the formula gives the player in that tournament
(his season total follows); the hits are added to his hits before a formula
in TD3's language runs (``numberOfHits``). A TD3 file's ``PointsAdjustment``
and ``HitsAdjustment`` come in as corrections with the reason "from TD3".
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext_lazy as _

from tournament import changes
from tournament.errors import FieldInvalid, NotFound
from tournament.models import Entry, ResultCorrection, Tournament
from tournament.writes import tournament_write, write

ENTRY_NOT_FOUND = _("Entry not found.")
CORRECTION_NOT_FOUND = _("Correction not found.")
REASON_REQUIRED = _("Give the reason for the correction.")
NOTHING_CORRECTED = _("Correct the points, the hits or both.")


@dataclass(frozen=True)
class Correction:
    points: Decimal
    hits: int


def result_corrections(tournament: Tournament) -> dict[int, Correction]:
    """The corrections of a tournament's results, summed by player id."""
    summed: dict[int, Correction] = {}
    for player_id, points, hits in ResultCorrection.objects.filter(
        entry__tournament=tournament
    ).values_list("entry__player_id", "points", "hits"):
        before = summed.get(player_id, Correction(Decimal(0), 0))
        summed[player_id] = Correction(before.points + points, before.hits + hits)
    return summed


def _publish(w: Any, kind: str, data: dict[str, Any]) -> None:
    w.log(kind, data)
    w.record(kind, parts=(changes.RESULTS,))


def correction_add(
    *, entry_id: int, points: Decimal | None, hits: int | None, reason: str, by: Any
) -> ResultCorrection:
    reason = " ".join(reason.split())[:200]
    if not reason:
        raise FieldInvalid("reason", REASON_REQUIRED)
    if not points and not hits:
        raise FieldInvalid("points", NOTHING_CORRECTED)
    tournament_id = write.for_row(Entry, entry_id, ENTRY_NOT_FOUND).id
    with tournament_write(tournament_id, by=by) as w:
        correction = ResultCorrection.objects.create(
            entry_id=entry_id, points=points or 0, hits=hits or 0, reason=reason, by=w.user
        )
        data = {"id": correction.pk, "entry": entry_id, "points": str(correction.points)}
        _publish(w, "result_corrected", {**data, "hits": correction.hits, "reason": reason})
    return correction


def correction_undo(*, correction_id: int, by: Any) -> None:
    """Take a correction back (logged with what it was)."""
    found = (
        ResultCorrection.objects.filter(pk=correction_id)
        .values_list("entry__tournament_id", flat=True)
        .first()
    )
    if found is None:
        raise NotFound(CORRECTION_NOT_FOUND)
    with tournament_write(found, by=by) as w:
        correction = ResultCorrection.objects.get(pk=correction_id)
        data = {"id": correction.pk, "entry": correction.entry_id, "points": str(correction.points)}
        _publish(w, "result_correction_undone", {**data, "hits": correction.hits})
        correction.delete()
