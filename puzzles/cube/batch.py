"""The cube's questions many at once: reading, carrying to a searched start,
distances, and the rolls of an optimal answer, all in NumPy.

A question's key is `start * PATTERNS + pattern`, the pattern numbered in
the question's own frame as a board state's pattern is (`empty * 3**8 +
sum(top[k] * 3**k)` over the cubes in reading order, W=0, B=1, R=2), so a
key says everything the compact form says.
"""

from __future__ import annotations

import numpy as np

from ..batch import PADDING, AnswerColumns, follow_parents
from ..roles import ManyAtOnce
from ..storage import UNREACHABLE, TableReader
from .board import (
    _ROLL_X_TOP,
    _ROLL_X_TURN,
    _ROLL_Y_TOP,
    _ROLL_Y_TURN,
    CANONICAL_STARTS,
    CUBES,
    MOVES,
    OPPOSITE,
    PATTERNS,
    STARTS,
    TURNS,
    Instance,
    compact_index,
    move_target,
)
from .symmetry import (
    _CELL_IMAGES,
    _GROUP_IDS,
    _PLACE_VALUES,
    SYMMETRIES,
)

NO_ROLLS = "no sequence of rolls from this start shows this pattern"
"""Why a pattern cannot be shown: the reason of every unsolvable question."""
EMPTY = 3
"""The digit of the empty square's letter E (W, B, R are 0, 1, 2)."""
NOT_A_LETTER = 4
DIGIT_OF_BYTE = np.full(256, NOT_A_LETTER, dtype=np.int64)
DIGIT_OF_BYTE[[ord(letter) for letter in "WBRE"]] = range(4)
_POWERS = 3 ** np.arange(CUBES + 1, dtype=np.int64)
_PLACES = np.array([[0 if cell == empty else 3 ** (cell - (cell > empty)) for cell in range(9)] for empty in range(9)])
"""_PLACES[empty, cell]: the place value of the cube on `cell` in a pattern index."""
_TARGETS = np.array(
    [-1 if move_target(empty, move) is None else move_target(empty, move) for empty in range(9) for move in range(4)]
)
_HORIZONTAL = np.array([letter in "LR" for letter in MOVES])
_MOVES_BACK = np.array([SYMMETRIES[start].moves_back for start in range(STARTS)], dtype=np.uint8)
_OPPOSITE = np.array(OPPOSITE, dtype=np.uint8)
_SWAPS_AXES = np.array([SYMMETRIES[start].swaps_axes for start in range(STARTS)])


def keys_of(start: np.ndarray, digits: np.ndarray) -> np.ndarray:
    """Keys of questions from their start cells and their nine letters as digits (E = 3)."""
    empty = np.argmax(digits == EMPTY, axis=1)
    return start * PATTERNS + empty * 3**CUBES + np.einsum("ij,ij->i", digits, _PLACES[empty])


def key_of(instance: Instance) -> int:
    start, pattern = instance
    digits = np.array([["WBRE".index(letter) for letter in pattern]])
    return int(keys_of(np.array([start]), digits)[0])


def read_many(lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows written `x y PATTERN` with single spaces, x and y 1..3, nine letters, one E."""
    if lines.shape[1] < 13:
        return np.zeros(len(lines), dtype=np.int64), np.zeros(len(lines), dtype=bool)
    x, y = lines[:, 0].astype(np.int64) - ord("1"), lines[:, 2].astype(np.int64) - ord("1")
    digits = DIGIT_OF_BYTE[lines[:, 4:13]]
    valid = (x >= 0) & (x < 3) & (y >= 0) & (y < 3) & (lines[:, 1] == ord(" ")) & (lines[:, 3] == ord(" "))
    valid &= (digits < NOT_A_LETTER).all(axis=1) & ((digits == EMPTY).sum(axis=1) == 1) & ~lines[:, 13:].any(axis=1)
    return keys_of(np.where(valid, y * 3 + x, 0), np.where(valid[:, None], digits, 0)), valid


def carry_many(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per key: its start, the searched start's group number (order of
    CANONICAL_STARTS) and the pattern's index in that searched frame."""
    start, pattern = np.divmod(keys, PATTERNS)
    empty, tops = np.divmod(pattern, 3**CUBES)
    cells = np.arange(9)
    digits = tops[:, None] // _POWERS[cells - (cells > empty[:, None])] % 3
    digits = np.where(_SWAPS_AXES[start][:, None], -digits % 3, digits)  # B and R exchanged with the axes
    searched_tops = np.einsum("ij,ij->i", digits, _PLACE_VALUES[start * 9 + empty].astype(np.int64))
    return start, _GROUP_IDS[start], _CELL_IMAGES[start, empty] * 3**CUBES + searched_tops


EVERY_QUESTION = "question distances"
"""The key under which the distance of every question, by key, is kept once worked out."""
MANY_KEYS = 1 << 16
"""From this many keys on, every question's distance is worked out once and kept (0.1 s), then looked up."""


def distances_of(table: TableReader, keys: np.ndarray) -> np.ndarray:
    every = table.kept(EVERY_QUESTION)
    if every is None and keys.size >= MANY_KEYS:
        every = table.derived(EVERY_QUESTION, lambda: carried_distances(table, np.arange(STARTS * PATTERNS)))
    if every is not None:
        return every[keys]
    return carried_distances(table, keys)


def carried_distances(table: TableReader, keys: np.ndarray) -> np.ndarray:
    """The distance of each key (-1: unsolvable), carried to its searched start."""
    _, group, index = carry_many(keys)
    by_group = np.stack([table.array("pattern_distance", name) for name in CANONICAL_STARTS])
    distance = by_group[group, index].astype(np.int16)
    distance[distance == UNREACHABLE] = -1
    return distance


def roll_many(states: np.ndarray, moves: np.ndarray) -> np.ndarray:
    """`roll` for many board states at once (index arithmetic, as in
    `apply_sorted`, with each state's own empty square and move)."""
    pattern, turns = states >> CUBES, states & (TURNS - 1)
    empty, tops = np.divmod(pattern, 3**CUBES)
    target = _TARGETS[empty * 4 + moves]
    low = np.maximum(
        np.minimum(empty, target), 0
    )  # a horizontal roll's cube keeps this rank; a vertical one rotates ranks low..low+2
    place = _POWERS[low]
    top, turn = tops // place % 3, turns >> low & 1
    code = 2 * top + turn
    across_tops = tops + (_ROLL_X_TOP[code] - top) * place
    across_turns = turns + ((_ROLL_X_TURN[code] - turn) << low)
    block_tops, block_turns = tops // place % 27, turns >> low & 7
    down = target > empty
    code = np.where(down, 2 * (block_tops // 9) + (block_turns >> 2), 2 * (block_tops % 3) + (block_turns & 1))
    new_tops = np.where(down, block_tops % 9 * 3 + _ROLL_Y_TOP[code], block_tops // 3 + 9 * _ROLL_Y_TOP[code])
    new_turns = np.where(down, (block_turns & 3) << 1 | _ROLL_Y_TURN[code], block_turns >> 1 | _ROLL_Y_TURN[code] << 2)
    along_tops = tops + (new_tops - block_tops) * place
    along_turns = turns + ((new_turns - block_turns) << low)
    horizontal = _HORIZONTAL[moves]
    tops = np.where(horizontal, across_tops, along_tops)
    turns = np.where(horizontal, across_turns, along_turns)
    return np.where(target >= 0, ((target * 3**CUBES + tops) << CUBES) | turns, -1)


def solve_many(table: TableReader, keys: np.ndarray, reason: str) -> AnswerColumns:
    """Per searched start: from the pattern's witness state, follow the
    parents to the start, then read the rolls backwards, reversed and carried
    back to the question's frame (as `Cube.solve` does for one)."""
    start, group, index = carry_many(keys)
    distance = distances_of(table, keys)
    solvable = np.flatnonzero(distance >= 0)
    moves = np.full((solvable.size, int(distance.max(initial=0))), PADDING, dtype=np.uint8)
    for number, name in enumerate(CANONICAL_STARTS):
        rows = np.flatnonzero(group[solvable] == number)
        if not rows.size:
            continue
        chosen = solvable[rows]
        states = index[chosen] << CUBES | table.array("pattern_witness", name)[index[chosen]]
        parent = table.array("parent", name)
        towards, _ = follow_parents(
            lambda s, parent=parent: parent[compact_index(s)], states, distance[chosen], roll_many
        )
        steps = distance[chosen].astype(np.int64)[:, None]
        source = steps - 1 - np.arange(towards.shape[1])
        back = np.take_along_axis(towards, np.maximum(source, 0), axis=1)
        back = _MOVES_BACK[start[chosen][:, None], _OPPOSITE[np.minimum(back, 3)]]
        moves[rows, : towards.shape[1]] = np.where(source >= 0, back, PADDING)
    return AnswerColumns(distance, moves, {}, {"reason": [reason] * int((distance < 0).sum())})


class CubeMany(ManyAtOnce):
    """Questions many at once, keyed by `start * PATTERNS + pattern`."""

    def read_many(self, lines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return read_many(lines)

    def distances_of(self, table: TableReader | None, keys: np.ndarray) -> np.ndarray:
        return distances_of(table, keys)

    def solve_many(self, table: TableReader | None, keys: np.ndarray) -> AnswerColumns:
        return solve_many(table, keys, NO_ROLLS)
