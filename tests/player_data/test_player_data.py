"""Player data (README "Player data"): contact data only with consent, withdrawn with
it; the export holds every kind of record naming the player; after an
erasure no row of the database holds his old name, e-mail or phone, while
the results and the league standings are unchanged apart from the name; a
player still playing is not erased."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from screens import live
from screens.snapshots import screen_snapshot
from tournament import changes
from tournament.models import Player, PrivacyLog, Tournament

pytestmark = pytest.mark.django_db

NAME, EMAIL, PHONE = "Annegret Vogelsang", "annegret.v@example.org", "+49 170 5550123"


def everything() -> str:
    out = io.StringIO()
    call_command("dumpdata", stdout=out, exclude=["contenttypes", "auth.permission"])
    return out.getvalue()


def with_old_name(rows: list[dict[str, Any]], pseudonym: str) -> list[dict[str, Any]]:
    """The rows as they read before the erasure, if only the name changed."""
    return [{**row, "name": NAME if row["name"] == pseudonym else row["name"]} for row in rows]


@pytest.fixture
def finished(api):
    """A finished bounty tournament where Annegret busted, counted, ruled on."""
    tid = api.post(
        "/tournaments",
        {"name": "Data Cup", "buy_in": "50", "bounty": {"kind": "knockout", "amount": "10"}},
    ).json()["id"]
    api.post(f"/tournaments/{tid}/tables", {"count": 1})
    her = api.post(
        f"/tournaments/{tid}/entries",
        {
            "name": NAME,
            "nickname": "Vogel",
            "email": EMAIL,
            "phone": PHONE,
            "consent": {"contact": True},
        },
    ).json()
    for n in range(3):
        api.post(f"/tournaments/{tid}/entries", {"name": f"Gast{n} Nr{n}"})
    api.post(f"/tournaments/{tid}/draw")
    players = api.get(f"/tournaments/{tid}/tables").json()[0]["players"]
    table = api.get(f"/tournaments/{tid}/tables").json()[0]["id"]
    api.post(
        f"/tables/{table}/chip-counts",
        {"counts": [{"seat": p["seat"], "chips": 20000} for p in players]},
    )
    api.post(
        f"/tournaments/{tid}/rulings",
        {
            "category": "etiquette",
            "situation": f"{NAME} berated the dealer.",
            "decision": "Warning for Vogel.",
            "rules": ["TDA2019-69"],
            "penalty": {"entry": her["id"], "kind": "warning"},
        },
    )
    others = [p["entry"] for p in players if p["entry"] != her["id"]]
    api.post(f"/entries/{others[0]}/bust", {"eliminated_by": [her["id"]]})
    api.post(f"/entries/{her['id']}/bust", {"eliminated_by": [others[1]]})
    api.post(f"/entries/{others[1]}/bust", {"eliminated_by": [others[2]]})
    return tid, her


def test_contact_data_needs_consent_and_goes_with_it(api):
    tid = api.post("/tournaments", {"name": "Consent"}).json()["id"]
    refused = api.post(
        f"/tournaments/{tid}/entries", {"name": "Ohne Zustimmung", "email": "o@example.org"}
    )
    assert refused.status_code == 422 and "consent" in refused.json()["detail"].lower()
    assert not Player.objects.filter(email="o@example.org").exists()
    made = api.post(
        f"/tournaments/{tid}/entries",
        {"name": "Mit Zustimmung", "phone": "0170 1", "consent": {"contact": True}},
    ).json()
    player = Player.objects.get(pk=made["player"])
    assert player.consent_contact and player.consent_at and player.phone == "0170 1"
    assert api.post(f"/players/{player.pk}/consent", {"contact": False}).status_code == 200
    player.refresh_from_db()
    assert (player.phone, player.email, player.consent_contact) == ("", "", False)
    kinds = list(PrivacyLog.objects.filter(player=player).values_list("kind", flat=True))
    assert set(kinds) == {"consent_given", "consent_withdrawn"}


def test_the_desk_and_the_api_record_what_the_player_agreed_to(api, director):
    tid = api.post("/tournaments", {"name": "What for"}).json()["id"]
    both = api.post(
        f"/tournaments/{tid}/entries",
        {"name": "Nora News", "email": "n@example.org", "consent": {"contact": True, "news": True}},
    ).json()
    only_results = api.post(
        f"/tournaments/{tid}/entries",
        {"name": "Rolf Result", "email": "r@example.org", "consent": {"contact": True}},
    ).json()
    client = Client()
    client.force_login(director)
    desk = client.post(
        f"/tournaments/{tid}/desk/",
        {"name": "Dana Desk", "phone": "0170 2", "consent": "on", "consent_news": "on"},
    )
    assert desk.status_code == 302
    agreed = {
        p.name: (p.consent_contact, p.consent_news, p.consent_by_id)
        for p in Player.objects.filter(pk__in=[both["player"], only_results["player"]])
        | Player.objects.filter(name="Dana Desk")
    }
    assert agreed == {
        "Nora News": (True, True, director.pk),
        "Rolf Result": (True, False, director.pk),
        "Dana Desk": (True, True, director.pk),
    }


def test_the_export_holds_every_record_that_names_the_player(api, finished):
    tid, her = finished
    data = api.get(f"/players/{her['player']}/export").json()
    assert data["player"]["email"] == EMAIL and data["consent"]["contact"]
    assert [e["tournament"] for e in data["entries"]] == ["Data Cup"]
    assert data["entries"][0]["place"] == 3 and data["entries"][0]["bounties_won"] == "10.00"
    assert data["rulings"] and NAME in data["rulings"][0]["situation"]
    assert data["penalties"][0]["kind"] == "warning"
    assert data["chip_counts"][0]["chips"] == 20000
    assert PrivacyLog.objects.filter(kind="export").count() == 1


def test_an_erased_player_is_nowhere_in_the_database_and_the_results_stand(api, finished):
    tid, her = finished
    before = api.get(f"/tournaments/{tid}/results").json()
    assert NAME in everything() and EMAIL in everything()
    erased = api.post(f"/players/{her['player']}/erase", {"reason": f"{NAME} asked for it"})
    assert erased.status_code == 200, erased.content
    pseudonym = erased.json()["pseudonym"]
    assert erased.json()["rulings_to_review"]
    dump = everything()
    for secret in (NAME, EMAIL, PHONE, "Vogel"):
        assert secret not in dump, secret
    after = api.get(f"/tournaments/{tid}/results").json()
    assert with_old_name(after, pseudonym) == before
    assert PrivacyLog.objects.filter(kind="erasure").count() == 1


def test_an_erased_players_league_standing_is_unchanged_apart_from_the_name(api, finished):
    tid, her = finished
    season = api.post("/seasons", {"name": "Data League", "participation": "1"}).json()["id"]
    attached = api.patch(f"/tournaments/{tid}/payouts/settings", {"season": season})
    assert attached.status_code == 200, attached.content
    before = api.get(f"/seasons/{season}/standings").json()
    # Her row must be in the table and score, or an erasure that dropped her
    # entries (and so her row) could not be told from one that kept them.
    [hers] = [row for row in before["standings"] if row["player"] == her["player"]]
    assert hers["name"] == NAME and hers["points"] != "0.00" and hers["best_place"] == 3
    erased = api.post(f"/players/{her['player']}/erase", {"reason": "retention period over"})
    assert erased.status_code == 200, erased.content
    pseudonym = erased.json()["pseudonym"]
    assert pseudonym == f"Player {her['player']}"
    after = api.get(f"/seasons/{season}/standings").json()
    # Ranks, points, wins, places and tournaments all compare, not only her row.
    assert {**after, "standings": with_old_name(after["standings"], pseudonym)} == before
    assert NAME not in json.dumps(after, ensure_ascii=False)


def test_screens_show_the_pseudonym_at_once_after_an_erasure(
    api, finished, django_capture_on_commit_callbacks, monkeypatch
):
    tid, her = finished
    before = {
        audience: screen_snapshot(tid, audience=audience) for audience in (live.DISPLAY, live.FLOOR)
    }
    assert all("Vogel" in copy.text for copy in before.values())
    told: list[changes.Change] = []
    composers = list(changes._composer)  # the screens' own, which must cope with every part
    assert composers

    def tell(change: changes.Change) -> None:
        told.append(change)
        for compose in composers:
            compose(change)

    monkeypatch.setattr(changes, "_composer", [tell])
    with django_capture_on_commit_callbacks(execute=True):
        erased = api.post(f"/players/{her['player']}/erase", {"reason": "his request"})
    assert erased.status_code == 200, erased.content
    # Open screens are told (every part that can name a player), and a screen
    # that connects now gets a snapshot built again, not the copy from before.
    [change] = told
    assert change.tournament_id == tid and {"results", "summary"} <= change.parts
    for audience, copy in before.items():
        now = screen_snapshot(tid, audience=audience)
        assert now.version > copy.version
        # Erased is hidden in public (README "Results out"): labelled by her place
        # in the list, never by her old name or her player number.
        assert "Vogel" not in now.text
        assert re.search(r'"name": "Player \d+"', now.text), audience


@pytest.mark.parametrize("pseudonym", ["Player 7", "Player 93", "Spieler 1234"])
def test_public_screens_show_a_pseudonym_whole(pseudonym):
    for style in Tournament.DisplayNames.values:
        assert Player(name=pseudonym).public_name(style) == pseudonym
    assert Player(name="Anna Berg").public_name() == "Anna B."


def test_a_player_still_in_a_running_tournament_is_not_erased(api):
    tid = api.post("/tournaments", {"name": "Running"}).json()["id"]
    entry = api.post(f"/tournaments/{tid}/entries", {"name": NAME}).json()
    refused = api.post(f"/players/{entry['player']}/erase", {"reason": "asked"})
    assert refused.status_code == 409 and "Running" in refused.json()["detail"]
    assert Player.objects.get(pk=entry["player"]).name == NAME


def test_only_directors_see_or_erase_player_data(floor_api, api):
    tid = api.post("/tournaments", {"name": "Roles"}).json()["id"]
    player = api.post(f"/tournaments/{tid}/entries", {"name": NAME}).json()["player"]
    assert floor_api.get(f"/players/{player}/export").status_code == 403
    assert floor_api.post(f"/players/{player}/erase", {"reason": "x"}).status_code == 403


def test_the_player_data_page_in_german(director, api, finished):
    _tid, her = finished
    client = Client()
    client.force_login(director)
    client.cookies["django_language"] = "de"
    page = client.get(f"/players/{her['player']}/data/").content.decode()
    assert "Spielerdaten" in page and EMAIL in page and "Spieler löschen" in page
    download = client.get(f"/players/{her['player']}/data/?format=json")
    assert (
        download["Content-Disposition"].startswith("attachment")
        and EMAIL in download.content.decode()
    )
