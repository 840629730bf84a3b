"""clocks: compact `9 9 12 6 6 6 6 3 6`; original input three lines of three hours."""

from __future__ import annotations

from typing import Any

import numpy as np

from build_tables.puzzles.clocks import PUZZLE, Board, dial_turns

from ..batch import all_valid
from ..drawing import grid
from ..parsing import InputError, content_lines, parse_rows, shown
from ..solution import Solution
from ..clock_algebra import optimal_moves, turn
from .base import GoalQuery, QueryPuzzle

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


class ClocksByAlgebra(QueryPuzzle):
    """The Clocks with 12-hour dials (`hours=12`: values 1..12, a move turns
    its dials one hour) or the IOI dials (`hours=4`: 3, 6, 9, 12), optionally
    with backward turns; answered by `clock_algebra`, with no table."""

    rules = PUZZLE
    needs_tables = False

    def __init__(self, hours: int, backward: bool) -> None:
        self.positions = hours
        self.backward = backward
        self.values = [str(h) for h in range(1, 13)] if hours == 12 else ["12", "3", "6", "9"]

    def parse(self, text: str) -> list[int]:
        tokens = text.split()
        if len(tokens) != 9:
            raise InputError(f"expected 9 clock values, found {len(tokens)}")
        return [self._offset(token, f"value {i}") for i, token in enumerate(tokens, 1)]

    def _offset(self, token: str, where: str) -> int:
        if token not in self.values:
            allowed = "1..12" if self.positions == 12 else "3, 6, 9 or 12"
            raise InputError(f"{where}: {shown(token)} is not a clock value ({allowed})")
        return int(token) % 12 if self.positions == 12 else self.values.index(token)

    def compact(self, board: list[int]) -> str:
        return " ".join(self._reading(offset) for offset in board)

    def _reading(self, offset: int) -> str:
        return (str(offset or 12)) if self.positions == 12 else HOURS[offset]

    def read_original(self, text: str) -> list[list[int]]:
        return [parse_rows(content_lines(text), 3, 3, self._offset, "three clock values")]

    def judge(self, tables: Any, instances: list[Any]) -> str:
        raise InputError("judge reads the original problem, which has neither --hours 12 nor --backward")

    def distance(self, tables: Any, board: list[int]) -> int:
        return len(optimal_moves(board, self.positions, self.backward))

    def distances(self, tables: Any, states: Any) -> np.ndarray:
        return self.encode_each(states, lambda board: self.distance(tables, board)).astype(np.int16)

    def solve(self, tables: Any, board: list[int]) -> Solution:
        moves = optimal_moves(board, self.positions, self.backward)
        boards = [board]
        for move in moves:
            boards.append(turn(boards[-1], move, self.positions))
        rule = {"hours": self.positions if self.positions == 12 else "quarter", "backward": self.backward}
        return Solution(self.name, self.compact(board), len(moves), moves, boards, {"rule": rule})

    def panel(self, board: list[int]) -> list[str]:
        return grid([self._reading(offset).rjust(2) for offset in board])
