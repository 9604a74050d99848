"""The shapes of the TD3 import API (README "Importing TD3 files")."""

from __future__ import annotations

import datetime

from ninja import Schema
from pydantic import ConfigDict, Field

from imports.services.td3_types import FileAction, PlayerStatus, SeasonAction
from tournament.api.openapi import ErrorOut


class ImportProblem(Schema):
    file: str = Field(description="The file's name (empty: the upload as a whole).")
    detail: str = Field(description="What is wrong with it, in the reader's language.")


class ImportRefused(ErrorOut):
    """Nothing was imported: the files named in ``problems`` cannot be (or, with
    ``field`` and ``errors`` instead, the upload itself is not what the form takes)."""

    # Its own name: ErrorOut's configuration would call it "Error" too.
    model_config = ConfigDict(title="ImportRefused")

    problems: list[ImportProblem] = Field(
        default_factory=list, description="Each file that cannot be imported."
    )


class PlayerRefOut(Schema):
    id: int = Field(description="Our player's id.")
    name: str = Field(description="His name.")


class SeasonRefOut(Schema):
    id: int = Field(description="The league season's id.")
    name: str = Field(description='Its name: TD3\'s league and season ("ORF 2025").')


class FilePreviewOut(Schema):
    filename: str = Field(description="The uploaded file's name.")
    td3_uuid: str = Field(description="TD3's UUID of the tournament in it.")
    title: str = Field(description="The tournament's title.")
    date: datetime.datetime | None = Field(description="When TD3 started it (null: never).")
    players: int = Field(description="Players who bought in.")
    entries: int = Field(description="Their entries, re-entries included.")
    finished: bool = Field(description="TD3 saved it after the winner was known.")
    action: FileAction = Field(
        description="create: a new tournament; update: a later save of one imported before "
        "(its rows are replaced, its id stays); unchanged: the same file again."
    )
    tournament: int | None = Field(description="Our tournament, when it exists already.")
    season: str | None = Field(description="The league season it counts for (null: none).")


class PlayerPreviewOut(Schema):
    td3_uuid: str = Field(description="TD3's UUID of the player.")
    name: str = Field(description="His name in the file.")
    status: PlayerStatus = Field(
        description="matched: linked to our player by his TD3 UUID; candidate: one or more "
        "players of ours have his name (merge him by `merge`, else he is created); new: created."
    )
    player: PlayerRefOut | None = Field(description="matched: our player.")
    candidates: list[PlayerRefOut] = Field(description="candidate: our players of his name.")


class SeasonPreviewOut(Schema):
    name: str = Field(description="The season's name.")
    td3_league: str = Field(description="TD3's LeagueName.")
    td3_season: str = Field(description="TD3's SeasonName.")
    action: SeasonAction = Field(description="create: a new season; reuse: the one we have.")
    id: int | None = Field(description="reuse: our season's id.")


class Td3PreviewOut(Schema):
    files: list[FilePreviewOut] = Field(description="Each TD3 tournament of the upload.")
    players: list[PlayerPreviewOut] = Field(
        description="The players of the files that create or update a tournament."
    )
    seasons: list[SeasonPreviewOut] = Field(description="The league seasons of the files.")
    warnings: list[str] = Field(description="What the import will do differently from TD3.")


class ImportedTournamentOut(Schema):
    id: int = Field(description="Our tournament's id.")
    name: str = Field(description="Its name.")
    td3_uuid: str = Field(description="TD3's UUID of it.")
    created: bool = Field(description="true: created now; false: it was there already.")


class PlayerCountsOut(Schema):
    created: int = Field(description="Players created.")
    matched: int = Field(description="Players found by their TD3 UUID or merged as chosen.")


class Td3ReportOut(Schema):
    tournaments: list[ImportedTournamentOut] = Field(description="Each tournament of the files.")
    season: SeasonRefOut | None = Field(description="The league season of the files (null: none).")
    seasons: list[SeasonRefOut] = Field(description="Every league season the files count for.")
    players: PlayerCountsOut = Field(description="How the players were found.")
    warnings: list[str] = Field(description="What was imported differently from TD3, and why.")
