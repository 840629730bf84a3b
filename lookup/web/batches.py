"""Batches under load: a bounded number are admitted (the rest are refused at
once, 503 with Retry-After, before their body is read, instead of being
absorbed), and of those a bounded number compute at once. An admitted batch
answers its lines chunk by chunk in a worker thread, and holds a turn to
compute only while it computes: a client slow to read its answers keeps its
place but not a turn. One object, `BatchAnswers`, holds a batch's place from
its admission to its end, however it ends, and gives it back once.

A batch stops at the next chunk when its client goes (the disconnect is
watched while it waits for a turn or for its client to take a chunk), when
its client leaves a chunk unread for `Settings.send_seconds`, or when the
server's grace period after SIGTERM runs out (`Drain`): a batch that had not
begun is then refused with 503, one that had gets a last line saying where
it stopped. Memory stays bounded by the admitted batches, one chunk each."""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np
from starlette.concurrency import run_in_threadpool

from ninebase.lookup.stream import Lines

from .asgi import Receive, Scope, Send
from .drain import Client, Drain
from .errors import ApiError, come_back, shutting_down
from .settings import DEFAULT_SETTINGS, Settings

log = logging.getLogger("ninebase")


def chunks_of(body: bytes, size: int, most_bytes: int) -> list[Lines]:
    """A batch body as chunks of `size` whole lines, or fewer where they
    would pass `most_bytes` (but at least one line), split at LF (a CR before
    it belongs to the line break), each knowing the number of its first line."""
    ends = np.flatnonzero(np.frombuffer(body, dtype=np.uint8) == ord("\n")) + 1
    if len(body) and (not len(ends) or ends[-1] != len(body)):
        ends = np.append(ends, len(body))  # the last line, without a line break
    chunks, start, taken = [], 0, 0
    while taken < len(ends):
        fitting = int(np.searchsorted(ends, start + most_bytes, side="right"))
        last = min(taken + size, max(fitting, taken + 1))
        end = int(ends[last - 1])
        chunks.append(Lines(body[start:end], taken + 1, start, "the batch body"))
        start, taken = end, last
    return chunks


class BatchGate:
    """Admission for batches under the limits of `settings`: `batches_running`
    compute at once, `batches_waiting` more hold a place."""

    def __init__(self, settings: Settings = DEFAULT_SETTINGS) -> None:
        self.settings = settings
        self.capacity = settings.batches_running + settings.batches_waiting
        self.admitted = 0
        self.turns = asyncio.Semaphore(settings.batches_running)
        self.refused = 0
        """Ever, as the lines below (`metrics` reads them): batches refused for want of a place,"""
        self.lines_answered = 0
        """lines of admitted batches answered,"""
        self.lines_unanswered = 0
        """and not answered: the client went, or the server was stopping."""

    @contextlib.contextmanager
    def place(self) -> Iterator[None]:
        """Hold a place for one batch while the block runs, or refuse the batch
        at once (503 with Retry-After) when every place is taken."""
        if self.admitted >= self.capacity:
            self.refused += 1
            raise come_back(
                f"{self.capacity} batches and worked-out answers are already running or waiting; try again shortly",
                self.settings.retry_after_seconds,
            )
        self.admitted += 1
        try:
            yield
        finally:
            self.admitted -= 1


class Stop(enum.Enum):
    """Why a batch stopped before its last chunk."""

    GONE = "the client went away"
    OVER = "the grace period after SIGTERM ran out"
    STALLED = "the client left its answers unread"


async def first_of(work: asyncio.Future[Any], gone: asyncio.Future[Any], over: asyncio.Future[Any],
                   timeout: float | None = None) -> Stop | None:  # fmt: skip
    """None once `work` is done (and the client is still there); otherwise
    why it could not be, and `work` is cancelled."""
    done, _ = await asyncio.wait({work, gone, over}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    if gone in done:  # even if `work` is done too: there is nobody to go on for
        work.cancel()
        return Stop.GONE
    if work in done:
        return None
    work.cancel()
    return Stop.OVER if over in done else Stop.STALLED


async def disconnected(receive: Receive) -> None:
    """Return when the client has gone (the body was read already)."""
    while (await receive())["type"] != "http.disconnect":
        pass


class BatchAnswers:
    """The ASGI answer of one batch: it takes a place at `gate` (or is
    refused), reads the body, and streams the answers of its chunks as each
    is computed; the place is given back when it ends, however it ends (an
    error before anything was sent is raised for the app's handler to
    answer). `last_line` writes the line that says where a batch cut short
    stopped."""

    def __init__(
        self,
        gate: BatchGate,
        drain: Drain,
        answer: Callable[[Lines], bytes],
        media_type: str,
        last_line: Callable[[str], bytes],
    ) -> None:
        self.gate, self.settings, self.drain, self.answer = gate, gate.settings, drain, answer
        self.headers = [(b"content-type", media_type.encode()), (b"cache-control", b"no-store")]
        self.last_line = last_line
        self.answered = 0
        """Lines answered so far."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        with self.gate.place():
            chunks = await self.body(scope, receive)
            gone = asyncio.ensure_future(disconnected(receive))
            over = asyncio.ensure_future(self.drain.ended())
            try:
                await self.stream(send, chunks, gone, over, scope.get("client"))
            finally:
                gone.cancel()
                over.cancel()

    async def body(self, scope: Scope, receive: Receive) -> list[Lines]:
        """The lines of the batch body in chunks, within the limits of time, size and count."""
        settings = self.settings
        reading = asyncio.ensure_future(read_limited(scope, receive, settings.max_batch_bytes))
        over = asyncio.ensure_future(self.drain.ended())
        done, _ = await asyncio.wait(
            {reading, over}, timeout=settings.body_seconds, return_when=asyncio.FIRST_COMPLETED
        )
        over.cancel()
        if reading not in done:
            reading.cancel()
            if over in done:
                raise shutting_down("had not arrived", settings.retry_after_seconds)
            raise ApiError(408, f"the batch body did not arrive within {settings.body_seconds:.0f} seconds")
        body = reading.result()
        try:
            body.decode("utf-8")
        except UnicodeDecodeError as error:
            raise ApiError(400, f"the batch body is not UTF-8 text (byte {error.start + 1})") from None
        if not body:
            raise ApiError(400, "the batch body is empty; send one compact state per line")
        count = body.count(b"\n") + (not body.endswith(b"\n"))
        if count > settings.max_batch_lines:
            most = settings.max_batch_lines
            raise ApiError(413, f"the batch has {count:,} lines; at most {most:,} are answered at once")
        return chunks_of(body, settings.batch_chunk_lines, settings.batch_chunk_bytes)

    async def stream(
        self, send: Send, chunks: Sequence[Lines], gone: asyncio.Future[Any], over: asyncio.Future[Any], client: Client
    ) -> None:
        try:
            await self.stream_chunks(send, chunks, gone, over, client)
        finally:
            self.gate.lines_answered += self.answered
            self.gate.lines_unanswered += sum(map(len, chunks)) - self.answered

    async def stream_chunks(
        self, send: Send, chunks: Sequence[Lines], gone: asyncio.Future[Any], over: asyncio.Future[Any], client: Client
    ) -> None:
        started = False
        for chunk in chunks:
            stop = await first_of(asyncio.ensure_future(self.gate.turns.acquire()), gone, over)
            if stop is None and over.done():  # the turn came as the time ran out
                self.gate.turns.release()
                stop = Stop.OVER
            if stop is None:
                try:
                    answers = await run_in_threadpool(self.answer, chunk)
                finally:
                    self.gate.turns.release()
                self.answered += len(chunk)
                if not started:
                    await send({"type": "http.response.start", "status": 200, "headers": self.headers})
                    started = True
                stop = await self.send_body(send, answers, gone, over)
            elif stop is Stop.OVER and not started:
                # answered by the app's handler: nothing was sent yet
                raise shutting_down("had not begun", self.settings.retry_after_seconds)
            elif stop is Stop.OVER:
                message = f"the server stopped before answering lines {chunk.first:,} on (it was shutting down)"
                log.warning("ninebase: a batch was cut short at line %d by the end of the grace period", chunk.first)
                self.drain.cut(client)
                stop = await self.send_body(send, self.last_line(message + "; send them again"), gone, over)
                if stop is None:
                    await send({"type": "http.response.body", "body": b"", "more_body": False})
                return
            if stop is not None:
                if self.drain.began is not None and stop is not Stop.GONE:
                    log.warning("ninebase: a batch was cut off in mid-answer by the end of the grace period")
                    self.drain.cut(client)
                return  # the rest cannot be sent: the connection is closed with the answer unfinished
        await send({"type": "http.response.body", "body": b"", "more_body": False})

    async def send_body(
        self, send: Send, body: bytes, gone: asyncio.Future[Any], over: asyncio.Future[Any]
    ) -> Stop | None:
        """Send one piece of the answer; once the grace period has run out,
        only within the margin left before the server kills the process."""
        message = {"type": "http.response.body", "body": body, "more_body": True}
        if over.done():
            never = asyncio.get_running_loop().create_future()
            return await first_of(asyncio.ensure_future(send(message)), gone, never, self.drain.margin / 2)
        return await first_of(asyncio.ensure_future(send(message)), gone, over, self.settings.send_seconds)


async def read_limited(scope: Scope, receive: Receive, most: int) -> bytes:
    """The body, refused with 413 as soon as it grows (or says it will grow)
    past `most` bytes, and with 400 when the client goes before its end."""
    declared = next((value for name, value in scope["headers"] if name == b"content-length"), None)
    if declared is not None and declared.isdigit() and int(declared) > most:
        raise ApiError(413, f"the batch body is {int(declared):,} bytes; at most {most:,} are read")
    chunks = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":  # nobody is left to answer
            raise ApiError(400, "the client went away before sending the whole batch")
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > most:
            raise ApiError(413, f"the batch body is over {most:,} bytes, the most that is read")
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)
