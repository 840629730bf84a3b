"""clocks: compact `9 9 12 6 6 6 6 3 6`; original input three lines of three hours."""

from __future__ import annotations

from typing import Any

import numpy as np

from build_tables.puzzles.clocks import PUZZLE, Board, dial_turns

from ..batch import all_valid
from ..drawing import grid
from ..parsing import InputError, parse_rows, shown
from ..solution import Solution
from .base import GoalQuery

HOURS = ("12", "3", "6", "9")
"""Dial readings by quarter turns past 12."""
_TURNS = {hour: turns for turns, hour in enumerate(HOURS)}
_DIGIT = {hour: str(turns) for hour, turns in _TURNS.items()}
_TURNS_OF_HOUR = np.array([_TURNS.get(str(hour), 4) for hour in range(14)], dtype=np.int32)
"""Quarter turns of an hour value 0..13; 4 marks a value that is not a dial setting."""


def _dial(token: str, where: str) -> int:
    if token not in HOURS:
        raise InputError(f"{where}: {shown(token)} is not a clock value (3, 6, 9 or 12)")
    return HOURS.index(token)


class ClocksQuery(GoalQuery):
    rules = PUZZLE

    def parse(self, text: str) -> Board:
        tokens = text.split()
        if len(tokens) == 9 and _TURNS.keys() >= set(tokens):
            return int("".join(map(_DIGIT.__getitem__, tokens)), 4)
        if len(tokens) != 9:
            raise InputError(f"expected 9 clock values, found {len(tokens)}")
        return self.from_turns([_dial(token, f"value {i}") for i, token in enumerate(tokens, 1)])

    def compact(self, board: Board) -> str:
        return " ".join(HOURS[turns] for turns in dial_turns(board))

    def parse_original_board(self, lines: list[tuple[int, str]]) -> Board:
        return self.from_turns(parse_rows(lines, 3, 3, _dial, "three clock values"))

    def from_turns(self, turns: list[int]) -> Board:
        return int("".join(map(str, turns)), 4)

    def original_output(self, solution: Solution) -> str:
        return " ".join(map(str, solution.moves)) + "\n"

    def move_value(self, move: int) -> int:
        return move + 1

    def ordered(self, moves: list[Any]) -> list[Any]:
        return sorted(moves)

    def panel(self, board: Board) -> list[str]:
        return grid([HOURS[turns].rjust(2) for turns in dial_turns(board)])

    def indices(self, states: Any) -> np.ndarray:
        hours = np.asarray(states)
        if hours.dtype.kind not in "iu" or hours.ndim != 2 or hours.shape[1] != 9:
            return self.encode_each(states, self.rules.encode)
        turns = _TURNS_OF_HOUR[np.clip(hours, 0, 13)]
        if not all_valid((turns < 4).all(axis=1), states, self.board):
            return self.encode_each(states, self.rules.encode)
        index = np.zeros(len(turns), dtype=np.int32)
        for dial in range(9):
            index <<= 2
            index |= turns[:, dial]
        return index

QUERY = ClocksQuery()
