"""nine: XJTUPC 2025 "9-Nine", 3x3 version. Two 0/1 matrices A and B;
rotate either a quarter turn, or exchange column k of A with column k of B;
the goal is A all 0 and B all 1.

Board and index: the 18 cells, A's then B's in reading order, read as one
binary number (A's top-left cell is the most significant bit); the goal is 511.
"""

from __future__ import annotations

import numpy as np

from .base import TablePuzzle

Board = int

# new cell -> old cell, for a quarter turn of one 3x3 matrix (cells in reading order)
_COUNTER_CLOCKWISE = (2, 5, 8, 1, 4, 7, 0, 3, 6)
_CLOCKWISE = (6, 3, 0, 7, 4, 1, 8, 5, 2)


def _rotation_table(source: tuple[int, ...]) -> list[int]:
    """All 512 matrices, each rotated (cell c is bit 8 - c)."""
    return [
        sum(1 << (8 - new) for new, old in enumerate(source) if matrix >> (8 - old) & 1) for matrix in range(512)
    ]


_ROTATE = {"L": _rotation_table(_COUNTER_CLOCKWISE), "R": _rotation_table(_CLOCKWISE)}
_COLUMN_MASKS = tuple(sum(1 << (8 - (row * 3 + column)) for row in range(3)) for column in range(3))

MOVES = ("AL", "AR", "BL", "BR", "C1", "C2", "C3")
_INVERSE = (1, 0, 3, 2, 4, 5, 6)


def apply_move(boards, move: int, rotate=_ROTATE):
    """Apply one move to a board (int) or to an array of boards (the same bit operations)."""
    a, b = boards >> 9, boards & 511
    name = MOVES[move]
    if name[0] == "A":
        a = rotate[name[1]][a]
    elif name[0] == "B":
        b = rotate[name[1]][b]
    else:
        mask = _COLUMN_MASKS[int(name[1]) - 1]
        swapped = (a ^ b) & mask
        a, b = a ^ swapped, b ^ swapped
    return a << 9 | b


class Nine(TablePuzzle):
    name = "nine"
    state_count = 1 << 18
    move_names = MOVES
    encoding = "A's then B's cells in reading order as an 18-bit binary number, first cell most significant"
    _vector_rotate = {side: np.array(table, dtype=np.int64) for side, table in _ROTATE.items()}

    def encode(self, board: Board) -> int:
        return board

    def decode(self, index: int) -> Board:
        return index

    def apply(self, board: Board, move: int) -> Board:
        return apply_move(board, move)

    def goal_states(self) -> np.ndarray:
        return np.array([511], dtype=np.int64)

    def predecessors(self, states: np.ndarray) -> list[np.ndarray]:
        return [apply_move(states, _INVERSE[move], self._vector_rotate) for move in range(len(MOVES))]


PUZZLE = Nine()
