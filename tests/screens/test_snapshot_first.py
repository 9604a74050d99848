"""A socket starts from its snapshot (README "Screen messages"): what the Redis
fan-out delivers while the snapshot is being built waits for it, and what the
snapshot already shows is not sent again."""

from __future__ import annotations

import json

from screens.consumers import SnapshotFirst


class Socket:
    def __init__(self) -> None:
        self.frames: list[str] = []

    async def send(self, text_data=None, bytes_data=None) -> None:
        self.frames.append(text_data)


def message(kind: str, version: int | None) -> str:
    return json.dumps({"type": kind, **({"version": version} if version is not None else {})})


async def test_a_message_published_before_the_snapshot_does_not_overtake_it():
    socket = Socket()
    fanned = SnapshotFirst(socket)
    await fanned.send(text_data=message("draw", 7))  # published as the socket joined
    await fanned.send(text_data=message("bust", 8))  # after the snapshot was read
    await fanned.send(text_data=message("live_degraded", None))  # no version: always passed on
    assert socket.frames == []
    socket.frames.append(message("snapshot", 7))  # the consumer sends its snapshot
    await fanned.snapshot_sent(7)
    await fanned.send(text_data=message("bust", 9))
    kinds = [(json.loads(f)["type"], json.loads(f).get("version")) for f in socket.frames]
    assert kinds == [("snapshot", 7), ("bust", 8), ("live_degraded", None), ("bust", 9)]
