"""eight: the sliding 8-puzzle for each of the nine possible empty cells.

A board holds the digits 1..9 with one digit d replaced by 0 (the empty
cell); its goal is 1..9 in reading order with the same d replaced by 0. All
nine goals share one table: the index is (d - 1) * 9! plus the rank of the
board read as a permutation (the empty cell counted as d, all values minus
one). A move slides a tile into the empty cell; its letter U D L R names the
direction in which the empty cell moves. Compact form `123069478`.

At size 4 (`variant({"size": 4})`, the 15-puzzle) eight is a puzzle of its
own, `four.Fifteen`, loaded only then: `fifteen` (its rules and search),
`placements` (how its pattern tables are numbered and what they hold),
`fifteen_kernel` (the compiled IDA*), `sizes` (the rule options).

The package: `board` (how a board is held and moved), this module (the
rules), and the roles beside them: `formats`, `terminal`, `page`, `many`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

from .. import permutations
from ..board_puzzle import BoardPuzzle, BoardStorage
from ..text import InputError, distinct_digits
from .board import (
    BLANK,
    DIGIT_SUM,
    DIGITS,
    DIRECTIONS,
    IDENTITY,
    PERMUTATIONS,
    TARGET_CELLS,
    TARGETS,
    Board,
    from_digits,
    goal_of,
)
from .formats import EightFormats
from .many import EightMany, goals
from .page import EightPage
from .sizes import SECONDS_OPTION, SIZE_OPTION, size_and_seconds
from .terminal import EightTerminal

if TYPE_CHECKING:
    from ..contract import Puzzle

_DIGIT_SET = frozenset(DIGITS)
_PERMUTATION_BYTES = [
    bytes.maketrans(DIGITS.encode(), bytes([max(missing - 1, 0), *range(9)])) for missing in range(10)
]
"""Per missing digit d: maps the characters of a board to its permutation values."""
_COMPACT_BYTES = [
    bytes([ord("0") if value == missing - 1 else ord("1") + value for value in range(9)]) + bytes(247)
    for missing in range(10)
]
"""Per missing digit d: maps permutation values back to the characters of the compact form."""
_ZERO_SUM = 9 * ord("0")


class EightStorage(BoardStorage):
    """The one search, backwards from the nine goals (one per missing digit)."""

    state_count = 9 * PERMUTATIONS
    encoding = "(d-1)*9! + rank of the board with 0 read as the missing digit d, values minus one"

    def goal_states(self) -> np.ndarray:
        return np.arange(9, dtype=np.int64) * PERMUTATIONS  # rank 0: 1..9 in order

    def predecessors(self, states: np.ndarray) -> list[np.ndarray]:
        missing, ranks = np.divmod(states, PERMUTATIONS)
        perms = permutations.unrank(ranks, 9)
        empty = np.argmax(perms == missing[:, None].astype(np.uint8), axis=1)
        row, column = np.divmod(empty, 3)
        result = []
        for row_step, column_step in DIRECTIONS.values():
            # The state before the move had its empty cell one step back.
            before_row, before_column = row - row_step, column - column_step
            legal = np.flatnonzero((before_row >= 0) & (before_row < 3) & (before_column >= 0) & (before_column < 3))
            moved = perms[legal]
            lanes = np.arange(legal.size)
            source = (before_row * 3 + before_column)[legal]
            moved[lanes, empty[legal]] = moved[lanes, source]
            moved[lanes, source] = missing[legal]
            before = np.full(states.size, -1, dtype=np.int64)
            before[legal] = missing[legal] * PERMUTATIONS + permutations.rank(moved)
            result.append(before)
        return result


class Eight(BoardPuzzle):
    name = "eight"
    move_names = tuple(DIRECTIONS)
    compact_help = "nine distinct digits 0..9 in reading order, 0 the empty cell, e.g. 123069478"
    separator = ""
    row_length = 9

    extra_fields = ("goal",)
    variant_options = (SIZE_OPTION, SECONDS_OPTION)
    roles = replace(
        BoardPuzzle.roles,
        formats=EightFormats,
        terminal=EightTerminal,
        page=EightPage,
        many=EightMany,
        storage=EightStorage,
    )

    def parse(self, text: str, where: str = "") -> Board:
        characters = set(text) if len(text) == 9 else None  # (the set of an 80 MB line took 1.8 s)
        if characters is not None and len(characters) == 9 and "0" in characters and characters <= _DIGIT_SET:
            raw = text.encode()
            missing = DIGIT_SUM - (sum(raw) - _ZERO_SUM)
            return missing, tuple(raw.translate(_PERMUTATION_BYTES[missing]))
        digits = distinct_digits(text, DIGITS, where, blank=BLANK)
        if 0 not in digits:
            raise InputError(f"{where + ': ' if where else ''}no empty cell: one digit must be 0 (or {BLANK})")
        return from_digits(digits)

    def compact(self, board: Board) -> str:
        missing, perm = board
        return bytes(perm).translate(_COMPACT_BYTES[missing]).decode()

    def encode(self, board: Board) -> int:
        return (board[0] - 1) * PERMUTATIONS + permutations.rank_one(board[1])

    def decode(self, index: int) -> Board:
        missing, rank = divmod(index, PERMUTATIONS)
        return missing + 1, tuple(permutations.unrank_one(rank, 9))

    def apply(self, board: Board, move: int) -> Board | None:
        missing, perm = board
        empty = perm.index(missing - 1)
        target = TARGETS[empty][move]
        if target is None:
            return None
        cells = list(perm)
        cells[empty], cells[target] = cells[target], missing - 1
        return missing, tuple(cells)

    def is_goal(self, board: Board) -> bool:
        return board[1] == IDENTITY

    def advance(self, indices: np.ndarray, moves: np.ndarray) -> np.ndarray:
        empty_value, ranks = np.divmod(indices, PERMUTATIONS)
        packed, cell_of = permutations.unrank_packed(ranks)
        empty = (cell_of >> 4 * empty_value) & 15
        target = TARGET_CELLS[empty * 4 + moves]
        after = permutations.rank_packed(permutations.swap_packed(packed, empty, np.maximum(target, 0)))
        return np.where(target >= 0, empty_value * PERMUTATIONS + after, -1)

    def extra(self, boards: list[Board]) -> dict[str, Any]:
        return {"goal": self.compact(boards[-1])}

    def extras(self, first: np.ndarray, last: np.ndarray) -> dict[str, list[Any]]:
        return goals(last)

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
            f"{self.compact(goal_of(board))} ({inversions} inversion{'s' * (inversions != 1)}), but the empty cell "
            f"is {steps} step{'s' * (steps != 1)} ({parity[steps % 2]}) from its home cell; every move changes both "
            "parities, so they never match"
        )

    def variant(self, options: Mapping[str, Any]) -> Puzzle:
        """This puzzle at size 3 (the default); the 15-puzzle at size 4, with
        the counting budget `seconds`; InputError from size 5 (`sizes`)."""
        return at_size(*size_and_seconds(options))


@cache
def at_size(size: int, seconds: float) -> Puzzle:
    """eight at `size` (3 or 4), counting within `seconds` at size 4."""
    if size == 3:
        return PUZZLE
    from .four import Fifteen  # a 3x3 query loads none of the 15-puzzle

    return Fifteen(seconds)


PUZZLE = Eight()
