"""A raw HTTP/1.1 client for the abuse scenarios, on asyncio sockets: it
posts a body while the answer already arrives, reads a streamed answer line
by line (checking each), stops reading, holds the connection open unread, or
hangs up at any point: what misbehaving clients do, which an ordinary
client library will not."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass
class Answer:
    """What a client saw: status, headers, body lines, whether the body ended properly, timings."""

    status: int | None = None
    headers: dict[str, str] = field(default_factory=dict)
    lines: int = 0
    bad_lines: int = 0
    complete: bool = False
    body: bytes = b""
    error: str | None = None
    head_after: float | None = None
    first_line_after: float | None = None
    took: float | None = None
    events: dict[str, Any] = field(default_factory=dict)
    """Monotonic times of what happened ("started", "body_sent", "closed", ...)."""

    def whole_and_right(self, lines: int) -> bool:
        """A 200 whose streamed body ended properly with `lines` lines, each right."""
        return self.status == 200 and self.complete and self.lines == lines and self.bad_lines == 0

    def is_json_error(self) -> bool:
        """The body is the service's JSON error object."""
        try:
            return isinstance(json.loads(self.body)["error"], str)
        except (ValueError, KeyError, TypeError):
            return False


LineCheck = Callable[[int, bytes], bool]
"""Checks the line at a 0-based index of the answer; False: wrong."""

STREAMED_LINES = ("application/x-ndjson", "text/plain")
"""Content types answered one line per input line (batch, distances): read and checked line by line."""


class Connection:
    """A non-blocking socket read through a buffer with asyncio's sock_* calls.
    Unlike asyncio's streams, a send that fails (the server answered early and
    closed) does not throw away what the server had already answered."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.loop = asyncio.get_running_loop()
        self.buffer = bytearray()

    @classmethod
    async def open(cls, port: int, rcvbuf: int | None = None) -> Connection:
        sock = socket.socket()
        sock.setblocking(False)
        if rcvbuf:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        try:
            await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
        except BaseException:
            sock.close()
            raise
        return cls(sock)

    async def _fill(self) -> None:
        data = await self.loop.sock_recv(self.sock, 262144)
        if not data:
            raise asyncio.IncompleteReadError(bytes(self.buffer), None)
        self.buffer += data

    async def readuntil(self, separator: bytes) -> bytes:
        while (found := self.buffer.find(separator)) < 0:
            if len(self.buffer) > 65536:
                raise ValueError("no end of line in 64 KiB")
            await self._fill()
        return self._take(found + len(separator))

    async def readexactly(self, size: int) -> bytes:
        while len(self.buffer) < size:
            await self._fill()
        return self._take(size)

    def _take(self, size: int) -> bytes:
        out = bytes(self.buffer[:size])
        del self.buffer[:size]
        return out

    async def sendall(self, data: bytes) -> None:
        await self.loop.sock_sendall(self.sock, data)

    def close(self) -> None:
        self.sock.close()


async def request(
    port: int,
    method: str,
    path: str,
    body: bytes = b"",
    *,
    check_line: LineCheck | None = None,
    read_lines: int | None = None,
    on_head: Callable[[Answer], None] | None = None,
    sent: Callable[[Answer], None] | None = None,
    hold: asyncio.Event | None = None,
    rcvbuf: int | None = None,
) -> Answer:
    """One request on a new connection. The body is sent while the answer is
    read (a server may answer before reading it). A streamed answer is split
    into lines, each checked with `check_line`; with `read_lines` the
    client stops reading after that many lines and, when `hold` is given,
    keeps the connection open (unread) until it is set, then hangs up.
    `on_head` is called with the answer when its head has arrived, `sent`
    when the whole body has been written (the server may not have it all).
    The first 4 KiB of the body are kept (an error's JSON)."""
    answer = Answer()
    started = answer.events["started"] = time.monotonic()
    connection = None
    sender = None
    helpers: list[asyncio.Task] = []
    try:
        connection = await Connection.open(port, rcvbuf)
        head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if body or method == "POST":
            head += f"Content-Length: {len(body)}\r\nContent-Type: text/plain\r\n"

        async def send() -> None:
            try:
                await connection.sendall((head + "\r\n").encode())
                for first in range(0, len(body), 65536):
                    await connection.sendall(body[first : first + 65536])
            except OSError as error:  # the server may answer and close before reading it all
                answer.events["send_failed"] = time.monotonic()
                answer.events["send_error"] = type(error).__name__
                return
            answer.events["body_sent"] = time.monotonic()  # in the server's hands (or its socket buffer)
            if sent:
                sent(answer)

        async def receive() -> None:
            status_line, *header_lines = (await connection.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
            answer.head_after = time.monotonic() - started
            answer.status = int(status_line.split()[1])
            for line in header_lines:
                if ":" in line:
                    name, value = line.split(":", 1)
                    answer.headers[name.strip().lower()] = value.strip()
            if on_head:
                on_head(answer)
            pending = b""
            streamed = answer.headers.get("content-type", "").startswith(STREAMED_LINES)

            def take(data: bytes) -> bool:
                """Feed body bytes; True when the client has read all it wants."""
                nonlocal pending
                if len(answer.body) < 4096:
                    answer.body += data[: 4096 - len(answer.body)]
                if not streamed:
                    return False
                pending += data
                *whole, pending = pending.split(b"\n")
                for line in whole:
                    if answer.first_line_after is None:
                        answer.first_line_after = time.monotonic() - started
                    if check_line is not None and not check_line(answer.lines, line):
                        answer.bad_lines += 1
                    answer.lines += 1
                return read_lines is not None and answer.lines >= read_lines

            if read_lines == 0:
                pass  # the head only: the body stays unread
            elif answer.headers.get("transfer-encoding", "").lower() == "chunked":
                while True:
                    size = int((await connection.readuntil(b"\r\n")).split(b";")[0], 16)
                    if size == 0:
                        await connection.readuntil(b"\r\n")
                        answer.complete = True
                        break
                    data = await connection.readexactly(size)
                    await connection.readexactly(2)
                    if take(data):
                        break
            else:
                length = int(answer.headers.get("content-length", "0"))
                take(await connection.readexactly(length))
                answer.complete = True
            if pending and answer.complete:
                answer.bad_lines += 1  # a whole streamed answer ends with a newline

        sender = asyncio.create_task(send())
        if hold is None:
            await receive()
        else:  # hang up when `hold` is set, whatever has arrived by then
            receiver = asyncio.create_task(receive())
            waiter = asyncio.create_task(hold.wait())
            helpers = [receiver, waiter]
            done, _ = await asyncio.wait(helpers, return_when=asyncio.FIRST_COMPLETED)
            if receiver in done:
                receiver.result()
                if not answer.complete:
                    answer.events["stopped_reading"] = time.monotonic()
                    await waiter
    except (OSError, asyncio.IncompleteReadError, ValueError, IndexError) as error:
        answer.error = f"{type(error).__name__}: {str(error)[:80]}"
    finally:
        answer.took = time.monotonic() - started
        tasks = [task for task in (*helpers, sender) if task is not None]
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks)  # their socket registrations go before the socket does
        if connection is not None:
            connection.close()
            answer.events["closed"] = time.monotonic()
    return answer


async def bounded(coroutine: Coroutine[Any, Any, Answer], seconds: float) -> Answer:
    """The answer, or an Answer saying it did not come within `seconds` (the request is cancelled)."""
    try:
        return await asyncio.wait_for(coroutine, max(0.1, seconds))
    except TimeoutError:
        return Answer(error="unfinished within the time limit")


def run_fast(coroutine: Coroutine[Any, Any, T]) -> T:
    """asyncio.run on uvloop when it is installed (Python 3.11+): the many
    clients take less of the CPU the server shares with them."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coroutine)
    if not hasattr(asyncio, "Runner"):
        return asyncio.run(coroutine)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(coroutine)
