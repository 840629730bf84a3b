"""eight: compact `123069478`; original input three lines of three digits (0 = empty)."""

from __future__ import annotations

from typing import Any

import numpy as np

from build_tables import permutations
from build_tables.puzzles.eight import PERMUTATIONS, PUZZLE, Board, from_digits, to_digits

from ..batch import all_valid, digit_matrix
from ..drawing import grid
from ..parsing import InputError, distinct_digits, parse_rows
from ..solution import Solution
from .base import GoalQuery

DIGITS = "0123456789"
_DIGIT_SET = frozenset(DIGITS)
_PERMUTATION_BYTES = [
    bytes.maketrans(DIGITS.encode(), bytes([max(missing - 1, 0), *range(9)])) for missing in range(10)
]
"""Per missing digit d: maps the characters of a board to its permutation values."""
_ZERO_SUM = 9 * ord("0")


def _digit(token: str, where: str) -> str:
    if len(token) != 1 or token not in DIGITS:
        raise InputError(f"{where}: {token!r} is not a digit 0..9")
    return token


def goal_of(board: Board) -> Board:
    return board[0], tuple(range(9))


class EightQuery(GoalQuery):
    rules = PUZZLE
    separator = ""

    def parse(self, text: str, where: str = "") -> Board:
        characters = set(text)
        if len(text) == 9 and len(characters) == 9 and "0" in characters and characters <= _DIGIT_SET:
            raw = text.encode()
            missing = 45 - (sum(raw) - _ZERO_SUM)
            return missing, tuple(raw.translate(_PERMUTATION_BYTES[missing]))
        digits = distinct_digits(text, DIGITS, where)
        if 0 not in digits:
            raise InputError(f"{where + ': ' if where else ''}no empty cell: one digit must be 0")
        return from_digits(digits)

    def compact(self, board: Board) -> str:
        return "".join(map(str, to_digits(board)))

    def parse_original_board(self, lines: list[tuple[int, str]]) -> Board:
        return self.parse("".join(parse_rows(lines, 3, 3, _digit, "three digits")), "the board")

    def original_output(self, solution: Solution) -> str:
        count = -1 if solution.distance is None else solution.distance
        return f"{count}\n{''.join(solution.moves)}\n"

    def extra(self, boards: list[Board]) -> dict[str, Any]:
        return {"goal": self.compact(boards[-1])}

    def unsolvable_reason(self, board: Board) -> str | None:
        # Every move swaps the empty cell with a tile (a transposition) and moves
        # it one step: the two parities below change together, always.
        missing, perm = board
        inversions = sum(1 for i in range(9) for j in range(i + 1, 9) if perm[j] < perm[i])
        empty, home = divmod(perm.index(missing - 1), 3), divmod(missing - 1, 3)
        steps = abs(empty[0] - home[0]) + abs(empty[1] - home[1])
        if inversions % 2 == steps % 2:
            return None
        parity = ("even", "odd")
        return (
            f"reading the empty cell as {missing}, the board is an {parity[inversions % 2]} permutation of its goal "
            f"{self.compact(goal_of(board))} ({inversions} inversions), but the empty cell is {steps} step{'s' * (steps != 1)} "
            f"({parity[steps % 2]}) from its home cell; every move changes both parities, so they never match"
        )

    def panel(self, board: Board) -> list[str]:
        return grid([str(d) if d else "_" for d in to_digits(board)])

    def describe(self, solution: Solution, steps: bool) -> str:
        text = super().describe(solution, steps)
        goal = self.compact(goal_of(solution.boards[0]))
        return text.replace(f"{self.name} {solution.state}:", f"{self.name} {solution.state} (goal {goal}):", 1)

    def indices(self, states: Any) -> np.ndarray:
        digits = digit_matrix(states, 9).astype(np.int16)
        missing = 45 - digits.sum(axis=1)
        values = np.where(digits == 0, missing[:, None], digits) - 1
        ranks, valid = permutations.checked_rank(values)
        valid &= ((digits == 0).sum(axis=1) == 1) & (digits >= 0).all(axis=1)
        if not all_valid(valid, states, self.board):
            return self.encode_each(states, self.rules.encode)
        return (missing - 1).astype(np.int64) * PERMUTATIONS + ranks


QUERY = EightQuery()
