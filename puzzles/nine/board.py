"""nine's boards as numbers, at any size n, shared by the rules of every size and their roles.

A board is the 2n^2 cells, A's then B's in reading order, read as one binary
number (A's top-left cell is the most significant bit); at size 3 it is its
own index in the table. Up to size 4 a quarter turn of one matrix is a table
lookup (2^16 entries at most), which also turns arrays of boards at once;
above, it is a permutation of the matrix's characters.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from ..text import InputError, shown
from .sizes import operation_names

Board = int

TABLE_SIZES = 4
"""The largest size whose quarter turns are tables (2^16 entries per direction)."""


def turn_sources(n: int) -> dict[str, tuple[int, ...]]:
    """new cell -> old cell of one n x n matrix (cells in reading order) for a
    quarter turn to the left (`L`: A'[r][c] = A[c][n-1-r]) and to the right (`R`)."""
    left = tuple(column * n + n - 1 - row for row in range(n) for column in range(n))
    right = tuple(left.index(cell) for cell in range(n * n))
    return {"L": left, "R": right}


@dataclass(frozen=True)
class Bits:
    """The boards of size n as numbers, and the operations on them."""

    n: int
    sources: dict[str, tuple[int, ...]]
    rotate: dict[str, list[int]] | None
    """Up to size 4: every matrix turned, by side, as a list and (`vector_rotate`) as an array."""
    vector_rotate: dict[str, np.ndarray] | None
    column_masks: tuple[int, ...]
    """The cells of column k of one matrix, as bits of it."""

    @property
    def cells(self) -> int:
        return self.n * self.n

    @property
    def one_matrix(self) -> int:
        return (1 << self.cells) - 1

    @property
    def goal(self) -> Board:
        """A all 0, B all 1."""
        return self.one_matrix

    def apply(self, boards: Any, move: int, vector: bool = False) -> Any:
        """One operation (numbered as `operation_names`) on a board, or with
        `vector` on an array of boards (sizes up to 4): the same bit operations."""
        cells = self.cells
        a, b = boards >> cells, boards & self.one_matrix
        if move < 4:
            side = "L" if move % 2 == 0 else "R"
            if move < 2:
                a = self._turned(a, side, vector)
            else:
                b = self._turned(b, side, vector)
        else:
            swapped = (a ^ b) & self.column_masks[move - 4]
            a, b = a ^ swapped, b ^ swapped
        return a << cells | b

    def _turned(self, matrix: Any, side: str, vector: bool) -> Any:
        if vector:
            return self.vector_rotate[side][matrix]
        if self.rotate is not None:
            return self.rotate[side][matrix]
        text = f"{matrix:0{self.cells}b}"
        return int("".join(text[cell] for cell in self.sources[side]), 2)

    def compact(self, board: Board) -> str:
        cells = f"{board:0{2 * self.cells}b}"
        return f"{cells[: self.cells]} {cells[self.cells :]}"

    def read_rows(self, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The boards (int64, sizes up to 4) of the rows of an (n, width) uint8
        array of lines, and which rows are written exactly in the compact form."""
        width = 2 * self.cells + 1
        if lines.shape[1] < width:  # too short to be "AAA... BBB..."
            return np.zeros(len(lines), dtype=np.int64), np.zeros(len(lines), dtype=bool)
        digits = np.delete(lines[:, :width], self.cells, axis=1).astype(np.int64) - ord("0")
        valid = ((digits == 0) | (digits == 1)).all(axis=1) & (lines[:, self.cells] == ord(" "))
        valid &= ~lines[:, width:].any(axis=1)
        return (digits << np.arange(2 * self.cells - 1, -1, -1)).sum(axis=1), valid

    def arrays(self, board: Board) -> tuple[np.ndarray, np.ndarray]:
        """The two matrices as n x n int8 arrays."""
        digits = np.frombuffer(f"{board:0{2 * self.cells}b}".encode(), dtype=np.uint8) - ord("0")
        matrices = digits.astype(np.int8).reshape(2, self.n, self.n)
        return matrices[0], matrices[1]


def _rotation_tables(n: int, sources: dict[str, tuple[int, ...]]) -> dict[str, np.ndarray]:
    """Every n x n matrix turned (cell c is bit n*n - 1 - c), by side."""
    cells = n * n
    matrices = np.arange(1 << cells, dtype=np.int64)
    tables = {}
    for side, source in sources.items():
        turned = np.zeros_like(matrices)
        for new, old in enumerate(source):
            turned |= ((matrices >> (cells - 1 - old)) & 1) << (cells - 1 - new)
        tables[side] = turned
    return tables


@cache
def bits(n: int) -> Bits:
    sources = turn_sources(n)
    masks = tuple(sum(1 << (n * n - 1 - (row * n + column)) for row in range(n)) for column in range(n))
    if n > TABLE_SIZES:
        return Bits(n, sources, None, None, masks)
    vector = _rotation_tables(n, sources)
    return Bits(n, sources, {side: table.tolist() for side, table in vector.items()}, vector, masks)


def square_size(length: int) -> int | None:
    """The size n >= 2 whose matrices have `length` cells, if there is one."""
    root = math.isqrt(length)
    return root if root >= 2 and root * root == length else None


# The 3x3 board: the table puzzle's own names ------------------------------------------
THREE = bits(3)
MATRIX_BITS = THREE.cells
ONE_MATRIX = THREE.one_matrix
GOAL = THREE.goal
COUNTER_CLOCKWISE = THREE.sources["L"]
CLOCKWISE = THREE.sources["R"]
ROTATE = THREE.rotate
VECTOR_ROTATE = THREE.vector_rotate

CELL_KINDS = {"corner": (0, 2, 6, 8), "edge": (1, 3, 5, 7), "centre": (4,)}
"""Rotations keep each kind of cell among its own kind, and column k of A
meets column k of B, which holds the same kinds at the same rows."""
GOAL_ONES = {"corner": 4, "edge": 4, "centre": 1}

MOVES = operation_names(3)
INVERSE = (1, 0, 3, 2, 4, 5, 6)


def apply_move(boards: Any, move: int, vector: bool = False) -> Any:
    """Apply one 3x3 move to a board (int) or, with `vector`, to an array of boards."""
    return THREE.apply(boards, move, vector)


def matrix_bits(text: str, where: str) -> int:
    """One matrix of the 3x3 compact form: nine characters 0/1 (a length that
    is another size's says which)."""
    if len(text) != 9 or set(text) - {"0", "1"}:
        other = square_size(len(text)) if not set(text) - {"0", "1"} else None
        size = f" ({len(text)} characters make a matrix of size {other}, not of size 3)" if other else ""
        raise InputError(f"{where}: expected 9 characters 0/1, found {shown(text)}{size}")
    return int(text, 2)


def ones_by_kind(board: Board) -> dict[str, int]:
    """How many 1s A and B hold together on each kind of cell."""
    cells = f"{board:018b}"
    return {
        kind: sum(cells[c] == "1" for c in spots) + sum(cells[9 + c] == "1" for c in spots)
        for kind, spots in CELL_KINDS.items()
    }


def compact(board: Board) -> str:
    return THREE.compact(board)
