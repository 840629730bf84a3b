"""eight's boards: how a board is held, numbered and moved, shared by the
rules and their roles.

A board is (d, the board as a permutation of 0..8 in reading order: digit
- 1, the empty cell read as d - 1), d the missing digit. Its index is
(d - 1) * 9! plus the rank of that permutation.
"""

from __future__ import annotations

from math import factorial

import numpy as np

from ..text import InputError

PERMUTATIONS = factorial(9)
DIGIT_SUM = sum(range(1, 10))
"""The sum of 1..9: a board's digits sum to this minus its missing digit."""
DIRECTIONS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
"""Per move letter: how the empty cell's (row, column) changes."""
IDENTITY = tuple(range(9))
DIGITS = "0123456789"
BLANK = "_"
"""The empty cell as the terminal draws it; read as 0 too."""

Board = tuple[int, tuple[int, ...]]


def _target(empty: int, row_step: int, column_step: int) -> int | None:
    row, column = divmod(empty, 3)
    if 0 <= row + row_step < 3 and 0 <= column + column_step < 3:
        return (row + row_step) * 3 + column + column_step
    return None


TARGETS = tuple(tuple(_target(empty, *step) for step in DIRECTIONS.values()) for empty in range(9))
"""TARGETS[empty][move]: where the empty cell goes, None if off the board."""
TARGET_CELLS = np.array([-1 if cell is None else cell for row in TARGETS for cell in row], dtype=np.int64)
"""TARGETS flattened (empty * 4 + move), -1 off the board."""


def from_digits(digits: tuple[int, ...]) -> Board:
    """A board from its nine digits in reading order (0 for the empty cell)."""
    missing = DIGIT_SUM - sum(digits)
    return missing, tuple((digit or missing) - 1 for digit in digits)


def to_digits(board: Board) -> tuple[int, ...]:
    missing, perm = board
    return tuple(0 if value == missing - 1 else value + 1 for value in perm)


def goal_of(board: Board) -> Board:
    return board[0], IDENTITY


def digit(token: str, where: str) -> str:
    """One cell of the original input: a digit 0..9."""
    if len(token) != 1 or token not in DIGITS:
        raise InputError(f"{where}: {token!r} is not a digit 0..9")
    return token
