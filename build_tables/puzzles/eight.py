"""eight: the sliding 8-puzzle for each of the nine possible empty cells.

A board holds the digits 1..9 with one digit d replaced by 0 (the empty
cell); its goal is 1..9 in reading order with the same d replaced by 0. All
nine goals share one table: the index is (d - 1) * 9! plus the rank of the
board read as a permutation (the empty cell counted as d, all values minus
one). A move slides a tile into the empty cell; its letter U D L R names the
direction in which the empty cell moves.
"""

from __future__ import annotations

from math import factorial

import numpy as np

from .. import permutations
from .base import TablePuzzle

PERMUTATIONS = factorial(9)
DIRECTIONS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
"""Per move letter: how the empty cell's (row, column) changes."""

Board = tuple[int, tuple[int, ...]]
"""(d, the board as a permutation of 0..8 in reading order: digit - 1, the
empty cell read as d - 1)."""


def _target(empty: int, row_step: int, column_step: int) -> int | None:
    row, column = divmod(empty, 3)
    if 0 <= row + row_step < 3 and 0 <= column + column_step < 3:
        return (row + row_step) * 3 + column + column_step
    return None


TARGETS = tuple(tuple(_target(empty, *step) for step in DIRECTIONS.values()) for empty in range(9))
"""TARGETS[empty][move]: where the empty cell goes, None if off the board."""


def from_digits(digits: tuple[int, ...]) -> Board:
    """A board from its nine digits in reading order (0 for the empty cell)."""
    missing = 45 - sum(digits)
    return missing, tuple((digit or missing) - 1 for digit in digits)


def to_digits(board: Board) -> tuple[int, ...]:
    missing, perm = board
    return tuple(0 if value == missing - 1 else value + 1 for value in perm)


class Eight(TablePuzzle):
    name = "eight"
    state_count = 9 * PERMUTATIONS
    move_names = tuple(DIRECTIONS)
    encoding = "(d-1)*9! + rank of the board with 0 read as the missing digit d, values minus one"

    def encode(self, board: Board) -> int:
        return (board[0] - 1) * PERMUTATIONS + permutations.rank_one(board[1])

    def decode(self, index: int) -> Board:
        missing, rank = divmod(index, PERMUTATIONS)
        return missing + 1, tuple(permutations.unrank_one(rank, 9))

    def apply(self, board: Board, move: int) -> Board:
        missing, perm = board
        empty = perm.index(missing - 1)
        target = TARGETS[empty][move]
        if target is None:
            raise ValueError(f"move {self.move_names[move]} leaves the board")
        cells = list(perm)
        cells[empty], cells[target] = cells[target], missing - 1
        return missing, tuple(cells)

    def goal_states(self) -> np.ndarray:
        return np.arange(9, dtype=np.int64) * PERMUTATIONS  # rank 0: 1..9 in order

    def predecessors(self, states: np.ndarray) -> list[np.ndarray]:
        missing, ranks = np.divmod(states, PERMUTATIONS)
        perms = permutations.unrank(ranks, 9)
        empty = np.argmax(perms == missing[:, None].astype(np.uint8), axis=1)
        row, column = np.divmod(empty, 3)
        result = []
        for row_step, column_step in DIRECTIONS.values():
            # The state before the move had its empty cell one step back.
            before_row, before_column = row - row_step, column - column_step
            legal = np.flatnonzero((before_row >= 0) & (before_row < 3) & (before_column >= 0) & (before_column < 3))
            moved = perms[legal]
            lanes = np.arange(legal.size)
            source = (before_row * 3 + before_column)[legal]
            moved[lanes, empty[legal]] = moved[lanes, source]
            moved[lanes, source] = missing[legal]
            before = np.full(states.size, -1, dtype=np.int64)
            before[legal] = missing[legal] * PERMUTATIONS + permutations.rank(moved)
            result.append(before)
        return result


PUZZLE = Eight()
