"""Whose page a personal link opens (README "The player's page").

The link is the pre-registration's token (README "Pre-registration and the
schedule"): before check-in the page shows what the pre-registration says,
after it the entry the desk made. A link the desk revoked, or any other text,
opens nothing.
"""

from __future__ import annotations

from prereg.models import PreRegistration
from prereg.selectors import entry_link_by_token, pre_registration_by_token
from screens.me import (
    CANCELLED,
    PRE_REGISTERED,
    REGISTERED,
    RELEASED,
    WAITING,
    MeSubject,
    display_name,
)
from tournament.models import Entry

# What the page says of a pre-registration that has no entry (yet).
PRE_STATUSES = {
    PreRegistration.Status.REGISTERED: PRE_REGISTERED,
    PreRegistration.Status.WAITING: WAITING,
    PreRegistration.Status.CANCELLED: CANCELLED,
    PreRegistration.Status.RELEASED: RELEASED,
    PreRegistration.Status.CHECKED_IN: REGISTERED,
}

# A code the desk can still check in.
OPEN_STATUSES = (PreRegistration.Status.REGISTERED, PreRegistration.Status.WAITING)


def live_entry(entry: Entry) -> Entry:
    """The entry a link follows: the player's latest in that tournament. A link made
    for his first entry shows his re-entry's seat once he bought one, never the
    first entry's bust (README "The player's page")."""
    latest = (
        Entry.objects.select_related("player", "tournament")
        .filter(tournament_id=entry.tournament_id, player_id=entry.player_id)
        .order_by("-number", "-pk")
        .first()
    )
    return latest if latest is not None and latest.number > entry.number else entry


def subject_of(pre: PreRegistration) -> MeSubject:
    """The page of one pre-registration: his entry once checked in."""
    tournament = pre.tournament
    entry = (
        Entry.objects.select_related("player").filter(pk=pre.entry_id).first()
        if pre.entry_id is not None
        else None
    )
    if entry is not None:
        entry = live_entry(entry)
    name = entry.player.name if entry is not None else pre.name
    return MeSubject(
        tournament=tournament,
        name=display_name(name, tournament),
        entry=entry,
        pre_status=PRE_STATUSES.get(PreRegistration.Status(pre.status)),
        position=pre.position,
        code=pre.code if pre.status in OPEN_STATUSES else None,
        moved_up=pre.moved_up_at is not None and pre.status == PreRegistration.Status.REGISTERED,
    )


def me_subject(token: str) -> MeSubject | None:
    """The player a personal link is for, or None (unknown or revoked): a
    pre-registration's link, or one the desk handed an entry."""
    pre = pre_registration_by_token(token)
    if pre is not None:
        return subject_of(pre)
    link = entry_link_by_token(token)
    if link is None:
        return None
    entry = live_entry(link.entry)
    return MeSubject(
        tournament=entry.tournament,
        name=display_name(entry.player.name, entry.tournament),
        entry=entry,
    )


def pre_registration_page(token: str) -> bool:
    """Whether the link also opens a pre-registration page the player may still
    need (his status, his code, cancelling): until he is checked in."""
    pre = pre_registration_by_token(token)
    return pre is not None and pre.status in OPEN_STATUSES
