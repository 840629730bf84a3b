"""sansu: the digits 1..9 on a 3x3 tile; swap orthogonal neighbours until
every row, column and diagonal has a digit sum divisible by 3.

Board: a tuple of the nine digits minus one (0..8) in reading order.
Index: the lexicographic rank of that permutation.
"""

from __future__ import annotations

from math import factorial

import numpy as np

from .. import permutations
from .base import TablePuzzle

LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
    (0, 4, 8), (2, 4, 6),  # diagonals
)  # fmt: skip

SWAPS = ((0, 1), (0, 3), (1, 2), (1, 4), (2, 5), (3, 4), (3, 6), (4, 5), (4, 7), (5, 8), (6, 7), (7, 8))
"""The 12 adjacent swaps as 0-based cell pairs, in the order that breaks ties:
sorted by the first cell, then the second."""

Board = tuple[int, ...]


def is_sansu(digits: np.ndarray) -> np.ndarray:
    """Whether each row of an (n, 9) digit array is a sansu (all 8 lines)."""
    digits = np.asarray(digits, dtype=np.int64)
    ok = np.ones(digits.shape[0], dtype=bool)
    for line in LINES:
        ok &= digits[:, list(line)].sum(axis=1) % 3 == 0
    return ok


class Sansu(TablePuzzle):
    name = "sansu"
    state_count = factorial(9)
    move_names = tuple(f"{i + 1}-{j + 1}" for i, j in SWAPS)
    encoding = "lexicographic rank of the permutation (digit-1) in reading order"

    def encode(self, board: Board) -> int:
        return permutations.rank_one(board)

    def decode(self, index: int) -> Board:
        return tuple(permutations.unrank_one(index, 9))

    def apply(self, board: Board, move: int) -> Board:
        i, j = SWAPS[move]
        cells = list(board)
        cells[i], cells[j] = cells[j], cells[i]
        return tuple(cells)

    def goal_states(self) -> np.ndarray:
        every = np.arange(self.state_count)
        return every[is_sansu(permutations.unrank(every, 9) + 1)]

    def predecessors(self, states: np.ndarray) -> list[np.ndarray]:
        perms = permutations.unrank(states, 9)
        result = []
        for i, j in SWAPS:  # a swap undoes itself
            swapped = perms.copy()
            swapped[:, [i, j]] = perms[:, [j, i]]
            result.append(permutations.rank(swapped))
        return result


PUZZLE = Sansu()
