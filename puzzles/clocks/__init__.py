"""clocks: IOI 1994 "The Clocks". Nine dials at 3, 6, 9 or 12; nine moves
each turn a fixed set of dials a quarter turn clockwise; all at 12 wins.

Board and index: the dials' quarter turns past 12 (0..3) as base-4 digits,
dial A most significant; 0 is solved. Compact form `9 9 12 6 6 6 6 3 6`;
original input three lines of three hour values, original output the move
numbers in ascending order.

Variants without a table (12-hour dials, backward turns): a move's effect
does not depend on when it is made, so an answer is just how often each move
is made, and a setting is solved exactly when the net turns t satisfy
A t = -a (mod m): A is the 9x9 dial-by-move incidence matrix, a the dials'
offsets from 12 and m the positions per dial (4 for the IOI dials, 12 for
hour dials). det A = 5 is a unit modulo 4 and modulo 12, so A is invertible
there and t is unique modulo m: every answer makes each move j a net t_j
times. Forward only, that costs t_j turns of move j and nothing can do
better; with backward turns allowed, t_j forward or m - t_j backward, the
cheaper (forward on a tie). So the answer is one matrix product: instant and
provably optimal for all 12^9 settings.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np

from ..base import (
    BoardPuzzle,
    ProposedAnswer,
    Puzzle,
    Solution,
    TableReader,
    grid,
    read_integer,
    svg,
)
from ..text import InputError, parse_rows, shown, text_array

DIALS = "ABCDEFGHI"
MOVE_DIALS = ("ABDE", "ABC", "BCEF", "ADG", "BDEFH", "CFI", "DEGH", "GHI", "EFHI")
"""Which dials each move 1..9 turns."""
HOURS = ("12", "3", "6", "9")
"""Dial readings by quarter turns past 12."""
SOLVED = 0

_TURNS = {hour: turns for turns, hour in enumerate(HOURS)}
_DIGIT = {hour: str(turns) for hour, turns in _TURNS.items()}
_TURNS_OF_HOUR = np.array([_TURNS.get(str(hour), 4) for hour in range(14)], dtype=np.int32)
"""Quarter turns of an hour value 0..13; 4 marks a value that is not a dial setting."""

Board = int


def _shift(dial: str) -> int:
    return 2 * (8 - DIALS.index(dial))


_SHIFTS = tuple(tuple(map(_shift, dials)) for dials in MOVE_DIALS)
"""Per move, the bit positions of the dials it turns."""
_QUARTER_TURNS = np.array([sum(1 << shift for shift in shifts) for shifts in _SHIFTS], dtype=np.int64)
"""Per move, a 1 in the low bit of each dial it turns."""
_HIGH_BITS = sum(2 << 2 * dial for dial in range(9))
"""The high bit of every dial."""
_TURNS_OF_CHARACTER = np.zeros(256, dtype=np.int64)
_TURNS_OF_CHARACTER[[ord("3"), ord("6"), ord("9")]] = [1, 2, 3]  # and "1" of "12": 0
_DIAL_PLACES = np.array([_shift(dial) for dial in DIALS], dtype=np.int64)


def dial_turns(board: Board) -> tuple[int, ...]:
    """The quarter turns of dials A..I."""
    return tuple(board >> 2 * (8 - dial) & 3 for dial in range(9))


def _dial(token: str, where: str) -> int:
    if token not in HOURS:
        raise InputError(f"{where}: {shown(token)} is not a clock value (3, 6, 9 or 12)")
    return HOURS.index(token)


def _from_turns(turns: list[int]) -> Board:
    return int("".join(map(str, turns)), 4)


class Clocks(BoardPuzzle):
    name = "clocks"
    state_count = 4**9
    move_names = tuple(str(move) for move in range(1, 10))
    encoding = "quarter turns past 12 of dials A..I as base-4 digits, A most significant"
    compact_help = "nine clock values 3, 6, 9 or 12 in reading order, separated by spaces, e.g. 9 9 12 6 6 6 6 3 6"
    original_help = "three lines of three clock values (3, 6, 9 or 12) separated by spaces, e.g.\n9 9 12\n6 6 6\n6 3 6"

    def parse(self, text: str) -> Board:
        tokens = text.split()
        if len(tokens) == 9 and _TURNS.keys() >= set(tokens):
            return int("".join(map(_DIGIT.__getitem__, tokens)), 4)
        if len(tokens) != 9:
            raise InputError(f"expected 9 clock values, found {len(tokens)}")
        return _from_turns([_dial(token, f"value {i}") for i, token in enumerate(tokens, 1)])

    def compact(self, board: Board) -> str:
        return " ".join(HOURS[turns] for turns in dial_turns(board))

    def encode(self, board: Board) -> int:
        return board

    def decode(self, index: int) -> Board:
        return index

    def apply(self, board: Board, move: int) -> Board:
        for shift in _SHIFTS[move]:  # a quarter turn: 3 wraps to 0
            board += -(3 << shift) if board >> shift & 3 == 3 else 1 << shift
        return board

    def is_goal(self, board: Board) -> bool:
        return board == SOLVED

    def goal_states(self) -> np.ndarray:
        return np.array([SOLVED], dtype=np.int64)

    def predecessors(self, states: np.ndarray) -> list[np.ndarray]:
        result = []
        for shifts in _SHIFTS:  # undo a move: turn its dials back a quarter
            before = states.copy()
            for shift in shifts:
                turns = (states >> shift) & 3
                before += np.where(turns == 0, 3 << shift, -(1 << shift))
            result.append(before)
        return result

    def indices(self, states: Any) -> np.ndarray:
        text = text_array(states)
        hours = _hours_of_text(text) if text is not None else np.asarray(states)
        if hours.dtype.kind not in "iu" or hours.ndim != 2 or hours.shape[1] != 9:
            return self.encode_each(states, self.encode)
        turns = _TURNS_OF_HOUR[np.clip(hours, 0, 13)]
        index = np.zeros(len(turns), dtype=np.int32)
        for dial in range(9):
            index <<= 2
            index |= turns[:, dial]
        return self.valid_indices(states, (turns < 4).all(axis=1), index)

    def move_value(self, move: int) -> int:
        return move + 1

    def ordered(self, moves: list[Any]) -> list[Any]:
        return sorted(moves)

    def parse_original_board(self, lines: list[tuple[int, str]]) -> Board:
        return _from_turns(parse_rows(lines, 3, 3, _dial, "three clock values"))

    def original_output(self, solution: Solution) -> str:
        return " ".join(map(str, solution.moves)) + "\n"

    def read_answers(self, text: str, count: int) -> list[ProposedAnswer]:
        moves = [str(read_integer(token, "a move")) for token in text.split()]
        return [ProposedAnswer(None, moves)]

    def panel(self, board: Board) -> list[str]:
        return grid([HOURS[turns].rjust(2) for turns in dial_turns(board)])

    def svg(self, board: Board) -> str:
        """Nine clock faces, each hand at 3, 6, 9 or 12."""
        parts = []
        hand = {0: (0, -22), 1: (22, 0), 2: (0, 22), 3: (-22, 0)}
        for dial, turns in enumerate(dial_turns(board)):
            x, y = dial % 3 * 70 + 35, dial // 3 * 70 + 35
            dx, dy = hand[turns]
            face = "#e8f5e9" if turns == 0 else "#fff"
            parts.append(
                f'<circle cx="{x}" cy="{y}" r="30" fill="{face}" stroke="#555" stroke-width="2"/>'
                f'<line x1="{x}" y1="{y}" x2="{x + dx}" y2="{y + dy}" stroke="#222" stroke-width="4" '
                f'stroke-linecap="round"/><circle cx="{x}" cy="{y}" r="3"/>'
                f'<text x="{x - 24}" y="{y - 20}" font-size="11">{DIALS[dial]}</text>'
            )
        return svg(210, 210, "".join(parts), f"clocks {self.compact(board)} (dials A to I)")

    # Many settings at once ----------------------------------------------------
    def read_many(self, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Nine values 3, 6, 9, 12 separated by single spaces: each value
        starts with one of 3 6 9 1, a 1 is followed by a 2 and a 2 follows a
        1; with eight spaces and no other character, that is nine values."""
        space, one, two = lines == ord(" "), lines == ord("1"), lines == ord("2")
        starts = one | (lines == ord("3")) | (lines == ord("6")) | (lines == ord("9"))
        followed = np.zeros_like(one)
        followed[:, :-1] = two[:, 1:]
        valid = (starts | space | two | (lines == 0)).all(axis=1)
        valid &= (space.sum(axis=1) == 8) & (starts.sum(axis=1) == 9) & ~(space[:, :-1] & space[:, 1:]).any(axis=1)
        valid &= ~(one & ~followed).any(axis=1) & ~(two[:, 1:] & ~one[:, :-1]).any(axis=1) & ~two[:, 0]
        turns = np.zeros((len(lines), 9), dtype=np.int64)
        turns[valid] = _TURNS_OF_CHARACTER[lines[valid][starts[valid]]].reshape(-1, 9)
        return (turns << _DIAL_PLACES).sum(axis=1), valid

    def advance(self, indices: np.ndarray, moves: np.ndarray) -> np.ndarray:
        """A quarter turn of each dial of the move, all dials at once: the
        low bits are added and the high bits XORed, so no carry leaves a dial."""
        return ((indices & ~_HIGH_BITS) + _QUARTER_TURNS[moves]) ^ (indices & _HIGH_BITS)

    def ordered_many(self, moves: np.ndarray) -> np.ndarray:
        return np.sort(moves, axis=1)

    def variant(self, hours: int | None, backward: bool) -> Puzzle:
        if hours not in (None, 4, 12):
            raise InputError(f"hours must be 4 (the IOI dials) or 12, not {hours}")
        return ClocksByAlgebra(hours or 4, backward)


def _hours_of_text(text: np.ndarray) -> np.ndarray:
    """An (n, 9) array of the hour values of compact strings, read all at
    once from their bytes; -1 throughout where the strings are not each nine
    numbers of one or two digits separated by single spaces."""
    count = text.size
    invalid = np.full((count, 9), -1, dtype=np.int64)
    if not count:
        return invalid
    data = np.frombuffer((" ".join(text.tolist()) + " ").encode(), dtype=np.uint8)
    spaces = np.flatnonzero(data == 32)
    ends = np.cumsum(np.char.str_len(text) + 1) - 1  # the space after each string
    if spaces.size != 9 * count or not np.array_equal(spaces[8::9], ends):
        return invalid
    starts = np.empty_like(spaces)
    starts[0], starts[1:] = 0, spaces[:-1] + 1
    width = spaces - starts
    last = data[spaces - 1].astype(np.int64) - 48
    first = data[starts].astype(np.int64) - 48
    digits = (last >= 0) & (last <= 9) & (first >= 0) & (first <= 9) & ((width == 1) | (width == 2) & (first > 0))
    hours = np.where(width == 2, first * 10 + last, last)
    hours[~digits] = -1
    return hours.reshape(count, 9)


PUZZLE = Clocks()

# The variants, answered by linear algebra -----------------------------------
INCIDENCE = tuple(tuple(int(dial in MOVE_DIALS[move]) for move in range(9)) for dial in DIALS)
"""INCIDENCE[dial][move]: 1 where the move turns the dial."""


@cache
def _adjugate_and_determinant(matrix: tuple[tuple[int, ...], ...]) -> tuple[list[list[int]], int]:
    """Exact integer adjugate and determinant (Gauss-Jordan over the rationals),
    worked out once, on the first variant query, not at import."""
    size = len(matrix)
    rows = [[Fraction(v) for v in row] + [Fraction(int(i == j)) for j in range(size)] for i, row in enumerate(matrix)]
    determinant = Fraction(1)
    for column in range(size):
        pivot = next(r for r in range(column, size) if rows[r][column] != 0)
        if pivot != column:
            rows[column], rows[pivot] = rows[pivot], rows[column]
            determinant = -determinant
        determinant *= rows[column][column]
        lead = rows[column][column]
        rows[column] = [v / lead for v in rows[column]]
        for r in range(size):
            if r != column and rows[r][column] != 0:
                factor = rows[r][column]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[column], strict=False)]
    inverse = [row[size:] for row in rows]
    adjugate = [[int(v * determinant) for v in row] for row in inverse]
    return adjugate, int(determinant)


def net_turns(offsets: list[int], positions: int) -> list[int]:
    """How often (mod `positions`) each move 1..9 must turn, net, to bring
    dials `offsets` steps past 12 back to 12."""
    adjugate, determinant = _adjugate_and_determinant(INCIDENCE)
    inverse_determinant = pow(determinant, -1, positions)
    return [
        -inverse_determinant * sum(adjugate[move][dial] * offsets[dial] for dial in range(9)) % positions
        for move in range(9)
    ]


def optimal_moves(offsets: list[int], positions: int, backward: bool) -> list[int]:
    """The moves of an optimal answer: move numbers, negative for a backward
    turn, sorted by absolute value."""
    moves = []
    for move, turns in enumerate(net_turns(offsets, positions), 1):
        if backward and positions - turns < turns:
            moves += [-move] * (positions - turns)
        else:
            moves += [move] * turns
    return moves


def turn(offsets: list[int], move: int, positions: int) -> list[int]:
    """Dials after one move (negative: backward)."""
    step = 1 if move > 0 else -1
    turned = MOVE_DIALS[abs(move) - 1]
    return [(offset + step * (DIALS[dial] in turned)) % positions for dial, offset in enumerate(offsets)]


class ClocksByAlgebra(Clocks):
    """The Clocks with 12-hour dials (`hours=12`: values 1..12, a move turns
    its dials one hour) or the IOI dials (`hours=4`: 3, 6, 9, 12), optionally
    with backward turns; answered by linear algebra, with no table."""

    needs_tables = False

    def __init__(self, hours: int, backward: bool) -> None:
        self.positions = hours
        self.backward = backward
        self.values = [str(h) for h in range(1, 13)] if hours == 12 else list(HOURS)

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
        raise InputError("the original problem has neither --hours 12 nor --backward")

    def read_many(self, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """No table to answer from: every line is read and solved one by one."""
        return Puzzle.read_many(self, lines)

    def distance(self, table: TableReader | None, board: list[int]) -> int:
        return len(optimal_moves(board, self.positions, self.backward))

    def distances(self, table: TableReader | None, states: Any) -> np.ndarray:
        return self.encode_each(states, lambda board: self.distance(table, board)).astype(np.int16)

    def solve(self, table: TableReader | None, board: list[int]) -> Solution:
        moves = optimal_moves(board, self.positions, self.backward)
        boards = [board]
        for move in moves:
            boards.append(turn(boards[-1], move, self.positions))
        rule = {"hours": self.positions if self.positions == 12 else "quarter", "backward": self.backward}
        return Solution(self.name, self.compact(board), len(moves), moves, boards, {"rule": rule})

    def panel(self, board: list[int]) -> list[str]:
        return grid([self._reading(offset).rjust(2) for offset in board])
