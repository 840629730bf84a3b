"""nine: XJTUPC 2025 "9-Nine", 3x3 version. Two 0/1 matrices A and B;
rotate either a quarter turn, or exchange column k of A with column k of B;
the goal is A all 0 and B all 1.

Board and index: the 18 cells, A's then B's in reading order, read as one
binary number (A's top-left cell is the most significant bit). Compact form
`100000000 111111011`; original input six lines of three characters 0/1
(A's rows, then B's rows), original output the count and one operation per
line.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..answers import Change, ProposedAnswer, Solution
from ..batch import reasons_by_class
from ..board_puzzle import BoardPuzzle
from ..contract import NO_GOAL, Puzzle
from ..drawing import cells_svg, svg
from ..text import InputError, content_lines, read_integer, shown

Board = int

MATRIX_BITS = 9
ONE_MATRIX = (1 << MATRIX_BITS) - 1
GOAL = ONE_MATRIX
"""A all 0, B all 1."""
ORIGINAL_JUDGE_LIMIT = 81
"""The original judge accepts any valid answer of at most this many operations."""

# new cell -> old cell, for a quarter turn of one 3x3 matrix (cells in reading order)
_COUNTER_CLOCKWISE = (2, 5, 8, 1, 4, 7, 0, 3, 6)
_CLOCKWISE = (6, 3, 0, 7, 4, 1, 8, 5, 2)

CELL_KINDS = {"corner": (0, 2, 6, 8), "edge": (1, 3, 5, 7), "centre": (4,)}
"""Rotations keep each kind of cell among its own kind, and column k of A
meets column k of B, which holds the same kinds at the same rows."""
GOAL_ONES = {"corner": 4, "edge": 4, "centre": 1}


def _rotation_table(source: tuple[int, ...]) -> list[int]:
    """All 512 matrices, each rotated (cell c is bit 8 - c)."""
    return [
        sum(1 << (8 - new) for new, old in enumerate(source) if matrix >> (8 - old) & 1)
        for matrix in range(1 << MATRIX_BITS)
    ]


_ROTATE = {"L": _rotation_table(_COUNTER_CLOCKWISE), "R": _rotation_table(_CLOCKWISE)}
_VECTOR_ROTATE = {side: np.array(table, dtype=np.int64) for side, table in _ROTATE.items()}
_COLUMN_MASKS = tuple(sum(1 << (8 - (row * 3 + column)) for row in range(3)) for column in range(3))

MOVES = ("AL", "AR", "BL", "BR", "C1", "C2", "C3")
_INVERSE = (1, 0, 3, 2, 4, 5, 6)
_KIND_BITS = [[8 - cell for cell in spots] + [17 - cell for cell in spots] for spots in CELL_KINDS.values()]
"""Per kind of cell, its bits in a board (A's and B's)."""
_BIT_PLACES = np.array([17 - column + (column > 9) for column in range(19) if column != 9], dtype=np.int64)
"""The board bit of each character of the compact form but the space."""


def apply_move(boards: Any, move: int, rotate: dict[str, Any] = _ROTATE) -> Any:
    """Apply one move to a board (int) or to an array of boards (the same bit operations)."""
    a, b = boards >> MATRIX_BITS, boards & ONE_MATRIX
    name = MOVES[move]
    if name[0] == "A":
        a = rotate[name[1]][a]
    elif name[0] == "B":
        b = rotate[name[1]][b]
    else:
        mask = _COLUMN_MASKS[int(name[1]) - 1]
        swapped = (a ^ b) & mask
        a, b = a ^ swapped, b ^ swapped
    return a << MATRIX_BITS | b


def _bits(text: str, where: str) -> int:
    if len(text) != 9 or set(text) - {"0", "1"}:
        raise InputError(f"{where}: expected 9 characters 0/1, found {shown(text)}")
    return int(text, 2)


def ones_by_kind(board: Board) -> dict[str, int]:
    """How many 1s A and B hold together on each kind of cell."""
    cells = f"{board:018b}"
    return {
        kind: sum(cells[c] == "1" for c in spots) + sum(cells[9 + c] == "1" for c in spots)
        for kind, spots in CELL_KINDS.items()
    }


_REASONS: dict[int, str] = {}
"""The reason of each class of unsolvable boards met so far (see `unsolvable_reasons`)."""


class Nine(BoardPuzzle):
    name = "nine"
    unit = ("operation", "operations")
    state_count = 1 << 2 * MATRIX_BITS
    move_names = MOVES
    encoding = "A's then B's cells in reading order as an 18-bit binary number, first cell most significant"
    compact_help = "A then B, nine characters 0/1 each in reading order, separated by a space, e.g. 100000000 111111011"
    original_help = (
        "six lines of three characters 0/1 with no spaces, A's rows then B's, e.g.\n100\n000\n000\n111\n111\n011"
    )
    original_answer_limit = ORIGINAL_JUDGE_LIMIT

    def parse(self, text: str) -> Board:
        parts = text.split()
        if len(parts) != 2:
            raise InputError(f"expected two groups of 9 characters 0/1 (A then B), found {len(parts)} groups")
        return _bits(parts[0], "matrix A") << MATRIX_BITS | _bits(parts[1], "matrix B")

    def board(self, state: Any) -> Board:
        """Also takes the 18 cells as one sequence of 0/1 values."""
        if isinstance(state, (list, tuple, np.ndarray)) and len(state) == 18:
            cells = "".join(str(cell) for cell in np.asarray(state).tolist())
            state = f"{cells[:9]} {cells[9:]}"
        return super().board(state)

    def compact(self, board: Board) -> str:
        cells = f"{board:018b}"
        return f"{cells[:9]} {cells[9:]}"

    def encode(self, board: Board) -> int:
        return board

    def decode(self, index: int) -> Board:
        return index

    def apply(self, board: Board, move: int) -> Board:
        return apply_move(board, move)

    def is_goal(self, board: Board) -> bool:
        return board == GOAL

    def goal_states(self) -> np.ndarray:
        return np.array([GOAL], dtype=np.int64)

    def predecessors(self, states: np.ndarray) -> list[np.ndarray]:
        return [apply_move(states, _INVERSE[move], _VECTOR_ROTATE) for move in range(len(MOVES))]

    def indices(self, states: Any) -> np.ndarray:
        array = np.asarray(states)
        if array.dtype.kind == "U" and array.itemsize == 4 * 19:  # exactly "AAAAAAAAA BBBBBBBBB"
            codes = array.reshape(-1).view(np.uint32).reshape(-1, 19)
            bits = codes - np.uint32(ord("0"))  # anything but 0 and 1 becomes a value above 1
            valid = (bits[:, :9] <= 1).all(axis=1) & (bits[:, 10:] <= 1).all(axis=1) & (codes[:, 9] == ord(" "))
            bits = bits.astype(np.uint8)
            bits[:, 9] = 0
            packed = np.packbits(bits, axis=1).astype(np.int32)  # 19 bits, A's first cell most significant
            value = packed[:, 0] << 11 | packed[:, 1] << 3 | packed[:, 2] >> 5
            return self.valid_indices(states, valid, (value >> 10) << MATRIX_BITS | (value & ONE_MATRIX))
        if array.dtype.kind in "iu" and array.ndim == 2 and array.shape[1] == 18:
            packed = np.packbits(array.astype(np.uint8), axis=1).astype(np.int32)
            value = packed[:, 0] << 10 | packed[:, 1] << 2 | packed[:, 2] >> 6
            return self.valid_indices(states, ((array == 0) | (array == 1)).all(axis=1), value)
        return self.encode_each(states, self.encode)

    def unsolvable_reason(self, board: Board) -> str | None:
        ones = ones_by_kind(board)
        wrong = [kind for kind in CELL_KINDS if ones[kind] != GOAL_ONES[kind]]
        if not wrong:
            return None
        kind = wrong[0]
        return (
            f"A and B together have {ones[kind]} ones on their {kind} cells, the goal has {GOAL_ONES[kind]}; "
            f"rotations and column exchanges only ever move a {kind} cell to a {kind} cell"
        )

    def parse_original_board(self, lines: list[tuple[int, str]]) -> Board:
        if len(lines) != 6:
            raise InputError(f"expected 6 lines of three characters 0/1 (A's rows, then B's), found {len(lines)}")
        rows = []
        for number, line in lines:
            row = line.strip()
            if len(row) != 3 or set(row) - {"0", "1"}:
                raise InputError(f"line {number}: expected three characters 0/1 with no spaces, found {shown(row)}")
            rows.append(row)
        return int("".join(rows), 2)

    def original_output(self, solution: Solution) -> str:
        if solution.distance is None:
            return "-1\n"
        return "".join(f"{line}\n" for line in [str(solution.distance), *solution.moves])

    def read_answers(self, text: str, count: int) -> list[ProposedAnswer]:
        lines = content_lines(text)
        if not lines:
            raise InputError("it is empty")
        operations = [line.strip() for _, line in lines[1:]]
        return [ProposedAnswer(read_integer(lines[0][1].strip(), "the count on line 1"), operations)]

    def svg(self, board: Board) -> str:
        cells = f"{board:018b}"
        fills = ["#333" if c == "1" else "#eee" for c in cells]
        labels = ["" for _ in cells]
        body = cells_svg(labels[:9], fills[:9], 0, 50) + cells_svg(labels[9:], fills[9:], 170, 50, first=10)
        body += '<text x="75" y="168" text-anchor="middle" font-size="18">A</text>'
        body += '<text x="245" y="168" text-anchor="middle" font-size="18">B</text>'
        return svg(320, 175, body, f"matrix A {cells[:9]} and matrix B {cells[9:]}, dark cells are 1")

    def panel(self, board: Board) -> list[str]:
        cells = f"{board:018b}"
        return ["A   B"] + [f"{cells[r : r + 3]} {cells[9 + r : 12 + r]}" for r in (0, 3, 6)]

    def about(self) -> str:
        return (
            "Two 3x3 grids of 0s and 1s, A and B; dark cells are 1. AL and AR turn A a quarter turn left or right, "
            "BL and BR turn B, and C1, C2, C3 swap column 1, 2 or 3 of A with the same column of B. Solved when A is "
            "all 0 and B all 1; a board with the wrong number of 1s on corners, edges or centres never gets there."
        )

    def goal(self, solution: Solution) -> tuple[Board, str]:
        return GOAL, "Goal: A all 0, B all 1"

    def move_changes(self, board: Board, move: int) -> dict[int, Change]:
        """A turn moves every cell of its matrix round (the centre turns in
        place); a column exchange swaps three cells of A with three of B."""
        name = MOVES[move]
        if name[0] == "C":
            column = int(name[1])
            pairs = [(row * 3 + column, 9 + row * 3 + column) for row in range(3)]
            return {cell: Change(other) for a, b in pairs for cell, other in ((a, b), (b, a))}
        first = 1 if name[0] == "A" else 10
        source, turn = (_COUNTER_CLOCKWISE, -90) if name[1] == "L" else (_CLOCKWISE, 90)
        return {first + new: Change(first + old, turn) for new, old in enumerate(source)}

    # Many boards at once ----------------------------------------------------------
    def read_many(self, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        if lines.shape[1] < 19:
            return Puzzle.read_many(self, lines)
        bits = np.delete(lines[:, :19], 9, axis=1).astype(np.int64) - ord("0")
        valid = ((bits == 0) | (bits == 1)).all(axis=1) & (lines[:, 9] == ord(" ")) & ~lines[:, 19:].any(axis=1)
        return (bits << _BIT_PLACES).sum(axis=1), valid

    def advance(self, indices: np.ndarray, moves: np.ndarray) -> np.ndarray:
        after = np.empty_like(indices)
        for move in range(len(MOVES)):
            chosen = moves == move
            after[chosen] = apply_move(indices[chosen], move, _VECTOR_ROTATE)
        return after

    def unsolvable_reasons(self, indices: np.ndarray) -> list[str]:
        """The reason names only the 1s per kind of cell, so boards with the same counts share it."""
        classes = np.zeros_like(indices)
        for bits in _KIND_BITS:
            classes = classes * 19 + sum((indices >> bit) & 1 for bit in bits)
        return reasons_by_class(classes, indices, lambda index: self.unsolvable_reason(index) or NO_GOAL, _REASONS)


PUZZLE = Nine()
