"""sansu: the digits 1..9 on a 3x3 tile; swap orthogonal neighbours until
every row, column and diagonal has a digit sum divisible by 3.

Board: a tuple of the nine digits minus one (0..8) in reading order.
Index: the lexicographic rank of that permutation.
Compact form `175426839`; original input three lines of three digits
separated by spaces; original output the count and the reached tile.

The table holds a second search, to the identity tile: how many swaps carry
any tile to any other (tile T to tile F takes as many as the permutation
F^-1 T takes to the identity), so `check` can decide whether a proposed
final tile can be reached in the stated number of swaps.
"""

from __future__ import annotations

from math import factorial
from typing import Any

import numpy as np

from .. import permutations
from ..answers import Change, ProposedAnswer, Solution
from ..batch import row_texts
from ..board_puzzle import BoardPuzzle
from ..drawing import cells_svg, grid, svg
from ..storage import SINGLE_SEARCH, TableReader
from ..text import (
    InputError,
    content_lines,
    digit_matrix,
    distinct_digits,
    fixed_digits,
    parse_rows,
    read_integer,
    shown,
)

LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
    (0, 4, 8), (2, 4, 6),  # diagonals
)  # fmt: skip

SWAPS = ((0, 1), (0, 3), (1, 2), (1, 4), (2, 5), (3, 4), (3, 6), (4, 5), (4, 7), (5, 8), (6, 7), (7, 8))
"""The 12 adjacent swaps as 0-based cell pairs, in the order that breaks ties:
sorted by the first cell, then the second."""

TILE_DISTANCE = "tile_distance"
"""Group of the search to the identity tile."""

DIGITS = "123456789"
_DIGIT_SET = frozenset(DIGITS)
_MINUS_ONE = bytes.maketrans(DIGITS.encode(), bytes(range(9)))

Board = tuple[int, ...]

_SWAP_CELLS = np.array(SWAPS, dtype=np.int64)
_ONE_TO_NINE = sum(1 << digit for digit in range(1, 10))
"""The digits of a tile as bits (see `fixed_digits`)."""


def is_sansu(digits: np.ndarray) -> np.ndarray:
    """Whether each row of an (n, 9) digit array is a sansu (all 8 lines)."""
    digits = np.asarray(digits, dtype=np.int64)
    ok = np.ones(digits.shape[0], dtype=bool)
    for line in LINES:
        ok &= digits[:, list(line)].sum(axis=1) % 3 == 0
    return ok


def undo_swaps(states: np.ndarray) -> list[np.ndarray]:
    """Per swap, the tiles it takes to `states` (a swap undoes itself)."""
    perms = permutations.unrank(states, 9)
    result = []
    for i, j in SWAPS:
        swapped = perms.copy()
        swapped[:, [i, j]] = perms[:, [j, i]]
        result.append(permutations.rank(swapped))
    return result


class ToIdentity:
    """The search from every tile to the identity tile 123456789."""

    name = "sansu tile distance"
    state_count = factorial(9)
    move_names = tuple(f"{i + 1}-{j + 1}" for i, j in SWAPS)

    def goal_states(self) -> np.ndarray:
        return np.zeros(1, dtype=np.int64)

    def predecessors(self, states: np.ndarray) -> list[np.ndarray]:
        return undo_swaps(states)


def _digit(token: str, where: str) -> str:
    if len(token) != 1 or token not in DIGITS:
        raise InputError(f"{where}: {token!r} is not a digit 1..9")
    return token


class Sansu(BoardPuzzle):
    name = "sansu"
    unit = ("swap", "swaps")
    state_count = factorial(9)
    move_names = ToIdentity.move_names
    encoding = "lexicographic rank of the permutation (digit-1) in reading order"
    compact_help = "the nine digits 1..9, each once, in reading order, e.g. 175426839"
    original_help = "three lines of three digits 1..9 separated by spaces, e.g.\n1 7 5\n4 2 6\n8 3 9"
    separator = ""
    steps_by_default = True

    def searches(self) -> dict[str, Any]:
        return {SINGLE_SEARCH: self, TILE_DISTANCE: ToIdentity()}

    def distance_groups(self) -> tuple[str, ...]:
        return (SINGLE_SEARCH,)

    def parse(self, text: str) -> Board:
        if len(text) == 9 and set(text) == _DIGIT_SET:
            return tuple(text.encode().translate(_MINUS_ONE))
        return tuple(digit - 1 for digit in distinct_digits(text, DIGITS))

    def compact(self, board: Board) -> str:
        return "".join(str(value + 1) for value in board)

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

    def goal_states(self) -> np.ndarray:
        every = np.arange(self.state_count)
        return every[is_sansu(permutations.unrank(every, 9) + 1)]

    def predecessors(self, states: np.ndarray) -> list[np.ndarray]:
        return undo_swaps(states)

    def indices(self, states: Any) -> np.ndarray:
        ranks, valid = permutations.checked_rank(digit_matrix(states, 9) - 1)
        return self.valid_indices(states, valid, ranks)

    def move_value(self, move: int) -> list[int]:
        return [cell + 1 for cell in SWAPS[move]]

    def move_label(self, value: Any) -> str:
        return f"{value[0]}-{value[1]}"

    def extra(self, boards: list[Board]) -> dict[str, Any]:
        return {"final": self.compact(boards[-1])}

    def parse_original_board(self, lines: list[tuple[int, str]]) -> Board:
        tile = distinct_digits("".join(parse_rows(lines, 3, 3, _digit, "three digits")), DIGITS, "the tile")
        return tuple(digit - 1 for digit in tile)

    def original_output(self, solution: Solution) -> str:
        return "\n".join([str(solution.distance), *self.panel(solution.boards[-1])]) + "\n"

    def read_answers(self, text: str, count: int) -> list[ProposedAnswer]:
        lines = content_lines(text)
        if not lines:
            raise InputError("it is empty")
        swaps = read_integer(lines[0][1].strip(), "the count on line 1")
        digits = "".join("".join(line.split()) for _, line in lines[1:])
        if len(digits) != 9 or sorted(digits) != list(DIGITS):
            raise InputError(f"lines 2-4 should hold the digits 1..9 once each, found {shown(digits)}")
        return [ProposedAnswer(swaps, final=tuple(int(d) - 1 for d in digits))]

    def reachable_reason(self, table: TableReader, board: Board, answer: ProposedAnswer) -> str | None:
        final = answer.final
        if not self.is_goal(final):
            return f"the tile {self.compact(final)} is not a sansu"
        goal_cell = {value: cell for cell, value in enumerate(final)}
        needed = table.array("distance", TILE_DISTANCE).item(permutations.rank_one([goal_cell[v] for v in board]))
        if answer.count < needed or (answer.count - needed) % 2:
            return (
                f"{self.compact(final)} cannot be reached in exactly {answer.count} swaps "
                f"(it takes {needed}, or {needed} + 2k)"
            )
        return None

    def panel(self, board: Board) -> list[str]:
        return grid(self.compact(board))

    def about(self) -> str:
        return (
            "Nine digits on a 3x3 tile; a move swaps two digits side by side or one above the other. The tile is "
            "solved, a sansu, when all eight lines (three rows, three columns, two diagonals) have a digit sum "
            "divisible by 3. A red stroke marks each line that is not there yet."
        )

    def goal(self, solution: Solution) -> tuple[Board, str]:
        return solution.boards[-1], "The sansu these swaps reach (any sansu counts)"

    def move_changes(self, board: Board, move: int) -> dict[int, Change]:
        i, j = SWAPS[move]
        return {i + 1: Change(j + 1), j + 1: Change(i + 1)}

    # Many tiles at once ---------------------------------------------------------
    def read_many(self, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        digits, seen = fixed_digits(lines, 9)
        valid = seen == _ONE_TO_NINE
        return permutations.rank_packed(permutations.pack(np.where(valid[:, None], digits - 1, 0))), valid

    def advance(self, indices: np.ndarray, moves: np.ndarray) -> np.ndarray:
        packed, _ = permutations.unrank_packed(indices)
        cells = _SWAP_CELLS[moves]
        return permutations.rank_packed(permutations.swap_packed(packed, cells[:, 0], cells[:, 1]))

    def extra_many(self, first: np.ndarray, last: np.ndarray) -> dict[str, list[Any]]:
        digits = permutations.unpack(permutations.unrank_packed(last)[0]) + ord("1")
        return {"final": row_texts(digits.astype(np.uint8))}

    def svg(self, board: Board) -> str:
        """The tile, with every line whose digit sum is not yet divisible by 3 struck through."""
        size = 60
        cells = cells_svg(list(self.compact(board)), ["#fdf6e3"] * 9)
        strokes = []
        open_lines = [line for line in LINES if sum(board[c] + 1 for c in line) % 3]
        for first, _, last in open_lines:
            (y1, x1), (y2, x2) = divmod(first, 3), divmod(last, 3)
            strokes.append(
                f'<line class="open-line" x1="{x1 * size + 30}" y1="{y1 * size + 30}" x2="{x2 * size + 30}" '
                f'y2="{y2 * size + 30}" stroke="#d33" stroke-width="6" stroke-linecap="round" opacity="0.45"/>'
            )
        state = "a sansu" if not open_lines else f"{len(open_lines)} of 8 lines not divisible by 3"
        return svg(180, 180, cells + "".join(strokes), f"tile {self.compact(board)}: {state}")


PUZZLE = Sansu()
