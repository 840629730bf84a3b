"""puzzles/batch.py: `Lines.matrix` against the lines cut and padded one by
one in plain Python, on chunks of lines of every length (equally long or
not, CR LF endings, a last line without its break, bytes that are not
printable ASCII) and several widths."""

from __future__ import annotations

import random

import numpy as np

from ninebase.lookup.stream import Lines

ALPHABET = b"ab 09\t\r\x00\x7f\xff"


def expected_matrix(data: bytes, widest: int) -> tuple[list[bytes], list[bool]]:
    """Each line zero-padded to the widest (at most `widest`) and whether it is plain."""
    lines = data.split(b"\n")
    ended = lines[:-1]
    lines = [line.removesuffix(b"\r") for line in ended] + ([lines[-1]] if lines[-1] else [])
    width = min(max(map(len, lines), default=0), widest)
    rows = [line[:width].ljust(width, b"\0") for line in lines]
    plain = [
        0 < len(line) <= width and all(0x20 <= byte <= 0x7E for byte in line) and line[0] != 32 and line[-1] != 32
        for line in lines
    ]
    return rows, plain


def test_the_matrix_is_every_line_padded_and_says_which_are_plain() -> None:
    rng = random.Random(35)
    for case in range(3_000):
        length = rng.choice((0, 1, 3, 9))
        if case % 3:  # lines of their own lengths; else all equally long
            length = None
        lines = [bytes(rng.choices(ALPHABET, k=rng.randrange(12) if length is None else length)) for _ in range(6)]
        lines = [line.replace(b"\r", b"") if case % 5 else line for line in lines]
        data = b"\n".join(lines[: rng.randrange(7)]) + rng.choice((b"", b"\n", b"\r\n"))
        for widest in (64, 9, 1):
            cells, plain = Lines(data).matrix(widest)
            rows, expected_plain = expected_matrix(data, widest)
            assert [row.tobytes() for row in np.asarray(cells)] == rows, (data, widest)
            assert plain.tolist() == expected_plain, (data, widest)
