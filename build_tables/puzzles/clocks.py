"""clocks: IOI 1994 "The Clocks". Nine dials at 3, 6, 9 or 12; nine moves
each turn a fixed set of dials a quarter turn clockwise; all at 12 wins.

Board and index: the dials' quarter turns past 12 (0..3) as base-4 digits,
dial A most significant; 0 is solved.
"""

from __future__ import annotations

import numpy as np

from .base import TablePuzzle

DIALS = "ABCDEFGHI"
MOVE_DIALS = ("ABDE", "ABC", "BCEF", "ADG", "BDEFH", "CFI", "DEGH", "GHI", "EFHI")
"""Which dials each move 1..9 turns."""

Board = int


def _shift(dial: str) -> int:
    return 2 * (8 - DIALS.index(dial))


_SHIFTS = tuple(tuple(map(_shift, dials)) for dials in MOVE_DIALS)
"""Per move, the bit positions of the dials it turns."""


def dial_turns(board: Board) -> tuple[int, ...]:
    """The quarter turns of dials A..I."""
    return tuple(board >> 2 * (8 - dial) & 3 for dial in range(9))


class Clocks(TablePuzzle):
    name = "clocks"
    state_count = 4**9
    move_names = tuple(str(move) for move in range(1, 10))
    encoding = "quarter turns past 12 of dials A..I as base-4 digits, A most significant"

    def encode(self, board: Board) -> int:
        return board

    def decode(self, index: int) -> Board:
        return index

    def apply(self, board: Board, move: int) -> Board:
        for shift in _SHIFTS[move]:  # a quarter turn: 3 wraps to 0
            board += -(3 << shift) if board >> shift & 3 == 3 else 1 << shift
        return board

    def goal_states(self) -> np.ndarray:
        return np.zeros(1, dtype=np.int64)

    def predecessors(self, states: np.ndarray) -> list[np.ndarray]:
        result = []
        for shifts in _SHIFTS:  # undo a move: turn its dials back a quarter
            before = states.copy()
            for shift in shifts:
                turns = (states >> shift) & 3
                before += np.where(turns == 0, 3 << shift, -(1 << shift))
            result.append(before)
        return result


PUZZLE = Clocks()
