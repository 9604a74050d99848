"""The Hendon Mob results file (README "Results out: formats"): the columns its
upload takes, UTF-8, ISO dates, amounts with a dot and two decimals; directors only;
names as each player chose, a hidden one as "Player N"."""

from __future__ import annotations

import csv
import io
import re

import pytest

from formats.labels import public_labels
from formats.rules.money_out import HENDON_MOB_COLUMNS
from formats.selectors import placed_rows
from tests.formats.finished_scenario import HIDDEN_NAME

pytestmark = pytest.mark.django_db


def read(response) -> list[list[str]]:
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    return list(csv.reader(io.StringIO(response.content.decode("utf-8"))))


def test_the_file_has_the_uploads_columns_and_formats(api, finished):
    finished.name = "Freitagsturnier, Köln"
    finished.save()
    rows = read(api.get(f"/tournaments/{finished.pk}/export/hendon-mob"))
    assert rows[0] == list(HENDON_MOB_COLUMNS)
    assert len(rows) > 1
    places = [int(r[0]) for r in rows[1:]]
    assert places == sorted(places) and places[0] == 1
    for _place, _name, country, prize, currency, event, day in rows[1:]:
        assert re.fullmatch(r"\d+\.\d\d", prize) and float(prize) > 0
        assert currency == "EUR" and event == "Freitagsturnier, Köln" and country == ""
        assert re.fullmatch(r"\d{4}-\d\d-\d\d", day)
    total = sum(float(r[3]) for r in rows[1:])
    assert total == 300.0  # six buy-ins of 50, all paid out


def test_names_follow_each_players_choice(api, finished):
    rows = placed_rows(finished)
    labels = dict(
        zip(
            (r.entry.player.name for r in rows),
            public_labels([r.entry.player for r in rows]),
            strict=True,
        )
    )
    text = api.get(f"/tournaments/{finished.pk}/export/hendon-mob").content.decode()
    assert HIDDEN_NAME not in text and "Verborgen" not in text
    assert labels[HIDDEN_NAME] == f"Player {list(labels).index(HIDDEN_NAME) + 1}"
    for row in csv.reader(io.StringIO(text)):
        assert row[1] in {*labels.values(), "name"}


def test_only_a_director_downloads_it(floor_api, desk_api, anonymous_api, finished):
    for client in (floor_api, desk_api):
        assert client.get(f"/tournaments/{finished.pk}/export/hendon-mob").status_code == 403
    assert anonymous_api.get(f"/tournaments/{finished.pk}/export/hendon-mob").status_code == 401


def test_an_unknown_tournament_is_a_404(api):
    assert api.get("/tournaments/999999/export/hendon-mob").status_code == 404
