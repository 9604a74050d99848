"""The forecast of the end over every finished TD3 evening (README "Finish on time").

Each club's files are imported once for the module (rolled back at its end);
each finished tournament is forecast as of the end of its late registration
and as of the start of its last 10 players, the room's history being the
club's OTHER finished tournaments (leave one out). Targets: a median absolute
error of at most 20 minutes and the real end inside [earliest, latest] in at
least 75 % of them, at both moments.
"""

from __future__ import annotations

import statistics
from collections import defaultdict

import pytest
from django.db import transaction

from clock.rules.forecast import RoomModel
from clock.rules.forecast_fit import inputs_at
from clock.selectors.forecast import tournament_forecast, tournament_record
from imports.services.td3_import import td3_import
from tests.conftest import make_staff
from tests.imports.td3_files import TD3_FILES, needed_td3_files
from tests.imports.td3_import_support import upload
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

MEDIAN_TARGET_MIN = 20
COVERAGE_TARGET = 0.75
LAST_PLAYERS = 10


def _club(folder: str) -> str:
    """A club's seasons share its name's first word ("ORF 2018", "ORF 2025")."""
    return folder.split()[0]


@pytest.fixture(scope="module")
def evaluated(django_db_setup, django_db_blocker):
    """For each moment: (tournament, error in minutes, inside the interval) per evening."""
    files = needed_td3_files(at_least=2)
    folders: dict[str, list] = defaultdict(list)
    for path in files:
        folders[_club(path.parent.relative_to(TD3_FILES).parts[0])].append(path)
    with django_db_blocker.unblock(), transaction.atomic():
        importer = make_staff("forecast-importer", "director")
        clubs = {
            club: [t.id for t in td3_import([upload(p) for p in paths], by=importer).tournaments]
            for club, paths in folders.items()
        }
        results: dict[str, list[tuple[str, float, bool]]] = {"late": [], "last10": []}
        for ids in clubs.values():
            for tournament in Tournament.objects.filter(pk__in=ids, status="finished"):
                others = [pk for pk in ids if pk != tournament.pk]
                _evaluate(tournament, others, results)
        yield results
        transaction.set_rollback(True)


def _evaluate(tournament, others, results) -> None:
    record = tournament_record(tournament)
    if record.ended_at is None or record.late_registration_ends is None:
        return
    late = min(record.late_registration_ends, record.ended_at)
    last10 = next(
        (
            at
            for at in (late, *record.busts)
            if at >= late and inputs_at(record, at, RoomModel()).players_left <= LAST_PLAYERS
        ),
        late,
    )
    for moment, at in (("late", late), ("last10", last10)):
        result = tournament_forecast(tournament, at, among=others)
        error = (result.predicted_end - record.ended_at).total_seconds() / 60
        inside = result.earliest <= record.ended_at <= result.latest
        results[moment].append((tournament.name, error, inside))


@pytest.mark.parametrize("moment", ["late", "last10"])
def test_the_forecast_meets_its_targets_over_every_finished_evening(evaluated, moment):
    rows = evaluated[moment]
    assert len(rows) >= 10
    median = statistics.median(abs(error) for _n, error, _i in rows)
    coverage = sum(1 for *_x, inside in rows if inside) / len(rows)
    print(
        f"\nforecast as of {moment}: {len(rows)} evenings, median absolute error "
        f"{median:.1f} min (target <= {MEDIAN_TARGET_MIN}), coverage {coverage:.0%} "
        f"(target >= {COVERAGE_TARGET:.0%})"
    )
    for name, error, inside in rows:
        print(f"  {name[:40]:40} {error:+7.1f} min {'in' if inside else 'OUT'}")
    assert median <= MEDIAN_TARGET_MIN
    assert coverage >= COVERAGE_TARGET
