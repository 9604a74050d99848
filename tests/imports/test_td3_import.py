"""Every real TD3 file imported (README "Importing TD3 files"): our results are the file's.

The whole of ``../shared/td3`` is imported once for the module (in a
transaction rolled back at its end); each test reads it through the API.
"""

from __future__ import annotations

import functools
from decimal import Decimal

import pytest
from django.db import transaction

from imports.models import Td3PlayerLink, Td3TournamentLink
from imports.rules.td3_read import read_td3
from imports.services.td3_import import td3_import, td3_preview
from tests.conftest import make_staff
from tests.imports.td3_files import needed_td3_files, td3_files, td3_params
from tests.imports.td3_import_support import results_differences, row_counts, upload
from tournament.models import ActionLog, Entry, LeagueSeason, PayoutSettings, Tournament

# Every test reads the database (pytest-django runs tests without it last, which
# would set the module's import up twice).
pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def imported(django_db_setup, django_db_blocker):
    """The report of importing every file, and the files read by TD3 UUID."""
    files = needed_td3_files()
    with django_db_blocker.unblock(), transaction.atomic():
        importer = make_staff("td3-importer", "director")
        report = td3_import([upload(path) for path in files], by=importer)
        yield report
        transaction.set_rollback(True)


@functools.cache
def _read(path):
    return read_td3(path.read_bytes())


def _tournament_of(path) -> tuple[int, object]:
    td3 = _read(path)
    return Td3TournamentLink.objects.get(td3_uuid=td3.uuid).tournament_id, td3


@pytest.mark.parametrize("path", td3_params())
def test_each_file_becomes_a_finished_tournament_with_the_files_places_and_prizes(
    imported, api, path
):
    tournament_id, td3 = _tournament_of(path)
    tournament = Tournament.objects.get(pk=tournament_id)
    # A file saved before its end stays running (README "Switching from TD3").
    finished = Tournament.Status.FINISHED if td3.finished else Tournament.Status.RUNNING
    assert tournament.status == finished
    assert tournament.name == (td3.title.strip() or path.stem)
    response = api.get(f"/tournaments/{tournament_id}/results")
    assert response.status_code == 200, response.content
    assert results_differences(td3, response.json()) == []
    payouts = api.get(f"/tournaments/{tournament_id}/payouts").json()
    assert Decimal(payouts["collected"]) + td3.house_contribution == td3.pool
    entries = Entry.objects.filter(tournament_id=tournament_id)
    bullets = sum(
        1
        for player in td3.field
        for index, _ in enumerate(player.buyins)
        if index == 0 or player.buyins[index - 1].bust_out is not None
    )
    assert entries.count() == bullets
    busts = ActionLog.objects.filter(tournament_id=tournament_id, kind="bust")
    assert sorted(line.data["level"] for line in busts) == sorted(
        bust.level for _player, _index, bust in td3.busts()
    )
    hits = sum(len(line.data["eliminated_by"]) for line in busts)
    assert hits == sum(len(bust.hitmen) for _player, _index, bust in td3.busts())
    structure = api.get(f"/tournaments/{tournament_id}/structure")
    assert structure.status_code == 200, structure.content  # also a file with no levels
    assert len(structure.json()["levels"]) == len(td3.levels)


def test_hits_name_the_hitmans_entry(imported, api):
    path = td3_files("ORF 2025")[0]
    tournament_id, td3 = _tournament_of(path)
    player_of = dict(Entry.objects.filter(tournament_id=tournament_id).values_list("pk", "player"))
    links = dict(Td3PlayerLink.objects.values_list("player_id", "td3_uuid"))
    ours = sorted(
        (
            links[player_of[line.data["entry"]]],
            tuple(links[player_of[e]] for e in line.data["eliminated_by"]),
        )
        for line in ActionLog.objects.filter(tournament_id=tournament_id, kind="bust")
    )
    theirs = sorted((player.uuid, bust.hitmen) for player, _index, bust in td3.busts())
    assert ours == theirs


def test_a_season_per_td3_league_and_season_with_the_files_formula(imported):
    season = LeagueSeason.objects.get(td3_league="ORF", td3_season="2025")
    assert (season.name, season.formula) == ("ORF 2025", "td3")
    newest = _read(td3_files("ORF 2025")[-1])
    assert season.formula_text == newest.points_formula.strip()
    in_season = [
        path for path in td3_files() if (_read(path).league, _read(path).season) == ("ORF", "2025")
    ]
    assert PayoutSettings.objects.filter(season=season).count() == len(in_season)
    assert imported.season is not None
    assert {ref.name for ref in imported.seasons} >= {"ORF 2025", "ORF 2018"}


def test_the_same_files_again_change_nothing(imported, director):
    files = [upload(path) for path in td3_files("ORF 2025")]
    before = row_counts()
    again = td3_import(files, by=director)
    assert row_counts() == before
    assert not any(t.created for t in again.tournaments)
    ids = {t.td3_uuid: t.id for t in imported.tournaments}
    assert all(ids[t.td3_uuid] == t.id for t in again.tournaments)
    assert (again.players.created, again.players.matched) == (0, 0)
    preview = td3_preview(files)
    assert {f.action for f in preview.files} == {"unchanged"}
    assert preview.players == ()


def test_a_later_save_of_the_same_tournament_updates_it_in_place(imported, director, api):
    path = td3_files("ORF 2025")[0]
    tournament_id, td3 = _tournament_of(path)
    entries = Entry.objects.filter(tournament_id=tournament_id).count()
    data = path.read_bytes().replace(
        f'Title: "{td3.title}"'.encode(), b'Title: "ORF Poker 16 januari"', 1
    )
    tournaments = Tournament.objects.count()
    preview = td3_preview([(path.name, data)])
    assert [(f.action, f.tournament) for f in preview.files] == [("update", tournament_id)]
    report = td3_import([(path.name, data)], by=director)
    assert [(t.id, t.name, t.created) for t in report.tournaments] == [
        (tournament_id, "ORF Poker 16 januari", False)
    ]
    assert Tournament.objects.count() == tournaments
    assert Entry.objects.filter(tournament_id=tournament_id).count() == entries
    rows = api.get(f"/tournaments/{tournament_id}/results").json()
    assert results_differences(td3, rows) == []


SAMPLES = ("ORF_Poker_20250313", "Koffsta_Invitational_20210710", "minimal", "sample")
READS = (
    "/tournaments/{id}",
    "/tournaments/{id}/entries",
    "/tournaments/{id}/tables",
    "/tournaments/{id}/moves",
    "/tournaments/{id}/clock",
    "/tournaments/{id}/payouts",
    "/tournaments/{id}/results",
    "/tournaments/{id}/bounties",
    "/tournaments/{id}/seats",
    "/tournaments/{id}/chip-counts",
)
PAGES = (
    "/tournaments/{id}/",
    "/tournaments/{id}/entries/",
    "/tournaments/{id}/floor/",
    "/tournaments/{id}/floor/history/",
    "/tournaments/{id}/payouts/",
    "/display/{id}/",
    "/lobby/{id}/",
)


def test_an_imported_tournament_reads_like_any_finished_one(imported, api, client, director):
    """The screens and pages of imported evenings (finished, saved early, empty) answer."""
    by_stem = {path.stem: path for path in td3_files()}
    client.force_login(director)
    for stem in SAMPLES:
        if stem not in by_stem:
            continue
        tournament_id, _td3 = _tournament_of(by_stem[stem])
        for read in READS:
            response = api.get(read.format(id=tournament_id))
            assert response.status_code == 200, (stem, read, response.content[:300])
        for page in PAGES:
            response = client.get(page.format(id=tournament_id))
            assert response.status_code == 200, (stem, page, response.status_code)


def _orf_2025_points_by_hand(td3) -> dict[str, Decimal]:
    """The ORF 2025 formula (its PointsForPlaying) written out in Python for one
    evening: TD3's variables taken from the file, JavaScript's Math.round."""
    import math

    def js_round(x: float) -> float:
        return math.floor(x + 0.5)

    field = td3.field
    n = len(field)
    first = sum(float(p.buyins[0].amount) for p in field)
    later = sum(float(b.amount) for p in field for b in p.buyins[1:])
    addons = sum(float(a.amount) for p in field for a in p.addons)
    average = (first + later + addons) / n
    t33, t80 = js_round(n / 3), math.floor(n * 0.9)
    spread = 1 + math.log(average + 0.25)
    points: dict[str, Decimal] = {}
    for player in field:
        r = td3.places()[player.uuid]
        hits = sum(1 for _p, _i, bust in td3.busts() if player.uuid in bust.hitmen)
        temp = 10 * (math.sqrt(n) / math.sqrt(t33 + 1)) * spread + hits * 10
        value = 1.0
        if t80 > r and t33 < r:
            value = js_round(temp * math.pow(0.66, r - t33)) + hits * 10
        elif t33 >= r:
            value = js_round(10 * (math.sqrt(n) / math.sqrt(r)) * spread) + hits * 10
        points[player.uuid] = Decimal(str(value)).quantize(Decimal("0.01"))
    return points


def test_the_orf_2025_standings_follow_the_files_formula(imported, api):
    season = LeagueSeason.objects.get(td3_league="ORF", td3_season="2025")
    by_hand: dict[str, Decimal] = {}
    for path in td3_files():
        td3 = _read(path)
        if (td3.league, td3.season) != ("ORF", "2025") or not td3.field:
            continue
        for uuid, points in _orf_2025_points_by_hand(td3).items():
            by_hand[uuid] = by_hand.get(uuid, Decimal(0)) + points
    response = api.get(f"/seasons/{season.pk}/standings")
    assert response.status_code == 200, response.content
    standings = response.json()["standings"]
    player_uuid = {p: u for u, p in Td3PlayerLink.objects.values_list("td3_uuid", "player_id")}
    ours = {player_uuid[row["player"]]: Decimal(row["points"]) for row in standings}
    # The leaders, and everyone else too: each player's season total is the sum by hand.
    leaders = sorted(by_hand, key=by_hand.get, reverse=True)[:3]
    assert [ours[uuid] for uuid in leaders] == [by_hand[uuid] for uuid in leaders]
    assert ours == by_hand
    assert standings[0]["points"] == str(max(by_hand.values()))


# --- Done when (README "Switching from TD3"): every file, TD3's own rules ---------------------


def _figures_of(td3, uuid: str):
    """TD3's variables for one player, straight from the parsed file: the amounts
    each purchase recorded, TD3's places and hits (its hit corrections in)."""
    from tournament.rules.points_formula_names import Figures

    field = td3.field
    player = next(p for p in field if p.uuid == uuid)
    places = td3.places()
    paid = [place for place, prize in enumerate(_place_prizes(td3), start=1) if prize]
    first = sum(float(p.buyins[0].amount) for p in field)
    later = sum(float(b.amount) for p in field for b in p.buyins[1:])
    addons = sum(float(a.amount) for p in field for a in p.addons)
    mine = (
        float(player.buyins[0].amount),
        sum(float(b.amount) for b in player.buyins[1:]),
        sum(float(a.amount) for a in player.addons),
    )
    prize = float(td3.prize_of(uuid))
    rank = places[uuid]
    return Figures(
        buyins=len(field),
        total_buyins_amount=first,
        total_rebuys_amount=later,
        total_addons_amount=addons,
        total_rebuys=sum(len(p.buyins) - 1 for p in field),
        total_addons=sum(len(p.addons) for p in field),
        pot=float(td3.pool),
        in_the_money_rank=max(paid, default=0),
        rank=rank,
        position=len(field) - rank + 1,
        hits=td3.hits_of(uuid),
        rebuys=len(player.buyins) - 1,
        addons=len(player.addons),
        buyin_cost=mine[0],
        rebuy_cost=mine[1],
        addon_cost=mine[2],
        total_cost=sum(mine),
        prize_winnings=prize,
        total_winnings=prize,
        take=prize - sum(mine),
        round_out=player.out.level if player.out else 0,
        in_the_money=1.0 if prize > 0 else 0.0,
    )


def _place_prizes(td3) -> list[Decimal]:
    places = td3.places()
    paid: dict[int, Decimal] = {}
    for prize in td3.place_prizes:
        for uuid in prize.awarded_to:
            paid[places[uuid]] = paid.get(places[uuid], Decimal(0)) + prize.amount
    return [paid.get(place, Decimal(0)) for place in range(1, max(paid, default=0) + 1)]


def _season_of(td3) -> tuple[str, str]:
    return (" ".join(td3.league.split()), " ".join(td3.season.split()))


def _td3_standings() -> dict[tuple[str, str], dict[str, Decimal]]:
    """Per TD3 league and season: each player's total over the completed
    tournaments, each by its own file's formula, plus TD3's points adjustments."""
    from tournament.rules.points_formula_eval import points_for

    groups: dict[tuple[str, str], list] = {}
    for path in td3_files():
        td3 = _read(path)
        if any(_season_of(td3)):
            groups.setdefault(_season_of(td3), []).append(td3)
    standings: dict[tuple[str, str], dict[str, Decimal]] = {}
    for key, files in groups.items():
        newest = max(files, key=lambda t: t.start_time or 0).points_formula.strip()
        totals: dict[str, Decimal] = {}
        for td3 in files:
            if not td3.finished:
                continue  # TD3 counts only completed tournaments
            text = td3.points_formula.strip() or newest
            for player in td3.field:
                points = points_for(text, _figures_of(td3, player.uuid))
                points += player.points_adjustment
                totals[player.uuid] = totals.get(player.uuid, Decimal(0)) + points
        standings[key] = totals
    return standings


def test_every_file_is_imported_with_tds_prizes_places_and_season_standings(imported, api):
    files = needed_td3_files()
    assert len(imported.tournaments) == len({_read(path).uuid for path in files})  # none refused
    for path in files:
        tournament_id, td3 = _tournament_of(path)
        rows = api.get(f"/tournaments/{tournament_id}/results").json()
        assert results_differences(td3, rows) == [], path.name  # places and prizes
        assert sum(_place_prizes(td3)) == sum(td3.prize_of(p.uuid) for p in td3.field)
    uuid_of = {p: u for u, p in Td3PlayerLink.objects.values_list("td3_uuid", "player_id")}
    for (league, season_name), expected in _td3_standings().items():
        season = LeagueSeason.objects.get(td3_league=league, td3_season=season_name)
        response = api.get(f"/seasons/{season.pk}/standings")
        assert response.status_code == 200, response.content
        ours = {
            uuid_of[row["player"]]: Decimal(row["points"]) for row in response.json()["standings"]
        }
        assert ours == expected, (league, season_name)
