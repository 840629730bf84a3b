"""nine's boards (3x3): how the two matrices are held and moved, shared by
the rules and their roles.

A board is the 18 cells, A's then B's in reading order, read as one binary
number (A's top-left cell is the most significant bit); it is its own index.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..text import InputError, shown

Board = int

MATRIX_BITS = 9
ONE_MATRIX = (1 << MATRIX_BITS) - 1
GOAL = ONE_MATRIX
"""A all 0, B all 1."""

# new cell -> old cell, for a quarter turn of one 3x3 matrix (cells in reading order)
COUNTER_CLOCKWISE = (2, 5, 8, 1, 4, 7, 0, 3, 6)
CLOCKWISE = (6, 3, 0, 7, 4, 1, 8, 5, 2)

CELL_KINDS = {"corner": (0, 2, 6, 8), "edge": (1, 3, 5, 7), "centre": (4,)}
"""Rotations keep each kind of cell among its own kind, and column k of A
meets column k of B, which holds the same kinds at the same rows."""
GOAL_ONES = {"corner": 4, "edge": 4, "centre": 1}

MOVES = ("AL", "AR", "BL", "BR", "C1", "C2", "C3")
INVERSE = (1, 0, 3, 2, 4, 5, 6)


def _rotation_table(source: tuple[int, ...]) -> list[int]:
    """All 512 matrices, each rotated (cell c is bit 8 - c)."""
    return [
        sum(1 << (8 - new) for new, old in enumerate(source) if matrix >> (8 - old) & 1)
        for matrix in range(1 << MATRIX_BITS)
    ]


ROTATE = {"L": _rotation_table(COUNTER_CLOCKWISE), "R": _rotation_table(CLOCKWISE)}
VECTOR_ROTATE = {side: np.array(table, dtype=np.int64) for side, table in ROTATE.items()}
_COLUMN_MASKS = tuple(sum(1 << (8 - (row * 3 + column)) for row in range(3)) for column in range(3))


def apply_move(boards: Any, move: int, rotate: dict[str, Any] = ROTATE) -> Any:
    """Apply one move to a board (int) or to an array of boards (the same bit operations)."""
    a, b = boards >> MATRIX_BITS, boards & ONE_MATRIX
    name = MOVES[move]
    if name[0] == "A":
        a = rotate[name[1]][a]
    elif name[0] == "B":
        b = rotate[name[1]][b]
    else:
        mask = _COLUMN_MASKS[int(name[1]) - 1]
        swapped = (a ^ b) & mask
        a, b = a ^ swapped, b ^ swapped
    return a << MATRIX_BITS | b


def matrix_bits(text: str, where: str) -> int:
    """One matrix of the compact form: nine characters 0/1."""
    if len(text) != 9 or set(text) - {"0", "1"}:
        raise InputError(f"{where}: expected 9 characters 0/1, found {shown(text)}")
    return int(text, 2)


def ones_by_kind(board: Board) -> dict[str, int]:
    """How many 1s A and B hold together on each kind of cell."""
    cells = f"{board:018b}"
    return {
        kind: sum(cells[c] == "1" for c in spots) + sum(cells[9 + c] == "1" for c in spots)
        for kind, spots in CELL_KINDS.items()
    }


def compact(board: Board) -> str:
    cells = f"{board:018b}"
    return f"{cells[:9]} {cells[9:]}"
