"""eight: the sliding 8-puzzle for each of the nine possible empty cells.

A board holds the digits 1..9 with one digit d replaced by 0 (the empty
cell); its goal is 1..9 in reading order with the same d replaced by 0. All
nine goals share one table: the index is (d - 1) * 9! plus the rank of the
board read as a permutation (the empty cell counted as d, all values minus
one). A move slides a tile into the empty cell; its letter U D L R names the
direction in which the empty cell moves. Compact form `123069478`; original
input three lines of three digits (0 = empty), original output the count and
the move letters.
"""

from __future__ import annotations

from math import factorial
from typing import Any

import numpy as np

from .. import permutations
from ..answers import Change, ProposedAnswer, Solution
from ..batch import reasons_by_class
from ..board_puzzle import BoardPuzzle
from ..contract import NO_GOAL
from ..drawing import cells_svg, grid, svg
from ..text import InputError, content_lines, digit_matrix, distinct_digits, fixed_digits, parse_rows, read_integer

PERMUTATIONS = factorial(9)
DIGIT_SUM = sum(range(1, 10))
"""The sum of 1..9: a board's digits sum to this minus its missing digit."""
DIRECTIONS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
"""Per move letter: how the empty cell's (row, column) changes."""
IDENTITY = tuple(range(9))

DIGITS = "0123456789"
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

Board = tuple[int, tuple[int, ...]]
"""(d, the board as a permutation of 0..8 in reading order: digit - 1, the
empty cell read as d - 1)."""


def _target(empty: int, row_step: int, column_step: int) -> int | None:
    row, column = divmod(empty, 3)
    if 0 <= row + row_step < 3 and 0 <= column + column_step < 3:
        return (row + row_step) * 3 + column + column_step
    return None


TARGETS = tuple(tuple(_target(empty, *step) for step in DIRECTIONS.values()) for empty in range(9))
"""TARGETS[empty][move]: where the empty cell goes, None if off the board."""
_TARGET_CELLS = np.array([-1 if cell is None else cell for row in TARGETS for cell in row], dtype=np.int64)
"""TARGETS flattened (empty * 4 + move), -1 off the board."""
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


def from_digits(digits: tuple[int, ...]) -> Board:
    """A board from its nine digits in reading order (0 for the empty cell)."""
    missing = DIGIT_SUM - sum(digits)
    return missing, tuple((digit or missing) - 1 for digit in digits)


def to_digits(board: Board) -> tuple[int, ...]:
    missing, perm = board
    return tuple(0 if value == missing - 1 else value + 1 for value in perm)


def goal_of(board: Board) -> Board:
    return board[0], IDENTITY


def _digit(token: str, where: str) -> str:
    if len(token) != 1 or token not in DIGITS:
        raise InputError(f"{where}: {token!r} is not a digit 0..9")
    return token


_REASONS: dict[int, str] = {}
"""The reason of each class of unsolvable boards met so far (see `unsolvable_reasons`)."""


class Eight(BoardPuzzle):
    name = "eight"
    state_count = 9 * PERMUTATIONS
    move_names = tuple(DIRECTIONS)
    encoding = "(d-1)*9! + rank of the board with 0 read as the missing digit d, values minus one"
    compact_help = "nine distinct digits 0..9 in reading order, 0 the empty cell, e.g. 123069478"
    original_help = "three lines of three digits separated by spaces, 0 the empty cell, e.g.\n1 2 3\n0 6 9\n4 7 8"
    separator = ""

    def parse(self, text: str, where: str = "") -> Board:
        characters = set(text)
        if len(text) == 9 and len(characters) == 9 and "0" in characters and characters <= _DIGIT_SET:
            raw = text.encode()
            missing = DIGIT_SUM - (sum(raw) - _ZERO_SUM)
            return missing, tuple(raw.translate(_PERMUTATION_BYTES[missing]))
        digits = distinct_digits(text, DIGITS, where)
        if 0 not in digits:
            raise InputError(f"{where + ': ' if where else ''}no empty cell: one digit must be 0")
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

    def indices(self, states: Any) -> np.ndarray:
        digits = digit_matrix(states, 9).astype(np.int16)
        missing = DIGIT_SUM - digits.sum(axis=1)
        values = np.where(digits == 0, missing[:, None], digits) - 1
        ranks, valid = permutations.checked_rank(values)
        valid &= ((digits == 0).sum(axis=1) == 1) & (digits >= 0).all(axis=1)
        return self.valid_indices(states, valid, (missing - 1).astype(np.int64) * PERMUTATIONS + ranks)

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
            f"{self.compact(goal_of(board))} ({inversions} inversion{'s' * (inversions != 1)}), but the empty cell "
            f"is {steps} step{'s' * (steps != 1)} ({parity[steps % 2]}) from its home cell; every move changes both "
            "parities, so they never match"
        )

    def parse_original_board(self, lines: list[tuple[int, str]]) -> Board:
        return self.parse("".join(parse_rows(lines, 3, 3, _digit, "three digits")), "the board")

    def original_output(self, solution: Solution) -> str:
        count = -1 if solution.distance is None else solution.distance
        return f"{count}\n{''.join(solution.moves)}\n"

    def read_answers(self, text: str, count: int) -> list[ProposedAnswer]:
        lines = content_lines(text)
        if not lines:
            raise InputError("it is empty")
        moves = "".join(line for _, line in lines[1:]).replace(" ", "")
        return [ProposedAnswer(read_integer(lines[0][1].strip(), "the count on line 1"), list(moves))]

    def panel(self, board: Board) -> list[str]:
        return grid([str(d) if d else "_" for d in to_digits(board)])

    def svg(self, board: Board) -> str:
        digits = to_digits(board)
        fills = ["#ffffff00" if d == 0 else "#f0d9b5" for d in digits]
        labels = ["" if d == 0 else str(d) for d in digits]
        return svg(180, 180, cells_svg(labels, fills), f"sliding tiles {self.compact(board)}, 0 the empty cell")

    def heading(self, solution: Solution) -> str:
        return f"{self.name} {solution.state} (goal {self.compact(goal_of(solution.boards[0]))})"

    def about(self) -> str:
        return (
            "Eight numbered tiles and one empty cell on a 3x3 board; a move slides a tile next to the empty cell "
            "into it, and U, D, L, R name where the empty cell goes. The board is solved when it reads 1 to 9 in "
            "order with the empty cell where the missing number belongs. Half of all boards can never get there."
        )

    def goal(self, solution: Solution) -> tuple[Board, str]:
        goal = goal_of(solution.boards[0])
        return goal, f"Goal {self.compact(goal)}: in order, the empty cell where {goal[0]} belongs"

    def move_changes(self, board: Board, move: int) -> dict[int, Change]:
        empty = board[1].index(board[0] - 1)
        target = TARGETS[empty][move]
        return {} if target is None else {empty + 1: Change(target + 1), target + 1: Change(empty + 1)}

    # Many boards at once ----------------------------------------------------------
    def read_many(self, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        digits, seen = fixed_digits(lines, 9)
        valid = (seen & 1 == 1) & (_BIT_COUNT[seen] == 9)  # nine different digits, one of them 0
        missing = np.where(valid, _MISSING[seen & 1022], 1)
        values = np.where(digits == 0, missing[:, None], digits) - np.uint8(1)
        ranks = permutations.rank_packed(permutations.pack(np.where(valid[:, None], values, 0)))
        return (missing - 1).astype(np.int64) * PERMUTATIONS + ranks, valid

    def advance(self, indices: np.ndarray, moves: np.ndarray) -> np.ndarray:
        empty_value, ranks = np.divmod(indices, PERMUTATIONS)
        packed, cell_of = permutations.unrank_packed(ranks)
        empty = (cell_of >> 4 * empty_value) & 15
        target = _TARGET_CELLS[empty * 4 + moves]
        after = permutations.rank_packed(permutations.swap_packed(packed, empty, np.maximum(target, 0)))
        return np.where(target >= 0, empty_value * PERMUTATIONS + after, -1)

    def extra_many(self, first: np.ndarray, last: np.ndarray) -> dict[str, list[Any]]:
        return {"goal": _GOALS[last // PERMUTATIONS].tolist()}

    def unsolvable_reasons(self, indices: np.ndarray) -> list[str]:
        """The reason names the missing digit, the inversions and the empty
        cell's steps from home, so boards that share those share it."""
        empty_value, ranks = np.divmod(indices, PERMUTATIONS)
        inversions = sum(ranks // place % radix for place, radix in _LEHMER_PLACES)
        empty = (permutations.unrank_packed(ranks)[1] >> 4 * empty_value) & 15
        steps = np.abs(empty // 3 - empty_value // 3) + np.abs(empty % 3 - empty_value % 3)
        classes = (empty_value * 37 + inversions) * 5 + steps
        return reasons_by_class(
            classes, indices, lambda index: self.unsolvable_reason(self.decode(index)) or NO_GOAL, _REASONS
        )


PUZZLE = Eight()
