"""The rule catalog through the API and the services: rulebooks and house rules together."""

from __future__ import annotations

import pytest

from rulings.services.catalog import house_rule_create, rules_resolve
from tests.rulings.rules.test_rule_catalog import RULES_NAMED_IN_INDEX
from tournament.errors import Invalid

pytestmark = pytest.mark.django_db


def ids(response) -> list[str]:
    assert response.status_code == 200, response.content
    return [r["id"] for r in response.json()]


@pytest.mark.parametrize("query", ["TDA2019-10", "tda 10", "TDA-10"])
def test_rules_are_found_by_number_first(floor_api, query):
    assert ids(floor_api.get(f"/rules?q={query}"))[0] == "TDA2019-10"


def test_rules_are_found_by_a_german_word(floor_api):
    assert "TDA2019-10" in ids(floor_api.get("/rules?q=Tischausgleich"))


def test_rules_are_found_by_an_english_word(floor_api):
    assert "TDA2019-10" in ids(floor_api.get("/rules?q=balancing"))


def test_the_summary_follows_the_request_language(floor_api):
    english = floor_api.get("/rules?q=TDA2019-69").json()[0]
    assert english["summary"] == english["summary_en"]
    floor_api.client.cookies["django_language"] = "de"
    german = floor_api.get("/rules?q=TDA2019-69").json()[0]
    assert german["summary"] == german["summary_de"] != german["summary_en"]


def test_an_empty_query_finds_nothing(floor_api):
    assert ids(floor_api.get("/rules?q=")) == []


def test_every_rule_named_in_the_index_resolves_for_a_ruling():
    resolved, unknown = rules_resolve(RULES_NAMED_IN_INDEX)
    assert unknown == []
    assert len(resolved) == len(set(resolved)) >= 130


def test_house_rules_are_searched_with_the_catalog_and_citable(director, floor_api, api, game):
    rule = house_rule_create(
        title_de="Handyverbot am Tisch",
        title_en="No phones at the table",
        summary_de="Während einer laufenden Hand bleibt das Telefon in der Tasche.",
        summary_en="During a live hand the phone stays in the pocket.",
        keywords_de="Handy, Telefon",
        keywords_en="phone, mobile",
        by=director,
    )
    assert rule.rule_id == "HOUSE-1"
    assert ids(floor_api.get("/rules?q=Handyverbot")) == ["HOUSE-1"]
    assert "HOUSE-1" in ids(floor_api.get("/rules?q=phone"))
    assert ids(floor_api.get("/rules?q=house 1"))[0] == "HOUSE-1"
    response = api.post(
        f"/tournaments/{game['id']}/rulings",
        {
            "category": "etiquette",
            "situation": "Phone on the table during a hand.",
            "decision": "Warning.",
            "rules": ["house-1", "TDA2019-5"],
        },
    )
    assert response.status_code == 201, response.content
    assert response.json()["rules"] == ["HOUSE-1", "TDA2019-5"]


def test_house_rules_are_numbered_on(director):
    texts = {"summary_de": "Text.", "summary_en": "Text."}
    first = house_rule_create(title_de="Eins", title_en="One", by=director, **texts)
    second = house_rule_create(title_de="Zwei", title_en="Two", by=director, **texts)
    assert (first.rule_id, second.rule_id) == ("HOUSE-1", "HOUSE-2")


def test_a_house_rule_needs_both_languages(director):
    with pytest.raises(Invalid):
        house_rule_create(
            title_de="Nur Deutsch", title_en="", summary_de="Text.", summary_en="", by=director
        )
