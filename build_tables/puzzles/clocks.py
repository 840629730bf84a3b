"""clocks: IOI 1994 "The Clocks". Nine dials at 3, 6, 9 or 12; nine moves
each turn a fixed set of dials a quarter turn clockwise; all at 12 wins.

Board: a tuple of nine quarter-turn counts 0..3 (12 o'clock is 0), A..I.
Index: those counts as base-4 digits, dial A most significant; 0 is solved.
"""

from __future__ import annotations

import numpy as np

from .base import TablePuzzle

DIALS = "ABCDEFGHI"
MOVE_DIALS = ("ABDE", "ABC", "BCEF", "ADG", "BDEFH", "CFI", "DEGH", "GHI", "EFHI")
"""Which dials each move 1..9 turns."""

Board = tuple[int, ...]


_TURNED = tuple(tuple(int(dial in dials) for dial in DIALS) for dials in MOVE_DIALS)
"""Per move, 1 for each dial it turns."""


def _shift(dial: str) -> int:
    return 2 * (8 - DIALS.index(dial))


class Clocks(TablePuzzle):
    name = "clocks"
    state_count = 4**9
    move_names = tuple(str(move) for move in range(1, 10))
    encoding = "quarter turns past 12 of dials A..I as base-4 digits, A most significant"

    def encode(self, board: Board) -> int:
        index = 0
        for turns in board:
            index = index * 4 + turns
        return index

    def decode(self, index: int) -> Board:
        return tuple(index >> 2 * (8 - dial) & 3 for dial in range(9))

    def apply(self, board: Board, move: int) -> Board:
        return tuple((turns + turned) & 3 for turns, turned in zip(board, _TURNED[move]))

    def goal_states(self) -> np.ndarray:
        return np.zeros(1, dtype=np.int64)

    def predecessors(self, states: np.ndarray) -> list[np.ndarray]:
        result = []
        for dials in MOVE_DIALS:  # undo a move: turn its dials back a quarter
            before = states.copy()
            for shift in map(_shift, dials):
                turns = (states >> shift) & 3
                before += np.where(turns == 0, 3 << shift, -(1 << shift))
            result.append(before)
        return result


PUZZLE = Clocks()
