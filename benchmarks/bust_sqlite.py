"""Bust-outs through the API on the embedded default: SQLite, one process, no Redis.

Target (README "Benchmarks"): p99 < 25 ms at 50 tables. The same busts as
benchmarks/bust.py (the floor carries out the planned moves between busts; only
the bust requests are timed), on a throw-away SQLite file in a temporary folder;
REDIS_URL is ignored (the in-memory channel layer, as the embedded default runs).

.venv/bin/python benchmarks/bust_sqlite.py [--busts 200] [--tables 50]
"""

import argparse
import os
import tempfile
from pathlib import Path

FOLDER = Path(tempfile.mkdtemp(prefix="td-bench-sqlite-"))
os.environ["DATABASE_URL"] = f"sqlite:///{FOLDER / 'db.sqlite3'}"
os.environ.pop("REDIS_URL", None)

from _setup import percentile, server_like_client  # noqa: E402
from bust import run  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--busts", type=int, default=200)
    parser.add_argument("--tables", type=int, default=50)
    args = parser.parse_args()
    client = server_like_client()
    timings, _quiet, _planning = run(client, args.tables, min(args.busts, 4 * args.tables))
    print(
        f"SQLite, one process, {args.tables} tables: p99 {percentile(timings, 0.99):.1f} ms "
        "(target < 25 ms)"
    )


if __name__ == "__main__":
    main()
