"""Sign-in while Redis is down or hangs (README "Production"), and lifting a lock early.

The lock-out counts live in the cache, which is Redis in production. Each
test starts its own throw-away redis-server, points the cache at it as
production does (settings.REDIS_CACHE_OPTIONS), then stops it or pauses it
(SIGSTOP: it keeps its port open and answers nothing, like a hung server).
"""

from __future__ import annotations

import os
import signal
import time

import pytest
from django.conf import settings as django_settings
from django.core.cache import cache
from django.core.management import CommandError, call_command
from django.test import Client
from redis_support import REDIS_SERVER, ThrowawayRedis

from tests.conftest import make_staff
from tests.tournament.test_login_throttling import sign_in
from tournament.signin import counts

pytestmark = [
    pytest.mark.redis,
    pytest.mark.django_db,
    pytest.mark.skipif(not REDIS_SERVER, reason="needs redis-server"),
]


@pytest.fixture
def redis(tmp_path, settings):
    server = ThrowawayRedis(tmp_path / "redis.log").start()
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": server.url,
            "OPTIONS": getattr(django_settings, "REDIS_CACHE_OPTIONS", {}),
        }
    }
    counts.reset()
    yield server
    if server.process is not None:
        os.kill(server.process.pid, signal.SIGCONT)
        server.stop()
    counts.reset()


@pytest.fixture
def answer_within():
    """Fails the test (instead of hanging it) when a request waits longer than `seconds`."""

    def too_slow(signum, frame):
        raise TimeoutError("the sign-in page did not answer in time")

    previous = signal.signal(signal.SIGALRM, too_slow)

    def start(seconds: int) -> None:
        signal.alarm(seconds)

    yield start
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def test_the_counts_are_in_redis_while_it_runs(redis):
    """The tests below start from a cache that really is this Redis."""
    make_staff("anna", "director")
    sign_in(Client(), "anna", "guess")
    assert len(cache._cache.get_client().keys("*login-failures:*")) == 3


def test_with_redis_down_sign_in_works_and_still_locks(redis):
    make_staff("anna", "director")
    redis.stop()
    assert sign_in(Client(), "anna", "pw-anna").status_code == 302
    guesser = Client()
    for _ in range(5):
        assert "Wrong user name" in sign_in(guesser, "anna", "guess").content.decode()
    assert "Too many wrong passwords" in sign_in(guesser, "anna", "pw-anna").content.decode()


def test_with_redis_hung_sign_in_answers_at_once(redis, answer_within):
    make_staff("anna", "director")
    os.kill(redis.process.pid, signal.SIGSTOP)
    answer_within(10)
    started = time.monotonic()
    assert sign_in(Client(), "anna", "pw-anna").status_code == 302
    guesser = Client()
    for _ in range(5):
        sign_in(guesser, "anna", "guess")
    assert "Too many wrong passwords" in sign_in(guesser, "anna", "pw-anna").content.decode()
    assert time.monotonic() - started < 3  # one short socket timeout, then counted here


def test_when_redis_is_back_the_counts_are_shared_again_and_none_is_lost(redis):
    make_staff("anna", "director")
    redis.stop()
    sign_in(Client(), "anna", "guess")  # counted in this process
    redis.start()
    counts.shared_down_until = 0.0  # as when SHARED_RETRY_SECONDS have passed
    for _ in range(4):
        sign_in(Client(), "anna", "guess")
    assert len(cache._cache.get_client().keys("*login-failures:name-address:*")) == 1
    assert "Too many" in sign_in(Client(), "anna", "pw-anna").content.decode()


def lock(name: str, address: str = "10.0.0.1") -> None:
    guesser = Client()
    for _ in range(5):
        sign_in(guesser, name, "guess", address=address)
    assert "Too many" in sign_in(guesser, name, "pw-" + name, address=address).content.decode()


def test_a_director_lifts_one_names_lock_or_all(redis, capsys):
    make_staff("anna", "director")
    make_staff("bernd", "floor")
    lock("anna")
    lock("bernd", address="10.0.0.7")
    call_command("unlocksignin", "ＡＮＮＡ")
    assert "2 sign-in counts forgotten" in capsys.readouterr().out  # the name, the name there
    assert sign_in(Client(), "anna", "pw-anna").status_code == 302
    assert "Too many" in sign_in(Client(), "bernd", "pw-bernd", address="10.0.0.7").content.decode()
    call_command("unlocksignin")
    assert sign_in(Client(), "bernd", "pw-bernd", address="10.0.0.7").status_code == 302


def test_without_redis_the_command_says_to_restart(settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    with pytest.raises(CommandError, match="Restart the server"):
        call_command("unlocksignin", "anna")
