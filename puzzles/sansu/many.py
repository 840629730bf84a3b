"""sansu's tiles many at once: read from their digits, the reached tile of each."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import permutations
from ..batch import row_texts
from ..board_puzzle import BoardMany
from ..text import fixed_digits

_ONE_TO_NINE = sum(1 << digit for digit in range(1, 10))
"""The digits of a tile as bits (see `fixed_digits`)."""


def finals(last: np.ndarray) -> dict[str, list[Any]]:
    """`Sansu.extras`: the tile each solution ends on, from its index."""
    digits = permutations.unpack(permutations.unrank_packed(last)[0]) + ord("1")
    return {"final": row_texts(digits.astype(np.uint8))}


class SansuMany(BoardMany):
    def read_many(self, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        digits, seen = fixed_digits(lines, 9)
        valid = seen == _ONE_TO_NINE
        return permutations.rank_packed(permutations.pack(np.where(valid[:, None], digits - 1, 0))), valid
