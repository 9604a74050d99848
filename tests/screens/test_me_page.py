"""The player's page as served (README "The player's page"): in the reader's
language, with no contact data, and a page that says so for an unknown link."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.test import Client

from prereg.models import EntryLink, PreRegistration
from screens.web.me_views import TRIES
from tests.screens.conftest import SECRET_EMAIL, assert_private_data_absent, seated_tournament
from tests.screens.test_me_api import link_for
from tests.test_pages_speak_german import english_words, visible_text
from tournament.models import ActionLog, Entry

pytestmark = pytest.mark.django_db


def test_his_page_speaks_german_and_carries_no_contact_data(director):
    tournament = seated_tournament(director)
    anna = Entry.objects.get(tournament=tournament, player__name="Anna Keller")
    response = Client().get(f"/me/{link_for(anna.pk)}?lang=de")
    assert response.status_code == 200
    page = response.content.decode()
    assert response["Content-Language"] == "de"
    assert "Ihr Sitz" in page and "Anna K." in page
    words = visible_text(page).replace(tournament.name, "")  # the room named it
    assert english_words(words) == []
    assert_private_data_absent(page)
    assert SECRET_EMAIL not in page


@pytest.mark.parametrize(("lang", "words"), [("de", "unbekannt"), ("en", "unknown")])
def test_an_unknown_link_opens_a_page_that_says_so(db, lang, words):
    response = Client().get(f"/me/no-such-link?lang={lang}")
    assert response.status_code == 404
    assert words in response.content.decode()


def checked_in_at_a_seat(director):
    tournament = seated_tournament(director)
    entry = Entry.objects.select_related("seat__table").get(
        tournament=tournament, player__name="Bernd Schulz"
    )
    pre = PreRegistration.objects.get(token=link_for(entry.pk))
    where = {"table": entry.seat.table.number, "seat": entry.seat.number}
    return tournament, pre, where


def test_the_seat_finder_leads_a_player_to_his_page_with_his_code(director):
    cache.clear()
    tournament, pre, where = checked_in_at_a_seat(director)
    lobby = Client().get(f"/lobby/{tournament.pk}/?lang=de&q=Bernd").content.decode()
    finder = f"/lobby/{tournament.pk}/me/"
    assert f'href="{finder}?table={where["table"]}&amp;seat={where["seat"]}&amp;lang=de"' in lobby
    client = Client()
    asked = client.get(finder, {**where, "lang": "de"})
    assert asked.status_code == 200 and "Bernd S." in asked.content.decode()
    wrong = client.post(f"{finder}?lang=de", {**where, "code": "XXXXXX"})
    assert wrong.status_code == 400
    assert "gehört nicht zu diesem Sitz" in wrong.content.decode()
    right = client.post(f"{finder}?lang=de", {**where, "code": pre.code.lower()})
    assert right.status_code == 303
    assert right["Location"] == f"/me/{pre.token}?lang=de"


def test_the_seat_finder_stops_guessing_codes_after_a_few_tries(director):
    cache.clear()
    tournament, pre, where = checked_in_at_a_seat(director)
    finder = f"/lobby/{tournament.pk}/me/?lang=en"
    client = Client()
    for _try in range(TRIES):
        assert client.post(finder, {**where, "code": "WRONG1"}).status_code == 400
    blocked = client.post(finder, {**where, "code": pre.code})
    assert blocked.status_code == 429
    assert "Too many wrong codes" in blocked.content.decode()


def test_the_seat_finder_says_when_nobody_sits_there(director):
    tournament, _pre, _where = checked_in_at_a_seat(director)
    response = Client().get(f"/lobby/{tournament.pk}/me/", {"table": 9, "seat": 9, "lang": "en"})
    assert response.status_code == 404
    assert "Nobody sits at this seat now." in response.content.decode()


def walk_in_at_a_seat(director):
    """A player registered at the desk, never pre-registered, seated by the draw."""
    tournament = seated_tournament(director)
    entry = Entry.objects.select_related("seat__table").get(
        tournament=tournament, player__name="Clara Wagner"
    )
    where = {"table": entry.seat.table.number, "seat": entry.seat.number}
    return tournament, entry, where


def code_on_seat_card(director, entry: Entry) -> str:
    desk = Client()
    desk.force_login(director)
    card = desk.get(f"/entries/{entry.pk}/card/").content.decode()
    found = re.search(r'class="meta seat-card-code">[^<]*<strong>(\w+)</strong>', card)
    assert found, card
    return found.group(1)


@pytest.mark.parametrize(("lang", "seat_words"), [("de", "Ihr Sitz"), ("en", "Your seat")])
def test_a_walk_in_reaches_his_page_from_the_seat_finder_with_his_seat_card_code(
    director, lang, seat_words
):
    cache.clear()
    tournament, entry, where = walk_in_at_a_seat(director)
    code = code_on_seat_card(director, entry)
    lobby = Client().get(f"/lobby/{tournament.pk}/?lang={lang}&q=Clara").content.decode()
    finder = f"/lobby/{tournament.pk}/me/"
    assert f'href="{finder}?table={where["table"]}&amp;seat={where["seat"]}' in lobby
    client = Client()
    wrong = client.post(f"{finder}?lang={lang}", {**where, "code": "XXXXXX"})
    assert wrong.status_code == 400 and not EntryLink.objects.exists()
    right = client.post(f"{finder}?lang={lang}", {**where, "code": code.lower()})
    assert right.status_code == 303
    link = EntryLink.objects.get(entry=entry)
    assert right["Location"] == f"/me/{link.token}?lang={lang}"
    page = client.get(right["Location"]).content.decode()
    assert seat_words in page and "Clara W." in page
    assert_private_data_absent(page)
    made = ActionLog.objects.get(tournament=tournament, kind="phone_link_made")
    assert made.data == {"entry": entry.pk, "link": link.pk, "from": "seat_finder"}
    # Again: the same link, not a second one.
    again = client.post(f"{finder}?lang={lang}", {**where, "code": code})
    assert again["Location"] == right["Location"] and EntryLink.objects.count() == 1


def test_a_walk_ins_code_is_not_anothers_and_revoking_gives_a_new_one(director):
    cache.clear()
    tournament, entry, where = walk_in_at_a_seat(director)
    other = Entry.objects.get(tournament=tournament, player__name="Dieter Braun")
    finder = f"/lobby/{tournament.pk}/me/?lang=en"
    foreign = Client().post(finder, {**where, "code": code_on_seat_card(director, other)})
    assert foreign.status_code == 400 and not EntryLink.objects.exists()
    old = code_on_seat_card(director, entry)
    assert Client().post(finder, {**where, "code": old}).status_code == 303
    desk = Client()
    desk.force_login(director)
    desk.post(f"/entries/{entry.pk}/phone-link/revoke/")
    assert Client().post(finder, {**where, "code": old}).status_code == 400
    new = code_on_seat_card(director, entry)
    assert new != old and Client().post(finder, {**where, "code": new}).status_code == 303


def test_the_seat_finder_stops_a_walk_in_after_a_few_wrong_codes(director):
    cache.clear()
    tournament, entry, where = walk_in_at_a_seat(director)
    code = code_on_seat_card(director, entry)
    finder = f"/lobby/{tournament.pk}/me/?lang=de"
    client = Client()
    for _try in range(TRIES):
        assert client.post(finder, {**where, "code": "WRONG1"}).status_code == 400
    blocked = client.post(finder, {**where, "code": code})
    assert blocked.status_code == 429 and "Zu viele falsche Codes" in blocked.content.decode()
    assert not EntryLink.objects.exists()
