"""One daemon thread per process that works through what it is handed, in order.

The fan-out's sender (:mod:`screens.fanout`) and the composer
(:mod:`screens.composer`) each keep one: a floor action hands its work over
and returns, never waiting for Redis or for the screens' messages.
"""

from __future__ import annotations

import os
import queue
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

Item = TypeVar("Item")


class QueueWorker(Generic[Item]):
    """`work` gets the items one by one, or with `batches` every item waiting
    when the thread comes round (in the order they were handed over)."""

    def __init__(
        self,
        name: str,
        work: Callable[[list[Item]], None],
        *,
        limit: int,
        batches: bool = False,
    ) -> None:
        self.name = name
        self.work = work
        self.limit = limit
        self.batches = batches
        self.reset()
        # A forked process starts empty: its parent's items are the parent's.
        os.register_at_fork(after_in_child=self.reset)

    def reset(self) -> None:
        self.queue: queue.Queue[Item] = queue.Queue(maxsize=self.limit)
        self.thread: threading.Thread | None = None
        self.lock = threading.Lock()
        self.taking: list[Item] = []

    def put(self, item: Item) -> bool:
        """Hand `item` over; False (and dropped) when `limit` items wait already."""
        with self.lock:
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self.run, name=self.name, daemon=True)
                self.thread.start()
        try:
            self.queue.put_nowait(item)
        except queue.Full:
            return False
        return True

    def done(self, timeout: float) -> bool:
        """Wait until everything handed over has been worked; False after `timeout` s."""
        waiting = self.queue
        with waiting.all_tasks_done:
            return waiting.all_tasks_done.wait_for(lambda: not waiting.unfinished_tasks, timeout)

    def more(self) -> list[Item]:
        """For `work`, from the worker's thread: the items handed over since its
        batch was taken, added to that batch (batches only)."""
        taken = self.taking
        while True:
            try:
                taken.append(self.queue.get_nowait())
            except queue.Empty:
                return taken

    def drop_waiting(self) -> int:
        """Drop the items not taken yet; returns how many."""
        dropped = 0
        while True:
            try:
                self.queue.get_nowait()
            except queue.Empty:
                return dropped
            self.queue.task_done()
            dropped += 1

    def run(self) -> None:
        waiting = self.queue
        while True:
            batch = self.taking = [waiting.get()]
            while self.batches:
                try:
                    batch.append(waiting.get_nowait())
                except queue.Empty:
                    break
            try:
                self.work(batch)
            finally:
                for _ in batch:
                    waiting.task_done()
