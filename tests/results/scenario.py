"""A finished club night whose players chose how they appear (README "Results out"):
shared by the tests of the public pages, the feed and the screens.

Hilde Verborgen is hidden, Paula Realname plays as "RiverQueen", Inge Initialia
shows as "Inge I.", Fritz Fullname as his full name, and Otto Ohnewahl has not
chosen (the room's default). The tournament counts for a season.
"""

from __future__ import annotations

from dataclasses import dataclass

from tests.tables.test_floor_api import tables_of

HIDDEN_NAME = "Hilde Verborgen"
PSEUDONYM_NAME = "Paula Realname"
PSEUDONYM = "RiverQueen"
INITIALS_NAME = "Inge Initialia"
FULL_NAME = "Fritz Fullname"
DEFAULT_NAME = "Otto Ohnewahl"
CHOICES = {
    HIDDEN_NAME: {"public_name": "hidden"},
    PSEUDONYM_NAME: {"public_name": "pseudonym", "pseudonym": PSEUDONYM},
    INITIALS_NAME: {"public_name": "initials"},
    FULL_NAME: {"public_name": "full"},
}
# What must never show in public, and what must.
NEVER = ("Verborgen", "Hilde", "Realname", "Paula", "Initialia")
SHOWN = (PSEUDONYM, "Inge I.", FULL_NAME, "Otto O.")
STRUCTURE = {
    "levels": [
        {"kind": "level", "small_blind": 100, "big_blind": 200, "seconds": 600},
        {"kind": "break", "seconds": 300},
        {"kind": "level", "small_blind": 200, "big_blind": 400, "ante": 50, "seconds": 600},
    ]
}


@dataclass(frozen=True)
class Night:
    tournament: int
    season: int
    players: dict[str, int]  # name -> player id
    entries: dict[str, int]  # name -> entry id


def club_night(
    api, *, name: str = "Dienstags-Turnier", regulars: dict[str, int] | None = None
) -> Night:
    """Five players register and choose; the floor seats them; nobody busted yet.
    ``regulars``: the players of an earlier night (name -> id), registered again."""
    season = api.post("/seasons", {"name": "Saison 2026"}).json()["id"]
    tid = api.post(
        "/tournaments",
        {"name": name, "starting_stack": 10000, "buy_in": "20", "fee": "2", "final_table_size": 9},
    ).json()["id"]
    assert api.patch(f"/tournaments/{tid}/payouts/settings", {"season": season}).status_code == 200
    api.put(f"/tournaments/{tid}/structure", STRUCTURE)
    api.post(f"/tournaments/{tid}/tables", {"count": 1})
    entries, players = {}, {}
    for player in (HIDDEN_NAME, PSEUDONYM_NAME, INITIALS_NAME, FULL_NAME, DEFAULT_NAME):
        known = (regulars or {}).get(player)
        body = {"player": known} if known else {"name": player}
        entry = api.post(f"/tournaments/{tid}/entries", body).json()
        entries[player], players[player] = entry["id"], entry["player"]
        if player in CHOICES:
            answer = api.patch(f"/players/{entry['player']}", CHOICES[player])
            assert answer.status_code == 200, answer.content
    assert api.post(f"/tournaments/{tid}/draw").status_code == 200
    return Night(tid, season, players, entries)


def bust(api, night: Night, *names: str) -> None:
    for name in names:
        assert api.post(f"/entries/{night.entries[name]}/bust").status_code == 200
        for move in api.get(f"/tournaments/{night.tournament}/moves?status=pending").json():
            api.post(f"/moves/{move['id']}/done")


def finished_night(api, **kwargs) -> Night:
    """The club night played to its end: the hidden player wins, the pseudonym is 2nd."""
    night = club_night(api, **kwargs)
    api.post(f"/tournaments/{night.tournament}/clock/start")
    bust(api, night, DEFAULT_NAME, FULL_NAME, INITIALS_NAME, PSEUDONYM_NAME)
    assert len([p for t in tables_of(api, night.tournament) for p in t["players"]]) == 1
    return night
