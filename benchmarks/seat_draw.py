"""Seat draw of 10,000 entries on 1,112 tables through the API (target: < 0.5 s, README "Screen messages").

.venv/bin/python benchmarks/seat_draw.py   (DATABASE_URL defaults to a
throw-away PostgreSQL database td_benchmark on 127.0.0.1)
"""

import time

from _setup import api_client, as_production, big_field, clock, prepare_database


def main() -> None:
    as_production()
    prepare_database()
    client = api_client()
    tournament_id = big_field(client, entries=10_000, tables=1_112)
    started, started_cpu = clock(), time.thread_time()
    response = client.post(f"/api/v1/tournaments/{tournament_id}/draw")
    elapsed, processor = clock() - started, time.thread_time() - started_cpu
    assert response.status_code == 200, response.content[:300]
    body = response.json()
    print(
        f"seat draw: {body['seated']} entries on 1112 tables in {elapsed:.2f} s "
        f"(target < 0.5 s), processor time of the request {processor:.2f} s"
    )


if __name__ == "__main__":
    main()
