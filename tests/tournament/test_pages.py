"""The organiser's pages in English and German."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tournament.models import BountySettings, Entry, Tournament

pytestmark = pytest.mark.django_db


def signed_in(user, language: str = "en") -> Client:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = language
    return client


def test_anonymous_visitors_are_sent_to_the_login_page(db):
    response = Client().get("/")
    assert response.status_code == 302 and response.url.startswith("/login/")


def test_login_page_works_with_the_printed_credentials(director):
    client = Client()
    response = client.post("/login/", {"username": "dora", "password": "pw-dora"})
    assert response.status_code == 302
    assert client.get("/").status_code == 200


def test_director_creates_a_tournament_in_the_browser_form(director):
    client = signed_in(director)
    response = client.post(
        "/tournaments/new/",
        {
            "name": "Donnerstag",
            "table_size": 9,
            "starting_stack": 25000,
            "buy_in": "40",
            "fee": "5",
            "final_table_size": 9,
            "rulebook": "bdpv",
            "tie_rule": "",
            "late_registration_levels": 6,
            "max_entries": 2,
            "display_names": "nickname",
        },
    )
    assert response.status_code == 302
    tournament = Tournament.objects.get(name="Donnerstag")
    assert tournament.tie_rule == "button"


def test_the_form_sets_mystery_bounties_written_as_a_room_writes_them(director):
    client = signed_in(director, "de")
    form = {
        "name": "Mystery Sunday",
        "table_size": 9,
        "starting_stack": 25000,
        "buy_in": "40",
        "fee": "5",
        "rulebook": "tda2019",
        "late_registration_levels": 6,
        "max_entries": 1,
        "display_names": "nickname",
        "bounty_kind": "mystery",
        "mystery_prizes": "1.000\n500\n12,50",
        "mystery_start_level": 5,
    }
    assert client.post("/tournaments/new/", form).status_code == 302
    settings = BountySettings.objects.get(tournament=Tournament.objects.get())
    assert settings.kind == "mystery" and settings.mystery_start_level == 5
    assert settings.mystery_prizes == ["1000.00", "500.00", "12.50"]
    # The edit form shows them as it reads them: saving it again changes nothing.
    tid = Tournament.objects.get().pk
    page = client.get(f"/tournaments/{tid}/edit/").content.decode()
    assert "1.000,00\n500,00\n12,50" in page
    bad = client.post("/tournaments/new/", {**form, "mystery_prizes": "viel"})
    assert bad.status_code == 400
    assert "Geben Sie jede Mystery Bounty als Betrag an." in bad.content.decode()
    assert Tournament.objects.count() == 1


def test_a_bad_tournament_form_is_shown_again_with_a_400(director):
    response = signed_in(director).post("/tournaments/new/", {"name": "", "table_size": 12})
    assert response.status_code == 400


def test_german_pages_speak_of_turnier_tisch_and_spieler(director, api, tournament):
    api.post(f"/tournaments/{tournament['id']}/tables", {"count": 1})
    client = signed_in(director, "de")
    listing = client.get("/").content.decode()
    assert "Turnier" in listing
    desk = client.get(f"/tournaments/{tournament['id']}/desk/").content.decode()
    assert "Spieler" in desk
    plan = client.get(f"/tournaments/{tournament['id']}/plan/").content.decode()
    assert "Tisch" in plan


def test_registration_desk_registers_by_keyboard_and_finds_known_players(desk_user, tournament):
    client = signed_in(desk_user)
    response = client.post(f"/tournaments/{tournament['id']}/desk/", {"name": "Greta Neumann"})
    assert response.status_code == 302
    results = client.get(f"/tournaments/{tournament['id']}/desk/search/?q=gret").content.decode()
    assert "Greta Neumann" in results and "already in the tournament" in results


def test_registering_a_live_player_again_at_the_desk_is_refused_with_409(desk_user, tournament):
    client = signed_in(desk_user)
    client.post(f"/tournaments/{tournament['id']}/desk/", {"name": "Hans Richter"})
    player = Entry.objects.get().player_id
    response = client.post(f"/tournaments/{tournament['id']}/desk/", {"player": player})
    assert response.status_code == 409
    assert Entry.objects.count() == 1


def test_seat_card_shows_table_and_seat_after_the_draw(director, api, tournament):
    api.post(f"/tournaments/{tournament['id']}/tables", {"count": 1})
    entry = api.post(f"/tournaments/{tournament['id']}/entries", {"name": "Ines Krüger"}).json()
    api.post(f"/tournaments/{tournament['id']}/entries", {"name": "Jonas Wolf"})
    api.post(f"/tournaments/{tournament['id']}/draw")
    seated = next(
        e
        for e in api.get(f"/tournaments/{tournament['id']}/entries").json()
        if e["id"] == entry["id"]
    )
    card = signed_in(director, "de").get(f"/entries/{entry['id']}/card/").content.decode()
    assert "Ines Krüger" in card and f"<strong>{seated['seat']}</strong>" in card and "Sitz" in card


def test_entries_list_filters_by_status(director, api, tournament):
    api.post(f"/tournaments/{tournament['id']}/entries", {"name": "Karl Schubert"})
    page = signed_in(director).get(f"/tournaments/{tournament['id']}/entries/?status=busted")
    assert "Karl Schubert" not in page.content.decode()


def test_the_demo_command_loads_a_tournament_and_prints_a_working_login(db, capsys):
    from django.core.management import call_command

    call_command("demo")
    out = capsys.readouterr().out
    password = out.split("Password:")[1].split()[0]
    client = Client()
    assert client.post("/login/", {"username": "director", "password": password}).status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.entries.filter(status="seated").count() == 45
    assert tournament.tables.count() == 5


def test_the_director_can_reopen_registration_on_the_edit_page(director, api, tournament):
    from tournament.models import Tournament

    Tournament.objects.filter(pk=tournament["id"]).update(registration_closed=True)
    client = signed_in(director)
    page = client.get(f"/tournaments/{tournament['id']}/edit/").content.decode()
    assert 'name="registration_closed"' in page
    form = {
        "name": "Friday Freezeout",
        "table_size": 9,
        "starting_stack": 20000,
        "buy_in": "50",
        "fee": "5",
        "final_table_size": 9,
        "rulebook": "tda2019",
        "tie_rule": "share",
        "late_registration_levels": 4,
        "max_entries": 1,
        "display_names": "initial",
    }
    assert client.post(f"/tournaments/{tournament['id']}/edit/", form).status_code == 302
    reopened = Tournament.objects.get(pk=tournament["id"])
    assert reopened.registration_closed is False and reopened.display_names == "initial"
    assert (
        api.post(f"/tournaments/{tournament['id']}/entries", {"name": "Late Lukas"}).status_code
        == 201
    )


def test_a_new_tournament_keeps_the_public_name_style_chosen_in_the_form(director):
    client = signed_in(director)
    assert 'name="registration_closed"' not in client.get("/tournaments/new/").content.decode()
    client.post(
        "/tournaments/new/",
        {
            "name": "Initials",
            "table_size": 9,
            "starting_stack": 20000,
            "buy_in": "10",
            "fee": "0",
            "final_table_size": 9,
            "rulebook": "tda2019",
            "tie_rule": "",
            "late_registration_levels": 0,
            "max_entries": 1,
            "display_names": "initial",
        },
    )
    assert Tournament.objects.get(name="Initials").display_names == "initial"


@pytest.mark.parametrize(
    ("language", "label", "keep"),
    [
        ("en", "Break tables during registration", "No, every table stays until registration"),
        (
            "de",
            "Tische während der Anmeldung auflösen",
            "Nein, alle Tische bleiben bis Anmeldeschluss",
        ),
    ],
)
def test_the_form_asks_whether_tables_break_during_registration(director, language, label, keep):
    client = signed_in(director, language)
    page = client.get("/tournaments/new/").content.decode()
    assert label in page and keep in page
    form = {
        "name": "Club night",
        "table_size": 8,
        "starting_stack": 20000,
        "buy_in": "20",
        "fee": "0",
        "final_table_size": 8,
        "rulebook": "tda2019",
        "tie_rule": "",
        "late_registration_levels": 6,
        "max_entries": 3,
        "display_names": "nickname",
        "break_during_registration": "False",
    }
    assert client.post("/tournaments/new/", form).status_code == 302
    tournament = Tournament.objects.get(name="Club night")
    assert tournament.break_during_registration is False
    # A form posted without the choice (an older script) keeps the tournament's setting.
    del form["break_during_registration"]
    form["tie_rule"] = "share"
    assert client.post(f"/tournaments/{tournament.pk}/edit/", form).status_code == 302
    tournament.refresh_from_db()
    assert tournament.break_during_registration is False
    form["break_during_registration"] = "True"
    assert client.post(f"/tournaments/{tournament.pk}/edit/", form).status_code == 302
    tournament.refresh_from_db()
    assert tournament.break_during_registration is True


def test_entries_per_player_refuses_0_on_the_form(director, tournament):
    client = signed_in(director)
    page = client.get(f"/tournaments/{tournament['id']}/edit/").content.decode()
    assert re.search(r'name="max_entries"[^>]*min="1"', page)
    form = {
        "name": "Friday Freezeout",
        "table_size": 9,
        "starting_stack": 20000,
        "buy_in": "50",
        "fee": "5",
        "final_table_size": 9,
        "rulebook": "tda2019",
        "tie_rule": "share",
        "late_registration_levels": 4,
        "max_entries": 0,
        "display_names": "initial",
    }
    response = client.post(f"/tournaments/{tournament['id']}/edit/", form)
    assert response.status_code == 400
    assert "max_entries" in response.context["form"].errors
    assert Tournament.objects.get(pk=tournament["id"]).max_entries == 1


EDIT_FORM = {
    "name": "Friday Freezeout",
    "table_size": 9,
    "starting_stack": 20000,
    "buy_in": "50",
    "fee": "5",
    "final_table_size": 9,
    "rulebook": "tda2019",
    "tie_rule": "share",
    "late_registration_levels": 4,
    "max_entries": 3,
    "display_names": "initial",
}


def test_the_tournament_form_sets_re_entry_rebuy_and_add_on_prices_beside_the_entries(
    director, tournament
):
    from tournament.services.prize_pool import payout_settings_for

    client = signed_in(director, "de")
    page = client.get(f"/tournaments/{tournament['id']}/edit/").content.decode()
    order = [
        page.index(f'name="{name}"')
        for name in ("max_entries", "re_entry_price", "addon_after_level", "max_players")
    ]
    assert order == sorted(order)  # right after the entries per player
    prices = {
        "re_entry_price": "45",
        "re_entry_fee": "5",
        "rebuy_price": "20",
        "rebuy_chips": "10.000",
        "rebuy_limit": "2",
        "rebuy_until_level": "6",
        "addon_price": "20",
        "addon_chips": "15.000",
        "addon_after_level": "6",
    }
    assert (
        client.post(f"/tournaments/{tournament['id']}/edit/", {**EDIT_FORM, **prices}).status_code
        == 302
    )
    settings = payout_settings_for(Tournament.objects.get(pk=tournament["id"]))
    assert (settings.re_entry_price, settings.rebuy_chips, settings.rebuy_limit) == (45, 10000, 2)
    assert (settings.addon_chips, settings.addon_after_level) == (15000, 6)
    # A post without the prices (an older script) keeps them.
    assert client.post(f"/tournaments/{tournament['id']}/edit/", EDIT_FORM).status_code == 302
    assert payout_settings_for(Tournament.objects.get(pk=tournament["id"])).rebuy_limit == 2


def test_a_bad_price_on_the_tournament_form_is_named_and_nothing_is_saved(director, tournament):
    client = signed_in(director)
    bad = client.post(
        f"/tournaments/{tournament['id']}/edit/",
        {**EDIT_FORM, "rebuy_price": "-5", "name": "Renamed"},
    )
    assert bad.status_code == 400
    assert "rebuy_price" in bad.context["prices"].errors
    assert Tournament.objects.get(pk=tournament["id"]).name != "Renamed"


def test_a_new_tournament_takes_its_add_on_from_the_form(director):
    from tournament.services.prize_pool import payout_settings_for

    client = signed_in(director)
    form = {**EDIT_FORM, "name": "Add-on night", "addon_price": "10", "addon_chips": "5000"}
    assert client.post("/tournaments/new/", form).status_code == 302
    settings = payout_settings_for(Tournament.objects.get(name="Add-on night"))
    assert (settings.addon_price, settings.addon_chips) == (10, 5000)
