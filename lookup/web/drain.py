"""The end of a worker's life: after SIGTERM (or SIGINT) the server stops
taking work and waits up to a grace period for the requests in flight
before it kills the worker. A batch that cannot finish in time ends itself
just before then, with an answer that says so, instead of being cut off in
the middle of a line by the kill; every answer cut short is reported, so
that the server's exit status can say so."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from collections.abc import Callable
from types import FrameType

from .settings import DEFAULT_SETTINGS, Settings

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
LOOK_SECONDS = 0.1

Client = tuple[str, int] | None
"""A request's client address, as the ASGI scope gives it."""


class Drain:
    """When this process was told to stop, and so when its batches must end:
    a little before the server's own grace period is over (a quarter of it,
    at most `Settings.last_answers_seconds`, is kept for the last answers to
    leave). `report` is told of every answer the end of the grace period cut
    short."""

    def __init__(self, settings: Settings = DEFAULT_SETTINGS, report: Callable[[Client], None] | None = None) -> None:
        self.grace = settings.grace
        self.margin = min(settings.last_answers_seconds, self.grace / 4)
        self.began: float | None = None
        self.report = report

    def begin(self) -> None:
        """The stop signal came: the grace period starts now."""
        if self.began is None:
            self.began = time.monotonic()

    def over(self) -> bool:
        """Whether the time for batches has run out."""
        return self.began is not None and time.monotonic() >= self.began + self.grace - self.margin

    def left(self) -> float:
        """Seconds left to send anything at all: until half the margin is
        left, as for a batch's last line (the whole grace period before the
        stop signal)."""
        if self.began is None:
            return self.grace
        return max(0.0, self.began + self.grace - self.margin / 2 - time.monotonic())

    def cut(self, client: Client) -> None:
        """An answer to `client` was cut short by the end of the grace period."""
        if self.report is not None:
            self.report(client)

    async def begun(self) -> None:
        """Return when the stop signal has come."""
        while self.began is None:  # a look now and then: no event tied to one loop
            await asyncio.sleep(LOOK_SECONDS)

    async def ended(self) -> None:
        """Return when the time for batches runs out (never, if no stop signal comes)."""
        await self.begun()
        assert self.began is not None
        await asyncio.sleep(max(0.0, self.began + self.grace - self.margin - time.monotonic()))

    def watch_signals(self) -> None:
        """Begin the drain on SIGTERM or SIGINT, leaving the server's own
        handling of those signals in place (its handler is called after ours;
        a signal the server leaves to its default is left alone).
        Only the main thread may set signal handlers; elsewhere (an app under
        a test client) nothing is watched. A process forked from this one
        inherits the handlers; until it sets its own (a worker starting,
        which holds no connection yet), the signal ends it at once, as by
        default, instead of running this process's handlers there, which
        would leave it running."""
        if threading.current_thread() is not threading.main_thread():
            return
        owner = os.getpid()
        for number in STOP_SIGNALS:
            previous = signal.getsignal(number)
            if not callable(previous):  # default or ignored: the server has no drain of its own to end in time
                continue

            def handler(signum: int, frame: FrameType | None, previous: Callable[..., object] = previous) -> None:
                if os.getpid() != owner:
                    signal.signal(signum, signal.SIG_DFL)
                    os.kill(os.getpid(), signum)
                    return
                self.begin()  # sets a number only: safe in a signal handler, even once the loop is gone
                previous(signum, frame)

            signal.signal(number, handler)
