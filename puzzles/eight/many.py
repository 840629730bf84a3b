"""eight's boards many at once: read from their digits, their goals and
the reasons of the unsolvable ones, all in NumPy."""

from __future__ import annotations

from math import factorial
from typing import Any

import numpy as np

from .. import permutations
from ..batch import reasons_by_class
from ..board_puzzle import BoardMany
from ..contract import NO_GOAL
from ..text import fixed_digits
from .board import PERMUTATIONS

_GOALS = np.array(
    ["".join("0" if digit == missing else str(digit) for digit in range(1, 10)) for missing in range(1, 10)],
    dtype=object,
)
"""The compact goal of each missing digit d, at d - 1."""
_LEHMER_PLACES = [(factorial(8 - position), 9 - position) for position in range(8)]
_BIT_COUNT = np.array([bin(bits).count("1") for bits in range(1024)], dtype=np.uint8)
_MISSING = np.zeros(1024, dtype=np.uint8)
_MISSING[[1022 ^ 1 << digit for digit in range(1, 10)]] = range(1, 10)
"""The missing digit of a board from the digits 1..9 it holds, as bits."""
_REASONS: dict[int, str] = {}
"""The reason of each class of unsolvable boards met so far (see `unsolvable_reasons`)."""


def goals(last: np.ndarray) -> dict[str, list[Any]]:
    """`Eight.extras`: the goal each solution reaches, from its last board's index."""
    return {"goal": _GOALS[last // PERMUTATIONS].tolist()}


class EightMany(BoardMany):
    def read_many(self, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        digits, seen = fixed_digits(lines, 9)
        valid = (seen & 1 == 1) & (_BIT_COUNT[seen] == 9)  # nine different digits, one of them 0
        missing = np.where(valid, _MISSING[seen & 1022], 1)
        values = np.where(digits == 0, missing[:, None], digits) - np.uint8(1)
        ranks = permutations.rank_packed(permutations.pack(np.where(valid[:, None], values, 0)))
        return (missing - 1).astype(np.int64) * PERMUTATIONS + ranks, valid

    def unsolvable_reasons(self, indices: np.ndarray) -> list[str]:
        """The reason names the missing digit, the inversions and the empty
        cell's steps from home, so boards that share those share it."""
        puzzle = self.puzzle
        empty_value, ranks = np.divmod(indices, PERMUTATIONS)
        inversions = sum(ranks // place % radix for place, radix in _LEHMER_PLACES)
        empty = (permutations.unrank_packed(ranks)[1] >> 4 * empty_value) & 15
        steps = np.abs(empty // 3 - empty_value // 3) + np.abs(empty % 3 - empty_value % 3)
        classes = (empty_value * 37 + inversions) * 5 + steps
        return reasons_by_class(
            classes, indices, lambda index: puzzle.unsolvable_reason(puzzle.decode(index)) or NO_GOAL, _REASONS
        )
