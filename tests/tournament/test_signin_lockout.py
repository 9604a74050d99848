"""One lock-out for every way in (README "Production").

The admin's sign-in, Unicode variants of a name, clients behind the room's
proxy, and the owner of a name that someone else is guessing at.
"""

from __future__ import annotations

import ipaddress
import time

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import Client, RequestFactory

from config.env import env_networks
from tests.conftest import make_staff
from tests.tournament.test_login_throttling import sign_in
from tournament.signin import client_address

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_signin_counts")]

PROXY = "10.0.0.2"


def admin_sign_in(client: Client, username: str, password: str, address: str = "10.0.0.1"):
    return client.post(
        "/admin/login/?next=/admin/",
        {"username": username, "password": password, "next": "/admin/"},
        REMOTE_ADDR=address,
        HTTP_ACCEPT_LANGUAGE="en",
    )


def behind_proxy(username: str, password: str, forwarded_for: str, peer: str = PROXY):
    return Client().post(
        "/login/",
        {"username": username, "password": password},
        REMOTE_ADDR=peer,
        HTTP_X_FORWARDED_FOR=forwarded_for,
        HTTP_ACCEPT_LANGUAGE="en",
    )


def a_director(name: str = "lockme"):
    user = make_staff(name, "director")
    user.is_staff = True
    user.save()
    return user


def test_the_admin_sign_in_refuses_a_locked_director(client):
    a_director()
    for _ in range(5):
        sign_in(client, "lockme", "guess")
    page = admin_sign_in(client, "lockme", "pw-lockme")
    assert page.status_code == 200
    assert "Too many wrong passwords" in page.content.decode()
    assert "_auth_user_id" not in client.session


def test_wrong_passwords_on_the_admin_sign_in_count_too(client):
    a_director()
    for _ in range(5):
        admin_sign_in(client, "lockme", "guess")
    assert "Too many wrong passwords" in sign_in(client, "lockme", "pw-lockme").content.decode()
    assert admin_sign_in(Client(), "lockme", "pw-lockme", address="10.0.0.1").status_code == 200


@pytest.mark.parametrize("variant", ["ｌｏｃｋｍｅ", "LockMe", "ＬＯＣＫＭＥ"])
def test_variants_of_a_name_share_its_count(client, variant):
    a_director()
    for name in ("lockme", variant, "lockme", variant, variant):
        assert "Wrong user name" in sign_in(client, name, "guess").content.decode()
    for name in ("ｌｏｃｋｍｅ", "lockme"):
        page = sign_in(client, name, "pw-lockme")
        assert "Too many wrong passwords" in page.content.decode()
    assert "_auth_user_id" not in client.session


@pytest.fixture
def proxy(settings):
    settings.TRUSTED_PROXIES = [ipaddress.ip_network(PROXY)]


def test_behind_the_proxy_one_guesser_does_not_lock_the_room(proxy):
    make_staff("bernd", "floor")
    for n in range(20):
        behind_proxy(f"name{n}", "guess", forwarded_for="192.168.1.66")
    assert "Too many" in behind_proxy("bernd", "pw-bernd", "192.168.1.66").content.decode()
    assert behind_proxy("bernd", "pw-bernd", forwarded_for="192.168.1.20").status_code == 302


def test_a_forged_forwarded_for_changes_nothing(proxy):
    make_staff("bernd", "floor")
    for n in range(20):  # the guesser writes a new address each time; the proxy appends its own
        behind_proxy(f"name{n}", "guess", forwarded_for=f"172.16.0.{n}, 192.168.1.66")
    page = behind_proxy("bernd", "pw-bernd", forwarded_for="172.16.9.9, 192.168.1.66")
    assert "Too many" in page.content.decode()


def test_forwarded_for_from_an_untrusted_peer_is_ignored(proxy):
    make_staff("bernd", "floor")
    for n in range(20):
        behind_proxy(f"name{n}", "guess", forwarded_for=f"172.16.0.{n}", peer="192.168.1.66")
    page = behind_proxy("bernd", "pw-bernd", forwarded_for="172.16.9.9", peer="192.168.1.66")
    assert "Too many" in page.content.decode()


def test_the_owner_signs_in_from_elsewhere_after_a_short_pause(client, settings):
    settings.LOGIN_NAME_DELAY_SECONDS = 1  # the same in process memory and in Redis
    a_director()
    for _ in range(5):
        sign_in(client, "lockme", "guess", address="192.168.1.66")
    owner = Client()
    page = sign_in(owner, "lockme", "pw-lockme", address="192.168.1.20")
    assert page.status_code == 200
    assert "paused for a moment" in page.content.decode()
    time.sleep(1.1)  # the pause, not a poll: the name is free again once it has passed
    assert sign_in(owner, "lockme", "pw-lockme", address="192.168.1.20").status_code == 302
    # the guesser's address stays locked for the name for the whole window
    assert "Too many" in sign_in(client, "lockme", "pw-lockme", "192.168.1.66").content.decode()


@pytest.mark.parametrize(
    ("peer", "forwarded_for", "client"),
    [
        ("192.168.1.66", "172.16.0.1", "192.168.1.66"),  # not through the proxy: header ignored
        (PROXY, "", PROXY),
        (PROXY, "192.168.1.66", "192.168.1.66"),
        (PROXY, "1.1.1.1, 192.168.1.66", "192.168.1.66"),
        (PROXY, "192.168.1.66, 10.0.0.3", "192.168.1.66"),  # two proxies of ours
        (PROXY, "10.0.0.4, 10.0.0.3", "10.0.0.4"),  # all ours: the farthest
        (PROXY, "no address", PROXY),
        (PROXY, "192.168.1.66:51234", "192.168.1.66"),
        (PROXY, "[2001:db8::7]:443", "2001:db8::7"),
        ("::ffff:10.0.0.2", "192.168.1.66", "192.168.1.66"),
    ],
)
def test_the_client_address(settings, peer, forwarded_for, client):
    settings.TRUSTED_PROXIES = [ipaddress.ip_network("10.0.0.0/8")]
    meta = {"REMOTE_ADDR": peer, "HTTP_X_FORWARDED_FOR": forwarded_for}
    assert client_address(RequestFactory().post("/login/", **meta)) == client


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("10.0.0.2", ["10.0.0.2/32"]),
        (" 10.0.0.0/8 , fd00::/8 ", ["10.0.0.0/8", "fd00::/8"]),
        ("", []),
    ],
)
def test_trusted_proxies_are_read_from_the_environment(monkeypatch, raw, expected):
    monkeypatch.setenv("TRUSTED_PROXIES", raw)
    assert [str(net) for net in env_networks("TRUSTED_PROXIES")] == expected


@pytest.mark.parametrize("raw", ["proxy.local", "10.0.0.1/8", "10.0.0.300", "10.0.0.2;10.0.0.3"])
def test_a_trusted_proxy_we_cannot_read_stops_the_start(monkeypatch, raw):
    monkeypatch.setenv("TRUSTED_PROXIES", raw)
    with pytest.raises(ImproperlyConfigured, match="TRUSTED_PROXIES"):
        env_networks("TRUSTED_PROXIES")
