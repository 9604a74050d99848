"""Personal links for every entry (README "The player's page"): a player who
pre-registered holds his pre-registration's link; the desk hands any other entry
(a walk-in, an alternate, a re-entry) a link of its own, and can revoke it."""

from __future__ import annotations

import hmac
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from prereg.models import EntryLink, PreRegistration
from prereg.selectors import active_link, entry_code
from tournament.errors import NotFound
from tournament.models import Entry
from tournament.writes import tournament_write

ENTRY_NOT_FOUND = _("Entry not found.")


def _entry(entry_id: int) -> Entry:
    entry = Entry.objects.filter(pk=entry_id).first()
    if entry is None:
        raise NotFound(ENTRY_NOT_FOUND)
    return entry


def phone_link_make(*, entry_id: int, by: Any) -> str:
    """The entry's personal link: the one it holds, else a new one (logged)."""
    return _link_of(_entry(entry_id), by=by, logged={})


def _link_of(entry: Entry, *, by: Any, logged: dict[str, str]) -> str:
    with tournament_write(entry.tournament_id, by=by) as w:
        token = active_link(entry)
        if token is not None:
            w.keep_quiet("the entry holds a link")
            return token
        link = EntryLink.objects.create(entry=entry)
        w.log("phone_link_made", {"entry": entry.pk, "link": link.pk, **logged})
        w.record("pre_registration", facts={"entry": entry.pk})
    return link.token


def phone_link_by_code(*, entry_id: int, code: str) -> str | None:
    """The personal link the lobby's seat finder opens for the player at a seat who
    typed his code (README "The player's page"): the code of his pre-registration
    or his entry's own code (seat card, phone link page). His link, made (logged)
    when he holds none; None for a wrong code, and nothing written."""
    entry = _entry(entry_id)
    pre = PreRegistration.objects.filter(entry=entry, revoked_at=None).first()
    codes = [entry_code(entry)] + ([pre.code] if pre is not None else [])
    typed = code.encode()
    if not typed or not any(hmac.compare_digest(typed, c.encode()) for c in codes):
        return None
    if pre is not None:
        return pre.token
    return _link_of(entry, by=None, logged={"from": "seat_finder"})


def phone_link_revoke(*, entry_id: int, by: Any) -> int:
    """Revoke every personal link of the entry (his pre-registration's too): none
    of them answers any more. The number of links revoked (logged)."""
    entry = _entry(entry_id)
    with tournament_write(entry.tournament_id, by=by) as w:
        now = timezone.now()
        revoked = EntryLink.objects.filter(entry=entry, revoked_at=None).update(revoked_at=now)
        revoked += PreRegistration.objects.filter(entry=entry, revoked_at=None).update(
            revoked_at=now
        )
        if revoked:
            w.log("phone_link_revoked", {"entry": entry.pk, "links": revoked})
            w.record("pre_registration", facts={"entry": entry.pk})
        else:
            w.keep_quiet("no link to revoke")
    return revoked
