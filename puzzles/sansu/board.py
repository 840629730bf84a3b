"""sansu's tiles: how a tile is held, numbered and swapped, shared by the
rules and their roles.

A tile is the tuple of its nine digits minus one (0..8) in reading order;
its index is the lexicographic rank of that permutation.
"""

from __future__ import annotations

from math import factorial

import numpy as np

from .. import permutations
from ..text import InputError

LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
    (0, 4, 8), (2, 4, 6),  # diagonals
)  # fmt: skip

SWAPS = ((0, 1), (0, 3), (1, 2), (1, 4), (2, 5), (3, 4), (3, 6), (4, 5), (4, 7), (5, 8), (6, 7), (7, 8))
"""The 12 adjacent swaps as 0-based cell pairs, in the order that breaks ties:
sorted by the first cell, then the second."""

TILE_DISTANCE = "tile_distance"
"""Group of the search to the identity tile."""

DIGITS = "123456789"

Board = tuple[int, ...]


def is_sansu(digits: np.ndarray) -> np.ndarray:
    """Whether each row of an (n, 9) digit array is a sansu (all 8 lines)."""
    digits = np.asarray(digits, dtype=np.int64)
    ok = np.ones(digits.shape[0], dtype=bool)
    for line in LINES:
        ok &= digits[:, list(line)].sum(axis=1) % 3 == 0
    return ok


def undo_swaps(states: np.ndarray) -> list[np.ndarray]:
    """Per swap, the tiles it takes to `states` (a swap undoes itself)."""
    perms = permutations.unrank(states, 9)
    result = []
    for i, j in SWAPS:
        swapped = perms.copy()
        swapped[:, [i, j]] = perms[:, [j, i]]
        result.append(permutations.rank(swapped))
    return result


class ToIdentity:
    """The search from every tile to the identity tile 123456789."""

    name = "sansu tile distance"
    state_count = factorial(9)
    move_names = tuple(f"{i + 1}-{j + 1}" for i, j in SWAPS)

    def goal_states(self) -> np.ndarray:
        return np.zeros(1, dtype=np.int64)

    def predecessors(self, states: np.ndarray) -> list[np.ndarray]:
        return undo_swaps(states)


def digit(token: str, where: str) -> str:
    """One cell of the original input: a digit 1..9."""
    if len(token) != 1 or token not in DIGITS:
        raise InputError(f"{where}: {token!r} is not a digit 1..9")
    return token


def compact(board: Board) -> str:
    return "".join(str(value + 1) for value in board)
