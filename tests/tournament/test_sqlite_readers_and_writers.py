"""The embedded default: a screen reading the floor never holds up a floor action.

README "Configuration": the SQLite file is opened in write-ahead-log mode, so a
reader half-way through a long answer (a floor map of many tables, a seat page)
and a bust committing at the same moment both go through.
"""

from __future__ import annotations

from django.db.utils import ConnectionHandler

from config import sqlite


def open_embedded(path):
    embedded = {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": str(path),
        "OPTIONS": dict(sqlite.OPTIONS, timeout=0.3),
    }
    return ConnectionHandler({"default": embedded})["default"]


def test_a_floor_write_commits_while_a_screen_is_half_way_through_reading(
    tmp_path, django_db_blocker
):
    with django_db_blocker.unblock():
        read_while_a_bust_commits(tmp_path / "floor.sqlite3")


def read_while_a_bust_commits(database):
    screen, floor = open_embedded(database), open_embedded(database)
    try:
        with floor.cursor() as cursor:
            cursor.execute("CREATE TABLE seat (id INTEGER PRIMARY KEY, player TEXT)")
            cursor.executemany(
                "INSERT INTO seat (player) VALUES (%s)", [(f"Spieler {n}",) for n in range(500)]
            )

        reading = screen.cursor()
        reading.execute("SELECT player FROM seat ORDER BY id")
        first_rows = reading.fetchmany(10)  # the screen has read part of its answer

        floor.set_autocommit(False)
        with floor.cursor() as cursor:
            cursor.execute("UPDATE seat SET player = NULL WHERE id = 1")
        floor.commit()  # the bust: in a rollback journal this waits for the reader and fails
        floor.set_autocommit(True)

        rest = reading.fetchall()
        reading.close()
        assert len(first_rows) + len(rest) == 500
        assert first_rows[0] == ("Spieler 0",)  # the reader saw one consistent state
        with screen.cursor() as cursor:
            cursor.execute("SELECT player FROM seat WHERE id = 1")
            assert cursor.fetchone() == (None,)  # and the next read sees the bust
    finally:
        screen.close()
        floor.close()
