"""puzzles/clocks/many.py: the reader of many settings at once against the
scalar reader, on a chunk of lines of every length near the compact form
(a character changed, added or dropped): a line is read at once exactly
where `parse` reads it and `compact` writes it back the same, to the same
board; every other line is left to be read on its own."""

from __future__ import annotations

import random

from ninebase import puzzles
from ninebase.lookup import bulk
from ninebase.lookup.stream import Lines
from ninebase.puzzles import InputError

HOURS = ("3", "6", "9", "12")


def near_compact(rng: random.Random) -> str:
    values = [rng.choice(HOURS) for _ in range(rng.choice((8, 9, 9, 9, 10)))]
    text = list(" ".join(values))
    for _ in range(rng.choice((0, 0, 1, 2))):
        place = rng.randrange(len(text) + 1)
        change = rng.choice(("replace", "insert", "drop"))
        if change == "insert" or place == len(text):
            text.insert(place, rng.choice(" 0123469\tx"))
        elif change == "replace":
            text[place] = rng.choice(" 0123469\tx")
        else:
            del text[place]
    return "".join(text)


def scalar_board(text: str) -> int | None:
    """The board the scalar reader reads and writes back as `text`, if any."""
    clocks = puzzles.get("clocks")
    try:
        board = clocks.parse(text)
    except InputError:
        return None
    return board if clocks.compact(board) == text else None


def test_lines_near_the_compact_form_are_read_at_once_exactly_as_the_scalar_reader_reads_them() -> None:
    rng = random.Random(35)
    texts = ["23 3 3 3 3 3 3 3 3", *(near_compact(rng) for _ in range(20_000)), "3 3 3 3 3 3 3 3 31"]
    rows = bulk.read_at_once(puzzles.get("clocks"), Lines("".join(f"{text}\n" for text in texts).encode()))
    read = dict(zip(rows.fast.tolist(), rows.keys.tolist(), strict=True))
    expected = {row: board for row, text in enumerate(texts) if (board := scalar_board(text)) is not None}
    assert read == expected
    assert 5_000 < len(expected) < 15_000  # both kinds of line, many of each
