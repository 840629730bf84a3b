"""Reading input in chunks of whole lines as it arrives, and writing each
answer as soon as it is ready: memory is bounded by a chunk, not the input.

A chunk is up to CHUNK_LINES lines, or the whole lines that arrived within
CHUNK_SECONDS of its first byte when the input is slow (a person typing, a
producer that pauses), so an answer never waits for input that is not
coming, or the whole lines waiting once CHUNK_BYTES have arrived (lines of
a kilobyte each would make chunks of 64 MB). A line is held whole: one
longer than that is a chunk of its own, read in time linear in its length.
Lines end at `\\n` (or `\\r\\n`) only: `str.splitlines` would also break
at form feeds, `\\x1c`..`\\x1e`, `\\x85` and `\\u2028`, which are bytes of a
line like any other here.
"""

from __future__ import annotations

import io
import os
import queue
import select
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import BinaryIO

import numpy as np

from ninebase.puzzles.batch import Lines

from . import processes
from .bulk import Tally

CHUNK_LINES = 65_536
JOB_LINES = 1_000
"""The lines of a chunk when several jobs answer (smaller, so that a file's worth is shared out evenly)."""
CHUNK_SECONDS = 0.2
CHUNK_BYTES = 4 << 20
"""Whole lines are cut into a chunk once this many bytes are waiting (a longer line is held whole, alone)."""
READ_SIZE = 1 << 20

ReadSome = Callable[[float | None], bytes | None]


def reader(stream: BinaryIO) -> ReadSome:
    """`read(timeout)`: the bytes available (b"" at the end of input), waiting
    at most `timeout` seconds (None: as long as it takes; returns None if
    nothing came). A stream without a file descriptor (in memory) is read
    as it is: it never makes anyone wait."""
    try:
        descriptor = stream.fileno()
    except (AttributeError, OSError, io.UnsupportedOperation):
        read_some = getattr(stream, "read1", stream.read)
        return lambda timeout: read_some(READ_SIZE)

    def read(timeout: float | None) -> bytes | None:
        if timeout is not None:
            try:
                ready, _, _ = select.select([descriptor], [], [], timeout)
            except (OSError, ValueError):  # not selectable: wait for the bytes instead
                ready = [descriptor]
            if not ready:
                return None
        return os.read(descriptor, READ_SIZE)

    return read


def chunks(
    stream: BinaryIO, lines: int = CHUNK_LINES, seconds: float = CHUNK_SECONDS, source: str = "standard input"
) -> Iterator[Lines]:
    """The stream's lines, chunk by chunk, numbered from 1 across chunks.

    What arrives is kept in the pieces it came in, its line breaks counted
    as it comes, and joined only when chunks are cut from it, so a byte is
    copied a few times at most: one huge line (or lines ending in CR only,
    one line here) is read in time linear in its length, through a pipe's
    64 KiB reads as from a file. (Adding each read to one buffer and
    counting its breaks again copied and read the buffer once per read.)"""
    read = reader(stream)
    pieces: list[bytes] = []
    breaks, size, first, offset, since, ended = 0, 0, 1, 0, 0.0, False
    while True:
        waited = breaks and (size >= CHUNK_BYTES or time.monotonic() - since >= seconds)
        if breaks < lines and not ended and not waited:
            data = read(max(0.0, since + seconds - time.monotonic()) if breaks else None)
            if data == b"":
                ended = True
            elif data:
                since = since if pieces else time.monotonic()
                pieces.append(data)
                breaks, size = breaks + data.count(b"\n"), size + len(data)
            continue
        pending = b"".join(pieces)
        pieces.clear()
        if not pending:
            return
        ends = np.flatnonzero(np.frombuffer(pending, dtype=np.uint8) == ord("\n")) + 1 if breaks >= lines else None
        cuts = [] if ends is None else ends[lines - 1 :: lines].tolist()
        if ended and (not cuts or cuts[-1] < len(pending)):
            cuts.append(len(pending))
        elif not cuts:  # the wait is over, or enough bytes wait: every whole line that arrived
            cuts.append(pending.rfind(b"\n") + 1)
        breaks = breaks - lines * len(cuts) if ends is not None and not ended else 0
        start = 0
        for cut in cuts:
            chunk = Lines(pending[start:cut], first, offset, source)
            yield chunk
            first, offset, start = first + len(chunk), offset + cut - start, cut
        if start < len(pending):
            pieces.append(pending[start:])
        size, since = len(pending) - start, time.monotonic()


def answered(
    chunks: Iterable[Lines], answer: Callable[[Lines], bytes], jobs: int = 1, tally: Tally | None = None
) -> Iterator[bytes]:
    """Each chunk's answer, in order, as soon as it is ready: a thread reads
    ahead while the chunks are answered and the caller writes, so reading,
    answering and writing overlap and an answer never waits for input.

    One job answers in a thread, a chunk ahead. (A second answering thread
    measured slower: writing the JSON lines is Python work, under one lock.)
    More jobs answer in as many worker processes, forked before any thread
    starts, a chunk ahead each; what `answer` records in `tally` there is
    handed back with each answer and recorded here."""
    if jobs == 1:
        pool = ThreadPoolExecutor(max_workers=1)
        stop = partial(pool.shutdown, wait=False, cancel_futures=True)
        return _in_order(chunks, lambda chunk: pool.submit(answer, chunk).result, 2, stop)
    submit, stop = processes.answering(answer, jobs, tally)
    return _in_order(chunks, submit, jobs + 1, stop)


def _in_order(
    chunks: Iterable[Lines], submit: Callable[[Lines], Callable[[], bytes]], ahead: int, stop: Callable[..., None]
) -> Iterator[bytes]:
    """The answers of `submit` in order, at most `ahead` chunks submitted and not yet handed on; `stop` at the end."""
    ready: queue.Queue[Callable[[], bytes] | BaseException | None] = queue.Queue()
    room, stopped = threading.Semaphore(ahead), threading.Event()

    def read() -> None:
        try:
            for chunk in chunks:
                while not room.acquire(timeout=0.1):
                    if stopped.is_set():
                        return
                ready.put(submit(chunk))
        except BaseException as error:  # handed to the caller's thread, which reports it
            ready.put(error)
        ready.put(None)

    threading.Thread(target=read, daemon=True).start()
    try:
        while (item := ready.get()) is not None:
            if isinstance(item, BaseException):
                raise item
            yield item()
            room.release()
    finally:
        stopped.set()
        stop()


def write_all(pieces: Iterable[bytes], out: BinaryIO) -> None:
    """Write each piece as it comes and flush it, so the reader sees every
    answer at once. A reader that has gone (`| head`) is the caller's to
    handle (the command line ends quietly, as `cat` does)."""
    for piece in pieces:
        if piece:
            out.write(piece)
            out.flush()


def drain(stream: BinaryIO) -> None:
    """Read the rest of the input and drop it (so a producer is not cut off)."""
    read = reader(stream)
    while read(None):
        pass
