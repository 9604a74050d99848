"""The production run's workers each have a Redis database of their own."""

from __future__ import annotations

from tests.redis_per_worker import url_for_worker


def test_each_worker_counts_up_from_the_database_named():
    assert url_for_worker("redis://127.0.0.1:6379/0", "gw0") == "redis://127.0.0.1:6379/0"
    assert url_for_worker("redis://127.0.0.1:6379/0", "gw1") == "redis://127.0.0.1:6379/1"
    assert url_for_worker("redis://:secret@redis:6379/3", "gw1") == "redis://:secret@redis:6379/4"
    assert url_for_worker("redis://redis:6379", "gw1") == "redis://redis:6379/1"
