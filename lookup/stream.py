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
line like any other here. `Lines` frames a chunk (where each line starts
and ends); `Tally` counts the lines that could not be read over all chunks.
"""

from __future__ import annotations

import io
import os
import select
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import BinaryIO

import numpy as np

from ninebase.puzzles import InputError
from ninebase.puzzles.batch import MAX_WIDTH

CHUNK_LINES = 65_536
JOB_LINES = 1_000
"""The lines of a chunk when several jobs answer (smaller, so that a file's worth is shared out evenly)."""
CHUNK_SECONDS = 0.2
CHUNK_BYTES = 4 << 20
"""Whole lines are cut into a chunk once this many bytes are waiting (a longer line is held whole, alone)."""
READ_SIZE = 1 << 20


class Lines:
    """One chunk of input lines in one buffer: where each line starts and how
    long it is without its `\\n` or `\\r\\n`. `first` is the number of the first
    line and `offset` the position of the first byte in the whole input, so
    messages can name the line or byte."""

    def __init__(self, data: bytes, first: int = 1, offset: int = 0, source: str = "standard input") -> None:
        self.data, self.first, self.offset, self.source = data, first, offset, source
        buffer = np.frombuffer(data, dtype=np.uint8)
        ends = np.flatnonzero(buffer == ord("\n"))
        self.starts = np.concatenate([[0], ends + 1])
        self.lengths = np.concatenate([ends, [len(data)]]) - self.starts
        if data.endswith(b"\n") or not data:  # no line after the last line break
            self.starts, self.lengths = self.starts[:-1], self.lengths[:-1]
        ended = self.lengths[: ends.size] > 0
        ended[ended] &= buffer[ends[ended] - 1] == ord("\r")
        self.lengths[: ends.size] -= ended

    def __len__(self) -> int:
        return self.starts.size

    def raw(self, position: int) -> bytes:
        start = int(self.starts[position])
        return self.data[start : start + int(self.lengths[position])]

    def rest(self, position: int) -> Lines:
        """The lines from `position` on, as a chunk of their own (an original stream keeps them for the next)."""
        start = int(self.starts[position])
        return Lines(self.data[start:], self.first + position, self.offset + start, self.source)

    def joined(self, data: bytes) -> Lines:
        """These lines and then `data` (the lines that came after them), numbered on from them."""
        return Lines(self.data + data, self.first, self.offset, self.source)

    def text(self) -> str:
        """The whole chunk as text (raises InputError naming the first byte that is not UTF-8)."""
        try:
            return self.data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise InputError(f"{self.source} is not UTF-8 text (byte {self.offset + error.start + 1})") from None

    def matrix(self, widest: int = MAX_WIDTH) -> tuple[np.ndarray, np.ndarray]:
        """The lines as an (n, width) uint8 array, zero-padded, and which of
        them a vectorised reader may see: at most `widest` bytes of printable
        ASCII, not empty, with no space at either end."""
        lengths, count = self.lengths, len(self)
        width = int(min(lengths.max(initial=0), widest))
        buffer = np.frombuffer(self.data, dtype=np.uint8)
        # every byte but the line breaks printable ASCII: then no row needs looking at for it
        printable = np.count_nonzero((buffer < 0x20) | (buffer > 0x7E)) == np.count_nonzero(buffer == ord("\n"))
        if count and width and (lengths == width).all() and self.starts[-1] == (count - 1) * (width + 1):
            cells = np.lib.stride_tricks.as_strided(buffer, (count, width), (width + 1, 1), writeable=False)
            inside = np.True_
            if printable:
                return cells, (cells[:, 0] != ord(" ")) & (cells[:, -1] != ord(" "))
        else:  # lines of different lengths (or some ending in \r\n): each row copied from its window of the bytes
            columns = np.arange(width, dtype=np.int32 if buffer.size < 2**31 - width else np.int64)
            inside = columns < lengths.astype(columns.dtype)[:, None]
            padded = np.concatenate([buffer, np.zeros(width, dtype=np.uint8)])  # the last rows' windows too
            cells = np.lib.stride_tricks.sliding_window_view(padded, width)[self.starts]
            cells *= inside
        plain = (lengths > 0) & (lengths <= width)
        if not printable:
            plain &= ~(inside & ((cells < 0x20) | (cells > 0x7E))).any(axis=1)
        if width:
            last = cells[np.arange(count), np.clip(lengths - 1, 0, width - 1)]
            plain &= (cells[:, 0] != ord(" ")) & (last != ord(" "))
        return cells, plain


Recorded = tuple[int, int, tuple[int, str] | None]
"""What a tally recorded: lines, bad lines, and the first bad line's number and message."""


class Tally:
    """The lines a bulk answer (`distances`, `counts`) could not read, over
    all chunks (which may be answered at once)."""

    def __init__(self, answer: str = "distance") -> None:
        self.answer = answer
        self.count = self.lines = 0
        self.first: tuple[int, str] | None = None
        self._lock = threading.Lock()

    def record(self, lines: int, errors: dict[int, str]) -> None:
        """`lines` more lines read, and the messages of the bad ones by line number."""
        self._added(lines, len(errors), list(errors.items()))

    def taken(self) -> Recorded:
        """What was recorded since the last call (lines, bad lines, the first
        of them), and a fresh start: how a worker process hands it on."""
        with self._lock:
            recorded = (self.lines, self.count, self.first)
            self.count = self.lines = 0
            self.first = None
        return recorded

    def add(self, recorded: Recorded) -> None:
        """Record what another tally took (`taken`)."""
        lines, count, first = recorded
        self._added(lines, count, [first] if first else [])

    def _added(self, lines: int, count: int, bad: list[tuple[int, str]]) -> None:
        """`lines` more lines, `count` of them bad, among them `bad` (line number, message), the first kept."""
        with self._lock:
            self.lines += lines
            self.count += count
            self.first = min([*bad, *([self.first] if self.first else [])], default=None)

    def summary(self) -> str:
        first = f"line {self.first[0]}: {self.first[1]}" if self.first else ""
        return (
            f"{self.count:,} of {self.lines:,} lines could not be read; each has a line 'error: line N: ...' "
            f"in place of its {self.answer} (the first: {first})"
        )


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
    from concurrent.futures import (
        ThreadPoolExecutor,
    )  # here: `Lines` loads with any query, threads and processes only with a batch

    from . import processes

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
    import queue  # here: a query that answers no batch does not load it

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
