"""What the TD3 preview and import answer, as typed plain data (README "Importing TD3 files").

The preview says, before anything is written, what an import of the same
files would do: per file whether it creates a tournament, updates one (a
later save of the same TD3 tournament) or leaves it unchanged (the same file
again); per player whether he is new, found by his TD3 UUID, or has the name
of a player of ours and may be merged into him (the director decides: the
import's ``merge``); per season whether it is created or reused. A page shows
it and posts the same files again with the director's ``merge`` choices.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

FileAction = Literal["create", "update", "unchanged"]
SeasonAction = Literal["create", "reuse"]
PlayerStatus = Literal["new", "matched", "candidate"]


@dataclass(frozen=True)
class PlayerRef:
    id: int
    name: str


@dataclass(frozen=True)
class SeasonRef:
    id: int
    name: str


@dataclass(frozen=True)
class FilePreview:
    filename: str
    td3_uuid: str
    title: str
    date: datetime | None  # TD3's start time (None: not started)
    players: int  # players who bought in
    entries: int  # their entries, re-entries included
    finished: bool  # TD3 saved it after the last bust
    action: FileAction
    tournament: int | None  # ours, when it updates or leaves one unchanged
    season: str | None  # the season's name ("ORF 2025"), None without a league


@dataclass(frozen=True)
class PlayerPreview:
    td3_uuid: str
    name: str
    status: PlayerStatus
    player: PlayerRef | None  # matched: ours, linked by his TD3 UUID
    candidates: tuple[PlayerRef, ...]  # players of ours with the same name


@dataclass(frozen=True)
class SeasonPreview:
    name: str
    td3_league: str
    td3_season: str
    action: SeasonAction
    id: int | None  # reuse: the season of ours


@dataclass(frozen=True)
class Td3Preview:
    files: tuple[FilePreview, ...]
    players: tuple[PlayerPreview, ...]  # only of the files that create or update
    seasons: tuple[SeasonPreview, ...]
    warnings: tuple[str, ...] = ()

    def count(self, status: PlayerStatus) -> int:
        return sum(1 for player in self.players if player.status == status)


@dataclass(frozen=True)
class ImportedTournament:
    id: int
    name: str
    td3_uuid: str
    created: bool  # False: the same file again, or a later save that updated it


@dataclass(frozen=True)
class PlayerCounts:
    created: int = 0
    matched: int = 0


@dataclass(frozen=True)
class Td3Report:
    tournaments: tuple[ImportedTournament, ...]
    season: SeasonRef | None  # the season of the files (the last one's, should they name several)
    seasons: tuple[SeasonRef, ...]
    players: PlayerCounts = field(default_factory=PlayerCounts)
    warnings: tuple[str, ...] = ()
