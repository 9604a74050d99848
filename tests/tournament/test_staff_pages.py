"""Staff accounts from the pages (README "Staff accounts"): a director creates
and changes accounts and lifts a sign-in lock-out; the lock message tells a
director who locked himself out what to do."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.conftest import make_staff
from tests.tournament.test_login_throttling import sign_in

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_signin_counts")]


@pytest.fixture
def director_client(director) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(director)
    return client


def user(name: str):
    return get_user_model().objects.get(username=name)


def test_a_director_creates_a_desk_account_that_can_then_sign_in(director_client):
    page = director_client.get("/staff/")
    assert page.status_code == 200
    assert "Staff accounts" in page.content.decode()
    answer = director_client.post(
        "/staff/", {"username": "kasse2", "role": "desk", "password": "kasse-abend-1"}
    )
    assert answer.status_code == 302
    listed = director_client.get("/staff/").content.decode()
    assert "kasse2" in listed and "Account kasse2 created." in listed
    assert sign_in(Client(), "kasse2", "kasse-abend-1").status_code == 302
    desk = Client()
    desk.force_login(user("kasse2"))
    assert desk.get("/staff/").status_code == 403  # the desk manages no staff


def test_floor_staff_may_not_open_the_staff_page(floor_user):
    client = Client()
    client.force_login(floor_user)
    assert client.get("/staff/").status_code == 403
    assert (
        client.post(
            "/staff/", {"username": "x", "role": "director", "password": "p" * 9}
        ).status_code
        == 403
    )
    assert not get_user_model().objects.filter(username="x").exists()


def test_a_taken_name_or_a_short_password_is_refused_and_the_form_keeps_the_name(director_client):
    make_staff("anna", "floor")
    page = director_client.post(
        "/staff/", {"username": "ANNA", "role": "desk", "password": "longenough1"}
    )
    assert page.status_code == 400
    assert "This user name is taken." in page.content.decode()
    page = director_client.post(
        "/staff/", {"username": "berta", "role": "desk", "password": "short"}
    )
    assert page.status_code == 400
    assert 'value="berta"' in page.content.decode()
    assert not get_user_model().objects.filter(username="berta").exists()


def test_a_director_changes_a_role_resets_a_password_and_deactivates(director_client):
    anna = make_staff("anna", "desk")
    director_client.post(f"/staff/{anna.pk}/", {"action": "role", "role": "floor"})
    assert set(user("anna").groups.values_list("name", flat=True)) == {"floor"}
    director_client.post(f"/staff/{anna.pk}/", {"action": "password", "password": "neu-passwort-9"})
    assert sign_in(Client(), "anna", "neu-passwort-9").status_code == 302
    director_client.post(f"/staff/{anna.pk}/", {"action": "deactivate"})
    assert not user("anna").is_active
    assert sign_in(Client(), "anna", "neu-passwort-9").status_code == 200


def test_a_director_cannot_demote_or_deactivate_himself(director_client, director):
    page = director_client.post(f"/staff/{director.pk}/", {"action": "role", "role": "desk"})
    assert page.status_code == 409
    assert "ask another director" in page.content.decode()
    assert (
        director_client.post(f"/staff/{director.pk}/", {"action": "deactivate"}).status_code == 409
    )
    assert user(director.username).is_active
    assert set(user(director.username).groups.values_list("name", flat=True)) == {"director"}


def test_a_director_lifts_another_directors_lock_out(director_client):
    make_staff("anna", "director")
    for _ in range(5):
        sign_in(Client(), "anna", "guess")
    assert "Too many wrong passwords" in sign_in(Client(), "anna", "pw-anna").content.decode()
    answer = director_client.post(f"/staff/{user('anna').pk}/", {"action": "unlock"})
    assert answer.status_code == 302
    assert sign_in(Client(), "anna", "pw-anna").status_code == 302


def test_the_lock_message_tells_a_locked_out_director_what_to_do(client):
    make_staff("anna", "director")
    for _ in range(5):
        sign_in(client, "anna", "guess")
    page = sign_in(client, "anna", "pw-anna").content.decode()
    assert "Another director can lift the lock sooner on the page Staff accounts" in page
    assert "python manage.py unlocksignin anna" in page
    german = client.post(
        "/login/",
        {"username": "anna", "password": "x"},
        REMOTE_ADDR="10.0.0.1",
        HTTP_ACCEPT_LANGUAGE="de",
    ).content.decode()
    assert "Seite „Mitarbeiter“" in german
    assert "python manage.py unlocksignin anna" in german
