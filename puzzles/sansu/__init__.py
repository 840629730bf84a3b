"""sansu: the digits 1..9 on a 3x3 tile; swap orthogonal neighbours until
every row, column and diagonal has a digit sum divisible by 3.

Board: a tuple of the nine digits minus one (0..8) in reading order.
Index: the lexicographic rank of that permutation. Compact form `175426839`.

The table holds a second search, to the identity tile: how many swaps carry
any tile to any other (tile T to tile F takes as many as the permutation
F^-1 T takes to the identity), so `check` can decide whether a proposed
final tile can be reached in the stated number of swaps.

The package: `board` (how a tile is held and swapped), this module (the
rules and the two searches), and the roles: `formats`, `terminal`, `page`, `many`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from math import factorial
from typing import Any

import numpy as np

from .. import permutations
from ..board_puzzle import BoardPuzzle, BoardStorage
from ..storage import SINGLE_SEARCH, Search
from ..text import distinct_digits
from .board import DIGITS, LINES, SWAPS, TILE_DISTANCE, Board, ToIdentity, compact, is_sansu, undo_swaps
from .formats import SansuFormats
from .many import SansuMany, finals
from .page import SansuPage
from .terminal import SansuTerminal

_DIGIT_SET = frozenset(DIGITS)
_MINUS_ONE = bytes.maketrans(DIGITS.encode(), bytes(range(9)))
_SWAP_CELLS = np.array(SWAPS, dtype=np.int64)


class SansuStorage(BoardStorage):
    """The search to every sansu, and the one to the identity tile (not counted in the stats)."""

    state_count = factorial(9)
    encoding = "lexicographic rank of the permutation (digit-1) in reading order"

    def goal_states(self) -> np.ndarray:
        every = np.arange(self.state_count)
        return every[is_sansu(permutations.unrank(every, 9) + 1)]

    def predecessors(self, states: np.ndarray) -> list[np.ndarray]:
        return undo_swaps(states)

    def searches(self) -> Mapping[str, Search]:
        return {SINGLE_SEARCH: self, TILE_DISTANCE: ToIdentity()}

    def distance_groups(self) -> tuple[str, ...]:
        return (SINGLE_SEARCH,)


class Sansu(BoardPuzzle):
    name = "sansu"
    unit = ("swap", "swaps")
    move_names = ToIdentity.move_names
    compact_help = "the nine digits 1..9, each once, in reading order, e.g. 175426839"
    separator = ""
    row_length = 9

    extra_fields = ("final",)
    roles = replace(
        BoardPuzzle.roles,
        formats=SansuFormats,
        terminal=SansuTerminal,
        page=SansuPage,
        many=SansuMany,
        storage=SansuStorage,
    )

    def parse(self, text: str) -> Board:
        if len(text) == 9 and set(text) == _DIGIT_SET:
            return tuple(text.encode().translate(_MINUS_ONE))
        return tuple(digit - 1 for digit in distinct_digits(text, DIGITS))

    def compact(self, board: Board) -> str:
        return compact(board)

    def encode(self, board: Board) -> int:
        return permutations.rank_one(board)

    def decode(self, index: int) -> Board:
        return tuple(permutations.unrank_one(index, 9))

    def apply(self, board: Board, move: int) -> Board:
        i, j = SWAPS[move]
        cells = list(board)
        cells[i], cells[j] = cells[j], cells[i]
        return tuple(cells)

    def is_goal(self, board: Board) -> bool:
        return all((board[a] + board[b] + board[c] + 3) % 3 == 0 for a, b, c in LINES)

    def advance(self, indices: np.ndarray, moves: np.ndarray) -> np.ndarray:
        packed, _ = permutations.unrank_packed(indices)
        cells = _SWAP_CELLS[moves]
        return permutations.rank_packed(permutations.swap_packed(packed, cells[:, 0], cells[:, 1]))

    def move_value(self, move: int) -> list[int]:
        return [cell + 1 for cell in SWAPS[move]]

    def move_label(self, value: Any) -> str:
        return f"{value[0]}-{value[1]}"

    def extra(self, boards: list[Board]) -> dict[str, Any]:
        return {"final": compact(boards[-1])}

    def extras(self, first: np.ndarray, last: np.ndarray) -> dict[str, list[Any]]:
        return finals(last)


PUZZLE = Sansu()
