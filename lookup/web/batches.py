"""Batches under load: a bounded number run at once and a bounded number
wait; the rest are refused at once (503 with Retry-After) instead of being
absorbed. A running batch answers its lines in chunks in a worker thread and
streams each chunk as it is ready, so memory stays bounded by the admitted
batches and a batch whose client has gone stops at the next chunk."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Sequence
from typing import TypeVar

import numpy as np
from starlette.concurrency import run_in_threadpool

from puzzles.batch import Lines

from .limits import BATCH_CHUNK_LINES, BATCHES_RUNNING, BATCHES_WAITING

Chunk = TypeVar("Chunk")


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
    """Admission for batches: `running` at once, `waiting` more in line."""

    def __init__(self, running: int = BATCHES_RUNNING, waiting: int = BATCHES_WAITING) -> None:
        self.capacity = running + waiting
        self.admitted = 0
        self._turns = asyncio.Semaphore(running)

    def admit(self) -> bool:
        """Take a place for one batch, if there is one (call `leave` when it ends)."""
        if self.admitted >= self.capacity:
            return False
        self.admitted += 1
        return True

    def leave(self) -> None:
        self.admitted -= 1

    async def answers(self, chunks: Sequence[Chunk], answer: Callable[[Chunk], bytes]) -> AsyncIterator[bytes]:
        """The answers of an admitted batch, chunk by chunk, once it has its turn;
        the place is given back however the stream ends (done, failed, or the
        client gone and the stream closed)."""
        try:
            async with self._turns:
                for chunk in chunks:
                    yield await run_in_threadpool(answer, chunk)
        finally:
            self.leave()
