"""The one write unit (tournament/writes), on one tournament: one lock, one log line per
call, the touched tables kept on the write, one version, the change handed to
the screens after the commit, and a loud failure for a write that tells the
screens nothing (README "How a floor action flows")."""

from __future__ import annotations

import pytest

from tournament import changes
from tournament.models import ActionLog, Player, Tournament
from tournament.writes import HOUSE, Actor, UnrecordedWrite, tournament_write


@pytest.fixture
def composed(monkeypatch):
    """The changes handed to the screens, in order."""
    seen: list[changes.Change] = []
    monkeypatch.setattr(changes, "_composer", [seen.append])
    return seen


def version_of(tournament_id: int) -> int:
    return Tournament.objects.values_list("version", flat=True).get(pk=tournament_id)


def test_a_write_logs_records_and_hands_its_change_over_after_the_commit(
    tournament, director, composed, django_capture_on_commit_callbacks
):
    before = version_of(tournament["id"])
    with django_capture_on_commit_callbacks(execute=True):
        with tournament_write(tournament["id"], by=director) as w:
            w.log("note", {"text": "table 3 short"})
            w.touch(tables=[3])
            # A step that reads the tournament again keeps what was touched.
            Tournament.objects.get(pk=tournament["id"])
            version = w.record("note", parts=(changes.SUMMARY,), tables=[5, None])
            assert composed == []  # nothing leaves before the commit
    assert version == before + 1 == version_of(tournament["id"])
    [change] = composed
    assert (change.event, change.version, change.tables) == ("note", version, frozenset({3, 5}))
    assert change.parts == frozenset({changes.SUMMARY})
    line = ActionLog.objects.get(kind="note")
    assert (line.data, line.by) == ({"text": "table 3 short"}, director)


def test_a_write_inside_a_write_joins_it_with_one_version(tournament, director, composed):
    before = version_of(tournament["id"])
    with tournament_write(tournament["id"], by=director) as outer:
        with tournament_write(tournament["id"], by=None) as inner:
            assert inner is outer
            inner.touch(tables=[2])
            inner.record("seat", parts=(changes.TABLES,))
        outer.record("register", parts=(changes.SUMMARY,), tables=[4])
    assert version_of(tournament["id"]) == before + 1


def test_a_write_that_changes_rows_and_records_nothing_fails(tournament, director):
    with pytest.raises(UnrecordedWrite):
        with tournament_write(tournament["id"], by=director) as w:
            Player.objects.create(name="Ada Lovelace")
            w.log("player", {})
    assert not Player.objects.filter(name="Ada Lovelace").exists()  # rolled back


def test_a_read_only_step_needs_no_record(tournament, director):
    with tournament_write(tournament["id"], by=director) as w:
        assert w.tournament.pk == tournament["id"]


def test_an_unknown_part_is_refused_where_it_is_touched(tournament, director):
    with pytest.raises(ValueError, match="unknown screen parts"):
        with tournament_write(tournament["id"], by=director) as w:
            w.touch(parts=("seats",))


def test_the_actor_is_the_user_or_the_house(director):
    assert Actor.of(director).user == director
    assert Actor.of(Actor.of(director)).user_id == director.pk
    assert Actor.of(None) == HOUSE
    assert Actor.of(object()).user is None
