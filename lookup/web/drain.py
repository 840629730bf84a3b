"""The end of a worker's life: after SIGTERM (or SIGINT) the server stops
taking connections and waits up to a grace period for the requests in flight
before it kills the worker. A batch that cannot finish in time ends itself
just before then, with an answer that says so, instead of being cut off in
the middle of a line by the kill."""

from __future__ import annotations

import asyncio
import signal
import threading
import time
from collections.abc import Callable
from types import FrameType

from .limits import GRACE_SECONDS

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
LOOK_SECONDS = 0.1


class Drain:
    """When this process was told to stop, and so when its batches must end:
    a little before the server's own grace period is over (a quarter of it,
    at most one second, is kept for the last answers to leave)."""

    def __init__(self, grace: float = GRACE_SECONDS) -> None:
        self.grace = grace
        self.began: float | None = None

    @property
    def margin(self) -> float:
        return min(1.0, self.grace / 4)

    def begin(self) -> None:
        """The stop signal came: the grace period starts now."""
        if self.began is None:
            self.began = time.monotonic()

    def over(self) -> bool:
        """Whether the time for batches has run out."""
        return self.began is not None and time.monotonic() >= self.began + self.grace - self.margin

    async def ended(self) -> None:
        """Return when the time for batches runs out (never, if no stop signal comes)."""
        while self.began is None:  # a look now and then: no event tied to one loop
            await asyncio.sleep(LOOK_SECONDS)
        await asyncio.sleep(max(0.0, self.began + self.grace - self.margin - time.monotonic()))

    def watch_signals(self) -> None:
        """Begin the drain on SIGTERM or SIGINT, leaving the server's own
        handling of those signals in place (its handler is called after ours;
        a signal the server leaves to its default is left alone).
        Only the main thread may set signal handlers; elsewhere (an app under
        a test client) nothing is watched."""
        if threading.current_thread() is not threading.main_thread():
            return
        for number in STOP_SIGNALS:
            previous = signal.getsignal(number)
            if not callable(previous):  # default or ignored: the server has no drain of its own to end in time
                continue

            def handler(signum: int, frame: FrameType | None, previous: Callable[..., object] = previous) -> None:
                self.begin()  # sets a number only: safe in a signal handler, even once the loop is gone
                previous(signum, frame)

            signal.signal(number, handler)
