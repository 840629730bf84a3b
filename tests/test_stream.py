"""Input read in chunks as it arrives, answers written as they are ready:
line breaks are \\n and \\r\\n only, an answer comes before the input ends,
and `judge` prints byte for byte what reading the whole input printed."""

from __future__ import annotations

import io
import os
import threading
import time

from lookup import stream
from puzzles.batch import Lines


def texts(lines: Lines) -> list[bytes]:
    return [lines.raw(position) for position in range(len(lines))]


def test_lines_end_at_newline_and_crlf_only() -> None:
    data = "a\x0cb\r\nc\x1c\x1d\x1ed\n\x85e\u2028f\u2029\nlone\rcr\nlast\r".encode()
    lines = Lines(data, first=7)
    assert texts(lines) == [b"a\x0cb", b"c\x1c\x1d\x1ed", "\x85e\u2028f\u2029".encode(), b"lone\rcr", b"last\r"]
    assert len(Lines(b"")) == 0 and texts(Lines(b"\n\r\n")) == [b"", b""]


def test_chunks_keep_order_numbers_and_offsets() -> None:
    data = b"".join(b"%d\r\n" % number if number % 3 else b"%d\n" % number for number in range(1, 101)) + b"101"
    chunks = list(stream.chunks(io.BytesIO(data), lines=7))
    assert [len(chunk) for chunk in chunks] == [7] * 14 + [3]
    assert [chunk.first for chunk in chunks] == list(range(1, 102, 7))
    assert b"".join(chunk.data for chunk in chunks) == data
    assert all(data[chunk.offset :].startswith(chunk.data) for chunk in chunks)
    assert [line for chunk in chunks for line in texts(chunk)] == [b"%d" % number for number in range(1, 102)]


def test_a_slow_input_is_answered_with_what_arrived_within_the_wait() -> None:
    read_end, write_end = os.pipe()

    def produce() -> None:
        os.write(write_end, b"one\ntwo\nthr")
        time.sleep(1.5)
        os.write(write_end, b"ee\nfour\n")
        os.close(write_end)

    threading.Thread(target=produce, daemon=True).start()
    started = time.monotonic()
    with os.fdopen(read_end, "rb", buffering=0) as source:
        arrivals = [(time.monotonic() - started, texts(chunk)) for chunk in stream.chunks(source, seconds=0.2)]
    assert [lines for _, lines in arrivals] == [[b"one", b"two"], [b"three", b"four"]]
    assert arrivals[0][0] < 1.0 <= arrivals[1][0]
