"""The room's player list: import from a CSV (after a preview) and export.

An imported row that names a player already on file (the same name and
e-mail) is not created again; neither is a row that repeats one above it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament import audit
from tournament.errors import FieldInvalid, Invalid
from tournament.models import Player, PrivacyLog
from tournament.rules import player_import as rules
from tournament.writes import Write, scopes, write

UNREADABLE = {
    rules.EMPTY: _("The file is empty."),
    rules.NO_NAME_COLUMN: _("The file has no name column (Name or Spieler)."),
    rules.TOO_MANY_ROWS: _("The file has more than 5,000 players; split it."),
}


@dataclass(frozen=True)
class PreviewRow:
    row: rules.ImportRow
    on_file: Player | None  # the player already on file with this name and e-mail

    @property
    def is_new(self) -> bool:
        return self.row.problem is None and self.on_file is None


def players_import_preview(text: str) -> list[PreviewRow]:
    """Each row of the file and what importing would do with it (nothing saved)."""
    try:
        rows = rules.read_players(text)
    except rules.UnreadableFile as exc:
        raise Invalid(UNREADABLE[exc.code]) from exc
    emails = {row.key[1] for row in rows if row.key is not None}
    on_file: dict[tuple[str, str], Player] = {}
    # One query for the whole file: players with any of its e-mails, matched by name here.
    candidates = Player.objects.annotate(email_key=Lower("email")).filter(email_key__in=emails)
    for player in candidates.order_by("id"):
        key = (" ".join(player.name.split()).casefold(), player.email.casefold())
        on_file.setdefault(key, player)
    return [PreviewRow(row=row, on_file=on_file.get(row.key) if row.key else None) for row in rows]


@dataclass(frozen=True)
class ImportReport:
    created: int
    skipped: int


PLAYER_NOT_FOUND = _("Player not found.")
CONTACT_NEEDS_CONSENT = _(
    "E-mail and phone are kept only with the player's consent to be contacted: "
    "tick it, or leave them out."
)


def check_contact_consent(*, email: str, phone: str, consent: bool) -> None:
    """Contact data needs the player's recorded consent (README "Player data")."""
    if (email or phone) and not consent:
        raise FieldInvalid("consent", CONTACT_NEEDS_CONSENT)


def consent_given(player: Player, *, contact: bool, by: Any, news: bool = False) -> None:
    """Record the player's consent (what for, when, by whom)."""
    player.consent_contact, player.consent_news = contact, news
    player.consent_at = timezone.now()
    player.consent_by = by if getattr(by, "pk", None) else None
    player.save(update_fields=["consent_contact", "consent_news", "consent_at", "consent_by"])
    audit.privacy_record([player.pk], PrivacyLog.Kind.CONSENT_GIVEN, by=by)


def player_scope(player_id: int) -> scopes.Scope:
    return scopes.player(player_id, missing=PLAYER_NOT_FOUND)


def player_lock(w: Write, player_id: int) -> Player:
    """The player's row, locked by the write (404 if there is none)."""
    player: Player = w.lock(player_scope(player_id))
    return player


# Consent and contact data show on no live screen; the privacy log keeps them.
IN_THE_PRIVACY_LOG = "kept in the privacy log; no screen shows contact data"


def consent_record(*, player_id: int, news: bool, by: Any) -> Player:
    """The player agrees to be contacted (and, if he says so, to league news)."""
    with write(player_scope(player_id), by=by) as w:
        player = w.row(player_scope(player_id))
        consent_given(player, contact=True, news=news, by=by)
        w.keep_quiet(IN_THE_PRIVACY_LOG)
    return player


def consent_withdraw(*, player_id: int, by: Any) -> Player:
    """The player withdraws his consent: his e-mail and phone go with it."""
    with write(player_scope(player_id), by=by) as w:
        player = w.row(player_scope(player_id))
        player.consent_contact = player.consent_news = False
        player.consent_at = timezone.now()
        player.email = player.phone = ""
        player.save(
            update_fields=["consent_contact", "consent_news", "consent_at", "email", "phone"]
        )
        audit.privacy_record([player.pk], PrivacyLog.Kind.CONSENT_WITHDRAWN, by=by)
        w.keep_quiet(IN_THE_PRIVACY_LOG)
    return player


def players_import(
    *, text: str, by: Any, consent: bool = False, news: bool = False
) -> ImportReport:
    """Create the new players of the file, all or none; returns how many.
    Their e-mail and phone are kept only when the desk confirms the players'
    consent (``consent``; ``news`` if they also agreed to league news);
    otherwise they are left out."""
    # New players are the room's: their import is a line of the room's scope.
    with write(scopes.room(), by=by) as w:
        preview = players_import_preview(text)
        new = [
            Player(
                name=p.row.name,
                nickname=p.row.nickname,
                email=p.row.email if consent else "",
                phone=p.row.phone if consent else "",
            )
            for p in preview
            if p.is_new
        ]
        for player in new:
            player.fill_search_key()  # bulk_create does not call save()
        made = Player.objects.bulk_create(new)
        for player in made:
            if player.email or player.phone:
                consent_given(player, contact=True, news=news, by=by)
        facts = {"created": len(new), "skipped": len(preview) - len(new), "consent": consent}
        w.log("players_imported", facts)
        w.keep_quiet("new players play in no tournament yet")
    return ImportReport(created=len(new), skipped=len(preview) - len(new))


def players_export_rows() -> list[tuple[str, str, str, str]]:
    return list(
        Player.objects.order_by("search_key", "id").values_list(
            "name", "nickname", "email", "phone"
        )
    )
