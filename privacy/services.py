"""A player's data, as the GDPR and the Swiss data protection act give him the
right to see it and to have it erased (README "Player data").

Export gathers every kind of record that names the player; erasure replaces
his name and contact data by a pseudonym, everywhere they were written,
while his entries, places, prizes, bounties and league points stay (under the
pseudonym). Both are logged (who, when, why) without the data itself.
Only directors call them; the pages and API handlers check that.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from django.db.models import Q, QuerySet, Sum
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from rulings.models import Amendment, Penalty, Ruling, RulingEntry
from tables.models import ChipCount
from tournament import audit, changes
from tournament.errors import Conflict, FieldInvalid, NotFound
from tournament.models import (
    LIVE_STATUSES,
    ActionLog,
    Bag,
    BountyPayment,
    Deal,
    Entry,
    Player,
    PrivacyLog,
    Tournament,
)
from tournament.services.players import PLAYER_NOT_FOUND, player_scope
from tournament.writes import scopes, write

REASON_NEEDED = _("Say why the player is erased (his request, the retention period …).")
STILL_PLAYING = _(
    "%(name)s is still in a running tournament (%(tournament)s): erase him once he is out."
)
PSEUDONYM = _("Player %(number)s")


def _player(player_id: int) -> Player:
    player = Player.objects.filter(pk=player_id).first()
    if player is None:
        raise NotFound(PLAYER_NOT_FOUND)
    return player


def _money(value: Any) -> str:
    return str(Decimal(value or 0).quantize(Decimal("0.01")))


# An export changes nothing a screen shows; it is logged in the privacy log.
EXPORT_LOGGED = "the export is logged in the privacy log"


def player_export(*, player_id: int, by: Any) -> dict[str, Any]:
    """Everything stored about the player, as plain data (the JSON download
    and the readable page both show it); the export is logged."""
    player = _player(player_id)
    entries = list(
        Entry.objects.filter(player=player).select_related("tournament").order_by("created_at")
    )
    ids = [entry.pk for entry in entries]
    won = dict(
        BountyPayment.objects.filter(eliminator_id__in=ids)
        .values("eliminator_id")
        .annotate(cash=Sum("cash"))
        .values_list("eliminator_id", "cash")
    )
    involved = set(RulingEntry.objects.filter(entry_id__in=ids).values_list("ruling_id", flat=True))
    penalties = list(Penalty.objects.filter(entry_id__in=ids).select_related("ruling"))
    rulings = Ruling.objects.filter(Q(pk__in=involved) | Q(pk__in=[p.ruling_id for p in penalties]))
    data = {
        "player": {
            "id": player.pk,
            "name": player.name,
            "nickname": player.nickname,
            "email": player.email,
            "phone": player.phone,
            "notes": player.notes,
            "created_at": player.created_at.isoformat(),
            "erased_at": player.erased_at.isoformat() if player.erased_at else None,
        },
        "consent": {
            "contact": player.consent_contact,
            "news": player.consent_news,
            "recorded_at": player.consent_at.isoformat() if player.consent_at else None,
        },
        "entries": [
            {
                "entry": entry.pk,
                "tournament": entry.tournament.name,
                "date": entry.created_at.date().isoformat(),
                "number": entry.number,
                "status": entry.status,
                "place": entry.place,
                "rebuys": entry.rebuys,
                "addons": entry.addons,
                "bounties_won": _money(won.get(entry.pk)),
            }
            for entry in entries
        ],
        "rulings": [
            {
                "ruling": ruling.pk,
                "tournament_id": ruling.tournament_id,
                "at": ruling.created_at.isoformat(),
                "category": ruling.category,
                "situation": ruling.situation,
                "decision": ruling.decision,
            }
            for ruling in rulings.order_by("created_at")
        ],
        "penalties": [
            {"ruling": p.ruling_id, "kind": p.kind, "count": p.count, "hands": p.hands}
            for p in penalties
        ],
        "chip_counts": [
            {
                "entry": c.entry_id,
                "chips": c.chips,
                "level": c.level,
                "at": c.counted_at.isoformat(),
            }
            for c in ChipCount.objects.filter(entry_id__in=ids).order_by("counted_at")
        ],
        "bags": [
            {"entry": b.entry_id, "bag": b.number, "chips": b.chips}
            for b in Bag.objects.filter(entry_id__in=ids)
        ],
        "privacy_log": [
            {"kind": log.kind, "at": log.at.isoformat(), "note": log.note}
            for log in PrivacyLog.objects.filter(player=player)
        ],
    }
    with write(scopes.player(player.pk), by=by) as w:
        audit.privacy_record([player.pk], PrivacyLog.Kind.EXPORT, by=by)
        w.keep_quiet(EXPORT_LOGGED)
    return data


def _scrub(value: Any, words: list[str], pseudonym: str) -> Any:
    """``value`` (JSON data) with every word replaced by the pseudonym."""
    text = json.dumps(value, ensure_ascii=False)
    for word in words:
        text = text.replace(json.dumps(word, ensure_ascii=False)[1:-1], pseudonym)
    return json.loads(text)


def _scrub_rows(rows: QuerySet[Any], field: str, words: list[str], pseudonym: str) -> list[int]:
    """Rewrite one JSON field of these rows with the words replaced; the ids
    of the rows that changed."""
    changed = []
    for pk, value in rows.values_list("pk", field):
        scrubbed = _scrub(value, words, pseudonym)
        if scrubbed != value:
            rows.model.objects.filter(pk=pk).update(**{field: scrubbed})
            changed.append(pk)
    return changed


def _replace(text: str, words: list[str], pseudonym: str) -> str:
    for word in words:
        text = text.replace(word, pseudonym)
    return text


def player_erase(*, player_id: int, reason: str, by: Any) -> dict[str, Any]:
    """Replace the player's name and contact data by a pseudonym wherever they
    were written; his results stay. Returns the pseudonym and the rulings
    whose text named him (rewritten with the pseudonym) for the director to
    review. Refused while he still plays in a running tournament."""
    reason = " ".join(reason.split())
    if not reason:
        raise FieldInvalid("reason", REASON_NEEDED)
    played = Entry.objects.filter(player_id=player_id).values_list("tournament_id", flat=True)
    # One write on his tournaments and the player (locked in the room's order:
    # the tournaments first, then the player): their screens are told of the new
    # name under the same locks as any floor action.
    tournament_scopes = [scopes.tournament(tid) for tid in sorted(set(played))]
    with write(*tournament_scopes, player_scope(player_id), by=by) as w:
        player = w.row(player_scope(player_id))
        playing = (
            Entry.objects.filter(player=player, status__in=LIVE_STATUSES)
            .exclude(tournament__status=Tournament.Status.FINISHED)
            .select_related("tournament")
            .first()
        )
        if playing is not None:
            raise Conflict(
                STILL_PLAYING % {"name": player.name, "tournament": playing.tournament.name}
            )
        pseudonym = str(PSEUDONYM % {"number": player.pk})
        # Longest first: "Anna Keller" before "Anna".
        words = sorted(
            {w for w in (player.name, player.nickname, player.email, player.phone) if w.strip()},
            key=len,
            reverse=True,
        )
        entries = list(Entry.objects.filter(player=player).values_list("pk", "tournament_id"))
        tournaments = {tournament for _entry, tournament in entries}
        reviewed = []
        for ruling in Ruling.objects.filter(tournament_id__in=tournaments):
            situation = _replace(ruling.situation, words, pseudonym)
            decision = _replace(ruling.decision, words, pseudonym)
            if (situation, decision) != (ruling.situation, ruling.decision):
                # Rulings are append-only for the floor; an erasure is the one
                # rewrite the law asks for, and the director is told of it.
                Ruling.objects.filter(pk=ruling.pk).update(situation=situation, decision=decision)
                reviewed.append(ruling.pk)
        for amendment in Amendment.objects.filter(ruling__tournament_id__in=tournaments):
            text = _replace(amendment.text, words, pseudonym)
            if text != amendment.text:
                Amendment.objects.filter(pk=amendment.pk).update(text=text)
                reviewed.append(amendment.ruling_id)
        # The trail's lines keep their hashes (README "Audit trail"): the
        # erasure's own line names the lines it rewrote.
        rewritten = audit.rewrite(
            ActionLog.objects.filter(tournament_id__in=tournaments),
            lambda data: _scrub(data, words, pseudonym),
        )
        reviewed += _scrub_rows(
            Ruling.objects.filter(tournament_id__in=tournaments).exclude(assistant={}),
            "assistant",
            words,
            pseudonym,
        )
        _scrub_rows(Deal.objects.filter(tournament_id__in=tournaments), "prizes", words, pseudonym)
        player.name, player.nickname = pseudonym, ""
        player.email = player.phone = player.notes = ""
        player.consent_contact = player.consent_news = False
        player.erased_at = timezone.now()
        player.save()
        # Every screen part can name him (seats, results, deals, bounties,
        # rulings, counts): open screens get them all again, and no copy of a
        # snapshot from before is served, its version being an old one.
        for scope in tournament_scopes:
            w.on(scope.id).record("player_erased", parts=changes.PARTS)
        if not tournament_scopes:
            w.keep_quiet("he played nowhere: no screen shows him")
        # The erasure is logged: who, when, why; never what was erased.
        audit.privacy_record(
            [player.pk],
            PrivacyLog.Kind.ERASURE,
            by=by,
            note=_replace(reason, words, pseudonym),
            facts={audit.REWRITTEN: rewritten},
        )
    return {"player": player.pk, "pseudonym": pseudonym, "rulings_to_review": sorted(set(reviewed))}
