"""nine: compact `100000000 111111011` (A then B); original input six lines
of three characters 0/1 (A's rows, then B's rows)."""

from __future__ import annotations

from typing import Any

import numpy as np

from build_tables.puzzles.nine import PUZZLE, Board

from ..batch import all_valid
from ..parsing import InputError, shown
from ..solution import Solution
from .base import GoalQuery

CELL_KINDS = {"corner": (0, 2, 6, 8), "edge": (1, 3, 5, 7), "centre": (4,)}
"""Rotations keep each kind of cell among its own kind, and column k of A
meets column k of B, which holds the same kinds at the same rows."""


def _bits(text: str, where: str) -> int:
    if len(text) != 9 or set(text) - {"0", "1"}:
        raise InputError(f"{where}: expected 9 characters 0/1, found {shown(text)}")
    return int(text, 2)


def ones_by_kind(board: Board) -> dict[str, int]:
    """How many 1s A and B hold together on each kind of cell."""
    cells = f"{board:018b}"
    return {kind: sum(cells[c] == "1" for c in spots) + sum(cells[9 + c] == "1" for c in spots) for kind, spots in CELL_KINDS.items()}


GOAL_ONES = {"corner": 4, "edge": 4, "centre": 1}



class NineQuery(GoalQuery):
    rules = PUZZLE
    move_noun = ("operation", "operations")

    def parse(self, text: str) -> Board:
        parts = text.split()
        if len(parts) != 2:
            raise InputError(f"expected two groups of 9 characters 0/1 (A then B), found {len(parts)} groups")
        return _bits(parts[0], "matrix A") << 9 | _bits(parts[1], "matrix B")

    def board(self, state: Any) -> Board:
        """Also takes the 18 cells as one sequence of 0/1 values."""
        if isinstance(state, (list, tuple, np.ndarray)) and len(state) == 18:
            cells = "".join(str(cell) for cell in np.asarray(state).tolist())
            state = f"{cells[:9]} {cells[9:]}"
        return super().board(state)

    def compact(self, board: Board) -> str:
        cells = f"{board:018b}"
        return f"{cells[:9]} {cells[9:]}"

    def parse_original_board(self, lines: list[tuple[int, str]]) -> Board:
        if len(lines) != 6:
            raise InputError(f"expected 6 lines of three characters 0/1 (A's rows, then B's), found {len(lines)}")
        rows = []
        for number, line in lines:
            row = line.strip()
            if len(row) != 3 or set(row) - {"0", "1"}:
                raise InputError(f"line {number}: expected three characters 0/1, found {shown(row)}")
            rows.append(row)
        return int("".join(rows), 2)

    def original_output(self, solution: Solution) -> str:
        if solution.distance is None:
            return "-1\n"
        return "".join(f"{line}\n" for line in [str(solution.distance), *solution.moves])

    def unsolvable_reason(self, board: Board) -> str | None:
        ones = ones_by_kind(board)
        wrong = [kind for kind in CELL_KINDS if ones[kind] != GOAL_ONES[kind]]
        if not wrong:
            return None
        kind = wrong[0]
        return (
            f"A and B together have {ones[kind]} ones on their {kind} cells, the goal has {GOAL_ONES[kind]}; "
            f"rotations and column exchanges only ever move a {kind} cell to a {kind} cell"
        )

    def panel(self, board: Board) -> list[str]:
        cells = f"{board:018b}"
        return ["A   B"] + [f"{cells[r:r + 3]} {cells[9 + r:12 + r]}" for r in (0, 3, 6)]

    def indices(self, states: Any) -> np.ndarray:
        array = np.asarray(states)
        if array.dtype.kind == "U" and array.itemsize == 4 * 19:  # exactly "AAAAAAAAA BBBBBBBBB"
            codes = array.reshape(-1).view(np.uint32).reshape(-1, 19)
            bits = codes - np.uint32(ord("0"))  # anything but 0 and 1 becomes a value above 1
            valid = (bits[:, :9] <= 1).all(axis=1) & (bits[:, 10:] <= 1).all(axis=1) & (codes[:, 9] == ord(" "))
            if not all_valid(valid, states, self.board):
                return self.encode_each(states, self.rules.encode)
            bits = bits.astype(np.uint8)
            bits[:, 9] = 0
            packed = np.packbits(bits, axis=1).astype(np.int32)  # 19 bits, A's first cell most significant
            value = packed[:, 0] << 11 | packed[:, 1] << 3 | packed[:, 2] >> 5
            return (value >> 10) << 9 | (value & 511)
        if array.dtype.kind in "iu" and array.ndim == 2 and array.shape[1] == 18:
            if not all_valid(((array == 0) | (array == 1)).all(axis=1), states, self.board):
                return self.encode_each(states, self.rules.encode)
            packed = np.packbits(array.astype(np.uint8), axis=1).astype(np.int32)
            return packed[:, 0] << 10 | packed[:, 1] << 2 | packed[:, 2] >> 6
        return self.encode_each(states, self.rules.encode)

QUERY = NineQuery()
