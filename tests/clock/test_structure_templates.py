"""Templates the room saves from a tournament's structure (README "Blind structure
templates"): saved, listed beside the built-in ones, applied, replaced, deleted."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from clock.models import SavedTemplate, Structure
from clock.services import templates
from tests.test_pages_speak_german import english_words, visible_text
from tournament.errors import Conflict, FieldInvalid, NotFound
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

LEVELS = [
    {"kind": "level", "small_blind": 100, "big_blind": 200, "seconds": 900},
    {"kind": "break", "seconds": 600, "color_up": [25]},
    {"kind": "level", "small_blind": 200, "big_blind": 400, "ante": 400, "seconds": 900},
]
ANSWERED_LEVELS = [
    {
        "kind": "level",
        "small_blind": 100,
        "big_blind": 200,
        "ante": 0,
        "big_blind_ante": False,
        "seconds": 900,
    },
    {"kind": "break", "seconds": 600, "color_up": [25]},
    {
        "kind": "level",
        "small_blind": 200,
        "big_blind": 400,
        "ante": 400,
        "big_blind_ante": False,
        "seconds": 900,
    },
]


@pytest.fixture
def structured(api, tournament) -> dict:
    response = api.put(f"/tournaments/{tournament['id']}/structure", {"levels": LEVELS})
    assert response.status_code == 200, response.content
    return tournament


def other_tournament(api, name: str = "Saturday Deepstack") -> int:
    body = {"name": name, "starting_stack": 30000, "buy_in": "100", "fee": "10"}
    return api.post("/tournaments", body).json()["id"]


# -- services ----------------------------------------------------------------


def test_a_saved_template_is_named_after_the_tournament_by_default(structured, director):
    saved = templates.template_save(tournament_id=structured["id"], by=director)
    assert saved.created
    assert (saved.template.title, saved.template.kind) == ("Friday Freezeout", "saved")
    assert saved.template.key == f"saved-{saved.template.id}"
    assert saved.template.starting_stack == 20000
    row = SavedTemplate.objects.get()
    assert row.levels == ANSWERED_LEVELS and row.created_by == director


def test_the_list_holds_the_built_in_templates_first_then_the_saved_ones(structured, director):
    templates.template_save(tournament_id=structured["id"], name="Zebra", by=director)
    templates.template_save(tournament_id=structured["id"], name="apple", by=director)
    listed = templates.templates_list()
    assert [c.key for c in listed[:3]] == ["club20", "turbo", "deepstack"]
    assert [(c.kind, c.title) for c in listed[3:]] == [("saved", "apple"), ("saved", "Zebra")]


def test_a_taken_name_is_refused_unless_the_director_replaces_it(api, structured, director):
    templates.template_save(tournament_id=structured["id"], name="Club Night", by=director)
    other = other_tournament(api)
    api.post(f"/tournaments/{other}/structure/template", {"template": "turbo"})
    with pytest.raises(templates.TemplateNameTaken) as taken:
        templates.template_save(tournament_id=other, name="  club   night ", by=director)
    assert taken.value.name == "club night" and taken.value.status == 409
    assert SavedTemplate.objects.get().levels == ANSWERED_LEVELS
    replaced = templates.template_save(
        tournament_id=other, name="club night", replace=True, by=director
    )
    assert not replaced.created and SavedTemplate.objects.count() == 1
    assert SavedTemplate.objects.get().levels[0]["seconds"] == 600  # the turbo's


def test_a_tournament_without_a_structure_has_nothing_to_save(tournament, director):
    with pytest.raises(Conflict):
        templates.template_save(tournament_id=tournament["id"], by=director)
    with pytest.raises(NotFound):
        templates.template_save(tournament_id=999999, by=director)
    assert not SavedTemplate.objects.exists()


@pytest.mark.parametrize("name", ["   ", "x" * 121])
def test_a_name_that_is_empty_or_too_long_is_refused(structured, director, name):
    with pytest.raises(FieldInvalid):
        templates.template_save(tournament_id=structured["id"], name=name, by=director)


def test_a_finished_tournaments_structure_can_be_saved(structured, director):
    # An imported TD3 tournament is a finished tournament with a structure.
    Tournament.objects.filter(pk=structured["id"]).update(status="finished")
    saved = templates.template_save(tournament_id=structured["id"], name="ORF 2025", by=director)
    assert templates.template_entries(saved.template.key) == saved.template.entries
    assert len(saved.template.entries) == 3


def test_a_deleted_template_is_gone_and_an_unknown_key_is_a_404(structured, director):
    saved = templates.template_save(tournament_id=structured["id"], by=director)
    templates.template_delete(template_id=saved.template.id, by=director)
    assert not SavedTemplate.objects.exists()
    for key in (saved.template.key, "saved-x", "saved-", "nothing"):
        with pytest.raises(NotFound):
            templates.template_entries(key)
    with pytest.raises(NotFound):
        templates.template_delete(template_id=saved.template.id, by=director)


# -- API ---------------------------------------------------------------------


def test_save_as_template_through_the_api_and_apply_it_to_another_tournament(api, structured):
    response = api.post(
        f"/tournaments/{structured['id']}/structure/save-as-template", {"name": "Friday"}
    )
    assert response.status_code == 201, response.content
    made = response.json()
    assert (made["kind"], made["title"], made["levels"]) == ("saved", "Friday", ANSWERED_LEVELS)
    listed = api.get("/structure-templates").json()
    assert [t["kind"] for t in listed] == ["builtin"] * 3 + ["saved"]
    assert listed[0]["id"] is None and listed[3]["key"] == made["key"]
    other = other_tournament(api)
    applied = api.post(f"/tournaments/{other}/structure/template", {"template": made["key"]})
    assert applied.status_code == 200, applied.content
    assert applied.json()["levels"] == ANSWERED_LEVELS
    assert Structure.objects.get(tournament_id=other).levels == ANSWERED_LEVELS


def test_a_taken_name_is_a_409_and_replace_answers_200(api, structured):
    url = f"/tournaments/{structured['id']}/structure/save-as-template"
    assert api.post(url, {}).status_code == 201
    taken = api.post(url, {"name": "FRIDAY FREEZEOUT"})
    assert taken.status_code == 409 and "FRIDAY FREEZEOUT" in taken.json()["detail"]
    replaced = api.post(url, {"name": "FRIDAY FREEZEOUT", "replace": True})
    assert replaced.status_code == 200 and replaced.json()["title"] == "FRIDAY FREEZEOUT"
    assert [t["title"] for t in api.get("/structure-templates").json()[3:]] == ["FRIDAY FREEZEOUT"]


def test_bad_template_requests_answer_a_4xx_and_change_nothing(api, structured, tournament):
    url = f"/tournaments/{structured['id']}/structure/save-as-template"
    assert api.post(url, {"name": ""}).status_code == 422
    assert api.post(url, {"name": "x" * 121}).status_code == 422
    assert api.post(url, {"replace": "yes"}).status_code == 422
    assert api.post("/tournaments/999999/structure/save-as-template", {}).status_code == 404
    assert api.delete("/structure-templates/999999").status_code == 404
    missing = {"template": "saved-999999"}
    assert api.post(f"/tournaments/{tournament['id']}/structure/template", missing).status_code == (
        404
    )
    assert not SavedTemplate.objects.exists()


def test_only_a_director_saves_or_deletes_a_template(api, floor_api, structured):
    url = f"/tournaments/{structured['id']}/structure/save-as-template"
    assert floor_api.post(url, {}).status_code == 403
    made = api.post(url, {}).json()
    assert floor_api.get("/structure-templates").status_code == 200
    assert floor_api.delete(f"/structure-templates/{made['id']}").status_code == 403
    assert api.delete(f"/structure-templates/{made['id']}").status_code == 204
    assert len(api.get("/structure-templates").json()) == 3


def test_the_german_reader_is_told_the_name_is_taken_in_german(api, structured):
    url = f"/tournaments/{structured['id']}/structure/save-as-template"
    api.post(url, {})
    api.headers["HTTP_ACCEPT_LANGUAGE"] = "de"
    detail = api.post(url, {}).json()["detail"]
    assert detail.startswith("Eine Vorlage „Friday Freezeout“ gibt es schon")


# -- the structure editor ----------------------------------------------------


@pytest.fixture
def director_client(director) -> Client:
    client = Client()
    client.force_login(director)
    return client


def test_the_editor_saves_a_template_asks_before_replacing_and_loads_it(
    api, director_client, structured
):
    page = f"/tournaments/{structured['id']}/structure/"
    save = f"/tournaments/{structured['id']}/structure/save-as-template/"
    response = director_client.post(save, {"name": "Club Night"}, follow=True)
    text = response.content.decode()
    assert "Saved as template “Club Night”." in text
    assert '<optgroup label="Saved by this room"><option value="saved-' in text
    # The same name again: the page asks before it replaces.
    response = director_client.post(save, {"name": "club night"}, follow=True)
    text = response.content.decode()
    assert "Replace the template “club night” with this tournament’s structure?" in text
    response = director_client.post(save, {"name": "club night", "replace": "1"}, follow=True)
    assert "Template “club night” replaced." in response.content.decode()
    key = templates.templates_list()[3].key
    other = other_tournament(api)
    response = director_client.post(
        f"/tournaments/{other}/structure/", {"action": "template", "template": key}
    )
    assert response.status_code == 200 and response.content.count(b'value="level"') == 2
    assert director_client.get(page).status_code == 200


def test_the_editor_speaks_german_about_templates(director_client, structured):
    director_client.cookies["django_language"] = "de"
    save = f"/tournaments/{structured['id']}/structure/save-as-template/"
    response = director_client.post(save, {}, follow=True)
    text = response.content.decode()
    assert "Als Vorlage „Friday Freezeout“ gespeichert." in text
    assert "Als Vorlage speichern" in text and "Eigene Vorlagen" in text
    again = director_client.post(save, {}, follow=True).content.decode()  # asks to replace
    assert "Die Vorlage „Friday Freezeout“ durch die Struktur dieses Turniers ersetzen?" in again
    # The JSON export ("kind": "break") is data, not words of the page.
    words = re.sub(r"<textarea\b.*?</textarea>", " ", again, flags=re.S)
    assert english_words(visible_text(words)) == []
    template = SavedTemplate.objects.get()
    page = f"/tournaments/{structured['id']}/structure/"
    response = director_client.post(
        f"/structure-templates/{template.pk}/delete/", {"next": page}, follow=True
    )
    assert "Vorlage gelöscht." in response.content.decode()
    assert not SavedTemplate.objects.exists()


def test_floor_staff_cannot_save_a_template_from_the_page(floor_user, structured):
    client = Client()
    client.force_login(floor_user)
    save = f"/tournaments/{structured['id']}/structure/save-as-template/"
    assert client.post(save, {}).status_code == 403
    assert client.get(save).status_code in (403, 405)
    assert not SavedTemplate.objects.exists()
