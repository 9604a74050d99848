"""Busts in the order they were taken on the devices (README "Device time").

Two players out in one hand at one table are often reported one by one, and a
tablet that was offline sends its busts when the network is back: the bust
reported second may have been taken first. When a bust carries its device time
and players already out were taken later (their ``busted_at``: their own device
time, else when the server received them), this one went out before them: it
takes their worse places and each of them moves up by the players busting now.
Without a device time nothing is read (the bust's path, README "Benchmarks").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime

from django.db.models import F

from tournament.models import Entry, Tournament
from tournament.rules import places as place_rules


def out_later(tournament: Tournament, taken: datetime | None, busting: Iterable[int]) -> list[int]:
    """The entries already out with a place that were taken out after ``taken``."""
    if taken is None:
        return []
    return list(
        tournament.entries.filter(status=Entry.Status.BUSTED, busted_at__gt=taken)
        .exclude(place=None)
        .exclude(pk__in=list(busting))
        .values_list("pk", flat=True)
    )


def out_before(
    places: dict[int, place_rules.Place], later: list[int], busting: int
) -> dict[int, place_rules.Place]:
    """The hand's places moved behind the ``later`` ones; those move up by ``busting``."""
    if not later:
        return places
    Entry.objects.filter(pk__in=later).update(place=F("place") - busting)
    return {pk: replace(place, place=place.place + len(later)) for pk, place in places.items()}
