"""nine: XJTUPC 2025 "9-Nine", 3x3 version. Two 0/1 matrices A and B;
rotate either a quarter turn, or exchange column k of A with column k of B;
the goal is A all 0 and B all 1. Compact form `100000000 111111011`.

The package: `board` (how the matrices are held and moved), this module
(the rules), and the roles: `formats`, `terminal`, `page`, `many`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..board_puzzle import BoardPuzzle
from ..text import InputError
from .board import (
    CELL_KINDS,
    GOAL,
    GOAL_ONES,
    INVERSE,
    MATRIX_BITS,
    MOVES,
    VECTOR_ROTATE,
    Board,
    apply_move,
    compact,
    matrix_bits,
    ones_by_kind,
)
from .formats import NineFormats
from .many import NineMany
from .page import NinePage
from .terminal import NineTerminal


class Nine(BoardPuzzle):
    name = "nine"
    unit = ("operation", "operations")
    state_count = 1 << 2 * MATRIX_BITS
    move_names = MOVES
    encoding = "A's then B's cells in reading order as an 18-bit binary number, first cell most significant"
    compact_help = "A then B, nine characters 0/1 each in reading order, separated by a space, e.g. 100000000 111111011"

    def __init__(self) -> None:
        super().__init__()
        self.formats = NineFormats(self)
        self.terminal = NineTerminal(self)
        self.page = NinePage(self)
        self.many = NineMany(self)

    def parse(self, text: str) -> Board:
        parts = text.split()
        if len(parts) != 2:
            raise InputError(f"expected two groups of 9 characters 0/1 (A then B), found {len(parts)} groups")
        return matrix_bits(parts[0], "matrix A") << MATRIX_BITS | matrix_bits(parts[1], "matrix B")

    def board(self, state: Any) -> Board:
        """Also takes the 18 cells as one sequence of 0/1 values."""
        if isinstance(state, (list, tuple, np.ndarray)) and len(state) == 18:
            cells = "".join(str(cell) for cell in np.asarray(state).tolist())
            state = f"{cells[:9]} {cells[9:]}"
        return super().board(state)

    def compact(self, board: Board) -> str:
        return compact(board)

    def encode(self, board: Board) -> int:
        return board

    def decode(self, index: int) -> Board:
        return index

    def apply(self, board: Board, move: int) -> Board:
        return apply_move(board, move)

    def is_goal(self, board: Board) -> bool:
        return board == GOAL

    def goal_states(self) -> np.ndarray:
        return np.array([GOAL], dtype=np.int64)

    def predecessors(self, states: np.ndarray) -> list[np.ndarray]:
        return [apply_move(states, INVERSE[move], VECTOR_ROTATE) for move in range(len(MOVES))]

    def advance(self, indices: np.ndarray, moves: np.ndarray) -> np.ndarray:
        after = np.empty_like(indices)
        for move in range(len(MOVES)):
            chosen = moves == move
            after[chosen] = apply_move(indices[chosen], move, VECTOR_ROTATE)
        return after

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


PUZZLE = Nine()
