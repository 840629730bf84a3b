"""The cube board: orientations, the state index, rolls, and the search.

Eight identical cubes on the 3x3 board roll over an edge into the empty
square. Opposite faces share a colour, so a cube's orientation is its
(top, x-facing, y-facing) colours, a permutation of W, B, R; rolling along x
exchanges top and x, rolling along y exchanges top and y. At the start every
cube shows W on top, B along x and R along y. A move's letter U D L R names
the direction in which the empty square moves (U towards y = 1).

State index, for the cubes in reading order of their squares (ranks 0..7,
skipping the empty square e):

    ((e * 3**8 + sum(top[k] * 3**k)) * 2**8) + sum(turn[k] * 2**k)

where top is the colour on top (W=0, B=1, R=2) and turn tells the two
orientations with that top apart (0: the other two colours along x then y in
W, B, R order). So `index >> 8` is the top-colour pattern, and each pattern
owns 256 consecutive states.
"""

from __future__ import annotations

from functools import cache
from itertools import permutations as all_orders
from itertools import product
from typing import Any

import numpy as np

COLOURS = "WBR"
LETTERS = "WBRE"
CUBES = 8
PATTERNS = 9 * 3**CUBES
"""Top-colour patterns, the empty square included: 59,049."""
TURNS = 1 << CUBES
STARTS = 9
MOVES = ("U", "D", "L", "R")
OPPOSITE = (1, 0, 3, 2)
STEPS = {"U": -3, "D": 3, "L": -1, "R": 1}
"""How the empty square's cell number (reading order) changes per move."""
CANONICAL_STARTS = {"start_1_1": 0, "start_2_1": 1, "start_2_2": 4}
"""Group name -> empty cell of the three searched starts."""
CONTEST_LIMIT = 30
"""The contest prints -1 for a pattern that needs more rolls than this."""

# An orientation is (top, x, y) colour codes; its code is 2 * top + turn.
ORIENTATIONS = sorted(all_orders(range(3)), key=lambda o: (o[0], o[1] > o[2]))
_ROLL_X = [ORIENTATIONS.index((x, top, y)) for top, x, y in ORIENTATIONS]
_ROLL_Y = [ORIENTATIONS.index((y, x, top)) for top, x, y in ORIENTATIONS]
START_ORIENTATION = ORIENTATIONS.index((0, 1, 2))  # W on top, B along x, R along y
_COORDINATES = {"1": 0, "2": 1, "3": 2}

Board = tuple[int, tuple[int, ...]]
"""(empty cell, the orientation code of the cube on each of the nine cells; -1 on the empty one)."""
Instance = tuple[int, str]
"""(start cell 0..8, the pattern as nine letters W B R E in reading order)."""


def move_target(empty: int, move: int) -> int | None:
    """The cell of the cube that rolls into `empty` on `move` (where the empty square goes)."""
    target = empty + STEPS[MOVES[move]]
    if not 0 <= target < 9 or (MOVES[move] in "LR" and target // 3 != empty // 3):
        return None
    return target


def start_board(empty: int) -> Board:
    return empty, tuple(-1 if cell == empty else START_ORIENTATION for cell in range(9))


def encode(board: Board) -> int:
    """The board's state index: the cubes in reading order, the first one's
    top the lowest base-3 digit and its turn the lowest bit."""
    empty, cells = board
    cubes = cells[:empty] + cells[empty + 1 :]
    first_tops, first_turns = _four_cubes()[cubes[:4]]
    last_tops, last_turns = _four_cubes()[cubes[4:]]
    return ((empty * 3**CUBES + last_tops * 3**4 + first_tops) << CUBES) | last_turns << 4 | first_turns


@cache
def _four_cubes() -> dict[tuple[int, ...], tuple[int, int]]:
    """Four cubes' orientation codes -> their tops as base-3 digits and their
    turns as bits, the first cube lowest (half a board's `encode` in one look-up)."""
    return {
        codes: (sum((code >> 1) * 3**place for place, code in enumerate(codes)),
                sum((code & 1) << place for place, code in enumerate(codes)))
        for codes in product(range(len(ORIENTATIONS)), repeat=4)
    }  # fmt: skip


def decode(index: int) -> Board:
    pattern, turns = divmod(index, TURNS)
    empty, tops = divmod(pattern, 3**CUBES)
    codes = []
    for _ in range(CUBES):
        tops, top = divmod(tops, 3)
        codes.append(2 * top + (turns & 1))
        turns >>= 1
    codes.insert(empty, -1)
    return empty, tuple(codes)


def roll(board: Board, move: int) -> Board | None:
    """The board after one roll; None if the move leaves the board."""
    empty, cells = board
    target = move_target(empty, move)
    if target is None:
        return None
    turned = _ROLL_X if MOVES[move] in "LR" else _ROLL_Y
    moved = list(cells)
    moved[empty], moved[target] = turned[cells[target]], -1
    return target, tuple(moved)


def pattern_of(board: Board) -> str:
    return "".join("E" if code < 0 else COLOURS[code >> 1] for code in board[1])


def orientations_of(board: Board) -> list[str]:
    """Each square's cube as its (top, x-facing, y-facing) colours, E for the empty square."""
    return ["E" if code < 0 else "".join(COLOURS[c] for c in ORIENTATIONS[code]) for code in board[1]]


# The search -------------------------------------------------------------------
_ROLL_X_TOP = np.array([code >> 1 for code in _ROLL_X], dtype=np.int64)
_ROLL_X_TURN = np.array([code & 1 for code in _ROLL_X], dtype=np.int64)
_ROLL_Y_TOP = np.array([code >> 1 for code in _ROLL_Y], dtype=np.int64)
_ROLL_Y_TURN = np.array([code & 1 for code in _ROLL_Y], dtype=np.int64)


def apply_sorted(states: np.ndarray, move: int) -> np.ndarray:
    """`roll` on an ascending array of indices (-1 where the move is illegal).

    Sorted indices are grouped by empty cell, so within a group the cube that
    rolls has a fixed rank and the work is plain arithmetic on the index: a
    horizontal roll changes one cube's digits; a vertical one also moves the
    cube two ranks along, rotating a block of three digits.
    """
    result = np.full(states.size, -1, dtype=np.int64)
    bounds = np.searchsorted(states, np.arange(10) * 3**CUBES * TURNS)
    for empty in range(9):
        target = move_target(empty, move)
        if target is None:
            continue
        lo, hi = bounds[empty], bounds[empty + 1]
        if lo == hi:
            continue
        group = states[lo:hi]
        tops = (group >> CUBES) - empty * 3**CUBES
        turns = group & (TURNS - 1)
        if MOVES[move] in "LR":  # the cube keeps its rank
            rank = min(empty, target)
            top, turn = tops // 3**rank % 3, turns >> rank & 1
            code = 2 * top + turn
            tops = tops + (_ROLL_X_TOP[code] - top) * 3**rank
            turns = turns + ((_ROLL_X_TURN[code] - turn) << rank)
        else:
            low = min(empty, target)  # the three ranks low..low+2 rotate
            block_tops, block_turns = tops // 3**low % 27, turns >> low & 7
            if target > empty:  # the cube at rank low+2 rolls to rank low
                code = 2 * (block_tops // 9) + (block_turns >> 2)
                new_tops = block_tops % 9 * 3 + _ROLL_Y_TOP[code]
                new_turns = (block_turns & 3) << 1 | _ROLL_Y_TURN[code]
            else:  # the cube at rank low rolls to rank low+2
                code = 2 * (block_tops % 3) + (block_turns & 1)
                new_tops = block_tops // 3 + 9 * _ROLL_Y_TOP[code]
                new_turns = block_turns >> 1 | _ROLL_Y_TURN[code] << 2
            tops = tops + (new_tops - block_tops) * 3**low
            turns = turns + ((new_turns - block_turns) << low)
        result[lo:hi] = ((target * 3**CUBES + tops) << CUBES) | turns
    return result


class CubeSearch:
    """The search from one start square: its goal is the start state itself;
    distances to it equal distances from it, since every roll can be undone."""

    state_count = PATTERNS * TURNS
    move_names = MOVES

    def __init__(self, start: int) -> None:
        self.start = start
        self.name = f"cube from cell {start + 1}"

    def goal_states(self) -> np.ndarray:
        return np.array([encode(start_board(self.start))], dtype=np.int64)

    def predecessors(self, states: np.ndarray) -> list[np.ndarray]:
        return [apply_sorted(states, OPPOSITE[move]) for move in range(len(MOVES))]


def parity_rule_holds(states: np.ndarray, start: int) -> np.ndarray:
    """Whether each state obeys the invariant of the start: every roll flips
    one cube's orientation parity and moves the empty square to a square of
    the other chessboard colour, so the two parities change together."""
    pattern = states >> CUBES
    empty, tops = np.divmod(pattern, 3**CUBES)
    parity = np.zeros(states.size, dtype=np.int64)
    turns = states & (TURNS - 1)
    for _ in range(CUBES):  # orientation parity = turn bit XOR (top is B)
        tops, top = np.divmod(tops, 3)
        parity ^= (turns & 1) ^ (top == 1)
        turns >>= 1
    squares = np.abs(empty // 3 - start // 3) + np.abs(empty % 3 - start % 3)
    return parity == squares & 1


def compact_index(index: Any) -> Any:
    """Index among the states the parity rule allows: the last cube's turn
    bit is implied by the rest, so it is dropped."""
    return (index >> CUBES << (CUBES - 1)) | (index & (TURNS // 2 - 1))


def pattern_tables(distance: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """From the states' distances: per pattern, the fewest rolls (UNREACHABLE
    if none) and which of its 256 states attains them first (the lowest
    index: deterministic)."""
    by_pattern = distance.reshape(PATTERNS, TURNS)
    return by_pattern.min(axis=1), by_pattern.argmin(axis=1).astype(np.uint8)
