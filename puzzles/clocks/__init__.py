"""clocks: IOI 1994 "The Clocks". Nine dials at 3, 6, 9 or 12; nine moves
each turn a fixed set of dials a quarter turn clockwise; all at 12 wins.

Board and index: the dials' quarter turns past 12 (0..3) as base-4 digits,
dial A most significant; 0 is solved. Compact form `9 9 12 6 6 6 6 3 6`;
original input three lines of three hour values, original output the move
numbers in ascending order.

Other rules (12-hour dials, backward turns) are answered without a table by
`puzzles.clocks.algebra`, reached through the `variant` hook.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..answers import Change, ProposedAnswer, Solution
from ..board_puzzle import BoardPuzzle
from ..drawing import cell_group, grid, svg
from ..text import InputError, parse_rows, read_integer, shown, text_array
from ..variants import VariantOption, VariantSolver
from .algebra import HOUR_CHOICES, ClocksAlgebra, rules_of
from .dials import DIALS, HOURS, MOVE_DIALS

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
    variant_options = (
        VariantOption(
            "hours", "12: 12-hour dials (1..12), a move turns one hour (4: the IOI dials); no table", HOUR_CHOICES
        ),
        VariantOption("backward", "a move may also turn its dials back, counting as one move; no table"),
    )

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

    def variant(self, options: Mapping[str, Any]) -> VariantSolver:
        return ClocksAlgebra(*rules_of(options))

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
        """Nine clock faces, each hand at 3, 6, 9 or 12; the face and hand turn together."""
        parts = []
        hand = {0: (0, -22), 1: (22, 0), 2: (0, 22), 3: (-22, 0)}
        for dial, turns in enumerate(dial_turns(board)):
            x, y = dial % 3 * 70 + 35, dial // 3 * 70 + 35
            dx, dy = hand[turns]
            face = "#e8f5e9" if turns == 0 else "#fff"
            body = (
                f'<g class="spin"><circle class="area" cx="{x}" cy="{y}" r="30" fill="{face}" stroke="#555" '
                f'stroke-width="2"/><line x1="{x}" y1="{y}" x2="{x + dx}" y2="{y + dy}" stroke="#222" '
                f'stroke-width="4" stroke-linecap="round"/><circle cx="{x}" cy="{y}" r="3"/></g>'
                f'<text x="{x - 34}" y="{y - 23}" font-size="12">{DIALS[dial]}</text>'
            )
            parts.append(cell_group(dial + 1, body))
        return svg(210, 210, "".join(parts), f"clocks {self.compact(board)} (dials A to I)")

    def about(self) -> str:
        groups = ", ".join(f"{move}: {dials}" for move, dials in enumerate(MOVE_DIALS, 1))
        return (
            "Nine clocks, A to I, each showing 3, 6, 9 or 12. Each of the nine moves turns its own group of clocks "
            f"a quarter turn clockwise ({groups}); the order of the moves does not matter. "
            "Solved when every clock shows 12."
        )

    def goal(self, solution: Solution) -> tuple[Board, str]:
        return SOLVED, "Goal: every clock at 12"

    def move_changes(self, board: Board, move: int) -> dict[int, Change]:
        return {DIALS.index(dial) + 1: Change(DIALS.index(dial) + 1, 90) for dial in MOVE_DIALS[move]}

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
