"""sansu: compact `175426839`; original input three lines of three digits."""

from __future__ import annotations

from typing import Any

import numpy as np

from build_tables import permutations
from build_tables.puzzles.sansu import PUZZLE, SWAPS, Board

from ..batch import all_valid, digit_matrix
from ..drawing import grid
from ..parsing import InputError, distinct_digits, parse_rows
from ..solution import Solution
from .base import GoalQuery

DIGITS = "123456789"
_DIGIT_SET = frozenset(DIGITS)
_MINUS_ONE = bytes.maketrans(DIGITS.encode(), bytes(range(9)))


def _digit(token: str, where: str) -> str:
    if len(token) != 1 or token not in DIGITS:
        raise InputError(f"{where}: {token!r} is not a digit 1..9")
    return token


class SansuQuery(GoalQuery):
    rules = PUZZLE
    separator = ""
    move_noun = ("swap", "swaps")
    steps_by_default = True

    def parse(self, text: str) -> Board:
        if len(text) == 9 and set(text) == _DIGIT_SET:
            return tuple(text.encode().translate(_MINUS_ONE))
        return tuple(digit - 1 for digit in distinct_digits(text, DIGITS))

    def compact(self, board: Board) -> str:
        return "".join(str(value + 1) for value in board)

    def parse_original_board(self, lines: list[tuple[int, str]]) -> Board:
        tile = distinct_digits("".join(parse_rows(lines, 3, 3, _digit, "three digits")), DIGITS, "the tile")
        return tuple(digit - 1 for digit in tile)

    def original_output(self, solution: Solution) -> str:
        final = solution.boards[-1]
        return "\n".join([str(solution.distance), *self.panel(final)]) + "\n"

    def move_value(self, move: int) -> list[int]:
        return [cell + 1 for cell in SWAPS[move]]

    def move_label(self, move: Any) -> str:
        return f"{move[0]}-{move[1]}"

    def extra(self, boards: list[Board]) -> dict[str, Any]:
        return {"final": self.compact(boards[-1])}

    def panel(self, board: Board) -> list[str]:
        return grid(self.compact(board))

    def indices(self, states: Any) -> np.ndarray:
        ranks, valid = permutations.checked_rank(digit_matrix(states, 9) - 1)
        if not all_valid(valid, states, self.board):
            return self.encode_each(states, self.rules.encode)
        return ranks


QUERY = SansuQuery()
