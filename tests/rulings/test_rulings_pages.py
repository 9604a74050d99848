"""The ruling pages: tablet form, assistant, log, exports, rule catalog."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client
from django.utils.html import escape

from rulings.models import HouseRule, Ruling
from tests.rulings.conftest import seated

pytestmark = pytest.mark.django_db


def test_the_tablet_form_renders_in_german_with_table_and_seat_filled_in(german_floor_client, game):
    player = seated(game, table=1)[0]
    url = f"/tournaments/{game['id']}/rulings/new/?table=1&seat={player['seat']}"
    response = german_floor_client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Neue Entscheidung" in html
    assert "Verwarnung" in html and "Disqualifikation" in html
    assert "Handlung außer der Reihe" in html
    assert 'name="table" min="1" inputmode="numeric" value="1"' in html
    assert f'value="{player["entry"]}" checked' in html


def test_the_tablet_form_logs_a_ruling_with_a_penalty(floor_client, game):
    offender = seated(game, table=1)[1]
    response = floor_client.post(
        f"/tournaments/{game['id']}/rulings/new/",
        {
            "table": "1",
            "entries": [str(offender["entry"])],
            "category": "etiquette",
            "situation": "Slow-rolled the nuts.",
            "decision": "Two missed hands.",
            "rules": "TDA2019-69, tda 1",
            "penalty_kind": "missed_hands",
            "penalty_entry": str(offender["entry"]),
            "penalty_count": "2",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    ruling = Ruling.objects.get()
    assert ruling.rules == ["TDA2019-69", "TDA2019-1"]
    assert ruling.penalty.hands == 2
    assert ruling.decided_by.username == "fritz"


def test_the_tablet_form_shows_a_refused_penalty_and_keeps_the_input(floor_client, game):
    offender = seated(game, table=1)[1]
    response = floor_client.post(
        f"/tournaments/{game['id']}/rulings/new/",
        {
            "table": "1",
            "category": "etiquette",
            "situation": "Threw cards at the dealer.",
            "decision": "Missed rounds.",
            "penalty_kind": "missed_rounds",
            "penalty_entry": str(offender["entry"]),
        },
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "Give the number of hands or rounds." in html
    assert "Threw cards at the dealer." in html
    assert not Ruling.objects.exists()


def test_desk_staff_cannot_open_the_tablet_form(desk_user, game):
    client = Client()
    client.force_login(desk_user)
    assert client.get(f"/tournaments/{game['id']}/rulings/new/").status_code == 403


def test_the_assistant_asks_then_proposes_and_hands_over_to_the_form(floor_client, game):
    base = f"/tournaments/{game['id']}/rulings/assistant/"
    first = floor_client.get(base + "?situation=misdeal&table=1").content.decode()
    assert "What went wrong in the deal?" in first
    assert "Proposed decision" not in first
    done = floor_client.get(
        base + "?situation=misdeal&table=1&reason=first_cards_exposed&substantial_action=no"
    )
    html = done.content.decode()
    assert "Proposed decision" in html
    assert "Misdeal: collect the cards" in html
    assert done.context["proposal"]["confirm_url"].startswith(
        f"/tournaments/{game['id']}/rulings/new/?table=1&category=misdeal"
    )
    form = floor_client.get(done.context["proposal"]["confirm_url"]).content.decode()
    assert "Misdeal: collect the cards" in form
    assert "TDA2019-35" in form


def test_a_confirmed_proposal_is_recorded_as_confirmed(floor_client, game):
    floor_client.post(
        f"/tournaments/{game['id']}/rulings/new/",
        {
            "category": "string_bet",
            "situation": "Chips in two motions.",
            "decision": "Not a string bet: the raise was declared first. The declared amount "
            "counts; without an amount, the rest may follow the call amount in exactly one "
            "more motion.",
            "rules": "TDA2019-46, TDAX-36, TDA2019-40, IFP-4.13",
            "assistant_situation": "string_bet",
            "assistant_answers": "declared=yes",
        },
    )
    assert Ruling.objects.get().assistant == {
        "situation": "string_bet",
        "answers": {"declared": True},
        "proposal_rules": ["TDA2019-46", "TDAX-36", "TDA2019-40", "IFP-4.13"],
        "confirmed": True,
    }


def log_two_rulings(api, game) -> tuple[dict, dict]:
    offender = seated(game, table=1)[0]
    first = api.post(
        f"/tournaments/{game['id']}/rulings",
        {
            "category": "etiquette",
            "situation": "=SUM(A1) swore at the dealer",
            "decision": "Warning.",
            "rules": ["TDA2019-69"],
            "penalty": {"entry": offender["entry"], "kind": "warning"},
        },
    ).json()
    second = api.post(
        f"/tournaments/{game['id']}/rulings",
        {
            "category": "etiquette",
            "situation": "Swore again.",
            "decision": "One round.",
            "rules": ["TDA2019-69"],
            "penalty": {"entry": offender["entry"], "kind": "missed_rounds", "count": 1},
        },
    ).json()
    api.post(f"/rulings/{first['id']}/amendments", {"text": "Player apologised to the dealer."})
    return first, second


def test_the_log_shows_repeat_offenders_and_amendments_under_the_original(api, floor_client, game):
    first, _second = log_two_rulings(api, game)
    html = floor_client.get(f"/tournaments/{game['id']}/rulings/").content.decode()
    assert "2 offences" in html
    assert "1 warning" in html and "1 penalty" in html
    original = html.index(f'id="ruling-{first["id"]}"')
    assert html.index("Player apologised to the dealer.") > original
    assert "1 round × 9 players = 9 hands" in html


def test_the_log_filters_by_penalty(api, floor_client, game):
    log_two_rulings(api, game)
    response = floor_client.get(f"/tournaments/{game['id']}/rulings/?penalty=warning")
    assert [row["penalty"].kind for row in response.context["rows"]] == ["warning"]


def test_the_csv_export_has_a_row_per_ruling_and_defuses_formulas(api, floor_client, game):
    first, second = log_two_rulings(api, game)
    response = floor_client.get(f"/tournaments/{game['id']}/rulings.csv")
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert [r[0] for r in rows[1:]] == [str(first["id"]), str(second["id"])]
    assert rows[1][6] == "'=SUM(A1) swore at the dealer"
    assert "Player apologised to the dealer." in rows[1][14]
    assert rows[2][12] == "9"


def test_the_printable_log_lists_every_ruling(api, floor_client, game):
    log_two_rulings(api, game)
    html = floor_client.get(f"/tournaments/{game['id']}/rulings/print/").content.decode()
    assert html.count('class="card ruling"') == 2
    # The print button is wired by page_actions.js (no inline script under the CSP).
    assert "data-print" in html
    assert "js/page_actions.js" in html


def test_an_amendment_from_the_log_page_keeps_the_original(api, floor_client, game):
    first, _ = log_two_rulings(api, game)
    response = floor_client.post(f"/rulings/{first['id']}/amendments/", {"text": "Appeal denied."})
    assert response.status_code == 302
    ruling = Ruling.objects.get(pk=first["id"])
    assert ruling.decision == "Warning."
    assert [a.text for a in ruling.amendments.all()] == [
        "Player apologised to the dealer.",
        "Appeal denied.",
    ]


def test_the_catalog_shows_the_summary_in_the_page_language(floor_client):
    english = floor_client.get("/rules/?q=balancing")
    rule = english.context["rules"][0]
    assert rule["id"] == "TDA2019-10"
    assert escape(rule["summary_en"]) in english.content.decode()
    floor_client.cookies["django_language"] = "de"
    german = floor_client.get("/rules/?q=Tischausgleich")
    assert german.context["rules"][0]["id"] == "TDA2019-10"
    html = german.content.decode()
    assert escape(rule["summary_de"]) in html
    assert escape(rule["summary_en"]) not in html


def test_the_rule_search_partial_offers_rules_to_add(floor_client):
    html = floor_client.get("/rules/search/?q=tda 10").content.decode()
    assert 'data-add-rule="TDA2019-10"' in html


def test_a_director_adds_a_house_rule_from_the_catalog_page(director):
    client = Client()
    client.force_login(director)
    response = client.post(
        "/rules/",
        {
            "title_de": "Kein Rauchen",
            "title_en": "No smoking",
            "summary_de": "Im Turniersaal wird nicht geraucht.",
            "summary_en": "Nobody smokes in the tournament room.",
            "keywords_de": "Rauchen",
            "keywords_en": "smoking",
        },
    )
    assert response.status_code == 302
    assert HouseRule.objects.get().rule_id == "HOUSE-1"
    assert "No smoking" in client.get("/rules/?q=smoking").content.decode()


def test_floor_staff_cannot_add_house_rules(floor_client):
    floor_client.post(
        "/rules/",
        {"title_de": "X", "title_en": "X", "summary_de": "X", "summary_en": "X"},
    )
    assert not HouseRule.objects.exists()
