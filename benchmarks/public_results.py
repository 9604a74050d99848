"""The public results pages at ten years of weekly play (README "Results out").

520 finished tournaments of 60 players each (one a week for ten years, 600
players in the room, one league season a year) in PostgreSQL; then, through the
whole request path (middleware, view, template, DEBUG off), the results list
(page 1 and a deep page), one tournament's page, the league table of one season
and a player's page, each asked many times. Prints p50 and p95 per page (target
p95 < 100 ms each), for the first ask of each tournament or season in the
process and for asks after it.

A server works out a finished tournament's figures and its season's standings
after the write that finishes it (the results task, README "Results out"); the
bulk set-up writes no tournament through the write unit, so it runs that task's
work once per tournament, off the clock (its time is printed), then forgets the
process's copies: the first asks are a fresh process's, reading the shared
cache. Then a correction, a new name choice and a write on a finished
tournament (renamed: its version moves as a finish's does) are written through
the services (their task run at once, as Celery's worker would) and the pages
they change are asked for the first time after each.

.venv/bin/python benchmarks/public_results.py   (DATABASE_URL defaults to a
throw-away PostgreSQL database td_benchmark on 127.0.0.1)
"""

from __future__ import annotations

import argparse
import datetime
import gc
import logging
import os
import random
import time

from _setup import as_production, clock, percentile, prepare_database

FIELD = 60
PLAYERS = 600
LEVELS = [
    {"kind": "level", "small_blind": 25 * 2**i, "big_blind": 50 * 2**i, "ante": 0, "seconds": 1200}
    for i in range(12)
]


def build(weeks: int) -> tuple[list[int], list[int], list[str]]:
    """The room's history, written in bulk: tournament ids, season ids, player page ids."""
    from django.utils import timezone

    from clock.models import ClockState, Structure
    from tournament.models import Entry, LeagueSeason, PayoutSettings, Player, Tournament

    rng = random.Random(39)
    players = [Player(name=f"Vorname{i} Nachname{i}") for i in range(PLAYERS)]
    for number, player in enumerate(players):
        player.fill_search_key()
        player.public_name_choice = ("", "", "full", "initials", "pseudonym", "hidden")[number % 6]
        player.pseudonym = f"Alias{number}" if number % 6 == 4 else ""
    players = Player.objects.bulk_create(players)
    seasons = [LeagueSeason.objects.create(name=f"Saison {2016 + y}") for y in range(weeks // 52)]
    first = timezone.make_aware(datetime.datetime(2016, 1, 5, 19, 30))
    tournaments = Tournament.objects.bulk_create(
        Tournament(
            name=f"Dienstagsturnier {week + 1}",
            starting_stack=10_000,
            buy_in=20,
            fee=2,
            final_table_size=9,
            tie_rule=Tournament.TieRule.SHARE,
            status=Tournament.Status.FINISHED,
            starts_at=first + datetime.timedelta(weeks=week),
        )
        for week in range(weeks)
    )
    PayoutSettings.objects.bulk_create(
        PayoutSettings(tournament=t, season=seasons[min(week // 52, len(seasons) - 1)])
        for week, t in enumerate(tournaments)
    )
    Structure.objects.bulk_create(Structure(tournament=t, levels=LEVELS) for t in tournaments)
    ClockState.objects.bulk_create(
        ClockState(tournament=t, status="finished", level_index=9) for t in tournaments
    )
    entries = []
    for t in tournaments:
        for place, player in enumerate(rng.sample(players, FIELD), start=1):
            entries.append(
                Entry(tournament=t, player=player, status=Entry.Status.BUSTED, place=place)
            )
    Entry.objects.bulk_create(entries, batch_size=5000)
    return [t.pk for t in tournaments], [s.pk for s in seasons], [p.public_id for p in players]


def keep_all(tournaments: list[int]) -> None:
    """The results task's work after each tournament's finishing write."""
    from results.selectors_league import results_keep
    from tournament.kept import forget_in_process

    each = []
    for tournament_id in tournaments:
        started = clock()
        results_keep(tournament_id)
        each.append((clock() - started) * 1000)
    print(
        f"results task after each finish (off the clock): p50 {percentile(each, 0.5):.1f} ms "
        f"p95 {percentile(each, 0.95):.1f} ms",
        flush=True,
    )
    forget_in_process()


def timed(client, urls: list[str]) -> tuple[list[float], list[float]]:
    """Wall and processor time of each ask, in ms (the processor's tells the code
    apart from a machine shared with other work)."""
    wall, cpu = [], []
    for url in urls:
        started, processor = clock(), time.process_time()
        response = client.get(url)
        wall.append((clock() - started) * 1000)
        cpu.append((time.process_time() - processor) * 1000)
        assert response.status_code == 200, (url, response.status_code)
    return wall, cpu


def report(label: str, times: tuple[list[float], list[float]]) -> None:
    wall, cpu = times
    p50, p95 = percentile(wall, 0.5), percentile(wall, 0.95)
    verdict = "met" if p95 < 100 else "NOT met"
    print(
        f"{label:<44} n={len(wall):<3} p50 {p50:6.1f} ms  p95 {p95:6.1f} ms ({verdict}); "
        f"processor p50 {percentile(cpu, 0.5):5.1f} ms p95 {percentile(cpu, 0.95):5.1f} ms",
        flush=True,
    )


def first_asks(client, tournaments: list[int], seasons: list[int], shown: list[str]) -> None:
    """Each page's very first ask in this process: a fresh server process, its
    URLs and API loaded and frozen out of the collector as config/asgi.py does
    (one ask of a page that reads no results, then gc.freeze())."""
    last_season, last = seasons[-1], tournaments[-1]
    timed(client, ["/embed.js"])
    # As config/asgi.py does after start-up: what lives as long as the process
    # is kept out of the collector's full passes (they took 250 ms a page).
    gc.collect()
    gc.freeze()
    for label, url in [
        ("first ask: league table", f"/seasons/{last_season}/table/"),
        ("first ask: feed, league season", f"/api/public/v1/seasons/{last_season}"),
        ("first ask: a player's page", f"/players/{shown[0]}/"),
        ("first ask: results list", "/results/"),
        ("first ask: one tournament", f"/results/{last}/"),
        ("first ask: embed, latest results", "/embed/results/"),
        ("first ask: embed, league table", f"/embed/seasons/{last_season}/"),
    ]:
        report(label, timed(client, [url]))


def after_writes(client, tournaments: list[int], seasons: list[int], shown: list[str]) -> None:
    """A correction, a name choice and a write on a finished tournament, each
    written through its service; then the first ask of each page it changes."""
    from decimal import Decimal

    from django.db.models import Min

    from tournament.models import Entry, PayoutSettings, Player
    from tournament.services.corrections import correction_add
    from tournament.services.public_names import player_public_name_set
    from tournament.services.tournaments import tournament_update

    season = seasons[-1]
    in_season = PayoutSettings.objects.filter(season_id=season).aggregate(t=Min("tournament_id"))
    pages = [
        f"/seasons/{season}/table/",
        f"/api/public/v1/seasons/{season}",
        f"/embed/seasons/{season}/",
    ]
    corrections, renamed, finished = [], [], []
    for round_ in range(10):
        entry = Entry.objects.filter(tournament_id=in_season["t"], place=round_ + 1).get()
        started = clock()
        correction_add(entry_id=entry.pk, points=Decimal(5), hits=None, reason="Bench", by=None)
        write_ms = (clock() - started) * 1000
        corrections.append((write_ms, timed(client, pages)))
        player = Player.objects.get(public_id=shown[round_])
        player_public_name_set(
            player_id=player.pk, choice="pseudonym", pseudonym=f"Neu{round_}", by=None
        )
        renamed.append(timed(client, [*pages[:2], f"/players/{shown[round_]}/"]))
        # A finished tournament written again (its version moves, as a finish does).
        tournament_update(
            tournament_id=tournaments[-1 - round_], changes={"name": f"Turnier {round_}"}, by=None
        )
        finished.append(
            timed(client, [*pages[:2], "/results/", f"/results/{tournaments[-1 - round_]}/"])
        )
    print(
        f"correction write with its results task: p50 {percentile([c[0] for c in corrections], 0.5):.0f} ms"
    )
    for label, runs in [
        ("after a correction: table, feed, embed", [c[1] for c in corrections]),
        ("after a name choice: table, feed, his page", renamed),
        ("after a write on a finished tournament: table, feed, list, it", finished),
    ]:
        report(label, ([t for run in runs for t in run[0]], [t for run in runs for t in run[1]]))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--weeks", type=int, default=520)
    parser.add_argument("--asks", type=int, default=60)
    args = parser.parse_args()
    as_production()
    prepare_database()
    from django.conf import settings
    from django.test import Client
    from django.test.utils import override_settings

    # The pages name their static files; a server has them collected, this run
    # serves their plain names instead of the manifest's.
    plain = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    override_settings(STORAGES={**settings.STORAGES, "staticfiles": plain}).enable()

    started = clock()
    tournaments, seasons, public_ids = build(args.weeks)
    print(f"set-up: {args.weeks} tournaments x {FIELD} players in {clock() - started:.1f} s")
    print(f"load average before the runs: {os.getloadavg()}")
    # Celery's worker runs the results task beside the server; here it runs at
    # once after the commit, and its time is not a page's.
    from config.celery import app

    app.conf.task_always_eager = True
    logging.getLogger("celery").setLevel(logging.WARNING)
    keep_all(tournaments)
    client = Client()
    rng = random.Random(7)
    asks = args.asks
    shown = [pid for number, pid in enumerate(public_ids) if number % 6 != 5]
    first_asks(client, tournaments, seasons, shown)
    report("results list, page 1", timed(client, ["/results/"] * asks))
    report(
        "results list, deep pages", timed(client, [f"/results/?page={p}" for p in range(2, 11)] * 6)
    )
    report("results list, a search", timed(client, ["/results/?q=Nachname12"] * asks))
    some = rng.sample(tournaments, min(asks, len(tournaments)))
    report("one tournament, first ask of each", timed(client, [f"/results/{t}/" for t in some]))
    report("one tournament, asked again", timed(client, [f"/results/{t}/" for t in some]))
    report(
        "feed: one tournament, first ask of each",
        timed(client, [f"/api/public/v1/results/{t}" for t in some]),
    )
    report(
        "league table, first ask of each season",
        timed(client, [f"/seasons/{s}/table/" for s in seasons]),
    )
    report(
        "league table, asked again",
        timed(client, [f"/seasons/{rng.choice(seasons)}/table/" for _ in range(asks)]),
    )
    report(
        "league line (a player's results), asked",
        timed(
            client,
            [f"/seasons/{rng.choice(seasons)}/table/{rng.randint(1, 500)}/" for _ in range(asks)],
        ),
    )
    report(
        "feed: league season, first ask of each",
        timed(client, [f"/api/public/v1/seasons/{s}" for s in seasons]),
    )
    report(
        "feed: league season, asked again",
        timed(client, [f"/api/public/v1/seasons/{rng.choice(seasons)}" for _ in range(asks)]),
    )
    report(
        "a player's page (~52 tournaments)",
        timed(client, [f"/players/{rng.choice(shown)}/" for _ in range(asks)]),
    )
    report("embed: latest results", timed(client, ["/embed/results/"] * asks))
    report(
        "embed: league table",
        timed(client, [f"/embed/seasons/{rng.choice(seasons)}/" for _ in range(asks)]),
    )
    after_writes(client, tournaments, seasons, shown)
    print(f"load average after the runs: {os.getloadavg()}")


if __name__ == "__main__":
    main()
