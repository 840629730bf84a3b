"""clocks: IOI 1994 "The Clocks". Nine dials at 3, 6, 9 or 12; nine moves
each turn a fixed set of dials a quarter turn clockwise; all at 12 wins.

Board and index: the dials' quarter turns past 12 (0..3) as base-4 digits,
dial A most significant; 0 is solved. Compact form `9 9 12 6 6 6 6 3 6`.

Other rules (12-hour dials, backward turns) are answered without a table by
`algebra.ClocksAlgebra`, a puzzle of its own reached through `variant`.
The package: `dials` (the dials, moves and boards), this module (the
rules), the roles (`formats`, `terminal`, `page`, `many`) and `algebra`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..board_puzzle import BoardPuzzle, BoardStorage
from ..contract import Puzzle
from ..roles import Roles
from ..text import InputError
from ..variants import VariantOption
from .algebra import HOUR_CHOICES, ClocksAlgebra, rules_of
from .counting import ClocksCounting
from .dials import HOURS, SHIFTS, SOLVED, from_turns
from .formats import ClocksFormats, dial
from .many import ClocksMany
from .page import ClocksPage
from .terminal import ClocksTerminal

_TURNS = {hour: turns for turns, hour in enumerate(HOURS)}
_DIGIT = {hour: str(turns) for hour, turns in _TURNS.items()}
_QUARTER_TURNS = np.array([sum(1 << shift for shift in shifts) for shifts in SHIFTS], dtype=np.int64)
"""Per move, a 1 in the low bit of each dial it turns."""
_HIGH_BITS = sum(2 << 2 * dial for dial in range(9))
"""The high bit of every dial."""
_THREE_DIALS = tuple(" ".join(HOURS[setting >> shift & 3] for shift in (4, 2, 0)) for setting in range(64))
"""The text of three dials by their six bits of a board: a probe writes ten boards."""


class ClocksStorage(BoardStorage):
    """The one search; its counts are not stored: a setting's optimal move
    sequences are the orderings of its one optimal set of moves (up to 27!/3!^9,
    over 2**64), worked out as a multinomial instead (`ClocksCounting`)."""

    state_count = 4**9
    encoding = "quarter turns past 12 of dials A..I as base-4 digits, A most significant"

    def goal_states(self) -> np.ndarray:
        return np.array([SOLVED], dtype=np.int64)

    def predecessors(self, states: np.ndarray) -> list[np.ndarray]:
        result = []
        for shifts in SHIFTS:  # undo a move: turn its dials back a quarter
            before = states.copy()
            for shift in shifts:
                turns = (states >> shift) & 3
                before += np.where(turns == 0, 3 << shift, -(1 << shift))
            result.append(before)
        return result

    def counted_groups(self) -> tuple[str, ...]:
        return ()


class Clocks(BoardPuzzle):
    name = "clocks"
    move_names = tuple(str(move) for move in range(1, 10))
    compact_help = "nine clock values 3, 6, 9 or 12 in reading order, separated by spaces, e.g. 9 9 12 6 6 6 6 3 6"
    row_length = 9
    variant_options = (
        VariantOption(
            "hours",
            "12: 12-hour dials (1..12), a move turns one hour (4: the IOI dials); no table",
            HOUR_CHOICES,
            default="4",
        ),
        VariantOption("backward", "a move may also turn its dials back, counting as one move; no table"),
    )

    moves_sorted = True
    roles = Roles(
        formats=ClocksFormats,
        terminal=ClocksTerminal,
        page=ClocksPage,
        many=ClocksMany,
        storage=ClocksStorage,
        counting=ClocksCounting,
    )

    def parse(self, text: str) -> int:
        tokens = text.split()
        if len(tokens) == 9 and _TURNS.keys() >= set(tokens):
            return int("".join(map(_DIGIT.__getitem__, tokens)), 4)
        if len(tokens) != 9:
            raise InputError(f"expected 9 clock values, found {len(tokens)}")
        return from_turns([dial(token, f"value {i}") for i, token in enumerate(tokens, 1)])

    def compact(self, board: int) -> str:
        return f"{_THREE_DIALS[board >> 12]} {_THREE_DIALS[board >> 6 & 63]} {_THREE_DIALS[board & 63]}"

    def apply(self, board: int, move: int) -> int:
        for shift in SHIFTS[move]:  # a quarter turn: 3 wraps to 0
            board += -(3 << shift) if board >> shift & 3 == 3 else 1 << shift
        return board

    def is_goal(self, board: int) -> bool:
        return board == SOLVED

    def advance(self, indices: np.ndarray, moves: np.ndarray) -> np.ndarray:
        """A quarter turn of each dial of the move, all dials at once: the
        low bits are added and the high bits XORed, so no carry leaves a dial."""
        return ((indices & ~_HIGH_BITS) + _QUARTER_TURNS[moves]) ^ (indices & _HIGH_BITS)

    def variant(self, options: Mapping[str, Any]) -> Puzzle:
        return ClocksAlgebra(*rules_of(options))

    def move_value(self, move: int) -> int:
        return move + 1


PUZZLE = Clocks()
