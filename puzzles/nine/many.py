"""nine's boards many at once: read from their characters, and the reasons
of the unsolvable ones by their counts of 1s."""

from __future__ import annotations

import numpy as np

from ..batch import reasons_by_class
from ..board_puzzle import BoardMany
from ..contract import NO_GOAL
from .board import CELL_KINDS

_KIND_BITS = [[8 - cell for cell in spots] + [17 - cell for cell in spots] for spots in CELL_KINDS.values()]
"""Per kind of cell, its bits in a board (A's and B's)."""
_BIT_PLACES = np.array([17 - column + (column > 9) for column in range(19) if column != 9], dtype=np.int64)
"""The board bit of each character of the compact form but the space."""
_REASONS: dict[int, str] = {}
"""The reason of each class of unsolvable boards met so far (see `unsolvable_reasons`)."""


class NineMany(BoardMany):
    def read_many(self, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        if lines.shape[1] < 19:  # too short to be "AAAAAAAAA BBBBBBBBB"
            return np.zeros(len(lines), dtype=np.int64), np.zeros(len(lines), dtype=bool)
        bits = np.delete(lines[:, :19], 9, axis=1).astype(np.int64) - ord("0")
        valid = ((bits == 0) | (bits == 1)).all(axis=1) & (lines[:, 9] == ord(" ")) & ~lines[:, 19:].any(axis=1)
        return (bits << _BIT_PLACES).sum(axis=1), valid

    def unsolvable_reasons(self, indices: np.ndarray) -> list[str]:
        """The reason names only the 1s per kind of cell, so boards with the same counts share it."""
        puzzle = self.puzzle
        classes = np.zeros_like(indices)
        for bits in _KIND_BITS:
            classes = classes * 19 + sum((indices >> bit) & 1 for bit in bits)
        return reasons_by_class(classes, indices, lambda index: puzzle.unsolvable_reason(index) or NO_GOAL, _REASONS)
