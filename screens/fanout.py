"""Process-level fan-out over Redis pub/sub, for the production set-up.

Channels' group_send costs 0.25-0.6 ms per connected socket and runs inside the
floor action's request: one bust to 1,000 screens took about a second, and the
floor tablet waited for all of it (benchmarks/fanout.py; README "API" "Measured
facts"). Here a publish is one Redis PUBLISH of a message serialised once; each
server process holds one pattern subscription and loops over its own sockets.
Channels keeps connect, auth and routing. Without REDIS_URL the in-memory
channel layer does the job within the one process.

A publish never waits for Redis inside a floor action: :func:`publish` hands
the message to this process's sender thread and returns (README "Production",
"When Redis or PostgreSQL fails"). The subscription pings Redis when it has
been quiet for a while, so a Redis that hangs (accepts connections, answers
nothing) counts as lost like one that is gone.

When Redis goes away the subscription is retried by itself (backoff up to a
few seconds). The process's sockets are told ``{"type": "live", "state":
"degraded"}`` when it is lost and ``{"type": "live", "state": "ok"}`` when it is
back: the screens poll the snapshot over HTTP in between and resynchronise
after. :func:`live_state` answers the same question for the health check and
the staff banner.
"""

from __future__ import annotations

import asyncio
import atexit
import json
import logging
from time import monotonic
from typing import Any, Protocol

import redis
from django.conf import settings
from redis import asyncio as aioredis
from redis.asyncio.retry import Retry as AsyncRetry
from redis.backoff import NoBackoff
from redis.retry import Retry

from screens.worker import QueueWorker

logger = logging.getLogger(__name__)

PATTERN = "tournament-*"

OK = "ok"
DEGRADED = "degraded"

# How long a socket's connect waits for this process's first subscription
# (so that nothing published after its snapshot is missed). A Redis that is
# known to be down is not waited for.
FIRST_SUBSCRIPTION_WAIT_SECONDS = 3.0
RETRY_FIRST_SECONDS = 0.25
RETRY_MAX_SECONDS = 4.0
CONNECT_TIMEOUT_SECONDS = 1.0
# The subscriber pings Redis after this much silence and gives the connection
# up when no answer (the pong or any message) comes within PONG_WAIT_SECONDS.
HEARTBEAT_SECONDS = 5.0
PONG_WAIT_SECONDS = 2.0
# Messages waiting for the sender thread; beyond this they are dropped (the
# screens see the version gap and ask for a snapshot).
OUTBOX_LIMIT = 1000
# After Redis failed to answer, how long live_state() says so without asking again.
RECHECK_SECONDS = 5.0
# How long a process that exits waits for its last messages to leave.
EXIT_WAIT_SECONDS = 2.0

LIVE_OK = json.dumps({"type": "live", "state": OK})
LIVE_DEGRADED = json.dumps({"type": "live", "state": DEGRADED})


class Socket(Protocol):
    async def send(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None: ...


# The listener's view of Redis: "connecting" until its first attempt settles,
# then "subscribed" or "down" (retries while down do not count as connecting).
CONNECTING = "connecting"
SUBSCRIBED = "subscribed"
DOWN = "down"

_members: dict[str, set[Socket]] = {}
_listener: asyncio.Task[None] | None = None
_listener_url: str | None = None
_state = CONNECTING
_settled: asyncio.Event | None = None
_publisher: Any = None
_publisher_url: str | None = None
# Which Redis last failed to answer this process, and when (monotonic).
_failure: tuple[str | None, float] | None = None


def enabled() -> bool:
    return bool(settings.REDIS_URL)


def _publisher_client(url: str | None = None) -> Any:
    global _publisher, _publisher_url
    url = url or settings.REDIS_URL
    if _publisher is None or _publisher_url != url:
        # One quick retry when the connection broke (a pooled connection may be
        # stale after a Redis restart), none after a timeout: a Redis that hangs
        # costs the health check and a staff page one timeout, not two.
        _publisher = redis.Redis.from_url(
            url,
            socket_connect_timeout=CONNECT_TIMEOUT_SECONDS,
            socket_timeout=CONNECT_TIMEOUT_SECONDS,
            retry=Retry(NoBackoff(), 1, supported_errors=(redis.ConnectionError,)),
        )
        _publisher_url = url
    return _publisher


def publish(group: str, text: str) -> None:
    """Send `text` to every socket of `group` in every process: one PUBLISH, made
    by this process's sender thread in order. Returns at once; never waits for Redis."""
    if not _outbox.put((settings.REDIS_URL, group, text)):
        logger.warning(
            "fan-out: %s messages wait for Redis; dropped one for %s", OUTBOX_LIMIT, group
        )


def sent(timeout: float = EXIT_WAIT_SECONDS) -> bool:
    """Wait until the sender thread has handled what it was handed (a command that
    writes and exits, tests); False if it had not after `timeout` seconds."""
    return _outbox.done(timeout)


def _send(batch: list[tuple[str, str, str]]) -> None:
    for url, group, text in batch:
        _send_one(url, group, text)


_outbox: QueueWorker[tuple[str, str, str]] = QueueWorker("fanout-sender", _send, limit=OUTBOX_LIMIT)
atexit.register(sent)  # a management command's last messages still leave


def _send_one(url: str, group: str, text: str) -> None:
    try:
        _publisher_client(url).publish(group, text)
    except Exception:  # Redis down or hung: the screens are told by their subscriber
        _note_failure(url)
        logger.warning("fan-out: could not publish to %s", group, exc_info=True)
        _drop_backlog()


def _drop_backlog() -> None:
    """After a failed publish the waiting messages would fail one timeout each:
    drop them (the screens poll while Redis is away, then ask for a snapshot)."""
    dropped = _outbox.drop_waiting()
    if dropped:
        logger.warning("fan-out: dropped %s messages while Redis does not answer", dropped)


def live_state() -> str:
    """OK when the screens of this process get pushes, else DEGRADED (from any thread)."""
    if not enabled():
        return OK
    if _listener_running() and _state == DOWN:
        return DEGRADED
    if _failed_lately(settings.REDIS_URL):
        return DEGRADED  # a Redis that hangs costs one page a timeout, not every page
    try:
        _publisher_client().ping()
    except Exception:  # any failure to reach Redis means no push
        _note_failure(settings.REDIS_URL)
        return DEGRADED
    _forget_failure()
    return OK


def _note_failure(url: str | None) -> None:
    global _failure
    _failure = (url, monotonic())


def _failed_lately(url: str | None) -> bool:
    failure = _failure
    return failure is not None and failure[0] == url and monotonic() - failure[1] < RECHECK_SECONDS


def _forget_failure() -> None:
    global _failure
    _failure = None


def _listener_running() -> bool:
    return _listener is not None and not _listener.done() and not _listener.get_loop().is_closed()


async def join(group: str, socket: Socket) -> bool:
    """Add a socket; True once this process is subscribed, so nothing published
    after the caller's snapshot can be missed. False while Redis is down: the
    caller sends its snapshot at once and tells the screen to poll."""
    settled = _ensure_listener()
    if _state == CONNECTING:
        try:
            await asyncio.wait_for(settled.wait(), timeout=FIRST_SUBSCRIPTION_WAIT_SECONDS)
        except TimeoutError:
            logger.warning("fan-out: not subscribed to Redis yet; the screen polls until it is")
    # Added after the wait: whatever was published before is in the caller's
    # snapshot, and the news of the first attempt is not sent before it.
    _members.setdefault(group, set()).add(socket)
    return _state == SUBSCRIBED


def leave(group: str, socket: Socket) -> None:
    members = _members.get(group)
    if members is not None:
        members.discard(socket)
        if not members:
            del _members[group]


async def stop_listening() -> None:
    """Cancel this process's subscription (shutdown, tests); the next join starts one."""
    global _listener
    listener, _listener = _listener, None
    if listener is not None and not listener.done():
        listener.cancel()
        if listener.get_loop() is asyncio.get_running_loop():
            try:
                await listener
            except asyncio.CancelledError:
                pass


def _ensure_listener() -> asyncio.Event:
    global _listener, _listener_url, _settled, _state
    loop = asyncio.get_running_loop()
    stale = (
        _listener is None
        or _listener.done()
        or _listener.get_loop() is not loop
        or _listener_url != settings.REDIS_URL
    )
    if stale or _settled is None:
        if _listener is not None and not _listener.done() and _listener.get_loop() is loop:
            _listener.cancel()  # REDIS_URL changed (tests)
        _state = CONNECTING
        _settled = asyncio.Event()
        _listener_url = settings.REDIS_URL
        _listener = loop.create_task(_listen(_listener_url, _settled))
    return _settled


def _set_state(state: str, settled: asyncio.Event) -> None:
    global _state
    _state = state
    settled.set()


async def _listen(url: str, settled: asyncio.Event) -> None:
    delay = RETRY_FIRST_SECONDS
    while True:
        try:
            await _subscribe(url, settled)
        except asyncio.CancelledError:
            raise
        except Exception:  # Redis restarts must not end live updates for good
            logger.debug("fan-out: Redis subscription failed", exc_info=True)
        if _state == SUBSCRIBED:
            delay = RETRY_FIRST_SECONDS
        if _state != DOWN:
            logger.warning("fan-out: Redis subscription lost; screens poll until it is back")
            _set_state(DOWN, settled)
            await _deliver_to_all(LIVE_DEGRADED)
        await asyncio.sleep(delay)
        delay = min(delay * 2, RETRY_MAX_SECONDS)


async def _subscribe(url: str, settled: asyncio.Event) -> None:
    """Hold one pattern subscription until the connection ends."""
    client = aioredis.Redis.from_url(
        url,
        socket_connect_timeout=CONNECT_TIMEOUT_SECONDS,
        # Bounds the replies read outside _hold (the hand-shake on connect).
        socket_timeout=PONG_WAIT_SECONDS,
        socket_keepalive=True,
        retry=AsyncRetry(NoBackoff(), 0),  # the loop in _listen retries, with backoff
    )
    try:
        async with client.pubsub() as pubsub:
            await pubsub.psubscribe(PATTERN)
            await _hold(pubsub, settled)
    finally:
        await client.aclose()


async def _hold(pubsub: Any, settled: asyncio.Event) -> None:
    """Deliver messages until Redis stops answering: after HEARTBEAT_SECONDS of
    silence a PING, and no answer within PONG_WAIT_SECONDS ends the subscription."""
    pinged = False
    while True:
        wait = PONG_WAIT_SECONDS if pinged else HEARTBEAT_SECONDS
        message = await pubsub.get_message(timeout=wait)
        if message is None:
            if pinged:
                raise TimeoutError("Redis did not answer the subscriber's PING")
            await pubsub.ping()
            pinged = True
            continue
        pinged = False
        kind = message.get("type")
        if kind == "pmessage":
            await _deliver(message["channel"].decode(), message["data"].decode())
        elif kind == "psubscribe":
            # Redis confirmed the subscription: from here nothing is missed.
            recovered = _state == DOWN
            _set_state(SUBSCRIBED, settled)
            _forget_failure()
            if recovered:
                logger.warning("fan-out: Redis subscription back")
                await _deliver_to_all(LIVE_OK)


async def _deliver(group: str, text: str) -> None:
    for socket in list(_members.get(group, ())):
        try:
            await socket.send(text_data=text)
        except Exception:  # one broken socket must not stop the others
            logger.debug("fan-out: a socket of %s could not be written", group, exc_info=True)


async def _deliver_to_all(text: str) -> None:
    for group in list(_members):
        await _deliver(group, text)
