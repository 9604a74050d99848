"""Importing TD3 save files (README "Importing TD3 files"): the preview and the import.

``td3_preview(files)`` reads the files and says what an import would do,
writing nothing. ``td3_import(files, by=..., merge=...)`` does it, all files
in one transaction: a file that cannot be read (``Td3FilesInvalid``, with
``problems`` naming each file) changes nothing at all. Each TD3 tournament
becomes a finished tournament of ours (``td3_write``); the same file again
changes nothing and answers the same tournament (``created: false``); a later
save of the same TD3 tournament replaces its rows and keeps its id.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import PurePath
from typing import Any

from django.db import IntegrityError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clock.rules.clock import datetime_from_ms
from imports.models import Td3TournamentLink
from imports.rules.td3_plan import td3_plan
from imports.services.td3_files import Td3File, Upload, td3_files_read
from imports.services.td3_players import td3_players_match, td3_players_resolve
from imports.services.td3_seasons import (
    season_find,
    season_key,
    season_name,
    td3_seasons_apply,
)
from imports.services.td3_types import (
    FileAction,
    FilePreview,
    ImportedTournament,
    PlayerCounts,
    PlayerPreview,
    PlayerRef,
    SeasonPreview,
    SeasonRef,
    Td3Preview,
    Td3Report,
)
from imports.services.td3_write import td3_tournament_create, td3_tournament_fill
from tournament.errors import Conflict
from tournament.models import Player
from tournament.writes import Actor, scopes, write

IMPORT_RUNNING = _("Another import of these files is running; try again in a moment.")
CORRECTIONS_LEFT = _(
    "%(file)s: TD3's corrections of the money by hand of %(count)s players were not imported."
)


def _links(files: Sequence[Td3File]) -> dict[str, Td3TournamentLink]:
    uuids = [file.td3.uuid for file in files]
    return {
        link.td3_uuid: link
        for link in Td3TournamentLink.objects.filter(td3_uuid__in=uuids).select_related(
            "tournament"
        )
    }


def _action(file: Td3File, links: Mapping[str, Td3TournamentLink]) -> FileAction:
    link = links.get(file.td3.uuid)
    if link is None:
        return "create"
    return "unchanged" if link.sha256 == file.sha256 else "update"


def _file_preview(file: Td3File, links: Mapping[str, Td3TournamentLink]) -> FilePreview:
    td3 = file.td3
    key = season_key(td3)
    link = links.get(td3.uuid)
    return FilePreview(
        filename=file.filename,
        td3_uuid=td3.uuid,
        title=td3.title.strip() or PurePath(file.filename).stem,
        date=datetime_from_ms(td3.start_time) if td3.start_time else None,
        players=len(td3.field),
        entries=sum(
            1
            for player in td3.field
            for index, _purchase in enumerate(player.buyins)
            if index == 0 or player.buyins[index - 1].bust_out is not None
        ),
        finished=td3.finished,
        action=_action(file, links),
        tournament=link.tournament_id if link else None,
        season=season_name(key) if key else None,
    )


def td3_preview(files: Sequence[Upload]) -> Td3Preview:
    """What importing these files would create, update, match and leave alone."""
    read, warnings = td3_files_read(files)
    links = _links(read)
    written = [file for file in read if _action(file, links) != "unchanged"]
    matches = td3_players_match(written)
    linked = Player.objects.in_bulk([m.player for m in matches if m.player is not None])
    players = tuple(
        PlayerPreview(
            td3_uuid=match.td3_uuid,
            name=match.name,
            status=match.status,
            player=PlayerRef(linked[match.player].pk, linked[match.player].name)
            if match.player is not None and match.player in linked
            else None,
            candidates=tuple(PlayerRef(pk, name) for pk, name in match.candidates),
        )
        for match in matches
    )
    seasons: dict[tuple[str, str], SeasonPreview] = {}
    for file in read:
        key = season_key(file.td3)
        if key is None or key in seasons:
            continue
        found = season_find(key)
        seasons[key] = SeasonPreview(
            name=found.name if found else season_name(key),
            td3_league=key[0],
            td3_season=key[1],
            action="reuse" if found else "create",
            id=found.pk if found else None,
        )
    return Td3Preview(
        files=tuple(_file_preview(file, links) for file in read),
        players=players,
        seasons=tuple(seasons.values()),
        warnings=tuple(warnings),
    )


def td3_import(
    files: Sequence[Upload], *, by: Any, merge: Mapping[str, int] | None = None
) -> Td3Report:
    """Import the files in one transaction (see the module's docstring)."""
    read, warnings = td3_files_read(files)
    # One write: the tournaments the files update are locked first, in id order;
    # the ones they create come after them (newer, higher ids) and nobody sees them
    # before the commit (README "How a floor action flows").
    updated = [scopes.tournament(link.tournament_id) for link in _links(read).values()]
    try:
        with write(*updated, by=by) as w:
            w.keep_quiet("an import writes each tournament through its own write")
            return _import(read, warnings, by=by, merge=merge or {})
    except IntegrityError as exc:  # two imports of one new tournament at the same time
        raise Conflict(IMPORT_RUNNING) from exc


def _import(
    read: list[Td3File], warnings: list[str], *, by: Any, merge: Mapping[str, int]
) -> Td3Report:
    links = _links(read)
    written = [file for file in read if _action(file, links) != "unchanged"]
    players, player_warnings = td3_players_resolve(written, merge)
    seasons, season_warnings = td3_seasons_apply(read, written, by=by)
    warnings = [*warnings, *player_warnings, *season_warnings]
    imported = []
    for file in read:
        link = links.get(file.td3.uuid)
        if file not in written and link is not None:
            imported.append(
                ImportedTournament(link.tournament_id, link.tournament.name, file.td3.uuid, False)
            )
            continue
        warnings += _write(file, link, players.ids, seasons, by=by)
        link = Td3TournamentLink.objects.select_related("tournament").get(td3_uuid=file.td3.uuid)
        imported.append(
            ImportedTournament(
                link.tournament_id,
                link.tournament.name,
                file.td3.uuid,
                file.td3.uuid not in links,
            )
        )
    refs = tuple(SeasonRef(season.pk, season.name) for season in seasons.values())
    last = season_key(read[-1].td3) if read else None
    return Td3Report(
        tournaments=tuple(imported),
        season=SeasonRef(seasons[last].pk, seasons[last].name) if last in seasons else None,
        seasons=refs,
        players=PlayerCounts(created=players.created, matched=players.matched),
        warnings=tuple(dict.fromkeys(warnings)),
    )


def _write(
    file: Td3File,
    link: Td3TournamentLink | None,
    players: dict[str, int],
    seasons: Mapping[tuple[str, str], Any],
    *,
    by: Any,
) -> list[str]:
    td3 = file.td3
    plan = td3_plan(td3, PurePath(file.filename).stem)
    tournament_id = link.tournament_id if link else td3_tournament_create(plan, by=by).pk
    key = season_key(td3)
    warnings = td3_tournament_fill(
        tournament_id,
        plan,
        players=players,
        season=seasons.get(key) if key else None,
        td3_pool=td3.pool,
        guarantee=td3.guarantee,
        start_time=td3.start_time,
        filename=file.filename,
        by=by,
    )
    corrected = sum(1 for player in td3.field if player.cash_adjustment)
    if corrected:
        warnings.append(str(CORRECTIONS_LEFT % {"file": file.filename, "count": corrected}))
    user = Actor.of(by).user
    Td3TournamentLink.objects.update_or_create(
        td3_uuid=td3.uuid,
        defaults={
            "tournament_id": tournament_id,
            "sha256": file.sha256,
            "filename": file.filename[:255],
            "started_at": datetime_from_ms(td3.start_time) if td3.start_time else None,
            "imported_at": timezone.now(),
            "imported_by": user,
        },
    )
    return warnings
