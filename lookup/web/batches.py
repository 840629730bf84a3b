"""Batches under load: a bounded number are admitted (the rest are refused at
once, 503 with Retry-After, instead of being absorbed), and of those a
bounded number compute at once. An admitted batch answers its lines chunk by
chunk in a worker thread, and holds a turn to compute only while it
computes: a client slow to read its answers keeps its place but not a turn.

A batch stops at the next chunk when its client goes (the disconnect is
watched while it waits for a turn or for its client to take a chunk), when
its client leaves a chunk unread for `SEND_SECONDS`, or when the server's
grace period after SIGTERM runs out (`Drain`): a batch that had not begun is
then refused with 503, one that had gets a last line saying where it
stopped. Memory stays bounded by the admitted batches, one chunk each."""

from __future__ import annotations

import asyncio
import enum
import logging
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from starlette.concurrency import run_in_threadpool

from ninebase.puzzles import Lines

from .asgi import Receive, Scope, Send
from .drain import Client, Drain
from .errors import shutting_down
from .limits import BATCH_CHUNK_LINES, BATCHES_RUNNING, BATCHES_WAITING, SEND_SECONDS

log = logging.getLogger("ninebase")


def chunks_of(body: bytes, size: int = BATCH_CHUNK_LINES) -> list[Lines]:
    """A batch body as chunks of `size` whole lines (split at LF; a CR before
    it belongs to the line break), each knowing the number of its first line."""
    ends = np.flatnonzero(np.frombuffer(body, dtype=np.uint8) == ord("\n"))[size - 1 :: size]
    chunks, start, first = [], 0, 1
    for end in ends.tolist():
        chunks.append(Lines(body[start : end + 1], first, start, "the batch body"))
        start, first = end + 1, first + size
    if start < len(body):
        chunks.append(Lines(body[start:], first, start, "the batch body"))
    return chunks


class BatchGate:
    """Admission for batches: `running` compute at once, `waiting` more hold a place."""

    def __init__(self, running: int = BATCHES_RUNNING, waiting: int = BATCHES_WAITING) -> None:
        self.capacity = running + waiting
        self.admitted = 0
        self.turns = asyncio.Semaphore(running)

    def admit(self) -> bool:
        """Take a place for one batch, if there is one (call `leave` when it ends)."""
        if self.admitted >= self.capacity:
            return False
        self.admitted += 1
        return True

    def leave(self) -> None:
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
    """The ASGI answer of one admitted batch: the answers of its chunks,
    streamed as each is computed; its place is given back however it ends."""

    def __init__(
        self,
        gate: BatchGate,
        drain: Drain,
        chunks: Sequence[Lines],
        answer: Callable[[Lines], bytes],
        media_type: str,
        last_line: Callable[[str], bytes],
    ) -> None:
        self.gate, self.drain, self.chunks, self.answer = gate, drain, chunks, answer
        self.headers = [(b"content-type", media_type.encode()), (b"cache-control", b"no-store")]
        self.last_line = last_line

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        gone = asyncio.ensure_future(disconnected(receive))
        over = asyncio.ensure_future(self.drain.ended())
        try:
            await self.stream(send, gone, over, scope.get("client"))
        finally:
            gone.cancel()
            over.cancel()
            self.gate.leave()

    async def stream(self, send: Send, gone: asyncio.Future[Any], over: asyncio.Future[Any], client: Client) -> None:
        started = False
        for chunk in self.chunks:
            stop = await first_of(asyncio.ensure_future(self.gate.turns.acquire()), gone, over)
            if stop is None and over.done():  # the turn came as the time ran out
                self.gate.turns.release()
                stop = Stop.OVER
            if stop is None:
                try:
                    answers = await run_in_threadpool(self.answer, chunk)
                finally:
                    self.gate.turns.release()
                if not started:
                    await send({"type": "http.response.start", "status": 200, "headers": self.headers})
                    started = True
                stop = await self.send_body(send, answers, gone, over)
            elif stop is Stop.OVER and not started:
                raise shutting_down("had not begun")  # answered by the app's handler: nothing was sent yet
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
        return await first_of(asyncio.ensure_future(send(message)), gone, over, SEND_SECONDS)
