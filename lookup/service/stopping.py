"""The door a worker keeps open while it stops, so that no connection made
before the stop signal is reset.

At the stop signal granian stops accepting and closes its listening
socket; the connections still waiting in that socket's backlog (all of
them when every connection place is taken) would be reset by the close.
So each worker holds a duplicate of its listening socket from the start:
the socket outlives granian's close, and from the stop signal on the worker
accepts on it itself and answers every request 503 with `Retry-After`,
closing the connection after it (`stopping_answer`), until granian has
finished the answers in flight and no connection has come for
`Settings.stop_quiet_seconds` (or the grace period runs out). Then it
accepts what is left in the backlog and closes: a connection made after that last look
and before the close (microseconds) is the only one that can still be
reset; later ones are refused, or go to another worker still listening.

Linux only: the socket is found in /proc/self/fd. Elsewhere the door stays
shut and the server stops as granian does.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import time
from collections.abc import AsyncIterator

from ninebase.lookup.web.app import stopping_answer
from ninebase.lookup.web.drain import Drain
from ninebase.lookup.web.settings import Settings

log = logging.getLogger("ninebase")

FINDING_TRIES = 100
"""Looks for the listening socket at start-up, one per turn of the event loop: granian opens it after
the app's start-up and before the loop turns again, so that turn finds it, before any stop signal."""


def listening_socket(port: int) -> socket.socket | None:
    """A duplicate of this process's listening TCP socket on `port` (the
    server's), or None while there is none."""
    for name in os.listdir("/proc/self/fd"):
        try:
            if not os.readlink(f"/proc/self/fd/{name}").startswith("socket:"):
                continue
            candidate = socket.socket(fileno=os.dup(int(name)))
        except OSError:
            continue  # closed meanwhile (the listing's own descriptor is one)
        try:
            if (
                candidate.family in (socket.AF_INET, socket.AF_INET6)
                and candidate.getsockopt(socket.SOL_SOCKET, socket.SO_ACCEPTCONN)
                and candidate.getsockname()[1] == port
            ):
                candidate.setblocking(False)
                return candidate
        except OSError:
            pass
        candidate.close()
    return None


@contextlib.asynccontextmanager
async def door_kept(drain: Drain, settings: Settings) -> AsyncIterator[None]:
    """The door of the settings' port held for the app's life: kept from its
    start, closed once the server has finished every answer in flight (the
    app's `while_serving`, in a server's worker)."""
    door = Door(drain, settings)
    keeping = asyncio.ensure_future(door.keep())
    yield
    await door.close(keeping)


class Door:
    """The listening socket on the settings' port kept, and from the stop
    signal on answered (see the module's docstring)."""

    def __init__(self, drain: Drain, settings: Settings) -> None:
        self.port = settings.port
        self.drain = drain
        self.quiet = settings.stop_quiet_seconds
        self.waited = settings.stop_request_seconds
        self.most_read = settings.max_head_bytes
        headers, body = stopping_answer(settings)
        self.response = (
            b"HTTP/1.1 503 Service Unavailable\r\n"
            + b"".join(name + b": " + value + b"\r\n" for name, value in headers)
            + b"\r\n"
            + body
        )
        self.listener: socket.socket | None = None
        self.last_arrival = 0.0
        self.answering: set[asyncio.Task[None]] = set()

    async def keep(self) -> None:
        """Hold the listening socket; from the stop signal on, answer what comes to it."""
        for _ in range(FINDING_TRIES if os.path.isdir("/proc/self/fd") else 0):
            self.listener = listening_socket(self.port)
            if self.listener is not None:
                break
            await asyncio.sleep(0)
        else:
            log.warning("ninebase: the listening socket was not found; connections waiting at SIGTERM may be reset")
            return
        await self.drain.begun()
        loop = asyncio.get_running_loop()
        while True:
            try:
                connection, _ = await loop.sock_accept(self.listener)
            except OSError as error:  # out of file descriptors, say: the backlog waits meanwhile
                log.warning("ninebase: accepting while stopping: %s", error)
                await asyncio.sleep(self.quiet)
                continue
            self.answer(connection)

    def answer(self, connection: socket.socket) -> None:
        self.last_arrival = time.monotonic()
        connection.setblocking(False)
        task = asyncio.ensure_future(self.turn_away(connection))
        self.answering.add(task)
        task.add_done_callback(self.answering.discard)

    async def close(self, keeping: asyncio.Task[None]) -> None:
        """Once the server has finished its answers: wait for a quiet moment
        (within the grace period), answer what is left in the backlog, close,
        and let the last answers leave."""
        if self.listener is not None and self.drain.began is not None:
            since = max(self.last_arrival, self.drain.began)
            while (quiet := time.monotonic() - since) < self.quiet and self.drain.left() > 0:
                await asyncio.sleep(min(self.quiet - quiet, self.drain.left()))
                since = max(self.last_arrival, self.drain.began)
        keeping.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await keeping
        if self.listener is None:
            return
        if self.drain.began is not None:
            while True:
                try:
                    connection, _ = self.listener.accept()
                except OSError:  # BlockingIOError: the backlog is empty
                    break
                self.answer(connection)
        self.listener.close()
        if self.answering:
            await asyncio.wait(self.answering)

    async def turn_away(self, connection: socket.socket) -> None:
        """Read one request's headers, answer 503 and close, gently: the rest of
        what the client sends is read and dropped until it closes its side (a
        close with unread data would reset the connection, answer and all)."""
        loop, drain = asyncio.get_running_loop(), self.drain
        try:
            head = await asyncio.wait_for(read_head(loop, connection, self.most_read), min(self.waited, drain.left()))
            if head:
                await asyncio.wait_for(loop.sock_sendall(connection, self.response), drain.left())
                connection.shutdown(socket.SHUT_WR)
                await asyncio.wait_for(read_to_end(loop, connection), min(self.waited, drain.left()))
        except (TimeoutError, OSError):
            pass  # the client went away, or took too long: nothing more to do for it
        finally:
            connection.close()


async def read_head(loop: asyncio.AbstractEventLoop, connection: socket.socket, most: int) -> bytes:
    """The request's headers (at most `most` bytes of them); empty if the client sent nothing before closing."""
    head = b""
    while b"\r\n\r\n" not in head and len(head) < most:
        data = await loop.sock_recv(connection, most)
        if not data:
            break
        head += data
    return head


async def read_to_end(loop: asyncio.AbstractEventLoop, connection: socket.socket) -> None:
    while await loop.sock_recv(connection, 65536):
        pass
