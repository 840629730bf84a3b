"""Batches under load: a bounded number run at once and a bounded number
wait; the rest are refused at once (503 with Retry-After) instead of being
absorbed. A running batch answers its lines in chunks in a worker thread and
streams each chunk as it is ready, so memory stays bounded by the admitted
batches and a batch whose client has gone stops at the next chunk."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable

from starlette.concurrency import run_in_threadpool

from .limits import BATCH_CHUNK_LINES, BATCHES_RUNNING, BATCHES_WAITING

ChunkAnswer = Callable[[list[str], int], bytes]
"""Answers lines (the first one's number given) as encoded JSON Lines."""


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

    async def answers(self, lines: list[str], answer: ChunkAnswer) -> AsyncIterator[bytes]:
        """The answers of an admitted batch, chunk by chunk, once it has its turn;
        the place is given back however the stream ends (done, failed, or the
        client gone and the stream closed)."""
        try:
            async with self._turns:
                for first in range(0, len(lines), BATCH_CHUNK_LINES):
                    yield await run_in_threadpool(answer, lines[first : first + BATCH_CHUNK_LINES], first + 1)
        finally:
            self.leave()
