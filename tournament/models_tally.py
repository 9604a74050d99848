"""The entries of a tournament counted by the database (README "Benchmarks").
Imported at the end of ``tournament.models``."""

from __future__ import annotations

from django.db import models

__all__ = ["EntryTally"]


class EntryTally(models.Model):
    """The entries of a tournament counted by status and entry number, kept by the
    database itself (:mod:`tournament.tally`).

    Every bust needs the counts (players left, places, the summary, the prize
    pool); counting 10,000 entries each time made a bust cost more as the field
    grew. Triggers on the entry table keep these rows in step with every insert,
    update and delete, whichever code path writes them, inside the same
    transaction.
    """

    tournament = models.ForeignKey(
        "tournament.Tournament", on_delete=models.CASCADE, related_name="+"
    )
    status = models.CharField(max_length=12)
    # 1 for first entries, 2 for re-entries (any entry number above 1).
    number_class = models.PositiveSmallIntegerField()
    entries = models.IntegerField(default=0)
    rebuys = models.IntegerField(default=0)
    addons = models.IntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "status", "number_class"], name="entry_tally_unique"
            )
        ]
