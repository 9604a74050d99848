"""The walk's second half: the desk's money, pre-registrations, the end of play,
prizes, tickets and pots, players, seasons, events, layouts, screens and a TD3
import (README "Sent twice, done once")."""

from __future__ import annotations

from tests.api.write_walk import TILES, Walk, ctx
from tests.imports.td3_files import needed_td3_files
from tournament.models import Entry, PayoutSettings, Tournament


def desk_money(w: Walk) -> None:
    tid = ctx["t"]
    own = w.api.get("/shifts").json()[0]["id"]  # the director's own, opened with his account
    assert w.api.post(f"/shifts/{own}/close", {"counted": "0"}).status_code == 200
    box = w.send("POST /api/v1/cash-boxes", "/cash-boxes", {"name": "Kasse Walk"})
    w.send(
        "PATCH /api/v1/cash-boxes/{box_id}", f"/cash-boxes/{box['id']}", {"name": "Kasse Walk 2"}
    )
    shift = w.send(
        "POST /api/v1/cash-boxes/{box_id}/shifts",
        f"/cash-boxes/{box['id']}/shifts",
        {"float": "100"},
    )
    ctx["box"] = box["id"]
    on_account = {"payment": {"method": "account"}}
    owing = [
        w.api.post(f"/tournaments/{tid}/entries", {"name": name, **on_account}).json()
        for name in ("Otto Konto", "Olga Konto")
    ]
    paid = w.send(
        "POST /api/v1/entries/{entry_id}/payments",
        f"/entries/{owing[0]['id']}/payments",
        {"method": "card"},
    )
    w.send(
        "POST /api/v1/ledger/{row_id}/settle",
        f"/ledger/{owing[1]['payment']['id']}/settle",
        {"method": "cash"},
    )
    w.send(
        "POST /api/v1/ledger/{row_id}/reverse",
        f"/ledger/{paid['id']}/reverse",
        {"reason": "Irrtum"},
    )
    late = w.api.post(f"/tournaments/{tid}/entries", {"name": "Late Larry"}).json()
    w.send(
        "POST /api/v1/entries/{entry_id}/refund",
        f"/entries/{late['id']}/refund",
        {"reason": "Left"},
    )
    ctx["shift"] = shift


def pre_registrations(w: Walk) -> None:
    """On a tournament of the schedule, open for pre-registration (a fixture)."""
    tid = w.api.post("/tournaments", {"name": "Walk Friday", "max_players": 20}).json()["id"]
    Tournament.objects.filter(pk=tid).update(listed=True, pre_registration_open=True)
    w.send(
        "POST /api/v1/tournaments/{tournament_id}/pre-registrations",
        f"/tournaments/{tid}/pre-registrations",
        {"name": "Petra Vorab"},
    )
    w.api.post(f"/tournaments/{tid}/pre-registrations", {"name": "Rolf Vorab"})
    third = w.api.post(f"/tournaments/{tid}/pre-registrations", {"name": "Sven Vorab"}).json()
    listed = {p["name"]: p for p in w.api.get(f"/tournaments/{tid}/pre-registrations").json()}
    first, other = listed["Petra Vorab"], listed["Rolf Vorab"]
    w.send(
        "POST /api/v1/pre-registrations/{pre_registration_id}/check-in",
        f"/pre-registrations/{first['id']}/check-in",
        {},
    )
    w.send(
        "POST /api/v1/pre-registrations/{pre_registration_id}/revoke",
        f"/pre-registrations/{other['id']}/revoke",
    )
    w.send("DELETE /api/v1/pre-registrations/{token}", f"/pre-registrations/{third['token']}")


def play_to_the_end(w: Walk) -> None:
    """Everyone but two out; a deal between them, taken back; the winner by a bust."""
    tid = ctx["t"]
    live = list(
        Entry.objects.filter(tournament_id=tid, status="seated")
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    for entry in live[2:]:
        assert w.api.post(f"/entries/{entry}/bust", {}).status_code == 200
    stacks = [{"entry": live[0], "chips": 300000}, {"entry": live[1], "chips": 100000}]
    deal = {"method": "chip_chop", "stacks": stacks}
    w.send(
        "POST /api/v1/tournaments/{tournament_id}/deals/preview",
        f"/tournaments/{tid}/deals/preview",
        deal,
    )
    w.send("POST /api/v1/tournaments/{tournament_id}/deals", f"/tournaments/{tid}/deals", deal)
    w.send("DELETE /api/v1/tournaments/{tournament_id}/deal", f"/tournaments/{tid}/deal")
    assert w.api.post(f"/entries/{live[1]}/bust", {}).status_code == 200
    w.send(
        "POST /api/v1/entries/{entry_id}/prize/pay",
        f"/entries/{live[0]}/prize/pay",
        {"method": "cash"},
    )
    correction = w.send(
        "POST /api/v1/results/{entry_id}/corrections",
        f"/results/{live[0]}/corrections",
        {"points": "5", "reason": "Walk correction"},
    )
    w.send("DELETE /api/v1/corrections/{correction_id}", f"/corrections/{correction['id']}")
    w.send(
        "POST /api/v1/tournaments/{tournament_id}/results/publish",
        f"/tournaments/{tid}/results/publish",
    )
    w.send(
        "POST /api/v1/shifts/{shift_id}/close",
        f"/shifts/{ctx['shift']['id']}/close",
        {"counted": "100"},
    )


def finish_a_saved_import(w: Walk) -> None:
    """A tournament saved before its end (as a TD3 import leaves it; a fixture)."""
    tid = w.api.post("/tournaments", {"name": "Walk import"}).json()["id"]
    entries = [
        w.api.post(f"/tournaments/{tid}/entries", {"name": f"Saved {n}"}).json()["id"]
        for n in range(3)
    ]
    Tournament.objects.filter(pk=tid).update(status=Tournament.Status.RUNNING)
    PayoutSettings.objects.update_or_create(
        tournament_id=tid, defaults={"league_when_finished": True}
    )
    w.send(
        "POST /api/v1/tournaments/{tournament_id}/finish",
        f"/tournaments/{tid}/finish",
        {"order": entries},
    )


def satellite_tickets_and_pots(w: Walk) -> None:
    """A satellite paying two tickets and a club night keeping money back, both
    played to their end as fixtures (their busts are not what is sent here)."""
    w.api.post(f"/cash-boxes/{ctx['box']}/shifts", {"float": "0"})  # the walk's closed
    main = w.api.post("/tournaments", {"name": "Walk Main Event", "buy_in": "225", "fee": "25"})
    main_id = main.json()["id"]
    sat = w.api.post("/tournaments", {"name": "Walk Satellite", "buy_in": "50", "fee": "5"}).json()
    entries = [
        w.api.post(f"/tournaments/{sat['id']}/entries", {"name": f"Sat {n}"}).json()
        for n in range(12)
    ]
    satellite = {"target_tournament": main_id, "ticket_value": "250.00", "tickets": 2}
    assert (
        w.api.put(f"/tournaments/{sat['id']}/payouts", {"satellite": satellite}).status_code == 200
    )
    for place, entry in enumerate(entries[1:], start=2):
        Entry.objects.filter(pk=entry["id"]).update(status="busted", place=place)
    Tournament.objects.filter(pk=sat["id"]).update(status="finished")
    fixed = w.send(
        "POST /api/v1/tournaments/{tournament_id}/prizes/fix",
        f"/tournaments/{sat['id']}/prizes/fix",
    )
    tickets = fixed["tickets"]
    someone = entries[5]["player"]
    w.send(
        "POST /api/v1/tickets/{ticket_id}/transfer",
        f"/tickets/{tickets[0]['id']}/transfer",
        {"player": someone, "reason": "Sold his seat"},
    )
    w.send(
        "POST /api/v1/tickets/{ticket_id}/buy-in",
        f"/tickets/{tickets[0]['id']}/buy-in",
        {"tournament": main_id},
    )
    w.send(
        "POST /api/v1/tickets/{ticket_id}/refund",
        f"/tickets/{tickets[1]['id']}/refund",
        {"reason": "Cannot travel"},
    )
    club = w.api.post("/tournaments", {"name": "Walk club", "buy_in": "100", "fee": "10"}).json()
    players = [
        w.api.post(f"/tournaments/{club['id']}/entries", {"name": f"Club {n}"}).json()
        for n in range(10)
    ]
    kept = {"amounts": ["500.00", "300.00", "100.00"], "kept_back_reason": "Walk final"}
    assert w.api.put(f"/tournaments/{club['id']}/payouts", kept).status_code == 200
    for place, entry in enumerate(players[1:], start=2):
        Entry.objects.filter(pk=entry["id"]).update(status="busted", place=place)
    Tournament.objects.filter(pk=club["id"]).update(status="finished")
    assert w.api.post(f"/tournaments/{club['id']}/prizes/fix").status_code == 200
    pot = w.api.get("/pots").json()[0]["id"]
    w.send(
        "POST /api/v1/pots/{pot_id}/move",
        f"/pots/{pot}/move",
        {"tournament": main_id, "amount": "60"},
    )
    w.send(
        "POST /api/v1/pots/{pot_id}/pay-out",
        f"/pots/{pot}/pay-out",
        {"amount": "40", "reason": "Club account"},
    )


def players(w: Walk) -> None:
    out = Entry.objects.filter(tournament_id=ctx["t"], status="busted").exclude(
        pk=ctx["anna"]["id"]
    )
    player = out.values_list("player_id", flat=True).first()
    w.send(
        "POST /api/v1/players/{player_id}/consent", f"/players/{player}/consent", {"contact": False}
    )
    w.send(
        "POST /api/v1/players/{player_id}/erase",
        f"/players/{player}/erase",
        {"reason": "her request"},
    )
    w.send("POST /api/v1/players/retention/run", "/players/retention/run")
    w.send(
        "PATCH /api/v1/players/{player_id}",
        f"/players/{out.values_list('player_id', flat=True).last()}",
        {"public_name": "pseudonym", "pseudonym": "Walk pseudonym"},
    )


def seasons_and_tickets(w: Walk) -> None:
    season = w.send("POST /api/v1/seasons", "/seasons", {"name": "Walk season"})
    w.send("PUT /api/v1/seasons/{season_id}", f"/seasons/{season['id']}", {"name": "Walk season 2"})
    w.send(
        "POST /api/v1/seasons/formula-preview",
        "/seasons/formula-preview",
        {"formula": "linear", "field": 20},
    )
    w.send("PUT /api/v1/ticket-settings", "/ticket-settings", {"ticket_change": True})


def events_and_days(w: Walk) -> None:
    event = w.send(
        "POST /api/v1/events",
        "/events",
        {"name": "Walk Main", "flights": [{"name": "1A"}], "stack_rule": "best"},
    )
    flight = event["flights"][0]["id"]
    w.api.post(f"/tournaments/{flight}/tables", {"count": 1, "seats": 9})
    for n in range(4):
        w.api.post(f"/tournaments/{flight}/entries", {"name": f"Flight {n}"})
    w.api.post(f"/tournaments/{flight}/draw")
    [table] = w.api.get(f"/tournaments/{flight}/tables").json()
    counts = [{"seat": p["seat"], "chips": 20000 + p["seat"]} for p in table["players"]]
    assert w.api.post(f"/tables/{table['id']}/chip-counts", {"counts": counts}).status_code < 300
    w.send("POST /api/v1/tournaments/{tournament_id}/end-day", f"/tournaments/{flight}/end-day", {})
    w.send(
        "POST /api/v1/tournaments/{tournament_id}/reopen-day",
        f"/tournaments/{flight}/reopen-day",
        {"reason": "Miscount"},
    )
    w.api.post(f"/tournaments/{flight}/end-day", {})
    w.send(
        "POST /api/v1/events/{event_id}/days",
        f"/events/{event['id']}/days",
        {"tables": 1, "seats": 9},
    )


def layouts_and_screens(w: Walk) -> None:
    layout = w.send("POST /api/v1/layouts", "/layouts", {"name": "Walk board", "tiles": TILES})
    w.send("PUT /api/v1/layouts/{layout_id}", f"/layouts/{layout['id']}", {"name": "Walk board 2"})
    copy = w.send("POST /api/v1/layouts/{layout_id}/copy", f"/layouts/{layout['id']}/copy")
    w.send("DELETE /api/v1/layouts/{layout_id}", f"/layouts/{copy['id']}")
    exported = w.api.get(f"/layouts/{layout['id']}/export").json()
    w.send("POST /api/v1/layouts/import", "/layouts/import", {**exported, "name": "Imported walk"})
    screen = w.send("POST /api/v1/screens", "/screens", {"name": "Bar TV"})
    w.send("PATCH /api/v1/screens/{screen_id}", f"/screens/{screen['id']}", {"name": "Bar TV 2"})
    w.send("DELETE /api/v1/screens/{screen_id}", f"/screens/{screen['id']}")


def td3(w: Walk) -> None:
    files = [(path.name, path.read_bytes()) for path in needed_td3_files("other")][:1]
    w.send("POST /api/v1/imports/td3/preview", "/imports/td3/preview", files={"file": files})
    w.send("POST /api/v1/imports/td3", "/imports/td3", files={"file": files})
