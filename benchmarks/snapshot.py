"""Screen snapshots of a 10,000-entry field on 1,112 tables (README "Screen messages").

Prints the size of the public snapshot (target < 30 KB: the seat list is not
in it), the floor's, the time to build each, and the time of one seat page
and one name search through GET /api/v1/tournaments/{id}/seats.

.venv/bin/python benchmarks/snapshot.py   (DATABASE_URL defaults to a
throw-away PostgreSQL database td_benchmark on 127.0.0.1)
"""

import json

from _setup import api_client, big_field, clock, prepare_database


def main() -> None:
    prepare_database()
    client = api_client()
    tournament_id = big_field(client, entries=10_000, tables=1_112)
    # A paid field: the payout places are part of every public snapshot.
    response = client.patch(
        f"/api/v1/tournaments/{tournament_id}",
        {"buy_in": "100", "fee": "10"},
        content_type="application/json",
    )
    assert response.status_code == 200, response.content[:200]
    assert client.post(f"/api/v1/tournaments/{tournament_id}/draw").status_code == 200

    from django.core.serializers.json import DjangoJSONEncoder

    from screens import live
    from screens.snapshots import snapshot

    for audience, target in ((live.DISPLAY, "< 30 KB"), (live.FLOOR, "no target")):
        started = clock()
        data = snapshot(tournament_id, audience=audience)
        text = json.dumps(data, cls=DjangoJSONEncoder)
        elapsed = clock() - started
        print(
            f"{audience} snapshot: {len(text.encode()) / 1024:.1f} KB "
            f"({target}), built in {elapsed * 1000:.0f} ms"
        )
    public = snapshot(tournament_id, audience=live.DISPLAY)
    print(
        "public parts by size (KB):",
        {
            part: round(len(json.dumps(value, cls=DjangoJSONEncoder)) / 1024, 1)
            for part, value in sorted(public.items())
        },
    )
    for label, params in (
        ("seat page of 60, first ask of this version", "?per_page=60&page=7"),
        ("seat page of 60, next page", "?per_page=60&page=8"),
        ("name search", "?q=player 12"),
    ):
        started = clock()
        response = client.get(f"/api/v1/tournaments/{tournament_id}/seats{params}")
        elapsed = clock() - started
        assert response.status_code == 200, response.content[:200]
        print(f"{label}: {len(response.content) / 1024:.1f} KB in {elapsed * 1000:.0f} ms")


if __name__ == "__main__":
    main()
