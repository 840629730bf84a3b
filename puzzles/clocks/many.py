"""clocks' settings many at once: read from their characters; moves sorted."""

from __future__ import annotations

import numpy as np

from ..board_puzzle import BoardMany
from .dials import DIALS

_DIAL_PLACES = np.array([4 ** (8 - DIALS.index(dial)) for dial in DIALS], dtype=np.int64)
_BYTES_OF_WORD = 0x0101010101010101
"""Times a word of bytes: its top byte is the sum of its bytes (where below 256)."""


def _row_sums(flags: np.ndarray) -> np.ndarray:
    """How many flags each row holds (rows of 0s and 1s, a multiple of 8 bytes
    wide): its words added (no byte passes 255), then each word's bytes."""
    words = flags.view(np.uint64)
    total = words[:, 0].copy()
    for column in range(1, words.shape[1]):
        total += words[:, column]
    return (total * np.uint64(_BYTES_OF_WORD)) >> np.uint64(56)


class ClocksMany(BoardMany):
    def read_many(self, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Nine values 3, 6, 9, 12 separated by single spaces: each value
        starts with one of 3 6 9 1, a 1 is followed by a 2 and a 2 follows a
        1; with eight spaces and no other character, that is nine values,
        whose first characters, in order, give the dials. Every step is one
        pass over the characters, and a row's flags are counted a word of
        eight at a time (issue 35: rows of 24 characters or so are summed
        slowly byte by byte)."""
        rows, width = lines.shape
        cells = np.zeros((rows, -(-(width + 2) // 8) * 8), dtype=np.uint8)  # a zero before and after every row
        cells[:, 1 : width + 1] = lines
        flat = cells.ravel()
        space, one, two = cells == ord(" "), cells == ord("1"), cells == ord("2")
        starts = one | (cells == ord("3")) | (cells == ord("6")) | (cells == ord("9"))
        bad = ~(starts | space | two | (cells == 0))
        after, before = flat[1:], flat[:-1]  # each cell's neighbours, in its own row but for the zeros
        bad.ravel()[:-1] |= (space.ravel()[:-1] & (after == ord(" "))) | (one.ravel()[:-1] & (after != ord("2")))
        bad.ravel()[1:] |= two.ravel()[1:] & (before != ord("1"))
        words = bad.view(np.uint64)
        anything_bad = words[:, 0].copy()
        for column in range(1, words.shape[1]):
            anything_bad |= words[:, column]
        valid = (anything_bad == 0) & (_row_sums(space) == 8) & (_row_sums(starts) == 9)
        if not valid.all():
            starts, cells = starts[valid], cells[valid]
        firsts = cells.ravel()[np.flatnonzero(starts)]
        turns = firsts // 3 - ord("1") // 3  # the first characters 1 (of 12), 3, 6, 9: 0 to 3 quarter turns
        keys = np.zeros(rows, dtype=np.int64)
        keys[valid] = turns.reshape(-1, 9) @ _DIAL_PLACES
        return keys, valid
