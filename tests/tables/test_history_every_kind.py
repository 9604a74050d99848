"""The history page (the only page with "Undo") renders every kind of row
the action log holds, in words, in German and in English (README "Places, re-entries and moves").

It answered 500 for every tournament whose blind structure was saved: the
page read the structure's level count (``entries``) as a list of entry ids.
Here one evening does every action the app logs, then the page is read."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from django.utils import translation

from clock.services.boundaries import boundary_fire
from tables.models import Table
from tables.services.chip_counts import colour_up_record
from tables.services.moves import breaking_order_set
from tables.services.planning import floor_replan
from tables.web.history import ACTION_NAMES, described
from tournament import changes
from tournament.models import ActionLog, Entry, PayoutSettings, Tournament
from tournament.services.prize_pool import prize_addition_remove
from tournament.web.log_words import ROOM_NAMES
from tournament.writes import tournament_write

pytestmark = pytest.mark.django_db

# w.log("kind", ...) and the kinds named by keyword or constant.
KIND_IN_SOURCE = re.compile(
    r'\bw\.log\(\s*"([a-z_]+)"|kind="([a-z_]+)"'
    r'|^[A-Z_]+ = "([a-z_]+)"$|"(tables_reserved)" if reserve else "(tables_opened)"'
    r'|f"entry_\{kind\}"',
    re.MULTILINE,
)


def logged_kinds_in_the_code() -> set[str]:
    kinds: set[str] = set()
    root = Path(settings.BASE_DIR)
    for app in ("tournament", "tables", "clock", "rulings", "screens", "privacy"):
        for path in (root / app).rglob("services*/**/*.py"):
            text = path.read_text()
            if "audit.append" not in text and "w.log(" not in text:
                continue
            for match in KIND_IN_SOURCE.finditer(text):
                if match.group(0).startswith('f"entry_'):
                    kinds |= {"entry_rebuy", "entry_addon"}
                kinds |= {group for group in match.groups() if group}
    return kinds


def ok(response, status: int = 200):
    assert response.status_code == status, response.content
    return response.json()


def seated(api, tid: int) -> list[dict]:
    return [
        {**player, "table_id": table["id"], "table": table["number"]}
        for table in api.get(f"/tournaments/{tid}/tables").json()
        for player in table["players"]
    ]


def carry_out_moves(api, tid: int) -> None:
    while pending := api.get(f"/tournaments/{tid}/moves?status=pending").json():
        ok(api.post(f"/moves/{pending[0]['id']}/done"))


def undo_from_the_history_page(user, tid: int, kind: str) -> None:
    client = Client()
    client.force_login(user)
    action = ActionLog.objects.filter(tournament_id=tid, kind=kind).latest("pk")
    response = client.post(f"/floor/history/{action.pk}/undo/", follow=True)
    said = [str(message) for message in response.context["messages"]]
    # A bust taken back also says where the player sits again.
    assert said == ["Undone."] or (len(said) == 1 and said[0].startswith("Bust undone:")), said


def play_the_floor(api, director, tid: int) -> None:
    """Tables, seats, hands, moves, breaks, busts and undo: the floor's evening."""
    ok(api.post(f"/tournaments/{tid}/tables", {"count": 2, "seats": 6}), 201)
    ok(api.post(f"/tournaments/{tid}/tables", {"count": 1, "seats": 6, "reserve": True}), 201)
    entries = [
        ok(api.post(f"/tournaments/{tid}/entries", {"name": f"Gast {n:02}"}), 201)["id"]
        for n in range(11)
    ]
    ok(api.post(f"/tournaments/{tid}/keep-apart", {"entries": entries[:2]}), 201)
    ok(api.post(f"/tournaments/{tid}/draw"))
    # Two late entries fill the open tables; the third opens the reserve table.
    for n in range(2):
        ok(api.post(f"/tournaments/{tid}/entries", {"name": f"Spät {n}"}), 201)
    assert Table.objects.get(tournament_id=tid, number=3).status == "open"
    breaking_order_set(tournament_id=tid, numbers=[3, 2, 1], by=director)
    table = api.get(f"/tournaments/{tid}/tables").json()[0]
    ok(api.put(f"/tables/{table['id']}/button", {"seat": table["players"][0]["seat"]}))
    ok(api.post(f"/tables/{table['id']}/hands"))
    ok(api.put(f"/tournaments/{tid}/hand-for-hand", {"on": True}))
    ok(api.post(f"/tables/{table['id']}/hand-finished"))
    ok(api.put(f"/tournaments/{tid}/hand-for-hand", {"on": False}))
    players = seated(api, tid)
    mover = next(p for p in players if p["table"] != 3)
    pending = api.get(f"/tournaments/{tid}/moves?status=pending").json()
    taken = {p["seat"] for p in players if p["table"] == 3}
    free = set(range(1, 7)) - taken - {m["to_seat"] for m in pending if m["to_table"] == 3}
    manual = {"entry": mover["entry"], "to_table": 3, "to_seat": min(free)}
    moved = ok(api.post(f"/tournaments/{tid}/moves", manual), 201)
    ok(api.post(f"/moves/{moved['id']}/cancel"))
    with tournament_write(tid, by=director) as w:
        floor_replan(w)
        w.record("tables", parts=(changes.MOVES, changes.TABLES))
    for _ in range(3):
        ok(api.post(f"/entries/{seated(api, tid)[-1]['entry']}/bust"))
        carry_out_moves(api, tid)
    back = ActionLog.objects.filter(tournament_id=tid, kind="bust").latest("pk").data["entry"]
    ok(api.post(f"/entries/{back}/unbust"))
    carry_out_moves(api, tid)
    # With no table breaking while registration is open (the room's choice), table 2
    # breaks by hand into a new table 4, late entries fill the floor, and a bust at
    # table 2 is taken back.
    ok(api.patch(f"/tournaments/{tid}", {"break_during_registration": False}))
    at_two = next(p for p in seated(api, tid) if p["table"] == 2)
    ok(api.post(f"/entries/{at_two['entry']}/bust"))
    carry_out_moves(api, tid)
    ok(api.post(f"/tournaments/{tid}/tables", {"count": 1, "seats": 6}), 201)
    ok(api.post(f"/tables/{Table.objects.get(tournament_id=tid, number=2).pk}/break"))
    carry_out_moves(api, tid)
    for n in range(2):
        ok(api.post(f"/tournaments/{tid}/entries", {"name": f"Ganz Spät {n}"}), 201)
    ok(api.post(f"/entries/{at_two['entry']}/unbust"))
    carry_out_moves(api, tid)
    # The floor reopens a broken table only when a player left at it finds no
    # seat anywhere; the row it writes then:
    with tournament_write(tid, by=None) as w:
        w.log("table_back_in_play", {"tables": [2]})
        w.record("table_back_in_play", parts=(changes.TABLES,), tables=[2])
    # From the history page: a bust and a hand taken back.
    ok(api.post(f"/entries/{seated(api, tid)[-1]['entry']}/bust"))
    carry_out_moves(api, tid)
    ok(api.post(f"/tables/{Table.objects.get(tournament_id=tid, number=1).pk}/hands"))
    for kind in ("bust", "next_hand"):
        undo_from_the_history_page(director, tid, kind)
    table = Table.objects.filter(tournament_id=tid, status="open").first()
    colour_up_record(table_id=table.pk, removed=25, chips_before=1000, chips_after=1100, by=None)


def keep_and_discard_a_refused_queued_bust(api, tid: int) -> None:
    """A tablet back online sends a bust it took offline of a player already out:
    kept for the director, who discards it (README "When the network drops")."""
    gone = Entry.objects.filter(tournament_id=tid, status=Entry.Status.BUSTED).first()
    headers = {"Offline-Queue": "1", "Idempotency-Key": "history-queued-bust"}
    refused = api.client.post(
        f"/api/v1/entries/{gone.pk}/bust", "{}", "application/json", headers=headers, **api.headers
    )
    assert refused.status_code == 409
    conflict = api.get(f"/tournaments/{tid}/conflicts").json()[0]
    ok(api.post(f"/conflicts/{conflict['id']}/resolve", {"how": "discarded", "reason": "doppelt"}))


def run_the_clock_and_the_room(api, tid: int) -> None:
    ok(api.post(f"/tournaments/{tid}/structure/template", {"template": "turbo"}))
    ok(api.post(f"/tournaments/{tid}/clock/start"))
    # A proposal to finish on time (README "Finish on time: hard stop"), applied.
    ok(api.post(f"/tournaments/{tid}/forecast/proposals/apply", {"proposal": "shorten-8"}))
    chips = [{"value": value} for value in (25, 100, 500, 1000, 5000, 25000)]
    ok(api.put(f"/tournaments/{tid}/chips", {"chips": chips}))
    for name in ("pause", "resume", "next", "previous"):
        ok(api.post(f"/tournaments/{tid}/clock/{name}"))
    ok(api.post(f"/tournaments/{tid}/clock/adjust", {"delta_seconds": 60}))
    ok(api.post(f"/tournaments/{tid}/clock/remaining", {"remaining_seconds": 300}))
    ok(api.post(f"/tournaments/{tid}/clock/level", {"level_index": 1}))
    player = seated(api, tid)[0]
    call = {"table": player["table"], "seat": player["seat"]}
    called = ok(api.post(f"/tournaments/{tid}/clock-calls", call), 201)
    ok(api.post(f"/clock-calls/{called['id']}/cancel"))
    shot = {"enabled": True, "action_seconds": 30, "extension_seconds": 30, "extensions_per_day": 2}
    ok(api.put(f"/tournaments/{tid}/shot-clock/settings", shot))
    turn = ok(api.post(f"/tables/{player['table_id']}/shot-clock", {"seat": player["seat"]}), 201)
    ok(api.post(f"/shot-clock/{turn['id']}/extend"))
    ok(api.post(f"/shot-clock/{turn['id']}/stop"))
    ruling = {
        "category": "other",
        "situation": "Karte aufgedeckt",
        "decision": "Hand bleibt gültig",
        "table": player["table"],
        "entries": [player["entry"]],
    }
    made = ok(api.post(f"/tournaments/{tid}/rulings", ruling), 201)
    ok(api.post(f"/rulings/{made['id']}/amendments", {"text": "Nachtrag"}), 201)
    cheat = seated(api, tid)[-1]
    disqualification = {
        **ruling,
        "situation": "Chips versteckt",
        "decision": "Disqualifiziert",
        "table": cheat["table"],
        "entries": [cheat["entry"]],
        "penalty": {"entry": cheat["entry"], "kind": "disqualification"},
    }
    ok(api.post(f"/tournaments/{tid}/rulings", disqualification), 201)
    ok(api.post(f"/tournaments/{tid}/announcements", {"text": "Pause in 10 Minuten"}), 201)
    assert api.delete(f"/tournaments/{tid}/announcements").status_code == 204
    ok(api.post(f"/tables/{player['table_id']}/floor-call", {"reason": "Frage"}), 201)
    assert boundary_fire(tournament_id=tid, key="registration_closed:3:1")


def pay_the_prizes(api, director, tid: int) -> None:
    ok(
        api.patch(
            f"/tournaments/{tid}/payouts/settings", {"rebuy_price": "20", "addon_price": "20"}
        )
    )
    player = seated(api, tid)[0]
    ok(api.post(f"/entries/{player['entry']}/rebuys", {}), 201)
    ok(api.post(f"/entries/{player['entry']}/addons", {}), 201)
    added = ok(
        api.post(f"/tournaments/{tid}/prize-additions", {"amount": "100", "note": "Bar"}), 201
    )
    prize_addition_remove(tournament_id=tid, addition_id=added["id"], by=director)
    ok(api.put(f"/tournaments/{tid}/payouts", {"percentages": ["70", "30"], "rounding": "1"}))
    high_hand = {"name": "High Hand", "amount": "50", "source": "house"}
    prize = ok(api.post(f"/tournaments/{tid}/special-prizes", high_hand), 201)
    award = {"entries": [player["entry"]], "reason": "Vierling Asse"}
    ok(api.post(f"/special-prizes/{prize['id']}/award", award))
    mistaken = ok(api.post(f"/tournaments/{tid}/special-prizes", high_hand), 201)
    assert api.delete(f"/special-prizes/{mistaken['id']}").status_code == 204
    while len(players := seated(api, tid)) > 2:
        ok(api.post(f"/entries/{players[-1]['entry']}/bust"))
        carry_out_moves(api, tid)
    stacks = [{"entry": p["entry"], "chips": 1000 + i} for i, p in enumerate(players)]
    ok(api.post(f"/tournaments/{tid}/deals", {"method": "chip_chop", "stacks": stacks}), 201)
    assert api.delete(f"/tournaments/{tid}/deal").status_code == 204
    ok(api.post(f"/entries/{players[-1]['entry']}/bust"))


def run_an_event_over_two_days(api) -> list[int]:
    body = {"name": "Festival", "flights": [{"name": "Tag 1"}], "stack_rule": "best"}
    flight = ok(api.post("/events", body), 201)
    day1 = flight["flights"][0]["id"]
    Tournament.objects.filter(pk=day1).update(day_stop_players=3)
    for n in range(5):
        ok(api.post(f"/tournaments/{day1}/entries", {"name": f"Flug {n}"}), 201)
    ok(api.post(f"/tournaments/{day1}/tables", {"count": 1}), 201)
    ok(api.post(f"/tournaments/{day1}/draw"))
    for _ in range(2):
        ok(api.post(f"/entries/{seated(api, day1)[-1]['entry']}/bust"))
    for table in api.get(f"/tournaments/{day1}/tables").json():
        counts = [{"seat": p["seat"], "chips": 1000} for p in table["players"]]
        ok(api.post(f"/tables/{table['id']}/chip-counts", {"counts": counts}), 201)
    ok(api.post(f"/tournaments/{day1}/end-day", {}))
    ok(api.post(f"/tournaments/{day1}/reopen-day", {"reason": "Zählfehler"}))
    ok(api.post(f"/tournaments/{day1}/end-day", {}))
    day2 = ok(api.post(f"/events/{flight['id']}/days", {"tables": 1}), 201)["tournament"]
    return [day1, day2]


def finish_an_unfinished_import(api) -> int:
    """A tournament as an unfinished TD3 file leaves it (README "Switching from
    TD3"), its two players still in, placed by the director."""
    tid = ok(api.post("/tournaments", {"name": "Aus TD3"}), 201)["id"]
    entries = [
        ok(api.post(f"/tournaments/{tid}/entries", {"name": f"TD3 {n}"}), 201)["id"] for n in (1, 2)
    ]
    PayoutSettings.objects.update_or_create(
        tournament_id=tid, defaults={"league_when_finished": True}
    )
    Tournament.objects.filter(pk=tid).update(status=Tournament.Status.RUNNING)
    ok(api.post(f"/tournaments/{tid}/finish", {"order": entries}))
    return tid


@pytest.fixture
def every_kind_logged(api, director) -> list[int]:
    tournament = {"name": "Alles", "starting_stack": 1000, "max_entries": 2}
    tid = ok(api.post("/tournaments", tournament), 201)["id"]
    ok(api.patch(f"/tournaments/{tid}", {"name": "Alles an einem Abend"}))
    play_the_floor(api, director, tid)
    keep_and_discard_a_refused_queued_bust(api, tid)
    run_the_clock_and_the_room(api, tid)
    pay_the_prizes(api, director, tid)
    return [tid, *run_an_event_over_two_days(api), finish_an_unfinished_import(api)]


def history(user, tournament_id: int, language: str) -> str:
    client = Client()
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(f"/tournaments/{tournament_id}/floor/history/")
    assert response.status_code == 200
    return response.content.decode()


def test_the_evening_logs_every_kind_the_code_can_log(every_kind_logged):
    # The tournaments' lines: a cash box's or a screen's are in no tournament's history.
    logged = set(ActionLog.objects.exclude(tournament=None).values_list("kind", flat=True))
    # The room's own lines (staff, seasons, templates ...) are the room log's
    # (tests/tournament/test_room_writes_logged.py), in no tournament's history.
    in_code = logged_kinds_in_the_code() - set(ROOM_NAMES)
    assert len(in_code) > 50
    assert in_code - logged == set(), "an action of the app is not performed here"
    assert logged <= set(ACTION_NAMES), "a kind without a name on the history page"


def test_the_history_page_renders_every_kind_in_both_languages(every_kind_logged, floor_user):
    for tid in every_kind_logged:
        rows = described(ActionLog.objects.filter(tournament_id=tid))
        for language in ("en", "de"):
            html = history(floor_user, tid, language)
            with translation.override(language):
                for action, _text in rows:
                    text = described([action])[0][1]
                    assert str(text) in html.replace("&#x27;", "'").replace("&quot;", '"')
            body = re.sub(r"<[^>]+>", " ", html[html.index("<main") :])
            assert not re.search(r"\b[a-z]+_[a-z_]+\b", body), "a raw kind shows"


def test_each_row_is_said_in_german_not_in_english(every_kind_logged):
    """Each kind's words are translated: the German sentence is not the English one."""
    same_in_both = {"Add-on"}
    for action in ActionLog.objects.filter(tournament_id__in=every_kind_logged):
        with translation.override("en"):
            english = described([action])[0][1]
        with translation.override("de"):
            german = described([action])[0][1]
        assert german != english or english in same_in_both, (action.kind, english)


def test_the_saved_blind_structure_shows_on_the_history_page(api, floor_user):
    tid = ok(api.post("/tournaments", {"name": "Nur Struktur"}), 201)["id"]
    ok(api.post(f"/tournaments/{tid}/structure/template", {"template": "turbo"}))
    assert "Blindstruktur gespeichert" in history(floor_user, tid, "de")
    assert "Blind structure saved" in history(floor_user, tid, "en")


def test_the_evening_of_every_kind_verifies_as_stored(every_kind_logged):
    """Every kind's data, hashed when written, hashes the same read back from the
    database (README "Audit trail"): the JSON as stored is the JSON hashed."""
    out = io.StringIO()
    call_command("audit", "verify", stdout=out)
    assert "audit trail verified" in out.getvalue()
