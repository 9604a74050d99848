"""A 1,000-entry event busted to a winner through the API, every move carried out.

Target (README "Benchmarks"): the bust p50 of the last third of the busts
within 20 % of the first third's: a bust must not get dearer as the evening
goes on (bust rows, places, the action log and moves done pile up). After
each bust the floor carries out every pending move through the API, in the
order GET .../moves?status=pending lists them; only the bust requests are
timed. Also prints the busts refused (409) and the moves carried out.

.venv/bin/python benchmarks/bust_to_winner.py [--entries 1000]

Creates a throw-away PostgreSQL database td_benchmark (override with DATABASE_URL).
"""

import argparse
import gc
import random

from _setup import api_client, big_field, clock, percentile, prepare_database


def carry_out_moves(client, tournament_id: int) -> int:
    """Every pending move done, in the listed order; the number done."""
    done = 0
    while True:
        pending = client.get(f"/api/v1/tournaments/{tournament_id}/moves?status=pending").json()
        if not pending:
            return done
        for move in pending:
            if client.post(f"/api/v1/moves/{move['id']}/done").status_code == 200:
                done += 1
                break
        else:
            raise RuntimeError(f"no pending move can be carried out: {pending[:3]}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=1000)
    args = parser.parse_args()
    prepare_database()
    from tournament.models import Entry

    client = api_client()
    tables = -(-args.entries // 9)
    tournament_id = big_field(client, entries=args.entries, tables=tables)
    assert client.post(f"/api/v1/tournaments/{tournament_id}/draw").status_code == 200
    gc.collect()
    gc.freeze()
    rng = random.Random(1)
    timings: list[float] = []
    refused = moves = 0
    while True:
        # Whom to bust is read from the database (not timed, cheaper than the list).
        seated = list(
            Entry.objects.filter(tournament_id=tournament_id, status="seated")
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        if len(seated) <= 1:
            break
        started = clock()
        response = client.post(f"/api/v1/entries/{rng.choice(seated)}/bust")
        elapsed = (clock() - started) * 1000
        if response.status_code != 200:
            refused += 1
            assert response.status_code == 409 and refused < 50, response.content[:300]
            continue
        timings.append(elapsed)
        moves += carry_out_moves(client, tournament_id)
    third = len(timings) // 3
    first, last = percentile(timings[:third], 0.5), percentile(timings[-third:], 0.5)
    status = client.get(f"/api/v1/tournaments/{tournament_id}").json()["status"]
    print(
        f"{args.entries} entries on {tables} tables busted to a winner (tournament {status}): "
        f"{len(timings)} busts, {refused} refused, {moves} moves carried out"
    )
    print(
        f"bust p50 first third {first:.1f} ms, last third {last:.1f} ms: "
        f"ratio {last / first:.2f} (target within 20 %); "
        f"p99 {percentile(timings, 0.99):.1f} ms overall"
    )


if __name__ == "__main__":
    main()
