"""nine's boards many at once: read from their characters, and the reasons
of the unsolvable ones by their counts of 1s."""

from __future__ import annotations

import numpy as np

from ..batch import reasons_by_class
from ..board_puzzle import BoardMany
from ..contract import NO_GOAL
from .board import CELL_KINDS, THREE

_KIND_BITS = [[8 - cell for cell in spots] + [17 - cell for cell in spots] for spots in CELL_KINDS.values()]
"""Per kind of cell, its bits in a board (A's and B's)."""
_REASONS: dict[int, str] = {}
"""The reason of each class of unsolvable boards met so far (see `unsolvable_reasons`)."""


class NineMany(BoardMany):
    def read_many(self, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return THREE.read_rows(lines)

    def unsolvable_reasons(self, indices: np.ndarray) -> list[str]:
        """The reason names only the 1s per kind of cell, so boards with the same counts share it."""
        puzzle = self.puzzle
        classes = np.zeros_like(indices)
        for bits in _KIND_BITS:
            classes = classes * 19 + sum((indices >> bit) & 1 for bit in bits)
        return reasons_by_class(classes, indices, lambda index: puzzle.unsolvable_reason(index) or NO_GOAL, _REASONS)
