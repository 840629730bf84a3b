"""clocks' settings many at once: read from their characters; moves sorted."""

from __future__ import annotations

import numpy as np

from ..board_puzzle import BoardMany
from .dials import DIALS

_TURNS_OF_CHARACTER = np.zeros(256, dtype=np.int64)
_TURNS_OF_CHARACTER[[ord("3"), ord("6"), ord("9")]] = [1, 2, 3]  # and "1" of "12": 0
_DIAL_PLACES = np.array([4 ** (8 - DIALS.index(dial)) for dial in DIALS], dtype=np.int64)
_NINE_VALUES = 8 + (9 << 6)
"""Eight spaces and nine values, counted as spaces + 64 * values (a row has fewer than 64 spaces)."""


class ClocksMany(BoardMany):
    row_length = 9

    def read_many(self, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Nine values 3, 6, 9, 12 separated by single spaces: each value
        starts with one of 3 6 9 1, a 1 is followed by a 2 and a 2 follows a
        1; with eight spaces and no other character, that is nine values,
        whose first characters, in order, give the dials."""
        space, one, two = lines == ord(" "), lines == ord("1"), lines == ord("2")
        starts = one | (lines == ord("3")) | (lines == ord("6")) | (lines == ord("9"))
        after = np.zeros_like(lines)
        after[:, :-1] = lines[:, 1:]
        before = np.zeros_like(lines)
        before[:, 1:] = lines[:, :-1]
        bad = ~(starts | space | two | (lines == 0))
        bad |= space & (after == ord(" "))
        bad |= one & (after != ord("2"))
        bad |= two & (before != ord("1"))
        counts = (space.view(np.uint8) | (starts.view(np.uint8) << 6)).sum(axis=1, dtype=np.uint16)
        valid = ~bad.any(axis=1) & (counts == _NINE_VALUES)
        firsts = np.ascontiguousarray(lines).ravel()[np.flatnonzero(starts & valid[:, None])]
        keys = np.zeros(len(lines), dtype=np.int64)
        keys[valid] = _TURNS_OF_CHARACTER[firsts].reshape(-1, 9) @ _DIAL_PLACES
        return keys, valid

    def ordered_many(self, moves: np.ndarray) -> np.ndarray:
        return np.sort(moves, axis=1)
