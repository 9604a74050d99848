"""TD3's players and ours (README "Importing TD3 files", players).

A TD3 player is the same person in every file by his UUID. The first import
links each UUID to a player of ours: the player the director chose to merge
him into (``merge``), else a new one. Later files find him by the link. A
player not linked yet whose name (case and spacing folded) equals a player of
ours is offered for merging in the preview; the director decides, never the
name alone.

Contact data: TD3 records no consent to be contacted, and our player data
keeps an e-mail or phone only with one (README "Player data"), so neither is
imported; a warning says how many players had them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from imports.models import Td3PlayerLink
from imports.rules.td3_model import Td3Player
from imports.services.td3_files import Td3File, Td3FilesInvalid
from tournament.models import Player

MERGE_UNKNOWN = _("There is no player %(player)s to merge %(name)s into.")
MERGE_INVALID = _("Nothing was imported: a player to merge into is unknown.")

MatchStatus = Literal["new", "matched", "candidate"]


def folded(name: str) -> str:
    """A name as the merge offer compares it: case and spacing folded."""
    return " ".join(name.split()).casefold()


def player_name(player: Td3Player) -> str:
    return " ".join(player.name.split())[:120] or f"TD3 {player.uuid[:8]}"


@dataclass(frozen=True)
class PlayerMatch:
    td3_uuid: str
    name: str
    player: int | None  # the player of ours he is linked to
    candidates: tuple[tuple[int, str], ...]  # players of ours with the same name

    @property
    def status(self) -> MatchStatus:
        if self.player is not None:
            return "matched"
        return "candidate" if self.candidates else "new"


def _td3_players(files: Sequence[Td3File]) -> dict[str, Td3Player]:
    """Every player who bought in, by UUID; the latest file's name wins."""
    found: dict[str, Td3Player] = {}
    for file in files:
        for player in file.td3.field:
            found[player.uuid] = player
    return found


def td3_players_match(files: Sequence[Td3File]) -> list[PlayerMatch]:
    """Each player of the files: linked already, offered for merging, or new."""
    players = _td3_players(files)
    links = dict(
        Td3PlayerLink.objects.filter(td3_uuid__in=list(players)).values_list(
            "td3_uuid", "player_id"
        )
    )
    wanted = {folded(player_name(p)) for uuid, p in players.items() if uuid not in links}
    same_name: dict[str, list[tuple[int, str]]] = {}
    if wanted:
        ours = Player.objects.filter(erased_at__isnull=True).values_list("pk", "name")
        for pk, name in ours.iterator():
            key = folded(name)
            if key in wanted:
                same_name.setdefault(key, []).append((pk, name))
    return [
        PlayerMatch(
            td3_uuid=uuid,
            name=player_name(player),
            player=links.get(uuid),
            candidates=()
            if uuid in links
            else tuple(same_name.get(folded(player_name(player)), ())),
        )
        for uuid, player in sorted(players.items(), key=lambda item: folded(item[1].name))
    ]


@dataclass(frozen=True)
class ResolvedPlayers:
    ids: dict[str, int]  # TD3 UUID -> our player id
    created: int
    matched: int


def _merge_targets(matches: Sequence[PlayerMatch], merge: Mapping[str, int]) -> dict[str, Player]:
    wanted = {
        match.td3_uuid: merge[match.td3_uuid]
        for match in matches
        if match.player is None and match.td3_uuid in merge
    }
    found = Player.objects.filter(pk__in=set(wanted.values()), erased_at__isnull=True).in_bulk()
    names = {match.td3_uuid: match.name for match in matches}
    problems = [
        {"file": "", "detail": str(MERGE_UNKNOWN % {"player": pk, "name": names[uuid]})}
        for uuid, pk in wanted.items()
        if pk not in found
    ]
    if problems:
        raise Td3FilesInvalid(MERGE_INVALID, problems)
    return {uuid: found[pk] for uuid, pk in wanted.items()}


def td3_players_resolve(
    files: Sequence[Td3File], merge: Mapping[str, int]
) -> tuple[ResolvedPlayers, list[str]]:
    """Our player for every TD3 player (linked, merged or created) and warnings."""
    matches = td3_players_match(files)
    targets = _merge_targets(matches, merge)
    ids: dict[str, int] = {}
    created = matched = 0
    new_links = []
    for match in matches:
        if match.player is not None:
            ids[match.td3_uuid] = match.player
            matched += 1
            continue
        player = targets.get(match.td3_uuid)
        if player is None:
            player = Player(name=match.name)
            player.save()
            created += 1
        else:
            matched += 1
        ids[match.td3_uuid] = player.pk
        new_links.append(Td3PlayerLink(td3_uuid=match.td3_uuid, player=player))
    Td3PlayerLink.objects.bulk_create(new_links)
    return ResolvedPlayers(ids, created, matched), _contact_warnings(files)


def _contact_warnings(files: Sequence[Td3File]) -> list[str]:
    with_contact = {
        player.uuid
        for file in files
        for player in file.td3.players
        if player.email.strip() or player.phone.strip()
    }
    if not with_contact:
        return []
    count = len(with_contact)
    return [
        ngettext(
            "%(count)s player's e-mail or phone was not imported: TD3 records no consent "
            "to be contacted. Record it at the desk or on his data page.",
            "%(count)s players' e-mails or phones were not imported: TD3 records no consent "
            "to be contacted. Record it at the desk or on their data pages.",
            count,
        )
        % {"count": count}
    ]
