"""nine: XJTUPC 2025 "9-Nine". Two 0/1 matrices A and B; rotate either a
quarter turn, or exchange column k of A with column k of B; the goal is A
all 0 and B all 1. The contest's 3x3 version (compact form `100000000
111111011`) is this package's puzzle; the other sizes, 2 to 64, are its
variants (the rule option `size`): 2x2 and 4x4 exact from tables of their
own, 5x5 and up by a construction within a proven bound.

The package: `board` (how the matrices are held and moved, at any size),
`family` (the rules every size shares), this module (3x3, and `at_size`),
`tabled` (sizes 2 and 4), `constructed` (5 and up) with `construction`,
`steps` and `sizes`; `dense` numbers the boards a table holds; the roles:
`formats`, `terminal`, `page`, `many`.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import numpy as np

from ..board_puzzle import BoardPuzzle, BoardStorage
from ..contract import Puzzle
from ..text import InputError, plural
from .board import (
    CELL_KINDS,
    GOAL,
    GOAL_ONES,
    INVERSE,
    MATRIX_BITS,
    MOVES,
    Board,
    apply_move,
    matrix_bits,
    ones_by_kind,
)
from .constructed import ConstructedNine
from .family import NineRules
from .formats import NineFormats
from .many import NineMany
from .page import NinePage
from .sizes import TABLED_SIZES
from .tabled import TabledNine
from .terminal import NineTerminal


class NineStorage(BoardStorage):
    """The one search over every board of the 3x3 version, whose index is the board itself."""

    state_count = 1 << 2 * MATRIX_BITS
    encoding = "A's then B's cells in reading order as an 18-bit binary number, first cell most significant"

    def goal_states(self) -> np.ndarray:
        return np.array([GOAL], dtype=np.int64)

    def predecessors(self, states: np.ndarray) -> list[np.ndarray]:
        return [apply_move(states, INVERSE[move], vector=True) for move in range(len(MOVES))]


class Nine(NineRules, BoardPuzzle):
    """The contest's 3x3 version, answered from `nine.h5`, whose index is the board itself."""

    move_names = MOVES
    compact_help = "A then B, nine characters 0/1 each in reading order, separated by a space, e.g. 100000000 111111011"
    row_length = 18

    roles = replace(
        BoardPuzzle.roles, formats=NineFormats, terminal=NineTerminal, page=NinePage, many=NineMany, storage=NineStorage
    )

    def __init__(self) -> None:
        self.take_size(3, at_size)
        super().__init__()

    def parse(self, text: str) -> Board:
        parts = text.split()
        if len(parts) != 2:
            raise InputError(f"expected two groups of 9 characters 0/1 (A then B), found {plural(len(parts), 'group')}")
        return matrix_bits(parts[0], "matrix A") << MATRIX_BITS | matrix_bits(parts[1], "matrix B")

    def advance(self, indices: np.ndarray, moves: np.ndarray) -> np.ndarray:
        after = np.empty_like(indices)
        for move in range(len(MOVES)):
            chosen = moves == move
            after[chosen] = apply_move(indices[chosen], move, vector=True)
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


@cache
def at_size(n: int) -> Puzzle:
    """nine at size n (2 to 64): this 3x3 puzzle, a table puzzle at 2 and 4, the construction from 5."""
    if n == 3:
        return PUZZLE
    return TabledNine(n, at_size) if n in TABLED_SIZES else ConstructedNine(n, at_size)


PUZZLE = Nine()
